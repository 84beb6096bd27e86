import type { Redis } from 'ioredis';
import { silentLogger, type LoggerLike } from '../domain/log.ts';
import type { JobSystem } from '../jobs/jobs.ts';
import type { LifecycleHooks } from '../lib/hooks.ts';
import type { ChangeHandler } from '../orders/changes.ts';
import type { OrderStore } from '../orders/store.ts';
import type { Translate } from '../orders/texts.ts';
import { createAlerts } from './alerts.ts';
import type { AlertGrouping } from './alert-delivery.ts';
import { createOrderCallbacks } from '../bot/callback-data/order.ts';
import { createNotices } from './notices.ts';
import { createOutbox, type OutboxTimings } from './outbox.ts';
import type { UserDirectory } from '../accounts/names.ts';
import type { OutboxTelegram } from './outbox-telegram.ts';

/**
 * What reaches people in chat without their asking: the durable Telegram outbox, the reseller's notices of their
 * orders' changes, and the admins' alerts. Notices and alerts are handlers of the order changes the relay hands
 * out (orders/relay.ts); anything may raise an alert through the port orders/ declares (orders/alerts.ts).
 */

export interface NotifyTimings {
  outbox?: Partial<OutboxTimings>;
  alertGrouping?: Partial<AlertGrouping>;
}

export interface NotifyDeps {
  redis: Redis;
  /** REDIS_PREFIX. */
  prefix: string;
  jobs: JobSystem;
  /** grammY's `Api` (`new Api(token, { apiRoot })`) or anything with its send and edit methods. */
  telegram: OutboxTelegram;
  t: Translate;
  /** Users' names: an alert about a user names them beside their ID. */
  names: Pick<UserDirectory, 'people'>;
  /** Admins and their languages (alerts go to each when there is no alert chat). */
  admins: () => Promise<Array<{ id: number; locale: string }>>;
  logger?: LoggerLike;
  clock?: () => number;
  hooks?: LifecycleHooks;
  /** Seconds from an accepted merchant webhook to the chat message showing its change (metrics). */
  onWebhookToChat?: (seconds: number) => void;
  timings?: NotifyTimings;
}

/** What notify follows: the changes of the order lifecycle, and its store to read the changed order from. */
export interface FollowedOrders {
  store: Pick<OrderStore, 'get'>;
  onChange(handler: ChangeHandler): void;
}

/** The settings notify reads (config.ts): where alerts go, in which language, the outbox's pace. */
export interface NotifyConfig {
  alertChatId: number | null;
  defaultLocale: string;
  outboxMessagesPerSecond: number;
}

export function createNotify(config: NotifyConfig, deps: NotifyDeps) {
  const logger = deps.logger ?? silentLogger;
  const timings = deps.timings ?? {};
  const outbox = createOutbox({
    redis: deps.redis,
    prefix: deps.prefix,
    jobs: deps.jobs,
    telegram: deps.telegram,
    logger,
    timings: { messagesPerSecond: config.outboxMessagesPerSecond, ...timings.outbox },
    hooks: deps.hooks,
    onWebhookToChat: deps.onWebhookToChat,
  });
  const callbacks = createOrderCallbacks({ redis: deps.redis, prefix: deps.prefix });
  const alerts = createAlerts({
    redis: deps.redis,
    prefix: deps.prefix,
    jobs: deps.jobs,
    outbox,
    t: deps.t,
    callbacks,
    names: deps.names,
    admins: deps.admins,
    logger,
    alertChatId: config.alertChatId ?? undefined,
    alertChatLocale: config.defaultLocale,
    grouping: timings.alertGrouping,
    clock: deps.clock,
  });

  return {
    outbox,
    alerts,
    /** Resolves `ord:open:…` button data to a merchant order number. */
    callbacks,
    /**
     * Tells resellers of their orders' changes (the notices) and admins of the alerting ones: both become
     * handlers of `orders`' changes.
     */
    follow(orders: FollowedOrders): void {
      orders.onChange(createNotices({ store: orders.store, outbox, t: deps.t, logger }));
      orders.onChange(alerts.onChange);
    },
    /** Runs the outbox's and the alert bursts' jobs in this process. */
    async start(): Promise<{ stop(): Promise<void> }> {
      const sending = outbox.work();
      const bursts = await alerts.work();
      return {
        async stop() {
          await sending.close();
          await bursts.close();
        },
      };
    },
  };
}
