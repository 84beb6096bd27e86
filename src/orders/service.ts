import type { ReplicaAcks } from '../lib/redis/replica-acks.ts';
import { Decimal } from 'decimal.js';
import type { Redis } from 'ioredis';
import { isMerchantError } from '../merchant/errors.ts';
import type { AlertSink } from './alerts.ts';
import type {
  CallPriority,
  LinePlace,
  LineView,
  MerchantApi,
  OrderStatus,
  RechargeOrder,
} from '../merchant/types.ts';
import { newClaimToken, type Claim, type PlacementJobs } from './placements.ts';
import { createOrderNumbers } from './numbers.ts';
import { hookAt, type LifecycleHooks } from '../lib/hooks.ts';
import { silentLogger, type LoggerLike } from '../domain/log.ts';
import { resolveFollowUpTimings, type FollowUpTimings, type ReadPlan } from './follow-up-timings.ts';
import type { FollowUpPlanner } from './follow-ups.ts';
import { isClosed, type ApplyResult, type OrderStore } from './store.ts';
import type {
  OrderIntent,
  OrderService,
  Rejection,
  StoredOrder,
  SubmitOptions,
  SubmitResult,
} from './types.ts';
import type { MerchantEvent } from './webhook-signature.ts';
import { delayBefore } from '../lib/retry-schedule.ts';

/** Timings of placement re-sends; tests shrink them. */
export interface PlacementTimings {
  /** How long a sender holds an order before another replica may re-send it (covers the client's own retries). */
  leaseMs: number;
  /** Delays between re-sends while the outcome stays unknown; the last one repeats. */
  retryDelaysMs: number[];
  /** Delay between re-sends while the service answers 403 (credentials or access need fixing). */
  forbiddenDelayMs: number;
  /**
   * How long an attempt without an answer may still be running at the service: until then a refusal of a
   * later attempt is not final even when a look-up finds nothing (the slow attempt may still commit). Counted
   * from the recorded unanswered attempt, or, for a 400 on `external_order_id`, from the order's first send.
   */
  settleMs: number;
  /**
   * A merchant order number fixed longer ago than this without a stored intent is resolved as "not placed"
   * (its process died in between). Longer than any live handler takes from fixing the number to storing
   * the intent (a status message sent with retries, a chat lock waited for); the commit decides anyway.
   */
  unplacedGraceMs: number;
}

/** Production timings of placement re-sends. */
export const DEFAULT_PLACEMENT_TIMINGS: PlacementTimings = {
  leaseMs: 60_000,
  retryDelaysMs: [2_000, 5_000, 15_000, 30_000, 60_000],
  forbiddenDelayMs: 60_000,
  settleMs: 600_000,
  unplacedGraceMs: 120_000,
};

/** What the service does with placement re-sends: holds a send, ends it (planning the next), repairs. */
export type PlacementQueue = Pick<PlacementJobs, 'complete' | 'renew' | 'pending' | 'repair'>;

/** What the service does with follow-up reads: a read now for an event, and the start-up repair. */
export type FollowUpPort = Pick<FollowUpPlanner, 'plan' | 'readNow' | 'pending' | 'repair'>;

export interface OrderServiceDeps {
  redis: Redis;
  /** REDIS_PREFIX. */
  prefix: string;
  api: MerchantApi;
  /** The shared order store. */
  store: OrderStore;
  /** Placement re-sends (BullMQ jobs; a stored intent's change plans the first through the relay). */
  placements: PlacementQueue;
  /** Follow-up reads (BullMQ jobs; the order commits plan most of them through the relay). */
  followUps: FollowUpPort;
  alerts?: AlertSink;
  logger?: LoggerLike;
  clock?: () => number;
  placement?: Partial<PlacementTimings>;
  followUp?: Partial<FollowUpTimings>;
  hooks?: LifecycleHooks;
  /** Told after each submit, so the notifier can tell a placement answered at once without waiting for a poll. */
  onSubmitted?: () => void;
  /** With Sentinel, or a Cluster with replicas: the stored intent must reach a replica before anything is sent (else it is refused). */
  replicaAcks?: ReplicaAcks;
}

