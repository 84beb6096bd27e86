import type { AccountsPart } from '../accounts/part.ts';
import type { BulkRuns } from '../bulk/runs.ts';
import type { BotModeConfig, Config } from '../config.ts';
import type { MerchantPart } from '../merchant/part.ts';
import type { OrderCallbacks } from './callback-data/order.ts';
import type { Reconciler } from '../orders/reconcile.ts';
import type { OrderSystem } from '../orders/system.ts';
import { RedisReceiptProfiles } from '../receipts/profile.ts';
import { MAX_SCHEDULES_PER_USER, type Schedules } from '../schedules/schedules.ts';
import type { TranslationVars } from '../lib/html.ts';
import type { I18n } from '@grammyjs/i18n';
import type { Bot } from 'grammy';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { BotContext } from './context.ts';
import { cancelFeature } from './features/cancel.ts';
import { languageFeature } from './features/language.ts';
import { usePipeline } from './pipeline.ts';
import { createOrderButtonsFeature } from './features/order-buttons.ts';
import { createHealthFeature } from './features/health.ts';
import { createOrdersFeature } from './features/orders.ts';
import { createStartFeature } from './features/start.ts';
import { createSettingsFeature } from './features/settings.ts';
import { createInvitesFeature } from './features/invites.ts';
import type { AlertSink } from '../orders/alerts.ts';
import { createPricingFeature } from './features/pricing.ts';
import { createPinFeature } from './features/pin.ts';
import { createPinGate } from '../accounts/pin.ts';
import { createStatsFeature } from './features/stats.ts';
import { createReceiptFeature } from './features/receipt.ts';
import { createShopFeature } from './features/shop.ts';
import { createStatusFeature } from './features/status.ts';
import { createUsersFeature } from './features/users.ts';
import { createCreditFeature } from './features/credit.ts';
import { createNetworkFeature } from './features/network.ts';
import { createExportFeature } from './features/export.ts';
import { createReconcileFeature } from './features/reconcile.ts';
import { topUpFeature } from './features/top-up.ts';
import { createBulkFeature } from './features/bulk.ts';
import { createScheduleFeature } from './features/schedule.ts';
import { unhandledFeature } from './features/unhandled.ts';
import type { WaitingLine } from './waiting-line.ts';
import type { UserDirectory } from '../accounts/names.ts';
import { IdleFlows } from './idle-flows.ts';
import { botKeys } from './keys.ts';
import type { JobSystem } from '../jobs/jobs.ts';
import { asBytes, RedisStorage, sessionStorage, type ReadAhead } from './redis-storage.ts';
import { newBot } from './bot-api.ts';
import { telegramWebhook } from './updates.ts';
import { createStaffServices } from './staff.ts';
import { createFileDownload } from './file-download.ts';
import { useFlows, type FlowsDeps } from './flows.ts';
import { createTell } from './tell.ts';
import type { MessageQueue } from '../lib/telegram/outbox-message.ts';

export interface BotDeps {
  redis: Redis;
  prefix: string;
  /** The service's BullMQ jobs (src/jobs): idle top-up flows end by a delayed job per chat. */
  jobs: Pick<JobSystem, 'queue' | 'work'>;
  logger: Logger;
  /** The one I18n of the replica; the order lifecycle translates through the same instance. */
  i18n: I18n<BotContext>;
  merchant: MerchantPart;
  accounts: AccountsPart;
  /** Users' Telegram names: recorded as users with a role write, shown beside their ID to admins and agents. */
  names: UserDirectory;
  orders: OrderSystem;
  /**
   * Notify's: `callbacks` resolves the order buttons' data; the durable Telegram `outbox` carries what a command
   * tells other users (bot/tell.ts).
   */
  notify: { callbacks: OrderCallbacks; outbox: MessageQueue };
  alerts: AlertSink;
  /**
   * The chat side of the shared request line: ❌ and /cancel leave it; reads someone waits for (/status,
   * /orders, Refresh, /balance) and the top-up show their place in it.
   */
  line: WaitingLine;
  reconciler: Pick<Reconciler, 'run'>;
  bulk: BulkRuns;
  schedules: Schedules;
  /** "Now" of the schedules, the credit views and the network views (AppOverrides.clock). */
  now: () => number;
  /** Least time between two messages to one chat (default Telegram's one a second). */
  chatMinTimeMs?: number | undefined;
}

/** What the bot reads of the configuration. */
export type BotConfig = Pick<
  Config,
  | 'botToken'
  | 'telegramApiRoot'
  | 'defaultLocale'
  | 'userUpdateLimit'
  | 'telegramMessagesPerSecond'
  | 'exportPartMaxBytes'
  | 'alertChatId'
  | 'role'
> &
  BotModeConfig;

