import { silentLogger, type LoggerLike } from '../domain/log.ts';
import type { Redis } from 'ioredis';
import type { Alerts } from '../notify/alerts.ts';
import type { Outbox, OutboxWorker } from '../notify/outbox.ts';
import type { JobSystem } from '../jobs/jobs.ts';
import { type LifecycleHooks } from '../lib/hooks.ts';
import { runLoop, type LoopHandle } from '../lib/loop.ts';
import { DEFAULT_CLAIM_IDLE_MS } from '../lib/redis/stream-consumer.ts';
import { createNotifier } from './notifier.ts';
import { workFollowUps, type FollowUpPlanner } from './follow-ups.ts';
import { createJobRelay } from './relay.ts';
import { workPlacements, type PlacementJobs } from './placements.ts';
import type { OrderServiceImpl } from './service.ts';
import type { Translate } from './texts.ts';
import type { StoredOrder } from './types.ts';
import { createWebhookEventProcessor } from './webhook-events.ts';

export type WorkerName = 'placement' | 'follow-up' | 'webhook-events' | 'notifier' | 'alerts' | 'outbox';

/** Every part, in start order ('outbox' is the outbox's BullMQ worker, the others are loops). */
export const ALL_WORKERS: readonly WorkerName[] = [
  'placement',
  'follow-up',
  'webhook-events',
  'notifier',
  'alerts',
  'outbox',
];

type LoopWorker = Exclude<WorkerName, 'outbox'>;

/** What each worker's hand-written loop does, as its logs name it (a worker's own name says what it works on). */
const LOOP_NAMES: Record<LoopWorker, string> = {
  placement: 'unplaced-numbers',
  'follow-up': 'change-relay',
  'webhook-events': 'webhook-events',
  notifier: 'notifier',
  alerts: 'change-alerts',
};

export interface OrderWorkersDeps {
  redis: Redis;
  /** The service's BullMQ jobs (the follow-up reads run here). */
  jobs: JobSystem;
  prefix: string;
  service: OrderServiceImpl;
  /** Adds follow-up reads (the relay and the reads themselves plan them). */
  followUps: Pick<FollowUpPlanner, 'plan'>;
  /** Placement re-sends and the send lock. */
  placements: Pick<PlacementJobs, 'plan' | 'take' | 'heldForMs'>;
  /** Name of the order change stream the notifier reads. */
  changeStream: string;
  outbox: Outbox;
  alerts: Alerts;
  t: Translate;
  logger?: LoggerLike;
  hooks?: LifecycleHooks;
  /** Pause of a loop that found nothing to do (default 500 ms; tests use less). */
  idleMs?: number;
  /** Stream entries left by a crashed replica are taken over after this long (default 30 s). */
  claimIdleMs?: number;
  /** Run only some loops (default all). */
  only?: readonly WorkerName[];
  /** Data of the "new quote" button under a refused order. */
  newQuoteData?: (order: StoredOrder) => string;
  /** Data of the 🧾 Receipt button under a succeeded order's message (null: no button). */
  receiptData?: (order: StoredOrder) => string | null;
  /** How many due items one round takes. */
  batch?: number;
}

export interface OrderWorkers {
  /** Runs a loop's next round now (e.g. the webhook handler stored an event). */
  wake(name?: WorkerName): void;
  /** Stops every loop; work in flight finishes first. */
  stop(): Promise<void>;
}

/**
 * Starts the background loops of the order lifecycle: placement re-sends (after resuming every order still
 * placing), the relay of order changes to jobs, webhook events, reseller notifications and admin alerts, and the
 * BullMQ workers of the follow-up reads (after repairing missing ones) and of the Telegram outbox. Every part is safe to run on several replicas at once.
 */
