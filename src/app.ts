import type { TranslationVars } from './lib/html.ts';
import { Api } from 'grammy';
import type { Logger } from 'pino';
import { createRedis } from './lib/redis/connect.ts';
import { botApiFetch } from './lib/telegram/fetch.ts';
import { createServiceRedis } from './lib/redis/service.ts';
import { createJobSystem } from './jobs/jobs.ts';
import { createBot } from './bot/bot.ts';
import { adminsInTheirLanguage } from './bot/redis-storage.ts';
import { telegramWebhook } from './bot/updates.ts';
import type { BotContext } from './bot/context.ts';
import { createI18n } from './bot/i18n.ts';
import { receiptData } from './bot/callback-data/receipt.ts';
import { repeatData } from './bot/callback-data/repeat.ts';
import { reconcileReport } from './bot/features/reconcile.ts';
import { createBulkTelegram } from './bot/features/bulk.ts';
import { createWaitingLine } from './bot/waiting-line.ts';
import type { Config } from './config.ts';
import { createMerchantPart } from './merchant/part.ts';
import type { RetryPolicy } from './merchant/retry.ts';
import type { LifecycleHooks } from './lib/hooks.ts';
import { RedisRoleStore } from './accounts/roles.ts';
import { RedisUserDirectory } from './accounts/names.ts';
import { createAccountsPart } from './accounts/part.ts';
import { createReconciler } from './orders/reconcile.ts';
import { createOrderSystem, type OrderTimings } from './orders/system.ts';
import { createNotify, type NotifyTimings } from './notify/notify.ts';
import { countMerchantCalls, countTelegramErrors, createMetrics, timeBudgetWaits } from './server/metrics.ts';
import { createHttpPart } from './server/part.ts';
import type { BulkTimings } from './bulk/line-jobs.ts';
import { createBulkRuns } from './bulk/runs.ts';
import { reportCsv } from './bulk/texts.ts';
import { createSchedules } from './schedules/schedules.ts';
import { createLifecycle } from './lifecycle.ts';

/** Timings the soak, the bench and the tests shorten so whole lifecycles fit in minutes; production passes none. */
export interface AppOverrides {
  /** The Merchant API's back-off (the soak shortens it under its injected faults). */
  merchantRetry?: Partial<RetryPolicy>;
  /** The order lifecycle's and the notices' timings. */
  orderTimings?: OrderTimings & NotifyTimings;
  /** Named crash points with no behaviour of their own (the kill tests stop a replica at one). */
  hooks?: LifecycleHooks;
  /** A bulk line's job lock and the progress edits. */
  bulkTimings?: Partial<BulkTimings>;
  /** The request budget's "minute" (the sandbox's rate-limit window alike): several minutes of the line in seconds. */
  budgetWindowMs?: number;
  /** "Now" of the schedules, the PIN locks and the invites' expiry; the delay until a run stays real time. */
  clock?: () => number;
  /** Least time between two messages to one private chat (Telegram's limit, one a second, by default). */
  telegramChatMinTimeMs?: number;
}

/** The running service: its parts (tests and tools reach them here), start() and stop(). */
export type App = ReturnType<typeof createApp>;

/** What every part is built on: Redis and its keys' prefix, the durable jobs, the logger, metrics, languages. */
function createCore(config: Config, logger: Logger) {
  const data = createServiceRedis(config.redis, logger);
  const { redis } = data;
  const prefix = config.redis.prefix;
  const jobs = createJobSystem({ connect: (options) => createRedis(config.redis, options), prefix, logger });
  const i18n = createI18n<BotContext>(config.defaultLocale);
  const translate = (locale: string, key: string, vars?: TranslationVars) => i18n.t(locale, key, vars);
  const metrics = createMetrics();
  // The order lifecycle, bulk runs and schedules talk to Telegram through the durable outbox, a BullMQ queue (it
  // handles 429s and outages); the bot's own API is the bot part's.
  const telegram = new Api(config.botToken, { apiRoot: config.telegramApiRoot, fetch: botApiFetch });
  telegram.config.use(countTelegramErrors(metrics));
  // Users' Telegram names, recorded by the bot as they write; alerts and admin views show them beside the ID.
  const names = new RedisUserDirectory({ redis, prefix });
  return { data, base: { redis, prefix, jobs, logger }, metrics, i18n, translate, telegram, names };
}
type Core = ReturnType<typeof createCore>;

/** The order lifecycle and what it stands on: notices and alerts, the Merchant API, the waiting line. */
function createOrderParts(config: Config, core: Core, overrides: AppOverrides) {
  const { base, metrics } = core;
  const { hooks, orderTimings: timings } = overrides;
  // The admins as the roles say (ADMIN_IDS and grants): alerts go to the alert chat or to each admin.
  const admins = new RedisRoleStore({ ...base, configuredAdmins: config.adminIds });
  const notify = createNotify({
    ...base,
    telegram: core.telegram,
    t: core.translate,
    names: core.names,
    admins: adminsInTheirLanguage(base.redis, base.prefix, admins, config.defaultLocale),
    alertChatId: config.alertChatId ?? undefined,
    alertChatLocale: config.defaultLocale,
    hooks,
    onWebhookToChat: (seconds) => metrics.webhookToChat.observe(seconds),
    timings: {
      ...timings,
      outbox: { messagesPerSecond: config.outboxMessagesPerSecond, ...timings?.outbox },
    },
  });
  const { alerts } = notify;
  const merchant = createMerchantPart(
    {
      ...config.merchant,
      catalogueTtlSeconds: config.catalogueTtlSeconds,
      quoteSharing: config.quoteSharing,
    },
    {
      ...base,
      timed: (budget) => timeBudgetWaits(budget, metrics),
      onAttempt: countMerchantCalls(metrics),
      alerts,
      retry: overrides.merchantRetry,
      budgetWindowMs: overrides.budgetWindowMs,
    },
  );
  // The chat side of the shared line: "In line" messages, ❌ and /cancel.
  const line = createWaitingLine({ ...base, budget: merchant.budget, translate: core.translate });
  const orderSystem = createOrderSystem({
    ...base,
    api: merchant.client,
    alerts,
    webhookSecrets: config.merchant.webhookSecrets,
    hooks,
    replicaAcks: core.data.replicaAcks,
    onWebhookRefused: (reason) => metrics.webhookFailures.inc({ reason }),
    timings: {
      ...timings,
      followUp: { staleAfterMs: config.orderStaleAlertSeconds * 1000, ...timings?.followUp },
    },
  });
  metrics.countOrdersBy(async (status) => (await orderSystem.store.listByStatus(status, 0, 0)).total);
  return { notify, alerts, merchant, line, orderSystem };
}
type OrderParts = ReturnType<typeof createOrderParts>;

