import type { BenchContext } from './lib/context.ts';
import { countKinds, requestsSince, startPushingWorld } from './lib/orders.ts';
import type { Row } from './lib/report.ts';
import { fmt, quantile } from './lib/stats.ts';
import { MIX_NOTE, productMix } from './lib/product-mix.ts';
import { guidedTopUp, phoneFor } from './lib/top-up-flow.ts';

const FIRST_USER = 770_000_000;
/** What a top-up sent away for being busy would say (the texts the line replaced). */
const BUSY = /busy|try again/i;

/** Jain's fairness index of the shares: 1 when all are equal, 1/n when one takes everything. */
export function jainIndex(shares: readonly number[]): number {
  const sum = shares.reduce((a, b) => a + b, 0);
  const squares = shares.reduce((a, b) => a + b * b, 0);
  return squares === 0 ? Number.NaN : (sum * sum) / (shares.length * squares);
}

/**
 * Benchmark 7 (issue 16, a fair wait): 20 resellers push top-ups back to back under the real 60 requests a
 * minute (sandbox and bot alike, real clock minutes). Every step that cannot be served now waits its turn in the
 * shared line; the row reports orders placed per whole clock minute, top-ups sent away for being busy, how long
 * each top-up took from /topup to its order (p50, p99, pooled over resellers), and Jain's fairness index over
 * the orders each reseller got placed.
 */
export async function fairWaitBenchmark(ctx: BenchContext): Promise<Row[]> {
  const shared = await push(ctx, false);
  // The same push against a service whose quote tokens place one order each: sharing falls back after one refusal.
  const single = await push(ctx, true);
  return [
    {
      bench: '9',
      metric: 'Orders placed per clock minute, 20 resellers pushing, 60 requests/min, shared line',
      value: fmt(shared.perMinute, '/min'),
      anchor: '60 /min (one request an order)',
      ratio: `${(shared.perMinute / 60).toFixed(2)}×`,
      target: '≥ 50 /min',
      met: shared.fullMinutes > 0 ? shared.perMinute >= 50 : null,
      note: shared.note,
    },
    {
      bench: '9',
      metric: 'The same with single-use quote tokens (sharing falls back to a quote an order)',
      value: fmt(single.perMinute, '/min'),
      anchor: '30 /min (two requests an order)',
      ratio: `${(single.perMinute / 30).toFixed(2)}×`,
      target: '≥ 29.5 /min',
      met: single.fullMinutes > 0 ? single.perMinute >= 29.5 : null,
      note: single.note,
    },
    ...shared.rows,
  ];
}

/** One push of 20 resellers for the bench's window; `singleUse`: the sandbox refuses a token used before. */
async function push(ctx: BenchContext, singleUse: boolean) {
  const resellers = 20;
  const seconds = ctx.quick ? 15 : 180;
  // The catalogue is warmed first, so the window measures the line, not the first load.
  const first = FIRST_USER + (singleUse ? 1_000 : 0);
  const { world, ids, since } = await startPushingWorld(
    first,
    resellers,
    phoneFor(singleUse ? 55_000 : 50_000),
  );
  try {
    if (singleUse) await world.control.post('account', { single_use_quotes: true });
    ctx.log(
      `fair wait: ${resellers} resellers for ${seconds} s under 60 requests/min${singleUse ? ', single-use quote tokens' : ''}`,
    );
    const started = Date.now();
    const deadline = started + seconds * 1000;
    const placedBy = new Map<number, number>(ids.map((id) => [id, 0]));
    const durations: number[] = [];
    let turnedAway = 0;
    let otherNotPlaced = 0;
    let lost = 0;
    let n = 0;
    const mix = productMix();
    await Promise.all(
      ids.map(async (id) => {
        const user = world.standIn.driver.user({ id });
        while (Date.now() < deadline) {
          const phone = phoneFor((singleUse ? 160_000 : 60_000) + n++);
          const began = Date.now();
          try {
            const result = await guidedTopUp(world.tap, user, phone, {
              timeoutMs: 240_000,
              product: mix.next(),
            });
            if (result.outcome === 'placed') {
              // Counted only when placed inside the window, like the orders per minute.
              if (Date.now() <= deadline) placedBy.set(id, (placedBy.get(id) ?? 0) + 1);
              durations.push(Date.now() - began);
            } else if (BUSY.test(result.lastText)) turnedAway++;
            else otherNotPlaced++;
          } catch {
            lost++;
          }
        }
      }),
    );
    const records = (await requestsSince(world, since)).filter((r) => r.at_ms <= deadline);
    const placed = records.filter(
      (r) => r.method === 'POST' && /\/recharge\/orders$/.test(r.path) && r.status < 300,
    );
    const busyTexts = world.tap.calls.filter((c) => ids.includes(c.chatId) && BUSY.test(c.text)).length;
    const firstMinute = Math.ceil(started / 60_000) * 60_000;
    const fullMinutes = Math.floor((deadline - firstMinute) / 60_000);
    const perClockMinute = Array.from(
      { length: fullMinutes },
      (_, m) =>
        placed.filter((r) => r.at_ms >= firstMinute + m * 60_000 && r.at_ms < firstMinute + (m + 1) * 60_000)
          .length,
    );
    const perMinute =
      fullMinutes > 0
        ? perClockMinute.reduce((a, b) => a + b, 0) / fullMinutes
        : placed.length / ((deadline - started) / 60_000);
    const shares = [...placedBy.values()];
    const jain = jainIndex(shares);
    const kinds = countKinds(records);
    const p50 = quantile(durations, 0.5) / 1000;
    const p99 = quantile(durations, 0.99) / 1000;
    const note =
      `${fullMinutes > 0 ? `whole clock minutes: ${perClockMinute.join(', ')}; ` : 'no whole clock minute in the window; '}` +
      `${records.length} requests: ${kinds.quote} quotes, ${kinds.order} orders, ${kinds.read} reads, ${kinds.catalogue} catalogue; ` +
      `orders per reseller ${Math.min(...shares)}–${Math.max(...shares)}; ${otherNotPlaced} not placed for other reasons, ${lost} timed out; ${MIX_NOTE}`;
    ctx.log(`fair wait: ${note}`);
    const rows: Row[] = [
      {
        bench: '9',
        metric: 'Top-ups turned away for being busy',
        value: String(turnedAway + busyTexts),
        anchor: '–',
        ratio: '–',
        target: '0',
        met: turnedAway + busyTexts === 0,
        note: `${turnedAway} top-ups ended on a busy text; ${busyTexts} busy texts sent to the resellers`,
      },
      {
        bench: '9',
        metric: 'Wait of a top-up, /topup to its order (p50 / p99)',
        value: `${fmt(p50, 's')} / ${fmt(p99, 's')}`,
        anchor: '–',
        ratio: '–',
        target: '–',
        met: null,
        note: `${durations.length} placed top-ups`,
      },
      {
        bench: '9',
        metric: "Jain's fairness index over resellers' placed orders",
        value: fmt(jain),
        anchor: '1 (all equal)',
        ratio: '–',
        target: '≥ 0.95',
        met: Number.isFinite(jain) ? jain >= 0.95 : null,
      },
    ];
    return { perMinute, fullMinutes, note, rows };
  } finally {
    await world.close();
  }
}
