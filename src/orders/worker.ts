import { silentLogger, type LoggerLike } from '../domain/log.ts';
import type { Redis } from 'ioredis';
import type { JobSystem } from '../jobs/jobs.ts';
import { type LifecycleHooks } from '../lib/hooks.ts';
import { DEFAULT_CLAIM_IDLE_MS } from '../lib/redis/stream-consumer.ts';
import type { ChangeHandler } from './changes.ts';
import { workFollowUps, type FollowUpPlanner } from './follow-ups.ts';
import { startJobRelay } from './relay.ts';
import { workPlacements, type PlacementJobs } from './placements.ts';
import type { OrderServiceImpl } from './service.ts';
import { workWebhookEvents } from './webhook-events.ts';
import { duePeriodMs, sweepDueSets } from './due.ts';

export interface OrderWorkersDeps {
  redis: Redis;
  /** The service's BullMQ jobs (the follow-up reads and the placement re-sends run here). */
  jobs: JobSystem;
  prefix: string;
  service: OrderServiceImpl;
  /** Adds follow-up reads (the relay, the due sets' sweep and the reads themselves plan them). */
  followUps: Pick<FollowUpPlanner, 'plan'>;
  /** Placement re-sends and the send lock. */
  placements: Pick<PlacementJobs, 'plan' | 'take' | 'heldForMs'>;
  /** What other parts do with each order change (notify's notices and alerts), beside the relay's own jobs. */
  changeHandlers?: readonly ChangeHandler[];
  logger?: LoggerLike;
  hooks?: LifecycleHooks;
  /** Stream entries left by a crashed replica are taken over after this long (default 30 s). */
  claimIdleMs?: number;
}

export interface OrderWorkers {
  /** Stops every reader and job worker; work in flight finishes first. */
  stop(): Promise<void>;
}

/**
 * Starts the background work of the order lifecycle: placement re-sends (after resuming every order still
 * placing), the relay of order changes to jobs and handlers, webhook events, the BullMQ workers of the follow-up
 * reads (after repairing missing ones) and the sweep turning due first re-sends and reads into jobs. Every part is
 * safe to run on several replicas at once.
 */
export async function startOrderWorkers(deps: OrderWorkersDeps): Promise<OrderWorkers> {
  const logger = deps.logger ?? silentLogger;
  const claimIdle = deps.claimIdleMs === undefined ? {} : { claimIdleMs: deps.claimIdleMs };

  try {
    const resumed = await deps.service.resumePlacing();
    if (resumed > 0) logger.info({ resumed }, 'orders still placing resumed');
  } catch (error) {
    logger.error({ err: error }, 'could not resume placing orders at start-up; the re-send jobs retry them');
  }
  const relay = startJobRelay({
    redis: deps.redis,
    prefix: deps.prefix,
    planner: deps.followUps,
    timings: deps.service.followUpTimings,
    handlers: deps.changeHandlers ?? [],
    logger,
    ...claimIdle,
  });
  const events = workWebhookEvents({
    redis: deps.redis,
    prefix: deps.prefix,
    service: deps.service,
    logger,
    ...claimIdle,
  });
  // Orders changed before this start whose read job went missing get one. A change that recent may still be in a
  // relay's hands (a dead relay's entries are taken over after claimIdleMs), so the check waits that long and
  // looks only at orders whose last change came before the start; later ones are the live relays' work.
  let repairing: Promise<void> = Promise.resolve();
  const startedAt = deps.service.clock();
  const repairTimer = setTimeout(() => {
    repairing = deps.service.resumeFollowUps(startedAt).then(
      (repaired) => {
        if (repaired > 0) logger.warn({ repaired }, 'unfinished orders without a read job got one');
      },
      (error: unknown) => logger.error({ err: error }, 'could not check follow-up reads after start-up'),
    );
  }, deps.claimIdleMs ?? DEFAULT_CLAIM_IDLE_MS);

  const resends = workPlacements({
    jobs: deps.jobs,
    placements: deps.placements,
    leaseMs: deps.service.placementTimings.leaseMs,
    resend: (externalOrderId, claim) => deps.service.resendOne(externalOrderId, claim),
    // Re-sends run at once in this process.
    concurrency: 10,
  });
  const reads = workFollowUps({
    jobs: deps.jobs,
    service: deps.service,
    planner: deps.followUps,
    logger,
    hooks: deps.hooks,
  });
  const { gridMs } = deps.service.followUpTimings;
  const due = sweepDueSets({
    ...deps,
    planner: deps.followUps,
    gridMs,
    periodMs: duePeriodMs({ leaseMs: deps.service.placementTimings.leaseMs, gridMs }),
    logger,
  });

  return {
    async stop() {
      clearTimeout(repairTimer);
      await repairing;
      await Promise.all([relay.stop(), events.stop(), due.stop()]);
      await Promise.all([reads.close(), resends.close()]);
    },
  };
}
