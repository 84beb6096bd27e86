import { randomBytes } from 'node:crypto';
import { DelayedError, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  FOREVER,
  JOB_FETCH_MAX_MS,
  jobRecoveryBoundMs,
  retryDelayWithin,
  type JobSystem,
  type JobWorker,
} from '../jobs/jobs.ts';
import { LOOP_MAX_ERROR_MS } from '../lib/loop.ts';
import { DUE_PERIOD_MAX_MS } from './due.ts';
import { defineScript } from '../lib/redis/redis-script.ts';
import { orderKeys } from './keys.ts';

/**
 * Placement re-sends of orders without a definite answer, as BullMQ jobs of the `placement` queue.
 *
 * - Storing an intent (the order commit) takes the order's send lock for its sender and plans a re-send after the
 *   lock's lease in the due set; the sweep (due.ts) adds it as the job `send.<merchant order number>.0` once due. A
 *   send whose outcome stays unknown plans `send.<number>.<step+1>` after the next back-off delay. An order placed
 *   or refused has its lock and its due entry dropped in the same commit; its jobs then do nothing.
 * - The send lock (`<prefix>orders:send-lock:<number>`, a token with a lease, renewed during a send) is what BullMQ
 *   cannot give: the sender that stored the intent sends at once, outside any job, and no job may send the same
 *   order meanwhile; a job that finds the lock held waits for the lease and tries again.
 */

export const PLACEMENT_QUEUE = 'placement';

/** A hold of an order's send lock: only the holder of `token` may renew it or let it go. */
export interface Claim {
  /** The order's merchant order number. */
  member: string;
  token: string;
  /** The re-send this hold serves (0: the first; the sender that stored the intent holds step 0 too). */
  step: number;
}

/** A fresh send-lock token for a sender that stores an intent and sends it itself. */
export function newClaimToken(): string {
  return `own-${randomBytes(8).toString('hex')}`;
}
const BACKOFF = 'placement';
/** A job that found the send lock held runs again this long after the lock's end (clock steps between processes). */
const LOCK_MARGIN_MS = 50;

export interface PlacementJob {
  ext: string;
  step: number;
}

/** The job ID of re-send `step` of an order. */
export function sendJobId(externalOrderId: string, step: number): string {
  return `send.${externalOrderId}.${step}`;
}

// KEYS: lock ; ARGV: token, lease ms. Takes a free lock, or extends one this token holds.
const takeScript = defineScript(`
local v = redis.call('GET', KEYS[1])
if v and v ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', tonumber(ARGV[2]))
return 1
`);

// KEYS: lock ; ARGV: token, lease ms. Extends the lock only while this token holds it.
const renewScript = defineScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
return 1
`);

// KEYS: lock ; ARGV: token. Lets go of the lock only while this token holds it.
const releaseScript = defineScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
return 1
`);

export interface PlacementJobsDeps {
  jobs: JobSystem;
  redis: Redis;
  prefix: string;
}

/** The placement re-sends: their jobs and the send lock (any process may use it). */
export function createPlacementJobs(deps: PlacementJobsDeps) {
  const { redis } = deps;
  const keys = orderKeys(deps.prefix);
  const queue = deps.jobs.queue<PlacementJob>(PLACEMENT_QUEUE);

  async function plan(externalOrderId: string, step: number, delayMs: number): Promise<void> {
    await queue.add(
      'send',
      { ext: externalOrderId, step },
      {
        jobId: sendJobId(externalOrderId, step),
        delay: Math.max(0, Math.floor(delayMs)),
        attempts: FOREVER,
        backoff: { type: BACKOFF },
      },
    );
  }

  return {
    queue,
    plan,

    /** Takes the order's send lock for `token` (or extends it when `token` holds it); false when another holds it. */
    async take(externalOrderId: string, token: string, leaseMs: number): Promise<boolean> {
      return (
        (await takeScript.run(redis, [keys.sendLock(externalOrderId)], [token, Math.max(1, leaseMs)])) === 1
      );
    },

    /** How much longer the order's send lock lives (ms); 0 when it is free. */
    async heldForMs(externalOrderId: string): Promise<number> {
      return Math.max(0, await redis.pttl(keys.sendLock(externalOrderId)));
    },

    /** Extends a held lock from now; false when it was lost (its lease ran out and another took it, or it closed). */
    async renew(claim: Claim, leaseMs: number): Promise<boolean> {
      const held = await renewScript.run(
        redis,
        [keys.sendLock(claim.member)],
        [claim.token, Math.max(1, Math.round(leaseMs))],
      );
      return held === 1;
    },

    /**
     * Ends a send: lets go of the lock and, with a delay, plans the next re-send (step + 1). The job of the step
     * that ended is dropped when it still waits (the sender that stored the intent ended it before its lease).
     */
    async complete(claim: Claim, nextDelayMs: number | null): Promise<void> {
      if (nextDelayMs !== null) await plan(claim.member, claim.step + 1, nextDelayMs);
      await releaseScript.run(redis, [keys.sendLock(claim.member)], [claim.token]);
      if (nextDelayMs !== null) {
        // A running job is locked by BullMQ and stays; only a waiting one is dropped.
        await queue.remove(sendJobId(claim.member, claim.step)).catch(() => 0);
      }
    },

    /** Orders with a re-send waiting (as a job, or the first in the due set) or running. */
    async pending(): Promise<Set<string>> {
      const jobs = await queue.getJobs(['active', 'delayed', 'wait', 'prioritized']);
      const planned = await redis.zrange(keys.dueSends, '0', '-1');
      return new Set([
        ...planned,
        ...jobs.filter((job) => job?.data !== undefined).map((job) => job.data.ext),
      ]);
    },

    /** Plans a re-send now for an order with none waiting (the first step never added): false if one appeared. */
    async repair(externalOrderId: string): Promise<boolean> {
      for (let step = 0; step < 100_000; step++) {
        const state = await queue.getJobState(sendJobId(externalOrderId, step));
        if (state === 'completed' || state === 'failed') continue;
        if (state !== 'unknown') return false;
        await plan(externalOrderId, step, 0);
        return true;
      }
      return false;
    },
  };
}

