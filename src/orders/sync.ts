import { isMerchantError } from '../merchant/errors.ts';
import { createReadBatcher, type DueRead } from './batched-reads.ts';
import type { AdminAlert } from './alerts.ts';
import type { CallPriority, LinePlace, MerchantApi, OrderStatus, RechargeOrder } from '../merchant/types.ts';
import { hookAt, type LifecycleHooks } from '../lib/hooks.ts';
import type { LoggerLike } from '../domain/log.ts';
import type { FollowUpTimings, ReadPlan } from './follow-up-timings.ts';
import type { FollowUpPlanner } from './follow-ups.ts';
import { isClosed } from './commit.ts';
import type { OrderStore } from './store.ts';
import type { ApplyResult } from './transitions.ts';
import type { StoredOrder } from './types.ts';
import type { MerchantEvent } from './webhook-signature.ts';

/**
 * The order service's read side (service.ts): what the service says about an order it has, brought into our
 * copy through the store's one path (applyRemote), whoever says it: a read (a follow-up or /status), a look-up by
 * merchant order number, a webhook event or the reconciliation's list. So the reseller is told once and the
 * credit settles or is released once, however many of them arrive; and at start-up every order waiting for a
 * read has its read job.
 */

/** What the service does with follow-up reads: a read now for an event, and the start-up repair. */
export type FollowUpPort = Pick<FollowUpPlanner, 'plan' | 'readNow' | 'pending' | 'repair'>;

type EventOutcome = 'applied' | 'unchanged' | 'unknown-order' | 'read-scheduled';

/** The service status an event names, or null when the event alone does not say (a new kind). */
export function statusOfEvent(event: string): 'succeeded' | 'failed' | 'refunded' | null {
  switch (event) {
    case 'order.succeeded':
      return 'succeeded';
    case 'order.failed':
      return 'failed';
    case 'order.refunded':
      return 'refunded';
    default:
      return null;
  }
}

/** What the read batcher needs of a placed order: its numbers and where it stands in the service's list. */
function dueRead(order: StoredOrder, orderId: string): DueRead {
  const created = order.details?.createdAt ?? order.createdAt;
  return { externalOrderId: order.externalOrderId, orderId, createdAtMs: Date.parse(created) };
}

/** How long an event for an order we do not know is kept for staff. */
const UNKNOWN_EVENT_TTL_SECONDS = 7 * 86_400;
/** Unknown-order alerts raised per hour at most; the rest are logged and kept, not alerted. */
const UNKNOWN_ALERTS_PER_HOUR = 20;

/** How `refresh` reads: who asks (priority, line place), as what source, and the follow-up it plans. */
interface RefreshOptions {
  priority?: CallPriority;
  source?: 'read' | 'poll';
  line?: LinePlace;
  followUp?: ReadPlan;
  batched?: boolean;
}

export interface OrderSyncDeps {
  api: MerchantApi;
  store: OrderStore;
  followUps: FollowUpPort;
  followUp: FollowUpTimings;
  logger: LoggerLike;
  /** Wall clock in ms. */
  clock: () => number;
  hooks?: LifecycleHooks;
  /** Raises an admin alert; a failure to queue it is logged, never thrown. */
  raise: (alert: AdminAlert) => Promise<void>;
}

/** Alerts admins when the service has an order our copy had marked refused (it is followed again). */
async function alertIfRevived(
  deps: Pick<OrderSyncDeps, 'logger' | 'raise'>,
  externalOrderId: string,
  applied: ApplyResult,
): Promise<void> {
  if (applied?.revived === undefined) return;
  deps.logger.error(
    { externalOrderId, orderId: applied.order.orderId, key: applied.revived.key },
    'an order marked refused exists at the service; applied',
  );
  await deps.raise({
    kind: 'order-revived',
    externalOrderId,
    orderId: applied.order.orderId ?? '',
    key: applied.revived.key,
  });
}

/** Alerts admins, once, of an unfinished order older than the stale limit. */
async function reportIfStale(
  deps: Pick<OrderSyncDeps, 'store' | 'followUp' | 'clock' | 'raise'>,
  order: StoredOrder,
): Promise<void> {
  const age = deps.clock() - Date.parse(order.createdAt);
  if (age < deps.followUp.staleAfterMs) return;
  if (!(await deps.store.markStaleReported(order.externalOrderId))) return;
  await deps.raise({
    kind: 'stale-order',
    externalOrderId: order.externalOrderId,
    ...(order.orderId === undefined ? {} : { orderId: order.orderId }),
    status: order.status ?? 'placing',
    ageMinutes: Math.floor(age / 60_000),
  });
}

