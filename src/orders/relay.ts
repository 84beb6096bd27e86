import type { Redis } from 'ioredis';
import type { LoggerLike } from '../domain/log.ts';
import { workChanges, type ChangeEntry, type ChangeHandler } from './changes.ts';
import { nextReadPlan, type FollowUpTimings, type ReadPlan } from './follow-up-timings.ts';
import type { FollowUpPlanner } from './follow-ups.ts';

/**
 * The relay from order changes to BullMQ jobs: the other half of the transactional outbox that the order store's
 * commit writes (its change stream, orders/changes.ts), and the change stream's one reader. A change that plans a
 * follow-up read beyond the first (those wait in the due set, due.ts) gets its job here, and the other parts'
 * handlers (the notices' messages and the admins' alerts) get the change at the same time; every job ID and
 * outbox key is derived from the change, so an entry delivered twice, or relayed by two workers, adds its jobs once.
 */

/** The relay's consumer group on the change stream. */
export const JOB_RELAY_GROUP = 'job-relay';

export interface JobRelayDeps {
  redis: Redis;
  /** REDIS_PREFIX (the change stream's name follows from it). */
  prefix: string;
  planner: Pick<FollowUpPlanner, 'plan'>;
  timings: FollowUpTimings;
  /** What other parts do with each change (notify's notices and alerts). */
  handlers?: readonly ChangeHandler[];
  claimIdleMs?: number;
  logger?: LoggerLike;
}

/** The read a change plans, or null (no read: finished, refused, or an intent). */
function readOfChange(change: ChangeEntry, timings: FollowUpTimings): ReadPlan | null {
  if (change.read === undefined) return null;
  return change.read === 'first' ? nextReadPlan(0, timings) : change.read;
}

/** Starts relaying order changes to their jobs and handlers until stopped. */
export function startJobRelay(deps: JobRelayDeps): { stop(): Promise<void> } {
  const planJobs: ChangeHandler = async (change) => {
    const read = readOfChange(change, deps.timings);
    if (read !== null) await deps.planner.plan(change.externalOrderId, change.seq, read);
  };
  const handlers = [planJobs, ...(deps.handlers ?? [])];
  return workChanges({
    redis: deps.redis,
    prefix: deps.prefix,
    group: JOB_RELAY_GROUP,
    failure: 'order change not relayed yet',
    claimIdleMs: deps.claimIdleMs,
    logger: deps.logger,
    // Every handler runs, each on its own; when one fails the change stays pending and all run again later, which
    // their derived job IDs and keys make harmless. A handler that holds its part (HeldAck) holds the change.
    handle: async (change) => {
      const settled = await Promise.allSettled(handlers.map((handle) => handle(change)));
      const failed = settled.find((result) => result.status === 'rejected');
      if (failed !== undefined) throw failed.reason;
      const held = settled.flatMap((result) =>
        result.status === 'fulfilled' && result.value !== undefined ? [result.value.ackAfter] : [],
      );
      return held.length === 0 ? undefined : { ackAfter: Promise.all(held) };
    },
  });
}
