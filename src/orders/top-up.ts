import { UNATTENDED_QUOTE_LEFT_MS, type SharedQuotes } from '../merchant/shared-quotes.ts';
import type { CallPriority, LinePlace } from '../merchant/types.ts';
import type { Commissioned, OrderIntent, OrderService, StoredOrder, SubmitResult } from './types.ts';

/**
 * The road from a quote to a charge. Whoever sells (the chat, a bulk line, a scheduled run) reads the payer as
 * they are now (`payerRole`, `payerPrice`, and for an unattended top-up the PIN policy), never as they were when
 * the quote, the file or the schedule was made; `topUpIntent` builds the intent and `holdAndPlace` hands it to the
 * order service, whose commit holds the reseller's price from their credit (with the limits) in the same step
 * that stores the order.
 *
 * A top-up with no person in front of it (`placeUnattended`) takes its quote in the shared line at the caller's
 * priority with the reseller as its owner, under a merchant order number the caller fixed beforehand, and ends
 * placed, not placed with a reason (a locale key, never retried blindly), or stopped: the payer may no longer
 * order, and nothing more of theirs is placed until they start again.
 */

/** What one unattended top-up buys (checked like a typed answer beforehand). */
export interface UnattendedProduct {
  country: string;
  countryName: string;
  operatorKey: string;
  operatorName: string;
  subtype: string;
  currency: string;
  /** Exact decimal string of the local amount. */
  amount: string;
}

/** A quote as plain strings. */
export interface UnattendedQuote {
  token: string;
  merchantPrice: string;
  merchantCurrency: string;
  expiresAt: string;
}

/** Who pays: a reseller from their credit, or an admin from the merchant wallet. */
export interface Payer {
  role: 'reseller' | 'admin';
  resellerId: number;
  chatId: number;
  locale: string;
}

/** The distributors above a payer, nearest first, as their standing was read. */
export type Chain = readonly { userId: number }[];

/** The margin rules, as the roads need them: a price down the payer's chain (accounts/pricing-store.ts). */
export interface UnattendedPricing {
  /** `chain`: the payer's, when the caller has just read it with their role (else it is read here). */
  priceChain(
    target: { country: string; operatorKey: string; resellerId?: number },
    merchantPrice: string,
    currency: string,
    chain?: Chain,
  ): Promise<PayerPrice>;
}

/** What the payer's credit pays, and the distributors above them with the price each pays. */
export interface PayerPrice {
  price: string;
  above: Commissioned[];
}

/**
 * Where every seller's quotes come from and what placement tells back: the account's shared quotes
 * (merchant/shared-quotes.ts), which learn from each placement whether a token may serve again.
 */
export type QuoteSource = Pick<SharedQuotes, 'createQuote' | 'placed' | 'refused'>;

/**
 * A quote for `product` with enough validity left for a top-up nobody watches: the shared one, or one asked in
 * the shared line at `priority`, round-robin by `owner` (the reseller).
 */
export async function quoteUnattended(
  quotes: Pick<QuoteSource, 'createQuote'>,
  product: UnattendedProduct,
  priority: CallPriority,
  owner: number,
  /** The chat's place in the shared line when a person waits for the quote (its "In line" message). */
  place?: Pick<LinePlace, 'id' | 'onWait'>,
): Promise<UnattendedQuote> {
  const q = await quotes.createQuote(
    {
      country: product.country,
      operatorKey: product.operatorKey,
      amount: product.amount,
      localCurrency: product.currency,
      subtype: product.subtype,
    },
    { priority, line: { ...place, owner: String(owner) }, leftMs: UNATTENDED_QUOTE_LEFT_MS },
  );
  return {
    token: q.quoteToken,
    merchantPrice: q.merchantPrice.toFixed(),
    merchantCurrency: q.merchantCurrency,
    expiresAt: q.expiresAt.toISOString(),
  };
}

/**
 * What the payer's credit pays for a quote: the reseller's price down their chain, or the merchant price for an
 * admin.
 */
export function payerPrice(
  pricing: UnattendedPricing,
  payer: Pick<Payer, 'role' | 'resellerId'> & { chain?: Chain },
  product: UnattendedProduct,
  q: UnattendedQuote,
): Promise<PayerPrice> {
  return payer.role === 'reseller'
    ? pricing.priceChain(
        { country: product.country, operatorKey: product.operatorKey, resellerId: payer.resellerId },
        q.merchantPrice,
        q.merchantCurrency,
        payer.chain,
      )
    : Promise.resolve({ price: q.merchantPrice, above: [] });
}