export type PlacementJobs = ReturnType<typeof createPlacementJobs>;

export interface PlacementWorkerDeps {
  jobs: JobSystem;
  placements: Pick<PlacementJobs, 'take' | 'heldForMs'>;
  leaseMs: number;
  /** Re-sends one order held under `claim` (service.resendOne). */
  resend: (externalOrderId: string, claim: Claim) => Promise<void>;
  concurrency?: number;
}

/** Runs the placement re-sends in this process (ROLE all or worker). */
export function workPlacements(deps: PlacementWorkerDeps): JobWorker {
  async function run(job: Job<PlacementJob>, token?: string): Promise<void> {
    const { ext: externalOrderId, step } = job.data;
    // A token per run: a run BullMQ took for stalled while the first still sends must not share its lock.
    const lockToken = `job-${randomBytes(8).toString('hex')}`;
    if (!(await deps.placements.take(externalOrderId, lockToken, deps.leaseMs))) {
      // Another sender holds the order (the one that stored it, or a worker that may have died): once its lock
      // runs out (a lease at most), not a whole lease from now, which would add a lease to every recovery.
      const heldMs = await deps.placements.heldForMs(externalOrderId);
      await job.moveToDelayed(Date.now() + Math.min(deps.leaseMs, heldMs + LOCK_MARGIN_MS), token);
      throw new DelayedError();
    }
    await deps.resend(externalOrderId, { member: externalOrderId, token: lockToken, step });
  }

  return deps.jobs.work<PlacementJob>(PLACEMENT_QUEUE, run, {
    concurrency: deps.concurrency ?? 10,
    lockDurationMs: deps.leaseMs,
    // A re-send whose run threw (Redis away) is tried again within a lease, however often it failed before.
    backoffStrategy: retryDelayWithin(deps.leaseMs),
    // A re-send whose worker died is taken over however often that happens: it is never dropped.
    maxStalledCount: FOREVER,
  });
}

/**
 * The bound on how long a confirmed order (its intent stored, still placing) waits for its next send once Redis
 * answers again after a restart or failover (R), whatever it was doing then:
 * - its re-send job was held up by the outage (due, failed, or running when Redis went away): jobRecoveryBoundMs
 *   with the lease as lock and as longest back-off, since a job that finds the send lock held waits only until
 *   it runs out, and that lock was last renewed before R (a lease at most);
 * - its first re-send still waits in the due set (due.ts): it is due a lease after its intent at most (before R);
 *   the sweep's loop tries again LOOP_MAX_ERROR_MS after failing and then every period, and the job it adds is
 *   taken within JOB_FETCH_MAX_MS.
 * Production (a 60 s lease): 43 + max(60 + 30 + 5, 60) = 138 s, and 43 + 5 + 60 + 1 = 109 s; the soak's timings
 * (an 8 s lease): 64 s. The send itself then waits its turn in the request line.
 */
export function placementRecoveryBoundMs(timings: { leaseMs: number }): number {
  const jobs = jobRecoveryBoundMs({ lockDurationMs: timings.leaseMs, retryMaxMs: timings.leaseMs });
  const swept = JOB_FETCH_MAX_MS + LOOP_MAX_ERROR_MS + timings.leaseMs + DUE_PERIOD_MAX_MS;
  return Math.max(jobs, swept);
}
