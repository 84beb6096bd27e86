import type { ReplicaAcks } from '../lib/redis/replica-acks.ts';
import { Decimal } from 'decimal.js';
import type { AdminAlert } from './alerts.ts';
import { newClaimToken } from './placements.ts';
import { hookAt, type LifecycleHooks } from '../lib/hooks.ts';
import type { LoggerLike } from '../domain/log.ts';
import { resultOf, type OrderSender, type PlacementTimings } from './send.ts';
import type { OrderStore } from './store.ts';
import type { OrderIntent, StoredOrder, SubmitOptions, SubmitResult } from './types.ts';

/**
 * The start of a placement (service.ts): the intent is stored set-if-absent under its merchant order number, with
 * the phone guard, the credit hold and the send lock, and only then sent (send.ts). What storing it answers decides
 * whether anything is sent: the number busy, the credit short, the same confirmation repeated, or a different
 * request under the same number.
 */

/** The first field in which an intent differs from the order stored under its number, if any. */
function requestDifference(order: StoredOrder, intent: OrderIntent): string | undefined {
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

/** How long a refusal because the number was busy is kept (a flow asking again finds it). */
const BUSY_REFUSAL_KEEP_MS = 7 * 86_400_000;

export interface OrderSubmitDeps {
  store: OrderStore;
  placement: PlacementTimings;
  logger: LoggerLike;
  hooks?: LifecycleHooks;
  /** Raises an admin alert; a failure to queue it is logged, never thrown. */
  raise: (alert: AdminAlert) => Promise<void>;
  /** With Sentinel, or a Cluster with replicas: the stored intent must reach a replica before anything is sent. */
  replicaAcks?: ReplicaAcks;
  sender: Pick<OrderSender, 'send'>;
}

/** What storing an intent answered when it did not create it: the number busy, the credit short, or already stored. */
type NotCreated = Exclude<Awaited<ReturnType<OrderStore['create']>>, { kind: 'created' }>;

/** The answer to an intent that storing did not create; nothing is sent. */
async function answerUnsent(
  deps: Pick<OrderSubmitDeps, 'store' | 'logger' | 'raise'>,
  intent: OrderIntent,
  created: NotCreated,
): Promise<SubmitResult> {
  const { store, logger } = deps;
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
      await deps.raise({ kind: 'order-number-conflict', externalOrderId: intent.externalOrderId, field });
      return { outcome: 'conflict', order: created.order, field };
    }
    default: {
      const never: never = created;
      throw new Error(`unhandled outcome ${String(never)}`);
    }
  }
}

/** Creates the start of a placement of the order service (see the file comment). */
export function createOrderSubmit(deps: OrderSubmitDeps) {
  const { store, placement, logger, sender } = deps;

  /** Saves the intent set-if-absent, then places it once. */
  async function submitOnce(intent: OrderIntent, options: SubmitOptions): Promise<SubmitResult> {
    await hookAt(deps.hooks, 'before-save', { externalOrderId: intent.externalOrderId });
    const token = newClaimToken();
    const created = await store.create(intent, { token, leaseMs: placement.leaseMs });
    if (created.kind !== 'created') return answerUnsent(deps, intent, created);
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
    // What the caller shows once the order is stored ("⏳ Placing…"): never before, so a crash before the store leaves
    // the chat as it was (the quote's ✅ still there), never a message that no order follows.
    const shown = await options.onStored?.();
    if (shown !== undefined && intent.statusMessageId === undefined)
      await store.setStatusMessage(intent.externalOrderId, shown);
    await hookAt(deps.hooks, 'after-save-before-send', { externalOrderId: intent.externalOrderId });
    return sender.send(
      created.order,
      { member: intent.externalOrderId, token, step: 0 },
      'submit',
      options.onWait,
    );
  }

  return { submitOnce };
}
