import { scheduleKeys } from './keys.ts';
import type { Redis } from 'ioredis';
import type { Occurrence, Repeat } from '../domain/schedule-time.ts';
import { defineScript } from '../lib/redis/redis-script.ts';
import type { Payer, UnattendedProduct } from '../orders/top-up.ts';

/**
 * Schedules in Redis: one hash per schedule (`<prefix>sched:<id>`: its fixed facts, its state, its next run and
 * its last run) and one set of schedule IDs per reseller (`<prefix>sched:u:<user id>`) plus one of every schedule
 * (`<prefix>sched:all`, read at start-up). Every change is one script that checks what it starts from, so a
 * pause, a delete and a run never overwrite each other. When each run happens is BullMQ's (schedules.ts).
 */

/** `active` runs; `paused` does not until resumed; `ended`: a one-time schedule that ran (kept a week for the list). */
export type ScheduleState = 'active' | 'paused' | 'ended';

/** What stays the same for the whole life of a schedule. */
export interface ScheduleFacts {
  id: string;
  payer: Payer;
  product: UnattendedProduct;
  /** Digits with the country code, no plus: what the order sends. */
  account: string;
  /** The number as the list shows it (middle digits masked). */
  masked: string;
  repeat: Repeat;
  /** IANA zone of the reseller when the schedule was made; its times are read there. */
  zone: string;
  createdAt: string;
  /** The payer gave their PIN when saving (the price was above their threshold). */
  pinGiven?: boolean;
}

/** How one run ended. */
export interface LastRun {
  period: string;
  at: number;
  placed: boolean;
  externalOrderId: string;
  orderId?: string;
  /** Why it was not placed: a locale key. */
  reason?: string;
}

export interface ScheduleRecord {
  facts: ScheduleFacts;
  state: ScheduleState;
  next?: Occurrence;
  last?: LastRun;
}

/** How long an ended one-time schedule stays listed. */
const ENDED_TTL_SECONDS = 7 * 86_400;

// KEYS: user set, record, all. ARGV: max, id, facts, next. 0 when the reseller already has `max`.
const CREATE = defineScript(`
if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[2], 'facts', ARGV[3], 'state', 'active', 'next', ARGV[4])
redis.call('SADD', KEYS[1], ARGV[2])
redis.call('SADD', KEYS[3], ARGV[2])
return 1
`);

// KEYS: record. ARGV: from, to, next ('' keeps it). 'ok', the state it was in, or 'gone'.
const TRANSITION = defineScript(`
local state = redis.call('HGET', KEYS[1], 'state')
if not state then return 'gone' end
if state ~= ARGV[1] then return state end
redis.call('HSET', KEYS[1], 'state', ARGV[2])
if ARGV[3] ~= '' then redis.call('HSET', KEYS[1], 'next', ARGV[3]) end
return 'ok'
`);

// KEYS: record, user set, all. ARGV: id.
const REMOVE = defineScript(`
local existed = redis.call('DEL', KEYS[1])
redis.call('SREM', KEYS[2], ARGV[1])
redis.call('SREM', KEYS[3], ARGV[1])
return existed
`);

// KEYS: record. ARGV: period, next ('' for none). Moves the next run on, only while the schedule is active and
// this period's run has not been recorded yet. 1 moved, 0 not (paused, ended, gone, or the period already ran).
const ADVANCE = defineScript(`
if redis.call('HGET', KEYS[1], 'state') ~= 'active' then return 0 end
local last = redis.call('HGET', KEYS[1], 'lastPeriod')
if last and last >= ARGV[1] then return 0 end
if ARGV[2] == '' then redis.call('HDEL', KEYS[1], 'next') else redis.call('HSET', KEYS[1], 'next', ARGV[2]) end
return 1
`);

// KEYS: record. ARGV: period, last run, 'end' | 'keep', ttl. Records the run once; a one-time schedule ends.
const RECORD_RUN = defineScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local last = redis.call('HGET', KEYS[1], 'lastPeriod')
if last and last >= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'lastPeriod', ARGV[1], 'last', ARGV[2])
if ARGV[3] == 'end' then
  redis.call('HSET', KEYS[1], 'state', 'ended')
  redis.call('HDEL', KEYS[1], 'next')
  redis.call('EXPIRE', KEYS[1], tonumber(ARGV[4]))
