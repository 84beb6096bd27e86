import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../src/merchant/types.ts';
import { createOrderStore, type OrderStore } from '../../src/orders/store.ts';
import type { OrderIntent } from '../../src/orders/types.ts';
import { createOrderStats } from '../../src/orders/stats.ts';
import { startRedisServer, type RedisServerHandle } from '../support/redis.ts';

const DAY = 86_400_000;
// A fixed "now" in the afternoon (UTC), so "today" holds orders from the morning.
const NOW = Date.parse('2026-11-20T15:00:00Z');

describe('/stats figures from the order store', () => {
  let server: RedisServerHandle;
  let redis: Redis;
  let store: OrderStore;
  let now = NOW;
  let n = 0;

  beforeAll(async () => {
    server = await startRedisServer();
    redis = new Redis(server.url);
    store = createOrderStore({ redis, prefix: 'st:', clock: () => now });
  });
  afterAll(async () => {
    redis?.disconnect();
    await server?.dispose();
  });

  /** An order created at `createdAt` through the store's own write path, moved through `steps` (ms after creation). */
  async function order(options: {
    createdAt: number;
    operator: string;
    price: string;
    currency: string;
    steps: Array<[OrderStatus, number]>;
    resellerId?: number;
    resellerPrice?: string;
  }): Promise<void> {
    n += 1;
    const ext = `rb-test-${n}`;
    now = options.createdAt;
    const intent: OrderIntent = {
      externalOrderId: ext,
      request: {
        externalOrderId: ext,
        country: 'NG',
        operatorKey: 'NG-X',
        amount: '500.0000',
        localCurrency: 'NGN',
        subtype: 'airtime',
        account: `23480300${String(n).padStart(5, '0')}`,
        quoteToken: 'q',
      },
      quote: {
        countryName: 'Nigeria',
        operatorName: options.operator,
        subtype: 'airtime',
        localAmount: '500.0000',
        localCurrency: 'NGN',
        merchantPrice: options.price,
        merchantCurrency: options.currency,
        ...(options.resellerPrice === undefined ? {} : { resellerPrice: options.resellerPrice }),
        expiresAt: new Date(options.createdAt + 60_000).toISOString(),
      },
      resellerId: options.resellerId ?? 1,
      chatId: options.resellerId ?? 1,
      locale: 'en',
    };
    await store.create(intent, { token: 't', leaseMs: 1_000 });
    for (const [status, after] of options.steps) {
      now = options.createdAt + after;
      await store.applyRemote(ext, { orderId: `O-${n}`, status }, after === 0 ? 'create' : 'webhook');
    }
    now = NOW;
  }

  it('counts today and 7 days by status, with exact spend per currency, top operators and the median', async () => {
    const morning = NOW - 6 * 3_600_000;
    // Today: four succeeded (60 s, 120 s, 300 s, 600 s to the end), one refunded, one still processing.
    await order({
      createdAt: morning,
      operator: 'MTN',
      price: '0.1',
      currency: 'USD',
      steps: [
        ['accepted', 0],
        ['succeeded', 60_000],
      ],
    });
    await order({
      createdAt: morning + 1,
      operator: 'MTN',
      price: '0.2',
      currency: 'USD',
      steps: [
        ['accepted', 0],
        ['succeeded', 120_000],
      ],
    });
    await order({
      createdAt: morning + 2,
      operator: 'Glo',
      price: '1.05',
      currency: 'EUR',
      steps: [
        ['accepted', 0],
        ['succeeded', 300_000],
      ],
    });
    await order({
      createdAt: morning + 3,
      operator: 'MTN',
      price: '0.0001',
      currency: 'USD',
      steps: [
        ['accepted', 0],
        ['succeeded', 600_000],
      ],
    });
    await order({
      createdAt: morning + 4,
      operator: 'Airtel',
      price: '5',
      currency: 'USD',
      steps: [
        ['accepted', 0],
        ['failed', 30_000],
        ['refunded', 900_000],
      ],
    });
    await order({
      createdAt: morning + 5,
      operator: 'Glo',
      price: '7',
      currency: 'USD',
      steps: [
        ['accepted', 0],
        ['processing', 1_000],
      ],
    });
    // Two days ago: in the week only. Eight days ago: in neither.
    await order({
      createdAt: NOW - 2 * DAY,
      operator: 'Airtel',
      price: '2.5',
      currency: 'USD',
      steps: [
        ['accepted', 0],
        ['succeeded', 45_000],
      ],
    });
    await order({
      createdAt: NOW - 8 * DAY,
      operator: 'Airtel',
      price: '100',
      currency: 'USD',
      steps: [
        ['accepted', 0],
        ['succeeded', 1_000],
      ],
    });

    const stats = await createOrderStats({ store, clock: () => NOW }).compute();

    expect(stats.today.from.toISOString()).toBe('2026-11-20T00:00:00.000Z');
    expect(stats.today.total).toBe(6);
    expect(stats.today.byStatus).toEqual({ succeeded: 4, refunded: 1, processing: 1 });
    // 4 of 5 finished ones succeeded.
    expect(stats.today.successRate).toBe('80.0');
    // Exact decimals: 0.1 + 0.2 + 0.0001 is 0.3001, not 0.30010000000000003.
    expect(stats.today.spend).toEqual({ EUR: '1.05', USD: '0.3001' });
    expect(stats.today.topOperators).toEqual([
      { name: 'MTN', orders: 3 },
      { name: 'Glo', orders: 2 },
      { name: 'Airtel', orders: 1 },
    ]);
    // Final statuses reached after 60, 120, 300, 600 and 900 s: the median is 300 s.
    expect(stats.today.medianToFinalMs).toBe(300_000);

    expect(stats.week.total).toBe(7);
    expect(stats.week.byStatus).toEqual({ succeeded: 5, refunded: 1, processing: 1 });
    expect(stats.week.successRate).toBe('83.3');
    expect(stats.week.spend).toEqual({ EUR: '1.05', USD: '2.8001' });
    expect(stats.week.topOperators[0]).toEqual({ name: 'MTN', orders: 3 });
    // 45, 60, 120, 300, 600, 900 s: the middle two average to 210 s.
    expect(stats.week.medianToFinalMs).toBe(210_000);
  });

  it('says nothing finished rather than inventing a rate for an empty period', async () => {
    const stats = await createOrderStats({ store, clock: () => NOW + 30 * DAY }).compute();
    expect(stats.today).toMatchObject({
      total: 0,
      byStatus: {},
      successRate: null,
      spend: {},
      topOperators: [],
    });
    expect(stats.week.medianToFinalMs).toBeNull();
  });

  it('books of succeeded orders: revenue (reseller prices; an admin order at cost), cost and margin, per reseller and operator', async () => {
    const at = NOW + 60 * DAY;
    const done: Array<[OrderStatus, number]> = [
      ['accepted', 0],
      ['succeeded', 1_000],
    ];
    let k = 0;
    const add = (
      resellerId: number,
      operator: string,
      price: string,
      paid: string | undefined,
      steps = done,
      currency = 'USD',
    ) =>
      order({
        createdAt: at - 3_600_000 + k++,
        operator,
        price,
        currency,
        steps,
        resellerId,
        ...(paid === undefined ? {} : { resellerPrice: paid }),
      });
    await add(1, 'MTN', '1.0000', '1.10');
    await add(1, 'Glo', '2.5', '2.80');
    await add(2, 'MTN', '0.3129', '0.35');
    // Refunded and unfinished orders are in nobody's books.
    await add(2, 'MTN', '5', '5.50', [
      ['accepted', 0],
      ['failed', 1_000],
      ['refunded', 2_000],
    ]);
    await add(1, 'MTN', '1', '1.10', [['processing', 0]]);
    // An admin's order: no reseller price, so revenue equals cost.
    await add(9, 'MTN', '3.0001', undefined);
    await add(2, 'Glo', '1.05', '1.20', done, 'EUR');

    const stats = await createOrderStats({ store, clock: () => at }).compute();
    for (const p of [stats.today, stats.week]) {
      expect(p.books).toEqual({
        EUR: { revenue: '1.2', cost: '1.05', margin: '0.15' },
        USD: { revenue: '7.2501', cost: '6.813', margin: '0.4371' },
      });
      expect(p.byReseller).toEqual([
        { resellerId: 1, currency: 'USD', revenue: '3.9', cost: '3.5', margin: '0.4' },
        { resellerId: 9, currency: 'USD', revenue: '3.0001', cost: '3.0001', margin: '0' },
        { resellerId: 2, currency: 'EUR', revenue: '1.2', cost: '1.05', margin: '0.15' },
        { resellerId: 2, currency: 'USD', revenue: '0.35', cost: '0.3129', margin: '0.0371' },
      ]);
      expect(p.byOperator).toEqual([
        { operator: 'MTN', currency: 'USD', revenue: '4.4501', cost: '4.313', margin: '0.1371' },
        { operator: 'Glo', currency: 'USD', revenue: '2.8', cost: '2.5', margin: '0.3' },
        { operator: 'Glo', currency: 'EUR', revenue: '1.2', cost: '1.05', margin: '0.15' },
      ]);
      // The wallet spend is the cost.
      expect(p.spend).toEqual({ EUR: '1.05', USD: '6.813' });
    }
  });
  it('per UTC day for the chart: orders by status and revenue in the main currency; a reseller sees their own', async () => {
    // 10:00 UTC, 180 days on: days run 00:00 to 00:00 UTC, the first of the seven is six days back.
    const at = Date.parse('2027-05-19T10:00:00Z');
    const done: Array<[OrderStatus, number]> = [
      ['accepted', 0],
      ['succeeded', 1_000],
    ];
    const add = (createdAt: number, resellerId: number, paid: string, steps = done, currency = 'USD') =>
      order({ createdAt, operator: 'MTN', price: '1', currency, steps, resellerId, resellerPrice: paid });
    const today = Date.parse('2027-05-19T00:00:00Z');
    await add(today + 1, 1, '1.10');
    await add(today + 2, 2, '5.50', [
      ['accepted', 0],
      ['failed', 1_000],
    ]);
    // Just before midnight: yesterday.
    await add(today - 1, 1, '2.20');
    await add(today - 2, 2, '1.20', done, 'EUR');
    await add(today - 6 * DAY, 2, '9', [['processing', 0]]);
    // Seven days back: before the chart.
    await add(today - 6 * DAY - 1, 1, '100');

    const stats = createOrderStats({ store, resellerOrders: store, clock: () => at });
    const all = await stats.daily();
    expect(all.currency).toBe('USD');
    expect(all.days.map((d) => d.day)).toEqual([
      '2027-05-13',
      '2027-05-14',
      '2027-05-15',
      '2027-05-16',
      '2027-05-17',
      '2027-05-18',
      '2027-05-19',
    ]);
    expect(all.days[0]).toEqual({ day: '2027-05-13', byStatus: { processing: 1 }, revenue: '0' });
    // The EUR order is counted but its revenue is not charted in USD.
    expect(all.days[5]).toEqual({ day: '2027-05-18', byStatus: { succeeded: 2 }, revenue: '2.2' });
    expect(all.days[6]).toEqual({ day: '2027-05-19', byStatus: { succeeded: 1, failed: 1 }, revenue: '1.1' });
    expect(all.days.slice(1, 5).every((d) => d.revenue === '0' && Object.keys(d.byStatus).length === 0)).toBe(
      true,
    );

    const two = await stats.daily({ resellerId: 2 });
    expect(two.currency).toBe('EUR');
    expect(two.days[0]!.byStatus).toEqual({ processing: 1 });
    expect(two.days[5]).toEqual({ day: '2027-05-18', byStatus: { succeeded: 1 }, revenue: '1.2' });
    expect(two.days[6]).toEqual({ day: '2027-05-19', byStatus: { failed: 1 }, revenue: '0' });

    const one = await stats.daily({ resellerId: 1 });
    expect(one.currency).toBe('USD');
    expect(one.days.reduce((sum, d) => sum + Object.values(d.byStatus).reduce((a, b) => a + b, 0), 0)).toBe(
      2,
    );
    // Nobody's orders: every day empty, no currency.
    expect((await stats.daily({ resellerId: 3 })).currency).toBeNull();
  });
});
