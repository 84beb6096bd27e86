import type { TranslationVars } from '../lib/html.ts';
import type { I18n } from '@grammyjs/i18n';
import { limit } from '@grammyjs/ratelimiter';
import { sequentialize } from '@grammyjs/runner';
import { session, type Context } from 'grammy';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { initialSession, type BotContext } from './context.ts';
import { createAccessFeature } from './features/access.ts';
import { createChatScope } from './features/chat-scope.ts';
import { cancelFeature } from './features/cancel.ts';
import { languageFeature } from './features/language.ts';
import { createOrderButtonsFeature, type OrderLookup } from './features/order-buttons.ts';
import { createHealthFeature } from './features/health.ts';
import { createOrdersFeature } from './features/orders.ts';
import { createStartFeature, menuCommands } from './features/start.ts';
import { createSettingsFeature } from './features/settings.ts';
import { createInvitesFeature } from './features/invites.ts';
import type { InviteStore } from '../accounts/invites.ts';
import type { AlertSink } from '../orders/alerts.ts';
import { createPricingFeature } from './features/pricing.ts';
import { createPinFeature, type PinFeatureDeps } from './features/pin.ts';
import type { PinSetupDeps } from './conversations/pin-setup.ts';
import { createStatsFeature } from './features/stats.ts';
import { createReceiptFeature } from './features/receipt.ts';
import { createShopFeature } from './features/shop.ts';
import type { ReceiptProfiles } from '../receipts/profile.ts';
import { createStatusFeature } from './features/status.ts';
import { createUsersFeature } from './features/users.ts';
import { createCreditFeature, type CreditDeps } from './features/credit.ts';
import { createNetworkFeature } from './features/network.ts';
import { createExportFeature, type ExportDeps } from './features/export.ts';
import { createReconcileFeature, type ReconcileFeatureDeps } from './features/reconcile.ts';
import { topUpFeature } from './features/top-up.ts';
import { createBulkFeature, type BulkFeatureDeps } from './features/bulk.ts';
import { createScheduleFeature } from './features/schedule.ts';
import type { Schedules } from '../schedules/schedules.ts';
import { unhandledFeature } from './features/unhandled.ts';
import { createLeaveLineFeature } from './features/leave-line.ts';
import type { WaitingLine } from './waiting-line.ts';
import type { Locale } from '../config.ts';
import { matchLocale } from './i18n.ts';
import { updateGuard } from './middleware/update-guard.ts';
import { typedDigits } from './middleware/typed-digits.ts';
import { recordUserNames } from './middleware/user-names.ts';
import type { UserDirectory } from '../accounts/names.ts';
import { IdleFlows } from './idle-flows.ts';
import { botKeys } from './keys.ts';
import type { JobSystem } from '../jobs/jobs.ts';
import type { Packed } from './conversations/compact-replay.ts';
import { RedisJsonStorage, sessionStorage, type ReadAhead } from './redis-storage.ts';
import { newBot } from './bot-api.ts';
import type { Role, RoleStore } from '../accounts/roles.ts';
import { isSuspended, type Network } from '../accounts/network.ts';
import { createStaffServices, type StaffDeps } from './staff.ts';
import type { PricingStore } from '../accounts/pricing-store.ts';
import { createFileDownload } from './file-download.ts';
import { useFlows, type FlowsDeps } from './flows.ts';
import { createTell } from './tell.ts';
import type { MessageQueue } from '../lib/telegram/outbox-message.ts';

