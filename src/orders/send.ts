import { isMerchantError } from '../merchant/errors.ts';
import type { AdminAlert } from './alerts.ts';
import type { CreateOrderResult, LineView, MerchantApi } from '../merchant/types.ts';
import type { Claim, PlacementJobs } from './placements.ts';
import { hookAt, type LifecycleHooks } from '../lib/hooks.ts';
import type { LoggerLike } from '../domain/log.ts';
import type { FollowUpTimings } from './follow-up-timings.ts';
import type { OrderStore } from './store.ts';
import type { OrderSync } from './sync.ts';
import type { Rejection, StoredOrder, SubmitResult } from './types.ts';
import { delayBefore } from '../lib/retry-schedule.ts';

/**
 * The order service's placement send path (service.ts): one send of a stored intent, holding its send lock, and
 * what its answer means. A placed order is applied through the store like any read; a definite refusal ends the
 * placement, unless an earlier attempt may still have reached the service (then the service's list decides);
 * anything else may have created the order and is re-sent later by a re-send job, under the same merchant order
 * number, so the service recognises the repeat.
 */

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
}

/** Production timings of placement re-sends. */
export const DEFAULT_PLACEMENT_TIMINGS: PlacementTimings = {
  leaseMs: 60_000,
  retryDelaysMs: [2_000, 5_000, 15_000, 30_000, 60_000],
  forbiddenDelayMs: 60_000,
  settleMs: 600_000,
};

/** What the service does with placement re-sends: holds a send, ends it (planning the next), repairs. */
export type PlacementQueue = Pick<PlacementJobs, 'complete' | 'renew' | 'pending' | 'repair'>;

/** How a failed placement call ends: definitely refused, refused by access rules, or unknown. */
type PlacementVerdict =
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

