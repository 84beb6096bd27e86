import type { I18n } from '@grammyjs/i18n';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { AccountsPart } from '../accounts/part.ts';
import type { UserDirectory } from '../accounts/names.ts';
import type { BulkRuns } from '../bulk/runs.ts';
import type { Config } from '../config.ts';
import type { JobSystem } from '../jobs/jobs.ts';
import type { MerchantPart } from '../merchant/part.ts';
import type { AlertSink } from '../orders/alerts.ts';
import type { MessageQueue } from '../lib/telegram/outbox-message.ts';
import type { OrderCallbacks } from './callback-data/order.ts';
import { createOrderNumbers } from '../orders/numbers.ts';
import type { Reconciler } from '../orders/reconcile.ts';
import type { OrderSystem } from '../orders/system.ts';
import { RedisReceiptProfiles } from '../receipts/profile.ts';
import { MAX_SCHEDULES_PER_USER, type Schedules } from '../schedules/schedules.ts';
import { createBot } from './bot.ts';
import type { BotContext } from './context.ts';
import type { WaitingLine } from './waiting-line.ts';

/** A quote this close to its expiry is renewed before the order is placed. */
const QUOTE_MARGIN_MS = 20_000;

export interface BotPartDeps {
  redis: Redis;
  prefix: string;
  jobs: JobSystem;
  logger: Logger;
  i18n: I18n<BotContext>;
  merchant: MerchantPart;
  accounts: AccountsPart;
  /** Users' Telegram names (the alerts read them too). */
  names: UserDirectory;
  orders: OrderSystem;
  /** Resolves the order buttons' data (notify's). */
  callbacks: OrderCallbacks;
  alerts: AlertSink;
  /** The durable Telegram outbox (notify's): what a command tells other users. */
  outbox: MessageQueue;
  line: WaitingLine;
  reconciler: Pick<Reconciler, 'run'>;
  bulk: BulkRuns;
  schedules: Schedules;
  /** The schedules' now (AppOverrides.clock). */
  now: () => number;
  /** AppOverrides.telegramChatMinTimeMs. */
  chatMinTimeMs?: number | undefined;
}

/** The grammY bot with every feature, on the services of the other parts. */
export function createBotPart(
  config: Pick<
    Config,
    | 'botToken'
    | 'telegramApiRoot'
    | 'defaultLocale'
    | 'userUpdateLimit'
    | 'telegramMessagesPerSecond'
    | 'exportPartMaxBytes'
    | 'alertChatId'
  >,
  deps: BotPartDeps,
) {
  const { redis, prefix, merchant, accounts, orders, line } = deps;
  const { callbacks, alerts } = deps;
  return createBot({
    token: config.botToken,
    apiRoot: config.telegramApiRoot,
    redis,
    prefix,
    jobs: deps.jobs,
    defaultLocale: config.defaultLocale,
    roles: accounts.roles,
    network: accounts.network,
    outbox: deps.outbox,
    invites: { store: accounts.invites, alerts },
    names: deps.names,
    logger: deps.logger,
    userUpdateLimit: config.userUpdateLimit,
    telegramMessagesPerSecond: config.telegramMessagesPerSecond,
    ...(deps.chatMinTimeMs === undefined ? {} : { telegramChatMinTimeMs: deps.chatMinTimeMs }),
    topUp: {
      catalogue: merchant.catalogue,
      quotes: merchant.quotes,
      orders: orders.service,
      roles: { roleOf: accounts.payerGates.roleOf },
      pricing: accounts.pricing,
      numbers: createOrderNumbers({ redis, prefix }),
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
      line,
      pins: accounts.pins.gate,
      accounts: accounts.accounts,
    },
    pins: { store: accounts.pins.store, requiredAbove: accounts.pins.requiredAbove },
    line,
    orderLookup: { orders: { service: orders.service, callbacks } },
    pricing: accounts.pricing,
    staff: {
      api: merchant.client,
      orders: { ...orders, callbacks },
      budget: merchant.budget,
      merchantState: merchant.readiness,
    },
    exports: { orders: orders.store, partMaxBytes: config.exportPartMaxBytes },
    reconcile: { run: () => deps.reconciler.run() },
    credit: {
      accounts: accounts.accounts,
      partMaxBytes: config.exportPartMaxBytes,
      walletBalance: (place) => merchant.walletBalance(place),
    },
    i18n: deps.i18n,
    receiptProfiles: new RedisReceiptProfiles({ redis, prefix }),
    ...(config.alertChatId === null ? {} : { alertChatId: config.alertChatId }),
    bulk: deps.bulk,
    schedules: { service: deps.schedules, now: deps.now, max: MAX_SCHEDULES_PER_USER },
  });
}