/** A quote this close to its expiry is renewed before the order is placed. */
const QUOTE_MARGIN_MS = 20_000;

/** A top-up flow left alone this long ends (its idle job says goodbye; nothing was charged). */
const FLOW_IDLE_MS = 15 * 60_000;

/**
 * The services a top-up flow sells through (the one road's parts, as the bot sees them). `readOf`: what the user's
 * running update read first (their role, the roles' version), for the standing the flow shows (the charge reads it
 * again) and for whether the PIN is asked (never of an admin).
 */
function topUpServices(deps: BotDeps, readOf: ReturnType<typeof usePipeline>['readOf']): FlowsDeps['topUp'] {
  const { merchant, accounts, orders, alerts } = deps;
  return {
    catalogue: merchant.catalogue,
    quotes: merchant.quotes,
    orders: orders.service,
    gates: accounts.payerGates,
    shown: {
      standing: (userId) => {
        const read = readOf(userId);
        return read === undefined
          ? accounts.payerGates.standing(userId)
          : accounts.shownStanding(userId, read.version);
      },
    },
    pricing: accounts.pricing,
    numbers: orders.numbers,
    fixedPrices: merchant.fixedPrices,
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
    line: deps.line,
    pins: createPinGate({
      store: accounts.pins.store,
      requiredAbove: accounts.pins.requiredAbove,
      isAdmin: async (userId) => {
        const read = readOf(userId);
        return (read === undefined ? await accounts.roles.roleOf(userId) : read.role) === 'admin';
      },
    }),
    accounts: accounts.accounts,
  };
}

/** Builds the grammY bot with every feature on the services of the other parts; the caller decides how updates arrive. */
export function createBot(config: BotConfig, deps: BotDeps) {
  const { redis, prefix, logger, accounts, line, names, i18n } = deps;
  const { roles, network } = accounts;
  const { defaultLocale } = config;
  const bot = newBot({
    token: config.botToken,
    apiRoot: config.telegramApiRoot,
    telegramMessagesPerSecond: config.telegramMessagesPerSecond,
    chatMinTimeMs: deps.chatMinTimeMs,
  });
  const receiptProfiles = new RedisReceiptProfiles({ redis, prefix });
  const pins = { store: accounts.pins.store, requiredAbove: accounts.pins.requiredAbove };
  const translate = (locale: string, key: string, vars?: TranslationVars) => i18n.t(locale, key, vars);
  // What the running updates read ahead (session, conversation), so each update reads its chat in one round trip.
  const readAhead: ReadAhead = new Map();
  const sessions = sessionStorage(redis, prefix, readAhead);
  const chosenLocale = async (chatId: number) => (await sessions.read(String(chatId)))?.locale;
  const localeOf = async (userId: number) => (await chosenLocale(userId)) ?? defaultLocale;
  // Stored compacted and deflated (compact-replay.ts).
  const flows = new RedisStorage(redis, botKeys(prefix).conversationPrefix, 86_400, asBytes, readAhead);
  const idle = new IdleFlows({
    redis,
    prefix,
    jobs: deps.jobs,
    idleMs: FLOW_IDLE_MS,
    api: bot.api,
    translate,
    localeOf,
    logger,
  });

  const { readOf } = usePipeline(bot, {
    redis,
    prefix,
    defaultLocale,
    userUpdateLimit: config.userUpdateLimit,
    alertChatId: config.alertChatId,
    line,
    translate,
    i18n,
    sessions,
    flows,
    readAhead,
    roles,
    network,
    names,
    idle,
    logger,
  });
  useFlows(
    bot,
    {
      redis,
      prefix,
      defaultLocale,
      topUp: topUpServices(deps, readOf),
      receiptProfiles,
      pins,
      schedules: { service: deps.schedules, now: deps.now },
    },
    { flows, idle, translate, idleMs: FLOW_IDLE_MS, chosenLocale },
  );

  const staff = staffServices(bot, deps, { translate, defaultLocale, chosenLocale });
  const shared: Shared = {
    staff,
    receiptProfiles,
    pins,
    translate,
    tell: createTell({ outbox: deps.notify.outbox, translate, localeOf }),
    menuError: (error, userId) => logger.warn({ err: error, userId }, 'could not set the command menu'),
  };
  useSellingFeatures(bot, config, deps, shared);
  useStaffFeatures(bot, config, deps, shared);
  bot.use(unhandledFeature);

  bot.catch((error) => {
    logger.error({ err: error.error, updateId: error.ctx.update.update_id }, 'update handler failed');
  });

  const webhook = webhookOf(config, bot, logger);
  return { bot, i18n, translate, idle, sessions, menus: staff.menus, webhook };
}

