import type { CallPriority, LinePlace, MerchantApi } from '../merchant/types.ts';
import type { OrderIntent, StoredOrder, SubmitResult } from './types.ts';

/**
 * A top-up placed with no person in front of it (a bulk line, a scheduled run): a quote asked in the shared line
 * at the caller's priority with the reseller as its owner, the price the reseller's credit pays, the order
 * intent under a merchant order number the caller fixed beforehand, and, after `OrderService.submit`, whether it
 * was placed or why not (a locale key), never retried blindly.
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

/** The margin rules, as the unattended paths need them. */
export interface UnattendedPricing {
  priceFor(
    target: { country: string; operatorKey: string; resellerId?: number },
    merchantPrice: string,
    currency: string,
  ): Promise<string>;
}

/** Asks a quote for `product` in the shared line at `priority`, round-robin by `owner` (the reseller). */
export async function quoteUnattended(
  api: Pick<MerchantApi, 'createQuote'>,
  product: UnattendedProduct,
  priority: CallPriority,
  owner: number,
  /** The chat's place in the shared line when a person waits for the quote (its "In line" message). */
  place?: Pick<LinePlace, 'id' | 'onWait'>,
): Promise<UnattendedQuote> {
  const q = await api.createQuote(
    {
      country: product.country,
      operatorKey: product.operatorKey,
      amount: product.amount,
      localCurrency: product.currency,
      subtype: product.subtype,
    },
    { priority, line: { ...place, owner: String(owner) } },
  );
  return {
    token: q.quoteToken,
    merchantPrice: q.merchantPrice.toFixed(),
    merchantCurrency: q.merchantCurrency,
    expiresAt: q.expiresAt.toISOString(),
  };
}

/** What the payer's credit pays for a quote: the reseller's price, or the merchant price for an admin. */
export function payerPrice(
  pricing: UnattendedPricing,
  payer: Pick<Payer, 'role' | 'resellerId'>,
  product: UnattendedProduct,
  q: UnattendedQuote,
): Promise<string> {
  return payer.role === 'reseller'
    ? pricing.priceFor(
        { country: product.country, operatorKey: product.operatorKey, resellerId: payer.resellerId },
        q.merchantPrice,
        q.merchantCurrency,
      )
    : Promise.resolve(q.merchantPrice);
}

/** The order intent of an unattended top-up under `externalOrderId`; a reseller's holds `price` of their credit. */
export function unattendedIntent(input: {
  externalOrderId: string;
  product: UnattendedProduct;
  /** Digits with the country code, no plus. */
  account: string;
  quote: UnattendedQuote;
  price: string;
  payer: Payer;
  /** What the order belongs to (one of them). */
  from: { bulkRunId: string } | { scheduleId: string };
}): OrderIntent {
  const { externalOrderId, product, quote: q, price, payer } = input;
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
    ...input.from,
    ...(payer.role === 'reseller' ? { credit: { amount: price } } : {}),
  };
}

/** What `OrderService.submit` answered, for an unattended caller. */
export type UnattendedOutcome =
  | { placed: true; order: StoredOrder }
  /** `reason`: a locale key of why (a fragment: "not enough available credit"); `quoteRefused`: nothing charged. */
  | { placed: false; order: StoredOrder; reason: string; quoteRefused: boolean };

/** Placed (or on its way: the order service keeps trying the same number), or not placed and why. */
export function unattendedOutcome(result: SubmitResult): UnattendedOutcome {
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
export function notPlacedKey(key: string): string {
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
