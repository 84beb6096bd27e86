import type { Redis } from 'ioredis';
import type { LoggerLike } from '../domain/log.ts';
import { createSharedQuotes, type QuoteSharing } from './shared-quotes.ts';
import { createRequestBudget, untilServed, type RequestBudget } from './budget.ts';
import { createCatalogue } from './catalogue.ts';
import { createMerchantClient } from './client.ts';
import { createFixedPrices } from './fixed-prices.ts';
import { createMerchantReadiness } from './readiness.ts';
import type { RetryPolicy } from './retry.ts';
import type { AttemptEvent } from './sender.ts';
import type { LinePlace } from './types.ts';

export interface MerchantPartDeps {
  redis: Redis;
  prefix: string;
  logger: LoggerLike;
  /** The budget as the client sees it (the metrics time its waits). */
  timed: (budget: RequestBudget) => RequestBudget;
  /** Every attempt (the metrics count them). */
  onAttempt: (event: AttemptEvent) => void;
  /** Raised on a 429, and on a 403 to anything but a placement. */
  alerts: {
    raise(
      alert:
        { kind: 'rate-limited' } | { kind: 'forbidden'; operation: 'read' } | { kind: 'quote-single-use' },
    ): Promise<void>;
  };
  /** AppOverrides: the soak's shorter back-off, the tests' shorter budget minute. */
  retry?: Partial<RetryPolicy> | undefined;
  budgetWindowMs?: number | undefined;
}

/**
 * The Merchant API side of a replica: the signed client on the Redis-shared request budget, its readiness (one
 * judgement shared by /readyz and /health), the shared quotes, the catalogue and the fixed-amount prices.
 */
export function createMerchantPart(
  config: {
    merchant: { baseUrl: string; merchantId: string; apiKey: string; rateLimitPerMinute: number };
    catalogueTtlSeconds: number;
    quoteSharing: QuoteSharing;
  },
  deps: MerchantPartDeps,
) {
  const { redis, prefix, logger, alerts } = deps;
  const { merchant } = config;
  const budget = createRequestBudget({
    redis,
    prefix,
    limitPerMinute: merchant.rateLimitPerMinute,
    windowMs: deps.budgetWindowMs,
  });
  const client = createMerchantClient({
    baseUrl: merchant.baseUrl,
    merchantId: merchant.merchantId,
    apiKey: merchant.apiKey,
    budget: deps.timed(budget),
    logger,
    retry: deps.retry,
    onAttempt: (event) => {
      deps.onAttempt(event);
      if (event.httpStatus === 429) {
        void alerts.raise({ kind: 'rate-limited' }).catch(() => undefined);
      } else if (event.httpStatus === 403 && event.route !== '/recharge/orders') {
        void alerts.raise({ kind: 'forbidden', operation: 'read' }).catch(() => undefined);
      }
    },
  });
  // Every seller quotes through the shared quotes (the fixed-amount buttons too: a price quoted for a button
  // serves the top-up that follows).
  const quotes = createSharedQuotes({
    api: client,
    redis,
    prefix,
    sharing: config.quoteSharing,
    alerts,
    logger,
  });
  return {
    client,
    budget,
    quotes,
    readiness: createMerchantReadiness({ client }),
    catalogue: createCatalogue({
      api: client,
      redis,
      prefix,
      ttlSeconds: config.catalogueTtlSeconds,
      logger,
    }),
    fixedPrices: createFixedPrices({ api: quotes, redis, prefix, logger }),
    /** The wallet for /balance, waiting in the shared line at `place`; null when it could not be read. */
    async walletBalance(place?: LinePlace) {
      try {
        const account = await untilServed(() =>
          client.getAccount({ priority: 'interactive', ...(place === undefined ? {} : { line: place }) }),
        );
        return { balance: account.balance, currency: account.defaultCurrency };
      } catch {
        return null;
      }
    },
  };
}

export type MerchantPart = ReturnType<typeof createMerchantPart>;
