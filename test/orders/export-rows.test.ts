import { parse } from 'csv-parse/sync';
import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { exportColumns, exportParts, exportRow, type ExportPart } from '../../src/orders/export.ts';
import { createOrderStore, type RedisOrderStore } from '../../src/orders/store.ts';
import type { StoredOrder } from '../../src/orders/types.ts';
import { redisPerFile } from '../support/redis.ts';
import { intent } from './support/fixtures.ts';
import { RedisUserDirectory } from '../../src/accounts/names.ts';

const claim = { token: 'tok', leaseMs: 60_000 };
const T0 = Date.parse('2026-11-01T00:00:00.000Z');

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** Reads every part to the end: its text and row count. */
async function readParts(parts: AsyncIterable<ExportPart>) {
  const out: { text: string; rows: number }[] = [];
  for await (const part of parts) {
    const chunks: Buffer[] = [];
    for await (const chunk of part.chunks) chunks.push(Buffer.from(chunk));
    out.push({ text: Buffer.concat(chunks).toString('utf8'), rows: part.rows() });
  }
  return out;
}

describe('export: the paged read of the store and the CSV files', () => {
  let redis: Redis;
  redisPerFile((r) => (redis = r));
  let now = T0;
  let store: RedisOrderStore;
  const stored: StoredOrder[] = [];
  const names = () => new RedisUserDirectory({ redis, prefix: 'ex:' });

  /** Stores an order created at `at` (several share a millisecond) and places it as `accepted`. */
  async function seed(at: number, resellerId: number): Promise<StoredOrder> {
    now = at;
    const order = intent({ resellerId, chatId: resellerId });
    const created = await store.create(order, claim);
    if (created.kind !== 'created') throw new Error(created.kind);
    const placed = await store.applyRemote(
      order.externalOrderId,
      { orderId: `O-${stored.length}`, status: 'accepted' },
      'create',
    );
    stored.push(placed!.order);
    return placed!.order;
  }

  it('walks a period oldest first in small pages, each order once, per reseller and per status', async () => {
    store = createOrderStore({ redis, prefix: 'ex:', clock: () => now });
    // Ten orders in four milliseconds (pages of 3 cut through orders of one millisecond), two resellers.
    for (let i = 0; i < 10; i++) await seed(T0 + Math.floor(i / 3), i % 2 === 0 ? 1 : 2);
    await seed(T0 + 86_400_000, 1); // the next day: outside the period
    const period = { from: T0, to: T0 + 86_400_000, pageSize: 3 };
    const all = await collect(store.createdIn(period));
    expect(all.map((o) => o.externalOrderId)).toHaveLength(10);
    expect(new Set(all.map((o) => o.externalOrderId)).size).toBe(10);
    expect(all.map((o) => Date.parse(o.createdAt))).toEqual(
      [...all.map((o) => Date.parse(o.createdAt))].sort(),
    );
    const mine = await collect(store.createdIn({ ...period, resellerId: 2 }));
    expect(mine.map((o) => o.resellerId)).toEqual([2, 2, 2, 2, 2]);
    expect(await collect(store.createdIn({ ...period, status: 'succeeded' }))).toEqual([]);
  });

  it('an order that changes status while the walk goes on is listed once', async () => {
    const walk = store.createdIn({ from: T0, to: T0 + 86_400_000, pageSize: 2 });
    const seen: string[] = [];
    let moved = 0;
    for await (const order of walk) {
      seen.push(order.externalOrderId);
      // Each order still ahead moves to another status index as the walk reaches the one before it.
      const ahead = stored.slice(0, 10).find((o) => !seen.includes(o.externalOrderId));
      if (ahead !== undefined && moved < 10) {
        await store.applyRemote(
          ahead.externalOrderId,
          { orderId: ahead.orderId!, status: 'processing' },
          'poll',
        );
        moved++;
      }
    }
    expect(seen).toHaveLength(10);
    expect(new Set(seen).size).toBe(10);
  });

  it('splits into files under the limit, each with the header; a row alone may pass it', async () => {
    const orders = stored.slice(0, 10);
    const header = exportColumns('admin').join(',') + '\r\n';
    const rowBytes = Buffer.byteLength(exportRow(orders[0]!, 'admin'));
    const limit = header.length + rowBytes * 3 + 10;
    async function* source() {
      yield* orders;
    }
    const parts = await readParts(exportParts(source(), 'admin', limit, names()));
    expect(parts.length).toBe(4);
    expect(parts.map((p) => p.rows)).toEqual([3, 3, 3, 1]);
    const numbers = parts.flatMap((p) => {
      expect(p.text.startsWith(header)).toBe(true);
      expect(Buffer.byteLength(p.text)).toBeLessThanOrEqual(limit);
      return (parse(p.text, { columns: true }) as Record<string, string>[]).map(
        (r) => r['merchant_order_number'],
      );
    });
    expect(numbers).toEqual(orders.map((o) => o.externalOrderId));
    const tiny = await readParts(exportParts(source(), 'admin', 10, names()));
    expect(tiny.map((p) => p.rows)).toEqual(Array(10).fill(1));
    async function* nothing(): AsyncGenerator<StoredOrder> {}
    const none = await readParts(exportParts(nothing(), 'admin', limit, names()));
    expect(none).toEqual([{ text: header, rows: 0 }]);
  });

  it('keeps text as typed: commas, quotes and line breaks quoted, formulas defused', () => {
    const order = structuredClone(stored[0]!);
    order.quote.operatorName = '=HYPERLINK("x"), AT&T\nNew';
    const [row] = parse(exportColumns('reseller').join(',') + '\r\n' + exportRow(order, 'reseller'), {
      columns: true,
    }) as Record<string, string>[];
    expect(row!['operator']).toBe(`'=HYPERLINK("x"), AT&T\nNew`);
    expect(row!['number']).not.toContain(order.request.account.slice(3, 9));
    expect(Object.keys(row!)).not.toContain('merchant_price');
  });

  it('a distributor’s rows name the seller, their price, the distributor’s own and the commission, no merchant price', () => {
    const DIST = 7;
    const columns = exportColumns({ distributor: DIST });
    expect(columns).toEqual(
      expect.arrayContaining(['seller_id', 'seller_name', 'seller_price', 'your_price']),
    );
    expect(columns).not.toContain('merchant_price');
    expect(columns).not.toContain('reseller_price');
    const read = (order: StoredOrder) =>
      (
        parse(columns.join(',') + '\r\n' + exportRow(order, { distributor: DIST }, { first: 'Shani' }), {
          columns: true,
        }) as Record<string, string>[]
      )[0]!;
    // A shop two levels below: Sid (8) pays 1.10, the distributor 1.00, the shop 1.21.
    const shop = structuredClone(stored[0]!);
    shop.resellerId = 9;
    shop.quote.merchantPrice = '0.9712';
    shop.credit = {
      amount: '1.21',
      above: [
        { userId: 8, price: '1.10' },
        { userId: DIST, price: '1.00' },
      ],
      currency: 'USD',
      day: '2026-11-01',
      state: 'held',
    };
    expect(read(shop)).toMatchObject({
      seller_id: '9',
      seller_name: 'Shani',
      seller_price: '1.21',
      your_price: '1.00',
      your_commission: '0',
    });
    shop.status = 'succeeded';
    expect(read(shop)).toMatchObject({ your_price: '1.00', your_commission: '0.1' });
    expect(exportRow(shop, { distributor: DIST })).not.toContain('0.9712');
    // An order of someone who joined after it was placed: their price only.
    expect(read({ ...shop, credit: { ...shop.credit, above: [] } })).toMatchObject({
      seller_price: '1.21',
      your_price: '',
      your_commission: '',
    });
    // The distributor's own order: their price, no commission.
    expect(
      read({ ...shop, resellerId: DIST, credit: { ...shop.credit, amount: '1.00', above: [] } }),
    ).toMatchObject({
      seller_price: '1.00',
      your_price: '1.00',
      your_commission: '0',
    });
  });

  it('names the reseller beside their ID for agents and admins, one read per page of orders; unknown names stay empty', async () => {
    const directory = names();
    await directory.record(1, { first: '=Rita, "Co"', last: '<b>Shop</b>', username: 'rita_shop' });
    let reads = 0;
    const counted = {
      namesOf: (ids: Iterable<number>) => {
        reads += 1;
        return directory.namesOf(ids);
      },
    };
    async function* source() {
      yield* stored.slice(0, 10);
    }
    const [part] = await readParts(exportParts(source(), 'agent', 1_000_000, counted));
    const rows = parse(part!.text, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!).slice(4, 6)).toEqual(['reseller_id', 'reseller_name']);
    for (const row of rows) {
      expect(row['reseller_name']).toBe(
        row['reseller_id'] === '1' ? `'=Rita, "Co" <b>Shop</b> (@rita_shop)` : '',
      );
    }
    expect(rows.filter((row) => row['reseller_id'] === '2')).not.toHaveLength(0);
    expect(reads).toBe(1);
    // A reseller's own export has neither column and reads no name.
    const [own] = await readParts(exportParts(source(), 'reseller', 1_000_000, counted));
    const ownColumns = own!.text.split('\r\n')[0]!.split(',');
    expect(ownColumns).not.toContain('reseller_id');
    expect(ownColumns).not.toContain('reseller_name');
    expect(reads).toBe(1);
  });
});