/** How a failed placement call ends: definitely refused, refused by access rules, or unknown. */
export type PlacementVerdict =
  | { kind: 'rejected'; rejection: Rejection }
  | { kind: 'forbidden'; detail: string }
  | { kind: 'unknown'; reason: string };

/**
 * Classifies an error thrown by `createOrder`, by the Merchant error kind. Only a definite refusal (an HTTP 400:
 * validation or quote token; or a request the client refused to send) ends a placement: per the spec a repeat is recognised before anything else, so a 400 on a
 * re-send means no order exists. Everything else may have created the order and is re-sent.
 */
export function classifyPlacementError(error: unknown): PlacementVerdict {
  if (!isMerchantError(error)) return { kind: 'unknown', reason: 'unknown' };
  const { kind, httpStatus, code } = error;
  switch (kind) {
    case 'validation':
    case 'quote-token':
    case 'invalid-request': {
      const key = error.key || kind;
      const message = (error.detail || undefined) ?? error.fields[key]?.join('; ') ?? (error.message || kind);
      return {
        kind: 'rejected',
        rejection: {
          key,
          ...(code === undefined || code === '' ? {} : { code }),
          ...(httpStatus === undefined ? {} : { httpStatus }),
          message,
        },
      };
    }
    case 'forbidden':
    case 'edge-forbidden':
      return { kind: 'forbidden', detail: error.detail || kind };
    default:
      return { kind: 'unknown', reason: kind };
  }
}

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

function resultOf(order: StoredOrder, replay: boolean): SubmitResult {
  switch (order.placement) {
    case 'placed':
      return { outcome: 'placed', order, replay };
    case 'rejected':
      return { outcome: 'rejected', order };
    case 'placing':
      return { outcome: 'pending', order };
    default: {
      const never: never = order.placement;
      throw new Error(`unknown placement ${String(never)}`);
    }
  }
}

/** The first field in which an intent differs from the order stored under its number, if any. */
export function requestDifference(order: StoredOrder, intent: OrderIntent): string | undefined {
  const a = order.request;
  const b = intent.request;
  if (order.resellerId !== intent.resellerId) return 'reseller';
  if (a.country !== b.country) return 'country';
  if (a.operatorKey !== b.operatorKey) return 'operator';
  if (a.subtype !== b.subtype) return 'subtype';
  if (a.localCurrency !== b.localCurrency) return 'currency';
  if (!new Decimal(a.amount).eq(b.amount)) return 'amount';
  if (a.account !== b.account) return 'phone';
  return undefined;
}

export type EventOutcome = 'applied' | 'unchanged' | 'unknown-order' | 'read-scheduled';

/** How long a refusal because the number was busy is kept (a flow asking again finds it). */
const BUSY_REFUSAL_KEEP_MS = 7 * 86_400_000;
/** How long an event for an order we do not know is kept for staff. */
const UNKNOWN_EVENT_TTL_SECONDS = 7 * 86_400;
/** Unknown-order alerts raised per hour at most; the rest are logged and kept, not alerted. */
const UNKNOWN_ALERTS_PER_HOUR = 20;

