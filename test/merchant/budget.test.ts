import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestBudget, type RequestBudget } from '../../src/merchant/budget.ts';
import { budgetAllowances } from '../../src/merchant/budget-line.ts';
import { isMerchantError } from '../../src/merchant/errors.ts';
import type { CallPriority } from '../../src/merchant/types.ts';
import { startRedisServer, type RedisServerHandle } from '../support/redis.ts';
import { enterWindowPhase, redisNowMs, waitFor } from './support/minute.ts';

let server: RedisServerHandle;
let redis: Redis;

beforeAll(async () => {
  server = await startRedisServer();
  redis = new Redis(server.url, { maxRetriesPerRequest: 1 });
});

afterAll(async () => {
  redis.disconnect();
  await server.dispose();
});

const NOBODY_WAITING = { placement: 0, interactive: 0, bulk: 0, background: 0, catalogue: 0 };

const freshPrefix = (): string => `t${randomBytes(4).toString('hex')}:`;

/**
 * The allowance tests run in 20 s windows instead of minutes, each between 45 % and 65 % of its window: past the
 * pace that holds background calls back early in a window, and at least 7 s before the next window.
 */
const WINDOW_MS = 20_000;
const midWindow = () => enterWindowPhase(redis, WINDOW_MS, 0.45, 0.65);

/** Starts an acquire and reports whether it was granted, refused with a kind, or is still waiting. */
function track(budget: RequestBudget, priority: CallPriority, signal: AbortSignal) {
  const state: { granted: boolean; kind?: string } = { granted: false };
  const done = budget.acquire(priority, signal).then(
    () => {
      state.granted = true;
    },
    (error: unknown) => {
      state.kind = isMerchantError(error) ? error.kind : 'other';
    },
  );
  return { state, done };
}

