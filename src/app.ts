import type { TranslationVars } from './lib/html.ts';
import { Api } from 'grammy';
import type { Logger } from 'pino';
import { createRedis } from './lib/redis/connect.ts';
import { createServiceRedis } from './lib/redis/service.ts';
import { startStage, within } from './lib/startup.ts';
import { createJobSystem } from './jobs/jobs.ts';
import { createBot } from './bot/bot.ts';
import { adminsInTheirLanguage } from './bot/redis-storage.ts';
import { takeUpdates, telegramWebhook } from './bot/updates.ts';
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

/**
 * Timings the soak and the bench shorten so whole lifecycles fit in minutes (through runService), and the
 * named crash points; production passes none. Anything else a test needs goes through the configuration.
 */
export interface AppOverrides {
  /** Merchant API back-off; the soak shortens it under its injected faults. */
  merchantRetry?: Partial<RetryPolicy>;
  /** Order lifecycle and notification timings; the soak, the bench and the tests shorten them. */
  orderTimings?: OrderTimings & NotifyTimings;
  /** Named crash points with no behaviour of their own (the kill tests stop a replica at one). */
  hooks?: LifecycleHooks;
  /** Bulk worker timings (a line's job lock, progress edits); the kill tests shorten the lock. */
  bulkTimings?: Partial<BulkTimings>;
  /**
   * Length of the request budget's minute, with the sandbox's rate-limit window shortened alike, so a test or
   * the bench can watch several "minutes" of the shared line in seconds; production keeps the service's 60 s.
   */
  budgetWindowMs?: number;
  /**
   * "Now" of the schedules, of the PIN locks and of the invites' expiry (ms): a test sets it near a run instead of
   * waiting a day, or past a lock or an expiry instead of waiting for it; the delay until a run stays real time
   * (next run − now). Production keeps the system clock.
   */
  clock?: () => number;
  /**
   * Least time between two messages the bot sends to one private chat. Production keeps Telegram's limit (one a
   * second, the throttler's default); a test whose chats are not about the pace shortens it.
   */
  telegramChatMinTimeMs?: number;
}

/** A started part, as start() keeps it for stop(). */
interface Running {
  stop(): Promise<void>;
}

/** How long start() waits for the Bot API's getMe. */
const TELEGRAM_INIT_TIMEOUT_MS = 30_000;

/** The running service: its parts (tests and tools reach them here), start() and stop(). */
export type App = ReturnType<typeof createApp>;

/** What every part is built on: Redis and its keys' prefix, the durable jobs, the logger, metrics, languages. */
function createCore(config: Config, logger: Logger) {
  const data = createServiceRedis(config.redis, logger);
  const { redis } = data;
  const prefix = config.redis.prefix;
  const jobs = createJobSystem({ connect: (options) => createRedis(config.redis, options), prefix, logger });
  const metrics = createMetrics();
  const i18n = createI18n<BotContext>(config.defaultLocale);
  const translate = (locale: string, key: string, vars?: TranslationVars) => i18n.t(locale, key, vars);
  // The order lifecycle, bulk runs and schedules talk to Telegram through the durable outbox, a BullMQ queue (it
  // handles 429s and outages); the bot's own API is the bot part's.
  const telegram = new Api(config.botToken, { apiRoot: config.telegramApiRoot });
  telegram.config.use(countTelegramErrors(metrics));
  // Users' Telegram names, recorded by the bot as they write; alerts and admin views show them beside the ID.
  const names = new RedisUserDirectory({ redis, prefix });
  return { data, redis, prefix, jobs, logger, metrics, i18n, translate, telegram, names };
}
type Core = ReturnType<typeof createCore>;

