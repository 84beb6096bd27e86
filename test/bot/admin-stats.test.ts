import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../src/merchant/types.ts';
import { createOrderStore, type OrderStore } from '../../src/orders/store.ts';
import type { OrderIntent } from '../../src/orders/types.ts';
import { createOrderStats } from '../../src/bot/stats.ts';
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
        expiresAt: new Date(options.createdAt + 60_000).toISOString(),
      },
      resellerId: 1,
      chatId: 1,
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
});
