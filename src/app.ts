import type { TranslationVars } from './lib/html.ts';
import type { Server } from 'node:http';
import { Decimal } from 'decimal.js';
import { Api } from 'grammy';
import type { Redis } from 'ioredis';
import {
  checkRedisPolicy,
  connectRedis,
  createRedis,
  readReplication,
  topologyOf,
} from './lib/redis/connect.ts';
import { createJobSystem, type JobSystem } from './jobs/jobs.ts';
import { createReplicaAcks } from './lib/redis/replica-acks.ts';
import type { Logger } from 'pino';
import { createBot, type RechargeBot } from './bot/bot.ts';
import { sessionStorage } from './bot/redis-storage.ts';
import { takeUpdates, telegramWebhook } from './bot/updates.ts';
import { RedisRoleStore } from './accounts/roles.ts';
import { RedisPricingStore } from './accounts/pricing-store.ts';
import type { BotContext } from './bot/context.ts';
import { createI18n } from './bot/i18n.ts';
import type { Config } from './config.ts';
import { createCatalogue, type Catalogue } from './merchant/catalogue.ts';
import { createMerchantClient, type MerchantClient } from './merchant/client.ts';
import { createRequestBudget, untilServed, type RequestBudget } from './merchant/budget.ts';
import { createMerchantReadiness } from './merchant/readiness.ts';
import type { RetryPolicy } from './merchant/retry.ts';
import type { LifecycleHooks } from './lib/hooks.ts';
import { createOrderNumbers } from './orders/numbers.ts';
import { createPinGate, PIN_MAX_TRIES, RedisPinStore } from './accounts/pin.ts';
import { receiptData } from './bot/callback-data/receipt.ts';
import { RedisReceiptProfiles } from './receipts/profile.ts';
import { createAccounts, type Accounts } from './accounts/accounts.ts';
import { createWalletWatch, WALLET_WATCH_QUEUE } from './accounts/wallet-watch.ts';
import { utcDay } from './accounts/ledger.ts';
import { createReconciler, type Reconciler } from './orders/reconcile.ts';
import { reconcileSummaryText } from './bot/features/reconcile.ts';
import { createOrderSystem, type OrderSystem, type OrderTimings } from './orders/system.ts';
import { createNotify, type Notify, type NotifyTimings } from './notify/notify.ts';
import { countTelegramErrors, createMetrics, timeBudgetWaits, type Metrics } from './server/metrics.ts';
import { createRedisReadiness } from './server/redis-ready.ts';
import { createServer } from './server/server.ts';
import type { BulkTimings } from './bulk/line-jobs.ts';
import { createBulkRuns } from './bulk/runs.ts';
import { reportCsv } from './bulk/texts.ts';
import { createBulkTelegram } from './bot/features/bulk.ts';
import { createWaitingLine } from './bot/waiting-line.ts';
import { createFixedPrices } from './merchant/fixed-prices.ts';
import type { PayerGates } from './orders/top-up.ts';
import { createSchedules, MAX_SCHEDULES_PER_USER, type Schedules } from './schedules/schedules.ts';

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
   * "Now" of the schedules and of the PIN locks (ms): a test sets it near a run instead of waiting a day, or past
   * a lock instead of waiting for it; the delay until a run stays real time (next run − now). Production keeps the
   * system clock.
   */
  clock?: () => number;
}

export interface App {
  readonly config: Config;
  readonly redis: Redis;
  readonly bot: RechargeBot;
  readonly merchant: MerchantClient;
  readonly budget: RequestBudget;
  readonly catalogue: Catalogue;
  readonly orders: OrderSystem;
  /** The Telegram outbox, the reseller notices and the admin alerts. */
  readonly notify: Notify;
  readonly roles: RedisRoleStore;
  readonly accounts: Accounts;
  /** The daily reconciliation (RECONCILE_AT) and /reconcile. */
  readonly reconciler: Reconciler;
  /** Scheduled and recurring top-ups (/schedule), run as BullMQ jobs by processes that run jobs. */
  readonly schedules: Schedules;
  /** Durable jobs on BullMQ (src/jobs): any process adds jobs; those that run jobs (ROLE all, worker) work them. */
  readonly jobs: JobSystem;
  readonly metrics: Metrics;
  readonly server: Server;
  /** Where the HTTP server listens once started. */
  readonly address: { host: string; port: number } | undefined;
  start(): Promise<void>;
  /** Stops taking updates, lets running work finish (bounded), closes Redis last. */
  stop(timeoutMs?: number): Promise<void>;
}