export interface BotDeps {
  token: string;
  apiRoot?: string;
  redis: Redis;
  prefix: string;
  /** The service's BullMQ jobs (src/jobs): idle top-up flows end by a delayed job per chat. */
  jobs: Pick<JobSystem, 'queue' | 'work'>;
  defaultLocale: Locale;
  roles: RoleStore;
  /** The durable Telegram outbox: what a command tells other users (bot/tell.ts). */
  outbox: MessageQueue;
  /** Distributors' networks: who hangs under whom (a distributor's commands reach their own network only). */
  network: Network;
  /** Invite links (/invite, /invites, /start <payload>) and the alerts that tell admins who joined. */
  invites: { store: InviteStore; alerts: AlertSink };
  /** Users' Telegram names: recorded as users with a role write, shown beside their ID to admins and agents. */
  names: UserDirectory;
  /** The flows' world; their PIN tries are tied to the update that carried them here (accounts/pin-pass.ts). */
  topUp: FlowsDeps['topUp'];
  /**
   * The chat side of the shared request line: ❌ and /cancel leave it; reads someone waits for (/status,
   * /orders, Refresh, /balance) show their place in it (the top-up shows it through `topUp.line`).
   */
  line: Pick<WaitingLine, 'leave' | 'leaveChat' | 'notice' | 'placeOf'>;
  /** Margin rules: `/pricing` reads and changes them. */
  pricing: PricingStore;
  logger: Logger;
  /** USER_UPDATE_LIMIT: updates one user may send in 10 seconds (against spam). */
  userUpdateLimit: number;
  /** TELEGRAM_MESSAGES_PER_SECOND: this replica's share of Telegram's flood limit. */
  telegramMessagesPerSecond: number;
  /** Least time between two messages to one chat (default Telegram's one a second; AppOverrides.telegramChatMinTimeMs). */
  telegramChatMinTimeMs?: number;
  orderLookup: OrderLookup;
  /** The one I18n of the replica; the order lifecycle translates through the same instance. */
  i18n: I18n<BotContext>;
  /** Orders, figures and health for /status, /orders, /users, /stats, /health and the command menus. */
  staff: StaffDeps;
  /** ALERT_CHAT_ID: the one group where the bot answers (alert buttons only). */
  alertChatId?: number;
  /** Resellers' PINs (/pin) and PIN_REQUIRED_ABOVE; the top-up asks through `topUp.pins`. */
  pins: { store: PinFeatureDeps['pins'] & PinSetupDeps['pins']; requiredAbove: string | undefined };
  /** Reseller credit: /credit, /limit, /balance, /statement and the start credit on a first reseller grant. */
  credit: Omit<CreditDeps, 'tell' | 'roles' | 'names' | 'line' | 'network'>;
  /** Resellers' shop names and time zones (/shop, /timezone), printed on receipts (/receipt). */
  receiptProfiles: ReceiptProfiles;
  /** /export: the store's paged read and the largest document (EXPORT_PART_MAX_BYTES). */
  exports: Omit<ExportDeps, 'names' | 'network'>;
  /** /reconcile: runs the reconciliation now. */
  reconcile: ReconcileFeatureDeps;
  /** Bulk top-ups from a CSV file (/bulk); the file is downloaded through the bot's own API. */
  bulk: BulkFeatureDeps['bulk'];
  /** Scheduled top-ups (/schedule): the service, its now (ms) and the most one reseller may have. */
  schedules: {
    service: Pick<Schedules, 'create' | 'list' | 'get' | 'pause' | 'resume' | 'remove'>;
    now(): number;
    max: number;
  };
}

/** A top-up flow left alone this long ends (its idle job says goodbye; nothing was charged). */
const FLOW_IDLE_MS = 15 * 60_000;