/** What a submit answers for the order as stored. */
export function resultOf(order: StoredOrder, replay: boolean): SubmitResult {
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

/** Who sends: 'submit', the chat's own call, or 'worker', a re-send job (see `send`). */
type Caller = 'submit' | 'worker';

export interface OrderSenderDeps {
  api: MerchantApi;
  store: OrderStore;
  placements: PlacementQueue;
  placement: PlacementTimings;
  followUp: FollowUpTimings;
  logger: LoggerLike;
  /** Wall clock in ms. */
  clock: () => number;
  hooks?: LifecycleHooks;
  /** Raises an admin alert; a failure to queue it is logged, never thrown. */
  raise: (alert: AdminAlert) => Promise<void>;
  /** The read side: a look-up decides what a refusal after an unknown outcome means. */
  sync: Pick<OrderSync, 'alertIfRevived' | 'lookUp' | 'reportIfStale'>;
}

/** The delay before the re-send after `step` re-sends whose outcome stayed unknown. */
function retryDelay(placement: PlacementTimings, step: number): number {
  return delayBefore({ kind: 'list', delaysMs: placement.retryDelaysMs }, step + 1);
}

/**
 * Whether an earlier attempt may still be running at the service at `now`, so `rejection` of a later one is
 * not final. A replica that died mid-send recorded no unanswered attempt; but a 400 on `external_order_id` for
 * our own identical request (the spec's "used for another order") means the number is taken by something
 * not yet visible, i.e. that attempt still running, so it counts from the first send (the intent is stored
 * just before it).
 */
function mayStillRun(
  order: StoredOrder | null,
  rejection: Rejection,
  now: number,
  settleMs: number,
): boolean {
  if (order === null) return false;
  if (order.unansweredAt !== undefined && now - Date.parse(order.unansweredAt) < settleMs) return true;
  return rejection.key === 'external_order_id' && now - Date.parse(order.createdAt) < settleMs;
}

/** Keeps the claim alive while a send is in flight, so no other replica sends the same order meanwhile. */
function holdClaim(
  deps: Pick<OrderSenderDeps, 'placements' | 'placement' | 'logger'>,
  claim: Claim,
  externalOrderId: string,
): { signal: AbortSignal; release: () => void } {
  const { placements, placement, logger } = deps;
  const controller = new AbortController();
  let released = false;
  const timer = setInterval(
    () => {
      placements.renew(claim, placement.leaseMs).then(
        (held) => {
          if (held || released) return;
          // Another replica owns the order now: stop before the client's next retry.
          logger.warn({ externalOrderId }, 'placement claim lost during a send; stopping');
          controller.abort();
        },
        (error: unknown) => logger.warn({ err: error, externalOrderId }, 'placement claim not renewed'),
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

/** An order whose 2xx answer was unreadable is only looked up, never sent again. */
async function checkUnreadable(
  deps: Pick<OrderSenderDeps, 'store' | 'placements' | 'placement' | 'sync'>,
  externalOrderId: string,
  claim: Claim,
  order: StoredOrder,
): Promise<SubmitResult> {
  const { store, placements, placement, sync } = deps;
  const found = await sync.lookUp(externalOrderId);
  if (found !== null && found !== 'failed') return resultOf(found, true);
  await placements.complete(claim, retryDelay(placement, claim.step));
  return { outcome: 'pending', order: (await store.get(externalOrderId)) ?? order };
}

/** What a send that threw means: a refusal, a 403, or an outcome we cannot know (re-sent later). */
function createSendFailures(deps: OrderSenderDeps) {
  const { store, placements, placement, logger, clock, raise, sync } = deps;

  /** A send that threw: a refusal, a 403, or an outcome we cannot know (re-sent by the order's re-send job). */
  async function recordFailure(
    order: StoredOrder,
    claim: Claim,
    caller: Caller,
    error: unknown,
  ): Promise<SubmitResult> {
    const externalOrderId = order.externalOrderId;
    const typed = isMerchantError(error) ? error : null;
    // This call, or an earlier one, may have reached the service without a definite answer.
    const unknownBefore = caller === 'worker' || typed?.outcomeUnknown === true;
    const status = typed?.httpStatus;
    const unreadable = typed?.kind === 'unexpected' && status !== undefined && status >= 200 && status <= 299;
    if (typed?.unanswered === true || unreadable)
      await store.markOutcomeUnknown(externalOrderId, { unreadable });
    const verdict = classifyPlacementError(error);
    switch (verdict.kind) {
      case 'rejected':
        return recordRefusal(order, claim, caller, verdict.rejection, unknownBefore);
      case 'forbidden': {
        logger.error({ externalOrderId, detail: verdict.detail }, 'order placement refused with 403');
        await raise({ kind: 'forbidden', externalOrderId, operation: 'placement' });
        await placements.complete(claim, placement.forbiddenDelayMs);
        return { outcome: 'pending', order: (await store.get(externalOrderId)) ?? order };
      }
      case 'unknown': {
        if (unreadable) {
          // The service took it (2xx) but we cannot read the answer: resending would get the same; look up.
          logger.error({ externalOrderId, httpStatus: status }, 'order placement answer unreadable');
          await raise({ kind: 'placement-unreadable', externalOrderId });
          return checkUnreadable(deps, externalOrderId, claim, order);
        }
        logger.warn(
          { externalOrderId, reason: verdict.reason },
          'order placement outcome unknown; will re-send',
        );
        await placements.complete(claim, retryDelay(placement, claim.step));
        return { outcome: 'pending', order: (await store.get(externalOrderId)) ?? order };
      }
      default: {
        const never: never = verdict;
        throw new Error(`unhandled verdict ${String(never)}`, { cause: error });
      }
    }
  }

  /**
   * A definite refusal ends the placement; but after an attempt whose outcome is unknown (`unknownBefore`) it
   * may have raced one that committed, so the service's list decides first, and while that attempt may still
   * run the order stays placing.
   */
  async function recordRefusal(
    order: StoredOrder,
    claim: Claim,
    caller: Caller,
    rejection: Rejection,
    unknownBefore: boolean,
  ): Promise<SubmitResult> {
    const externalOrderId = order.externalOrderId;
    if (unknownBefore) {
      const found = await sync.lookUp(externalOrderId);
      if (found !== null && found !== 'failed') return resultOf(found, true);
      const current = await store.get(externalOrderId);
      if (current !== null && current.placement !== 'placing') return resultOf(current, true);
      if (found === 'failed' || mayStillRun(current, rejection, clock(), placement.settleMs)) {
        logger.warn(
          { externalOrderId, key: rejection.key, code: rejection.code },
          'order refused after an attempt whose outcome is unknown; not final yet',
        );
        await placements.complete(claim, retryDelay(placement, claim.step));
        return { outcome: 'pending', order: current ?? order };
      }
    }
    const rejected = await store.markRejected(externalOrderId, rejection, { quiet: caller === 'submit' });
    logger.info({ externalOrderId, key: rejection.key, code: rejection.code }, 'order rejected');
    return resultOf(rejected?.order ?? order, false);
  }

  return { recordFailure };
}

/** Creates the placement send path of the order service (see the file comment). */
export function createOrderSender(deps: OrderSenderDeps) {
  const { api, store, placements, followUp, logger, sync } = deps;
  const { recordFailure } = createSendFailures(deps);

  /**
   * Sends the stored request once and records the answer; the claim (renewed meanwhile) keeps other replicas
   * off. `caller` 'submit': the chat gets the result at once and tells a refusal itself; 'worker': the notices
   * does, and an earlier attempt (by submit or a replica that died) may have reached the service.
   */
  async function send(
    order: StoredOrder,
    claim: Claim,
    caller: Caller,
    onWait?: (view: LineView) => void,
  ): Promise<SubmitResult> {
    const externalOrderId = order.externalOrderId;
    const hold = holdClaim(deps, claim, externalOrderId);
    try {
      // The order's place in the line is named after it: a replica resuming it (after a crash) keeps the place.
      const result = await api.createOrder(order.request, {
        priority: 'placement',
        signal: hold.signal,
        line: { id: `order:${externalOrderId}`, owner: String(order.resellerId), onWait },
      });
      hold.release();
      return await recordPlaced(order, result);
    } catch (error) {
      // An answer that could not be recorded (e.g. Redis failed) counts as unknown too: the order is re-sent.
      hold.release();
      return recordFailure(order, claim, caller, error);
    }
  }

  /** The service created the order (or recognised the repeat): applied through the store like any read. */
  async function recordPlaced(order: StoredOrder, result: CreateOrderResult): Promise<SubmitResult> {
    const externalOrderId = order.externalOrderId;
    await hookAt(deps.hooks, 'after-send-before-store', {
      externalOrderId,
      orderId: result.order.orderId,
    });
    const applied = await store.applyRemote(
      externalOrderId,
      { orderId: result.order.orderId, status: result.order.status, order: result.order },
      'create',
      followUp.firstDelayMs(result.order.pollAfterSeconds),
    );
    await sync.alertIfRevived(externalOrderId, applied);
    logger.info(
      { externalOrderId, orderId: result.order.orderId, replay: result.idempotentReplay },
      'order placed',
    );
    const stored = applied?.order ?? order;
    return resultOf(stored, result.idempotentReplay);
  }

  /**
   * Re-sends one order whose send lock `claim` holds (a re-send job); an order no longer placing only lets the
   * lock go. Redis errors propagate (the job is retried; the lock's lease lets the retry in).
   */
  async function resendOne(externalOrderId: string, claim: Claim): Promise<void> {
    const order = await store.get(externalOrderId);
    if (order === null || order.placement !== 'placing') {
      await placements.complete(claim, null);
      return;
    }
    await sync.reportIfStale(order);
    if (order.answerUnreadable === true) await checkUnreadable(deps, externalOrderId, claim, order);
    else await send(order, claim, 'worker');
  }

  /** On start-up: every order still placing has a re-send job (repairs a lost one); returns how many are placing. */
  async function resumePlacing(): Promise<number> {
    const placing = await store.placing();
    const pending = await placements.pending();
    for (const externalOrderId of placing)
      if (!pending.has(externalOrderId)) await placements.repair(externalOrderId);
    return placing.length;
  }

  return { send, resendOne, resumePlacing };
}

export type OrderSender = ReturnType<typeof createOrderSender>;
