import { canMove } from '../domain/status.ts';
import type { OrderStatus, RechargeOrder } from '../merchant/types.ts';
import type { Mutation } from './commit.ts';
import type { ReadPlan } from './follow-up-timings.ts';
import type { Rejection, StatusChange, StoredOrder } from './types.ts';

/**
 * What the store (store.ts) does to an order it holds: the service's word applied (placed, a status moved only
 * forward, its details), an attempt whose outcome is unknown, a refusal, a read that found nothing new, the status
 * message to keep up to date. Each is one read-modify-write through the store's `update`, so the record, its
 * indexes, its credit and its change entries move together or not at all.
 */

/** The service's view of an order, as far as the caller knows it (an event carries only the status). */
export interface RemoteSnapshot {
  orderId: string;
  status: OrderStatus;
  /** Present when read from the service (create or read), absent for an event. */
  order?: RechargeOrder;
  /** For an event: wall-clock ms when its webhook was received (timed until the chat shows the change). */
  webhookReceivedAt?: number;
}

export type UpdateResult = { order: StoredOrder; applied: boolean } | null;

/** What `applyRemote` did; `revived` carries the refusal our copy had when the service has the order after all. */
export type ApplyResult = { order: StoredOrder; applied: boolean; revived?: Rejection } | null;

/** The store's read-modify-write with compare-and-set; `mutate` returns null to change nothing. */
export type Update = (
  externalOrderId: string,
  mutate: (current: StoredOrder) => Mutation | null,
) => Promise<UpdateResult>;

/** The service's delivery attempts of an order, times as ISO strings (kept for /status and the order card). */
export function attemptsOf(order: RechargeOrder): NonNullable<StoredOrder['details']>['attempts'] {
  return order.attempts.map((a) => ({
    attemptNo: a.attemptNo,
    status: a.status,
    errorMessage: a.errorMessage,
    submittedAt: a.submittedAt?.toISOString() ?? null,
    completedAt: a.completedAt?.toISOString() ?? null,
  }));
}

/** The service-side details we keep for /status, money and times as strings. */
export function detailsOf(order: RechargeOrder): NonNullable<StoredOrder['details']> {
  return {
    statusTitle: order.statusTitle,
    statusMessage: order.statusMessage,
    nextStep: order.nextStep,
    pollAfterSeconds: order.pollAfterSeconds,
    maskedAccount: order.account,
    attempts: attemptsOf(order),
    createdAt: order.createdAt?.toISOString() ?? null,
    updatedAt: order.updatedAt?.toISOString() ?? null,
  };
}

function pushStatus(
  order: StoredOrder,
  status: OrderStatus,
  source: StatusChange['source'],
  at: string,
): void {
  order.status = status;
  order.history.push({ status, at, source });
}

/**
 * applyRemote's change to the order as read (mutated in place): the mutation to commit, null when the service said
 * nothing new, and the refusal our copy had when the service has the order after all.
 */
function remoteChange(
  order: StoredOrder,
  remote: RemoteSnapshot,
  source: StatusChange['source'],
  at: string,
  read: ReadPlan | undefined,
): { mutation: Mutation | null; revived: Rejection | undefined } {
  let revived: Rejection | undefined;
  const changes: NonNullable<Mutation['changes']> = [];
  if (order.placement === 'rejected') {
    // Refused on our side, yet the service has it (and charged it): its word wins, never dropped.
    revived = order.rejection;
    order.placement = 'placing';
    delete order.rejection;
  }
  const wasPlacing = order.placement === 'placing';
  const from = order.status ?? null;
  let changed = false;
  if (wasPlacing) {
    order.placement = 'placed';
    order.orderId = remote.orderId;
    changed = true;
  } else if (order.orderId === undefined) {
    order.orderId = remote.orderId;
    changed = true;
  }
  const moves = from === null || canMove(from, remote.status);
  if (moves) {
    pushStatus(order, remote.status, source, at);
    changed = true;
  }
  const sameAsOurs = order.status === remote.status;
  if (remote.order !== undefined && (sameAsOurs || order.details === undefined)) {
    // Details of an outdated read are kept only when we have none at all.
    order.details = detailsOf(remote.order);
    order.syncedAt = at;
    changed = true;
  }
  if (!changed) return { mutation: null, revived };
  order.updatedAt = at;
  const timed = remote.webhookReceivedAt === undefined ? {} : { webhookReceivedAt: remote.webhookReceivedAt };
  if (wasPlacing) {
    const status = order.status ?? remote.status;
    changes.push({
      kind: 'placed',
      status,
      ...(revived === undefined ? {} : { revived: true }),
      ...timed,
    });
  } else if (moves) changes.push({ kind: 'status', from, status: remote.status, ...timed });
  // A revived order is read at once unless the caller planned its read.
  const plan = read ?? (revived === undefined ? undefined : { delayMs: 0, step: 0 });
  return { mutation: { next: order, changes, ...(plan === undefined ? {} : { read: plan }) }, revived };
}

