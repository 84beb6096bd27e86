import { Decimal } from 'decimal.js';
import { formatMoney } from '../domain/money.ts';
import { maskPhone } from '../domain/phone.ts';
import type { RechargeOrder } from '../merchant/types.ts';
import { displayEmoji, shortTime, statusText, subtypeText, type DisplayStatus } from '../orders/texts.ts';
import type { OrderCredit, StoredOrder } from '../orders/types.ts';
import { levelOf } from '../orders/credit.ts';
import { attemptsOf } from '../orders/transitions.ts';
import { indexStatus } from '../orders/commit.ts';
import type { Translate } from './i18n.ts';
import { escapeHtml, html, type Html } from '../lib/html.ts';

/** One order as staff and resellers see it in chat, from our store or read from the service only. */
export interface OrderCard {
  source: 'store' | 'service';
  externalOrderId: string;
  orderId?: string;
  status: DisplayStatus;
  statusTitle?: string;
  statusMessage?: string;
  nextStep?: string;
  operator: string;
  subtype: string;
  maskedAccount: string;
  localAmount: string;
  localCurrency: string;
  merchantPrice: string;
  merchantCurrency: string;
  /** What the reseller paid (merchant price + margin), when the order carries it. */
  resellerPrice?: string;
  /** The payer's credit and the distributors above them with their prices (a network's order). */
  chain?: Pick<OrderCredit, 'amount' | 'above'>;
  attempts: Array<{
    attemptNo: number;
    status: string;
    errorMessage: string;
    submittedAt: string | null;
    completedAt: string | null;
  }>;
  createdAt: string | null;
  updatedAt: string | null;
  /** When our copy was last read from the service. */
  syncedAt?: string;
  resellerId?: number;
  /** Why the service refused it (never placed). */
  rejection?: string;
  /** The refusal's key (`account-busy`, `balance`, …). */
  rejectionKey?: string;
  /** `account-busy`: the merchant order number holding the phone number (agents and admins only). */
  busyWith?: string;
}

/** Records kept before the holder had its own field named it at the end of the text. */
const LEGACY_BUSY_TEXT = /unfinished: (\S+)$/;

/** The status a stored order shows. */
export function displayStatusOf(order: StoredOrder): DisplayStatus {
  // The same rule the store indexes orders by: placement state until the service has a status.
  return indexStatus(order);
}

/** The card of an order we keep. */
export function cardOfStored(order: StoredOrder): OrderCard {
  const d = order.details;
  return {
    source: 'store',
    externalOrderId: order.externalOrderId,
    ...(order.orderId === undefined ? {} : { orderId: order.orderId }),
    status: displayStatusOf(order),
    ...(d ? { statusTitle: d.statusTitle, statusMessage: d.statusMessage, nextStep: d.nextStep } : {}),
    operator: order.quote.operatorName,
    subtype: order.quote.subtype,
    maskedAccount: d?.maskedAccount || maskPhone(order.request.account),
    localAmount: order.quote.localAmount,
    localCurrency: order.quote.localCurrency,
    merchantPrice: order.quote.merchantPrice,
    merchantCurrency: order.quote.merchantCurrency,
    ...(order.quote.resellerPrice === undefined ? {} : { resellerPrice: order.quote.resellerPrice }),
    ...(order.credit === undefined
      ? {}
      : {
          chain: {
            amount: order.credit.amount,
            ...(order.credit.above === undefined ? {} : { above: order.credit.above }),
          },
        }),
    attempts: d?.attempts ?? [],
    createdAt: d?.createdAt ?? order.createdAt,
    updatedAt: d?.updatedAt ?? order.updatedAt,
    ...(order.syncedAt === undefined ? {} : { syncedAt: order.syncedAt }),
    resellerId: order.resellerId,
    ...(order.rejection ? rejectionOf(order.rejection) : {}),
  };
}

function rejectionOf(rejection: NonNullable<StoredOrder['rejection']>): Partial<OrderCard> {
  if (rejection.key !== 'account-busy') return { rejection: rejection.message, rejectionKey: rejection.key };
  const holder = rejection.holder ?? LEGACY_BUSY_TEXT.exec(rejection.message)?.[1];
  // The text is written at display time: the stored one may name another reseller's order.
  return {
    rejection: '',
    rejectionKey: rejection.key,
    ...(holder === undefined ? {} : { busyWith: holder }),
  };
}

/** The card of an order read from the service only (placed outside this bot, or before our records). */
export function cardOfRemote(order: RechargeOrder, readAt: Date): OrderCard {
  return {
    source: 'service',
    externalOrderId: order.externalOrderId,
    orderId: order.orderId,
    status: order.status,
    statusTitle: order.statusTitle,
    statusMessage: order.statusMessage,
    nextStep: order.nextStep,
    operator: order.operator.name,
    subtype: order.subtype,
    maskedAccount: order.account,
    localAmount: order.localAmount.toString(),
    localCurrency: order.localCurrency,
    merchantPrice: order.merchantPrice.toString(),
    merchantCurrency: order.merchantCurrency,
    attempts: attemptsOf(order),
    createdAt: order.createdAt?.toISOString() ?? null,
    updatedAt: order.updatedAt?.toISOString() ?? null,
    syncedAt: readAt.toISOString(),
  };
}

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
