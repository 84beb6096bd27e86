import { botKeys } from '../keys.ts';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Context, MiddlewareFn } from 'grammy';
import type { Redis } from 'ioredis';

export interface UpdateGuardOptions {
  redis: Redis;
  prefix: string;
  /** How long a chat lock lives without renewal. */
  lockTtlMs?: number;
  /** How long an update may wait for its chat's lock before it is given up (and retried by Telegram). */
  lockWaitMs?: number;
  /** How long a handled update_id is remembered. */
  seenTtlSeconds?: number;
  /**
   * How long a repeated update waits for another handler of it (alive, or dead with its marker not yet
   * expired) before it is refused with UpdateInProgressError. Below grammY's webhook answer time, so
   * Telegram gets a non-2xx answer and delivers the update again.
   */
  heldWaitMs?: number;
}

const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;

/**
 * Where each update stands for the guard: `done` (handled), `running` (a handler holds it and is alive: it
 * renews its marker) or `free` (never claimed, or its handler died or failed: handling it again is safe).
 */
export async function updateStates(
  redis: Redis,
  prefix: string,
  updateIds: readonly number[],
): Promise<Array<'done' | 'running' | 'free'>> {
  if (updateIds.length === 0) return [];
  const marks = await redis.mget(...updateIds.map(botKeys(prefix).update));
  return marks.map((mark) => (mark === 'd' ? 'done' : mark === null ? 'free' : 'running'));
}

export class ChatBusyError extends Error {
  override readonly name = 'ChatBusyError';
}

/** Another handler holds this update (it may still be running): refused, so Telegram delivers it again. */
export class UpdateInProgressError extends Error {
  override readonly name = 'UpdateInProgressError';
}

/** The guard's Redis and its timings, defaults applied (see UpdateGuardOptions). */
interface Timings {
  redis: Redis;
  lockTtlMs: number;
  lockWaitMs: number;
  heldWaitMs: number;
}

/** A try to take the chat's lock, sent at `at` (performance.now()). */
interface LockTry {
  at: number;
  reply: Promise<string | null>;
}

/**
 * Across replicas: a repeated update (same update_id) is handled once, and the updates of one chat are
 * never handled by two replicas at the same time (a short Redis lock per chat, renewed while the handler runs).
 */
export function updateGuard<C extends Context>(options: UpdateGuardOptions): MiddlewareFn<C> {
  const { redis, prefix } = options;
  const timings: Timings = {
    redis,
    lockTtlMs: options.lockTtlMs ?? 15_000,
    lockWaitMs: options.lockWaitMs ?? 30_000,
    heldWaitMs: options.heldWaitMs ?? 5_000,
  };
  const { lockTtlMs } = timings;
  const seenTtl = options.seenTtlSeconds ?? 86_400;
  const keys = botKeys(prefix);

  return async (ctx, next) => {
    const seenKey = keys.update(ctx.update.update_id);
    const marker = `p:${randomBytes(12).toString('hex')}`;
    const chatId = ctx.chatId ?? ctx.from?.id;
    const lockKey = chatId === undefined ? undefined : keys.chatLock(chatId);
    const token = randomBytes(12).toString('hex');
    const claimed = await claimWithLock(timings, seenKey, marker, lockKey, token);
    if (claimed === 'handled') return;
    const heartbeat = setInterval(
      () => {
        redis.eval(RENEW, 1, seenKey, marker, String(lockTtlMs)).catch(() => {});
      },
      Math.floor(lockTtlMs / 3),
    );

    let done = false;
    let unlocked: Promise<unknown> | undefined;
    try {
      const chat = lockKey === undefined ? undefined : await holdChat(timings, lockKey, token, claimed.first);
      try {
        await next();
      } finally {
        unlocked = chat?.release();
      }
      done = true;
    } finally {
      clearInterval(heartbeat);
      const ended = done
        ? redis.set(seenKey, 'd', 'EX', seenTtl).catch(() => {})
        : redis.eval(RELEASE, 1, seenKey, marker).catch(() => {});
      await Promise.all([unlocked, ended]);
    }
  };
}

/**
 * Claims the update (`seenKey`: 'p:<token>' while in progress, renewed by its holder so it expires soon after a
 * crash; 'd' once done) and sends the first try of the chat's lock with it: one round trip for nearly every
 * update. 'handled': handled already. A lock taken for an update that turns out to be a repeat is given back at
 * once, so `first` is then undefined.
 */
