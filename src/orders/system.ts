import type { Redis } from 'ioredis';
import type { MerchantApi } from '../merchant/types.ts';
import { createAlerts, type AlertGrouping, type Alerts } from '../notify/alerts.ts';
import { createOrderCallbacks, type OrderCallbacks } from '../notify/callback-data.ts';
import { createOutbox, type Outbox, type OutboxTelegram, type OutboxTimings } from '../notify/outbox.ts';
import type { JobSystem } from '../jobs/jobs.ts';
import type { LifecycleHooks } from '../lib/hooks.ts';
import type { ReplicaAcks } from '../lib/redis/replica-acks.ts';
import { createWakeChannel } from '../lib/redis/wake-channel.ts';
import type { LoggerLike } from '../domain/log.ts';
import { resolveFollowUpTimings, type FollowUpTimings } from './follow-up-timings.ts';
import { createFollowUpPlanner } from './follow-ups.ts';
import { createPlacementJobs } from './placements.ts';
import { orderKeys } from './keys.ts';
import { createOrderService, type OrderServiceImpl, type PlacementTimings } from './service.ts';
import { createOrderStore, type OrderStore } from './store.ts';
import type { Translate } from './texts.ts';
import type { StoredOrder } from './types.ts';
import { createMerchantWebhookHandler, type WebhookRefusal } from './webhook-handler.ts';
import { ALL_WORKERS, startOrderWorkers, type OrderWorkers, type WorkerName } from './worker.ts';

export interface OrderSystemDeps {
  redis: Redis;
  /** REDIS_PREFIX. */
  prefix: string;
  /** The service's BullMQ jobs (src/jobs): the Telegram outbox and the follow-up reads are queues of it. */
  jobs: JobSystem;
  api: MerchantApi;
  /** grammY's `Api` (`new Api(token, { apiRoot })`) or anything with its sendMessage/editMessageText. */
  telegram: OutboxTelegram;
  /** `i18n.t` of @grammyjs/i18n. */
  t: Translate;
  /** MERCHANT_WEBHOOK_SECRETS. */
  webhookSecrets: readonly string[];
  /** Admins and their languages (alerts go to each when there is no alert chat). */
  admins: () => Promise<Array<{ id: number; locale: string }>>;
  /** ALERT_CHAT_ID. */
  alertChatId?: number;
  /** Language of the alert chat (DEFAULT_LOCALE). */
  alertChatLocale?: string;
  logger?: LoggerLike;
  clock?: () => number;
  hooks?: LifecycleHooks;
  /** Data of the "new quote" button under a refused order. */
  newQuoteData?: (order: StoredOrder) => string;
  /** Data of the 🧾 Receipt button under a succeeded order's message (null: no button). */
  receiptData?: (order: StoredOrder) => string | null;
  /** With Sentinel, or a Cluster with replicas: order intents must reach a replica before they are sent. */
  replicaAcks?: ReplicaAcks;
  /** Called for every refused merchant webhook (metrics). */
  onWebhookRefused?: (reason: WebhookRefusal) => void;
  /** Seconds from an accepted merchant webhook to the chat message showing its change (metrics). */
  onWebhookToChat?: (seconds: number) => void;
  timings?: {
    placement?: Partial<PlacementTimings>;
    followUp?: Partial<FollowUpTimings>;
    outbox?: Partial<OutboxTimings>;
    alertGrouping?: Partial<AlertGrouping>;
    /** Idle pause of the worker loops. */
    idleMs?: number;
    /** Takeover time of stream entries left by a crashed replica. */
    claimIdleMs?: number;
    /** Refused webhooks in `webhookFailureWindowMs` that alert admins. */
    webhookFailureAlertThreshold?: number;
    webhookFailureWindowMs?: number;
  };
}

export interface OrderSystem {
  store: OrderStore;
  /** What the bot calls (OrderService) plus the lifecycle internals. */
  service: OrderServiceImpl;
  outbox: Outbox;
  alerts: Alerts;
  /** Resolves `ord:open:…` button data to a merchant order number. */
  callbacks: OrderCallbacks;
  /** Handler of `POST /webhooks/merchant`. */
  webhookHandler: ReturnType<typeof createMerchantWebhookHandler>;
  /** Starts the background loops and the outbox's worker (placement re-sends resumed first); stop them on shutdown. */
  startWorkers(options?: { only?: readonly WorkerName[] }): Promise<OrderWorkers>;
}