/** What any top-up's intent is made of, whoever sells it. */
export interface TopUpDraft {
  product: UnattendedProduct;
  /** Digits with the country code, no plus. */
  account: string;
  quote: UnattendedQuote;
  /** What the payer's credit pays: the reseller's price now, or the merchant price for an admin. */
  price: string;
  /** The distributors above a reseller and their prices (their commission when the order succeeds). */
  above: Commissioned[];
  payer: Payer;
  /** What the order belongs to (one of them), for a bulk line or a scheduled run. */
  from?: { bulkRunId: string } | { scheduleId: string };
}

/**
 * The order intent of a top-up under `externalOrderId` (fixed by its caller beforehand), with the chat's status
 * message when there is one; a reseller's holds `price` of their credit, an admin's spends the wallet.
 */
export function topUpIntent(
  input: TopUpDraft & { externalOrderId: string; statusMessageId?: number },
): OrderIntent {
  const { product, quote: q, price, payer, externalOrderId } = input;
  return {
    externalOrderId,
    request: {
      externalOrderId,
      country: product.country,
      operatorKey: product.operatorKey,
      amount: product.amount,
      localCurrency: product.currency,
      subtype: product.subtype,
      account: input.account,
      quoteToken: q.token,
    },
    quote: {
      countryName: product.countryName,
      operatorName: product.operatorName,
      subtype: product.subtype,
      localAmount: product.amount,
      localCurrency: product.currency,
      merchantPrice: q.merchantPrice,
      merchantCurrency: q.merchantCurrency,
      ...(payer.role === 'reseller' ? { resellerPrice: price } : {}),
      expiresAt: q.expiresAt,
    },
    resellerId: payer.resellerId,
    chatId: payer.chatId,
    locale: payer.locale,
    ...(input.statusMessageId === undefined ? {} : { statusMessageId: input.statusMessageId }),
    ...input.from,
    ...(payer.role === 'reseller'
      ? { credit: { amount: price, ...(input.above.length > 0 ? { above: input.above } : {}) } }
      : {}),
  };
}

/** What `OrderService.submit` answered, for an unattended caller. */
export type UnattendedOutcome =
  | { placed: true; order: StoredOrder }
  /** `reason`: a locale key of why (a fragment: "not enough available credit"); `quoteRefused`: nothing charged. */
  | { placed: false; order: StoredOrder; reason: string; quoteRefused: boolean };

/** Placed (or on its way: the order service keeps trying the same number), or not placed and why. */
function unattendedOutcome(result: SubmitResult): UnattendedOutcome {
  switch (result.outcome) {
    case 'placed':
    case 'pending':
      return { placed: true, order: result.order };
    case 'rejected': {
      const key = result.order.rejection?.key ?? 'other';
      return {
        placed: false,
        order: result.order,
        reason: notPlacedKey(key),
        quoteRefused: key === 'quote_token',
      };
    }
    case 'conflict':
      return { placed: false, order: result.order, reason: 'bulk-line-refused-other', quoteRefused: false };
    default: {
      const never: never = result;
      throw new Error(`unknown submit outcome ${String(never)}`);
    }
  }
}

/** The locale key of why an order was refused (credit and limits have their own). */
function notPlacedKey(key: string): string {
  switch (key) {
    case 'credit':
      return 'bulk-line-refused-credit';
    case 'daily-limit':
      return 'bulk-line-refused-daily-limit';
    case 'order-limit':
      return 'bulk-line-refused-order-limit';
    case 'account-busy':
      return 'bulk-line-refused-busy';
    case 'balance':
      return 'service-error-balance';
    case 'amount':
      return 'service-error-amount';
    case 'detail':
      return 'top-up-offer-unavailable';
    default:
      return 'bulk-line-refused-other';
  }
}

/** What decides, at each order, who pays and whether they may: read fresh every time, never cached. */
export interface PayerGates {
  /**
   * The user's role now (null while their network is suspended) and the distributors above them, from one read
   * of Redis: the role and the price chain of one order always come from the same moment.
   */
  standing(userId: number): Promise<{ role: string | null; chain: Chain }>;
  pricing: UnattendedPricing;
  /** The PIN policy for `userId` paying `price` (admins never need one). */
  pinNeed(
    userId: number,
    price: string,
  ): Promise<{ kind: 'none' | 'ask' | 'no-pin' } | { kind: 'locked'; ms: number }>;
}

/** A cost that could not be estimated (no quote now): taken as above any PIN threshold. */
export const UNKNOWN_COST = '1e15';

/** Why a payer's unattended orders stop: the role is gone, or the PIN is locked or now needed and not given. */
export type StopReason = 'no-access' | 'pin-locked' | 'pin-needed';

/**
 * The role that lets `userId` pay now, with the chain above them, or null: only resellers and distributors (from
 * their credit) and admins (the wallet); `standing` answers no role for a reseller whose network is suspended.
 */
