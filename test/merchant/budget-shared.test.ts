import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRequestBudget, type RequestBudget } from '../../src/merchant/budget.ts';
import type { MerchantClient } from '../../src/merchant/client.ts';
import { isMerchantError } from '../../src/merchant/errors.ts';
import type { CallPriority } from '../../src/merchant/types.ts';
import { startRedisServer, type RedisServerHandle } from '../support/redis.ts';
import { startFakeMerchant, type FakeMerchant } from './support/fake-merchant.ts';
import { ensureMinuteHeadroom, waitFor } from './support/minute.ts';
import { testClient } from './support/setup.ts';

/**
 * Three client instances, each with its own Redis connection and budget object (as three replicas would have),
 * share one budget through Redis. The fake API stamps every request with Redis's clock on arrival, so the
 * per-minute counts are checked on the very clock the budget's minutes follow.
 */

let redisServer: RedisServerHandle;
let admin: Redis;
let fake: FakeMerchant;
const connections: Redis[] = [];
let orderNo = 0;

interface Replica {
  budget: RequestBudget;
  client: MerchantClient;
}

function replicas(limitPerMinute: number): Replica[] {
  const prefix = `shared${randomBytes(4).toString('hex')}:`;
  return [0, 1, 2].map(() => {
    const redis = new Redis(redisServer.url);
    connections.push(redis);
    // With the reserve the tests below check: the last 10% of a minute only for placements.
    const budget = createRequestBudget({
      redis,
      prefix,
      limitPerMinute,
      placementReserve: Math.max(1, Math.ceil(limitPerMinute * 0.1)),
    });
    return { budget, client: testClient(fake, budget) };
  });
}

type Outcome = { ok: true } | { ok: false; kind: string };

function settle(promise: Promise<unknown>): Promise<Outcome> {
  return promise.then(
    () => ({ ok: true }) as const,
    (error: unknown) => ({ ok: false, kind: isMerchantError(error) ? error.kind : String(error) }) as const,
  );
}

function call(replica: Replica, priority: CallPriority, signal: AbortSignal): Promise<Outcome> {
  if (priority === 'placement') {
    return settle(
      replica.client.createOrder(
        {
          externalOrderId: `rb-shared-${process.pid}-${++orderNo}`,
          country: 'NG',
          operatorKey: 'NG-mtn',
          amount: '500',
          localCurrency: 'NGN',
          subtype: 'airtime',
          account: '2348031234567',
          quoteToken: 'qt',
        },
        { signal },
      ),
    );
  }
  return settle(replica.client.getAccount({ priority, signal }));
}

function perMinute(): Map<number, number> {
  const counts = new Map<number, number>();
  for (const r of fake.requests) counts.set(r.redisMinute!, (counts.get(r.redisMinute!) ?? 0) + 1);
  return counts;
}

beforeAll(async () => {
  redisServer = await startRedisServer();
  admin = new Redis(redisServer.url);
  fake = await startFakeMerchant({ redis: admin });
});

afterEach(() => {
  fake.reset();
});

afterAll(async () => {
  await fake.close();
  for (const c of connections) c.disconnect();
  admin.disconnect();
  await redisServer.dispose();
});