/** The order lifecycle and what it stands on: notices and alerts, the Merchant API, the waiting line. */
function createOrderParts(config: Config, core: Core, overrides: AppOverrides) {
  const { redis, prefix, jobs, logger, metrics } = core;
  const { hooks, orderTimings } = overrides;
  // The admins as the roles say (ADMIN_IDS and grants): alerts go to the alert chat or to each admin.
  const admins = new RedisRoleStore({ redis, prefix, configuredAdmins: config.adminIds });
  const notify = createNotify({
    redis,
    prefix,
    jobs,
    logger,
    telegram: core.telegram,
    t: core.translate,
    names: core.names,
    admins: adminsInTheirLanguage(redis, prefix, admins, config.defaultLocale),
    ...(config.alertChatId === null ? {} : { alertChatId: config.alertChatId }),
    alertChatLocale: config.defaultLocale,
    ...(hooks ? { hooks } : {}),
    onWebhookToChat: (seconds) => metrics.webhookToChat.observe(seconds),
    timings: {
      ...orderTimings,
      outbox: { messagesPerSecond: config.outboxMessagesPerSecond, ...orderTimings?.outbox },
    },
  });
  const alerts = notify.alerts;
  const merchant = createMerchantPart(
    {
      ...config.merchant,
      catalogueTtlSeconds: config.catalogueTtlSeconds,
      quoteSharing: config.quoteSharing,
    },
    {
      redis,
      prefix,
      logger,
      timed: (budget) => timeBudgetWaits(budget, metrics),
      onAttempt: countMerchantCalls(metrics),
      alerts,
      retry: overrides.merchantRetry,
      budgetWindowMs: overrides.budgetWindowMs,
    },
  );
  // The chat side of the shared line: "In line" messages, ❌ and /cancel.
  const line = createWaitingLine({ redis, prefix, budget: merchant.budget, translate: core.translate });
  const orderSystem = createOrderSystem({
    redis,
    prefix,
    jobs,
    logger,
    api: merchant.client,
    alerts,
    webhookSecrets: config.merchant.webhookSecrets,
    ...(hooks ? { hooks } : {}),
    replicaAcks: core.data.replicaAcks,
    onWebhookRefused: (reason) => metrics.webhookFailures.inc({ reason }),
    timings: {
      ...orderTimings,
      followUp: { staleAfterMs: config.orderStaleAlertSeconds * 1000, ...orderTimings?.followUp },
    },
  });
  metrics.countOrdersBy(async (status) => (await orderSystem.store.listByStatus(status, 0, 0)).total);
  return { notify, alerts, merchant, line, orderSystem };
}
type OrderParts = ReturnType<typeof createOrderParts>;

/** What sells through the order system besides the chat: accounts, the reconciliation, bulk runs, schedules. */
function createSalesParts(config: Config, core: Core, overrides: AppOverrides, parts: OrderParts) {
  const { redis, prefix, jobs, logger, translate } = core;
  const { notify, alerts, merchant, orderSystem } = parts;
  const base = { redis, prefix, jobs, logger };
  const accounts = createAccountsPart(config, {
    redis,
    prefix,
    logger,
    merchant: merchant.client,
    alerts,
    clock: overrides.clock,
  });
  // RECONCILE_AT: once a day on one worker replica, and on an admin's /reconcile (any replica).
  const reconciler = createReconciler({
    redis,
    prefix,
    api: merchant.client,
    store: orderSystem.store,
    apply: (remote) => orderSystem.service.applyListed(remote),
    heldAccounts: () => accounts.accounts.heldAccounts(),
    alerts,
    report: reconcileReport(translate, alerts),
    followUpDelayMs: orderSystem.service.followUpTimings.firstDelayMs(0),
    atMinutes: config.reconcileAtMinutes,
    logger,
  });
  // Bulk runs: lines placed through the order service; progress and report through the outbox.
  const bulk = createBulkRuns({
    ...base,
    quotes: merchant.quotes,
    orders: orderSystem.service,
    catalogue: merchant.catalogue,
    gates: accounts.payerGates,
    pins: accounts.pins.gate,
    alerts,
    accounts: accounts.accounts,
    telegram: createBulkTelegram(core.telegram, translate, notify.outbox),
    report: (run, lines, orders) => reportCsv(translate, run, lines, orders),
    ...(overrides.hooks ? { hooks: overrides.hooks } : {}),
    ...(overrides.bulkTimings ? { timings: overrides.bulkTimings } : {}),
  });
  // Schedules: each run a delayed BullMQ job, placed through the order service, reported through the outbox.
  const schedules = createSchedules({
    ...base,
    quotes: merchant.quotes,
    orders: orderSystem.service,
    gates: accounts.payerGates,
    alerts,
    outbox: notify.outbox,
    translate,
    clock: overrides.clock ?? Date.now,
  });
  return { accounts, reconciler, bulk, schedules };
}
type SalesParts = ReturnType<typeof createSalesParts>;