describe('request budget', () => {
  it('splits the minute: placements all of it, interactive and bulk all but a reserve (none by default), background a share', () => {
    expect(budgetAllowances(60)).toEqual({
      placement: 60,
      interactive: 60,
      bulk: 60,
      background: 30,
      catalogue: 30,
    });
    expect(budgetAllowances(60, 6)).toEqual({
      placement: 60,
      interactive: 54,
      bulk: 54,
      background: 30,
      catalogue: 30,
    });
    expect(budgetAllowances(6, 1)).toEqual({
      placement: 6,
      interactive: 5,
      bulk: 5,
      background: 3,
      catalogue: 3,
    });
    expect(budgetAllowances(1)).toEqual({
      placement: 1,
      interactive: 1,
      bulk: 1,
      background: 1,
      catalogue: 1,
    });
    expect(budgetAllowances(10, 3)).toEqual({
      placement: 10,
      interactive: 7,
      bulk: 7,
      background: 5,
      catalogue: 5,
    });
  });

  it('hands out at most each priority allowance in one window (a minute in production)', async () => {
    await midWindow();
    const budget = createRequestBudget({
      redis,
      prefix: freshPrefix(),
      limitPerMinute: 10,
      placementReserve: 1,
      windowMs: WINDOW_MS,
    });
    const stop = new AbortController();
    for (let i = 0; i < 5; i++) await budget.acquire('background');
    const sixthBackground = track(budget, 'background', stop.signal);
    for (let i = 0; i < 4; i++) await budget.acquire('interactive');
    const tenthInteractive = track(budget, 'interactive', stop.signal);
    // The reserve is still there for a placement.
    const grant = await budget.acquire('placement');
    expect(grant).toEqual({ usedThisMinute: 10, limit: 10 });
    const extraPlacement = track(budget, 'placement', stop.signal);

    const snap = await budget.snapshot();
    expect(snap.usedThisMinute).toBe(10);
    await waitFor(
      async () => (await budget.snapshot()).waiting.placement === 1,
      15_000,
      'the placement waiter',
    );
    expect(sixthBackground.state.granted).toBe(false);
    expect(tenthInteractive.state.granted).toBe(false);
    expect(extraPlacement.state.granted).toBe(false);

    stop.abort();
    await Promise.all([sixthBackground.done, tenthInteractive.done, extraPlacement.done]);
    expect([sixthBackground.state.kind, tenthInteractive.state.kind, extraPlacement.state.kind]).toEqual([
      'aborted',
      'aborted',
      'aborted',
    ]);
    // Aborted waiters take their registration away.
    await waitFor(async () => {
      const w = (await budget.snapshot()).waiting;
      return w.placement + w.interactive + w.background === 0;
    });
  });

  it('keeps room for waiting placements when a shared pause ends', async () => {
    await midWindow();
    const prefix = freshPrefix();
    const options = { redis, prefix, limitPerMinute: 6, placementReserve: 1, windowMs: WINDOW_MS };
    const budget = createRequestBudget(options);
    const other = createRequestBudget(options);
    const until = await budget.pause(1);
    const stop = new AbortController();
    const background = [0, 1, 2].map(() => track(other, 'background', stop.signal));
    const interactive = [0, 1, 2].map(() => track(budget, 'interactive', stop.signal));
    const placements = [0, 1, 2, 3].map((i) => track(i % 2 ? other : budget, 'placement', stop.signal));

    await Promise.all(placements.map((p) => p.done));
    expect(placements.every((p) => p.state.granted)).toBe(true);
    expect(await redisNowMs(redis)).toBeGreaterThanOrEqual(until.getTime());
    // 6 slots, 4 placements waiting: interactive (allowance 5) gets at most 1, background (3) none.
    await waitFor(async () => (await budget.snapshot()).usedThisMinute >= 4);
    const snap = await budget.snapshot();
    expect(snap.usedThisMinute).toBeLessThanOrEqual(5);
    expect(interactive.filter((p) => p.state.granted).length).toBeLessThanOrEqual(1);
    expect(background.filter((p) => p.state.granted).length).toBe(0);
    stop.abort();
    await Promise.all([...background, ...interactive].map((p) => p.done));
  });

  it('tryAcquire takes a free slot, and otherwise answers null at once without queueing as a waiter', async () => {
    await midWindow();
    const budget = createRequestBudget({
      redis,
      prefix: freshPrefix(),
      limitPerMinute: 4,
      windowMs: WINDOW_MS,
    });
    // Background may use half of the window.
    expect(await budget.tryAcquire('background')).toEqual({ usedThisMinute: 1, limit: 4 });
    expect(await budget.tryAcquire('background')).toEqual({ usedThisMinute: 2, limit: 4 });
    expect(await budget.tryAcquire('background')).toBeNull();
    expect((await budget.snapshot()).waiting).toEqual(NOBODY_WAITING);
    // Being refused left nobody registered ahead of an interactive call.
    expect(await budget.tryAcquire('interactive')).toEqual({ usedThisMinute: 3, limit: 4 });

    await budget.pause(60);
    expect(await budget.tryAcquire('placement')).toBeNull();
    expect((await budget.snapshot()).waiting).toEqual(NOBODY_WAITING);
  });

  it("grants nothing in a window's last moment (the request would reach the service in the next window)", async () => {
    // A 4 s window: its last 200 ms grant nothing; a grant waits for the next window.
    const windowMs = 4_000;
    const budget = createRequestBudget({ redis, prefix: freshPrefix(), limitPerMinute: 4, windowMs });
    let checked = false;
    for (let tries = 0; tries < 5 && !checked; tries++) {
      const before = await redisNowMs(redis);
      const toEnd = windowMs - (before % windowMs);
      if (toEnd < 120 || toEnd > 180) {
        // Aim at 150 ms before the window's end.
        await new Promise((resolve) => setTimeout(resolve, (toEnd - 150 + windowMs) % windowMs));
        continue;
      }
      const answer = await budget.tryAcquire('placement');
      const after = await redisNowMs(redis);
      // Only an attempt wholly inside the edge counts (a slow machine may cross into the next window).
      if (Math.floor(after / windowMs) !== Math.floor(before / windowMs)) continue;
      expect(answer).toBeNull();
      checked = true;
    }
    expect(checked).toBe(true);
    // The next window grants at once.
    await waitFor(
      async () => (await budget.tryAcquire('placement')) !== null,
      5_000,
      'a grant in the next window',
    );
  });

  it('a 429 pause holds every instance until Retry-After, on the Redis clock', async () => {
    const prefix = freshPrefix();
    const a = createRequestBudget({ redis, prefix, limitPerMinute: 100 });
    const b = createRequestBudget({ redis, prefix, limitPerMinute: 100 });
    const until = await a.pause(1.2);
    const snap = await b.snapshot();
    expect(snap.pausedUntil?.getTime()).toBe(until.getTime());
    await b.acquire('placement');
    expect(await redisNowMs(redis)).toBeGreaterThanOrEqual(until.getTime());
    expect((await b.snapshot()).pausedUntil).toBeNull();
    // A shorter pause never shortens a longer one.
    const long = await a.pause(30);
    expect((await b.pause(1)).getTime()).toBe(long.getTime());
  });

  it('pauses until the next :00 when the 429 had no Retry-After', async () => {
    const budget = createRequestBudget({ redis, prefix: freshPrefix(), limitPerMinute: 100 });
    const before = await redisNowMs(redis);
    const until = (await budget.pause(undefined)).getTime();
    expect(until % 60_000).toBe(0);
    expect(until).toBeGreaterThan(before);
    expect(until - before).toBeLessThanOrEqual(60_000);
  });

  it('fails with budget-unavailable, quickly and clearly, when Redis is down', async () => {
    const lonely = await startRedisServer();
    const client = new Redis(lonely.url, { maxRetriesPerRequest: 1 });
    client.on('error', () => undefined);
    const budget = createRequestBudget({
      redis: client,
      prefix: freshPrefix(),
      limitPerMinute: 10,
      redisTimeoutMs: 500,
    });
    await budget.acquire('interactive');
    await lonely.stop(true);
    for (const attempt of [
      () => budget.acquire('placement'),
      () => budget.snapshot(),
      () => budget.pause(5),
    ]) {
      const error = await attempt().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isMerchantError(error) && error.kind).toBe('budget-unavailable');
      expect(String((error as Error).message)).toMatch(/Redis/);
    }
    client.disconnect();
    await lonely.dispose();
  });

  it('works again on a restarted Redis (scripts are reloaded)', async () => {
    const restartable = await startRedisServer();
    const client = new Redis(restartable.url);
    client.on('error', () => undefined);
    const budget = createRequestBudget({ redis: client, prefix: freshPrefix(), limitPerMinute: 10 });
    await budget.acquire('interactive');
    await restartable.stop(true);
    await restartable.start();
    await waitFor(() => client.status === 'ready', 15_000, 'reconnect');
    await expect(budget.acquire('interactive')).resolves.toMatchObject({ limit: 10 });
    client.disconnect();
    await restartable.dispose();
  });
});
