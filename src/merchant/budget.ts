import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { defineScript, type RedisScript } from '../lib/redis/redis-script.ts';
import { abortableSleep } from './abort.ts';
import { MerchantAbortedError, MerchantBudgetUnavailableError } from './errors.ts';
import type { CallPriority } from './types.ts';

/**
 * One request budget for every replica, kept in Redis. Each HTTP call to the service takes one slot of
 * `limitPerMinute` in the current clock minute; minutes start at :00 on Redis's clock (`TIME` inside the
 * scripts), so replicas with skewed clocks agree. A 429 sets a shared pause every replica obeys.
 *
 * Priorities: a placement may use the whole minute, an interactive call all but a reserve kept for placements,
 * a background call only a share. A caller that has to wait registers as a waiter (with an expiry, so a crashed
 * replica cannot block anyone for long); lower priorities leave room for the higher-priority waiters, so when the
 * budget is short placements go first. `tryAcquire` (readiness probes) takes a slot only when one is free now and
 * never registers as a waiter.
 */

const ACQUIRE = `
local t = redis.call('TIME')
local sec = tonumber(t[1])
local now = sec * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = math.floor(sec / 60)
local windowEnd = (window + 1) * 60000
local priority = ARGV[1]
local allowance = tonumber(ARGV[2])
local id = ARGV[3]
local margin = tonumber(ARGV[4])
local yieldMs = tonumber(ARGV[5])
local wait = ARGV[6] ~= 'now'
local mine = KEYS[4]
if priority == 'placement' then mine = KEYS[2] elseif priority == 'interactive' then mine = KEYS[3] end
for i = 2, 4 do redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now) end
local used = 0
if tonumber(redis.call('HGET', KEYS[1], 'window') or '-1') == window then
  used = tonumber(redis.call('HGET', KEYS[1], 'used') or '0')
end
local pauseUntil = tonumber(redis.call('HGET', KEYS[1], 'pause_until') or '0')
if pauseUntil > now then
  if wait then redis.call('ZADD', mine, pauseUntil + margin, id) end
  return {0, pauseUntil - now, used, 1}
end
local ahead = 0
if priority ~= 'placement' then ahead = ahead + redis.call('ZCARD', KEYS[2]) end
if priority == 'background' then ahead = ahead + redis.call('ZCARD', KEYS[3]) end
if used + ahead < allowance then
  used = used + 1
  redis.call('HSET', KEYS[1], 'window', window, 'used', used)
  redis.call('ZREM', mine, id)
  return {1, windowEnd - now, used, 0}
end
local waitMs = windowEnd - now
if used < allowance and yieldMs < waitMs then waitMs = yieldMs end
if wait then redis.call('ZADD', mine, now + waitMs + margin, id) end
return {0, waitMs, used, 0}
`;

const PAUSE = `
local t = redis.call('TIME')
local sec = tonumber(t[1])
local now = sec * 1000 + math.floor(tonumber(t[2]) / 1000)
local untilMs
if ARGV[1] == '' then untilMs = (math.floor(sec / 60) + 1) * 60000 else untilMs = now + tonumber(ARGV[1]) end
local current = tonumber(redis.call('HGET', KEYS[1], 'pause_until') or '0')
if untilMs > current then
  redis.call('HSET', KEYS[1], 'pause_until', untilMs)
  current = untilMs
end
return {current, now}
`;

const SNAPSHOT = `
local t = redis.call('TIME')
local sec = tonumber(t[1])
local now = sec * 1000 + math.floor(tonumber(t[2]) / 1000)
local used = 0
if tonumber(redis.call('HGET', KEYS[1], 'window') or '-1') == math.floor(sec / 60) then
  used = tonumber(redis.call('HGET', KEYS[1], 'used') or '0')
end
local pauseUntil = tonumber(redis.call('HGET', KEYS[1], 'pause_until') or '0')
return {now, used, pauseUntil,
  redis.call('ZCOUNT', KEYS[2], now, '+inf'),
  redis.call('ZCOUNT', KEYS[3], now, '+inf'),
  redis.call('ZCOUNT', KEYS[4], now, '+inf')}
`;

export interface BudgetGrant {
  /** Slots taken in this clock minute, this one included. */
  usedThisMinute: number;
  limit: number;
}

export interface BudgetSnapshot {
  usedThisMinute: number;
  limit: number;
  pausedUntil: Date | null;
  waiting: Record<CallPriority, number>;
  /** Redis's clock when the snapshot was taken. */
  serverTime: Date;
}

/** The budget as the client sees it; tests and /health use `snapshot`. */
export interface RequestBudget {
  /** Waits for a slot (next minute, end of a pause) and takes it; throws budget-unavailable or aborted. */
  acquire(priority: CallPriority, signal?: AbortSignal): Promise<BudgetGrant>;
  /** Takes a slot only if one is free now (no pause, room in the minute); never waits, never queues. */
  tryAcquire(priority: CallPriority): Promise<BudgetGrant | null>;
  /** Shares a 429: every replica waits `retryAfterSeconds`, or until the next minute when it is unknown. */
  pause(retryAfterSeconds: number | undefined): Promise<Date>;
  snapshot(): Promise<BudgetSnapshot>;
  readonly limit: number;
}

