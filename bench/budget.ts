import type { BenchContext } from './lib/context.ts';
import { countKinds, requestsSince, startPushingWorld } from './lib/orders.ts';
import type { Row } from './lib/report.ts';
import { fmt } from './lib/stats.ts';
import { MIX_NOTE, productMix } from './lib/product-mix.ts';
import { guidedTopUp, phoneFor } from './lib/top-up-flow.ts';

const FIRST_USER = 750_000_000;

/**
 * Benchmark 4: 20 resellers order as fast as they can under the default 60 requests a minute (sandbox and
 * bot alike). Every 10th order goes to a number whose webhooks never come (sandbox ending 5555), so
 * unfinished orders are being read back at the same time and compete for the same budget.
 */
export async function budgetBenchmark(ctx: BenchContext): Promise<Row[]> {
  const resellers = 20;
  const seconds = ctx.quick ? 15 : 180;
  // The catalogue is warmed first, so the window measures ordering, not the first load.
  const { world, ids, since } = await startPushingWorld(FIRST_USER, resellers, phoneFor(30_000));
  try {
    ctx.log(`budget: ${resellers} resellers for ${seconds} s under 60 requests/min`);
    const started = Date.now();
    const deadline = started + seconds * 1000;
    let attempts = 0;
    let notPlaced = 0;
    let errors = 0;
    let n = 0;
    const mix = productMix();
    await Promise.all(
      ids.map(async (id) => {
        const user = world.standIn.driver.user({ id });
        while (Date.now() < deadline) {
          const k = n++;
          const phone = k % 10 === 9 ? phoneFor(k, '5555') : phoneFor(40_000 + k);
          attempts++;
          try {
            const result = await guidedTopUp(world.tap, user, phone, {
              timeoutMs: 90_000,
              product: mix.next(),
            });
            if (result.outcome !== 'placed') notPlaced++;
          } catch {
            errors++;
            // A lost flow: start again from /topup.
          }
        }
      }),
    );
    const windowEnd = deadline;
    const records = (await requestsSince(world, since)).filter((r) => r.at_ms <= windowEnd);
    const minutes = (windowEnd - started) / 60_000;
    const placed = records.filter(
      (r) => r.method === 'POST' && /\/recharge\/orders$/.test(r.path) && r.status < 300,
    );
    const tooMany = records.filter((r) => r.status === 429).length;
    const kinds = countKinds(records);
    // The limit counts per clock minute, so a window cut mid-minute can hold more than 30 orders a minute on
    // average; only whole clock minutes inside the window are compared with the limit (when there are any).
    const firstMinute = Math.ceil(started / 60_000) * 60_000;
    const fullMinutes = Math.floor((windowEnd - firstMinute) / 60_000);
    const inFull = placed.filter(
      (r) => r.at_ms >= firstMinute && r.at_ms < firstMinute + fullMinutes * 60_000,
    );
    const perMinute = fullMinutes > 0 ? inFull.length / fullMinutes : placed.length / minutes;
    const perClockMinute = Array.from(
      { length: fullMinutes },
      (_, m) =>
        inFull.filter((r) => r.at_ms >= firstMinute + m * 60_000 && r.at_ms < firstMinute + (m + 1) * 60_000)
          .length,
    );
    const note = `${fullMinutes > 0 ? `whole clock minutes: ${perClockMinute.join(', ')}; ` : 'no whole clock minute in the window; '}${fmt(minutes)} min window; ${records.length} requests: ${kinds.quote} quotes, ${kinds.order} orders, ${kinds.read} reads, ${kinds.catalogue} catalogue; ${attempts} top-ups started, ${notPlaced} not placed, ${errors} timed out; ${MIX_NOTE}`;
    ctx.log(`budget: ${note}`);
    return [
      {
        bench: '4',
        metric: `Orders placed per clock minute, 20 resellers, 60 requests/min, reads running`,
        value: fmt(perMinute, '/min'),
        anchor: '60 /min (one request an order)',
        ratio: `${(perMinute / 60).toFixed(2)}×`,
        target: '≥ 50 /min',
        // Without a whole clock minute (quick profile) the figure says nothing about the limit.
        met: fullMinutes > 0 ? perMinute >= 50 : null,
        note,
      },
      {
        bench: '4',
        metric: '429 answers from the Merchant API',
        value: String(tooMany),
        anchor: '–',
        ratio: '–',
        target: '0',
        met: tooMany === 0,
      },
    ];
  } finally {
    await world.close();
  }
}
