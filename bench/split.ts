// `node bench/split.ts [runs] [--nice=N]`: benchmark 2's split phase alone, several times (default 3), for paired
// comparisons of the webhook -> chat path: per run a newly started ROLE=worker and ROLE=bot, one unmeasured burst,
// then 200 resellers' top-ups with no pause and every accepted order.succeeded webhook timed to its ✅ edit
// (bench/chat.ts, splitRoles). `--nice=N` runs the bot process at that nice value. Not part of `npm run bench`.
import { quantile } from './lib/stats.ts';
import { startBenchWorld } from './lib/world.ts';
import { splitRoles } from './chat.ts';

const args = process.argv.slice(2);
const runs = Number(args.find((a) => /^\d+$/.test(a)) ?? 3);
const nice = Number(args.find((a) => a.startsWith('--nice='))?.slice('--nice='.length) ?? 0);
const FIRST_USER = 730_000_000;
const ids = Array.from({ length: 200 }, (_, i) => FIRST_USER + i);

const world = await startBenchWorld({ timeScale: 0.01 });
try {
  await world.addResellers(ids);
  for (let run = 0; run < runs; run++) {
    // Each run's numbers (and its warm-up's, 100,000 above) are its own.
    const { toChat, rate } = await splitRoles(world, ids, nice, 500_000 + run * 1_000);
    const at = (q: number) => quantile(toChat.samples, q).toFixed(0);
    console.log(
      `run ${run + 1}: webhook -> chat p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, p99 ${at(0.99)} ms (n=${toChat.samples.length}; ` +
        `${toChat.byRead} told by a read first, ${toChat.missing} not matched); chat ${rate.toFixed(0)} updates/s`,
    );
  }
} finally {
  await world.close();
}
process.exit(0);
