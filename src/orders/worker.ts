import { silentLogger, type LoggerLike } from '../domain/log.ts';
import type { Redis } from 'ioredis';
import type { JobSystem } from '../jobs/jobs.ts';
import { type LifecycleHooks } from '../lib/hooks.ts';
import { runLoop } from '../lib/loop.ts';
import { DEFAULT_CLAIM_IDLE_MS, leaveGroups } from '../lib/redis/stream-consumer.ts';
import { workFollowUps, type FollowUpPlanner } from './follow-ups.ts';
import { createJobRelay } from './relay.ts';
import { workPlacements, type PlacementJobs } from './placements.ts';
import type { OrderServiceImpl } from './service.ts';
import { createWebhookEventProcessor } from './webhook-events.ts';

/** What a process announces to the loops that take it further: the change stream grew, or a webhook was stored. */
export type Wake = 'changes' | 'webhook-events';

export interface OrderWorkersDeps {
  redis: Redis;
  /** The service's BullMQ jobs (the follow-up reads and the placement re-sends run here). */
  jobs: JobSystem;
  prefix: string;
  service: OrderServiceImpl;
  /** Adds follow-up reads (the relay and the reads themselves plan them). */
  followUps: Pick<FollowUpPlanner, 'plan'>;
  /** Placement re-sends and the send lock. */
  placements: Pick<PlacementJobs, 'plan' | 'take' | 'heldForMs'>;
  /** Called whenever the change stream grew here (the readers of other parts, notices and alerts, look now). */
  onChanged?: () => void;
  logger?: LoggerLike;
  hooks?: LifecycleHooks;
  /** Pause of a loop that found nothing to do (default 500 ms; tests use less). */
  idleMs?: number;
  /** Stream entries left by a crashed replica are taken over after this long (default 30 s). */
  claimIdleMs?: number;
  /** How many due items one round takes. */
  batch?: number;
}

export interface OrderWorkers {
  /** Runs the loops that take `what` further now (a process without loops announced it). */
  wake(what: Wake): void;
  /** Stops every loop and job worker; work in flight finishes first. */
  stop(): Promise<void>;
}

/**
 * Starts the background work of the order lifecycle: placement re-sends (after resuming every order still
 * placing) and the loop resolving numbers a dead process fixed, the relay of order changes to jobs, webhook events,
 * and the BullMQ workers of the follow-up reads (after repairing missing ones). Every part is safe to run on
 * several replicas at once.
 */
export async function startOrderWorkers(deps: OrderWorkersDeps): Promise<OrderWorkers> {
  const logger = deps.logger ?? silentLogger;
  const idleMs = deps.idleMs ?? 500;
  const batch = deps.batch ?? 10;
  const claimIdle = deps.claimIdleMs === undefined ? {} : { claimIdleMs: deps.claimIdleMs };

  const relay = createJobRelay({
    redis: deps.redis,
    prefix: deps.prefix,
    planner: deps.followUps,
    placements: deps.placements,
    timings: deps.service.followUpTimings,
    logger,
    ...claimIdle,
  });
  const relayLoop = runLoop({ name: 'change-relay', round: () => relay.tick(), idleMs, logger });
  // The change stream grew: the relay and the other parts' readers look now, not after their idle pause.
  const changed = (): void => {
    relayLoop.wake();
    deps.onChanged?.();
  };
  const processor = createWebhookEventProcessor({
    redis: deps.redis,
    prefix: deps.prefix,
    service: deps.service,
    logger,
    // A burst's first statuses reach the chat while the rest of its round is still being applied.
    onApplied: changed,
    ...claimIdle,
  });

  try {
    const resumed = await deps.service.resumePlacing();
    if (resumed > 0) logger.info({ resumed }, 'orders still placing resumed');
  } catch (error) {
    logger.error({ err: error }, 'could not resume placing orders at start-up; the loop retries them');
  }
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

  const afterWork = (round: () => Promise<number>) => async (): Promise<number> => {
    const worked = await round();
    if (worked > 0) changed();
    return worked;
  };
  // The re-sends are BullMQ jobs; this loop resolves numbers fixed by a process that died before storing them.
  const unplacedLoop = runLoop({
    name: 'unplaced-numbers',
    round: afterWork(() => deps.service.resolveUnplaced()),
    idleMs,
    logger,
  });
  const webhookLoop = runLoop({
    name: 'webhook-events',
    round: afterWork(() => processor.tick()),
    idleMs,
    logger,
  });
  const loops = [unplacedLoop, relayLoop, webhookLoop];
  const resends = workPlacements({
    jobs: deps.jobs,
    placements: deps.placements,
    leaseMs: deps.service.placementTimings.leaseMs,
    resend: (ext, claim) => deps.service.resendOne(ext, claim),
    concurrency: batch,
    onSent: changed,
  });
  const reads = workFollowUps({
    jobs: deps.jobs,
    service: deps.service,
    planner: deps.followUps,
    concurrency: batch,
    logger,
    ...(deps.hooks ? { hooks: deps.hooks } : {}),
    onRead: changed,
  });

  return {
    wake(what) {
      if (what === 'changes') changed();
      else webhookLoop.wake();
    },
    async stop() {
      clearTimeout(repairTimer);
      await repairing;
      await Promise.all(loops.map((loop) => loop.stop()));
      await reads.close();
      await resends.close();
      await leaveGroups([processor, relay], logger);
    },
  };
}
