import { maskPhone } from '../domain/phone.ts';
import { csvLine, csvParts, type CsvPart } from '../lib/csv.ts';
import { indexStatus } from './commit.ts';
import type { StoredOrder } from './types.ts';
import { levelOf } from './credit.ts';
import { nameText, withNames, type UserDirectory, type UserName } from '../accounts/names.ts';

/**
 * The /export CSV: one row per order, streamed. What a row shows depends on who asks: the full phone number
 * and the merchant price only to admins; the reseller (ID and Telegram name) to agents and admins; a reseller's
 * export holds their own orders only, a distributor's their own and their network's (the caller reads only those),
 * each with its seller and the distributor's price and commission, never a price above theirs.
 */

/**
 * Who the export is for: admins see everything; agents all orders but no full number or merchant price; a
 * distributor (their user ID) their network's orders with their own price and commission.
 */
export type ExportView = 'reseller' | 'agent' | 'admin' | { distributor: number };

/** The columns of an export for `view`, in order. */
export function exportColumns(view: ExportView): string[] {
  const distributor = typeof view === 'object';
  return [
    'service_order_id',
    'merchant_order_number',
    'created_at',
    'updated_at',
    ...(distributor
      ? ['seller_id', 'seller_name']
      : view === 'reseller'
        ? []
        : ['reseller_id', 'reseller_name']),
    'country',
    'operator',
    'product',
    'number',
    'local_amount',
    'local_currency',
    ...(distributor
      ? ['seller_price', 'your_price', 'your_commission']
      : ['reseller_price', ...(view === 'admin' ? ['merchant_price'] : [])]),
    'currency',
    'status',
    'events',
  ];
}

/**
 * What the reseller's credit paid (or holds) for the order: the amount held when the order was stored, else the
 * quoted reseller price; an admin's own order is paid at the merchant price.
 */
function resellerPrice(order: StoredOrder): string {
  return order.credit?.amount ?? order.quote.resellerPrice ?? order.quote.merchantPrice;
}

/** The status changes we received, oldest first: `source:status@time` joined by `;`. */
function eventsOf(order: StoredOrder): string {
  return order.history.map((h) => `${h.source}:${h.status}@${h.at}`).join(';');
}

/**
 * A distributor's figures of an order: the seller's price, their own and the commission it brought them (its
 * share once it succeeded, else 0); their own order costs them the seller's price. Empty when they were not above
 * its seller when it was placed.
 */
function distributorFigures(order: StoredOrder, distributorId: number): [string, string, string] {
  const sellerPrice = resellerPrice(order);
  if (order.resellerId === distributorId) return [sellerPrice, sellerPrice, '0'];
  const level = order.credit === undefined ? null : levelOf(order.credit, distributorId);
  if (level === null) return [sellerPrice, '', ''];
  const earned = order.placement === 'placed' && order.status === 'succeeded';
  return [sellerPrice, level.price, earned ? level.commission : '0'];
}

/** One order as one CSV record for `view`; `resellerName` is the name of its reseller, if known. */
export function exportRow(order: StoredOrder, view: ExportView, resellerName?: UserName): string {
  const account = order.request.account;
  const distributor = typeof view === 'object' ? view.distributor : undefined;
  return csvLine([
    order.orderId ?? '',
    order.externalOrderId,
    order.createdAt,
    order.updatedAt,
    ...(view === 'reseller'
      ? []
      : [order.resellerId === 0 ? '' : String(order.resellerId), nameText(resellerName)]),
    order.request.country,
    order.quote.operatorName,
    order.quote.subtype,
    view === 'admin' && /^\d+$/.test(account)
      ? account
      : (order.details?.maskedAccount ?? maskPhone(account)),
    order.quote.localAmount,
    order.quote.localCurrency,
    ...(distributor === undefined
      ? [resellerPrice(order), ...(view === 'admin' ? [order.quote.merchantPrice] : [])]
      : distributorFigures(order, distributor)),
    order.quote.merchantCurrency,
    indexStatus(order),
    eventsOf(order),
  ]);
}

/** One file of an export: its bytes as they are produced, and its row count once it has been read to the end. */
export type ExportPart = CsvPart;

/**
 * Splits the rows of `orders` into CSV files of at most `maxBytes` each (header included; a single row larger
 * than that still gets a file of its own). Each part must be read to the end before the next is asked for;
 * nothing is held beyond a page of orders (whose resellers' names are read together) and the store's current page.
 */
export function exportParts(
  orders: AsyncIterable<StoredOrder>,
  view: ExportView,
  maxBytes: number,
  names: Pick<UserDirectory, 'namesOf'>,
): AsyncGenerator<ExportPart> {
  return csvParts(csvLine(exportColumns(view)), rowsOf(orders, view, names), maxBytes);
}

async function* rowsOf(
  orders: AsyncIterable<StoredOrder>,
  view: ExportView,
  names: Pick<UserDirectory, 'namesOf'>,
): AsyncGenerator<string> {
  if (view === 'reseller') {
    for await (const order of orders) yield exportRow(order, view);
    return;
  }
  const resellerOf = (order: StoredOrder) => (order.resellerId === 0 ? undefined : order.resellerId);
  for await (const [order, name] of withNames(orders, resellerOf, names)) yield exportRow(order, view, name);
}
