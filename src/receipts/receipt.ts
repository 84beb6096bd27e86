import { escapeHtml } from '../lib/html.ts';

/**
 * A customer receipt: only what the customer may see. It has no field for the merchant price, the margin,
 * what the reseller's credit paid or the service's internal texts, so no template can print them.
 */
export interface Receipt {
  /** The reseller's shop name (`/shop`), when set. */
  shopName?: string;
  operator: string;
  /** The product in the reader's language (airtime, data, bundle) or as the service names it. */
  product: string;
  /** The number with its middle digits masked. */
  maskedPhone: string;
  /** What the line received, formatted with its currency. */
  received: string;
  /** What the customer paid, formatted with its currency, when the reseller set a retail price. */
  price?: string;
  orderId: string;
  externalOrderId: string;
  /** Date and time in `timeZone`, `YYYY-MM-DD HH:MM`. */
  time: string;
  /** The zone the time is in, with its offset: `Africa/Lagos, UTC+1`, or `UTC`. */
  timeZone: string;
  /** Status emoji (text only; the image leaves it out) and the status in the reader's language. */
  statusEmoji: string;
  status: string;
}

/** The receipt's labels in the reader's language. */
export interface ReceiptLabels {
  title: string;
  operator: string;
  product: string;
  phone: string;
  received: string;
  price: string;
  orderId: string;
  externalOrderId: string;
  time: string;
  status: string;
  thanks: string;
}

/** Date and time of `at` in `timeZone` (an IANA zone or UTC), with the zone and its offset named. */
export function receiptTime(at: Date, timeZone: string | undefined): { time: string; timeZone: string } {
  const zone = timeZone ?? 'UTC';
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'shortOffset',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const offset = part('timeZoneName').replace(/^GMT/, 'UTC');
  const time = `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
  return { time, timeZone: zone === 'UTC' ? 'UTC' : `${zone}, ${offset === 'UTC' ? 'UTC+0' : offset}` };
}

/** The receipt as a Telegram HTML message made for forwarding: every value escaped, IDs in `<code>`. */
export function receiptHtml(receipt: Receipt, labels: ReceiptLabels): string {
  const row = (label: string, value: string) => `<b>${escapeHtml(label)}:</b> ${value}`;
  const lines = [`🧾 <b>${escapeHtml(labels.title)}</b>`];
  if (receipt.shopName !== undefined) lines.push(`<b>${escapeHtml(receipt.shopName)}</b>`);
  lines.push(
    '',
    row(labels.operator, escapeHtml(receipt.operator)),
    row(labels.product, escapeHtml(receipt.product)),
    row(labels.phone, escapeHtml(receipt.maskedPhone)),
    row(labels.received, escapeHtml(receipt.received)),
    ...(receipt.price === undefined ? [] : [row(labels.price, escapeHtml(receipt.price))]),
    row(labels.status, `${receipt.statusEmoji} ${escapeHtml(receipt.status)}`),
    row(labels.time, `${escapeHtml(receipt.time)} (${escapeHtml(receipt.timeZone)})`),
    row(labels.orderId, `<code>${escapeHtml(receipt.orderId)}</code>`),
    row(labels.externalOrderId, `<code>${escapeHtml(receipt.externalOrderId)}</code>`),
    '',
    escapeHtml(labels.thanks),
  );
  return lines.join('\n');
}
