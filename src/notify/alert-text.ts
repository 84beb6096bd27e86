import { formatMoney } from '../domain/money.ts';
import { statusText } from '../domain/status.ts';
import type { InlineKeyboardButton } from 'grammy/types';
import { html, type Translate } from '../lib/html.ts';
import type { AdminAlert } from '../orders/alerts.ts';
import type { OrderCallbacks } from '../bot/callback-data/order.ts';
import { personHtml, type People } from '../accounts/names.ts';

/**
 * What admin alerts say (alerts.ts holds them in bursts and delivers them): one line per alert in the reader's
 * language, and a burst's messages, cut into parts, with a button per order to open it.
 */

/** The order an alert is about (its line's IDs and its button); null for the alerts about no one order. */
function orderOf(alert: AdminAlert): { externalOrderId: string; orderId?: string } | null {
  switch (alert.kind) {
    case 'order-status':
    case 'order-rejected':
    case 'stale-order':
    case 'unknown-order':
    case 'unrecorded-order':
    case 'order-revived':
      return { externalOrderId: alert.externalOrderId, ...(alert.orderId ? { orderId: alert.orderId } : {}) };
    case 'placement-unreadable':
    case 'order-number-conflict':
      return { externalOrderId: alert.externalOrderId };
    case 'forbidden':
      return alert.externalOrderId === undefined ? null : { externalOrderId: alert.externalOrderId };
    case 'webhook-signature':
    case 'quote-mismatch':
    case 'rate-limited':
    case 'quote-single-use':
    case 'pin-locked':
    case 'merchant-low-balance':
    case 'payer-stopped':
    case 'invite-used':
      return null;
    default: {
      const never: never = alert;
      throw new Error(`unhandled alert ${String(never)}`);
    }
  }
}

/** A person as Telegram names them: first and last name, then @username when they have one. */
function telegramName(person: { firstName: string; lastName?: string; username?: string }): string {
  const name = person.lastName === undefined ? person.firstName : `${person.firstName} ${person.lastName}`;
  return person.username === undefined ? name : `${name} (@${person.username})`;
}

/** The user an alert names (a PIN locked, a payer stopped), if any: their name is read before the alert is worded. */
export function alertUser(alert: AdminAlert): number | undefined {
  return alert.kind === 'pin-locked' || alert.kind === 'payer-stopped' ? alert.userId : undefined;
}

/** Names no one: each person by their ID alone. */
const idsOnly: People = (userId) => personHtml(userId, undefined);

/** One alert as one line of text in `locale`; `people` names the user it is about (alertUser). */
export function alertLine(t: Translate, locale: string, alert: AdminAlert, people: People = idsOnly): string {
  const order = orderOf(alert);
  const ids = { orderId: order?.orderId ?? '—', externalOrderId: order?.externalOrderId ?? '—' };
  switch (alert.kind) {
    case 'order-status':
      return t(locale, `alert-order-${alert.status.replace(/_/g, '-')}`, ids);
    case 'order-rejected':
      return t(locale, 'alert-order-rejected', {
        ...ids,
        reason: html(t(locale, `order-reject-reason-${alert.key}`)),
      });
    case 'forbidden':
      return alert.operation === 'placement'
        ? t(locale, 'alert-forbidden-placement', ids)
        : t(locale, 'alert-forbidden-read', {});
    case 'webhook-signature':
      return t(locale, 'alert-webhook-signature', { failures: alert.failures, reason: alert.reason });
    case 'stale-order':
      return t(locale, 'alert-stale-order', {
        ...ids,
        status: html(statusText(t, locale, alert.status)),
        minutes: alert.ageMinutes,
      });
    case 'unknown-order':
      return t(locale, 'alert-unknown-order', { ...ids, event: alert.event });
    case 'unrecorded-order':
      return t(locale, 'alert-unrecorded-order', {
        ...ids,
        status: html(statusText(t, locale, alert.status)),
      });
    case 'order-revived':
      return t(locale, 'alert-order-revived', { ...ids, key: alert.key });
    case 'placement-unreadable':
      return t(locale, 'alert-placement-unreadable', ids);
    case 'quote-mismatch':
      return t(locale, 'alert-quote-mismatch', {
        operator: alert.operatorKey,
        field: alert.field,
        asked: alert.asked,
        quoted: alert.quoted,
      });
    case 'order-number-conflict':
      return t(locale, 'alert-order-number-conflict', { ...ids, field: alert.field });
    case 'rate-limited':
      return t(locale, 'alert-rate-limited', {});
    case 'quote-single-use':
      return t(locale, 'alert-quote-single-use', {});
    case 'pin-locked':
    case 'payer-stopped':
    case 'invite-used':
      return personLine(t, locale, alert, people);
    case 'merchant-low-balance':
      return t(locale, 'alert-merchant-low-balance', {
        balance: formatMoney(alert.balance, alert.currency, locale),
        threshold: formatMoney(alert.threshold, alert.currency, locale),
      });
    default: {
      const never: never = alert;
      throw new Error(`unhandled alert ${String(never)}`);
    }
  }
}

