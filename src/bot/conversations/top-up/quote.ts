import { Decimal } from 'decimal.js';
import { rejectionReasonKey } from '../../../orders/texts.ts';
import type { QuoteSnapshot, StoredOrder } from '../../../orders/types.ts';

// The quote step's pure rules.

/** The quote as plain JSON: the snapshot an order keeps, plus what placing it needs. */
export interface QuoteView extends QuoteSnapshot {
  country: string;
  operatorKey: string;
  quoteToken: string;
  /** What the reseller's credit pays (merchant currency), when it differs from the merchant price. */
  resellerPrice?: string;
}

interface QuotedOptions {
  country: string;
  operatorKey: string;
  subtype: string;
  localCurrency: string;
}

/** Which asked option the quote does not match, if any. */
export function quoteMismatch(
  asked: QuotedOptions & { amount: string },
  quoted: QuotedOptions & { localAmount: string },
): string | undefined {
  if (quoted.country !== asked.country) return 'country';
  if (quoted.operatorKey !== asked.operatorKey) return 'operator';
  if (quoted.subtype !== asked.subtype) return 'subtype';
  if (quoted.localCurrency !== asked.localCurrency) return 'local_currency';
  if (!new Decimal(quoted.localAmount).eq(asked.amount)) return 'local_amount';
  return undefined;
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
