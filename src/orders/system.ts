import type { Redis } from 'ioredis';
import type { MerchantApi } from '../merchant/types.ts';
import type { JobSystem } from '../jobs/jobs.ts';
import type { LifecycleHooks } from '../lib/hooks.ts';
import type { ReplicaAcks } from '../lib/redis/replica-acks.ts';
import type { LoggerLike } from '../domain/log.ts';
import type { AlertSink } from './alerts.ts';
import type { ChangeHandler } from './changes.ts';
import { resolveFollowUpTimings, type FollowUpTimings } from './follow-up-timings.ts';
import { createFollowUpPlanner } from './follow-ups.ts';
import { createPlacementJobs } from './placements.ts';
import { createOrderNumbers, type OrderNumbers } from './numbers.ts';
import { createOrderService, type OrderServiceImpl } from './service.ts';
import type { PlacementTimings } from './send.ts';
import { createOrderStore, type OrderStore } from './store.ts';
import { createMerchantWebhookHandler, type WebhookRefusal } from './webhook-handler.ts';
import { startOrderWorkers, type OrderWorkers } from './worker.ts';

export interface OrderTimings {
  placement?: Partial<PlacementTimings>;
  followUp?: Partial<FollowUpTimings>;
  /** Takeover time of stream entries left by a crashed replica. */
  claimIdleMs?: number;
  /** Refused webhooks in ten minutes that alert admins. */
  webhookFailureAlertThreshold?: number;
}

export interface OrderSystemDeps {
  redis: Redis;
  /** REDIS_PREFIX. */
  prefix: string;
  /** The service's BullMQ jobs: the follow-up reads and the placement re-sends are queues of it. */
  jobs: JobSystem;
  api: MerchantApi;
  /** Where the lifecycle raises admin alerts (notify/alerts.ts fills the port). */
  alerts: AlertSink;
  logger?: LoggerLike;
  clock?: () => number;
  hooks?: LifecycleHooks;
  /** With Sentinel, or a Cluster with replicas: order intents must reach a replica before they are sent. */
  replicaAcks?: ReplicaAcks;
  /** Called for every refused merchant webhook (metrics). */
  onWebhookRefused?: (reason: WebhookRefusal) => void;
  timings?: OrderTimings;
}

/** The settings the order lifecycle reads (config.ts). */
export interface OrderSystemConfig {
  merchant: { webhookSecrets: readonly string[] };
  /** ORDER_STALE_ALERT_SECONDS: an order unfinished this long alerts the admins. */
  orderStaleAlertSeconds: number;
}

export interface OrderSystem {
  store: OrderStore;
  /** What the bot calls (OrderService) plus the lifecycle internals. */
  service: OrderServiceImpl;
  /** The merchant order numbers of the chat's confirmations (numbers.ts). */
  numbers: OrderNumbers;
  /** Handler of `POST /webhooks/merchant`. */
  webhookHandler: ReturnType<typeof createMerchantWebhookHandler>;
  /** What another part does with each order change (notify's notices and alerts), from the workers' start on. */
  onChange(handler: ChangeHandler): void;
  /** Starts the background work (placement re-sends resumed first); stop it on shutdown. */
  startWorkers(): Promise<OrderWorkers>;
}

/** Wires the order lifecycle from explicit parts (the composition root and the tests call this; no singletons). */
export function createOrderSystem(config: OrderSystemConfig, deps: OrderSystemDeps): OrderSystem {
  const timings = deps.timings ?? {};
  const followUp = { staleAfterMs: config.orderStaleAlertSeconds * 1000, ...timings.followUp };
  const { clock, hooks } = deps;
  const common = { redis: deps.redis, prefix: deps.prefix, logger: deps.logger };
  const store = createOrderStore({ redis: deps.redis, prefix: deps.prefix, clock });
  // Placement re-sends are BullMQ jobs too; a stored intent's change plans the first (relayed by the workers).
  const placements = createPlacementJobs({ jobs: deps.jobs, redis: deps.redis, prefix: deps.prefix });
  // Follow-up reads are BullMQ jobs; the commits plan them in their change entries (relayed by the workers).
  const followUps = createFollowUpPlanner({
    jobs: deps.jobs,
    redis: deps.redis,
    prefix: deps.prefix,
    timings: resolveFollowUpTimings(followUp),
  });
  const service = createOrderService({
    ...common,
    api: deps.api,
    store,
    placements,
    followUps,
    alerts: deps.alerts,
    clock,
    placement: timings.placement,
    followUp,
    hooks,
    replicaAcks: deps.replicaAcks,
  });
  const webhookHandler = createMerchantWebhookHandler({
    ...common,
    secrets: config.merchant.webhookSecrets,
    alerts: deps.alerts,
    clock,
    hooks,
    failureAlertThreshold: timings.webhookFailureAlertThreshold,
    onRefused: deps.onWebhookRefused,
  });

  const changeHandlers: ChangeHandler[] = [];

  return {
    store,
    service,
    numbers: createOrderNumbers(common),
    webhookHandler,
    onChange(handler) {
      changeHandlers.push(handler);
    },
    startWorkers() {
      return startOrderWorkers({
        ...common,
        jobs: deps.jobs,
        service,
        followUps,
        placements,
        changeHandlers,
        hooks,
        claimIdleMs: timings.claimIdleMs,
      });
    },
  };
}
