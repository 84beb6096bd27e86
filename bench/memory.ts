import type { Redis } from 'ioredis';
import { storedJson } from '../src/bot/conversations/compact-replay.ts';
import type { BenchContext } from './lib/context.ts';
import type { Row } from './lib/report.ts';
import { eachLimited, fmt, sleep } from './lib/stats.ts';
import { exchange, guidedTopUp, phoneFor } from './lib/top-up-flow.ts';
import { waitFinalTold } from './lib/orders.ts';
import { PRODUCTION_ALLOCATOR } from './lib/processes.ts';
import { PREFIX, startBenchWorld } from './lib/world.ts';

const FIRST_USER = 760_000_000;
const MB = 1024 * 1024;

/** Sum of MEMORY USAGE (exact: SAMPLES 0) over the keys matching a pattern, and how many keys. */
async function bytesOf(
  redis: Redis,
  pattern: string,
): Promise<{ bytes: number; keys: number; families: Map<string, number> }> {
  let cursor = '0';
  let bytes = 0;
  let keys = 0;
  const families = new Map<string, number>();
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    for (const key of batch) {
      const size = Number((await redis.call('MEMORY', 'USAGE', key, 'SAMPLES', '0')) ?? 0);
      bytes += size;
      keys++;
      const family = key
        .split(':')
        .slice(0, 3)
        .join(':')
        .replace(/[\d|-]{4,}.*$/, '…');
      families.set(family, (families.get(family) ?? 0) + size);
    }
  } while (cursor !== '0');
  return { bytes, keys, families };
}

/**
 * Benchmark 5: one bot process (`node src/main.ts`) holding N conversations in progress (each stopped at
 * the phone-number prompt), its resident memory against the same process idle after start; Redis bytes
 * per stored order and per session.
 */
export async function memoryBenchmark(ctx: BenchContext): Promise<Row[]> {
  const conversations = ctx.quick ? 200 : 1_000;
  const orders = ctx.quick ? 10 : 100;
  const world = await startBenchWorld({ timeScale: 0.01 });
  try {
    const buyers = Array.from({ length: orders }, (_, i) => FIRST_USER + i);
    const talkers = Array.from({ length: conversations }, (_, i) => FIRST_USER + 100_000 + i);
    await world.addResellers([...buyers, ...talkers]);
    const bot = await world.startBot({ inspect: true });
    await sleep(1_000);
    const idle = await bot.collectAndMeasure();
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
    ctx.log(
      `memory: Redis bytes per order by key family: ${[...orderBytes.families]
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => `${k} ${fmt(v / Math.max(1, orderIds.length))}`)
        .join(', ')}`,
    );
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
    await sleep(1_000);
    const rssBeforeGc = bot.rssBytes();
    const held = await bot.collectAndMeasure();
    const rss = bot.rssBytes();
    ctx.log(
      `memory: idle rss ${fmt(idleRss / MB)} MB heap ${fmt(idle.heapUsed / MB)} MB; with ${open} conversations ` +
        `rss ${fmt(rssBeforeGc / MB)} MB before GC, ${fmt(rss / MB)} MB after, heap ${fmt(held.heapUsed / MB)} MB ` +
        `(${fmt((held.heapUsed - idle.heapUsed) / Math.max(1, open) / 1024)} KB heap per conversation)`,
    );
    const sessions = await bytesOf(redis, `${PREFIX}session:*`);
    const convs = await bytesOf(redis, `${PREFIX}conv:*`);
    // Each chat in a flow has one entry in the deadlines' sorted set (src/bot/idle-flows.ts).
    const idleKeys = await bytesOf(redis, `${PREFIX}bot:idle-flows`);
    // What a stored conversation is made of (JSON characters per top-level field, one sample, inflated).
    const [, sample] = await redis.scan('0', 'MATCH', `${PREFIX}conv:*`, 'COUNT', 100);
    const stored = sample[0] === undefined ? null : await redis.getBuffer(sample[0]);
    if (stored !== null) {
      const unpacked: unknown = JSON.parse(storedJson(stored));
      // Paths of the larger fields, a few levels down.
      const big: string[] = [];
      const walk = (value: unknown, path: string, depth: number): void => {
        const size = JSON.stringify(value).length;
        if (size < 400 || depth > 6) return;
        const children = value !== null && typeof value === 'object' ? Object.entries(value) : [];
        const large = children.filter(([, v]) => JSON.stringify(v).length >= 400);
        if (large.length === 0 || depth === 6) {
          big.push(`${path} ${size}${Array.isArray(value) ? ` (${children.length} items)` : ''}`);
        }
        for (const [k, v] of large) walk(v, `${path}.${k}`, depth + 1);
      };
      walk(unpacked, '$', 0);
      ctx.log(
        `memory: one conversation key, ${stored.length} bytes (${JSON.stringify(unpacked).length} characters inflated); largest parts: ${big.slice(0, 8).join(', ')}`,
      );
    }
    const perSession =
      (sessions.bytes - buyerSessions.bytes + convs.bytes + idleKeys.bytes) / Math.max(1, open);
    // The changes and webhook-events streams are logs trimmed by MAXLEN, not part of a stored order.
    const streams = ['changes', 'webhook-events'].reduce(
      (sum, name) => sum + (orderBytes.families.get(`${PREFIX}orders:${name}`) ?? 0),
      0,
    );
    const perOrder = (orderBytes.bytes - streams) / Math.max(1, orderIds.length);
    const perOrderWithStreams = orderBytes.bytes / Math.max(1, orderIds.length);
    // Scaled to 1,000 when the quick profile holds fewer, from the per-conversation growth.
    const projected = idleRss + ((rss - idleRss) * 1_000) / Math.max(1, open);
    return [
      {
        bench: '5',
        metric: `Bot process RSS with ${open} conversations in progress (after a full GC)`,
        value: fmt(rss / MB, 'MB'),
        anchor: `${fmt(idleRss / MB, 'MB')} idle`,
        ratio: `${(rss / idleRss).toFixed(2)}×`,
        target: '< 150 MB (1,000)',
        // Fewer than 1,000 (quick profile): the projection from RSS growth is only a hint, not a verdict.
        met: open >= 1_000 ? rss < 150 * MB : null,
        note: `${PRODUCTION_ALLOCATOR.name}; heap ${fmt(held.heapUsed / MB, 'MB')} vs ${fmt(idle.heapUsed / MB, 'MB')} idle; RSS before GC ${fmt(rssBeforeGc / MB, 'MB')}${open < 1_000 ? `; projected to 1,000: ${fmt(projected / MB, 'MB')}` : ''}`,
      },
      {
        bench: '5',
        metric: `Redis bytes per stored order (record + indexes, ${orderIds.length} orders)`,
        value: fmt(perOrder, 'B'),
        anchor: `record alone ${fmt(orderHashes.bytes / Math.max(1, orderHashes.keys), 'B')}`,
        ratio: '–',
        target: '≤ 2 KB',
        met: perOrder <= 2048,
        note: `with the trimmed event streams ${fmt(perOrderWithStreams, 'B')}`,
      },
      {
        bench: '5',
        metric: 'Redis bytes per session in a conversation (session + conversation + idle deadline)',
        value: fmt(perSession, 'B'),
        anchor: `conversation ${fmt(convs.bytes / Math.max(1, convs.keys), 'B')}`,
        ratio: '–',
        target: '≤ 2 KB',
        met: perSession <= 2048,
      },
    ];
  } finally {
    await world.close();
  }
}
