import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { FOREVER, retryDelayWithin, type JobSystem, type JobWorker } from '../jobs/jobs.ts';
import { silentLogger, type LoggerLike } from '../domain/log.ts';
import { hookAt, type LifecycleHooks } from '../lib/hooks.ts';
import { delayOnGrid, nextReadPlan, type FollowUpTimings, type ReadPlan } from './follow-up-timings.ts';
import { LIST_PAGE } from './batched-reads.ts';
import { isClosed } from './commit.ts';
import { orderKeys } from './keys.ts';
import type { OrderStore } from './store.ts';
import type { StoredOrder } from './types.ts';

/**
 * Follow-up reads of unfinished orders (webhooks can be lost), as BullMQ jobs of the `follow-up` queue.
 *
 * - The order commit decides: a change that leaves an order placed and unfinished plans the read it needs. The
 *   first read of a change (step 0: most orders finish before it) waits in the due set, which the commit writes
 *   and the sweep (due.ts) turns into the read's job once due; any other is carried (delay and back-off step) in
 *   the change-stream entry, and the relay (relay.ts), a consumer group on the change stream, adds its job. The
 *   stream delivers at least once, several relays and sweeps may run: the job ID is derived from the order record,
 *   `read.<merchant order number>.<seq>.<step>` (seq: the change's number in the order's history), so each read
 *   is added once.
 * - A read that finds the order unchanged and unfinished adds the next one itself (next back-off step, its own
 *   ID); a read that changed the order leaves that to the change's entry; a read of an older change (a newer one
 *   has its own reads) or of a finished order does nothing.
 * - A webhook event that asks for a read now adds `read.<number>.<seq>.now-<event>` (no back-off chain of its own).
 * - Reads keep the request line's 'background' priority; a job whose worker died is taken over when its lock
 *   runs out, however often, and a read that cannot reach Redis is retried for ever: a read is never dropped.
 * - Planned reads come due on the timings' grid, and a process reads those due together with one list request
 *   (batched-reads.ts): a worker runs up to a list page of reads at once, most of them waiting for that request.
 */

export const FOLLOW_UP_QUEUE = 'follow-up';
const BACKOFF = 'follow-up';
/** Reads a worker runs at once by default: one list page, so that one batch can hold every read due. */
const READS_AT_ONCE = LIST_PAGE;

/** One read: `step` null for a read asked for by an event (outside the back-off). */
export interface FollowUpJob {
  ext: string;
  seq: number;
  step: number | null;
}

/** The job ID of read `step` (or of an event's read) of change `seq` of an order. */
export function readJobId(externalOrderId: string, seq: number, step: number | string): string {
  // BullMQ refuses ':' in IDs; merchant order numbers and event names carry none. seq and step come last and
  // have no dot, so two orders never share an ID.
  return `read.${externalOrderId}.${seq}.${step}`;
}

export interface FollowUpPlannerDeps {
  jobs: JobSystem;
  redis: Redis;
  prefix: string;
  timings: FollowUpTimings;
}

