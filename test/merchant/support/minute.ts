import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';

/** Redis's clock in milliseconds (the clock the budget's minutes follow). */
export async function redisNowMs(redis: Redis): Promise<number> {
  const [sec, micro] = await redis.time();
  return Number(sec) * 1000 + Math.floor(Number(micro) / 1000);
}

/**
 * Makes sure at least `seconds` remain in the current Redis-clock minute, waiting for the next minute when not.
 * Tests that assert "this is refused until the next minute" use it so a minute boundary cannot hand out fresh
 * slots in the middle of the assertion; it waits at most `seconds`.
 */
export async function ensureMinuteHeadroom(redis: Redis, seconds: number): Promise<void> {
  const now = await redisNowMs(redis);
  const left = 60_000 - (now % 60_000);
  if (left < seconds * 1000) await sleep(left + 50);
}

/**
 * Waits until the current window of `windowMs` on Redis's clock is between `from` and `to` (fractions) of its way
 * through. Tests of a budget with a short window use it: past the window's first part, the pace that holds
 * background calls back early in a window lets them through; before its end, no new window hands out fresh slots
 * in the middle of an assertion.
 */
export async function enterWindowPhase(
  redis: Redis,
  windowMs: number,
  from: number,
  to: number,
): Promise<void> {
  const phase = (await redisNowMs(redis)) % windowMs;
  if (phase >= from * windowMs && phase <= to * windowMs) return;
  await sleep((from * windowMs - phase + windowMs) % windowMs);
}

/** Polls `check` until it returns true, failing after `timeoutMs` (generous: the machine may be slow). */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 15_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}
