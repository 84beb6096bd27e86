import { merchantKeys } from './keys.ts';
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RedisScript } from '../lib/redis/redis-script.ts';
import { abortableSleep } from './abort.ts';
import {
  acquireScript,
  budgetAllowances,
  leaveScript,
  lineEta,
  pauseScript,
  snapshotScript,
} from './budget-line.ts';
import { MerchantAbortedError, MerchantBudgetUnavailableError, isMerchantError } from './errors.ts';
import { CALL_PRIORITIES, type CallPriority, type LinePlace, type LineView } from './types.ts';

/**
 * One request budget for every replica, kept in Redis, and one fair line in front of it. Each HTTP call to the
 * service takes one slot of `limitPerMinute` in the current clock minute; minutes start at :00 on Redis's clock
 * (`TIME` inside the scripts), so replicas with skewed clocks agree. A 429 sets a shared pause every replica obeys.
 *
 * The line: a call that cannot be served now keeps a place (a ticket) in Redis instead of failing. Tickets are
 * served by priority (placement > interactive > bulk > background > catalogue) and, inside a priority,
 * round-robin between owners (resellers): a ticket's round is one past its owner's previous ticket and never
 * below the round being served, so a reseller with fifty queued lines has at most one ahead of another's single
 * top-up. Each waiter renews its ticket's lease as it polls; a ticket whose waiter died keeps its place (dormant,
 * passed over) until the same id comes back (another replica resuming the order) or it is dropped after
 * `dormantKeepMs`. Placements, interactive and bulk calls may use the whole minute (less an optional reserve for
 * placements); background and catalogue calls a share, and only while the window's pace leaves room for the
 * higher priorities (a read never takes a slot an order would miss later in the same minute). Every key of the
 * scripts shares one hash tag, so the line can run on a Redis Cluster. The scripts and the line's maths are
 * budget-line.ts; this file is the budget every replica's client waits on.
 */

/** The `code` of the aborted error a waiter gets when its place was left (❌, /cancel). */
export const LEFT_LINE = 'left-line';

/**
 * Runs a call someone waits for until it is served: a 429 the client could not wait out has paused the shared
 * budget, so the call goes back in line instead of failing ("busy, try again" is never the answer).
 */
export async function untilServed<T>(call: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await call();
    } catch (error) {
      if (isMerchantError(error) && error.kind === 'rate-limited') continue;
      throw error;
    }
  }
}

interface BudgetGrant {
  /** Slots taken in this clock minute, this one included. */
  usedThisMinute: number;
  limit: number;
}

export interface BudgetSnapshot {
  usedThisMinute: number;
  limit: number;
  pausedUntil: Date | null;
  /** Places in the line, by priority (dormant ones included). */
  waiting: Record<CallPriority, number>;
  /** Redis's clock when the snapshot was taken. */
  serverTime: Date;
}

/** The budget as the client sees it; tests and /health use `snapshot`. */
export interface RequestBudget {
  /**
   * Waits in the line for a slot (next minute, end of a pause) and takes it; throws budget-unavailable, or
   * aborted (on the signal, or with code `left-line` when the place was left through `leave`).
   */
  acquire(priority: CallPriority, signal?: AbortSignal, place?: LinePlace): Promise<BudgetGrant>;
  /** Takes a slot only if one is free now and nobody waits ahead; never waits, never queues. */
  tryAcquire(priority: CallPriority): Promise<BudgetGrant | null>;
  /** Leaves the line: the waiting place `id` is removed and its waiter stops; false when it was not waiting. */
  leave(id: string): Promise<boolean>;
  /** Where a call of `priority` would stand if it joined the line now, and about how long it would wait. */
  estimate(priority: CallPriority): Promise<LineView>;
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
  /** Length of the budget's "minute"; the service's is 60 s. Only the bench and tests shorten it (AppOverrides). */
  windowMs?: number;
  /**
   * Slots of each minute only placements may take; default none. The line already serves a waiting placement
   * before any quote, so a reserve only helps a placement that arrives after the minute is spent, and it costs
   * the slots it leaves unused when no placement comes (every slot of a busy minute is meant to be used).
   */
  placementReserve?: number;
  /** A Redis call slower than this counts as Redis unreachable. */
  redisTimeoutMs?: number;
  /** How long a place stays live without its waiter checking in; after that it is passed over (dormant). */
  leaseMs?: number;
  /** How long a dormant place is kept for its waiter (or another replica) to come back. */
  dormantKeepMs?: number;
  /** Longest pause between two checks of a waiting place (its lease renewal and position). */
  pollMs?: number;
  random?: () => number;
}

function numbers(reply: unknown): number[] {
  if (!Array.isArray(reply)) throw new Error('bad script reply');
  return reply.map((v) => Number(v));
}

/** The options the line's scripts and maths use, defaults applied. */
interface LineSettings {
  limit: number;
  windowMs: number;
  edgeMs: number;
  allowance: Record<CallPriority, number>;
  leaseMs: number;
  dormantKeepMs: number;
  pollMs: number;
  random: () => number;
}

function lineSettings(options: BudgetOptions): LineSettings {
  const limit = Math.max(1, Math.floor(options.limitPerMinute));
  const windowMs = Math.max(1, Math.floor(options.windowMs ?? 60_000));
  return {
    limit,
    windowMs,
    // No grant this close to a window's end (half a second of a clock minute): see ACQUIRE (budget-line.ts).
    edgeMs: Math.min(500, Math.floor(windowMs / 20)),
    allowance: budgetAllowances(limit, options.placementReserve),
    leaseMs: options.leaseMs ?? 15_000,
    dormantKeepMs: options.dormantKeepMs ?? 300_000,
    pollMs: options.pollMs ?? 2_000,
    random: options.random ?? Math.random,
  };
}

