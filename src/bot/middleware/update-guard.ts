import { botKeys } from '../keys.ts';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Context, MiddlewareFn } from 'grammy';
import type { Redis } from 'ioredis';

/**
 * What an update reads first (its chat's state), fetched in the round trip that takes its lock: `use` runs the rest
 * of the update with the values.
 */
export interface FirstRead<C> {
  keysOf(ctx: C): string[];
  use(ctx: C, values: Array<Buffer | null>, next: () => Promise<void>): Promise<void>;
}

export interface UpdateGuardOptions<C> {
  redis: Redis;
  prefix: string;
  /** How long a lock lives without renewal. */
  lockTtlMs?: number;
  /** How long an update may wait for its chat's lock before it is given up (and retried by Telegram). */
  lockWaitMs?: number;
  firstRead?: FirstRead<C>;
}

const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;

/** The lock an update holds while it runs: its chat's, else its user's, else its own (botKeys). */
function lockOf(keys: ReturnType<typeof botKeys>, ctx: Context): string {
  const owner = ctx.chatId ?? ctx.from?.id;
  return owner === undefined ? keys.updateLock(ctx.update.update_id) : keys.chatLock(owner);
}

/**
 * Where each update stands for the guard: `done` (handled), `running` (a live handler holds its lock, which names
 * it) or `free` (never handled, or its handler died or failed: handling it again is safe). `chatId`: the chat whose
 * lock the update takes.
 */
export async function updateStates(
  redis: Redis,
  prefix: string,
  updates: ReadonlyArray<{ updateId: number; chatId: number }>,
): Promise<Array<'done' | 'running' | 'free'>> {
  if (updates.length === 0) return [];
  const keys = botKeys(prefix);
  const marks = await redis.mget(
    ...updates.flatMap(({ updateId, chatId }) => [keys.update(updateId), keys.chatLock(chatId)]),
  );
  return updates.map(({ updateId }, i) => {
    if (marks[2 * i] === 'd') return 'done';
    return marks[2 * i + 1]?.startsWith(`${updateId}:`) === true ? 'running' : 'free';
  });
}

export class ChatBusyError extends Error {
  override readonly name = 'ChatBusyError';
}

/** The guard's Redis and its timings, defaults applied (see UpdateGuardOptions). */
interface Timings {
  redis: Redis;
  lockTtlMs: number;
  lockWaitMs: number;
}

/**
 * Across replicas: a repeated update (same update_id) is handled once, and the updates of one chat are never
 * handled by two replicas at the same time. The chat's lock (short, renewed while the handler runs) names the
 * update that holds it; the update's mark (`d`, kept a day) is written once it is handled, before the lock goes, and
 * read with the lock's first try, so the next holder of the lock, a repeat of the update included, sees it. A
 * handler that dies leaves neither: once its lock expires the update is handled again; one that fails releases the
 * lock and leaves no mark, so Telegram's redelivery is handled.
 */
export function updateGuard<C extends Context>(options: UpdateGuardOptions<C>): MiddlewareFn<C> {
  const { redis, prefix, firstRead } = options;
  const timings: Timings = {
    redis,
    lockTtlMs: options.lockTtlMs ?? 15_000,
    lockWaitMs: options.lockWaitMs ?? 30_000,
  };
  // How long a handled update_id is remembered.
  const seenTtl = 86_400;
  const keys = botKeys(prefix);

  return async (ctx, next) => {
    const updateId = ctx.update.update_id;
    const seenKey = keys.update(updateId);
    const token = `${updateId}:${randomBytes(9).toString('base64url')}`;
    const readKeys = [seenKey, ...(firstRead?.keysOf(ctx) ?? [])];
    const { lock, values } = await holdLock(timings, lockOf(keys, ctx), token, readKeys);
    let done = false;
    try {
      if (values[0]?.toString('utf8') === 'd') return;
      await (firstRead === undefined ? next() : firstRead.use(ctx, values.slice(1), next));
      done = true;
    } finally {
      // The mark goes first, on the same connection: no other holder of the lock can miss it.
      const marked = done ? redis.set(seenKey, 'd', 'EX', seenTtl).catch(() => {}) : undefined;
      await Promise.all([marked, lock.release()]);
    }
  };
}

/**
 * Takes the lock (waiting for it up to lockWaitMs) and reads `readKeys` right after it in the same round trip on
 * its first try (after a failed try, once it is taken), then renews it while the handler runs, until released.
 */
async function holdLock(
  timings: Timings,
  lockKey: string,
  token: string,
  readKeys: string[],
): Promise<{ lock: { release(): Promise<unknown> }; values: Array<Buffer | null> }> {
  const { redis, lockTtlMs, lockWaitMs } = timings;
  const deadline = Date.now() + lockWaitMs;
  let delay = 10;
  // Until when the lock is surely ours: its TTL counted from before the command that set it.
  let ownedUntil: number;
  let values: Array<Buffer | null>;
  for (let attempt = 0; ; attempt++) {
    const at = performance.now();
    const taken = redis.set(lockKey, token, 'PX', lockTtlMs, 'NX');
    const read = attempt === 0 ? redis.mgetBuffer(...readKeys) : undefined;
    // Read with a lock not taken: its values are dropped, and its error too when the lock's answer comes first.
    read?.catch(() => undefined);
    if ((await taken) !== null) {
      ownedUntil = at + lockTtlMs;
      try {
        values = await (read ?? redis.mgetBuffer(...readKeys));
      } catch (error) {
        await redis.eval(RELEASE, 1, lockKey, token).catch(() => {});
        throw error;
      }
      break;
    }
    if (Date.now() > deadline) throw new ChatBusyError(`lock ${lockKey} stayed taken`);
    await sleep(delay);
    delay = Math.min(delay * 2, 200);
  }
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
  const lock = {
    release: () => {
      clearInterval(renew);
      // Well within its TTL the lock cannot have passed to anyone else: a plain DEL releases it. Near or past
      // the TTL, only if it still holds our token.
      return (
        performance.now() < ownedUntil - lockTtlMs / 3
          ? redis.del(lockKey)
          : redis.eval(RELEASE, 1, lockKey, token)
      ).catch(() => {});
    },
  };
  return { lock, values };
}
