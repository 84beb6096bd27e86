import type { BenchContext } from './lib/context.ts';
import { countKinds, lastSeq, requestsSince, waitFinalTold } from './lib/orders.ts';
import type { Row } from './lib/report.ts';
import { fmt } from './lib/stats.ts';
import { guidedTopUp, phoneFor } from './lib/top-up-flow.ts';
import { startBenchWorld } from './lib/world.ts';

const FIRST_USER = 740_000_000;

interface Cost {
  finished: number;
  placed: number;
  requests: number;
  kinds: ReturnType<typeof countKinds>;
}

/**
 * Places `resellers × perReseller` orders from a cold start (empty catalogue cache) and counts every
 * Merchant API request the sandbox saw until each order's final status was told in its chat.
 */
async function measure(
  ctx: BenchContext,
  options: {
    loseWebhooks: boolean;
    timeScale: number;
    resellers: number;
    perReseller: number;
    finalWaitMs: number;
  },
): Promise<Cost> {
  const world = await startBenchWorld({ timeScale: options.timeScale });
  try {
    const ids = Array.from({ length: options.resellers }, (_, i) => FIRST_USER + i);
    await world.addResellers(ids);
    if (options.loseWebhooks) await world.control.post('faults', { kind: 'webhook_lose', probability: 1 });
    await world.startBot();
    // The readiness probe's account read is start-up, not an order's cost.
    const since = await lastSeq(world);
    const orderIds: string[] = [];
    await Promise.all(
      ids.map(async (id, i) => {
        const user = world.standIn.driver.user({ id });
        for (let n = 0; n < options.perReseller; n++) {
          const result = await guidedTopUp(world.tap, user, phoneFor(20_000 + n * options.resellers + i));
          if (result.orderId !== undefined) orderIds.push(result.orderId);
          else ctx.log(`cost: a top-up was not placed: ${result.lastText.slice(0, 160)}`);
        }
      }),
    );
    const finished = await waitFinalTold(world, orderIds, options.finalWaitMs);
    const records = await requestsSince(world, since);
    return { finished, placed: orderIds.length, requests: records.length, kinds: countKinds(records) };
  } finally {
    await world.close();
  }
}

const breakdown = (c: Cost): string =>
  `${c.kinds.quote} quotes, ${c.kinds.order} orders, ${c.kinds.read} reads, ${c.kinds.catalogue} catalogue, ${c.kinds.other} other; ${c.finished}/${c.placed} finished`;

/** Benchmark 3: Merchant API requests per finished order, webhooks delivered and all lost. */
export async function costBenchmark(ctx: BenchContext): Promise<Row[]> {
  const resellers = ctx.quick ? 5 : 10;
  const perReseller = ctx.quick ? 2 : 4;
  ctx.log(`cost: ${resellers * perReseller} orders, webhooks delivered`);
  const delivered = await measure(ctx, {
    loseWebhooks: false,
    timeScale: 0.01,
    resellers,
    perReseller,
    finalWaitMs: 60_000,
  });
  // With every webhook lost the read schedule decides the cost: the full profile runs the sandbox in real
  // time (orders take about 5 s, the first read comes after poll_after_seconds), the quick one 100× faster.
  const lostScale = ctx.quick ? 0.01 : 1;
  ctx.log(`cost: ${resellers * perReseller} orders, every webhook lost (sandbox time scale ${lostScale})`);
  const lost = await measure(ctx, {
    loseWebhooks: true,
    timeScale: lostScale,
    resellers,
    perReseller,
    finalWaitMs: 150_000,
  });
  const per = (c: Cost) => c.requests / Math.max(1, c.finished);
  const perDelivered = per(delivered);
  const perLost = per(lost);
  return [
    {
      bench: '3',
      metric: `Merchant requests per finished order, webhooks delivered (${delivered.placed} orders, cold catalogue)`,
      value: fmt(perDelivered),
      anchor: '1 (one request an order)',
      ratio: `${perDelivered.toFixed(2)}×`,
      target: '≤ 1.10',
      met: perDelivered <= 1.1 && delivered.finished === delivered.placed,
      note: breakdown(delivered),
    },
    {
      bench: '3',
      metric: `Merchant requests per finished order, every webhook lost (time scale ${lostScale})`,
      value: fmt(perLost),
      anchor: '1 (one request an order)',
      ratio: `${perLost.toFixed(2)}×`,
      target: '≤ 1.25',
      met: perLost <= 1.25 && lost.finished === lost.placed,
      note: breakdown(lost),
    },
  ];
}
