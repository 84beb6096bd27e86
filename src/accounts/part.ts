import { Decimal } from 'decimal.js';
import type { Redis } from 'ioredis';
import type { LoggerLike } from '../domain/log.ts';
import { createAccounts } from './accounts.ts';
import { createPinGate, PIN_MAX_TRIES, RedisPinStore, type PinLockEvent } from './pin.ts';
import { RedisPricingStore } from './pricing-store.ts';
import { RedisInviteStore } from './invites.ts';
import { actingRole, RedisRoleStore } from './roles.ts';
import { createNetwork, isSuspended } from './network.ts';
import { watchWallet } from './wallet-watch.ts';

/** The admins' alert of a PIN lock (orders/alerts.ts). */
function pinLocked(userId: number, lockMs: number, lock: PinLockEvent) {
  return {
    kind: 'pin-locked' as const,
    userId,
    tries: PIN_MAX_TRIES,
    minutes: lock.untilUnlock ? 0 : Math.ceil(lockMs / 60_000),
    untilUnlock: lock.untilUnlock,
    locks: lock.number,
    lockedAt: lock.at,
  };
}

/** The alerts this part raises (of the admins' alerts, orders/alerts.ts). */
type AccountsAlert =
  | ReturnType<typeof pinLocked>
  | { kind: 'merchant-low-balance'; balance: string; threshold: string; currency: string };

export interface AccountsPartDeps {
  redis: Redis;
  prefix: string;
  logger: LoggerLike;
  /** GET /account of the Merchant API, at the priority given. */
  merchant: {
    getAccount(options: {
      priority: 'interactive' | 'background';
    }): Promise<{ defaultCurrency: string; balance?: string | undefined }>;
  };
  alerts: { raise(alert: AccountsAlert): Promise<void> };
  /** AppOverrides: the PIN locks' and the invites' now. */
  clock?: (() => number) | undefined;
}

/** The settings of the accounts part (from config.ts). */
interface AccountsPartConfig {
  adminIds: readonly number[];
  resellerStartCredit: string;
  priceMarginPercent: string;
  pinRequiredAbove: string | null;
  merchantLowBalance: string | null;
  networkMaxDepth: number;
}

/** The PINs (their store, with its lock alert) and the gate that asks for them above `requiredAbove`. */
function createPins(
  deps: Pick<AccountsPartDeps, 'redis' | 'prefix' | 'alerts' | 'clock'>,
  requiredAbove: string | undefined,
  roles: Pick<RedisRoleStore, 'roleOf'>,
) {
  const store = new RedisPinStore({
    redis: deps.redis,
    prefix: deps.prefix,
    clock: deps.clock,
    onLocked: (userId, lockMs, lock) => deps.alerts.raise(pinLocked(userId, lockMs, lock)),
  });
  const gate = createPinGate({
    store,
    requiredAbove,
    isAdmin: async (userId) => (await roles.roleOf(userId)) === 'admin',
  });
  return { store, gate, requiredAbove };
}

/**
 * Who may pay and with what: the reseller credit accounts, the roles (a reseller's first grant gives
 * RESELLER_START_CREDIT) and the invite links that give them, the price rules, the PINs and their gate, and the merchant wallet watch.
 */
export function createAccountsPart(config: AccountsPartConfig, deps: AccountsPartDeps) {
  const { redis, prefix, logger, merchant, alerts } = deps;
  const accounts = createAccounts({
    redis,
    prefix,
    readCurrency: async () => (await merchant.getAccount({ priority: 'interactive' })).defaultCurrency,
  });
  const startCredit = new Decimal(config.resellerStartCredit);
  const network = createNetwork({ redis, prefix, maxDepth: config.networkMaxDepth });
  const roles = new RedisRoleStore({
    redis,
    prefix,
    configuredAdmins: config.adminIds,
    // Once per user whatever the re-grants; a distributor's reseller is funded by the distributor (/transfer).
    onReseller: async (userId, by) => {
      if (startCredit.lte(0)) return;
      try {
        if ((await network.parentOf(userId)) !== null) return;
        await accounts.giveStartCredit(userId, startCredit, by);
      } catch (error) {
        logger.warn({ err: error, userId }, 'start credit not given (a later grant tries again)');
      }
    },
  });
  // Invite links give roles through the same store (and so the same start credit, once).
  const invites = new RedisInviteStore({ redis, prefix, clock: deps.clock });
  const pricing = new RedisPricingStore({
    redis,
    prefix,
    defaultPercent: config.priceMarginPercent,
    network,
  });
  /**
   * The role a user pays with now (a distributor as a reseller; nobody while their network is suspended) and the
   * chain above them, from one read (`read`: of Redis now, unless the caller hands another).
   */
  const payingStanding = async (userId: number, read = () => network.standing(userId)) => {
    if (roles.isConfiguredAdmin(userId)) return { role: 'admin' as const, chain: [] };
    const standing = await read();
    return { role: isSuspended(standing) ? null : actingRole(standing.role), chain: standing.chain };
  };
  const pins = createPins(deps, config.pinRequiredAbove ?? undefined, roles);
  // MERCHANT_LOW_BALANCE: one GET /account per 10 minutes for all replicas (a BullMQ job scheduler), at background priority.
  const startWalletWatch = watchWallet(config.merchantLowBalance, {
    redis,
    prefix,
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

  return {
    accounts,
    roles,
    network,
    invites,
    pricing,
    pins,
    /**
     * The same as the pipeline read it for an update, at the roles' version of that update's first read
     * (network.standingAt): for what the chat shows before the charge, which reads `payerGates`.
     */
    shownStanding: (userId: number, version: string | null) =>
      payingStanding(userId, () => network.standingAt(userId, version)),
    /** Who pays and whether they may, read again at every order of every road (chat, bulk, schedules). */
    payerGates: {
      standing: (userId: number) => payingStanding(userId),
      pricing,
      pinNeed: (userId: number, price: string) => pins.gate.need(userId, price),
    },
    startWalletWatch,
  };
}

export type AccountsPart = ReturnType<typeof createAccountsPart>;
