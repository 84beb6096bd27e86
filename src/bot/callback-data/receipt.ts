// Callback data of the 🧾 Receipt button under a succeeded order's message, built and parsed here only:
// `rcpt:<service order ID>` (O-… is short), or `rcpt:m:<merchant order number>` for an order without one
// yet when that fits in Telegram's 64 bytes.
import { CALLBACK_DATA_LIMIT } from './order.ts';

const RECEIPT = 'rcpt:';

/** Matcher for `composer.callbackQuery`; read the match with `parseReceiptData`. */
export const RECEIPT_DATA = /^rcpt:(m:)?(.+)$/;

/** The button's data for an order, or null when neither of its IDs fits. */
export function receiptData(order: { orderId?: string; externalOrderId: string }): string | null {
  const data =
    order.orderId === undefined ? `${RECEIPT}m:${order.externalOrderId}` : `${RECEIPT}${order.orderId}`;
  return Buffer.byteLength(data) <= CALLBACK_DATA_LIMIT ? data : null;
}

/** The order a Receipt button names (an O-… or a merchant order number, as /receipt takes), or null. */
export function parseReceiptData(data: string): string | null {
  return RECEIPT_DATA.exec(data)?.[2] ?? null;
}