/** Wires every real part from the configuration, each from the ones above it: the one place that builds the service. */
export function createApp(config: Config, logger: Logger, overrides: AppOverrides = {}) {
  const core = createCore(config, logger);
  const { redis, prefix, jobs, metrics } = core;
  const parts = createOrderParts(config, core, overrides);
  const { notify, alerts, merchant, line, orderSystem } = parts;
  const sales = createSalesParts(config, core, overrides, parts);
  const { accounts, reconciler, bulk, schedules } = sales;
  const bot = createBot(config, {
    redis,
    prefix,
    jobs,
    logger,
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
  const http = createHttpPart(config, {
    merchantWebhook: orderSystem.webhookHandler,
    telegramWebhook:
      config.botMode === 'webhook' && config.role !== 'worker'
        ? telegramWebhook(bot.bot, { secretToken: config.webhookSecret, logger })
        : undefined,
    redis,
    merchant: merchant.readiness,
    metrics,
    replication: () => core.data.replication(),
    logger,
  });
  // Resellers hear of their orders' changes, admins of the alerting ones (in the processes that run jobs).
  notify.follow(orderSystem, { receipt: receiptData, repeat: repeatData });
  const lifecycle = createLifecycle(config, logger, { core, http, bot, ...parts, ...sales });

  return {
    config,
    redis,
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
    jobs,
    metrics,
    server: http.server,
    /** Where the HTTP server listens once started. */
    get address() {
      return http.address;
    },
    ...lifecycle,
  };
}

/** The parts start() starts and stop() stops. */
type Startable = OrderParts &
  SalesParts & { core: Core; http: ReturnType<typeof createHttpPart>; bot: ReturnType<typeof createBot> };

/** start() in dependency order for this replica's ROLE, stop() in reverse (Redis last). */
function createLifecycle(config: Config, logger: Logger, parts: Startable) {
  const { core, http, bot, line } = parts;
  // ROLE: a `bot` takes Telegram updates and stores webhooks; a `worker` runs the order jobs; `all` does both.
  const takesUpdates = config.role !== 'worker';
  const runsJobs = config.role !== 'bot';
  // What start() started, stopped in reverse on stop().
  const started: Running[] = [];
  let stopping: Promise<void> | undefined;

  async function startJobs(): Promise<void> {
    started.push(await parts.notify.start());
    started.push(await parts.orderSystem.startWorkers());
    await parts.bulk.runJobs();
    await parts.schedules.runJobs();
    await parts.accounts.startWalletWatch(core.jobs);
    await parts.reconciler.start(core.jobs);
    started.push(parts.reconciler);
    bot.idle.start();
    started.push(bot.idle);
  }

  return {
    async start(): Promise<void> {
      await core.data.start(config.redisStartupWaitSeconds * 1000);
      // getMe: an unreachable Bot API would otherwise be retried silently for ever.
      await startStage('the Bot API (TELEGRAM_API_ROOT, BOT_TOKEN) did not answer getMe', () =>
        bot.bot.init(
          // grammY types its signal with the abort-controller polyfill; Node's is the same at run time.
          AbortSignal.timeout(TELEGRAM_INIT_TIMEOUT_MS) as Parameters<typeof bot.bot.init>[0],
        ),
      );
      // Strangers' chats show the default menu, set here once rather than on each stranger's /start.
      if (takesUpdates) {
        await bot.menus
          .setDefault()
          .catch((error: unknown) => logger.warn({ err: error }, 'could not set the default command menu'));
      }
      await http.start();
      started.push(http);
      if (runsJobs) await startJobs();
      // A worker leaves Telegram's update delivery (webhook or polling) to the bot replicas.
      if (takesUpdates) {
        const delivery =
          config.botMode === 'webhook'
            ? { mode: 'webhook' as const, publicUrl: config.publicUrl, webhookSecret: config.webhookSecret }
            : { mode: 'polling' as const };
        started.push(await takeUpdates(bot.bot, { delivery, line, logger }));
      }
      logger.info(
        { role: config.role, mode: config.botMode, port: http.address?.port },
        'recharge-bot started',
      );
    },

    /** Stops taking updates, lets running work finish (bounded), closes Redis last. */
    stop(timeoutMs = 10_000): Promise<void> {
      stopping ??= (async () => {
        const graceful = (async () => {
          // Updates first (running handlers and placements finish), then the HTTP server, the jobs' workers.
          for (const running of started.reverse()) await running.stop();
          await core.jobs.close();
        })();
        await within(graceful, timeoutMs, () =>
          logger.warn({ timeoutMs }, 'shutdown took too long; closing anyway'),
        );
        // Given up on (a stop waiting for Redis): the port is released all the same, so a new app can listen.
        if (http.server.listening) http.server.close();
        http.server.closeAllConnections();
        await parts.merchant.client.close().catch(() => undefined);
        await core.data.stop();
      })();
      return stopping;
    },
  };
}
