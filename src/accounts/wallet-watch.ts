import { accountsKeys } from './keys.ts';
import { Decimal } from 'decimal.js';
import type { Redis } from 'ioredis';
import { silentLogger, type LoggerLike } from '../domain/log.ts';

/** What one check did. */
type WalletCheck = 'unreported' | 'ok' | 'low' | 'failed';

/** The BullMQ job scheduler (and queue) of the wallet checks. */
export const WALLET_WATCH_QUEUE = 'wallet-watch';

/**
 * What runs a check once per period across every replica: the service's job system (src/jobs `every`), handed
 * in by the wiring (accounts/ imports nothing above lib/).
 */
export interface PeriodicJobs {
  every(name: string, periodMs: number, run: () => Promise<WalletCheck>): Promise<unknown>;
}

export interface WalletWatchDeps {
  redis: Redis;
  prefix: string;
  /** MERCHANT_LOW_BALANCE, an exact decimal. */
  threshold: string;
  /**
   * GET /account at background priority: the wallet balance only when the service reports one (the spec
   * documents no such field), and the wallet currency.
   */
  read: () => Promise<{ balance?: string; currency: string }>;
  /** Alerts admins (once per fall below the threshold). */
  alert: (low: { balance: string; threshold: string; currency: string }) => Promise<void>;
  logger?: LoggerLike;
  /** One check per this long across every replica (10 minutes). */
  periodMs?: number;
}

/**
 * The merchant wallet watch: one GET /account per period for all replicas (a BullMQ job scheduler: one job per
 * period, run by one worker), and one alert each time a reported balance falls below MERCHANT_LOW_BALANCE.
 */
export function createWalletWatch(deps: WalletWatchDeps) {
  const { redis } = deps;
  const logger = deps.logger ?? silentLogger;
  const periodMs = deps.periodMs ?? 600_000;
  const lowKey = accountsKeys(deps.prefix).walletLow;

  /** One check now: reads the wallet, alerts once per fall below the threshold. */
  async function check(): Promise<WalletCheck> {
    let read: { balance?: string; currency: string };
    try {
      read = await deps.read();
    } catch (error) {
      // The next period tries again.
      logger.warn({ err: error }, 'merchant wallet check: GET /account failed');
      return 'failed';
    }
    if (read.balance === undefined) {
      logger.info(
        {},
        'merchant wallet check: the Merchant API reports no wallet balance; MERCHANT_LOW_BALANCE unused',
      );
      return 'unreported';
    }
    if (new Decimal(read.balance).gte(deps.threshold)) {
      await redis.del(lowKey);
      return 'ok';
    }
    if ((await redis.set(lowKey, '1', 'NX')) !== null) {
      await deps.alert({ balance: read.balance, threshold: deps.threshold, currency: read.currency });
    }
    return 'low';
  }

  return {
    check,
    /** Runs the checks in this process (ROLE all or worker), one per period across every replica. */
    async start(jobs: PeriodicJobs): Promise<void> {
      await jobs.every(WALLET_WATCH_QUEUE, periodMs, check);
    },
  };
}

/**
 * What a process that runs jobs starts: the watch of MERCHANT_LOW_BALANCE, or, with it unset, the end of a schedule
 * that a configuration with it left in Redis.
 */
export function watchWallet(threshold: string | null, deps: Omit<WalletWatchDeps, 'threshold'>) {
  const watch = threshold === null ? undefined : createWalletWatch({ ...deps, threshold });
  return async (jobs: PeriodicJobs & { stopEvery(name: string): Promise<void> }): Promise<void> => {
    if (watch === undefined) await jobs.stopEvery(WALLET_WATCH_QUEUE);
    else await watch.start(jobs);
  };
}