export async function startOrderWorkers(deps: OrderWorkersDeps): Promise<OrderWorkers> {
  const logger = deps.logger ?? silentLogger;
  const idleMs = deps.idleMs ?? 500;
  const batch = deps.batch ?? 10;
  const only = new Set(deps.only ?? ALL_WORKERS);
  const claimIdle = deps.claimIdleMs === undefined ? {} : { claimIdleMs: deps.claimIdleMs };

  const relay = createJobRelay({
    redis: deps.redis,
    changeStream: deps.changeStream,
    planner: deps.followUps,
    placements: deps.placements,
    timings: deps.service.followUpTimings,
    logger,
    ...claimIdle,
  });
  const loops = new Map<WorkerName, LoopHandle>();
  const processor = createWebhookEventProcessor({
    redis: deps.redis,
    prefix: deps.prefix,
    service: deps.service,
    logger,
    // A burst's first statuses reach the chat while the rest of its round is still being applied.
    onApplied: () => {
      for (const name of ['notifier', 'alerts', 'follow-up'] as const) loops.get(name)?.wake();
    },
    ...claimIdle,
  });
  const notifier = createNotifier({
    redis: deps.redis,
    prefix: deps.prefix,
    store: deps.service.store,
    changeStream: deps.changeStream,
    outbox: deps.outbox,
    t: deps.t,
    logger,
    ...claimIdle,
    ...(deps.newQuoteData ? { newQuoteData: deps.newQuoteData } : {}),
    ...(deps.receiptData ? { receiptData: deps.receiptData } : {}),
  });

  if (only.has('placement')) {
    try {
      const resumed = await deps.service.resumePlacing();
      if (resumed > 0) logger.info({ resumed }, 'orders still placing resumed');
    } catch (error) {
      logger.error({ err: error }, 'could not resume placing orders at start-up; the loop retries them');
    }
  }
  // Orders changed before this start whose read job went missing get one. A change that recent may still be in a
  // relay's hands (a dead relay's entries are taken over after claimIdleMs), so the check waits that long and
  // looks only at orders whose last change came before the start; later ones are the live relays' work.
  let repairTimer: NodeJS.Timeout | undefined;
  let repairing: Promise<void> = Promise.resolve();
  if (only.has('follow-up')) {
    const startedAt = deps.service.clock();
    repairTimer = setTimeout(() => {
      repairing = deps.service.resumeFollowUps(startedAt).then(
        (repaired) => {
          if (repaired > 0) logger.warn({ repaired }, 'unfinished orders without a read job got one');
        },
        (error: unknown) => logger.error({ err: error }, 'could not check follow-up reads after start-up'),
      );
    }, deps.claimIdleMs ?? DEFAULT_CLAIM_IDLE_MS);
  }

  // Work done by one loop is announced to the loops that take it further, so a status reaches the chat without
  // waiting for each loop's idle pause (webhook event -> order change -> notification and read relay); BullMQ's
  // jobs (the outbox, the follow-up reads) wake their workers themselves.
  const then =
    (round: () => Promise<number>, ...next: WorkerName[]) =>
    async (): Promise<number> => {
      const worked = await round();
      if (worked > 0) for (const name of next) loops.get(name)?.wake();
      return worked;
    };
  const rounds: Record<LoopWorker, () => Promise<number>> = {
    // The re-sends are BullMQ jobs; the loop resolves numbers fixed by a process that died before storing them.
    placement: then(() => deps.service.resolveUnplaced(), 'notifier', 'alerts'),
    // The loop of 'follow-up' is the relay from order changes to read and re-send jobs (both BullMQ jobs).
    'follow-up': () => relay.tick(),
    'webhook-events': then(() => processor.tick(), 'notifier', 'alerts', 'follow-up'),
    notifier: () => notifier.tick(),
    // The loop of 'alerts' turns order changes into alerts; their grouping and delivery are BullMQ jobs.
    alerts: () => deps.alerts.tickChanges(),
  };

  for (const name of ALL_WORKERS) {
    if (!only.has(name) || name === 'outbox') continue;
    loops.set(name, runLoop({ name: LOOP_NAMES[name], round: rounds[name], idleMs, logger }));
  }
  const outbox: OutboxWorker | null = only.has('outbox') ? deps.outbox.work() : null;
  const bursts = only.has('alerts') ? await deps.alerts.work() : null;
  const wakeAfterJob = (): void => {
    for (const name of ['notifier', 'alerts', 'follow-up'] as const) loops.get(name)?.wake();
  };
  const resends = only.has('placement')
    ? workPlacements({
        jobs: deps.jobs,
        placements: deps.placements,
        leaseMs: deps.service.placementTimings.leaseMs,
        resend: (ext, claim) => deps.service.resendOne(ext, claim),
        concurrency: batch,
        onSent: wakeAfterJob,
      })
    : null;
  const reads = only.has('follow-up')
    ? workFollowUps({
        jobs: deps.jobs,
        service: deps.service,
        planner: deps.followUps,
        concurrency: batch,
        logger,
        ...(deps.hooks ? { hooks: deps.hooks } : {}),
        onRead: wakeAfterJob,
      })
    : null;

  return {
    wake(name) {
      if (name === undefined) for (const loop of loops.values()) loop.wake();
      else loops.get(name)?.wake();
    },
    async stop() {
      clearTimeout(repairTimer);
      await repairing;
      await Promise.all([...loops.values()].map((loop) => loop.stop()));
      await outbox?.close();
      await bursts?.close();
      await reads?.close();
      await resends?.close();
      // Consumers of a stopped service leave their groups, so restarts do not pile them up in Redis.
      const left = await Promise.allSettled([
        processor.close(),
        notifier.close(),
        relay.close(),
        ...(only.has('alerts') ? [deps.alerts.closeChanges()] : []),
      ]);
      for (const result of left) {
        if (result.status === 'rejected')
          logger.warn({ err: result.reason }, 'could not leave a consumer group');
      }
    },
  };
}
