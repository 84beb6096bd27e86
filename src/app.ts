import type { Logger } from 'pino';
import { createBot } from './bot/bot.ts';
import { adminsInTheirLanguage } from './bot/redis-storage.ts';
import { reconcileReport } from './bot/features/reconcile.ts';
import { createBulkTelegram } from './bot/features/bulk.ts';
import { createWaitingLine } from './bot/waiting-line.ts';
import type { Config } from './config.ts';
import { createMerchantPart } from './merchant/part.ts';
import type { RetryPolicy } from './merchant/retry.ts';
import type { LifecycleHooks } from './lib/hooks.ts';
import { RedisRoleStore } from './accounts/roles.ts';
import { createAccountsPart } from './accounts/part.ts';
import { createReconciler } from './orders/reconcile.ts';
import { createOrderSystem, type OrderTimings } from './orders/system.ts';
import { createNotify, type NotifyTimings } from './notify/notify.ts';
import { countMerchantCalls, countTelegramErrors, timeBudgetWaits } from './server/metrics.ts';
import { createHttpPart } from './server/part.ts';
import type { BulkTimings } from './bulk/line-jobs.ts';
import { createBulkRuns } from './bulk/runs.ts';
import { reportCsv } from './bulk/texts.ts';
import { createSchedules } from './schedules/schedules.ts';
import { createLifecycle } from './lifecycle.ts';
import { createCore, type Core } from './core.ts';

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

/** The order lifecycle and what it stands on: notices and alerts, the Merchant API, the waiting line. */
function createOrderParts(config: Config, core: Core, overrides: AppOverrides) {
  const { base, metrics, translate } = core;
  const { hooks, orderTimings: timings } = overrides;
  // The admins as the roles say (ADMIN_IDS and grants): alerts go to the alert chat or to each admin.
  const admins = new RedisRoleStore({ ...base, configuredAdmins: config.adminIds });
  const notify = createNotify(config, {
    ...base,
    telegram: core.telegram,
    t: translate,
    names: core.names,
    hooks,
    timings,
    admins: adminsInTheirLanguage(base.redis, base.prefix, admins, config.defaultLocale),
    onWebhookToChat: (seconds) => metrics.webhookToChat.observe(seconds),
  });
  const { alerts } = notify;
  const merchant = createMerchantPart(config, {
    ...base,
    alerts,
    retry: overrides.merchantRetry,
    budgetWindowMs: overrides.budgetWindowMs,
    timed: (budget) => timeBudgetWaits(budget, metrics),
    onAttempt: countMerchantCalls(metrics),
  });
  // The chat side of the shared line: "In line" messages, ❌ and /cancel.
  const line = createWaitingLine({ ...base, budget: merchant.budget, translate });
  const orders = createOrderSystem(config, {
    ...base,
    api: merchant.client,
    alerts,
    hooks,
    timings,
    replicaAcks: core.data.replicaAcks,
    onWebhookRefused: (reason) => metrics.webhookFailures.inc({ reason }),
  });
  // Resellers hear of their orders' changes, admins of the alerting ones (in the processes that run jobs).
  notify.follow(orders);
  metrics.countOrdersBy(async (status) => (await orders.store.listByStatus(status, 0, 0)).total);
  return { notify, alerts, merchant, line, orders };
}
type OrderParts = ReturnType<typeof createOrderParts>;

/** What sells through the order system besides the chat: accounts, the reconciliation, bulk runs, schedules. */
function createSalesParts(config: Config, core: Core, overrides: AppOverrides, parts: OrderParts) {
  const { base, translate } = core;
  const { notify, alerts, merchant, orders } = parts;
  const { clock, hooks } = overrides;
  const accounts = createAccountsPart(config, { ...base, merchant: merchant.client, alerts, clock });
  // RECONCILE_AT: once a day on one worker replica, and on an admin's /reconcile (any replica).
  const reconciler = createReconciler({
    ...base,
    api: merchant.client,
    store: orders.store,
    apply: (remote) => orders.service.applyListed(remote),
    heldAccounts: () => accounts.accounts.heldAccounts(),
    alerts,
    report: reconcileReport(translate, alerts),
    followUpDelayMs: orders.service.followUpTimings.firstDelayMs(0),
    atMinutes: config.reconcileAtMinutes,
  });
  const sells = {
    ...base,
    quotes: merchant.quotes,
    orders: orders.service,
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
  const { notify, merchant, line, orders } = parts;
  const sales = createSalesParts(config, core, overrides, parts);
  const { accounts, reconciler, bulk, schedules } = sales;
  const bot = createBot(config, {
    ...base,
    ...parts,
    ...sales,
    i18n: core.i18n,
    names: core.names,
    now: overrides.clock ?? Date.now,
    chatMinTimeMs: overrides.telegramChatMinTimeMs,
  });
  bot.bot.api.config.use(countTelegramErrors(metrics));
  const http = createHttpPart(config, {
    merchantWebhook: orders.webhookHandler,
    telegramWebhook: bot.webhook,
    redis: base.redis,
    merchant: merchant.readiness,
    metrics,
    replication: () => core.data.replication(),
    logger,
  });
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
      () => orders.startWorkers(),
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
    jobs: base.jobs,
    bot,
    merchant: merchant.client,
    budget: merchant.budget,
    catalogue: merchant.catalogue,
    orders,
    /** The Telegram outbox, the reseller notices and the admin alerts. */
    notify,
    roles: accounts.roles,
    accounts: accounts.accounts,
    network: accounts.network,
    pricing: accounts.pricing,
    reconciler,
    schedules,
    server: http.server,
    /** Where the HTTP server listens once started. */
    get address() {
      return http.address;
    },
    ...lifecycle,
  };
}
