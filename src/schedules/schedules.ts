import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { silentLogger, type LoggerLike } from '../domain/log.ts';
import { isKnownZone, nextOccurrence, type Occurrence } from '../domain/schedule-time.ts';
import {
  createScheduleRuns,
  enqueueRun,
  SCHEDULE_QUEUE,
  scheduleJobId,
  type ScheduleJob,
  type ScheduleRunDeps,
} from './runs.ts';
import { createScheduleStore, type ScheduleFacts, type ScheduleRecord } from './store.ts';

/**
 * Scheduled and recurring top-ups on BullMQ (src/jobs). Each run of a schedule is one delayed job whose ID is
 * derived from (schedule, period), the period being the run's local date (domain/schedule-time.ts); the order
 * it places has a merchant order number derived from the same pair. So two replicas adding the run, a job
 * retried after a crash, a restart re-queuing it, all name one job and one order: a period is placed at most
 * once, and, its job being durable in Redis until a worker ran it, never skipped (a run due while no worker was
 * up runs when one is, late). Each run first queues the next period's job, then quotes (the bulk lines'
 * priority, round-robin by reseller), and places through `OrderService.submit` (credit hold, limits, the
 * same-number guard, exactly-once placement). A run that cannot place is reported with the reason and not
 * retried: the schedule goes on to its next period; a one-time schedule ends.
 *
 * Why not BullMQ's job schedulers (repeatable jobs): a cron pattern cannot say "the 31st, or the month's last
 * day when it has none", and their job IDs are BullMQ's; a chain of delayed jobs keeps the period ours.
 */

/** Schedules one reseller may have (one-time schedules that ran count until they leave the list, a week later). */
export const MAX_SCHEDULES_PER_USER = 10;

export interface SchedulesDeps extends Omit<ScheduleRunDeps, 'store' | 'clock' | 'logger'> {
  redis: Redis;
  prefix: string;
  /** Now, in ms; tests set it near a run (the delay until a run is real time: next run − now). */
  clock?: () => number;
  logger?: LoggerLike;
}

export type CreateResult =
  { kind: 'created'; schedule: ScheduleRecord } | { kind: 'past' } | { kind: 'limit'; max: number };

/** Creates the schedules service: what the chat asks, and the runs (`runJobs`, in processes that run jobs). */
export function createSchedules(deps: SchedulesDeps) {
  const store = createScheduleStore(deps.redis, deps.prefix);
  const clock = deps.clock ?? Date.now;
  const max = MAX_SCHEDULES_PER_USER;
  const enqueue = (id: string, next: Occurrence) => enqueueRun({ jobs: deps.jobs, clock }, id, next);

  async function own(id: string, userId: number): Promise<ScheduleRecord | null> {
    const record = await store.get(id);
    return record !== null && record.facts.payer.resellerId === userId ? record : null;
  }

  return {
    store,
    ...createScheduleRuns({ ...deps, store, clock, logger: deps.logger ?? silentLogger }),

    /** Stores a schedule and queues its first run; refused when its time has passed or at the reseller's maximum. */
    async create(input: Omit<ScheduleFacts, 'id' | 'createdAt'>): Promise<CreateResult> {
      const zone = isKnownZone(input.zone) ? input.zone : 'UTC';
      const next = nextOccurrence(input.repeat, zone, clock());
      if (next === null) return { kind: 'past' };
      const facts: ScheduleFacts = {
        id: randomBytes(9).toString('base64url'),
        payer: input.payer,
        product: input.product,
        account: input.account,
        masked: input.masked,
        repeat: input.repeat,
        zone,
        createdAt: new Date(clock()).toISOString(),
        ...(input.pinGiven === true ? { pinGiven: true } : {}),
      };
      if (!(await store.create(facts, next, max))) return { kind: 'limit', max };
      await enqueue(facts.id, next);
      return { kind: 'created', schedule: { facts, state: 'active', next } };
    },

    /** The reseller's own schedules, oldest first. */
    list: (userId: number) => store.listOf(userId),

    /** One of the reseller's own schedules, or null. */
    get: own,

    async pause(id: string, userId: number) {
      if ((await own(id, userId)) === null) return 'gone' as const;
      // The queued run stays: it finds the schedule paused and does nothing; resuming before it keeps it.
      return store.transition(id, 'active', 'paused');
    },

    async resume(id: string, userId: number) {
      const record = await own(id, userId);
      if (record === null) return 'gone' as const;
      const next = nextOccurrence(record.facts.repeat, record.facts.zone, clock());
      if (next === null) {
        // A one-time schedule whose time passed while it was paused: it ends.
        await store.transition(id, 'paused', 'ended');
        return 'past' as const;
      }
      const result = await store.transition(id, 'paused', 'active', next);
      if (result === 'ok') await enqueue(id, next);
      return result;
    },

    async remove(id: string, userId: number) {
      const record = await own(id, userId);
      if (record === null) return 'gone' as const;
      await store.remove(id, userId);
      // The queued run would find nothing and do nothing; removed to leave nothing behind (a running one stays).
      if (record.next !== undefined) {
        await deps.jobs
          .queue<ScheduleJob>(SCHEDULE_QUEUE)
          .remove(scheduleJobId(id, record.next.period))
          .catch(() => undefined);
      }
      return 'ok' as const;
    },
  };
}

export type Schedules = ReturnType<typeof createSchedules>;
