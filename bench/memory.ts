import type { Redis } from 'ioredis';
import type { BenchContext } from './lib/context.ts';
import type { Row } from './lib/report.ts';
import { eachLimited, fmt, sleep } from './lib/stats.ts';
import { exchange, guidedTopUp, phoneFor } from './lib/top-up-flow.ts';
import { waitFinalTold } from './lib/orders.ts';
import { PREFIX, startBenchWorld } from './lib/world.ts';

const FIRST_USER = 760_000_000;
const MB = 1024 * 1024;

/** Sum of MEMORY USAGE (exact: SAMPLES 0) over the keys matching a pattern, and how many keys. */
async function bytesOf(redis: Redis, pattern: string): Promise<{ bytes: number; keys: number }> {
  let cursor = '0';
  let bytes = 0;
  let keys = 0;
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    for (const key of batch) {
      bytes += Number((await redis.call('MEMORY', 'USAGE', key, 'SAMPLES', '0')) ?? 0);
      keys++;
    }
  } while (cursor !== '0');
  return { bytes, keys };
}

/**
 * Benchmark 5: one bot process (`node src/main.ts`) holding N conversations in progress (each stopped at
 * the phone-number prompt), its resident memory against the same process idle after start; Redis bytes
 * per stored order and per session.
 */
export async function memoryBenchmark(ctx: BenchContext): Promise<Row[]> {
  const conversations = ctx.quick ? 300 : 1_000;
  const orders = ctx.quick ? 20 : 100;
  const world = await startBenchWorld({ timeScale: 0.01 });
  try {
    const buyers = Array.from({ length: orders }, (_, i) => FIRST_USER + i);
    const talkers = Array.from({ length: conversations }, (_, i) => FIRST_USER + 100_000 + i);
    await world.addResellers([...buyers, ...talkers]);
    const bot = await world.startBot();
    await sleep(1_000);
    const idleRss = bot.rssBytes();
    const redis = world.redisClient();

    ctx.log(`memory: ${orders} finished orders`);
    const orderIds: string[] = [];
    await eachLimited(buyers, 20, async (id, i) => {
      const result = await guidedTopUp(world.tap, world.standIn.driver.user({ id }), phoneFor(60_000 + i));
      if (result.orderId !== undefined) orderIds.push(result.orderId);
    });
    await waitFinalTold(world, orderIds, 60_000);
    const orderBytes = await bytesOf(redis, `${PREFIX}orders:*`);
    const orderHashes = await bytesOf(redis, `${PREFIX}orders:o:*`);
    const buyerSessions = await bytesOf(redis, `${PREFIX}session:*`);

    ctx.log(`memory: ${conversations} conversations to the phone prompt`);
    let open = 0;
    await eachLimited(talkers, 50, async (id) => {
      const user = world.standIn.driver.user({ id });
      const steps: [() => void, RegExp][] = [
        [() => user.sendCommand('/topup'), /Which country/],
        [() => user.sendText('Nigeria'), /Which operator/],
        [() => user.sendText('MTN'), /What do you want to buy/],
        [() => user.sendText('Airtime'), /How much/],
        [() => user.sendText('500'), /Send the phone number/],
      ];
      try {
        for (const [act, expect] of steps) await exchange(world.tap, id, act, (c) => expect.test(c.text));
        open++;
      } catch {
        // Counted as not open.
      }
    });
    await sleep(2_000);
    const rss = bot.rssBytes();
    const sessions = await bytesOf(redis, `${PREFIX}session:*`);
    const convs = await bytesOf(redis, `${PREFIX}conv:*`);
    const idleKeys = await bytesOf(redis, `${PREFIX}flows:*`);
    const perSession =
      (sessions.bytes - buyerSessions.bytes + convs.bytes + idleKeys.bytes) / Math.max(1, open);
    const perOrder = orderBytes.bytes / Math.max(1, orderIds.length);
    // Scaled to 1,000 when the quick profile holds fewer, from the per-conversation growth.
    const projected = idleRss + ((rss - idleRss) * 1_000) / Math.max(1, open);
    return [
      {
        bench: '5',
        metric: `Bot process RSS with ${open} conversations in progress`,
        value: fmt(rss / MB, 'MB'),
        anchor: `${fmt(idleRss / MB, 'MB')} idle`,
        ratio: `${(rss / idleRss).toFixed(2)}×`,
        target: '< 150 MB (1,000)',
        met: (open >= 1_000 ? rss : projected) < 150 * MB,
        ...(open < 1_000 ? { note: `projected to 1,000: ${fmt(projected / MB, 'MB')}` } : {}),
      },
      {
        bench: '5',
        metric: `Redis bytes per stored order (all orders:* keys / ${orderIds.length} orders)`,
        value: fmt(perOrder, 'B'),
        anchor: `hash alone ${fmt(orderHashes.bytes / Math.max(1, orderHashes.keys), 'B')}`,
        ratio: '–',
        target: '< 2 KB',
        met: perOrder < 2048,
      },
      {
        bench: '5',
        metric: 'Redis bytes per session in a conversation (session + conversation + idle-flow index)',
        value: fmt(perSession, 'B'),
        anchor: `conversation ${fmt(convs.bytes / Math.max(1, convs.keys), 'B')}`,
        ratio: '–',
        target: '< 2 KB',
        met: perSession < 2048,
      },
    ];
  } finally {
    await world.close();
  }
}
