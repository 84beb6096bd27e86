import { merchantKeys } from './keys.ts';
import type { Redis } from 'ioredis';
import { silentLogger, type LoggerLike } from '../domain/log.ts';
import type { MerchantApi, QuoteRequest } from './types.ts';
import type { SharedQuoteOptions } from './shared-quotes.ts';

/**
 * Merchant prices of an operator's fixed amounts, for the amount buttons ("1.5 GB, 3 days · 2.10 USD"). The
 * catalogue lists amounts without prices; only a quote names one. So a price is quoted once and kept in Redis for
 * every replica (`ttlSeconds`, default an hour), every real quote of a fixed amount refreshes it, and a cold
 * screen quotes its missing amounts at once, waiting at most `waitMs`: a button whose price is not known in time
 * shows the amount alone. The price on a button is indicative; the quote shown before ✅ is the one that counts.
 */

export interface FixedProduct {
  country: string;
  operatorKey: string;
  subtype: string;
  /** Local currency. */
  currency: string;
}

export interface KnownPrice {
  /** Merchant price, exact decimal string. */
  price: string;
  /** Merchant (wallet) currency. */
  currency: string;
}

export interface FixedPricesDeps {
  /** The shared quotes (a price asked for a button serves the top-up that follows). */
  api: {
    createQuote(request: QuoteRequest, options: SharedQuoteOptions): ReturnType<MerchantApi['createQuote']>;
  };
  redis: Redis;
  /** REDIS_PREFIX. */
  prefix: string;
  /** How long a quoted price is shown on buttons (default an hour). */
  ttlSeconds?: number;
  /** How long a screen waits for the quotes of its missing prices (default 4 s). */
  waitMs?: number;
  /** At most this many amounts are quoted for one screen (the request budget is shared). */
  maxQuotes?: number;
  logger?: LoggerLike;
}

/** Creates the cache of fixed-amount prices. */
export function createFixedPrices(deps: FixedPricesDeps) {
  const ttl = deps.ttlSeconds ?? 3_600;
  const waitMs = deps.waitMs ?? 4_000;
  const maxQuotes = deps.maxQuotes ?? 8;
  const logger = deps.logger ?? silentLogger;
  const { fixedPrice } = merchantKeys(deps.prefix);
  const keyOf = (p: FixedProduct, amount: string) =>
    fixedPrice(`${p.country}:${p.operatorKey}:${p.subtype}:${p.currency}`, amount);

  async function remember(product: FixedProduct, amount: string, known: KnownPrice): Promise<void> {
    await deps.redis.set(keyOf(product, amount), `${known.price} ${known.currency}`, 'EX', ttl);
  }

  return {
    /** The merchant prices of these fixed amounts that are known or could be quoted in time (amount → price). */
    async pricesOf(product: FixedProduct, amounts: string[]): Promise<Record<string, KnownPrice>> {
      if (amounts.length === 0) return {};
      const stored = await deps.redis.mget(...amounts.map((a) => keyOf(product, a)));
      const known: Record<string, KnownPrice> = {};
      const missing: string[] = [];
      amounts.forEach((amount, i) => {
        const [price, currency] = (stored[i] ?? '').split(' ');
        if (price && currency) known[amount] = { price, currency };
        else missing.push(amount);
      });
      const signal = AbortSignal.timeout(waitMs);
      const quoted = await Promise.allSettled(
        missing.slice(0, maxQuotes).map(async (amount) => {
          const q = await deps.api.createQuote(
            {
              country: product.country,
              operatorKey: product.operatorKey,
              amount,
              localCurrency: product.currency,
              subtype: product.subtype,
            },
            { priority: 'interactive', signal, forPrice: true },
          );
          // A quote for something else than asked is never shown as this amount's price.
          if (!q.localAmount.eq(amount) || q.localCurrency !== product.currency) return;
          const price = { price: q.merchantPrice.toFixed(), currency: q.merchantCurrency };
          known[amount] = price;
          await remember(product, amount, price);
        }),
      );
      const failed = quoted.filter((r) => r.status === 'rejected').length;
      if (failed > 0)
        logger.info({ failed, operator: product.operatorKey }, 'some amount prices not known in time');
      return known;
    },

    /** Keeps the price a real quote named for a fixed amount. */
    remember,
  };
}

export type FixedPrices = ReturnType<typeof createFixedPrices>;
