import { createOrderStore } from '../src/orders/store.ts';
import { orderKeys } from '../src/orders/keys.ts';
import type { OrderIntent } from '../src/orders/types.ts';
import type { BenchContext } from './lib/context.ts';
import type { Row } from './lib/report.ts';
import { eachLimited, fmt, sleep } from './lib/stats.ts';
import { ADMIN_ID, PREFIX, startBenchWorld } from './lib/world.ts';

const FIRST_RESELLER = 770_000_000;
const RESELLERS = 20;
const MB = 1024 * 1024;

/** A finished reseller order as the top-up would have stored it (exact strings, a unique number each). */
function intentFor(i: number): OrderIntent {
  const ext = `rb-bench-export-${String(i).padStart(6, '0')}`;
  const resellerId = FIRST_RESELLER + (i % RESELLERS);
  return {
    externalOrderId: ext,
    request: {
      externalOrderId: ext,
      country: 'NG',
      operatorKey: 'NG-MTN',
      amount: '500.0000',
      localCurrency: 'NGN',
      subtype: 'airtime',
      account: `234803${String(1_000_000 + i).padStart(7, '0')}`,
      quoteToken: 'bench',
    },
    quote: {
      countryName: 'Nigeria',
      operatorName: 'MTN & Co, "Nigeria"',
      subtype: 'airtime',
      localAmount: '500.0000',
      localCurrency: 'NGN',
      merchantPrice: '0.3175',
      merchantCurrency: 'USD',
      resellerPrice: '0.33',
      expiresAt: new Date(Date.now() + 300_000).toISOString(),
    },
    resellerId,
    chatId: resellerId,
    locale: 'en',
    credit: { amount: '0.33' },
  };
}

/**
 * Benchmark 7: 10,000 finished orders seeded through the order store's own write path (create, then the
 * service's accepted → processing → succeeded, no Merchant API), then one admin `/export` of them all; the bot
 * process's RSS is sampled all along against its RSS after a full GC before the export.
 */
export async function exportBenchmark(ctx: BenchContext): Promise<Row[]> {
  const count = ctx.quick ? 2_000 : 10_000;
  const world = await startBenchWorld({ timeScale: 0.01 });
  try {
    const resellers = Array.from({ length: RESELLERS }, (_, i) => FIRST_RESELLER + i);
    await world.addResellers(resellers);
    const redis = world.redisClient();
    const store = createOrderStore({ redis, prefix: PREFIX });
    ctx.log(`export: seeding ${count} orders`);
    const seeded = Date.now();
    await eachLimited(
      Array.from({ length: count }, (_, i) => i),
      50,
      async (i) => {
        const intent = intentFor(i);
        const created = await store.create(intent, { token: `bench-${i}`, leaseMs: 60_000 });
        if (created.kind !== 'created') throw new Error(`order ${i} not stored: ${created.kind}`);
        const orderId = `O-BENCH${String(i).padStart(6, '0')}`;
        for (const [status, source] of [
          ['accepted', 'create'],
          ['processing', 'poll'],
          ['succeeded', 'webhook'],
        ] as const) {
          await store.applyRemote(intent.externalOrderId, { orderId, status }, source);
        }
      },
    );
    // The seeded history is not news for anyone: the notifier and the alerts start after it.
    await redis.xtrim(orderKeys(PREFIX).changes, 'MAXLEN', 0);
    ctx.log(`export: seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s; starting the bot`);

    const bot = await world.startBot({ inspect: true });
    await sleep(1_000);
    const heapBefore = (await bot.collectAndMeasure()).heapUsed;
    const before = bot.rssBytes();
    let peak = before;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, bot.rssBytes());
        await sleep(50);
      }
    })();
    const admin = world.standIn.driver.user({ id: ADMIN_ID });
    const started = Date.now();
    const sent = admin.sendCommand('/export');
    const done = await admin.waitForBotMessage((m) => m.text.startsWith('Export finished'), {
      after: sent.messageId,
      timeoutMs: 600_000,
    });
    const seconds = (Date.now() - started) / 1000;
    sampling = false;
    await sampler;
    const documents = admin.chat().filter((m) => m.kind === 'document' && m.id > sent.messageId);
    const bytes = documents.reduce(
      (sum, m) => sum + (world.standIn.driver.fileBytes(m.file?.fileId ?? '')?.length ?? 0),
      0,
    );
    const growth = peak - before;
    // What the export left behind once garbage is collected: a streamed export keeps nothing.
    const heapAfter = (await bot.collectAndMeasure()).heapUsed;
    ctx.log(
      `export: ${done.text} in ${seconds.toFixed(1)} s; ${fmt(bytes / MB, 'MB')} of CSV; RSS ${fmt(before / MB, 'MB')} → peak ${fmt(peak / MB, 'MB')}`,
    );
    return [
      {
        bench: '7',
        metric: `${count.toLocaleString('en')}-order export: bot RSS growth`,
        value: fmt(growth / MB, 'MB'),
        anchor: `${fmt(before / MB, 'MB')} before (after GC)`,
        ratio: `${(peak / before).toFixed(2)}×`,
        target: '< 50 MB (10,000)',
        met: count >= 10_000 ? growth < 50 * MB : null,
        note: `${documents.length} ${documents.length === 1 ? 'file' : 'files'}, ${fmt(bytes / MB, 'MB')} of CSV in ${seconds.toFixed(1)} s; heap after a full GC ${fmt(heapBefore / MB, 'MB')} before, ${fmt(heapAfter / MB, 'MB')} after; "${done.text}"`,
      },
    ];
  } finally {
    await world.close();
  }
}
