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
}

const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;

export class ChatBusyError extends Error {
  override readonly name = 'ChatBusyError';
}

/**
 * Across replicas: a repeated update (same update_id) is handled once, and the updates of one chat are
 * never handled by two replicas at the same time (a short Redis lock per chat, renewed while the handler runs).
 */
export function updateGuard<C extends Context>(options: UpdateGuardOptions): MiddlewareFn<C> {
  const { redis, prefix } = options;
  const lockTtlMs = options.lockTtlMs ?? 15_000;
  const lockWaitMs = options.lockWaitMs ?? 30_000;
  const seenTtl = options.seenTtlSeconds ?? 86_400;

  return async (ctx, next) => {
    const seenKey = `${prefix}upd:${ctx.update.update_id}`;
    // 'p' while in progress (expires, so a crashed replica's update can be retried), 'd' once done.
    const claimed = await redis.set(seenKey, 'p', 'PX', lockWaitMs + lockTtlMs, 'NX');
    if (claimed === null) return;

    const chatId = ctx.chatId ?? ctx.from?.id;
    let done = false;
    try {
      if (chatId === undefined) {
        await next();
      } else {
        const lockKey = `${prefix}lock:chat:${chatId}`;
        const token = randomBytes(12).toString('hex');
        const deadline = Date.now() + lockWaitMs;
        let delay = 10;
        while ((await redis.set(lockKey, token, 'PX', lockTtlMs, 'NX')) === null) {
          if (Date.now() > deadline) throw new ChatBusyError(`chat ${chatId} stayed locked`);
          await sleep(delay);
          delay = Math.min(delay * 2, 200);
        }
        const renew = setInterval(
          () => {
            redis.eval(RENEW, 1, lockKey, token, String(lockTtlMs)).catch(() => {});
          },
          Math.floor(lockTtlMs / 3),
        );
        try {
          await next();
        } finally {
          clearInterval(renew);
          await redis.eval(RELEASE, 1, lockKey, token).catch(() => {});
        }
      }
      done = true;
    } finally {
      if (done) await redis.set(seenKey, 'd', 'EX', seenTtl).catch(() => {});
      else await redis.del(seenKey).catch(() => {});
    }
  };
}