async function claimWithLock(
  timings: Timings,
  seenKey: string,
  marker: string,
  lockKey: string | undefined,
  token: string,
): Promise<'handled' | { first: LockTry | undefined }> {
  const { redis, lockTtlMs } = timings;
  const claimed = redis.set(seenKey, marker, 'PX', lockTtlMs, 'NX');
  const first =
    lockKey === undefined
      ? undefined
      : { at: performance.now(), reply: redis.set(lockKey, token, 'PX', lockTtlMs, 'NX') };
  // When the claim fails first (Redis unreachable), nobody awaits the lock's reply: it must not end the process
  // as an unhandled rejection. Whoever awaits it still gets its error.
  first?.reply.catch(() => undefined);
  if ((await claimed) !== null) return { first };
  if (first !== undefined && lockKey !== undefined && (await first.reply.catch(() => null)) !== null) {
    await redis.eval(RELEASE, 1, lockKey, token).catch(() => {});
  }
  return (await claim(timings, seenKey, marker)) ? { first: undefined } : 'handled';
}

/**
 * Claims the update: true to handle it, false when it was handled already. The in-progress marker
 * (`p:<token>`) lives only as long as its holder renews it, so the update of a handler that died (SIGKILL)
 * is handled again once the marker expires; while it may still be alive, the update is refused.
 */
async function claim(
  { redis, lockTtlMs, heldWaitMs }: Timings,
  seenKey: string,
  marker: string,
): Promise<boolean> {
  const deadline = Date.now() + heldWaitMs;
  let delay = 20;
  for (;;) {
    if ((await redis.set(seenKey, marker, 'PX', lockTtlMs, 'NX')) !== null) return true;
    const current = await redis.get(seenKey);
    if (current === 'd') return false;
    if (current !== null) {
      if (Date.now() > deadline) throw new UpdateInProgressError(`update ${seenKey} is being handled`);
      await sleep(delay);
      delay = Math.min(delay * 2, 250);
    }
  }
}

/** The chat's lock (see lock), renewed while the handler runs, until it is released. */
async function holdChat(
  timings: Timings,
  lockKey: string,
  token: string,
  first: LockTry | undefined,
): Promise<{ release(): Promise<unknown> }> {
  const { redis, lockTtlMs } = timings;
  // Until when the lock is surely ours.
  let ownedUntil = await lock(timings, lockKey, token, first);
  const renew = setInterval(
    () => {
      const sentAt = performance.now();
      redis
        .eval(RENEW, 1, lockKey, token, String(lockTtlMs))
        .then((renewed) => {
          if (renewed === 1) ownedUntil = Math.max(ownedUntil, sentAt + lockTtlMs);
        })
        .catch(() => {});
    },
    Math.floor(lockTtlMs / 3),
  );
  return {
    release: () => {
      clearInterval(renew);
      // Well within its TTL the lock cannot have passed to anyone else: a plain DEL releases it. Near or past
      // the TTL, only if it still holds our token. Sent with the update's end marker, in one round trip.
      return (
        performance.now() < ownedUntil - lockTtlMs / 3
          ? redis.del(lockKey)
          : redis.eval(RELEASE, 1, lockKey, token)
      ).catch(() => {});
    },
  };
}

/**
 * Takes the chat's lock, waiting for it up to lockWaitMs, starting from a first try already sent at `first.at`.
 * Returns until when the lock is surely ours: its TTL counted from before the command that set it.
 */
async function lock(
  { redis, lockTtlMs, lockWaitMs }: Timings,
  lockKey: string,
  token: string,
  first: LockTry | undefined,
): Promise<number> {
  const deadline = Date.now() + lockWaitMs;
  let delay = 10;
  let attempt = first;
  for (;;) {
    attempt ??= { at: performance.now(), reply: redis.set(lockKey, token, 'PX', lockTtlMs, 'NX') };
    if ((await attempt.reply) !== null) return attempt.at + lockTtlMs;
    attempt = undefined;
    if (Date.now() > deadline) throw new ChatBusyError(`chat lock ${lockKey} stayed taken`);
    await sleep(delay);
    delay = Math.min(delay * 2, 200);
  }
}
