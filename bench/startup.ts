import type { BenchContext } from './lib/context.ts';
import { spawnService } from './lib/processes.ts';
import { ratio, type Row } from './lib/report.ts';
import { fmt, median } from './lib/stats.ts';
import { freePort } from '../test/support/ports.ts';
import { startBenchWorld } from './lib/world.ts';

/**
 * Benchmark 6: from spawning `node src/main.ts` to the first 200 from /readyz (Redis connected, getMe,
 * HTTP listening, workers started, the Merchant API answering). Anchor: a bare node:http server process
 * spawned and probed the same way.
 */
export async function startupBenchmark(ctx: BenchContext): Promise<Row[]> {
  const runs = ctx.quick ? 1 : 5;
  const world = await startBenchWorld({ timeScale: 0.01 });
  try {
    const bot: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < runs; i++) {
      const port = await freePort();
      const anchor = await spawnService({
        script: 'bench/lib/webhook-target.ts',
        args: ['bare'],
        env: {},
        port,
      });
      bare.push(anchor.readyAfterMs);
      await anchor.stop();
      const app = await world.startBot();
      bot.push(app.readyAfterMs);
      await app.stop();
    }
    ctx.log(
      `startup: bot ${bot.map((x) => fmt(x)).join(', ')} ms; bare ${bare.map((x) => fmt(x)).join(', ')} ms`,
    );
    return [
      {
        bench: '6',
        metric: `Start-up to /readyz 200 (median of ${runs})`,
        value: fmt(median(bot), 'ms'),
        anchor: fmt(median(bare), 'ms'),
        ratio: ratio(median(bot), median(bare)),
        target: '–',
        met: null,
      },
    ];
  } finally {
    await world.close();
  }
}
