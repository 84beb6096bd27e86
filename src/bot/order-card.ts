import { Decimal } from 'decimal.js';
import { formatMoney } from '../domain/money.ts';
import { displayEmoji, shortTime, statusText, subtypeText } from '../orders/texts.ts';
import type { OrderCard } from '../orders/card.ts';
import { levelOf } from '../orders/credit.ts';
import type { Translate } from './i18n.ts';
import { escapeHtml, html, type Html } from '../lib/html.ts';

function money(amount: string, currency: string, locale: string): string {
  try {
    return formatMoney(amount, currency, locale);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** First line of an order in a list or a card: emoji, status, O-… and the merchant order number. */
export function cardStatusLine(t: Translate, locale: string, card: OrderCard): string {
  const vars = {
    emoji: displayEmoji(card.status),
    status: html(statusText(t, locale, card.status)),
    externalOrderId: card.externalOrderId,
  };
  return card.orderId === undefined
    ? t(locale, 'order-status-line-pending', vars)
    : t(locale, 'order-status-line', { ...vars, orderId: card.orderId });
}

/**
 * Who reads a card: staff (agents and admins) or not; a distributor reading an order of their network (`network`:
 * their user ID and the seller as the card names them).
 */
export interface CardViewer {
  staff: boolean;
  network?: { userId: number; seller: Html };
}

/**
 * The full /status text. The order holding a busy number may be another reseller's: only staff (agents and
 * admins) see which one.
 */
export function renderCard(
  t: Translate,
  locale: string,
  card: OrderCard,
  note?: string,
  viewer: CardViewer = { staff: false },
): string {
  const lines = [cardStatusLine(t, locale, card)];
  if (card.statusTitle) lines.push(escapeHtml(card.statusTitle));
  if (card.statusMessage) lines.push(escapeHtml(card.statusMessage));
  if (card.nextStep) lines.push(t(locale, 'agents-card-next-step', { text: card.nextStep }));
  if (card.rejectionKey === 'account-busy') {
    lines.push(
      t(locale, 'agents-card-rejection', { text: html(t(locale, 'order-reject-reason-account-busy')) }),
    );
    if (viewer.staff && card.busyWith)
      lines.push(t(locale, 'agents-card-busy-with', { number: card.busyWith }));
  } else if (card.rejection) lines.push(t(locale, 'agents-card-rejection', { text: card.rejection }));
  lines.push('');
  if (viewer.network) lines.push(t(locale, 'network-views-card-seller', { seller: viewer.network.seller }));
  lines.push(
    t(locale, 'agents-card-operator', {
      operator: card.operator,
      subtype: subtypeText(t, locale, card.subtype),
    }),
    t(locale, 'agents-card-phone', { phone: card.maskedAccount }),
    t(locale, 'agents-card-amount', { amount: money(card.localAmount, card.localCurrency, locale) }),
  );
  lines.push(
    ...(viewer.network
      ? networkPriceLines(t, locale, card, viewer.network.userId)
      : priceLines(t, locale, card, viewer.staff)),
  );
  if (card.attempts.length > 0) {
    lines.push(t(locale, 'agents-card-attempts'));
    for (const a of card.attempts) {
      lines.push(
        t(locale, 'agents-card-attempt', {
          number: a.attemptNo,
          status: a.status,
          submitted: shortTime(a.submittedAt ?? undefined) || '—',
          completed: shortTime(a.completedAt ?? undefined) || '—',
          error: a.errorMessage === '' ? '—' : a.errorMessage,
        }),
      );
    }
  }
  lines.push(
    t(locale, 'agents-card-times', {
      created: shortTime(card.createdAt ?? undefined) || '—',
      updated: shortTime(card.updatedAt ?? undefined) || '—',
    }),
  );
  if (card.syncedAt) lines.push(t(locale, 'agents-card-synced', { at: secondsTime(card.syncedAt) }));
  if (card.source === 'service') lines.push(t(locale, 'agents-card-service-only'));
  if (note) lines.push('', note);
  return lines.join('\n');
}

/**
 * What was paid: a reseller sees what their credit paid and never the merchant price; staff see the wallet's
 * (merchant) price and, when a reseller paid more, that price with the margin.
 */
function priceLines(t: Translate, locale: string, card: OrderCard, staff: boolean): string[] {
  const currency = card.merchantCurrency;
  const paid = card.resellerPrice;
  if (paid !== undefined && !staff) {
    return [t(locale, 'agents-card-credit-paid', { price: money(paid, currency, locale) })];
  }
  const lines = [t(locale, 'agents-card-price', { price: money(card.merchantPrice, currency, locale) })];
  if (paid !== undefined) {
    let margin: string;
    try {
      margin = money(new Decimal(paid).minus(card.merchantPrice).toFixed(), currency, locale);
    } catch {
      margin = '—';
    }
    lines.push(t(locale, 'agents-card-reseller-paid', { price: money(paid, currency, locale), margin }));
  }
  return lines;
}

/**
 * What a distributor sees of an order of their network: the seller's price, their own and their commission (paid
 * when it succeeds), never a price above their own.
 */
function networkPriceLines(t: Translate, locale: string, card: OrderCard, viewerId: number): string[] {
  const currency = card.merchantCurrency;
  const sellerPrice = card.chain?.amount ?? card.resellerPrice;
  if (sellerPrice === undefined) return [];
  const lines = [
    t(locale, 'network-views-card-seller-price', { price: money(sellerPrice, currency, locale) }),
  ];
  const level = card.chain === undefined ? null : levelOf(card.chain, viewerId);
  if (level === null) return lines;
  const commission = money(level.commission, currency, locale);
  const when =
    card.status === 'succeeded'
      ? 'earned'
      : card.status === 'failed' || card.status === 'refunded' || card.status === 'rejected'
        ? 'none'
        : 'pending';
  lines.push(
    t(locale, 'network-views-card-your-price', { price: money(level.price, currency, locale) }),
    t(locale, `network-views-card-commission-${when}`, { commission }),
  );
  return lines;
}

/** "2026-11-22 10:15:07 UTC": to the second, so a Refresh visibly changes the card. */
function secondsTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