/**
 * After start-up: every placed, unfinished order whose last change came before `changedBefore` (wall-clock ms)
 * has a read job of that change, waiting or running (repairs a lost one); returns how many were repaired.
 */
async function resumeFollowUps(
  deps: Pick<OrderSyncDeps, 'store' | 'followUps'>,
  changedBefore = Number.POSITIVE_INFINITY,
): Promise<number> {
  const { store, followUps } = deps;
  let repaired = 0;
  const pending = await followUps.pending();
  for (const externalOrderId of await store.unfinished()) {
    const order = await store.get(externalOrderId);
    if (order === null || order.placement !== 'placed' || isClosed(order)) continue;
    const changedAt = Date.parse(order.history.at(-1)?.at ?? order.updatedAt);
    if (changedAt >= changedBefore) continue;
    if (pending.has(`${externalOrderId}@${order.history.length}`)) continue;
    if (await followUps.repair(externalOrderId, order.history.length)) repaired++;
  }
  return repaired;
}

/** What the service says when asked: a look-up by number, a read of one order, its list's entry. */
function createRemoteReads(deps: OrderSyncDeps) {
  const { api, store, followUp, logger, raise } = deps;
  const batcher = createReadBatcher({ api, gatherMs: followUp.gatherMs });

  /** A whole order record the service gave (a look-up or its list) applied through the store, once. */
  async function applyFound(
    externalOrderId: string,
    remote: RechargeOrder,
    source: 'read' | 'reconcile',
  ): Promise<ApplyResult> {
    const applied = await store.applyRemote(
      externalOrderId,
      { orderId: remote.orderId, status: remote.status, order: remote },
      source,
      followUp.firstDelayMs(remote.pollAfterSeconds),
    );
    await alertIfRevived(deps, externalOrderId, applied);
    return applied;
  }

  return {
    /**
     * Looks the order up by merchant order number (GET /recharge/orders?search=) and applies it when found.
     * Returns the stored order when the service has it, null when it does not, 'failed' when we could not tell.
     */
    async lookUp(externalOrderId: string): Promise<StoredOrder | null | 'failed'> {
      let found: RechargeOrder | undefined;
      try {
        const page = await api.listOrders({ search: externalOrderId, limit: 100 }, { priority: 'placement' });
        found = page.results.find((o) => o.externalOrderId === externalOrderId);
      } catch (error) {
        logger.warn(
          { externalOrderId, kind: isMerchantError(error) ? error.kind : 'unknown' },
          'order look-up failed',
        );
        return 'failed';
      }
      if (found === undefined) return null;
      const applied = await applyFound(externalOrderId, found, 'read');
      logger.info({ externalOrderId, orderId: found.orderId }, 'order found by look-up');
      return applied?.order ?? null;
    },

    /**
     * Re-reads an order from the service and applies what changed; errors of the client propagate. `batched`:
     * read together with the other follow-up reads due now (batched-reads.ts), at background priority.
     */
    async refresh(externalOrderId: string, options: RefreshOptions = {}): Promise<StoredOrder | null> {
      const order = await store.get(externalOrderId);
      if (order === null || order.orderId === undefined) return order;
      let remote;
      try {
        remote =
          options.batched === true
            ? await batcher.read(dueRead(order, order.orderId))
            : await api.getOrder(order.orderId, {
                priority: options.priority ?? 'interactive',
                line: options.line,
              });
      } catch (error) {
        if (isMerchantError(error) && (error.kind === 'forbidden' || error.kind === 'edge-forbidden')) {
          await raise({ kind: 'forbidden', operation: 'read' });
        }
        throw error;
      }
      const applied = await store.applyRemote(
        externalOrderId,
        { orderId: remote.orderId, status: remote.status, order: remote },
        options.source ?? 'read',
        options.followUp,
      );
      if (applied !== null && !applied.applied)
        return (await store.markSynced(externalOrderId))?.order ?? applied.order;
      return applied?.order ?? null;
    },

    /**
     * Applies an order as the service's list shows it (the reconciliation): the same store path as a read or an
     * event, so the reseller is told once and the credit settles or is released once.
     */
    async applyListed(remote: RechargeOrder): Promise<ApplyResult> {
      return applyFound(remote.externalOrderId, remote, 'reconcile');
    },
  };
}

