import { stringify } from 'csv-stringify/sync';

/**
 * CSV lines for the documents the bot sends (/statement, /export, the bulk report, the reconciliation report): quoting by
 * csv-stringify (RFC 4180, CRLF line ends), and text that a spreadsheet would run as a formula (a leading
 * `=`, `+`, `-`, `@`, tab or carriage return) defused with a leading `'`. Only a cell that is a plain number as
 * a whole keeps its sign: `-1+cmd|' /C calc'!A0` starts like a number and is still a formula.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** One field made safe to open in a spreadsheet. */
export function defuseFormula(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** One CSV record, ending in CRLF. */
export function csvLine(fields: readonly string[]): string {
  // A lone CR or LF is quoted too: csv-stringify quotes only the CRLF it writes, and an unquoted line break
  // would start a new row with whatever follows it (a formula included).
  return stringify([fields.map(defuseFormula)], { record_delimiter: 'windows', quoted_match: /[\r\n]/ });
}
