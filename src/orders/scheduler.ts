import { silentLogger, type LoggerLike } from '../domain/log.ts';
import { hookAt, type LifecycleHooks } from './hooks.ts';
import type { OrderServiceImpl } from './service.ts';
import { isClosed } from './store.ts';

/**
 * Durable follow-up of unfinished orders (webhooks can be lost): a Redis sorted set of due reads with an
 * atomic claim and a lease (see due-queue.ts), so each due read runs once across replicas and survives
 * restarts. Reads use the 'background' priority of the shared request budget.
 */

/** When follow-up reads happen; injectable so tests run the schedule in milliseconds. */
export interface FollowUpTimings {
  /** Delay of the first read after placement, from the service's `poll_after_seconds`. */
  firstDelayMs: (pollAfterSeconds: number) => number;
  /** Delays after the 1st, 2nd… read that found the order unfinished (spec: 30 s, 60 s). */
  backoffMs: number[];
  /** Delay after that (spec: every 5 minutes). */
  everyMs: number;
  /** Unfinished orders older than this are reported to admins once (ORDER_STALE_ALERT_SECONDS). */
  staleAfterMs: number;
  /** How long a claimed read is hidden from other replicas before it is retried. */
  leaseMs: number;
}

/** The spec's schedule: poll_after_seconds, 30 s, 60 s, then every 5 minutes; stale after one hour. */
export const DEFAULT_FOLLOW_UP_TIMINGS: FollowUpTimings = {
  firstDelayMs: (seconds) => Math.max(1, seconds) * 1000,
  backoffMs: [30_000, 60_000],
  everyMs: 300_000,
  staleAfterMs: 3_600_000,
  leaseMs: 120_000,
};

/** Fills the defaults in. */
export function resolveFollowUpTimings(partial: Partial<FollowUpTimings> = {}): FollowUpTimings {
  return { ...DEFAULT_FOLLOW_UP_TIMINGS, ...partial };
}

/** Delay before the next read after read number `step` (0-based) found the order unfinished. */
export function nextFollowUpDelay(step: number, timings: FollowUpTimings): number {
  return timings.backoffMs[step] ?? timings.everyMs;
}

export interface SchedulerDeps {
  service: OrderServiceImpl;
  logger?: LoggerLike;
  hooks?: LifecycleHooks;
}

/** Creates the follow-up scheduler; `tick` runs the due reads once (the worker calls it in a loop). */
export function createFollowUpScheduler(deps: SchedulerDeps) {
  const { service } = deps;
  const { store } = service;
  const timings = service.followUpTimings;
  const logger = deps.logger ?? silentLogger;

  return {
    /** Runs up to `limit` due reads; returns how many were claimed. */
    async tick(limit = 10): Promise<number> {
      const claims = await store.followUpQueue.claim(limit, timings.leaseMs);
      await Promise.all(
        claims.map(async (claim) => {
          const ext = claim.member;
          try {
            const order = await store.get(ext);
            if (order === null || order.placement !== 'placed' || isClosed(order)) {
              await store.followUpQueue.complete(claim, null);
              return;
            }
            await service.reportIfStale(order);
            await hookAt(deps.hooks, 'follow-up-check', {
              externalOrderId: ext,
              step: claim.step,
              dueAt: claim.dueAt,
              reclaimed: claim.reclaimed,
            });
            let after = order;
            try {
              after = (await service.refresh(ext, { priority: 'background', source: 'poll' })) ?? order;
            } catch (error) {
              logger.warn({ err: error, externalOrderId: ext }, 'follow-up read failed; will retry');
            }
            // A final status already removed the entry in the same commit; completing then is a no-op.
            await store.followUpQueue.complete(
              claim,
              isClosed(after) ? null : nextFollowUpDelay(claim.step, timings),
            );
          } catch (error) {
            logger.error({ err: error, externalOrderId: ext }, 'follow-up failed; the lease brings it back');
          }
        }),
      );
      return claims.length;
    },

    /** Makes an order's next read due now (e.g. after an event that does not settle it). */
    readSoon: (ext: string) => store.followUpQueue.schedule(ext, 0),
    /** Stops following an order. */
    cancel: (ext: string) => store.followUpQueue.cancel(ext),
  };
}

export type FollowUpScheduler = ReturnType<typeof createFollowUpScheduler>;
