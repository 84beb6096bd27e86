import type { Redis } from 'ioredis';
import type { LoggerLike } from '../domain/log.ts';
import { readChanges, type ChangeEntry, type ChangeReader } from './changes.ts';
import { nextReadPlan, type FollowUpTimings, type ReadPlan } from './follow-up-timings.ts';
import type { FollowUpPlanner } from './follow-ups.ts';
import type { PlacementJobs } from './placements.ts';

/**
 * The relay from order changes to BullMQ jobs: the other half of the transactional outbox that the order store's
 * commit writes (its change stream, orders/changes.ts). A change that plans a follow-up read or a placement
 * re-send (a stored intent) gets its job here; the job IDs are derived from the order, so an entry delivered twice,
 * or relayed by two workers, adds its job once. One consumer group beside the notices' and the alerts'.
 */

/** The relay's consumer group on the change stream. */
export const JOB_RELAY_GROUP = 'job-relay';

export interface JobRelayDeps {
  redis: Redis;
  /** REDIS_PREFIX (the change stream's name follows from it). */
  prefix: string;
  planner: Pick<FollowUpPlanner, 'plan'>;
  /** Adds the first placement re-send of a stored intent. */
  placements: Pick<PlacementJobs, 'plan'>;
  timings: FollowUpTimings;
  claimIdleMs?: number;
  logger?: LoggerLike;
}

/** The read a change plans, or null (no read: finished, refused, or an intent). */
export function readOfChange(change: ChangeEntry, timings: FollowUpTimings): ReadPlan | null {
  if (change.read === undefined) return null;
  return change.read === 'first' ? nextReadPlan(0, timings) : change.read;
}

/** The relay from order changes to read and re-send jobs (the transactional outbox's other half). */
export function createJobRelay(deps: JobRelayDeps): ChangeReader {
  return readChanges({
    redis: deps.redis,
    prefix: deps.prefix,
    group: JOB_RELAY_GROUP,
    failure: 'order change not relayed to its jobs yet',
    ...(deps.claimIdleMs === undefined ? {} : { claimIdleMs: deps.claimIdleMs }),
    ...(deps.logger ? { logger: deps.logger } : {}),
    // Left pending on failure: taken up again later; the job ID makes the repeat a no-op.
    handle: async (change) => {
      const read = readOfChange(change, deps.timings);
      if (read !== null) await deps.planner.plan(change.externalOrderId, change.seq, read);
      if (change.kind === 'intent')
        await deps.placements.plan(change.externalOrderId, 0, change.resendAfterMs ?? 0);
    },
  });
}
