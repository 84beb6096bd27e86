import type { AdminAlert } from '../orders/alerts.ts';

/** The identity of an alert: at most one alert per order and status (or per window for the others). */
export function alertIdentity(alert: AdminAlert, windowOf: (ms: number) => number, nowMs: number): string {
  switch (alert.kind) {
    case 'order-status':
      return `status:${alert.externalOrderId}:${alert.status}`;
    case 'order-rejected':
      return `rejected:${alert.externalOrderId}`;
    case 'forbidden':
      return alert.externalOrderId === undefined
        ? `forbidden:${alert.operation}:${windowOf(nowMs)}`
        : `forbidden:${alert.operation}:${alert.externalOrderId}`;
    case 'webhook-signature':
      return `webhook-signature:${windowOf(nowMs)}`;
    case 'stale-order':
      return `stale:${alert.externalOrderId}`;
    case 'unknown-order':
      return `unknown:${alert.orderId}:${alert.event}`;
    case 'unrecorded-order':
      return `unrecorded:${alert.externalOrderId}`;
    case 'order-revived':
      return `revived:${alert.externalOrderId}`;
    case 'placement-unreadable':
      return `unreadable:${alert.externalOrderId}`;
    case 'quote-mismatch':
      return `quote-mismatch:${alert.operatorKey}:${windowOf(nowMs)}`;
    case 'order-number-conflict':
      return `number-conflict:${alert.externalOrderId}`;
    case 'rate-limited':
      return `rate-limited:${windowOf(nowMs)}`;
    case 'quote-single-use':
      return 'quote-single-use';
    case 'pin-locked':
      // Every lock is told, however close the next one follows (alerts raised before lockedAt: once a window).
      return `pin-locked:${alert.userId}:${alert.lockedAt ?? windowOf(nowMs)}`;
    case 'merchant-low-balance':
      return `merchant-low-balance:${windowOf(nowMs)}`;
    case 'payer-stopped':
      return `payer-stopped:${alert.what}:${alert.id}`;
    case 'invite-used':
      return `invite-used:${alert.inviteId}:${alert.userId}`;
    default: {
      const never: never = alert;
      throw new Error(`unhandled alert ${String(never)}`);
    }
  }
}
