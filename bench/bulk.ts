import { parse } from 'csv-parse/sync';
import type { BenchContext } from './lib/context.ts';
import { countKinds, lastSeq, requestsSince } from './lib/orders.ts';
import type { Row } from './lib/report.ts';
import { fmt, waitFor } from './lib/stats.ts';
import { startBenchWorld } from './lib/world.ts';

const RESELLER = 760_000_000;

/**
 * Benchmark 7: one reseller's bulk file of 100 lines at 60 requests a minute (sandbox and bot alike), from ✅ to
 * the report. Issue 16's bound: ⌈100 / 29.5⌉ + 1 = 5 clock minutes. The quick profile sends 20 lines.
 */
export async function bulkBenchmark(ctx: BenchContext): Promise<Row[]> {
  const lines = ctx.quick ? 20 : 100;
  const world = await startBenchWorld({ timeScale: 0.01, rateLimitPerMinute: 60 });
  try {
    await world.addResellers([RESELLER]);
    await world.startBot();
    const user = world.standIn.driver.user({ id: RESELLER });
    const file = Array.from(
      { length: lines },
      (_, i) => `+23480312${String(60_000 + i).padStart(5, '0')},${i % 2 === 0 ? 500 : 1000},MTN,bench ${i}`,
    ).join('\n');
    const sent = user.sendDocument('bench.csv', file);
    const summary = await user.waitForBotMessage((m) => m.text.includes(`${lines} valid lines`), {
      after: sent.messageId,
      timeoutMs: 120_000,
    });
    const since = await lastSeq(world);
    ctx.log(`bulk: ${lines} lines at 60 requests/min`);
    const started = Date.now();
    user.press(summary, '✅');
    const report = await user.waitFor(
      (chat) => chat.find((m) => m.from === 'bot' && m.file?.name?.startsWith('bulk-report')),
      { timeoutMs: 15 * 60_000 },
    );
    const seconds = (Date.now() - started) / 1000;
    const bytes = await waitFor(
      () => world.standIn.driver.fileBytes(report.file?.fileId ?? ''),
      10_000,
      'the report bytes',
    );
    const rows = parse(Buffer.from(bytes!).toString('utf8'), { columns: true }) as Array<
      Record<string, string>
    >;
    const placed = rows.filter((r) => r.order_id !== '').length;
    const records = await requestsSince(world, since);
    const kinds = countKinds(records);
    const orderTimes = records
      .filter((r) => r.method === 'POST' && /\/recharge\/orders$/.test(r.path))
      .map((r) => r.at_ms);
    const spread = orderTimes.length > 0 ? (Math.max(...orderTimes) - Math.min(...orderTimes)) / 1000 : 0;
    const statuses = [...new Set(records.map((r) => r.status))].join('/');
    const bound = Math.ceil(lines / 29.5) + 1;
    const note = `${placed}/${lines} lines placed; ${kinds.quote} quotes, ${kinds.order} orders, ${kinds.read} reads; orders sent over ${fmt(spread, 's')}; statuses ${statuses}`;
    ctx.log(`bulk: ${fmt(seconds, 's')}; ${note}`);
    return [
      {
        bench: '8',
        metric: `Bulk of ${lines} lines, ✅ to report, 60 requests/min`,
        value: fmt(seconds / 60, 'min'),
        anchor: `${bound} min (⌈${lines} / 29.5⌉ + 1)`,
        ratio: `${(seconds / 60 / bound).toFixed(2)}×`,
        target: `≤ ${bound} min, every line placed`,
        met: seconds / 60 <= bound && placed === lines,
        note,
      },
    ];
  } finally {
    await world.close();
  }
}
