// `npm run soak -- [--seed N] [--profile short|long | --minutes M] [--replicas 1|2] [--resellers N] [--cluster] [--split] [--out DIR]`
// Runs one soak (see soak.ts) and prints every invariant with PASS or FAIL; exit code 1 on any FAIL.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PROFILES, runSoak } from './soak.ts';

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    profile: { type: 'string', default: 'short' },
    minutes: { type: 'string' },
    replicas: { type: 'string', default: '2' },
    resellers: { type: 'string' },
    out: { type: 'string' },
    cluster: { type: 'boolean', default: false },
    split: { type: 'boolean', default: false },
  },
});

const profile = values.profile === 'long' ? PROFILES.long : PROFILES.short;
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
const activeSeconds =
  values.minutes === undefined ? profile.activeSeconds : Math.round(Number(values.minutes) * 60);
if (!Number.isInteger(seed) || !Number.isFinite(activeSeconds) || activeSeconds <= 0) {
  process.stderr.write(
    'usage: node soak/run.ts [--seed N] [--profile short|long] [--minutes M] [--replicas 1|2] [--cluster] [--split]\n',
  );
  process.exit(2);
}
const outDir = values.out ?? join(tmpdir(), `recharge-soak-${seed}-${Date.now()}`);
const started = Date.now();
const result = await runSoak({
  seed,
  activeSeconds,
  resellers: values.resellers === undefined ? profile.resellers : Number(values.resellers),
  replicas: values.split ? 2 : Number(values.replicas),
  outDir,
  cluster: values.cluster,
  split: values.split,
  progress: (line) => process.stdout.write(`[soak] ${line}\n`),
});
process.stdout.write(`${result.report}\n`);
process.stdout.write(
  `${result.passed ? 'ALL PASS' : 'FAIL'} seed=${seed} in ${Math.round((Date.now() - started) / 1000)} s; records in ${outDir}\n`,
);
process.exit(result.passed ? 0 : 1);
