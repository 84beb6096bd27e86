import type { Redis } from 'ioredis';
import { silentLogger, type LoggerLike } from '../domain/log.ts';
import { createStreamConsumer, type StreamEntry } from '../lib/redis/stream-consumer.ts';
import { nextReadPlan, type FollowUpTimings, type ReadPlan } from './follow-up-timings.ts';
import type { FollowUpPlanner } from './follow-ups.ts';
import type { PlacementJobs } from './placements.ts';

/**
 * The relay from order changes to BullMQ jobs: the other half of the transactional outbox that the order store's
 * commit writes (its change stream). A change entry that plans a follow-up read (`rd`, `rs`) or a placement re-send
 * (`sd`, a stored intent) gets its job here; the job IDs are derived from the order, so an entry delivered twice,
 * or relayed by two workers, adds its job once. One consumer group beside the notifier's and the alerts'.
 */

/** The relay's consumer group on the change stream. */
export const JOB_RELAY_GROUP = 'job-relay';

export interface JobRelayDeps {
  redis: Redis;
  /** The order change stream (the store's commits write it). */
  changeStream: string;
  planner: Pick<FollowUpPlanner, 'plan'>;
  /** Adds the first placement re-send of a stored intent. */
  placements: Pick<PlacementJobs, 'plan'>;
  timings: FollowUpTimings;
  claimIdleMs?: number;
  logger?: LoggerLike;
}

/** The read a change entry plans, or null (no read: finished, refused, or an entry older than the relay). */
export function readOfChange(
  fields: Record<string, string>,
  timings: FollowUpTimings,
): { ext: string; seq: number; plan: ReadPlan } | null {
  const rd = fields['rd'];
  const ext = fields['ext'];
  if (rd === undefined || ext === undefined || ext === '') return null;
  const seq = Number(fields['seq']);
  if (!Number.isInteger(seq)) return null;
  // No delay: a change the caller planned no read for (e.g. a chat's own read): the back-off's first step.
  const plan =
    rd === '' ? nextReadPlan(0, timings) : { delayMs: Number(rd), step: Number(fields['rs'] || 0) };
  if (!Number.isFinite(plan.delayMs) || !Number.isInteger(plan.step)) return null;
  return { ext, seq, plan };
}

/** The re-send a change entry plans (a stored intent), or null. */
export function resendOfChange(fields: Record<string, string>): { ext: string; delayMs: number } | null {
  const sd = fields['sd'];
  const ext = fields['ext'];
  if (fields['kind'] !== 'intent' || sd === undefined || ext === undefined || ext === '') return null;
  const delayMs = Number(sd);
  return Number.isFinite(delayMs) ? { ext, delayMs } : null;
}

/** The relay from order changes to read and re-send jobs (the transactional outbox's other half). */
export function createJobRelay(deps: JobRelayDeps) {
  const logger = deps.logger ?? silentLogger;
  const consumer = createStreamConsumer({
    redis: deps.redis,
    stream: deps.changeStream,
    group: JOB_RELAY_GROUP,
    ...(deps.claimIdleMs === undefined ? {} : { claimIdleMs: deps.claimIdleMs }),
  });

  async function relay(entry: StreamEntry): Promise<void> {
    const read = readOfChange(entry.fields, deps.timings);
    if (read !== null) await deps.planner.plan(read.ext, read.seq, read.plan);
    const resend = resendOfChange(entry.fields);
    if (resend !== null) await deps.placements.plan(resend.ext, 0, resend.delayMs);
  }

  return {
    /** Relays waiting changes once (one order's in order, different orders at once); returns how many were read. */
    tick(): Promise<number> {
      return consumer.consume({
        keyOf: (entry) => entry.fields['ext'] ?? entry.id,
        handle: relay,
        // Left pending: taken up again later; the job ID makes the repeat a no-op.
        onError: (error, entry) =>
          logger.error(
            { err: error, externalOrderId: entry.fields['ext'] },
            'order change not relayed to its jobs yet',
          ),
      });
    },
    /** Leaves the consumer group on a clean stop. */
    close: () => consumer.close(),
  };
}