/** Wires the order lifecycle from explicit parts (main.ts and the tests call this; no singletons). */
export function createOrderSystem(deps: OrderSystemDeps): OrderSystem {
  const timings = deps.timings ?? {};
  const common = {
    redis: deps.redis,
    prefix: deps.prefix,
    ...(deps.logger ? { logger: deps.logger } : {}),
  };
  const store = createOrderStore({
    redis: deps.redis,
    prefix: deps.prefix,
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  // The store's commits write the queues' entries and the change stream under these same names; the parts that
  // drive a queue or read the stream get only that queue or that stream's name.
  const keys = orderKeys(deps.prefix);
  // Placement re-sends are BullMQ jobs too; a stored intent's change plans the first (relayed by the workers).
  const placements = createPlacementJobs({ jobs: deps.jobs, redis: deps.redis, prefix: deps.prefix });
  // Follow-up reads are BullMQ jobs; the commits plan them in their change entries (relayed by the workers).
  const followUps = createFollowUpPlanner({
    jobs: deps.jobs,
    timings: resolveFollowUpTimings(timings.followUp),
  });
  const outbox = createOutbox({
    ...common,
    jobs: deps.jobs,
    telegram: deps.telegram,
    ...(timings.outbox ? { timings: timings.outbox } : {}),
    ...(deps.hooks ? { hooks: deps.hooks } : {}),
    ...(deps.onWebhookToChat ? { onWebhookToChat: deps.onWebhookToChat } : {}),
  });
  const callbacks = createOrderCallbacks({ redis: deps.redis, prefix: deps.prefix });
  const alerts = createAlerts({
    ...common,
    changeStream: keys.changes,
    jobs: deps.jobs,
    outbox,
    t: deps.t,
    callbacks,
    admins: deps.admins,
    ...(deps.alertChatId === undefined ? {} : { alertChatId: deps.alertChatId }),
    ...(deps.alertChatLocale === undefined ? {} : { alertChatLocale: deps.alertChatLocale }),
    ...(timings.alertGrouping ? { grouping: timings.alertGrouping } : {}),
    ...(timings.claimIdleMs === undefined ? {} : { claimIdleMs: timings.claimIdleMs }),
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  const service = createOrderService({
    ...common,
    api: deps.api,
    store,
    placements,
    followUps,
    alerts,
    ...(deps.clock ? { clock: deps.clock } : {}),
    ...(timings.placement ? { placement: timings.placement } : {}),
    ...(timings.followUp ? { followUp: timings.followUp } : {}),
    ...(deps.hooks ? { hooks: deps.hooks } : {}),
    ...(deps.replicaAcks ? { replicaAcks: deps.replicaAcks } : {}),
    // A placement answered at once gives an order change: have it told now rather than at the next poll.
    onSubmitted: () => {
      wake('notifier');
      wake('alerts');
      wake('follow-up');
    },
  });
  let workers: OrderWorkers | null = null;
  // A process that runs the loops wakes its own; one that does not (ROLE=bot) wakes those of the workers.
  const wakeChannel = createWakeChannel(deps.redis, `${deps.prefix}wake`, deps.logger);
  const wake = (name: WorkerName): void => {
    if (workers !== null) workers.wake(name);
    else wakeChannel.publish(name);
  };
  const webhookHandler = createMerchantWebhookHandler({
    ...common,
    secrets: deps.webhookSecrets,
    alerts,
    ...(deps.clock ? { clock: deps.clock } : {}),
    ...(deps.hooks ? { hooks: deps.hooks } : {}),
    ...(timings.webhookFailureAlertThreshold === undefined
      ? {}
      : { failureAlertThreshold: timings.webhookFailureAlertThreshold }),
    ...(timings.webhookFailureWindowMs === undefined
      ? {}
      : { failureWindowMs: timings.webhookFailureWindowMs }),
    onStored: () => wake('webhook-events'),
    ...(deps.onWebhookRefused ? { onRefused: deps.onWebhookRefused } : {}),
  });

  return {
    store,
    service,
    outbox,
    alerts,
    callbacks,
    webhookHandler,
    async startWorkers(options = {}) {
      const started = await startOrderWorkers({
        ...common,
        jobs: deps.jobs,
        service,
        followUps,
        placements,
        changeStream: keys.changes,
        outbox,
        alerts,
        t: deps.t,
        ...(deps.hooks ? { hooks: deps.hooks } : {}),
        ...(timings.idleMs === undefined ? {} : { idleMs: timings.idleMs }),
        ...(timings.claimIdleMs === undefined ? {} : { claimIdleMs: timings.claimIdleMs }),
        ...(options.only ? { only: options.only } : {}),
        ...(deps.newQuoteData ? { newQuoteData: deps.newQuoteData } : {}),
        ...(deps.receiptData ? { receiptData: deps.receiptData } : {}),
      });
      // Work announced by processes without loops (ROLE=bot) wakes these at once.
      let unsubscribe: (() => Promise<void>) | undefined;
      try {
        unsubscribe = await wakeChannel.subscribe((name) => {
          if ((ALL_WORKERS as readonly string[]).includes(name)) started.wake(name as WorkerName);
        });
      } catch (error) {
        deps.logger?.warn({ err: error }, 'wake channel unavailable; the loops poll on their own');
      }
      const running: OrderWorkers = {
        wake: (name) => started.wake(name),
        async stop() {
          await unsubscribe?.();
          await started.stop();
        },
      };
      workers = running;
      return running;
    },
  };
}
