import { formatMoney } from '../domain/money.ts';
import { maskPhone } from '../domain/phone.ts';
import type { Rejection, StoredOrder } from './types.ts';
import { escapeHtml, html, type Html, type Translate } from '../lib/html.ts';
import { displayEmoji, statusText, type DisplayStatus } from '../domain/status.ts';

export type { Translate } from '../lib/html.ts';
export { displayEmoji, statusText, type DisplayStatus } from '../domain/status.ts';

/** Never sooner than this: the holder's next status check is at least a minute away in practice. */
const BUSY_MIN_MS = 60_000;
/** The spec's slowest regular follow-up interval, for an order with no answer read yet. */
const BUSY_DEFAULT_MS = 300_000;

/**
 * About when an unfinished order is likely to have ended and freed its phone number: the service's own
 * "check again after" of the last read, at least a minute from now, rounded up to the minute.
 */
export function likelyFreeAt(order: StoredOrder, now: number): Date {
  const readAt = Date.parse(order.syncedAt ?? order.updatedAt);
  const wait = order.details?.pollAfterSeconds ? order.details.pollAfterSeconds * 1000 : BUSY_DEFAULT_MS;
  const at = Math.max(Number.isNaN(readAt) ? now + wait : readAt + wait, now + BUSY_MIN_MS);
  return new Date(Math.ceil(at / 60_000) * 60_000);
}

/** First line of every order message: emoji, status, O-… and the merchant order number. */
export function statusLine(t: Translate, order: StoredOrder, status: DisplayStatus): string {
  const vars = {
    emoji: displayEmoji(status),
    status: html(statusText(t, order.locale, status)),
    externalOrderId: order.externalOrderId,
  };
  return order.orderId === undefined
    ? t(order.locale, 'order-status-line-pending', vars)
    : t(order.locale, 'order-status-line', { ...vars, orderId: order.orderId });
}

/** The product kind in the reader's language, as HTML (an unknown kind from the service is escaped). */
export function subtypeText(t: Translate, locale: string, subtype: string): Html {
  return subtype === 'airtime' || subtype === 'data' || subtype === 'bundle'
    ? html(t(locale, `order-subtype-${subtype}`))
    : html(escapeHtml(subtype));
}

/**
 * The key of an order text for its reader: the `-credit` variant when a reseller paid from their credit (the
 * text names their price and their credit, never the merchant price or the wallet).
 */
export function paidKey(order: StoredOrder, key: string): string {
  return order.quote.resellerPrice === undefined ? key : `${key}-credit`;
}

/** Variables shared by the order texts: names, masked phone, exact money (`price`: what the placer paid). */
export function orderVariables(order: StoredOrder): Record<string, string> {
  const q = order.quote;
  return {
    orderId: order.orderId ?? '—',
    externalOrderId: order.externalOrderId,
    operator: q.operatorName,
    country: q.countryName,
    phone: maskPhone(order.request.account),
    localAmount: safeMoney(q.localAmount, q.localCurrency, order.locale),
    price: safeMoney(q.resellerPrice ?? q.merchantPrice, q.merchantCurrency, order.locale),
  };
}

function safeMoney(amount: string, currency: string, locale: string): string {
  try {
    return formatMoney(amount, currency, locale);
  } catch {
    // Stored amounts come from the service as exact strings; show them untouched rather than fail.
    return `${amount} ${currency}`;
  }
}

/** The status message kept up to date in place: status line, then what was ordered. */
export function statusMessage(t: Translate, order: StoredOrder, status: DisplayStatus): string {
  const vars = orderVariables(order);
  return `${statusLine(t, order, status)}\n${t(order.locale, paidKey(order, 'order-details'), {
    ...vars,
    subtype: subtypeText(t, order.locale, order.quote.subtype),
  })}`;
}

/** Locale key of the reason a placement was refused. */
export function rejectionReasonKey(rejection: Rejection): string {
  if (rejection.key === 'quote_token') {
    switch (rejection.code) {
      case 'quote_expired':
        return 'order-reject-reason-quote-expired';
      case 'price_changed':
        return 'order-reject-reason-price-changed';
      default:
        return 'order-reject-reason-quote-token';
    }
  }
  switch (rejection.key) {
    case 'balance':
    case 'risk':
    case 'wallet':
    case 'detail':
    case 'amount':
    case 'account':
    case 'account-busy':
      return `order-reject-reason-${rejection.key}`;
    case 'local_currency':
      return 'order-reject-reason-local-currency';
    case 'external_order_id':
      return 'order-reject-reason-external-order-id';
    case 'not-placed':
      return 'order-reject-reason-not-placed';
    case 'not-durable':
      return 'order-reject-reason-not-durable';
    default:
      return 'order-reject-reason-other';
  }
}

/** Whether a refusal means "ask for a new quote" (the quote expired, changed or is invalid). */
export function needsNewQuote(rejection: Rejection): boolean {
  return rejection.key === 'quote_token' || rejection.key === 'not-placed';
}

/** "2026-11-22 10:15 UTC" from an ISO time. */
export function shortTime(iso: string | undefined): string {
  if (iso === undefined) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
