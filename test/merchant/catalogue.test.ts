import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogue, type Catalogue } from '../../src/merchant/catalogue.ts';
import type { MerchantClient } from '../../src/merchant/client.ts';
import { isMerchantError } from '../../src/merchant/errors.ts';
import { formatMoney } from '../../src/merchant/records.ts';
import { startRedisServer, type RedisServerHandle } from '../support/redis.ts';
import { startFakeMerchant, type FakeMerchant } from './support/fake-merchant.ts';
import { waitFor } from './support/minute.ts';
import { memoryLogger, testBudget, testClient } from './support/setup.ts';

let redisServer: RedisServerHandle;
let redis: Redis;
let fake: FakeMerchant;
let client: MerchantClient;

beforeAll(async () => {
  redisServer = await startRedisServer();
  redis = new Redis(redisServer.url);
  fake = await startFakeMerchant();
  client = testClient(fake, testBudget(redis));
});

afterEach(() => {
  fake.reset();
});

afterAll(async () => {
  await client.close();
  await fake.close();
  redis.disconnect();
  await redisServer.dispose();
});

/**
 * Three "replicas" sharing one prefix, like three bot processes on one Redis. No per-replica memo unless asked:
 * these tests are about what the replicas do through Redis.
 */
function replicas(
  ttlSeconds: number,
  logger = memoryLogger(),
  memo: { memoMs: number; now?: () => number } = { memoMs: 0 },
): { prefix: string; all: Catalogue[]; logger: typeof logger } {
  const prefix = `cat${randomBytes(4).toString('hex')}:`;
  const all = [0, 1, 2].map(() =>
    createCatalogue({ api: client, redis, prefix, ttlSeconds, lockMs: 30_000, logger, ...memo }),
  );
  return { prefix, all, logger };
}

const countryRequests = (): number => fake.requests.filter((r) => r.route === '/recharge/countries').length;

async function goStale(prefix: string, key: string): Promise<void> {
  // The fresh marker has a Redis expiry; drop it instead of waiting hours.
  await redis.del(`${prefix}catalogue:${key}:fresh`);
}

