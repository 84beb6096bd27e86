import { merchantKeys } from './keys.ts';
import { createHash } from 'node:crypto';
import { Decimal } from 'decimal.js';
import type { Redis } from 'ioredis';
import { silentLogger, type LoggerLike } from '../domain/log.ts';
import type { CallOptions, MerchantApi, Quote, QuoteRequest } from './types.ts';

/**
 * One quote per product for the whole account, kept in Redis for every replica. The spec ties a quote token to
 * the account and to the country, operator, subtype and amount, not to a phone number or a payer, says nothing of
 * it being used up by an order, and gives it 300 seconds. So a quote asked for one top-up serves every top-up of
 * the same product while enough of its validity is left for the caller: a person reading and confirming
 * (`CHAT_QUOTE_LEFT_MS`) needs more of it than a bulk line or a scheduled run (`UNATTENDED_QUOTE_LEFT_MS`). Each
 * payer's price is still their own (the shared merchant price plus their rule), worked out by the caller.
 *
 * A service whose tokens turn out to be single-use is detected, not assumed away: a token that already placed an
 * order and is refused as `quote_invalid` before it expired marks the account single-use (in Redis, for every
 * replica), admins are told once, and from then on every top-up gets a token of its own: a kept quote nobody has
 * placed with yet (asked for an amount button's price) serves exactly one top-up, and the others ask their own.
 * `QUOTE_SHARING` decides: `auto` (share until that is seen), `on` (always share) or `off` (never keep a quote).
 */

export type QuoteSharing = 'auto' | 'on' | 'off';
export const QUOTE_SHARING_MODES = ['auto', 'on', 'off'] as const;

/**
 * Validity a shared quote must have left to be shown in a chat: the person reads it, may type a PIN and presses
 * ✅ (most do within a minute), and placement still needs its own margin after that (`QUOTE_MARGIN_MS`).
 * So one quote serves a product for its first 150 of 300 seconds.
 */
export const CHAT_QUOTE_LEFT_MS = 150_000;
/** Validity a shared quote must have left for a bulk line or a scheduled run: its wait in line and placement. */
export const UNATTENDED_QUOTE_LEFT_MS = 60_000;

/**
 * A quote call that may be served from the shared quote: `leftMs` of validity at least (default: a chat's).
 * `forPrice`: only its price is wanted (an amount button), never an order with its token.
 */
export type SharedQuoteOptions = CallOptions & { leftMs?: number; forPrice?: boolean };

export interface SharedQuotesDeps {
  api: Pick<MerchantApi, 'createQuote'>;
  redis: Redis;
  /** REDIS_PREFIX. */
  prefix: string;
  sharing: QuoteSharing;
  /** Told once when the account's tokens are seen to be single-use. */
  alerts: { raise(alert: { kind: 'quote-single-use' }): Promise<void> };
  clock?: () => number;
  logger?: LoggerLike;
}

/** The product a quote is for, as one key: an amount is compared as a number ("5" and "5.00" are one product). */
function productOf(request: QuoteRequest): string {
  const amount = new Decimal(request.amount).toFixed();
  return [
    request.country,
    request.operatorKey,
    request.subtype ?? 'airtime',
    request.localCurrency ?? '',
    amount,
  ].join(':');
}

/**
 * Which asked option the service quoted otherwise, if any (its field name as the spec writes it): such a quote is
 * never shared, and the chat stops on it and tells the admins.
 */
