import { silentLogger, type LoggerLike } from '../domain/log.ts';
import { hookAt, type LifecycleHooks } from '../lib/hooks.ts';
import type { DueQueue } from '../lib/redis/due-queue.ts';
import type { OrderServiceImpl } from './service.ts';
import { nextFollowUpDelay } from './follow-up-timings.ts';
import { isClosed } from './store.ts';

/**
 * Durable follow-up of unfinished orders (webhooks can be lost): a Redis sorted set of due reads with an
 * atomic claim and a lease (see due-queue.ts), so each due read runs once across replicas and survives
 * restarts. Reads use the 'background' priority of the shared request budget.
 */

/** What the scheduler does with the follow-up queue: takes due reads, ends them, plans or drops one. */
export type FollowUpQueue = Pick<DueQueue, 'claim' | 'complete' | 'schedule' | 'cancel'>;

export interface SchedulerDeps {
  service: OrderServiceImpl;
  /** The follow-up queue (the store's commits plan and end its entries too). */
  queue: FollowUpQueue;
  logger?: LoggerLike;
  hooks?: LifecycleHooks;
}

/** Creates the follow-up scheduler; `tick` runs the due reads once (the worker calls it in a loop). */
export function createFollowUpScheduler(deps: SchedulerDeps) {
  const { service, queue } = deps;
  const { store } = service;
  const timings = service.followUpTimings;
  const logger = deps.logger ?? silentLogger;

  return {
    /** Runs up to `limit` due reads; returns how many were claimed. */
    async tick(limit = 10): Promise<number> {
      const claims = await queue.claim(limit, timings.leaseMs);
      await Promise.all(
        claims.map(async (claim) => {
          const ext = claim.member;
          try {
            const order = await store.get(ext);
            if (order === null || order.placement !== 'placed' || isClosed(order)) {
              await queue.complete(claim, null);
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
            await queue.complete(claim, isClosed(after) ? null : nextFollowUpDelay(claim.step, timings));
          } catch (error) {
            logger.error({ err: error, externalOrderId: ext }, 'follow-up failed; the lease brings it back');
          }
        }),
      );
      return claims.length;
    },

    /** Makes an order's next read due now (e.g. after an event that does not settle it). */
    readSoon: (ext: string) => queue.schedule(ext, 0),
    /** Stops following an order. */
    cancel: (ext: string) => queue.cancel(ext),
  };
}

export type FollowUpScheduler = ReturnType<typeof createFollowUpScheduler>;