/** Builds the grammY bot with every feature; the caller decides how updates arrive. */
export function createBot(deps: BotDeps) {
  const { redis, prefix, logger } = deps;
  const idleMs = FLOW_IDLE_MS;
  const bot = newBot({ ...deps, chatMinTimeMs: deps.telegramChatMinTimeMs });
  const i18n = deps.i18n;
  const translate = (locale: string, key: string, vars?: TranslationVars) => i18n.t(locale, key, vars);
  // What the running updates read ahead (session, conversation), so each update reads its chat in one round trip.
  const readAhead: ReadAhead = new Map();
  const sessions = sessionStorage(redis, prefix, readAhead);
  const chosenLocale = async (chatId: number) => (await sessions.read(String(chatId)))?.locale;
  const localeOf = async (userId: number) => (await chosenLocale(userId)) ?? deps.defaultLocale;
  // Stored compacted and deflated (compact-replay.ts).
  const flows = new RedisJsonStorage<Packed>(redis, botKeys(prefix).conversationPrefix, 86_400, readAhead);
  const readRoles = new Map<number, Role | null>();
  const idle = new IdleFlows({
    redis,
    prefix,
    jobs: deps.jobs,
    idleMs,
    api: bot.api,
    translate,
    localeOf,
    logger,
  });

  bot.use(typedDigits);
  // Before the per-chat sequencing: a step waiting in line holds its chat until it is served or left.
  bot.use(
    createLeaveLineFeature({
      line: deps.line,
      translate,
      localeOf: (ctx) => matchLocale(ctx.from?.language_code) ?? deps.defaultLocale,
    }),
  );
  // One update per chat at a time inside this process; the Redis lock does the same across replicas.
  bot.use(sequentialize((ctx: Context) => ctx.chatId?.toString()));
  bot.use(updateGuard({ redis, prefix }));
  bot.use(
    limit({
      timeFrame: 10_000,
      limit: deps.userUpdateLimit,
      storageClient: redis,
      keyPrefix: botKeys(prefix).rateLimitPrefix,
      // Typed as returning void, but the plugin's middleware returns this promise, so grammY awaits it.
      // eslint-disable-next-line @typescript-eslint/no-misused-promises
      onLimitExceeded: async (ctx: Context) => {
        if (ctx.callbackQuery) await ctx.answerCallbackQuery().catch(() => undefined);
      },
    }),
  );
  // One command for what every update reads: the chat's session and flow state, and the version of the roles
  // (the user's role comes from this replica's cache when read at that version).
  bot.use(async (ctx, next) => {
    const chatId = ctx.chatId;
    const userId = ctx.from?.id;
    const keys = chatId === undefined ? [] : [sessions.keyOf(String(chatId)), flows.keyOf(String(chatId))];
    const values = await redis.mget(...keys, deps.roles.versionKey);
    keys.forEach((key, i) => readAhead.set(key, values[i] ?? null));
    try {
      if (userId !== undefined)
        readRoles.set(userId, await deps.roles.roleAt(userId, values[keys.length] ?? null));
      await next();
    } finally {
      for (const key of keys) readAhead.delete(key);
      if (userId !== undefined) readRoles.delete(userId);
    }
  });
  bot.use(
    session({ initial: initialSession, storage: sessions, getSessionKey: (ctx) => ctx.chatId?.toString() }),
  );
  bot.use(i18n);
  // A tap on the /start keyboard ("💳 Top up") is its command for everything below, flows included.
  bot.use(menuCommands(translate));
  bot.use(
    createAccessFeature(
      {
        roleOf: async (userId) => {
          const read = readRoles.get(userId);
          return read === undefined ? deps.roles.roleOf(userId) : read;
        },
      },
      async (userId) => isSuspended(await deps.network.standing(userId)),
    ),
  );
  bot.use(recordUserNames(deps.names, logger));
  // Before flows and features: they all run in private chats only.
  bot.use(createChatScope(deps.alertChatId === undefined ? {} : { alertChatId: deps.alertChatId }));
  bot.use(async (ctx, next) => {
    // Only a chat in a flow has a deadline to push back (read ahead: no flow state, no flow).
    const chatId = ctx.chatId;
    // Sent before the update runs (so a flow ending in it removes the deadline after), not waited for first.
    const refreshed =
      chatId !== undefined && readAhead.get(flows.keyOf(String(chatId))) !== null
        ? // The update is handled even if this fails: a missed refresh can only end an idle flow a little early.
          idle
            .refresh(chatId)
            .catch((error: unknown) => logger.warn({ err: error, chatId }, 'idle deadline not pushed back'))
        : undefined;
    try {
      await next();
    } finally {
      await refreshed;
    }
  });
  useFlows(bot, deps, { flows, idle, translate, idleMs, chosenLocale });

  const tell = createTell({ outbox: deps.outbox, translate, localeOf });
  const staff = createStaffServices(deps.staff, {
    api: bot.api,
    redis,
    prefix,
    roles: deps.roles,
    network: deps.network,
    ledger: deps.credit.accounts,
    names: deps.names,
    translate,
    defaultLocale: deps.defaultLocale,
    chosenLocale,
    line: deps.line,
  });
  const menuError = (error: unknown, userId?: number) =>
    logger.warn({ err: error, userId }, 'could not set the command menu');

  // An invite's /start <payload> before the plain /start, which it hands every other payload.
  bot.use(
    createInvitesFeature({
      invites: deps.invites.store,
      roles: deps.roles,
      menus: staff.menus,
      alerts: deps.invites.alerts,
      network: deps.network,
      names: deps.names,
      tell,
      logger,
    }),
  );
  bot.use(createStartFeature(staff.menus, menuError));
  bot.use(cancelFeature);
  bot.use(languageFeature);
  bot.use(topUpFeature);
  bot.use(
    createBulkFeature({
      bulk: deps.bulk,
      line: deps.line,
      download: createFileDownload({
        api: bot.api,
        apiRoot: deps.apiRoot ?? 'https://api.telegram.org',
        token: deps.token,
      }),
    }),
  );
  bot.use(createScheduleFeature({ schedules: deps.schedules.service, max: deps.schedules.max }));
  bot.use(
    createPinFeature({
      pins: deps.pins.store,
      roles: deps.roles,
      requiredAbove: deps.pins.requiredAbove,
      names: deps.names,
      network: deps.network,
    }),
  );
  bot.use(createOrderButtonsFeature(deps.orderLookup, translate, staff));
  bot.use(createShopFeature({ profiles: deps.receiptProfiles }));
  bot.use(createSettingsFeature({ profiles: deps.receiptProfiles, pins: deps.pins.store }));
  bot.use(createStatusFeature(staff));
  bot.use(createOrdersFeature(staff));
  bot.use(createUsersFeature(staff, menuError, tell));
  bot.use(
    createCreditFeature({
      ...deps.credit,
      roles: deps.roles,
      names: deps.names,
      network: deps.network,
      tell,
      line: deps.line,
    }),
  );
  bot.use(
    createNetworkFeature({
      network: deps.network,
      accounts: deps.credit.accounts,
      names: deps.names,
      tell,
      ...(deps.credit.clock === undefined ? {} : { clock: deps.credit.clock }),
    }),
  );
  bot.use(createExportFeature({ ...deps.exports, names: deps.names, network: deps.network }));
  bot.use(createReconcileFeature(deps.reconcile));
  bot.use(createStatsFeature(staff));
  bot.use(
    createReceiptFeature({
      staff,
      orders: { get: (externalOrderId) => deps.orderLookup.orders.service.get(externalOrderId) },
      profiles: deps.receiptProfiles,
    }),
  );
  bot.use(createHealthFeature(staff));
  bot.use(
    createPricingFeature({
      pricing: deps.pricing,
      roles: deps.roles,
      network: deps.network,
      names: deps.names,
      catalogue: deps.topUp.catalogue,
    }),
  );
  bot.use(unhandledFeature);

  bot.catch((error) => {
    logger.error({ err: error.error, updateId: error.ctx.update.update_id }, 'update handler failed');
  });

  return { bot, i18n, translate, idle, sessions, menus: staff.menus };
}

export type RechargeBot = ReturnType<typeof createBot>;
