// `node soak/recheck.ts <out>/records.json`: runs the checker again over the records a soak run saved.
import { readFileSync } from 'node:fs';
import { createI18n } from '../src/bot/i18n.ts';
import { checkRecords, formatResults, type Records } from './checker.ts';

const file = process.argv[2];
if (file === undefined) {
  process.stderr.write('usage: node soak/recheck.ts <records.json>\n');
  process.exit(2);
}
const records = JSON.parse(readFileSync(file, 'utf8')) as Records;
const i18n = createI18n('en');
const results = checkRecords(records, (locale, key, vars) => i18n.t(locale, key, vars));
process.stdout.write(`${formatResults(results)}\n`);
process.exit(results.every((r) => r.pass) ? 0 : 1);