/** An alert about one person (their PIN, their payments stopped, their invite used). */
function personLine(
  t: Translate,
  locale: string,
  alert: Extract<AdminAlert, { kind: 'pin-locked' | 'payer-stopped' | 'invite-used' }>,
  people: People,
): string {
  switch (alert.kind) {
    case 'pin-locked':
      return alert.untilUnlock === true
        ? t(locale, 'alert-pin-held', {
            user: people(alert.userId),
            id: String(alert.userId),
            tries: alert.tries,
            locks: alert.locks ?? 0,
          })
        : t(locale, 'alert-pin-locked', {
            user: people(alert.userId),
            tries: alert.tries,
            minutes: alert.minutes,
          });
    case 'payer-stopped':
      return t(locale, `alert-payer-stopped-${alert.what}`, {
        user: people(alert.userId),
        reason: html(t(locale, `payer-stopped-${alert.reason}`)),
      });
    case 'invite-used':
      return t(locale, 'alert-invite-used', {
        name: telegramName(alert),
        id: String(alert.userId),
        role: html(t(locale, `role-${alert.role}`)),
        invite: alert.inviteId,
        by: String(alert.by),
      });
  }
}

/** One message of a burst: its text and its open-order buttons. */
export interface AlertMessage {
  text: string;
  buttons: InlineKeyboardButton[][];
}

/** Where a burst's messages are cut (the alerts' AlertGrouping). */
export interface AlertLayout {
  /** Order lines per message before splitting. */
  maxLinesPerMessage: number;
  /** Open-order buttons per message. */
  maxButtons: number;
}

/**
 * A burst's alerts as messages in `locale`: a single alert is its line, more are a header and a line each, cut
 * every `maxLinesPerMessage` lines; each part gets a button per order it names (none for unknown orders).
 */
export async function alertMessages(
  alerts: AdminAlert[],
  locale: string,
  deps: { t: Translate; callbacks: OrderCallbacks; people: People },
  grouping: AlertLayout,
): Promise<AlertMessage[]> {
  const messages: AlertMessage[] = [];
  for (let i = 0; i < alerts.length; i += grouping.maxLinesPerMessage) {
    const part = alerts.slice(i, i + grouping.maxLinesPerMessage);
    const lines = part.map((a) => alertLine(deps.t, locale, a, deps.people));
    const text =
      alerts.length === 1
        ? lines[0]!
        : `${deps.t(locale, 'alert-group-header', { count: alerts.length })}\n${lines.map((l) => `• ${l}`).join('\n')}`;
    const buttons: InlineKeyboardButton[][] = [];
    const seen = new Set<string>();
    for (const alert of part) {
      const order = orderOf(alert);
      if (order === null || seen.has(order.externalOrderId) || alert.kind === 'unknown-order') continue;
      seen.add(order.externalOrderId);
      if (buttons.length >= grouping.maxButtons) break;
      buttons.push([
        {
          text: deps.t(locale, 'alert-open-button', { order: order.orderId ?? order.externalOrderId }),
          callback_data: await deps.callbacks.dataFor(order.externalOrderId),
        },
      ]);
    }
    messages.push({ text, buttons });
  }
  return messages;
}