export async function payerNow(
  gates: Pick<PayerGates, 'standing'>,
  userId: number,
): Promise<{ role: Payer['role']; chain: Chain } | null> {
  const { role, chain } = await gates.standing(userId);
  if (role === 'reseller' || role === 'distributor') return { role: 'reseller', chain };
  return role === 'admin' ? { role, chain } : null;
}

/** The role that lets `userId` pay now, or null (see payerNow). */
export async function payerRole(
  gates: Pick<PayerGates, 'standing'>,
  userId: number,
): Promise<Payer['role'] | null> {
  return (await payerNow(gates, userId))?.role ?? null;
}

/** What one unattended top-up asks of the road. */
export interface UnattendedTopUp {
  who: Omit<Payer, 'role'>;
  product: UnattendedProduct;
  /** Digits with the country code, no plus. */
  account: string;
  externalOrderId: string;
  /** The quote, asked only once the payer may still order. */
  quote: () => Promise<UnattendedQuote>;
  /** Whether the payer gave their PIN for this run or schedule when it was started or saved. */
  pinGiven: boolean;
  from: { bulkRunId: string } | { scheduleId: string };
}

/** What an unattended top-up came to: an outcome of the order service, or stopped before anything was held. */
export type UnattendedResult =
  (UnattendedOutcome & { price?: string }) | { placed: false; stopped: StopReason };

/**
 * The one road for a top-up nobody watches. An order already stored under the number (a job run again after a
 * crash: it may have been sent before the payer changed) is the answer, whatever the payer is now. Otherwise: the
 * payer's current role (none: stopped), the quote, their current price, the PIN policy at that price (locked, or
 * needed and not given: stopped), then `holdAndPlace`.
 */
export async function placeUnattended(
  deps: { gates: PayerGates; orders: Pick<OrderService, 'submit' | 'get'>; quotes: QuoteSource },
  input: UnattendedTopUp,
): Promise<UnattendedResult> {
  const existing = await deps.orders.get(input.externalOrderId);
  if (existing !== null) {
    return unattendedOutcome(
      existing.placement === 'rejected'
        ? { outcome: 'rejected', order: existing }
        : existing.placement === 'placed'
          ? { outcome: 'placed', order: existing, replay: true }
          : { outcome: 'pending', order: existing },
    );
  }
  // Read before the quote, so no request is spent for a payer without access, and again after it: the quote may
  // wait in the request line for long, and the hold follows the payer's role as it is then.
  if ((await payerRole(deps.gates, input.who.resellerId)) === null)
    return { placed: false, stopped: 'no-access' };
  const quote = await input.quote();
  const now = await payerNow(deps.gates, input.who.resellerId);
  if (now === null) return { placed: false, stopped: 'no-access' };
  const payer: Payer = { ...input.who, role: now.role };
  const { price, above } = await payerPrice(
    deps.gates.pricing,
    { ...payer, chain: now.chain },
    input.product,
    quote,
  );
  const pin = await deps.gates.pinNeed(payer.resellerId, price);
  if (pin.kind === 'locked') return { placed: false, stopped: 'pin-locked' };
  if (pin.kind !== 'none' && !input.pinGiven) return { placed: false, stopped: 'pin-needed' };
  const intent = topUpIntent({ ...input, quote, price, above, payer });
  return { ...unattendedOutcome(await holdAndPlace(deps, intent)), price };
}

/**
 * Where a confirmed quote becomes a charge: the order service stores the intent and, for a reseller, holds
 * `intent.credit` from their credit (refused with 🚫 past credit or limits) in the same commit, then places it.
 * The shared quotes hear what became of the token: it placed an order, or it was refused (and is not served
 * again).
 */
export async function holdAndPlace(
  road: { orders: Pick<OrderService, 'submit'>; quotes: Pick<QuoteSource, 'placed' | 'refused'> },
  intent: OrderIntent,
  options?: Parameters<OrderService['submit']>[1],
): Promise<SubmitResult> {
  const result = await road.orders.submit(intent, options);
  const { request, quote } = intent;
  // What the shared quotes learn is worth a request at most: it never fails the order.
  const told =
    result.outcome === 'placed' || result.outcome === 'pending'
      ? road.quotes.placed(request.quoteToken, quote.expiresAt)
      : result.outcome === 'rejected' && result.order.rejection?.key === 'quote_token'
        ? road.quotes.refused(request, request.quoteToken, quote.expiresAt, result.order.rejection.code)
        : undefined;
  await told?.catch(() => undefined);
  return result;
}

/** The locale key of why a payer's unattended orders stopped. */
export function stopKey(reason: StopReason): string {
  return `payer-stopped-${reason}`;
}
