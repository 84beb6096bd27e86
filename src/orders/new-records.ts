import type { RechargeOrder } from '../merchant/types.ts';
import { toApiAmount } from '../domain/money.ts';
import { utcDay, type MoveRefusal } from '../accounts/ledger.ts';
import type { createCommit } from './commit.ts';
import type { OrderKeys } from './keys.ts';
import { detailsOf } from './transitions.ts';
import type { OrderIntent, Rejection, StoredOrder } from './types.ts';

/**
 * The order store's new records (store.ts): an intent about to be sent, an order only the service knew of, and
 * an intent refused before anything was sent. Each is written set-if-absent by one commit.
 */

export type CreateOutcome =
  | { kind: 'created'; order: StoredOrder }
  | { kind: 'exists'; order: StoredOrder }
  | { kind: 'busy'; holder: string }
  /** The reseller's credit or a limit refused the hold: nothing was stored. */
  | { kind: 'refused'; refusal: MoveRefusal };

/** What a record made from an intent keeps of it, sent or refused, with its times. */
function fromIntent(intent: OrderIntent, at: string) {
  return {
    externalOrderId: intent.externalOrderId,
    request: intent.request,
    quote: intent.quote,
    resellerId: intent.resellerId,
    chatId: intent.chatId,
    locale: intent.locale,
    ...(intent.statusMessageId === undefined ? {} : { statusMessageId: intent.statusMessageId }),
    history: [],
    createdAt: at,
    updatedAt: at,
  };
}

/** A stored intent about to be sent, its credit (if any) held on `day`. */
function intentRecord(intent: OrderIntent, at: string, day: string): StoredOrder {
  return {
    ...fromIntent(intent, at),
    placement: 'placing',
    ...(intent.bulkRunId === undefined ? {} : { bulkRunId: intent.bulkRunId }),
    ...(intent.scheduleId === undefined ? {} : { scheduleId: intent.scheduleId }),
    ...(intent.credit === undefined
      ? {}
      : {
          credit: {
            amount: intent.credit.amount,
            ...(intent.credit.above?.length ? { above: intent.credit.above } : {}),
            currency: intent.quote.merchantCurrency,
            day,
            state: 'held' as const,
          },
        }),
  };
}

/** An order the service has and we had no record of, as the service gives it; nobody's, so nobody is told. */
function foundRecord(remote: RechargeOrder, at: string): StoredOrder {
  const externalOrderId = remote.externalOrderId;
  const created = remote.createdAt?.toISOString() ?? at;
  return {
    externalOrderId,
    placement: 'placed',
    orderId: remote.orderId,
    status: remote.status,
    request: {
      externalOrderId,
      country: remote.country,
      operatorKey: remote.operator.operatorKey,
      amount: toApiAmount(remote.localAmount),
      localCurrency: remote.localCurrency,
      subtype: remote.subtype,
      // Masked by the service: never a phone number we could top up or guard.
      account: remote.account,
      quoteToken: '',
    },
    quote: {
      countryName: remote.country,
      operatorName: remote.operator.name,
      subtype: remote.subtype,
      localAmount: toApiAmount(remote.localAmount),
      localCurrency: remote.localCurrency,
      merchantPrice: remote.merchantPrice.toString(),
      merchantCurrency: remote.merchantCurrency,
      expiresAt: created,
    },
    resellerId: 0,
    chatId: 0,
    locale: 'en',
    details: detailsOf(remote),
    history: [{ status: remote.status, at, source: 'reconcile' }],
    createdAt: created,
    updatedAt: at,
    syncedAt: at,
    foundBy: 'reconciliation',
  };
}

/** An intent refused before anything was sent. */
function rejectedRecord(intent: OrderIntent, rejection: Rejection, at: string): StoredOrder {
  return { ...fromIntent(intent, at), placement: 'rejected', rejection };
}

export interface NewRecordsDeps {
  keys: OrderKeys;
  commit: ReturnType<typeof createCommit>;
  /** The stored order of a merchant order number, if any. */
  get: (externalOrderId: string) => Promise<StoredOrder | null>;
  /** Wall clock in ms for record times. */
  clock: () => number;
}

/** Creates the store's writes of new records (see the file comment). */
export function createNewRecords(deps: NewRecordsDeps) {
  const { keys, commit, get, clock } = deps;
  const nowIso = () => new Date(clock()).toISOString();

  return {
    /**
     * Saves a new intent set-if-absent, takes the phone guard and the order's send lock for `claim.token` for
     * `leaseMs`, and plans a re-send after that lease (so a crash before the answer is stored is resumed by a worker).
     */
    async create(intent: OrderIntent, claim: { token: string; leaseMs: number }): Promise<CreateOutcome> {
      const now = clock();
      const order = intentRecord(intent, new Date(now).toISOString(), utcDay(now));
      const externalOrderId = order.externalOrderId;
      const lease = String(Math.max(1, Math.round(claim.leaseMs)));
      // Written first (nearly always new): only a number already stored is read, to answer with its order.
      for (let attempt = 0; attempt < 10; attempt++) {
        const result = await commit(
          0,
          null,
          {
            next: order,
            changes: [{ kind: 'intent' }],
            resendAfterMs: claim.leaseMs,
            ops: [['SET', keys.sendLock(externalOrderId), claim.token, 'PX', lease]],
          },
          { key: keys.guard(intent.request.account), value: externalOrderId },
        );
        if (result.kind === 'ok') return { kind: 'created', order };
        if (result.kind === 'busy') return { kind: 'busy', holder: result.holder };
        if (result.kind === 'refused') return { kind: 'refused', refusal: result.refusal };
        const existing = await get(externalOrderId);
        if (existing !== null) return { kind: 'exists', order: existing };
      }
      throw new Error(`order ${externalOrderId}: could not be created`);
    },

    /**
     * Records an order the service has and we have no record of (found by the reconciliation), with the status
     * the service gives; no reseller and no chat, so nobody is told (the reconciliation reports it). Unfinished,
     * it is followed up like any other. Null when a record with that number exists (nothing is changed then).
     */
    async recordFound(remote: RechargeOrder, followUpDelayMs: number): Promise<StoredOrder | null> {
      const order = foundRecord(remote, nowIso());
      const result = await commit(0, null, {
        next: order,
        changes: [{ kind: 'found', status: remote.status }],
        read: { delayMs: followUpDelayMs, step: 0 },
      });
      return result.kind === 'ok' ? order : null;
    },

    /**
     * Saves an intent that was refused before anything was sent (e.g. the number is busy); set-if-absent.
     * `quiet`: the caller tells the reseller itself. `keepForMs`: a refusal worth keeping only while its flow
     * may ask again (kept that long, in no index).
     */
    async createRejected(
      intent: OrderIntent,
      rejection: Rejection,
      options: { quiet?: boolean; keepForMs?: number } = {},
    ): Promise<StoredOrder> {
      const order = rejectedRecord(intent, rejection, nowIso());
      const result = await commit(0, null, {
        next: order,
        ...(options.keepForMs === undefined ? {} : { keepForMs: options.keepForMs }),
        changes: [
          {
            kind: 'rejected',
            key: rejection.key,
            ...(rejection.code ? { code: rejection.code } : {}),
            ...(options.quiet ? { quiet: true } : {}),
          },
        ],
      });
      if (result.kind === 'ok') return order;
      return (await get(intent.externalOrderId)) ?? order;
    },
  };
}