/** What a webhook event says, applied; events of orders we do not know are kept for staff. */
function createEventSync(deps: OrderSyncDeps) {
  const { api, store, followUps, logger, clock, raise } = deps;

  /**
   * Keeps an event of an order we do not know. Events of orders placed elsewhere (e.g. gift cards to the same
   * webhook URL) can be many: each is kept a week, and admins hear of the first few an hour, not of every one.
   */
  async function keepUnknown(event: MerchantEvent): Promise<void> {
    const receivedAt = new Date(clock()).toISOString();
    const fresh = await store.keepUnknownEvent(event, receivedAt, UNKNOWN_EVENT_TTL_SECONDS);
    logger.warn({ orderId: event.orderId, event: event.event }, 'webhook event for an unknown order');
    if (fresh && (await store.countUnknownAlert(clock())) <= UNKNOWN_ALERTS_PER_HOUR) {
      await raise({
        kind: 'unknown-order',
        externalOrderId: event.externalOrderId,
        orderId: event.orderId,
        event: event.event,
      });
    }
  }

  return {
    /**
     * Applies one verified webhook event (idempotent: replays change nothing); `receivedAt` (wall-clock ms of
     * the webhook) travels with the change it causes to the chat message, for the webhook-to-chat metric.
     */
    async applyEvent(event: MerchantEvent, receivedAt?: number): Promise<EventOutcome> {
      // The event names both numbers: one read finds the order when they agree (nearly always).
      const byNumber = event.externalOrderId === '' ? null : await store.get(event.externalOrderId);
      let order = byNumber?.orderId === event.orderId ? byNumber : await store.getByOrderId(event.orderId);
      // An answer lost on placement: the event is the first we hear of the order ID.
      if (order === null && byNumber !== null && byNumber.orderId === undefined) order = byNumber;
      if (order === null) {
        await keepUnknown(event);
        return 'unknown-order';
      }
      const externalOrderId = order.externalOrderId;
      await hookAt(deps.hooks, 'event-before-apply', { externalOrderId, orderId: event.orderId });
      let target: OrderStatus | null = statusOfEvent(event.event);
      if (target === null && order.placement === 'rejected') {
        // A follow-up read needs the order ID our refused copy lacks: read the order now instead.
        target = (await api.getOrder(event.orderId, { priority: 'background' })).status;
      }
      if (target === null) {
        if (order.placement === 'placed')
          await followUps.readNow(externalOrderId, order.history.length, event.event);
        return 'read-scheduled';
      }
      // An order we had marked refused is applied too (the service charged it), and admins are told.
      const applied = await store.applyRemote(
        externalOrderId,
        {
          orderId: event.orderId,
          status: target,
          ...(receivedAt === undefined ? {} : { webhookReceivedAt: receivedAt }),
        },
        'webhook',
        0,
      );
      await alertIfRevived(deps, externalOrderId, applied);
      const now = applied?.order ?? order;
      // Only a final status settles an order; otherwise (failed, or an event we could not apply) read it now:
      // an applied change's entry plans that read (delay 0) and it is added here too, under the same job ID.
      if (!isClosed(now)) {
        if (now.placement === 'placed') {
          const seq = now.history.length;
          if (applied?.applied === true && seq !== order.history.length) {
            await followUps.plan(externalOrderId, seq, { delayMs: 0, step: 0 });
          } else await followUps.readNow(externalOrderId, seq, event.event);
        }
        return applied?.applied ? 'applied' : 'read-scheduled';
      }
      return applied?.applied ? 'applied' : 'unchanged';
    },
  };
}

/** Creates the read side of the order service (see the file comment). */
export function createOrderSync(deps: OrderSyncDeps) {
  return {
    alertIfRevived: (externalOrderId: string, applied: ApplyResult): Promise<void> =>
      alertIfRevived(deps, externalOrderId, applied),
    ...createRemoteReads(deps),
    ...createEventSync(deps),
    reportIfStale: (order: StoredOrder): Promise<void> => reportIfStale(deps, order),
    resumeFollowUps: (changedBefore?: number): Promise<number> => resumeFollowUps(deps, changedBefore),
  };
}

export type OrderSync = ReturnType<typeof createOrderSync>;