export interface BudgetOptions {
  redis: Redis;
  /** REDIS_PREFIX. */
  prefix?: string;
  /** MERCHANT_RATE_LIMIT_PER_MINUTE. */
  limitPerMinute: number;
  /** Slots kept for placements; default 10% of the limit, at least 1. */
  placementReserve?: number;
  /** Share of the limit background calls may use; default 0.5. */
  backgroundShare?: number;
  /** A Redis call slower than this counts as Redis unreachable. */
  redisTimeoutMs?: number;
  /** How long a waiter's registration outlives its planned wake-up (covers event-loop stalls). */
  waiterMarginMs?: number;
  /** How soon a caller held back only by higher-priority waiters checks again. */
  yieldMs?: number;
  random?: () => number;
}

/** Slots of the minute each priority may use; always at least one. */
export function budgetAllowances(
  limit: number,
  placementReserve?: number,
  backgroundShare = 0.5,
): Record<CallPriority, number> {
  const total = Math.max(1, Math.floor(limit));
  const reserve = placementReserve ?? Math.max(1, Math.ceil(total * 0.1));
  return {
    placement: total,
    interactive: Math.max(1, total - Math.max(0, Math.floor(reserve))),
    background: Math.max(1, Math.min(total, Math.floor(total * backgroundShare))),
  };
}

const acquireScript = defineScript(ACQUIRE);
const pauseScript = defineScript(PAUSE);
const snapshotScript = defineScript(SNAPSHOT);

function numbers(reply: unknown): number[] {
  if (!Array.isArray(reply)) throw new Error('bad script reply');
  return reply.map((v) => Number(v));
}

/** Creates the shared per-minute request budget on the given Redis connection. */
export function createRequestBudget(options: BudgetOptions): RequestBudget {
  const { redis } = options;
  const prefix = options.prefix ?? 'rb:';
  const limit = Math.max(1, Math.floor(options.limitPerMinute));
  const allowance = budgetAllowances(limit, options.placementReserve, options.backgroundShare);
  const redisTimeoutMs = options.redisTimeoutMs ?? 2_000;
  const marginMs = options.waiterMarginMs ?? 5_000;
  const yieldMs = options.yieldMs ?? 200;
  const random = options.random ?? Math.random;
  const key = `${prefix}merchant:budget`;
  const keys = [key, `${key}:waiting:placement`, `${key}:waiting:interactive`, `${key}:waiting:background`];

  /** Runs a script, turning an unreachable or slow Redis into one clear error. */
  const call = async (runner: RedisScript, args: (string | number)[]): Promise<number[]> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new MerchantBudgetUnavailableError('Request budget unavailable: Redis did not answer in time'),
          ),
        redisTimeoutMs,
      );
    });
    try {
      return numbers(await Promise.race([runner.run(redis, keys, args), timeout]));
    } catch (error) {
      if (error instanceof MerchantBudgetUnavailableError) throw error;
      throw new MerchantBudgetUnavailableError('Request budget unavailable: Redis cannot be reached', {
        causeCode: error instanceof Error && 'code' in error ? String(error.code) : 'redis-error',
      });
    } finally {
      clearTimeout(timer);
    }
  };

  const forget = (priority: CallPriority, id: string): void => {
    const zset = keys[priority === 'placement' ? 1 : priority === 'interactive' ? 2 : 3] as string;
    redis.zrem(zset, id).catch(() => undefined);
  };

  return {
    limit,
    async acquire(priority, signal) {
      const id = randomBytes(8).toString('hex');
      for (;;) {
        if (signal?.aborted) {
          forget(priority, id);
          throw new MerchantAbortedError('Merchant API call aborted while waiting for the request budget', {
            mayHaveReached: false,
          });
        }
        const [granted = 0, waitMs = 0, used = 0] = await call(acquireScript, [
          priority,
          allowance[priority],
          id,
          marginMs,
          yieldMs,
          'wait',
        ]);
        if (granted === 1) return { usedThisMinute: used, limit };
        try {
          // A little jitter so waiters of every replica do not all wake on the same millisecond.
          await abortableSleep(
            Math.max(5, waitMs) + Math.floor(random() * 25),
            signal,
            'waiting for the request budget',
          );
        } catch (error) {
          forget(priority, id);
          throw error;
        }
      }
    },
    async tryAcquire(priority) {
      // 'now': the script neither registers a waiter nor holds anyone back for this caller.
      const id = randomBytes(8).toString('hex');
      const [granted = 0, , used = 0] = await call(acquireScript, [
        priority,
        allowance[priority],
        id,
        marginMs,
        yieldMs,
        'now',
      ]);
      return granted === 1 ? { usedThisMinute: used, limit } : null;
    },
    async pause(retryAfterSeconds) {
      const ms = retryAfterSeconds === undefined ? '' : Math.max(0, Math.ceil(retryAfterSeconds * 1000));
      const [until = 0] = await call(pauseScript, [ms]);
      return new Date(until);
    },
    async snapshot() {
      const [now = 0, used = 0, pauseUntil = 0, p = 0, i = 0, b = 0] = await call(snapshotScript, []);
      return {
        usedThisMinute: used,
        limit,
        pausedUntil: pauseUntil > now ? new Date(pauseUntil) : null,
        waiting: { placement: p, interactive: i, background: b },
        serverTime: new Date(now),
      };
    },
  };
}
