import { keyspace } from '../lib/redis/keyspace.ts';

/**
 * Every Redis key the order lifecycle writes, in one place, all under the caller's prefix (REDIS_PREFIX).
 * Order numbers and order IDs only contain [A-Za-z0-9._-], so they are safe inside key names.
 */
export interface OrderKeys {
  readonly prefix: string;
  order(externalOrderId: string): string;
  /** Hash: service order ID -> merchant order number. */
  readonly orderIds: string;
  /** Sorted set (score: creation ms) of a reseller's orders, optionally those in one status. */
  reseller(resellerId: number, status?: string): string;
  /** Sorted set (score: creation ms) of all orders in one status (`placing` and `rejected` included). */
  status(status: string): string;
  /** Sorted set (score: creation ms) of orders not finished yet (placing, or placed and unfinished). */
  readonly unfinished: string;
  /** One unfinished order per phone number: string key -> merchant order number. */
  guard(account: string): string;
  /** Stream of order changes (placed, status, rejected), read by the relay, which hands each to the notices and the alerts (orders/changes.ts). */
  readonly changes: string;
  /** The send lock of an order still placing: the token of its sender, with a lease (placements.ts). */
  sendLock(externalOrderId: string): string;
  /** Sorted set (score: due ms) of orders whose first re-send is planned, should their sender go silent (due.ts). */
  readonly dueSends: string;
  /** Sorted set (score: due ms) of `<merchant order number>@<seq>`: first follow-up reads planned (due.ts). */
  readonly dueReads: string;
  /** An order already reported as stale (a mark with a lifetime, so closing the order writes nothing for it). */
  staleReported(externalOrderId: string): string;
  /** Stream of verified webhook events waiting to be processed. */
  readonly webhookEvents: string;
  /** Marker of an event already accepted (order ID + event kind). */
  webhookSeen(orderId: string, event: string): string;
  /** An event for an order we do not know, kept a week for staff: JSON. */
  webhookUnknown(orderId: string, event: string): string;
  /** Counter of unknown-order alerts raised in one hour. */
  webhookUnknownAlerts(hour: number): string;
  /** Counter of refused webhooks in one time window. */
  webhookFailures(window: number): string;
  /** The merchant order number the release before fixed for one confirmed quote (user, flow, quote token hashed). */
  numberFor(scopeHash: string): string;
  /** The daily reconciliation: its lease, the point it reached, and each day's report. */
  readonly reconcile: { readonly lock: string; readonly point: string; day(day: string): string };
}

/** Builds the key names of the order lifecycle under `prefix` (e.g. `rb:`). */
export function orderKeys(prefix: string): OrderKeys {
  const k = keyspace(prefix, 'orders');
  const reconcile = keyspace(prefix, 'reconcile');
  return {
    prefix,
    order: (externalOrderId) => k('o', externalOrderId),
    orderIds: k('order-ids'),
    reseller: (id, status) => (status === undefined ? k('reseller', id) : k('reseller', id, 's', status)),
    status: (status) => k('status', status),
    unfinished: k('unfinished'),
    guard: (account) => k('guard', account),
    changes: k('changes'),
    sendLock: (externalOrderId) => k('send-lock', externalOrderId),
    dueSends: k('due-sends'),
    dueReads: k('due-reads'),
    staleReported: (externalOrderId) => k('stale-reported', externalOrderId),
    webhookEvents: k('webhook-events'),
    webhookSeen: (orderId, event) => k('webhook-seen', `${orderId}|${event}`),
    webhookUnknown: (orderId, event) => k('webhook-unknown', `${orderId}|${event}`),
    webhookUnknownAlerts: (hour) => k('webhook-unknown-alerts', hour),
    webhookFailures: (window) => k('webhook-failures', window),
    numberFor: (scopeHash) => k('number', scopeHash),
    reconcile: { lock: reconcile('lock'), point: reconcile('point'), day: (day) => reconcile('day', day) },
  };
}