/** Creates the order service: placement exactly once, reads, events; everything durable in Redis. */
export function createOrderService(deps: OrderServiceDeps) {
  const { api, store, placements, followUps } = deps;
  const logger = deps.logger ?? silentLogger;
  const clock = deps.clock ?? Date.now;
  const placement: PlacementTimings = { ...DEFAULT_PLACEMENT_TIMINGS, ...deps.placement };
  const followUp = resolveFollowUpTimings(deps.followUp);
  const numbers = createOrderNumbers({ redis: deps.redis, prefix: deps.prefix });

  async function raise(alert: Parameters<AlertSink['raise']>[0]): Promise<void> {
    if (!deps.alerts) return;
    try {
      await deps.alerts.raise(alert);
    } catch (error) {
      logger.error({ err: error, alert: alert.kind }, 'alert could not be queued');
    }
  }

  function retryDelay(step: number): number {
    return delayBefore({ kind: 'list', delaysMs: placement.retryDelaysMs }, step + 1);
  }

  /** Alerts admins when the service has an order our copy had marked refused (it is followed again). */
  async function alertIfRevived(ext: string, applied: ApplyResult): Promise<void> {
    if (applied?.revived === undefined) return;
    logger.error(
      { externalOrderId: ext, orderId: applied.order.orderId, key: applied.revived.key },
      'an order marked refused exists at the service; applied',
    );
    await raise({
      kind: 'order-revived',
      externalOrderId: ext,
      orderId: applied.order.orderId ?? '',
      key: applied.revived.key,
    });
  }

  /**
   * Looks the order up by merchant order number (GET /recharge/orders?search=) and applies it when found.
   * Returns the stored order when the service has it, null when it does not, 'failed' when we could not tell.
   */
  async function lookUp(ext: string): Promise<StoredOrder | null | 'failed'> {
    let found: RechargeOrder | undefined;
    try {
      const page = await api.listOrders({ search: ext, limit: 100 }, { priority: 'placement' });
      found = page.results.find((o) => o.externalOrderId === ext);
    } catch (error) {
      logger.warn(
        { externalOrderId: ext, kind: isMerchantError(error) ? error.kind : 'unknown' },
        'order look-up failed',
      );
      return 'failed';
    }
    if (found === undefined) return null;
    const applied = await applyFound(ext, found, 'read');
    logger.info({ externalOrderId: ext, orderId: found.orderId }, 'order found by look-up');
    return applied?.order ?? null;
  }

  /**
   * Whether an earlier attempt may still be running at the service, so `rejection` of a later one is not
   * final. A replica that died mid-send recorded no unanswered attempt; but a 400 on `external_order_id` for
   * our own identical request (the spec's "used for another order") means the number is taken by something
   * not yet visible, i.e. that attempt still running, so it counts from the first send (the intent is stored
   * just before it).
   */
  function mayStillRun(order: StoredOrder | null, rejection: Rejection): boolean {
    if (order === null) return false;
    const now = clock();
    if (order.unansweredAt !== undefined && now - Date.parse(order.unansweredAt) < placement.settleMs) {
      return true;
    }
    return rejection.key === 'external_order_id' && now - Date.parse(order.createdAt) < placement.settleMs;
  }

  /** Keeps the claim alive while a send is in flight, so no other replica sends the same order meanwhile. */
  function holdClaim(claim: Claim, ext: string): { signal: AbortSignal; release: () => void } {
    const controller = new AbortController();
    let released = false;
    const timer = setInterval(
      () => {
        placements.renew(claim, placement.leaseMs).then(
          (held) => {
            if (held || released) return;
            // Another replica owns the order now: stop before the client's next retry.
            logger.warn({ externalOrderId: ext }, 'placement claim lost during a send; stopping');
            controller.abort();
          },
          (error: unknown) =>
            logger.warn({ err: error, externalOrderId: ext }, 'placement claim not renewed'),
        );
      },
      Math.max(10, Math.floor(placement.leaseMs / 3)),
    );
    return {
      signal: controller.signal,
      release: () => {
        released = true;
        clearInterval(timer);
      },
    };
  }

  /**
   * Sends the stored request once and records the answer; the claim (renewed meanwhile) keeps other replicas
   * off. `caller` 'submit': the chat gets the result at once and tells a refusal itself; 'worker': the notifier
   * does, and an earlier attempt (by submit or a replica that died) may have reached the service.
   */
  async function send(
    order: StoredOrder,
    claim: Claim,
    caller: 'submit' | 'worker',
    onWait?: (view: LineView) => void,
  ): Promise<SubmitResult> {
    const ext = order.externalOrderId;
    const hold = holdClaim(claim, ext);
    try {
      // The order's place in the line is named after it: a replica resuming it (after a crash) keeps the place.
      const result = await api.createOrder(order.request, {
        priority: 'placement',
        signal: hold.signal,
        line: { id: `order:${ext}`, owner: String(order.resellerId), ...(onWait ? { onWait } : {}) },
      });
      hold.release();
      await hookAt(deps.hooks, 'after-send-before-store', {
        externalOrderId: ext,
        orderId: result.order.orderId,
      });
      const applied = await store.applyRemote(
        ext,
        { orderId: result.order.orderId, status: result.order.status, order: result.order },
        'create',
        followUp.firstDelayMs(result.order.pollAfterSeconds),
      );
      await alertIfRevived(ext, applied);
      logger.info(
        { externalOrderId: ext, orderId: result.order.orderId, replay: result.idempotentReplay },
        'order placed',
      );
      const stored = applied?.order ?? order;
      return resultOf(stored, result.idempotentReplay);
    } catch (error) {
      hold.release();
      const typed = isMerchantError(error) ? error : null;
      // This call, or an earlier one, may have reached the service without a definite answer.
      const unknownBefore = caller === 'worker' || typed?.outcomeUnknown === true;
      const status = typed?.httpStatus;
      const unreadable =
        typed?.kind === 'unexpected' && status !== undefined && status >= 200 && status <= 299;
      if (typed?.unanswered === true || unreadable) await store.markOutcomeUnknown(ext, { unreadable });
      const verdict = classifyPlacementError(error);
      switch (verdict.kind) {
        case 'rejected': {
          if (unknownBefore) {
            // A refusal may have raced an earlier attempt that committed: the service's list decides.
            const found = await lookUp(ext);
            if (found !== null && found !== 'failed') return resultOf(found, true);
            const current = await store.get(ext);
            if (current !== null && current.placement !== 'placing') return resultOf(current, true);
            if (found === 'failed' || mayStillRun(current, verdict.rejection)) {
              logger.warn(
                { externalOrderId: ext, key: verdict.rejection.key, code: verdict.rejection.code },
                'order refused after an attempt whose outcome is unknown; not final yet',
              );
              await placements.complete(claim, retryDelay(claim.step));
              return { outcome: 'pending', order: current ?? order };
            }
          }
          const rejected = await store.markRejected(ext, verdict.rejection, { quiet: caller === 'submit' });
          logger.info(
            { externalOrderId: ext, key: verdict.rejection.key, code: verdict.rejection.code },
            'order rejected',
          );
          return resultOf(rejected?.order ?? order, false);
        }
        case 'forbidden': {
          logger.error({ externalOrderId: ext, detail: verdict.detail }, 'order placement refused with 403');
          await raise({ kind: 'forbidden', externalOrderId: ext, operation: 'placement' });
          await placements.complete(claim, placement.forbiddenDelayMs);
          return { outcome: 'pending', order: (await store.get(ext)) ?? order };
        }
        case 'unknown': {
          if (unreadable) {
            // The service took it (2xx) but we cannot read the answer: resending would get the same; look up.
            logger.error({ externalOrderId: ext, httpStatus: status }, 'order placement answer unreadable');
            await raise({ kind: 'placement-unreadable', externalOrderId: ext });
            return checkUnreadable(ext, claim, order);
          }
          logger.warn(
            { externalOrderId: ext, reason: verdict.reason },
            'order placement outcome unknown; will re-send',
          );
          await placements.complete(claim, retryDelay(claim.step));
          return { outcome: 'pending', order: (await store.get(ext)) ?? order };
        }
        default: {
          const never: never = verdict;
          throw new Error(`unhandled verdict ${String(never)}`, { cause: error });
        }
      }
    }
  }

  /** An order whose 2xx answer was unreadable is only looked up, never sent again. */
  async function checkUnreadable(ext: string, claim: Claim, order: StoredOrder): Promise<SubmitResult> {
    const found = await lookUp(ext);
    if (found !== null && found !== 'failed') return resultOf(found, true);
    await placements.complete(claim, retryDelay(claim.step));
    return { outcome: 'pending', order: (await store.get(ext)) ?? order };
  }

  async function refresh(
    ext: string,
    options: {
      priority?: CallPriority;
      source?: 'read' | 'poll';
      line?: LinePlace;
      followUp?: ReadPlan;
    } = {},
  ): Promise<StoredOrder | null> {
    const order = await store.get(ext);
    if (order === null || order.orderId === undefined) return order;
    let remote;
    try {
      remote = await api.getOrder(order.orderId, {
        priority: options.priority ?? 'interactive',
        ...(options.line === undefined ? {} : { line: options.line }),
      });
    } catch (error) {
      if (isMerchantError(error) && (error.kind === 'forbidden' || error.kind === 'edge-forbidden')) {
        await raise({ kind: 'forbidden', operation: 'read' });
      }
      throw error;
    }
    const applied = await store.applyRemote(
      ext,
      { orderId: remote.orderId, status: remote.status, order: remote },
      options.source ?? 'read',
      options.followUp,
    );
    if (applied !== null && !applied.applied) return (await store.markSynced(ext))?.order ?? applied.order;
    return applied?.order ?? null;
  }

  /** Saves the intent set-if-absent, then places it once. */
  async function submitOnce(intent: OrderIntent, options: SubmitOptions): Promise<SubmitResult> {
    // The conversation has fixed the number and sent "⏳ Placing…"; the intent is not stored yet.
    await hookAt(deps.hooks, 'number-fixed-before-save', { externalOrderId: intent.externalOrderId });
    const token = newClaimToken();
    const created = await store.create(intent, { token, leaseMs: placement.leaseMs });
    switch (created.kind) {
      case 'busy': {
        const order = await store.createRejected(
          intent,
          {
            key: 'account-busy',
            message: 'another order to this number is unfinished',
            holder: created.holder,
          },
          // Nothing was ordered: kept only while the flow may ask again, not among the reseller's orders.
          { quiet: true, keepForMs: BUSY_REFUSAL_KEEP_MS },
        );
        return resultOf(order, true);
      }
      case 'refused': {
        // Not enough credit, or past a limit: nothing was held or sent. Kept like a busy refusal, so a repeated
        // confirmation finds the same answer, and out of every index.
        const { kind, ...figures } = created.refusal;
        const order = await store.createRejected(
          intent,
          { key: kind, message: 'refused by the reseller credit or limits; nothing was sent', figures },
          { quiet: true, keepForMs: BUSY_REFUSAL_KEEP_MS },
        );
        logger.info(
          { externalOrderId: intent.externalOrderId, key: kind },
          'order refused by credit or limits',
        );
        return resultOf(order, false);
      }
      case 'exists': {
        // A repeat of the same confirmation finds its order; a different request under the same number
        // must never be told "placed" for an order that is not its own.
        const field = requestDifference(created.order, intent);
        if (field === undefined) return resultOf(created.order, true);
        logger.error(
          { externalOrderId: intent.externalOrderId, field },
          'merchant order number already names a different request; nothing sent',
        );
        await raise({ kind: 'order-number-conflict', externalOrderId: intent.externalOrderId, field });
        return { outcome: 'conflict', order: created.order, field };
      }
      case 'created':
        if (deps.replicaAcks !== undefined && !(await deps.replicaAcks.confirm())) {
          // A failover now could forget the intent and its number while the service keeps the order: refuse.
          logger.error(
            { externalOrderId: intent.externalOrderId },
            'no Redis replica acknowledged the order intent; refused, nothing sent',
          );
          const refused = await store.markRejected(
            intent.externalOrderId,
            {
              key: 'not-durable',
              message: 'no Redis replica acknowledged the order intent; nothing was sent',
            },
            { quiet: true },
          );
          return resultOf(refused?.order ?? created.order, false);
        }
        break;
      default: {
        const never: never = created;
        throw new Error(`unhandled outcome ${String(never)}`);
      }
    }
    await hookAt(deps.hooks, 'after-save-before-send', { externalOrderId: intent.externalOrderId });
    return send(created.order, { member: intent.externalOrderId, token, step: 0 }, 'submit', options.onWait);
  }

  const service = {
    store,

    /** Saves the intent set-if-absent, then places it once (see OrderService.submit). */
    async submit(intent: OrderIntent, options: SubmitOptions = {}): Promise<SubmitResult> {
      const result = await submitOnce(intent, options);
      deps.onSubmitted?.();
      return result;
    },

    /** The unfinished order to this phone number, if any. */
    unfinishedForAccount: (account: string) => store.unfinishedForAccount(account),
    /** One order by merchant order number. */
    get: (ext: string) => store.get(ext),
    /** One order by service order ID. */
    getByOrderId: (orderId: string) => store.getByOrderId(orderId),
    /** Re-reads an order from the service and applies what changed; errors of the client propagate. */
    refresh,
    /** A reseller's orders, newest first. */
    listByReseller: (resellerId: number, query: { status?: string; offset: number; limit: number }) =>
      store.listByReseller(resellerId, query),

    /**
     * Re-sends one order whose send lock `claim` holds (a re-send job); an order no longer placing only lets the
     * lock go. Redis errors propagate (the job is retried; the lock's lease lets the retry in).
     */
    async resendOne(ext: string, claim: Claim): Promise<void> {
      const order = await store.get(ext);
      if (order === null || order.placement !== 'placing') {
        await placements.complete(claim, null);
        return;
      }
      await reportIfStale(order);
      if (order.answerUnreadable === true) await checkUnreadable(ext, claim, order);
      else await send(order, claim, 'worker');
    },

    /** On start-up: every order still placing has a re-send job (repairs a lost one); returns how many are placing. */
    async resumePlacing(): Promise<number> {
      const placing = await store.placing();
      const pending = await placements.pending();
      for (const ext of placing) if (!pending.has(ext)) await placements.repair(ext);
      return placing.length;
    },

    /**
     * Resolves merchant order numbers fixed more than `graceMs` ago whose intent was never stored (the
     * process died in between): each becomes a "not placed" order, which the notifier tells the reseller
     * (with a new-quote button). Set-if-absent like storing the intent, so a live replica that stores it
     * first wins and this changes nothing. Returns how many were resolved as not placed.
     */
    async resolveUnplaced(graceMs = placement.unplacedGraceMs): Promise<number> {
      let resolved = 0;
      for (const ext of await numbers.unresolved(graceMs)) {
        const intent = await numbers.intentOf(ext);
        if (intent === null || (await store.get(ext)) !== null) {
          await numbers.forget(ext);
          continue;
        }
        const order = await store.createRejected(intent, {
          key: 'not-placed',
          message: 'the bot stopped between fixing the order number and storing the order; nothing was sent',
        });
        if (order.placement === 'rejected' && order.rejection?.key === 'not-placed') {
          resolved++;
          logger.warn({ externalOrderId: ext }, 'confirmed quote never stored: resolved as not placed');
        }
      }
      return resolved;
    },

    /**
     * After start-up: every placed, unfinished order whose last change came before `changedBefore` (wall-clock ms)
     * has a read job of that change, waiting or running (repairs a lost one); returns how many were repaired.
     */
    async resumeFollowUps(changedBefore = Number.POSITIVE_INFINITY): Promise<number> {
      let repaired = 0;
      const pending = await followUps.pending();
      for (const ext of await store.unfinished()) {
        const order = await store.get(ext);
        if (order === null || order.placement !== 'placed' || isClosed(order)) continue;
        const changedAt = Date.parse(order.history.at(-1)?.at ?? order.updatedAt);
        if (changedAt >= changedBefore) continue;
        if (pending.has(`${ext}@${order.history.length}`)) continue;
        if (await followUps.repair(ext, order.history.length)) repaired++;
      }
      return repaired;
    },

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
        // Events of orders placed elsewhere (e.g. gift cards to the same webhook URL) can be many: each is kept
        // a week, and admins hear of the first few an hour, not of every one.
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
        return 'unknown-order';
      }
      const ext = order.externalOrderId;
      await hookAt(deps.hooks, 'event-before-apply', { externalOrderId: ext, orderId: event.orderId });
      let target: OrderStatus | null = statusOfEvent(event.event);
      if (target === null && order.placement === 'rejected') {
        // A follow-up read needs the order ID our refused copy lacks: read the order now instead.
        target = (await api.getOrder(event.orderId, { priority: 'background' })).status;
      }
      if (target === null) {
        if (order.placement === 'placed') await followUps.readNow(ext, order.history.length, event.event);
        return 'read-scheduled';
      }
      // An order we had marked refused is applied too (the service charged it), and admins are told.
      const applied = await store.applyRemote(
        ext,
        {
          orderId: event.orderId,
          status: target,
          ...(receivedAt === undefined ? {} : { webhookReceivedAt: receivedAt }),
        },
        'webhook',
        0,
      );
      await alertIfRevived(ext, applied);
      const now = applied?.order ?? order;
      // Only a final status settles an order; otherwise (failed, or an event we could not apply) read it now:
      // an applied change's entry plans that read (delay 0) and it is added here too, under the same job ID.
      if (!isClosed(now)) {
        if (now.placement === 'placed') {
          const seq = now.history.length;
          if (applied?.applied === true && seq !== order.history.length) {
            await followUps.plan(ext, seq, { delayMs: 0, step: 0 });
          } else await followUps.readNow(ext, seq, event.event);
        }
        return applied?.applied ? 'applied' : 'read-scheduled';
      }
      return applied?.applied ? 'applied' : 'unchanged';
    },
  };

  /**
   * Applies an order as the service's list shows it (the reconciliation): the same store path as a read or an
   * event, so the reseller is told once and the credit settles or is released once.
   */
  async function applyListed(remote: RechargeOrder): Promise<ApplyResult> {
    return applyFound(remote.externalOrderId, remote, 'reconcile');
  }

  /** A whole order record the service gave (a look-up or its list) applied through the store, once. */
  async function applyFound(
    ext: string,
    remote: RechargeOrder,
    source: 'read' | 'reconcile',
  ): Promise<ApplyResult> {
    const applied = await store.applyRemote(
      ext,
      { orderId: remote.orderId, status: remote.status, order: remote },
      source,
      followUp.firstDelayMs(remote.pollAfterSeconds),
    );
    await alertIfRevived(ext, applied);
    return applied;
  }

  async function reportIfStale(order: StoredOrder): Promise<void> {
    const age = clock() - Date.parse(order.createdAt);
    if (age < followUp.staleAfterMs) return;
    if (!(await store.markStaleReported(order.externalOrderId))) return;
    await raise({
      kind: 'stale-order',
      externalOrderId: order.externalOrderId,
      ...(order.orderId === undefined ? {} : { orderId: order.orderId }),
      status: order.status ?? 'placing',
      ageMinutes: Math.floor(age / 60_000),
    });
  }

  return Object.assign(service, {
    reportIfStale,
    applyListed,
    followUpTimings: followUp,
    placementTimings: placement,
    /** The clock of the order records (wall-clock ms). */
    clock,
  });
}

export type OrderServiceImpl = ReturnType<typeof createOrderService>;

// The returned object must satisfy the port the bot uses.
const _portCheck = (s: OrderServiceImpl): OrderService => s;
void _portCheck;
