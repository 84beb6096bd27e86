import { describe, expect } from 'vitest';
import { orderKeys } from '../../src/orders/keys.ts';
import { decodeOrder, encodeOrder } from '../../src/orders/record.ts';
import type { StoredOrder } from '../../src/orders/types.ts';
import { expectToldOncePerStatus, settle } from './support/checks.ts';
import { phone } from './support/fixtures.ts';
import { it } from './support/order-test.ts';
import type { World } from './support/world.ts';

// What a finished order costs in Redis, counted as bench/memory.ts counts it: MEMORY USAGE (exact, SAMPLES 0)
// of every key under <prefix>orders:, the record and its indexes, without the two event streams (logs trimmed
// by MAXLEN, not part of an order), divided by the orders stored.
const ORDERS = 8;
const BUDGET_BYTES = 2048;

async function bytesPerOrder(
  w: World,
  prefix: string,
): Promise<{ perOrder: number; record: number; raw: string }> {
  const redis = w.replicas[0]!.redis;
  const streams = new Set([`${prefix}orders:changes`, `${prefix}orders:webhook-events`]);
  let total = 0;
  let records = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}orders:*`, 'COUNT', 500);
    cursor = next;
    for (const key of keys) {
      if (streams.has(key)) continue;
      const size = Number(await redis.call('MEMORY', 'USAGE', key, 'SAMPLES', '0'));
      total += size;
      if (key.startsWith(`${prefix}orders:o:`)) records += size;
    }
  } while (cursor !== '0');
  const [one] = await redis.keys(`${prefix}orders:o:*`);
  const raw = (await redis.hget(one!, 'data')) ?? '';
  return { perOrder: total / ORDERS, record: records / ORDERS, raw };
}

function fieldNames(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(fieldNames);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([name, inner]) => [name, ...fieldNames(inner)]);
}

describe('the stored order record', () => {
  it(`a finished order with its events costs at most ${BUDGET_BYTES} B in Redis, indexes included`, async ({
    openWorld,
  }) => {
    const prefix = 'rs1:';
    const w = await openWorld({ prefix });
    await w.startWorkers();
    const service = w.replicas[0]!.system.service;
    const exts: string[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const intent = await w.newIntent({ account: phone('0000', 200 + i) });
      expect((await service.submit(intent)).outcome).toBe('placed');
      exts.push(intent.externalOrderId);
    }
    const finished: StoredOrder[] = [];
    for (const ext of exts) finished.push(await settle(w, ext, ['succeeded']));
    await expectToldOncePerStatus(w, exts);
    const { perOrder, record, raw } = await bytesPerOrder(w, prefix);
    expect(perOrder, `record ${record} B; one record: ${raw}`).toBeLessThanOrEqual(BUDGET_BYTES);
    // every field at every depth under its short name
    expect(fieldNames(JSON.parse(raw)).filter((name) => name.length > 2)).toEqual([]);
    // Read back: nothing of the order was lost by storing it compactly. A read of the service may still refresh
    // an order's details after it settled (a follow-up read that was already due), so what is compared is what
    // no later read changes: the identity, the request, the quote, who it belongs to and its status history.
    for (const order of finished) {
      const now = await service.get(order.externalOrderId);
      const { externalOrderId, orderId, request, quote, resellerId, chatId, locale, status, placement } =
        order;
      expect(now).toMatchObject({
        externalOrderId,
        orderId,
        request,
        quote,
        resellerId,
        chatId,
        locale,
        status,
        placement,
      });
      expect(now!.history.map((h) => h.status)).toEqual(order.history.map((h) => h.status));
    }
  });

  it('keeps the quote token only while the order may be sent again', async ({ openWorld }) => {
    const prefix = 'rs3:';
    const w = await openWorld({ prefix });
    await w.startWorkers();
    const service = w.replicas[0]!.system.service;
    const intent = await w.newIntent({ account: phone('0000', 300) });
    expect((await service.submit(intent)).outcome).toBe('placed');
    const ext = intent.externalOrderId;
    const raw = await w.replicas[0]!.redis.hget(orderKeys(prefix).order(ext), 'data');
    const token = intent.request.quoteToken;
    expect(token.length).toBeGreaterThan(0);
    expect(raw).not.toContain(token);
    const placed = (await service.get(ext))!;
    expect(placed.request.quoteToken).toBe('');
    // While it is being placed, the token is what a resend sends again.
    const placing = { ...placed, placement: 'placing' as const, request: intent.request };
    expect(decodeOrder(encodeOrder(placing), ext).request.quoteToken).toBe(token);
    // A reseller's price is stored under a short name too, and reads back.
    const priced = { ...placed, quote: { ...placed.quote, resellerPrice: '0.35' } };
    const text = encodeOrder(priced);
    expect(fieldNames(JSON.parse(text)).filter((name) => name.length > 2)).toEqual([]);
    expect(decodeOrder(text, ext)).toEqual(priced);
  });

  it('a record stored in the older form (plain JSON) still reads, and its next change stores it compactly', async ({
    openWorld,
  }) => {
    const prefix = 'rs2:';
    const w = await openWorld({ prefix });
    await w.startWorkers();
    const { service, store } = w.replicas[0]!.system;
    const intent = await w.newIntent({ account: phone('0000', 300) });
    expect((await service.submit(intent)).outcome).toBe('placed');
    const order = await settle(w, intent.externalOrderId, ['succeeded']);
    const redis = w.replicas[0]!.redis;
    const key = orderKeys(prefix).order(order.externalOrderId);
    await redis.hset(key, 'data', JSON.stringify(order));
    expect(await service.get(order.externalOrderId)).toEqual(order);
    expect((await store.markSynced(order.externalOrderId))?.applied).toBe(true);
    const stored = JSON.parse((await redis.hget(key, 'data'))!) as Record<string, unknown>;
    expect(stored.v).toBe(2);
    const read = await service.get(order.externalOrderId);
    expect({ ...read, syncedAt: order.syncedAt, updatedAt: order.updatedAt }).toEqual(order);
  });
});