/** How long start() waits for the Bot API's getMe. */
const TELEGRAM_INIT_TIMEOUT_MS = 30_000;
/** How long an order intent waits for a Redis replica's acknowledgement (Sentinel, Cluster) before it is refused. */
const REPLICA_ACK_TIMEOUT_MS = 1_000;
/** A quote this close to its expiry is renewed before the order is placed. */
const QUOTE_MARGIN_MS = 20_000;

/** Wires every real part from the configuration: the one place that builds the service. */
export function createApp(config: Config, logger: Logger, overrides: AppOverrides = {}): App {
  const prefix = config.redis.prefix;
  const redis = createRedis(config.redis, {
    maxRetriesPerRequest: 3,
    lazyConnect: true,
    enableAutoPipelining: true,
  });
  const topology = topologyOf(config.redis);
  // Through Sentinel, and in a Cluster whose master of the keys' hash tag has replicas (on that master), an order intent
  // waits for one replica (WAIT) before it is sent; a second at most.
  const replicaAcks = createReplicaAcks(
    redis,
    topology === 'single'
      ? { kind: 'none' }
      : topology === 'sentinel'
        ? { kind: 'sentinel', replicas: 1, timeoutMs: REPLICA_ACK_TIMEOUT_MS }
        : { kind: 'cluster', replicas: 1, timeoutMs: REPLICA_ACK_TIMEOUT_MS, slotKey: prefix },
  );
  redis.on('error', (error) => logger.warn({ err: error }, 'redis connection problem'));
  const jobs = createJobSystem({
    connect: (options) => createRedis(config.redis, options),
    prefix,
    logger,
  });
  const metrics = createMetrics();

  const budget = createRequestBudget({
    redis,
    prefix,
    limitPerMinute: config.merchant.rateLimitPerMinute,
    ...(overrides.budgetWindowMs === undefined ? {} : { windowMs: overrides.budgetWindowMs }),
  });
  const timedBudget = timeBudgetWaits(budget, metrics);
  const roles = new RedisRoleStore({
    redis,
    prefix,
    configuredAdmins: config.adminIds,
    // RESELLER_START_CREDIT, once per user whatever the re-grants (the accounts are built below).
    onReseller: async (userId, by) => {
      const amount = new Decimal(config.resellerStartCredit);
      if (amount.lte(0)) return;
      try {
        await accounts.giveStartCredit(userId, amount, by);
      } catch (error) {
        logger.warn({ err: error, userId }, 'start credit not given (a later grant tries again)');
      }
    },
  });
  const pricing = new RedisPricingStore({ redis, prefix, defaultPercent: config.priceMarginPercent });

  const i18n = createI18n<BotContext>(config.defaultLocale);
  const translate = (locale: string, key: string, vars?: TranslationVars) => i18n.t(locale, key, vars);
  // The order lifecycle, bulk runs and schedules talk to Telegram through the durable outbox, a BullMQ queue (it
  // handles 429s and outages); alerts go to the alert chat or to each admin in their language.
  const telegram = new Api(config.botToken, { apiRoot: config.telegramApiRoot });
  telegram.config.use(countTelegramErrors(metrics));
  const sessions = sessionStorage(redis, prefix);
  const notify = createNotify({
    redis,
    prefix,
    jobs,
    telegram,
    t: translate,
    admins: async () =>
      Promise.all(
        (await roles.adminIds()).map(async (id) => ({
          id,
          locale: (await sessions.read(String(id)))?.locale ?? config.defaultLocale,
        })),
      ),
    ...(config.alertChatId === null ? {} : { alertChatId: config.alertChatId }),
    alertChatLocale: config.defaultLocale,
    logger,
    ...(overrides.hooks ? { hooks: overrides.hooks } : {}),
    onWebhookToChat: (seconds) => metrics.webhookToChat.observe(seconds),
    timings: {
      ...overrides.orderTimings,
      outbox: { messagesPerSecond: config.outboxMessagesPerSecond, ...overrides.orderTimings?.outbox },
    },
  });
  const alerts = notify.alerts;
  const merchant = createMerchantClient({
    baseUrl: config.merchant.baseUrl,
    merchantId: config.merchant.merchantId,
    apiKey: config.merchant.apiKey,
    budget: timedBudget,
    logger,
    ...(overrides.merchantRetry ? { retry: overrides.merchantRetry } : {}),
    onAttempt: (event) => {
      metrics.merchantCalls.inc({
        endpoint: `${event.method} ${event.route}`,
        // A success carries neither an HTTP status nor an error kind.
        status: String(event.httpStatus ?? event.kind ?? 'ok'),
      });
      if (event.httpStatus === 429) {
        void alerts.raise({ kind: 'rate-limited' }).catch(() => undefined);
      } else if (event.httpStatus === 403 && event.route !== '/recharge/orders') {
        void alerts.raise({ kind: 'forbidden', operation: 'read' }).catch(() => undefined);
      }
    },
  });
  // One judgement of the Merchant API per replica, shared by /readyz and /health.
  const merchantReadiness = createMerchantReadiness({ client: merchant });
  const catalogue = createCatalogue({
    api: merchant,
    redis,
    prefix,
    ttlSeconds: config.catalogueTtlSeconds,
    logger,
  });
  // The chat side of the shared line: "In line" messages, ❌ and /cancel.
  const line = createWaitingLine({ redis, prefix, budget, translate });

  const orderSystem = createOrderSystem({
    redis,
    prefix,
    jobs,
    api: merchant,
    alerts,
    webhookSecrets: config.merchant.webhookSecrets,
    logger,
    ...(overrides.hooks ? { hooks: overrides.hooks } : {}),
    replicaAcks,
    onWebhookRefused: (reason) => metrics.webhookFailures.inc({ reason }),
    timings: {
      ...overrides.orderTimings,
      followUp: { staleAfterMs: config.orderStaleAlertSeconds * 1000, ...overrides.orderTimings?.followUp },
    },
  });
  metrics.countOrdersBy(async (status) => (await orderSystem.store.listByStatus(status, 0, 0)).total);
  const pinStore = new RedisPinStore({
    redis,
    prefix,
    ...(overrides.clock ? { clock: overrides.clock } : {}),
    onLocked: (userId, lockMs, lock) =>
      alerts.raise({
        kind: 'pin-locked',
        userId,
        tries: PIN_MAX_TRIES,
        minutes: lock.untilUnlock ? 0 : Math.ceil(lockMs / 60_000),
        untilUnlock: lock.untilUnlock,
        locks: lock.number,
        lockedAt: lock.at,
      }),
  });
  const pinRequiredAbove = config.pinRequiredAbove ?? undefined;
  const pinGate = createPinGate({
    store: pinStore,
    requiredAbove: pinRequiredAbove,
    isAdmin: async (userId) => (await roles.roleOf(userId)) === 'admin',
  });
  // Who pays and whether they may, read again at every order of every road (chat, bulk, schedules).
  const payerGates: PayerGates = {
    roleOf: (userId) => roles.roleOf(userId),
    pricing,
    pinNeed: (userId, price) => pinGate.need(userId, price),
  };
  const accounts = createAccounts({
    redis,
    prefix,
    readCurrency: async () => (await merchant.getAccount({ priority: 'interactive' })).defaultCurrency,
  });
  // MERCHANT_LOW_BALANCE: one GET /account per 10 minutes for all replicas (a BullMQ job scheduler), at background priority.
  const lowBalance = config.merchantLowBalance;
  const walletWatch =
    lowBalance === null
      ? undefined
      : createWalletWatch({
          redis,
          prefix,
          threshold: lowBalance,
          read: async () => {
            const account = await merchant.getAccount({ priority: 'background' });
            return {
              currency: account.defaultCurrency,
              ...(account.balance === undefined ? {} : { balance: account.balance }),
            };
          },
          alert: (low) => alerts.raise({ kind: 'merchant-low-balance', ...low }),
          logger,
        });

  // RECONCILE_AT: once a day on one worker replica, and on an admin's /reconcile (any replica).
  const reconciler = createReconciler({
    redis,
    prefix,
    api: merchant,
    store: orderSystem.store,
    apply: (remote) => orderSystem.service.applyListed(remote),
    heldAccounts: () => accounts.heldAccounts(),
    alerts: alerts,
    report: async (summary, csv) => {
      await alerts.report({
        id: `reconcile:${summary.runId}`,
        caption: (locale) =>
          `${translate(locale, 'reconcile-report-caption', { count: summary.differences.length, day: utcDay(Date.now()) })}\n\n${reconcileSummaryText((key, vars) => translate(locale, key, vars), summary)}`,
        fileName: `reconciliation-${summary.runId}.csv`,
        fileText: csv,
      });
    },
    followUpDelayMs: orderSystem.service.followUpTimings.firstDelayMs(0),
    atMinutes: config.reconcileAtMinutes,
    logger,
  });

  // Bulk runs: lines placed through the order service; progress and report through the lifecycle's Api.
  const bulk = createBulkRuns({
    redis,
    prefix,
    jobs,
    api: merchant,
    orders: orderSystem.service,
    catalogue,
    gates: payerGates,
    pins: pinGate,
    alerts: alerts,
    accounts,
    telegram: createBulkTelegram(telegram, translate, notify.outbox),
    report: (run, lines, orders) => reportCsv(translate, run, lines, orders),
    logger,
    ...(overrides.hooks ? { hooks: overrides.hooks } : {}),
    ...(overrides.bulkTimings ? { timings: overrides.bulkTimings } : {}),
  });

  // Schedules: each run a delayed BullMQ job, placed through the order service, reported through the outbox.
  const scheduleClock = overrides.clock ?? Date.now;
  const schedules = createSchedules({
    redis,
    prefix,
    jobs,
    api: merchant,
    orders: orderSystem.service,
    gates: payerGates,
    alerts: alerts,
    outbox: notify.outbox,
    translate,
    clock: scheduleClock,
    logger,
  });

  const bot: RechargeBot = createBot({
    token: config.botToken,
    apiRoot: config.telegramApiRoot,
    redis,
    prefix,
    jobs,
    defaultLocale: config.defaultLocale,
    roles,
    logger,
    userUpdateLimit: config.userUpdateLimit,
    telegramMessagesPerSecond: config.telegramMessagesPerSecond,
    topUp: {
      catalogue,
      api: merchant,
      orders: orderSystem.service,
      roles,
      pricing,
      numbers: createOrderNumbers({ redis, prefix }),
      fixedPrices: createFixedPrices({ api: merchant, redis, prefix, logger }),
      reportQuoteMismatch: async (details) => {
        await alerts.raise({
          kind: 'quote-mismatch',
          operatorKey: details.operator ?? '',
          field: details.field ?? '',
          asked: details.asked ?? '',
          quoted: details.quoted ?? '',
        });
      },
      quoteMarginMs: QUOTE_MARGIN_MS,
      line,
      pins: pinGate,
      accounts,
    },
    pins: { store: pinStore, requiredAbove: pinRequiredAbove },
    line,
    orderLookup: { orders: { service: orderSystem.service, callbacks: notify.callbacks } },
    pricing,
    staff: {
      api: merchant,
      orders: { ...orderSystem, callbacks: notify.callbacks },
      budget,
      merchantState: merchantReadiness,
    },
    exports: { orders: orderSystem.store, partMaxBytes: config.exportPartMaxBytes },
    reconcile: { run: () => reconciler.run() },
    credit: {
      accounts,
      partMaxBytes: config.exportPartMaxBytes,
      walletBalance: async (place) => {
        try {
          const account = await untilServed(() =>
            merchant.getAccount({ priority: 'interactive', ...(place === undefined ? {} : { line: place }) }),
          );
          return { balance: account.balance, currency: account.defaultCurrency };
        } catch {
          return null;
        }
      },
    },
    i18n,
    receiptProfiles: new RedisReceiptProfiles({ redis, prefix }),
    ...(config.alertChatId === null ? {} : { alertChatId: config.alertChatId }),
    bulk,
    schedules: { service: schedules, now: scheduleClock, max: MAX_SCHEDULES_PER_USER },
  });
  bot.bot.api.config.use(countTelegramErrors(metrics));

  // ROLE: a `bot` takes Telegram updates and stores webhooks; a `worker` runs the order jobs; `all` does both.
  const takesUpdates = config.role !== 'worker';
  const runsJobs = config.role !== 'bot';
  const webhookRoute =
    config.botMode === 'webhook' && takesUpdates
      ? telegramWebhook(bot.bot, { secretToken: config.webhookSecret, logger })
      : undefined;

  const server = createServer({
    merchantWebhook: orderSystem.webhookHandler,
    ...(webhookRoute ? { telegramWebhook: webhookRoute } : {}),
    readiness: [
      { name: 'redis', check: createRedisReadiness(redis) },
      // Only a real failure counts: a busy budget, a 429 pause or no answer yet is still ready.
      { name: 'merchant', check: async () => (await merchantReadiness.check()).state !== 'failing' },
    ],
    metrics: {
      contentType: metrics.registry.contentType,
      metrics: () => metrics.registry.metrics(),
      ...(config.metricsToken === null ? {} : { token: config.metricsToken }),
    },
    readinessDetails: async () => ({
      role: config.role,
      redis: await readReplication(redis, topology, replicaAcks, prefix),
    }),
    logger,
  });

  // What start() started, stopped in reverse on stop().
  const started: Array<() => Promise<void>> = [];
  let address: { host: string; port: number } | undefined;
  let stopping: Promise<void> | undefined;

  return {
    config,
    redis,
    bot,
    merchant,
    budget,
    catalogue,
    orders: orderSystem,
    notify,
    roles,
    accounts,
    reconciler,
    schedules,
    jobs,
    metrics,
    server,
    get address() {
      return address;
    },

    async start() {
      await startStage('Redis (REDIS_URL) is not reachable', () =>
        connectRedis(redis, config.redisStartupWaitSeconds * 1000, logger),
      );
      await checkRedisPolicy(redis, logger);
      if (topology === 'cluster' && !(await replicaAcks.requiredNow()))
        logger.warn(
          'the Redis Cluster master serving the keys has no replica: order intents are not held for one (a single copy)',
        );
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
      await startStage(
        `cannot listen on HTTP_HOST:HTTP_PORT (${config.http.host}:${config.http.port})`,
        () =>
          new Promise<void>((resolve, reject) => {
            server.once('error', reject);
            server.listen(config.http.port, config.http.host, () => {
              server.off('error', reject);
              resolve();
            });
          }),
      );
      const bound = server.address();
      if (bound !== null && typeof bound === 'object') address = { host: bound.address, port: bound.port };
      started.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
      if (runsJobs) {
        const notifying = await notify.start({ store: orderSystem.store, receiptData });
        started.push(() => notifying.stop());
        const ordering = await orderSystem.startWorkers({ changeHandlers: notifying.changeHandlers });
        started.push(() => ordering.stop());
        await bulk.runJobs();
        await schedules.runJobs();
        // MERCHANT_LOW_BALANCE unset (again): a schedule a configuration with it left in Redis goes.
        if (walletWatch === undefined) await jobs.stopEvery(WALLET_WATCH_QUEUE);
        else await walletWatch.start(jobs);
        await reconciler.start(jobs);
        started.push(() => reconciler.stop());
        bot.idle.start();
        started.push(() => bot.idle.stop());
      }
      // A worker leaves Telegram's update delivery (webhook or polling) to the bot replicas.
      if (takesUpdates) {
        const updates = await takeUpdates(bot.bot, {
          delivery:
            config.botMode === 'webhook'
              ? { mode: 'webhook', publicUrl: config.publicUrl, webhookSecret: config.webhookSecret }
              : { mode: 'polling' },
          line,
          logger,
        });
        started.push(() => updates.stop());
      }
      logger.info({ role: config.role, mode: config.botMode, port: address?.port }, 'recharge-bot started');
    },

    stop(timeoutMs = 10_000) {
      stopping ??= (async () => {
        const graceful = (async () => {
          // Updates first (running handlers and placements finish), then the HTTP server, the jobs' workers.
          for (const stop of started.reverse()) await stop();
          await jobs.close();
        })();
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<void>((resolve) => {
          timer = setTimeout(() => {
            logger.warn({ timeoutMs }, 'shutdown took too long; closing anyway');
            resolve();
          }, timeoutMs);
        });
        await Promise.race([graceful, timeout]);
        clearTimeout(timer);
        server.closeAllConnections();
        await merchant.close().catch(() => undefined);
        await redis.quit().catch(() => redis.disconnect());
      })();
      return stopping;
    },
  };
}

/** Start-up failed at one stage; the message names the variables to check, never a value of a secret. */
export class StartupError extends Error {
  readonly kind = 'startup-failed' as const;
  constructor(stage: string, cause: unknown) {
    super(`${stage}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StartupError';
  }
}

async function startStage<T>(stage: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new StartupError(stage, error);
  }
}
