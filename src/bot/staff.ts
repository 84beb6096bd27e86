import { createOrderSearches, type OrderSearches } from './order-searches.ts';
import type { Api } from 'grammy';
import type { Redis } from 'ioredis';
import type { RequestBudget } from '../merchant/budget.ts';
import type { MerchantReadiness } from '../merchant/readiness.ts';
import type { MerchantApi } from '../merchant/types.ts';
import type { OrderCallbacks } from './callback-data/order.ts';
import type { OrderReads } from '../orders/reads.ts';
import type { OrderService } from '../orders/types.ts';
import { createHealthCheck, type HealthCheck } from '../server/health.ts';
import type { Translate } from './i18n.ts';
import { createMenus, type Menus } from './menus.ts';
import { createOrderDesk, type OrderDesk } from '../orders/desk.ts';
import type { ReadLine } from './read-in-line.ts';
import type { RoleStore } from '../accounts/roles.ts';
import type { Network } from '../accounts/network.ts';
import type { UserDirectory } from '../accounts/names.ts';
import type { Accounts } from '../accounts/accounts.ts';
import { createOrderStats, type OrderStatsReader } from '../orders/stats.ts';

/** What the agent and admin features need from the rest of the app (BotDeps.staff). */
export interface StaffDeps {
  api: Pick<MerchantApi, 'getOrder' | 'listOrders'>;
  orders: {
    service: Pick<OrderService, 'get' | 'getByOrderId' | 'refresh' | 'listByReseller' | 'listByResellers'>;
    store: Pick<OrderReads, 'createdBetween' | 'createdIn' | 'lastWebhookAt' | 'unfinishedSummary'>;
    callbacks: Pick<OrderCallbacks, 'dataFor' | 'resolve'>;
  };
  budget: Pick<RequestBudget, 'snapshot' | 'limit'>;
  /** The replica's judgement of the Merchant API, the same one /readyz uses. */
  merchantState: MerchantReadiness;
}

/** The services behind /status, /orders, /users, /stats, /health and the command menus. */
export interface StaffServices {
  desk: OrderDesk;
  /** The order buttons' data (`ord:open:…`) and the merchant order number behind it. */
  callbacks: Pick<OrderCallbacks, 'dataFor' | 'resolve'>;
  menus: Menus;
  stats: OrderStatsReader;
  health: HealthCheck;
  roles: RoleStore;
  /** Distributors' networks: a distributor's views reach their own network only. */
  network: Network;
  /** The credit ledger: a distributor's /stats reads their commission lines. */
  ledger: Pick<Accounts, 'entriesIn'>;
  /** Users' names, shown beside their IDs (/users, /stats). */
  names: UserDirectory;
  /** Typed order searches behind the page buttons. */
  searches: OrderSearches;
  translate: Translate;
  /** The shared line's chat side: reads someone waits for show their place in it (read-in-line.ts). */
  line: ReadLine;
}

/** Builds the staff services from explicit parts (createBot calls this). */
export function createStaffServices(
  deps: StaffDeps,
  parts: {
    api: Pick<Api, 'setMyCommands' | 'setChatMenuButton'>;
    redis: Redis;
    prefix: string;
    roles: RoleStore;
    network: Network;
    ledger: Pick<Accounts, 'entriesIn'>;
    names: UserDirectory;
    translate: Translate;
    defaultLocale: string;
    chosenLocale: (userId: number) => Promise<string | undefined>;
    line: ReadLine;
  },
): StaffServices {
  return {
    desk: createOrderDesk({ api: deps.api, service: deps.orders.service }),
    callbacks: deps.orders.callbacks,
    menus: createMenus({
      api: parts.api,
      redis: parts.redis,
      prefix: parts.prefix,
      translate: parts.translate,
      chosenLocale: parts.chosenLocale,
      defaultLocale: parts.defaultLocale,
      rolesVersion: () => parts.roles.version,
    }),
    stats: createOrderStats({ store: deps.orders.store, resellerOrders: deps.orders.service }),
    health: createHealthCheck({
      redis: parts.redis,
      store: deps.orders.store,
      merchant: deps.merchantState,
      budget: deps.budget,
    }),
    roles: parts.roles,
    network: parts.network,
    ledger: parts.ledger,
    names: parts.names,
    searches: createOrderSearches({ redis: parts.redis, prefix: parts.prefix }),
    translate: parts.translate,
    line: parts.line,
  };
}
