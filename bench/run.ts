// `npm run bench`: every benchmark of issue 8 (and the fair wait of issue 16), one markdown table. Not a test: nothing here fails on a
// slow machine. Flags: --quick (or BENCH_QUICK=1) for the one-minute profile, --only=1,3 to pick
// benchmarks, --profile to run the bot processes under `node --cpu-prof` and print where their time
// went, --record to write the table to bench/RESULTS.md.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { budgetBenchmark } from './budget.ts';
import { bulkBenchmark } from './bulk.ts';
import { chatBenchmark } from './chat.ts';
import { costBenchmark } from './cost.ts';
import { exportBenchmark } from './export.ts';
import { fairWaitBenchmark } from './fair-wait.ts';
import { memoryBenchmark } from './memory.ts';
import { startupBenchmark } from './startup.ts';
import { webhookBenchmark } from './webhooks.ts';
import type { Benchmark, BenchContext } from './lib/context.ts';
import { REPO_ROOT } from './lib/processes.ts';
import { summariseProfiles } from './lib/profile-summary.ts';
import { renderTable, type Row } from './lib/report.ts';

const args = process.argv.slice(2);
const quick = args.includes('--quick') || process.env.BENCH_QUICK === '1';
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',')
  .map((s) => s.trim());
const profileDir = args.includes('--profile')
  ? join(REPO_ROOT, 'bench', 'profiles', new Date().toISOString().replace(/[:.]/g, '-'))
  : undefined;
if (profileDir) mkdirSync(profileDir, { recursive: true });

const started = Date.now();
const startLoad = loadavg()[0]?.toFixed(1);
const ctx: BenchContext = {
  quick,
  profileDir,
  log: (message) => console.error(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${message}`),
};

const BENCHMARKS: { id: string; name: string; run: Benchmark }[] = [
  { id: '1', name: 'chat', run: chatBenchmark },
  { id: '2', name: 'webhooks', run: webhookBenchmark },
  { id: '3', name: 'cost per order', run: costBenchmark },
  { id: '4', name: 'throughput under the request budget', run: budgetBenchmark },
  { id: '5', name: 'memory', run: memoryBenchmark },
  { id: '6', name: 'start-up', run: startupBenchmark },
  { id: '7', name: '10,000-order export', run: exportBenchmark },
  { id: '8', name: 'bulk top-ups', run: bulkBenchmark },
  { id: '9', name: 'a fair wait in the shared line', run: fairWaitBenchmark },
];

const rows: Row[] = [];
for (const bench of BENCHMARKS) {
  if (only && !only.includes(bench.id)) continue;
  ctx.log(`benchmark ${bench.id} (${bench.name})`);
  try {
    rows.push(...(await bench.run(ctx)));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    ctx.log(`benchmark ${bench.id} failed: ${message}`);
    rows.push({
      bench: bench.id,
      metric: `${bench.name}: did not complete`,
      value: 'error',
      anchor: '–',
      ratio: '–',
      target: '–',
      met: false,
      note: message.slice(0, 120).replace(/\|/g, '/'),
    });
  }
}

const command = `npm run bench --${args.length > 0 ? ` ${args.join(' ')}` : ''}${process.env.BENCH_QUICK === '1' ? ' (BENCH_QUICK=1)' : ''}`;
const table = renderTable(rows);
const heading =
  `Profile: ${quick ? 'quick' : 'full'} · ${new Date().toISOString()} · ${((Date.now() - started) / 1000).toFixed(0)} s · ` +
  `node ${process.version} · ${cpus().length} cores · load average at start ${startLoad}, at end ${loadavg()[0]?.toFixed(1)}`;
console.log(`\n${heading}\n\n${table}\n`);
if (profileDir) {
  const summary = summariseProfiles(profileDir);
  console.log(summary);
}
if (args.includes('--record')) {
  // The hand-written analysis below "## Notes" survives a new table.
  const file = join(REPO_ROOT, 'bench', 'RESULTS.md');
  const old = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const notes = old.includes('\n## Notes') ? old.slice(old.indexOf('\n## Notes')) : '';
  writeFileSync(
    file,
    `# Benchmark results\n\nProduced by \`${command}\` on the shared 2-core development machine ` +
      `(other jobs running: absolute times are noisy, ratios are what we track).\n\n${heading}\n\n${table}\n${notes}`,
  );
}
process.exit(0);