describe('one budget shared by three client instances', () => {
  it('never lets more than the limit through in any Redis-clock minute', async () => {
    // Enough room for the first burst; if the next minute starts during the run, its slots are counted there.
    // The held-back calls give up once the six that fit have been sent, however long a slow machine takes
    // (a fixed 12 s deadline let only five through on a loaded machine).
    await ensureMinuteHeadroom(admin, 15);
    const [a, b, c] = replicas(6) as [Replica, Replica, Replica];
    const giveUp = new AbortController();
    let answered = 0;
    let placed = 0;
    const counted = (replica: Replica, priority: CallPriority) =>
      call(replica, priority, giveUp.signal).then((outcome) => {
        if (outcome.ok) answered += 1;
        if (outcome.ok && priority === 'placement') placed += 1;
        return outcome;
      });
    const running = Promise.all([
      ...[1, 2, 3, 4, 5].map(() => counted(a, 'interactive')),
      ...[1, 2, 3, 4, 5].map(() => counted(b, 'background')),
      ...[1, 2, 3].map(() => counted(c, 'placement')),
      ...[1, 2].map(() => counted(c, 'interactive')),
    ]);
    // The minute is used up when six calls have their answers, or when five have and all three placements are
    // among them: the sixth slot is the placements' reserve, which interactive and background calls never take
    // (so 5 or 6 pass, depending on the order in which the calls reach the budget). Abort only then, so no
    // request in flight is cut off and nothing depends on how fast the machine is.
    await waitFor(() => answered >= 6 || (answered >= 5 && placed === 3), 45_000, 'the minute to be used up');
    giveUp.abort();
    const outcomes = await running;
    const counts = perMinute();
    for (const count of counts.values()) expect(count).toBeLessThanOrEqual(6);
    const passed = outcomes.filter((o) => o.ok).length;
    expect(passed).toBe(fake.requests.length);
    // The first minute is used up (its last slot only for placements); whatever did not fit was held back, never sent.
    expect(passed).toBeGreaterThanOrEqual(5);
    expect(passed).toBeLessThanOrEqual(6 * counts.size);
    expect(outcomes.filter((o) => !o.ok).every((o) => !o.ok && o.kind === 'aborted')).toBe(true);
    expect(outcomes.filter((o) => !o.ok).length).toBeGreaterThan(0);
  });

  it('serves a placement from the reserve while status checks and refreshes are held back', async () => {
    await ensureMinuteHeadroom(admin, 10);
    const [a, b, c] = replicas(6) as [Replica, Replica, Replica];
    const flood = new AbortController();
    const held = [
      ...[1, 2, 3, 4, 5, 6, 7, 8].map(() => call(a, 'interactive', flood.signal)),
      ...[1, 2, 3, 4, 5, 6].map(() => call(b, 'background', flood.signal)),
    ];
    // Interactive may use 5 of 6, background 3: the flood stops at 5 requests.
    await waitFor(() => fake.requests.length >= 5, 15_000, 'the flood to use its share');
    const placement = await call(c, 'placement', AbortSignal.timeout(8_000));
    expect(placement).toEqual({ ok: true });
    expect(fake.requests.at(-1)?.method).toBe('POST');
    // The minute is now full for everyone, placements included.
    const late = await call(c, 'placement', AbortSignal.timeout(500));
    expect(late).toEqual({ ok: false, kind: 'aborted' });
    flood.abort();
    const outcomes = await Promise.all(held);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(5);
    expect(fake.requests).toHaveLength(6);
    expect([...perMinute().values()]).toEqual([6]);
  });

  it('a 429 seen by one instance pauses all three until Retry-After', async () => {
    const [a, b, c] = replicas(1_000) as [Replica, Replica, Replica];
    fake.enqueue({
      status: 429,
      json: { detail: 'Request was throttled.' },
      headers: { 'retry-after': '2' },
    });
    const first = call(a, 'interactive', AbortSignal.timeout(20_000));
    await waitFor(async () => (await b.budget.snapshot()).pausedUntil !== null, 15_000, 'the shared pause');
    const pausedUntil = (await c.budget.snapshot()).pausedUntil!.getTime();
    const others = await Promise.all([
      call(b, 'interactive', AbortSignal.timeout(20_000)),
      call(c, 'placement', AbortSignal.timeout(20_000)),
    ]);
    expect(await first).toEqual({ ok: true });
    expect(others).toEqual([{ ok: true }, { ok: true }]);
    const [throttled, ...after] = fake.requests;
    expect(throttled?.redisMs).toBeLessThan(pausedUntil);
    expect(after).toHaveLength(3);
    for (const r of after) expect(r.redisMs).toBeGreaterThanOrEqual(pausedUntil);
  });
});