describe('catalogue cache', () => {
  it('loads once from the API, then every replica serves the cached copy', async () => {
    const { all } = replicas(3600);
    const [a, b, c] = all as [Catalogue, Catalogue, Catalogue];
    const first = await a.countries();
    expect(first.map((x) => x.code)).toEqual(['NG', 'KE']);
    expect(await b.countries()).toEqual(first);
    expect(await c.countries()).toEqual(first);
    expect(countryRequests()).toBe(1);

    const ops = await b.operators('ng');
    expect(ops.map((o) => o.operatorKey)).toEqual(['NG-mtn', 'NG-airtel']);
    const again = await c.operators('NG');
    expect(formatMoney(again[0]!.amounts[0]!.max)).toBe('50000.0000');
    expect(again[0]!.amounts[0]!.min.equals(ops[0]!.amounts[0]!.min)).toBe(true);
    expect(fake.requests.filter((r) => r.route === '/recharge/operators')).toHaveLength(1);
    // Another country is its own entry.
    expect((await a.operators('KE')).map((o) => o.operatorKey)).toEqual(['KE-safaricom']);
    expect(fake.requests.filter((r) => r.route === '/recharge/operators')).toHaveLength(2);
  });

  it('when stale, one replica refreshes in the background while all keep serving the cached copy', async () => {
    const { prefix, all } = replicas(3600);
    const [a, b, c] = all as [Catalogue, Catalogue, Catalogue];
    await a.countries();
    await goStale(prefix, 'countries');
    let release = (): void => undefined;
    const until = new Promise<void>((resolve) => (release = resolve));
    fake.enqueueFor('/recharge/countries', {
      action: 'hold',
      until,
      then: {
        status: 200,
        json: {
          count: 1,
          results: [
            { code: 'GH', name: 'Ghana', currency_codes: ['GHS'], operator_count: 1, offer_count: 1 },
          ],
        },
      },
    });
    for (let round = 0; round < 5; round++) {
      const served = await Promise.all(all.map((r) => r.countries()));
      for (const list of served) expect(list.map((x) => x.code)).toEqual(['NG', 'KE']);
    }
    await waitFor(() => countryRequests() === 2, 15_000, 'the refresh request');
    release();
    await Promise.all(all.map((r) => r.idle()));
    expect(countryRequests()).toBe(2);
    expect(fake.requests.at(-1)?.headers['x-api-key']).toBe(fake.apiKey);
    expect((await b.countries()).map((x) => x.code)).toEqual(['GH']);
    expect((await c.countries()).map((x) => x.code)).toEqual(['GH']);
    expect(await redis.exists(`${prefix}catalogue:countries:fresh`)).toBe(1);
    expect(await redis.exists(`${prefix}catalogue:countries:lock`)).toBe(0);
  });

  it('serves the stale copy when the refresh fails, and does not hammer the API', async () => {
    const { prefix, all, logger } = replicas(3600);
    const [a, b] = all as [Catalogue, Catalogue];
    const cached = await a.operators('NG');
    await goStale(prefix, 'operators:NG');
    fake.enqueueFor(
      '/recharge/operators',
      { status: 503, text: '<html>down</html>' },
      { status: 503, text: '' },
      { status: 503, text: '' },
    );
    const during = await b.operators('NG');
    expect(during.map((o) => o.operatorKey)).toEqual(cached.map((o) => o.operatorKey));
    await b.idle();
    const failedRefreshes = fake.requests.filter((r) => r.route === '/recharge/operators').length;
    expect(failedRefreshes).toBe(4); // the first load, then one refresh tried 3 times
    expect(logger.lines.some((l) => l.level === 'warn' && l.msg?.includes('refresh failed'))).toBe(true);
    // Still stale, still served, and the lock holds further refreshes back for a while.
    for (const r of all)
      expect((await r.operators('NG')).map((o) => o.operatorKey)).toEqual(['NG-mtn', 'NG-airtel']);
    await Promise.all(all.map((r) => r.idle()));
    expect(fake.requests.filter((r) => r.route === '/recharge/operators')).toHaveLength(failedRefreshes);
  });

  it('refreshes again once the TTL has run out (Redis expiry, no clocks compared)', async () => {
    const { prefix, all } = replicas(1);
    const [a] = all as [Catalogue];
    await a.countries();
    await waitFor(
      async () => (await redis.exists(`${prefix}catalogue:countries:fresh`)) === 0,
      15_000,
      'expiry',
    );
    await a.countries();
    await a.idle();
    expect(countryRequests()).toBe(2);
  });

  it('a first load that fails reaches the caller and caches nothing', async () => {
    const { prefix, all } = replicas(3600);
    const [a] = all as [Catalogue];
    const error = await a.operators('ZZ').catch((e: unknown) => e);
    expect(isMerchantError(error) && error.kind).toBe('validation');
    expect(await redis.exists(`${prefix}catalogue:operators:ZZ`)).toBe(0);
    const bad = await a.operators('not a country').catch((e: unknown) => e);
    expect(isMerchantError(bad) && bad.kind).toBe('validation');
    expect(await redis.keys(`${prefix}*`)).toEqual([]);
  });

  it('concurrent first loads in one process make one API call', async () => {
    const { all } = replicas(3600);
    const [a] = all as [Catalogue];
    const lists = await Promise.all([a.countries(), a.countries(), a.countries()]);
    expect(lists[0]).toEqual(lists[2]);
    expect(countryRequests()).toBe(1);
  });

  it("a first load that ends while another caller's read is on the wire is not repeated", async () => {
    // The second MGET runs on the real server at once (a miss: nothing is stored yet) and its answer is
    // handed back only after the first caller's load has stored its copy and left the in-flight map.
    let mgets = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slowRedis = new Proxy(redis, {
      get(target, property, receiver) {
        if (property === 'mget') {
          return (...args: Parameters<Redis['mget']>) => {
            const answer = target.mget(...args);
            return ++mgets === 2 ? answer.then(async (rows) => (await gate, rows)) : answer;
          };
        }
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const prefix = `cat${randomBytes(4).toString('hex')}:`;
    const a = createCatalogue({ api: client, redis: slowRedis, prefix, ttlSeconds: 3600, memoMs: 10_000 });
    // Both callers read before either has a copy; the first one's miss starts the load.
    const first = a.countries();
    const second = a.countries();
    await waitFor(() => mgets === 2);
    await first;
    release();
    expect((await second).map((x) => x.code)).toEqual(['NG', 'KE']);
    expect(countryRequests()).toBe(1);
  });

  it('a replica reuses the copy it read for memoMs, frozen, then reads Redis again', async () => {
    let clock = 1_000_000;
    const { prefix, all } = replicas(3600, memoryLogger(), { memoMs: 10_000, now: () => clock });
    const [a, b] = all as [Catalogue, Catalogue];
    const first = await a.countries();
    expect(first.map((x) => x.code)).toEqual(['NG', 'KE']);
    expect(Object.isFrozen(first) && Object.isFrozen(first[0])).toBe(true);
    expect(() => (first as unknown[]).push({})).toThrow(TypeError);

    // Another copy lands in Redis (as another replica's refresh would write it).
    const key = `${prefix}catalogue:countries`;
    const stored = JSON.parse((await redis.get(key))!) as { v: number; data: Array<{ code: string }> };
    await redis.set(key, JSON.stringify({ ...stored, data: stored.data.slice(1) }));
    expect((await a.countries()).map((x) => x.code)).toEqual(['NG', 'KE']);
    // A replica without a copy of its own reads Redis.
    expect((await b.countries()).map((x) => x.code)).toEqual(['KE']);

    clock += 10_001;
    expect((await a.countries()).map((x) => x.code)).toEqual(['KE']);
    expect(countryRequests()).toBe(1);
  });
});
