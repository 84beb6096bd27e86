import type { OrderStatus } from '../merchant/types.ts';

/** Everything admins are alerted to; `kind` picks the text. */
export type AdminAlert =
  | {
      kind: 'order-status';
      externalOrderId: string;
      orderId?: string;
      status: 'failed' | 'refunded' | 'manual_review';
    }
  | { kind: 'order-rejected'; externalOrderId: string; orderId?: string; key: 'balance' | 'risk' | 'wallet' }
  | { kind: 'forbidden'; externalOrderId?: string; orderId?: string; operation: 'placement' | 'read' }
  | { kind: 'webhook-signature'; failures: number; reason: string }
  | {
      kind: 'stale-order';
      externalOrderId: string;
      orderId?: string;
      status: OrderStatus;
      ageMinutes: number;
    }
  | { kind: 'unknown-order'; externalOrderId: string; orderId: string; event: string }
  /** The reconciliation found an order of ours at the service that Redis had no record of (nobody was charged). */
  | { kind: 'unrecorded-order'; externalOrderId: string; orderId: string; status: OrderStatus }
  | { kind: 'order-revived'; externalOrderId: string; orderId: string; key: string }
  | { kind: 'placement-unreadable'; externalOrderId: string }
  | { kind: 'quote-mismatch'; operatorKey: string; field: string; asked: string; quoted: string }
  | { kind: 'order-number-conflict'; externalOrderId: string; field: string }
  | { kind: 'rate-limited' }
  /** The account's quote tokens were seen to be single-use: quotes are no longer shared (merchant/shared-quotes.ts). */
  | { kind: 'quote-single-use' }
  /**
   * A reseller's wrong PINs locked their PIN-protected top-ups: for `minutes`, or (`untilUnlock`) until an admin
   * lifts it. `lockedAt` (ms) tells one lock from the next; `locks` counts those of the last 24 hours.
   */
  | {
      kind: 'pin-locked';
      userId: number;
      tries: number;
      minutes: number;
      untilUnlock?: boolean;
      locks?: number;
      lockedAt?: number;
    }
  | { kind: 'merchant-low-balance'; balance: string; threshold: string; currency: string }
  /** A bulk run or a schedule stopped: its payer lost the role, or their PIN is locked or now needed. */
  | {
      kind: 'payer-stopped';
      userId: number;
      what: 'bulk' | 'schedule';
      id: string;
      reason: 'no-access' | 'pin-locked' | 'pin-needed';
    }
  /**
   * Someone took a role by opening an invite link (accounts/invites.ts) that admin `by` made: their Telegram name
   * as their update carried it, so admins know who joined.
   */
  | {
      kind: 'invite-used';
      userId: number;
      firstName: string;
      lastName?: string;
      username?: string;
      role: 'reseller' | 'agent' | 'admin';
      inviteId: string;
      by: number;
    };

/**
 * Where the order lifecycle (and bulk runs, schedules, the PIN locks) send alerts: a port that orders/ declares and
 * notify/alerts.ts fills (it groups, words and delivers them).
 */
export interface AlertSink {
  /** Queues an alert durably; a second alert with the same identity (order + status…) is dropped. */
  raise(alert: AdminAlert): Promise<void>;
}
