import type { ReplicaAcks } from '../lib/redis/replica-acks.ts';
import { Decimal } from 'decimal.js';
import type { Redis } from 'ioredis';
import type { AdminAlert } from './alerts.ts';
import { newClaimToken } from './placements.ts';
import { createOrderNumbers } from './numbers.ts';
import { hookAt, type LifecycleHooks } from '../lib/hooks.ts';
import type { LoggerLike } from '../domain/log.ts';
import { resultOf, type OrderSender, type PlacementTimings } from './send.ts';
import type { OrderStore } from './store.ts';
import type { OrderIntent, StoredOrder, SubmitOptions, SubmitResult } from './types.ts';

/**
 * The start of a placement (service.ts): the intent is stored set-if-absent under its merchant order number, with
 * the phone guard, the credit hold and the send lock, and only then sent (send.ts). What storing it answers decides
 * whether anything is sent: the number busy, the credit short, the same confirmation repeated, or a different
 * request under the same number. A number fixed whose intent never got stored (its process died) is resolved
 * here too, as not placed.
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
  redis: Redis;
  /** REDIS_PREFIX. */
  prefix: string;
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
  const numbers = createOrderNumbers({ redis: deps.redis, prefix: deps.prefix });

  /** Saves the intent set-if-absent, then places it once. */
  async function submitOnce(intent: OrderIntent, options: SubmitOptions): Promise<SubmitResult> {
    // The conversation has fixed the number and sent "⏳ Placing…"; the intent is not stored yet.
    await hookAt(deps.hooks, 'number-fixed-before-save', { externalOrderId: intent.externalOrderId });
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
    await hookAt(deps.hooks, 'after-save-before-send', { externalOrderId: intent.externalOrderId });
    return sender.send(
      created.order,
      { member: intent.externalOrderId, token, step: 0 },
      'submit',
      options.onWait,
    );
  }

  /**
   * Resolves merchant order numbers fixed more than `graceMs` ago whose intent was never stored (the
   * process died in between): each becomes a "not placed" order, which the notices tell the reseller
   * (with a new-quote button). Set-if-absent like storing the intent, so a live replica that stores it
   * first wins and this changes nothing. Returns how many were resolved as not placed.
   */
  async function resolveUnplaced(graceMs = placement.unplacedGraceMs): Promise<number> {
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
  }

  return { submitOnce, resolveUnplaced };
}