end
return 1
`);

/** Creates the schedule store under `prefix` (REDIS_PREFIX). */
export function createScheduleStore(redis: Redis, prefix: string) {
  const keys = scheduleKeys(prefix);

  function parse(fields: Record<string, string>): ScheduleRecord | null {
    if (fields['facts'] === undefined) return null;
    return {
      facts: JSON.parse(fields['facts']) as ScheduleFacts,
      state: (fields['state'] ?? 'active') as ScheduleState,
      ...(fields['next'] ? { next: JSON.parse(fields['next']) as Occurrence } : {}),
      ...(fields['last'] ? { last: JSON.parse(fields['last']) as LastRun } : {}),
    };
  }

  return {
    /** Stores a new active schedule; false when the reseller already has `max` schedules. */
    async create(facts: ScheduleFacts, next: Occurrence, max: number): Promise<boolean> {
      const userId = facts.payer.resellerId;
      await this.forgetExpired(userId);
      const created = await CREATE.run(
        redis,
        [keys.user(userId), keys.record(facts.id), keys.all],
        [max, facts.id, JSON.stringify(facts), JSON.stringify(next)],
      );
      return created === 1;
    },

    async get(id: string): Promise<ScheduleRecord | null> {
      return parse(await redis.hgetall(keys.record(id)));
    },

    /** A reseller's schedules, oldest first. */
    async listOf(userId: number): Promise<ScheduleRecord[]> {
      const ids = await redis.smembers(keys.user(userId));
      const records: ScheduleRecord[] = [];
      for (const id of ids) {
        const record = await this.get(id);
        if (record !== null) records.push(record);
      }
      return records.sort((a, b) => a.facts.createdAt.localeCompare(b.facts.createdAt));
    },

    /** Drops from the reseller's set the ended schedules whose record has expired. */
    async forgetExpired(userId: number): Promise<void> {
      for (const id of await redis.smembers(keys.user(userId))) {
        if ((await redis.exists(keys.record(id))) === 0) {
          await redis.srem(keys.user(userId), id);
          await redis.srem(keys.all, id);
        }
      }
    },

    /** Every schedule's ID (start-up makes sure each active one has its next run queued). */
    all: (): Promise<string[]> => redis.smembers(keys.all),

    /** `from` -> `to`; `next` replaces the next run when given. */
    async transition(id: string, from: ScheduleState, to: ScheduleState, next?: Occurrence) {
      const result = (await TRANSITION.run(
        redis,
        [keys.record(id)],
        [from, to, next === undefined ? '' : JSON.stringify(next)],
      )) as string;
      return result as 'ok' | 'gone' | ScheduleState;
    },

    async remove(id: string, userId: number): Promise<boolean> {
      return (await REMOVE.run(redis, [keys.record(id), keys.user(userId), keys.all], [id])) === 1;
    },

    /** Sets the next run after `period`'s (null: none) while active and `period` has not run; true when set. */
    async advance(id: string, period: string, next: Occurrence | null): Promise<boolean> {
      const moved = await ADVANCE.run(
        redis,
        [keys.record(id)],
        [period, next === null ? '' : JSON.stringify(next)],
      );
      return moved === 1;
    },

    /** Whether `period` has been recorded as run. */
    async ran(id: string, period: string): Promise<boolean> {
      const last = await redis.hget(keys.record(id), 'lastPeriod');
      return last !== null && last >= period;
    },

    /** Records `run` once per period; `end` ends a one-time schedule. False when already recorded or gone. */
    async recordRun(id: string, run: LastRun, end: boolean): Promise<boolean> {
      const recorded = await RECORD_RUN.run(
        redis,
        [keys.record(id)],
        [run.period, JSON.stringify(run), end ? 'end' : 'keep', ENDED_TTL_SECONDS],
      );
      return recorded === 1;
    },
  };
}
