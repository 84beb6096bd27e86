import type { ReplicaAcks } from '../lib/redis/replica-acks.ts';
import type { Redis } from 'ioredis';
import type { AlertSink } from './alerts.ts';
import type { MerchantApi } from '../merchant/types.ts';
import type { LifecycleHooks } from '../lib/hooks.ts';
import { silentLogger, type LoggerLike } from '../domain/log.ts';
import { resolveFollowUpTimings, type FollowUpTimings } from './follow-up-timings.ts';
import type { OrderStore } from './store.ts';
import type { OrderIntent, OrderService, SubmitOptions, SubmitResult } from './types.ts';
import {
  createOrderSender,
  DEFAULT_PLACEMENT_TIMINGS,
  type PlacementQueue,
  type PlacementTimings,
} from './send.ts';
import { createOrderSubmit } from './submit.ts';
import { createOrderSync, type FollowUpPort } from './sync.ts';

/**
 * The order service: placement exactly once, reads, events; everything durable in Redis. It composes three
 * paths over the one store: the start of a placement (submit.ts: the intent stored, then sent), the send and its
 * re-sends (send.ts), and the read side that brings what the service says into our copy (sync.ts).
 */

export interface OrderServiceDeps {
  redis: Redis;
  /** REDIS_PREFIX. */
  prefix: string;
  api: MerchantApi;
  /** The shared order store. */
  store: OrderStore;
  /** Placement re-sends (BullMQ jobs; a stored intent's change plans the first through the relay). */
  placements: PlacementQueue;
  /** Follow-up reads (BullMQ jobs; the order commits plan most of them through the relay). */
  followUps: FollowUpPort;
  alerts?: AlertSink;
  logger?: LoggerLike;
  clock?: () => number;
  placement?: Partial<PlacementTimings>;
  followUp?: Partial<FollowUpTimings>;
  hooks?: LifecycleHooks;
  /** With Sentinel, or a Cluster with replicas: the stored intent must reach a replica before anything is sent (else it is refused). */
  replicaAcks?: ReplicaAcks;
}

/** Creates the order service: placement exactly once, reads, events; everything durable in Redis. */
export function createOrderService(deps: OrderServiceDeps) {
  const { api, store, placements, followUps } = deps;
  const logger = deps.logger ?? silentLogger;
  const clock = deps.clock ?? Date.now;
  const placement: PlacementTimings = { ...DEFAULT_PLACEMENT_TIMINGS, ...deps.placement };
  const followUp = resolveFollowUpTimings(deps.followUp);

  async function raise(alert: Parameters<AlertSink['raise']>[0]): Promise<void> {
    if (!deps.alerts) return;
    try {
      await deps.alerts.raise(alert);
    } catch (error) {
      logger.error({ err: error, alert: alert.kind }, 'alert could not be queued');
    }
  }

  const common = { store, logger, clock, raise, hooks: deps.hooks };
  const sync = createOrderSync({ ...common, api, followUps, followUp });
  const sender = createOrderSender({ ...common, api, placements, placement, followUp, sync });
  const { submitOnce } = createOrderSubmit({
    ...common,
    placement,
    sender,
    replicaAcks: deps.replicaAcks,
  });

  const service = {
    store,

    /** Saves the intent set-if-absent, then places it once (see OrderService.submit). */
    submit(intent: OrderIntent, options: SubmitOptions = {}): Promise<SubmitResult> {
      return submitOnce(intent, options);
    },

    /** The unfinished order to this phone number, if any. */
    unfinishedForAccount: (account: string) => store.unfinishedForAccount(account),
    /** One order by merchant order number. */
    get: (externalOrderId: string) => store.get(externalOrderId),
    /** One order by service order ID. */
    getByOrderId: (orderId: string) => store.getByOrderId(orderId),
    /** Re-reads an order from the service and applies what changed; errors of the client propagate. */
    refresh: sync.refresh,
    /** A reseller's orders, newest first. */
    listByReseller: (resellerId: number, query: { status?: string; offset: number; limit: number }) =>
      store.listByReseller(resellerId, query),
    /** The orders of several resellers (a distributor's network), newest first, paged across them. */
    listByResellers: (
      resellerIds: readonly number[],
      query: { status?: string; offset: number; limit: number },
    ) => store.listByResellers(resellerIds, query),

    /**
     * Re-sends one order whose send lock `claim` holds (a re-send job); an order no longer placing only lets the
     * lock go. Redis errors propagate (the job is retried; the lock's lease lets the retry in).
     */
    resendOne: sender.resendOne,
    /** On start-up: every order still placing has a re-send job (repairs a lost one); returns how many are placing. */
    resumePlacing: sender.resumePlacing,
    /** After start-up: every placed, unfinished order has a read job of its last change (sync.ts). */
    resumeFollowUps: sync.resumeFollowUps,
    /** Applies one verified webhook event (idempotent: replays change nothing). */
    applyEvent: sync.applyEvent,
  };

  return Object.assign(service, {
    reportIfStale: sync.reportIfStale,
    applyListed: sync.applyListed,
    followUpTimings: followUp,
    placementTimings: placement,
    /** The clock of the order records (wall-clock ms). */
    clock,
  });
}

export type OrderServiceImpl = ReturnType<typeof createOrderService>;

// The returned object must satisfy the port the bot uses.
const _portCheck = (s: OrderServiceImpl): OrderService => s;
void _portCheck;