/** Runs one of the budget's scripts and returns its numbers. */
type ScriptCall = (runner: RedisScript, args: (string | number)[]) => Promise<number[]>;

/** The script caller on `redis`, turning an unreachable or slow Redis into one clear error. */
function scriptCall(redis: Redis, keys: readonly string[], redisTimeoutMs: number): ScriptCall {
  return async (runner, args) => {
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
}

const rank = (priority: CallPriority): number => CALL_PRIORITIES.indexOf(priority) + 1;

/** ACQUIRE's arguments: `wait` keeps a place in the line, `now` only takes a slot that is free now. */
function acquireArgs(
  settings: LineSettings,
  priority: CallPriority,
  id: string,
  owner: string,
  mode: 'wait' | 'now',
): (string | number)[] {
  const { leaseMs, allowance, windowMs, dormantKeepMs, limit, edgeMs } = settings;
  return [
    id,
    rank(priority),
    owner,
    leaseMs,
    allowance[priority],
    mode,
    windowMs,
    dormantKeepMs,
    limit,
    edgeMs,
  ];
}

/** RequestBudget.acquire: waits in the line until served; a place this call made itself is left if it gives up. */
async function waitInLine(
  settings: LineSettings,
  call: ScriptCall,
  leave: (id: string) => Promise<boolean>,
  priority: CallPriority,
  signal: AbortSignal | undefined,
  place: LinePlace | undefined,
): Promise<BudgetGrant> {
  const { limit, windowMs } = settings;
  // A place of our own making dies with this call; a caller's stable id is kept for its next attempt.
  const ownId = place?.id === undefined;
  const id = place?.id ?? `call:${randomBytes(8).toString('hex')}`;
  const owner = place?.owner ?? id;
  for (;;) {
    if (signal?.aborted) {
      if (ownId) leave(id).catch(() => undefined);
      throw new MerchantAbortedError('Merchant API call aborted while waiting in line', {
        mayHaveReached: false,
      });
    }
    const [status = 0, waitMs = 0, used = 0, position = 0, toEnd = 0] = await call(
      acquireScript,
      acquireArgs(settings, priority, id, owner, 'wait'),
    );
    if (status === 1) return { usedThisMinute: used, limit };
    if (status === -1) {
      throw new MerchantAbortedError('The caller left the line', {
        mayHaveReached: false,
        code: LEFT_LINE,
      });
    }
    const view: LineView = {
      position,
      etaMs: lineEta(position, {
        used,
        allowance: settings.allowance[priority],
        msToWindowEnd: toEnd,
        windowMs,
        pausedMs: waitMs > toEnd ? waitMs : 0,
      }),
    };
    try {
      place?.onWait?.(view);
    } catch {
      // A display problem never costs the place.
    }
    try {
      // A little jitter so waiters of every replica do not all wake on the same millisecond.
      await abortableSleep(
        Math.max(5, Math.min(waitMs, settings.pollMs)) + Math.floor(settings.random() * 25),
        signal,
        'waiting in line for the request budget',
      );
    } catch (error) {
      if (ownId) leave(id).catch(() => undefined);
      throw error;
    }
  }
}

/** Creates the shared per-minute request budget and its line on the given Redis connection. */
export function createRequestBudget(options: BudgetOptions): RequestBudget {
  const settings = lineSettings(options);
  const { limit, windowMs, allowance, dormantKeepMs } = settings;
  const keys = merchantKeys(options.prefix ?? 'rb:').budget;
  const call = scriptCall(options.redis, keys, options.redisTimeoutMs ?? 2_000);
  const leave = async (id: string): Promise<boolean> => {
    const [gone = 0] = await call(leaveScript, [id, dormantKeepMs]);
    return gone === 1;
  };

  return {
    limit,
    acquire: (priority, signal, place) => waitInLine(settings, call, leave, priority, signal, place),
    async tryAcquire(priority) {
      // 'now': no place is taken; everyone already in line at this priority or above goes first.
      const probeId = `probe:${randomBytes(8).toString('hex')}`;
      const [status = 0, , used = 0] = await call(
        acquireScript,
        acquireArgs(settings, priority, probeId, 'probe', 'now'),
      );
      return status === 1 ? { usedThisMinute: used, limit } : null;
    },
    leave,
    async estimate(priority) {
      // Only the queues at this priority and above stand ahead.
      const [now = 0, used = 0, pauseUntil = 0, ...queued] = await call(snapshotScript, [
        windowMs,
        rank(priority),
        Date.now(),
      ]);
      const position = 1 + queued.reduce((sum, n) => sum + n, 0);
      return {
        position,
        etaMs: lineEta(position, {
          used,
          allowance: allowance[priority],
          msToWindowEnd: windowMs - (now % windowMs),
          windowMs,
          pausedMs: Math.max(0, pauseUntil - now),
        }),
      };
    },
    async pause(retryAfterSeconds) {
      const ms = retryAfterSeconds === undefined ? '' : Math.max(0, Math.ceil(retryAfterSeconds * 1000));
      const [until = 0] = await call(pauseScript, [ms, windowMs]);
      return new Date(until);
    },
    async snapshot() {
      const [now = 0, used = 0, pauseUntil = 0, ...queued] = await call(snapshotScript, [
        windowMs,
        CALL_PRIORITIES.length,
        Date.now(),
      ]);
      const waiting = Object.fromEntries(CALL_PRIORITIES.map((p, i) => [p, queued[i] ?? 0])) as Record<
        CallPriority,
        number
      >;
      return {
        usedThisMinute: used,
        limit,
        pausedUntil: pauseUntil > now ? new Date(pauseUntil) : null,
        waiting,
        serverTime: new Date(now),
      };
    },
  };
}