export function quoteMismatch(request: QuoteRequest, q: Quote): string | undefined {
  if (q.country !== request.country) return 'country';
  if (q.operator.operatorKey !== request.operatorKey) return 'operator';
  if (q.subtype !== (request.subtype ?? 'airtime')) return 'subtype';
  if (request.localCurrency !== undefined && q.localCurrency !== request.localCurrency)
    return 'local_currency';
  if (!q.localAmount.eq(request.amount)) return 'local_amount';
  return undefined;
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url').slice(0, 22);

function encode(q: Quote): string {
  return JSON.stringify({
    ...q,
    localAmount: q.localAmount.toFixed(),
    merchantPrice: q.merchantPrice.toFixed(),
  });
}

function decode(raw: string | null): Quote | null {
  if (raw === null) return null;
  const o = JSON.parse(raw) as Omit<Quote, 'localAmount' | 'merchantPrice' | 'expiresAt'> & {
    localAmount: string;
    merchantPrice: string;
    expiresAt: string;
  };
  return {
    ...o,
    localAmount: new Decimal(o.localAmount),
    merchantPrice: new Decimal(o.merchantPrice),
    expiresAt: new Date(o.expiresAt),
  };
}

/** The shared quotes' keys; a used token is known by its hash only. */
function quoteKeys(prefix: string) {
  const names = merchantKeys(prefix);
  return {
    shared: names.sharedQuote,
    singleUse: names.singleUseQuotes,
    used: (token: string) => names.usedQuote(tokenHash(token)),
  };
}

/**
 * Whether the account's tokens were seen to be single-use (only `auto` looks), with the kept quote of `product`
 * read in the same round trip (both keys share the prefix's hash tag).
 */
async function readKept(
  redis: Redis,
  keys: ReturnType<typeof quoteKeys>,
  sharing: QuoteSharing,
  product: string,
): Promise<{ singleUse: boolean; kept: Quote | null }> {
  if (sharing !== 'auto') return { singleUse: false, kept: decode(await redis.get(keys.shared(product))) };
  const [singleUse, raw] = await redis.mget(keys.singleUse, keys.shared(product));
  return { singleUse: singleUse !== null, kept: decode(raw ?? null) };
}

/** Creates the account's shared quotes: a drop-in `createQuote` for every seller, and what placement tells it. */
export function createSharedQuotes(deps: SharedQuotesDeps) {
  const { redis } = deps;
  const clock = deps.clock ?? Date.now;
  const logger = deps.logger ?? silentLogger;
  const keys = quoteKeys(deps.prefix);
  /** Quotes this replica is asking for, by product: callers arriving meanwhile wait for the same answer. */
  const asking = new Map<string, Promise<Quote>>();

  /**
   * Single-use tokens: a price look-up uses the kept quote `read` (or asks one and keeps it, unused), a top-up
   * takes it (GETDEL: one top-up only) or asks its own.
   */
  async function once(
    product: string,
    request: QuoteRequest,
    call: CallOptions & { leftMs: number; forPrice: boolean },
    read: Quote | null,
  ): Promise<Quote> {
    const { leftMs, forPrice, ...options } = call;
    const kept = forPrice ? read : decode(await redis.getdel(keys.shared(product)));
    if (kept !== null && leftOf(kept) >= leftMs) return kept;
    return forPrice ? askAndKeep(product, request, options) : deps.api.createQuote(request, options);
  }

  /** Asks the service and keeps the answer for everyone until it expires (when it is what was asked). */
  async function askAndKeep(product: string, request: QuoteRequest, options: CallOptions): Promise<Quote> {
    const q = await deps.api.createQuote(request, options);
    const expiresAt = q.expiresAt.getTime();
    if (quoteMismatch(request, q) === undefined && expiresAt > clock()) {
      await redis.set(keys.shared(product), encode(q), 'PXAT', expiresAt);
    }
    return q;
  }

  function leftOf(q: Quote): number {
    return q.expiresAt.getTime() - clock();
  }

  return {
    /**
     * A quote for `request` with at least `options.leftMs` of validity: the shared one, or a fresh one that
     * becomes the shared one. Callers of this replica that miss at the same moment wait for one answer; if that
     * one fails (its asker left the line), each asks on its own.
     */
    async createQuote(request: QuoteRequest, options: SharedQuoteOptions = {}): Promise<Quote> {
      const { leftMs = CHAT_QUOTE_LEFT_MS, forPrice = false, ...call } = options;
      if (deps.sharing === 'off') return deps.api.createQuote(request, call);
      const product = productOf(request);
      const { singleUse, kept } = await readKept(redis, keys, deps.sharing, product);
      if (singleUse) return once(product, request, { ...call, leftMs, forPrice }, kept);
      if (kept !== null && leftOf(kept) >= leftMs) return kept;
      const pending = asking.get(product);
      if (pending !== undefined) {
        const answer = await pending.catch(() => null);
        if (answer !== null && leftOf(answer) >= leftMs) return answer;
        return askAndKeep(product, request, call);
      }
      const mine = askAndKeep(product, request, call).finally(() => asking.delete(product));
      asking.set(product, mine);
      return mine;
    },

    /** An order was placed with `token` (valid until `expiresAt`): remembered while the token lives. */
    async placed(token: string, expiresAt: string): Promise<void> {
      const until = Date.parse(expiresAt);
      if (deps.sharing !== 'auto' || !(until > clock())) return;
      await redis.set(keys.used(token), '1', 'PXAT', until);
    },

    /**
     * Placement refused `token` (`code`: the spec's quote_token code): the shared quote is dropped so the next
     * caller gets a fresh one; refused as invalid before it expired after it had already placed an order, the
     * account's tokens are single-use.
     */
    async refused(
      request: QuoteRequest,
      token: string,
      expiresAt: string,
      code: string | undefined,
    ): Promise<void> {
      const key = keys.shared(productOf(request));
      if (decode(await redis.get(key))?.quoteToken === token) await redis.del(key);
      if (deps.sharing !== 'auto' || code !== 'quote_invalid' || !(Date.parse(expiresAt) > clock())) return;
      if ((await redis.exists(keys.used(token))) === 0) return;
      if ((await redis.set(keys.singleUse, String(clock()), 'NX')) !== 'OK') return;
      logger.warn(
        {},
        'quote tokens are single-use on this account: every top-up asks its own quote from now on',
      );
      await deps.alerts.raise({ kind: 'quote-single-use' });
    },

    /** Whether quotes are shared now (false once the account was seen to have single-use tokens, or when off). */
    async sharing(): Promise<boolean> {
      if (deps.sharing !== 'auto') return deps.sharing === 'on';
      return (await redis.exists(keys.singleUse)) === 0;
    },
  };
}

export type SharedQuotes = ReturnType<typeof createSharedQuotes>;