/** Adds follow-up reads (any process may); the service, the relay and the reads use it. */
export function createFollowUpPlanner(deps: FollowUpPlannerDeps) {
  const queue = deps.jobs.queue<FollowUpJob>(FOLLOW_UP_QUEUE);

  async function add(data: FollowUpJob, jobId: string, delayMs: number): Promise<void> {
    await queue.add('read', data, {
      jobId,
      delay: Math.max(0, Math.floor(delayMs)),
      attempts: FOREVER,
      backoff: { type: BACKOFF },
    });
  }

  return {
    queue,

    /**
     * Plans read `plan.step` of change `seq` of an order (a no-op when that read was added before), due on the
     * timings' grid so that it is read in one batch with the others due then (on Date.now: BullMQ counts a
     * delay from it).
     */
    plan: (externalOrderId: string, seq: number, plan: ReadPlan): Promise<void> =>
      add(
        { ext: externalOrderId, seq, step: plan.step },
        readJobId(externalOrderId, seq, plan.step),
        delayOnGrid(Date.now(), Math.max(0, Math.floor(plan.delayMs)), deps.timings.gridMs),
      ),

    /** A read now, caused by `cause` (an event's name) at change `seq`; once per cause. */
    readNow: (externalOrderId: string, seq: number, cause: string): Promise<void> =>
      add({ ext: externalOrderId, seq, step: null }, readJobId(externalOrderId, seq, `now-${cause}`), 0),

    /** Orders and changes (`<number>@<seq>`) with a read waiting (a job, or the first in the due set) or running. */
    async pending(): Promise<Set<string>> {
      const jobs = await queue.getJobs(['active', 'delayed', 'wait', 'prioritized']);
      const out = new Set<string>(await deps.redis.zrange(orderKeys(deps.prefix).dueReads, '0', '-1'));
      for (const job of jobs) {
        if (job?.data !== undefined && job.data.step !== null) out.add(`${job.data.ext}@${job.data.seq}`);
      }
      return out;
    },

    /**
     * Plans a read now for change `seq` of an order with none waiting: the first back-off step whose job was
     * never added (or was trimmed), so that replicas repairing at once add the same job. False if one appeared.
     */
    async repair(externalOrderId: string, seq: number): Promise<boolean> {
      for (let step = 0; step < 100_000; step++) {
        const state = await queue.getJobState(readJobId(externalOrderId, seq, step));
        if (state === 'completed' || state === 'failed') continue;
        if (state !== 'unknown') return false;
        await add({ ext: externalOrderId, seq, step }, readJobId(externalOrderId, seq, step), 0);
        return true;
      }
      return false;
    },
  };
}

export type FollowUpPlanner = ReturnType<typeof createFollowUpPlanner>;

/** What a read needs of the order service (service.ts gives it): the order, the stale alert and a read at the service. */
interface FollowUpReader {
  store: Pick<OrderStore, 'get'>;
  followUpTimings: FollowUpTimings;
  reportIfStale(order: StoredOrder): Promise<void>;
  refresh(
    externalOrderId: string,
    options: { priority: 'background'; source: 'poll'; followUp?: ReadPlan; batched: true },
  ): Promise<StoredOrder | null>;
}

export interface FollowUpReadsDeps {
  jobs: JobSystem;
  service: FollowUpReader;
  planner: Pick<FollowUpPlanner, 'plan'>;
  logger?: LoggerLike;
  hooks?: LifecycleHooks;
}

/** Runs the follow-up reads in this process (ROLE all or worker). */
export function workFollowUps(deps: FollowUpReadsDeps): JobWorker {
  const { service, planner } = deps;
  const { store } = service;
  const timings = service.followUpTimings;
  const logger = deps.logger ?? silentLogger;

  async function read(job: Job<FollowUpJob>): Promise<void> {
    const { ext: externalOrderId, seq, step } = job.data;
    const order = await store.get(externalOrderId);
    if (order === null || order.placement !== 'placed' || isClosed(order)) return;
    // A newer change planned its own reads.
    if (step !== null && order.history.length !== seq) return;
    await service.reportIfStale(order);
    await hookAt(deps.hooks, 'follow-up-check', {
      externalOrderId,
      ...(step === null ? {} : { step }),
      dueAt: job.timestamp + (job.opts.delay ?? 0),
      reclaimed: job.stalledCounter > 0,
      ...(job.id === undefined ? {} : { job: job.id }),
    });
    let after = order;
    // A change this read makes carries the next read (its entry reaches the relay).
    const next = step === null ? undefined : nextReadPlan(step, timings);
    try {
      after =
        (await service.refresh(externalOrderId, {
          priority: 'background',
          source: 'poll',
          batched: true,
          ...(next === undefined ? {} : { followUp: next }),
        })) ?? order;
    } catch (error) {
      logger.warn({ err: error, externalOrderId }, 'follow-up read failed; will retry');
    }
    if (next === undefined || isClosed(after) || after.history.length !== seq) return;
    await planner.plan(externalOrderId, seq, next);
  }

  return deps.jobs.work<FollowUpJob>(FOLLOW_UP_QUEUE, read, {
    concurrency: READS_AT_ONCE,
    lockDurationMs: timings.leaseMs,
    // A read whose run threw (Redis away) is tried again within a lease, however often it failed before.
    backoffStrategy: retryDelayWithin(timings.leaseMs),
    // A read whose worker died is taken over however often that happens: it is never dropped.
    maxStalledCount: FOREVER,
  });
}
