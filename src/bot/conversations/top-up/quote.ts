import { rejectionReasonKey } from '../../../orders/texts.ts';
import type { QuoteSnapshot, StoredOrder } from '../../../orders/types.ts';

// The quote step's pure rules.

/** The quote as plain JSON: the snapshot an order keeps, plus what placing it needs. */
export interface QuoteView extends QuoteSnapshot {
  country: string;
  operatorKey: string;
  quoteToken: string;
  /** A reseller's price (merchant price + their margin); never set for an admin. */
  resellerPrice?: string;
  /** Admins only: what a reseller pays under the general rules (no reseller's own rule), shown beside the merchant price. */
  marginPreview?: string;
}

/** The price the viewer of a quote pays and sees: a reseller's own price, else the merchant price. */
export function viewerPrice(quote: Pick<QuoteView, 'merchantPrice' | 'resellerPrice'>): string {
  return quote.resellerPrice ?? quote.merchantPrice;
}

/** The plain-words explanation of a refused order, with what to do next where there is one. */
export function refusalAdviceKey(rejection: StoredOrder['rejection']): string {
  if (!rejection) return 'order-reject-reason-other';
  if (rejection.httpStatus === 403) return 'service-error-refused-key';
  switch (rejection.key) {
    case 'balance':
      return 'service-error-balance';
    case 'risk':
      return 'service-error-risk';
    case 'wallet':
      return 'service-error-wallet';
    case 'amount':
      return 'service-error-amount';
    case 'detail':
      return 'top-up-offer-unavailable';
    default:
      return rejectionReasonKey(rejection);
  }
}