/** Webhook mode, in a process that takes updates: the handler of `POST /webhooks/telegram` (none otherwise). */
function webhookOf(config: BotConfig, bot: Bot<BotContext>, logger: Logger) {
  return config.botMode === 'webhook' && config.role !== 'worker'
    ? telegramWebhook(bot, { secretToken: config.webhookSecret, logger })
    : undefined;
}

/** The agents' and admins' services (staff.ts), on the bot's API and its chats' languages. */
function staffServices(
  bot: Bot<BotContext>,
  deps: BotDeps,
  languages: Pick<Parameters<typeof createStaffServices>[1], 'translate' | 'defaultLocale' | 'chosenLocale'>,
) {
  const { redis, prefix, accounts, names, line } = deps;
  return createStaffServices(
    {
      api: deps.merchant.client,
      orders: { ...deps.orders, callbacks: deps.notify.callbacks },
      budget: deps.merchant.budget,
      merchantState: deps.merchant.readiness,
    },
    {
      api: bot.api,
      redis,
      prefix,
      roles: accounts.roles,
      network: accounts.network,
      ledger: accounts.accounts,
      names,
      line,
      ...languages,
    },
  );
}

/** What createBot builds once and several features use. */
interface Shared {
  staff: ReturnType<typeof createStaffServices>;
  receiptProfiles: RedisReceiptProfiles;
  pins: { store: AccountsPart['pins']['store']; requiredAbove: AccountsPart['pins']['requiredAbove'] };
  translate: (locale: string, key: string, vars?: TranslationVars) => string;
  tell: ReturnType<typeof createTell>;
  menuError: (error: unknown, userId?: number) => void;
}

/** The features everyone with a role starts from and sells through, in the order they must see an update. */
function useSellingFeatures(bot: Bot<BotContext>, config: BotConfig, deps: BotDeps, shared: Shared): void {
  const { accounts, names, line } = deps;
  const { roles, network } = accounts;
  const { staff, pins, receiptProfiles } = shared;
  // An invite's /start <payload> before the plain /start, which it hands every other payload.
  bot.use(
    createInvitesFeature({
      invites: accounts.invites,
      roles,
      menus: staff.menus,
      alerts: deps.alerts,
      network,
      names,
      tell: shared.tell,
      logger: deps.logger,
    }),
  );
  bot.use(createStartFeature(staff.menus, shared.menuError));
  bot.use(cancelFeature);
  bot.use(languageFeature);
  bot.use(topUpFeature);
  bot.use(
    createBulkFeature({
      bulk: deps.bulk,
      line,
      download: createFileDownload({
        api: bot.api,
        apiRoot: config.telegramApiRoot,
        token: config.botToken,
      }),
    }),
  );
  bot.use(createScheduleFeature({ schedules: deps.schedules, max: MAX_SCHEDULES_PER_USER }));
  bot.use(
    createPinFeature({
      pins: pins.store,
      roles,
      requiredAbove: pins.requiredAbove,
      names,
      network,
    }),
  );
  bot.use(createOrderButtonsFeature(staff));
  bot.use(createShopFeature({ profiles: receiptProfiles }));
  bot.use(createSettingsFeature({ profiles: receiptProfiles, pins: pins.store }));
}

/** The lookups, money views and admin commands, after the selling features. */
function useStaffFeatures(bot: Bot<BotContext>, config: BotConfig, deps: BotDeps, shared: Shared): void {
  const { accounts, names, orders, merchant } = deps;
  const { roles, network } = accounts;
  const { staff, tell } = shared;
  bot.use(createStatusFeature(staff));
  bot.use(createOrdersFeature(staff));
  bot.use(createUsersFeature(staff, shared.menuError, tell));
  bot.use(
    createCreditFeature({
      accounts: accounts.accounts,
      partMaxBytes: config.exportPartMaxBytes,
      walletBalance: (place) => merchant.walletBalance(place),
      clock: deps.now,
      roles,
      names,
      network,
      tell,
      line: deps.line,
    }),
  );
  bot.use(createNetworkFeature({ network, accounts: accounts.accounts, names, tell, clock: deps.now }));
  bot.use(
    createExportFeature({ orders: orders.store, partMaxBytes: config.exportPartMaxBytes, names, network }),
  );
  bot.use(createReconcileFeature({ run: () => deps.reconciler.run() }));
  bot.use(createStatsFeature(staff));
  bot.use(
    createReceiptFeature({
      staff,
      orders: { get: (externalOrderId) => orders.service.get(externalOrderId) },
      profiles: shared.receiptProfiles,
    }),
  );
  bot.use(createHealthFeature(staff));
  bot.use(
    createPricingFeature({ pricing: accounts.pricing, roles, network, names, catalogue: merchant.catalogue }),
  );
}
