import { Decimal } from 'decimal.js';
import type { Redis } from 'ioredis';
import { silentLogger, type LoggerLike } from '../domain/log.ts';

/** What one check did. */
export type WalletCheck = 'skipped' | 'unreported' | 'ok' | 'low' | 'failed';

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
  /** At most one check per this long across every replica (10 minutes). */
  periodMs?: number;
  /** How often each replica asks whether a check is due. */
  tickMs?: number;
}

/**
 * The merchant wallet watch: at most one GET /account per period for all replicas (a Redis claim decides which
 * replica), and one alert each time a reported balance falls below MERCHANT_LOW_BALANCE.
 */
export function createWalletWatch(deps: WalletWatchDeps) {
  const { redis } = deps;
  const logger = deps.logger ?? silentLogger;
  const periodMs = deps.periodMs ?? 600_000;
  const claimKey = `${deps.prefix}acct:wallet-check`;
  const lowKey = `${deps.prefix}acct:wallet-low`;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<WalletCheck> | undefined;

  async function check(): Promise<WalletCheck> {
    if ((await redis.set(claimKey, '1', 'PX', periodMs, 'NX')) === null) return 'skipped';
    let read: { balance?: string; currency: string };
    try {
      read = await deps.read();
    } catch (error) {
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
    /** One check now, unless another replica checked within the period. */
    async tick(): Promise<WalletCheck> {
      running ??= check().finally(() => {
        running = undefined;
      });
      return running;
    },
    start(): void {
      timer ??= setInterval(() => {
        this.tick().catch((error: unknown) => logger.warn({ err: error }, 'merchant wallet check failed'));
      }, deps.tickMs ?? 60_000);
      timer.unref();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}

export type WalletWatch = ReturnType<typeof createWalletWatch>;