/** The store's changes to an order it holds, over its `update`; `nowIso` is the record times' clock. */
export function createOrderTransitions(update: Update, nowIso: () => string) {
  return {
    /**
     * Applies what the service says about an order (create answer, read or event): records the order ID,
     * ends placement, and moves the status only forward. `followUp` is the read a change plans when the order
     * stays placed and unfinished (a number: the first read, after that many ms; absent: the relay's default).
     */
    async applyRemote(
      externalOrderId: string,
      remote: RemoteSnapshot,
      source: StatusChange['source'],
      followUp?: number | ReadPlan,
    ): Promise<ApplyResult> {
      const read = typeof followUp === 'number' ? { delayMs: followUp, step: 0 } : followUp;
      let revived: Rejection | undefined;
      const result = await update(externalOrderId, (order) => {
        const change = remoteChange(order, remote, source, nowIso(), read);
        revived = change.revived;
        return change.mutation;
      });
      if (result === null || !result.applied || revived === undefined) return result;
      return { ...result, revived };
    },

    /**
     * Notes that an attempt may still be in flight at the service (no answer, or an answer we could not
     * read), so a later refusal is not final until the order was looked up. `unreadable`: a 2xx we could
     * not parse; the order is only looked up from then on, never sent again.
     */
    async markOutcomeUnknown(
      externalOrderId: string,
      options: { unreadable?: boolean } = {},
    ): Promise<UpdateResult> {
      return update(externalOrderId, (order) => {
        if (order.placement !== 'placing') return null;
        order.unansweredAt = nowIso();
        if (options.unreadable) order.answerUnreadable = true;
        order.updatedAt = order.unansweredAt;
        return { next: order };
      });
    },

    /**
     * Ends a placement that the service refused (nothing charged); releases the phone guard.
     * `quiet`: the caller of submit() got the refusal and tells the reseller itself.
     */
    async markRejected(
      externalOrderId: string,
      rejection: Rejection,
      options: { quiet?: boolean } = {},
    ): Promise<UpdateResult> {
      return update(externalOrderId, (order) => {
        if (order.placement !== 'placing') return null;
        order.placement = 'rejected';
        order.rejection = rejection;
        order.updatedAt = nowIso();
        return {
          next: order,
          changes: [
            {
              kind: 'rejected',
              key: rejection.key,
              ...(rejection.code ? { code: rejection.code } : {}),
              ...(options.quiet ? { quiet: true } : {}),
            },
          ],
        };
      });
    },

    /** Records that a read found nothing new (keeps /status's "as of" time fresh). */
    async markSynced(externalOrderId: string): Promise<UpdateResult> {
      return update(externalOrderId, (order) => {
        order.syncedAt = nowIso();
        return { next: order };
      });
    },

    /** Remembers the reseller's status message to keep up to date. */
    async setStatusMessage(externalOrderId: string, messageId: number): Promise<UpdateResult> {
      return update(externalOrderId, (order) => {
        if (order.statusMessageId === messageId) return null;
        order.statusMessageId = messageId;
        order.updatedAt = nowIso();
        return { next: order };
      });
    },
  };
}