/** What sells through the order system besides the chat: accounts, the reconciliation, bulk runs, schedules. */
function createSalesParts(config: Config, core: Core, overrides: AppOverrides, parts: OrderParts) {
  const { base, translate } = core;
  const { notify, alerts, merchant, orderSystem } = parts;
  const { clock, hooks } = overrides;
  const accounts = createAccountsPart(config, { ...base, merchant: merchant.client, alerts, clock });
  // RECONCILE_AT: once a day on one worker replica, and on an admin's /reconcile (any replica).
  const reconciler = createReconciler({
    ...base,
    api: merchant.client,
    store: orderSystem.store,
    apply: (remote) => orderSystem.service.applyListed(remote),
    heldAccounts: () => accounts.accounts.heldAccounts(),
    alerts,
    report: reconcileReport(translate, alerts),
    followUpDelayMs: orderSystem.service.followUpTimings.firstDelayMs(0),
    atMinutes: config.reconcileAtMinutes,
  });
  const sells = {
    ...base,
    quotes: merchant.quotes,
    orders: orderSystem.service,
    gates: accounts.payerGates,
    alerts,
  };
  // Bulk runs and schedules place through the order service and report through the outbox.
  const bulk = createBulkRuns({
    ...sells,
    catalogue: merchant.catalogue,
    pins: accounts.pins.gate,
    accounts: accounts.accounts,
    telegram: createBulkTelegram(core.telegram, translate, notify.outbox),
    report: (run, lines, orders) => reportCsv(translate, run, lines, orders),
    hooks,
    timings: overrides.bulkTimings,
  });
  const schedules = createSchedules({ ...sells, outbox: notify.outbox, translate, clock: clock ?? Date.now });
  return { accounts, reconciler, bulk, schedules };
}

/** Wires every real part from the configuration, each from the ones above it: the one place that builds the service. */
export function createApp(config: Config, logger: Logger, overrides: AppOverrides = {}) {
  const core = createCore(config, logger);
  const { base, metrics } = core;
  const parts = createOrderParts(config, core, overrides);
  const { notify, alerts, merchant, line, orderSystem } = parts;
  const { accounts, reconciler, bulk, schedules } = createSalesParts(config, core, overrides, parts);
  const bot = createBot(config, {
    ...base,
    i18n: core.i18n,
    merchant,
    accounts,
    names: core.names,
    orders: orderSystem,
    callbacks: notify.callbacks,
    alerts,
    outbox: notify.outbox,
    line,
    reconciler,
    bulk,
    schedules,
    now: overrides.clock ?? Date.now,
    chatMinTimeMs: overrides.telegramChatMinTimeMs,
  });
  bot.bot.api.config.use(countTelegramErrors(metrics));
  const takesWebhooks = config.botMode === 'webhook' && config.role !== 'worker';
  const http = createHttpPart(config, {
    merchantWebhook: orderSystem.webhookHandler,
    telegramWebhook: takesWebhooks
      ? telegramWebhook(bot.bot, { secretToken: config.webhookSecret, logger })
      : undefined,
    redis: base.redis,
    merchant: merchant.readiness,
    metrics,
    replication: () => core.data.replication(),
    logger,
  });
  // Resellers hear of their orders' changes, admins of the alerting ones (in the processes that run jobs).
  notify.follow(orderSystem, { receipt: receiptData, repeat: repeatData });
  const lifecycle = createLifecycle(config, logger, {
    data: core.data,
    jobs: base.jobs,
    http,
    bot: bot.bot,
    menus: bot.menus,
    line,
    merchant: merchant.client,
    background: [
      () => notify.start(),
      () => orderSystem.startWorkers(),
      () => bulk.runJobs(),
      () => schedules.runJobs(),
      () => accounts.startWalletWatch(base.jobs),
      () => reconciler.start(base.jobs).then(() => reconciler),
      async () => (bot.idle.start(), bot.idle),
    ],
  });

  return {
    config,
    redis: base.redis,
    bot,
    merchant: merchant.client,
    budget: merchant.budget,
    catalogue: merchant.catalogue,
    orders: orderSystem,
    /** The Telegram outbox, the reseller notices and the admin alerts. */
    notify,
    roles: accounts.roles,
    accounts: accounts.accounts,
    network: accounts.network,
    pricing: accounts.pricing,
    reconciler,
    schedules,
    jobs: base.jobs,
    metrics,
    server: http.server,
    /** Where the HTTP server listens once started. */
    get address() {
      return http.address;
    },
    ...lifecycle,
  };
}
