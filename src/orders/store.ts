import type { Redis } from 'ioredis';
import type { RechargeOrder } from '../merchant/types.ts';
import { toApiAmount } from '../domain/money.ts';
import { orderKeys, type OrderKeys } from './keys.ts';
import { createOrderReads } from './reads.ts';
import { decodeOrder } from './record.ts';
import { resolvedOps } from './numbers.ts';
import type { OrderIntent, Rejection, StoredOrder } from './types.ts';
import { utcDay, type MoveRefusal } from '../accounts/ledger.ts';
import type { MerchantEvent } from './webhook-signature.ts';
import { createCommit, isClosed, type Mutation } from './commit.ts';
import { createOrderTransitions, detailsOf, type UpdateResult } from './transitions.ts';

/**
 * The order store: one Redis hash per merchant order number (`rev`, `data` = StoredOrder JSON, `st` = index
 * status) and the indexes around it. Every write is a compare-and-set on `rev` in one Lua script that also
 * updates the indexes, the phone guard, the send lock and the change stream, so two replicas can
 * never interleave half-writes, move an order backwards (canMove is checked on the fresh copy) or apply the
 * same change twice. A change that leaves the order placed and unfinished carries the follow-up read it needs
 * (`rd` delay, `rs` step), and a stored intent the re-send it needs if its sender goes silent (`sd`): the change
 * stream (orders/changes.ts) is a transactional outbox, and its relay (orders/relay.ts) adds the BullMQ jobs.
 * The commit and the operations it applies are commit.ts; here are the new records and the reads, and the
 * changes to a stored order are transitions.ts.
 */

export type CreateOutcome =
  | { kind: 'created'; order: StoredOrder }
  | { kind: 'exists'; order: StoredOrder }
  | { kind: 'busy'; holder: string }
  /** The reseller's credit or a limit refused the hold: nothing was stored. */
  | { kind: 'refused'; refusal: MoveRefusal };

export interface StoreOptions {
  redis: Redis;
  /** REDIS_PREFIX, e.g. `rb:`. */
  prefix: string;
  /** Wall clock in ms for record times. */
  clock?: () => number;
  /** Longest change stream kept (approximate trim). */
  changesMaxLength?: number;
}

/** Creates the Redis order store (see the file comment for the layout). */
export function createOrderStore(options: StoreOptions) {
  const { redis } = options;
  const keys: OrderKeys = orderKeys(options.prefix);
  const clock = options.clock ?? Date.now;
  const commit = createCommit({
    redis,
    keys,
    prefix: options.prefix,
    changesMaxLength: options.changesMaxLength ?? 100_000,
  });

  const nowIso = () => new Date(clock()).toISOString();

  async function readRaw(ext: string): Promise<{ rev: number; order: StoredOrder } | null> {
    const [rev, data] = await redis.hmget(keys.order(ext), 'rev', 'data');
    if (rev === null || rev === undefined || data === null || data === undefined) return null;
    return { rev: Number(rev), order: decodeOrder(data, ext) };
  }

  /** Read-modify-write with compare-and-set; `mutate` returns null to change nothing. */
  async function update(
    ext: string,
    mutate: (current: StoredOrder) => Mutation | null,
  ): Promise<UpdateResult> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const current = await readRaw(ext);
      if (current === null) return null;
      const mutation = mutate(structuredClone(current.order));
      if (mutation === null) return { order: current.order, applied: false };
      const result = await commit(current.rev, current.order, mutation);
      if (result.kind === 'ok') return { order: mutation.next, applied: true };
    }
    throw new Error(`order ${ext}: too many concurrent updates`);
  }

  return {
    /** The read side for staff features (reads.ts). */
    ...createOrderReads(redis, keys),
    /** What happens to an order once stored (transitions.ts). */
    ...createOrderTransitions(update, nowIso),

    /** One order by merchant order number. */
    async get(ext: string): Promise<StoredOrder | null> {
      return (await readRaw(ext))?.order ?? null;
    },

    /** One order by service order ID (O-…). */
    async getByOrderId(orderId: string): Promise<StoredOrder | null> {
      const ext = await redis.hget(keys.orderIds, orderId);
      return ext === null ? null : ((await readRaw(ext))?.order ?? null);
    },

    /** The unfinished order holding the guard of this phone number (digits with country code). */
    async unfinishedForAccount(account: string): Promise<StoredOrder | null> {
      const ext = await redis.get(keys.guard(account));
      if (ext === null) return null;
      const order = (await readRaw(ext))?.order ?? null;
      return order !== null && !isClosed(order) ? order : null;
    },

    /**
     * Saves a new intent set-if-absent, takes the phone guard and the order's send lock for `claim.token` for
     * `leaseMs`, and plans a re-send after that lease (so a crash before the answer is stored is resumed by a worker).
     */
    async create(intent: OrderIntent, claim: { token: string; leaseMs: number }): Promise<CreateOutcome> {
      const at = nowIso();
      const order: StoredOrder = {
        externalOrderId: intent.externalOrderId,
        placement: 'placing',
        request: intent.request,
        quote: intent.quote,
        resellerId: intent.resellerId,
        chatId: intent.chatId,
        locale: intent.locale,
        ...(intent.statusMessageId === undefined ? {} : { statusMessageId: intent.statusMessageId }),
        ...(intent.bulkRunId === undefined ? {} : { bulkRunId: intent.bulkRunId }),
        ...(intent.scheduleId === undefined ? {} : { scheduleId: intent.scheduleId }),
        ...(intent.credit === undefined
          ? {}
          : {
              credit: {
                amount: intent.credit.amount,
                ...(intent.credit.above?.length ? { above: intent.credit.above } : {}),
                currency: intent.quote.merchantCurrency,
                day: utcDay(clock()),
                state: 'held' as const,
              },
            }),
        history: [],
        createdAt: at,
        updatedAt: at,
      };
      for (let attempt = 0; attempt < 10; attempt++) {
        const existing = await readRaw(intent.externalOrderId);
        if (existing !== null) return { kind: 'exists', order: existing.order };
        const result = await commit(
          0,
          null,
          {
            next: order,
            changes: [{ kind: 'intent' }],
            resendAfterMs: claim.leaseMs,
            ops: [
              [
                'SET',
                keys.sendLock(order.externalOrderId),
                claim.token,
                'PX',
                String(Math.max(1, Math.round(claim.leaseMs))),
              ],
              ...resolvedOps(keys, order.externalOrderId),
            ],
          },
          { key: keys.guard(intent.request.account), value: intent.externalOrderId },
        );
        if (result.kind === 'ok') return { kind: 'created', order };
        if (result.kind === 'busy') return { kind: 'busy', holder: result.holder };
        if (result.kind === 'refused') return { kind: 'refused', refusal: result.refusal };
      }
      throw new Error(`order ${intent.externalOrderId}: could not be created`);
    },

    /**
     * Records an order the service has and we have no record of (found by the reconciliation), with the status
     * the service gives; no reseller and no chat, so nobody is told (the reconciliation reports it). Unfinished,
     * it is followed up like any other. Null when a record with that number exists (nothing is changed then).
     */
    async recordFound(remote: RechargeOrder, followUpDelayMs: number): Promise<StoredOrder | null> {
      const at = nowIso();
      const ext = remote.externalOrderId;
      const created = remote.createdAt?.toISOString() ?? at;
      const order: StoredOrder = {
        externalOrderId: ext,
        placement: 'placed',
        orderId: remote.orderId,
        status: remote.status,
        request: {
          externalOrderId: ext,
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
      const at = nowIso();
      const order: StoredOrder = {
        externalOrderId: intent.externalOrderId,
        placement: 'rejected',
        rejection,
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
      const result = await commit(0, null, {
        next: order,
        ops: resolvedOps(keys, order.externalOrderId),
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
      return (await readRaw(intent.externalOrderId))?.order ?? order;
    },

    /** A reseller's orders, newest first, optionally in one index status (`placing`, `rejected` or a service status). */
    async listByReseller(
      resellerId: number,
      query: { status?: string; offset: number; limit: number },
    ): Promise<{ total: number; orders: StoredOrder[] }> {
      return listSorted(keys.reseller(resellerId, query.status), query.offset, query.limit);
    },

    /**
     * The orders of several resellers (a distributor and their network), newest first, paged across their indexes:
     * each index's first `offset + limit` members are merged by creation time.
     */
    async listByResellers(
      resellerIds: readonly number[],
      query: { status?: string; offset: number; limit: number },
    ): Promise<{ total: number; orders: StoredOrder[] }> {
      const start = Math.max(0, Math.floor(query.offset));
      const count = Math.max(0, Math.floor(query.limit));
      const indexKeys = [...new Set(resellerIds)].map((id) => keys.reseller(id, query.status));
      if (indexKeys.length === 1) return listSorted(indexKeys[0]!, start, count);
      // One MULTI: an order changing status meanwhile is seen in one index only.
      const multi = redis.multi();
      for (const key of indexKeys) {
        multi.zcard(key);
        if (start + count > 0) multi.zrevrange(key, 0, start + count - 1, 'WITHSCORES');
      }
      const replies = (await multi.exec()) ?? [];
      let total = 0;
      const found: Array<{ member: string; score: number }> = [];
      for (const [error, value] of replies) {
        if (error !== null) throw error;
        if (typeof value === 'number') total += value;
        else {
          const flat = value as string[];
          for (let i = 0; i + 1 < flat.length; i += 2)
            found.push({ member: flat[i]!, score: Number(flat[i + 1]) });
        }
      }
      // Newest first, ties as one index orders them (member descending).
      found.sort((a, b) => b.score - a.score || (a.member < b.member ? 1 : a.member > b.member ? -1 : 0));
      const exts = found.slice(start, start + count).map((row) => row.member);
      return { total, orders: await loadOrders(exts) };
    },

    /** All orders in one index status, newest first. */
    async listByStatus(
      status: string,
      offset: number,
      limit: number,
    ): Promise<{ total: number; orders: StoredOrder[] }> {
      return listSorted(keys.status(status), offset, limit);
    },

    /** Merchant order numbers of every unfinished order, oldest first. */
    async unfinished(): Promise<string[]> {
      return redis.zrange(keys.unfinished, '0', '-1');
    },

    /** Merchant order numbers still waiting for a definite placement answer. */
    async placing(): Promise<string[]> {
      return redis.zrange(keys.status('placing'), '0', '-1');
    },

    /** Marks an order as reported stale to admins; true only the first time (until the order closes). */
    async markStaleReported(ext: string): Promise<boolean> {
      return (await redis.sadd(keys.staleReported, ext)) === 1;
    },

    /**
     * Keeps an event for an order we do not know, for staff, `ttlSeconds` long; false when the same event (order
     * ID and kind) is kept already.
     */
    async keepUnknownEvent(event: MerchantEvent, receivedAt: string, ttlSeconds: number): Promise<boolean> {
      const fresh = await redis.set(
        keys.webhookUnknown(event.orderId, event.event),
        JSON.stringify({ ...event, receivedAt }),
        'EX',
        ttlSeconds,
        'NX',
      );
      return fresh !== null;
    },

    /** Counts one more unknown-order alert in the hour of `atMs` (wall clock); returns that hour's count. */
    async countUnknownAlert(atMs: number): Promise<number> {
      const key = keys.webhookUnknownAlerts(Math.floor(atMs / 3_600_000));
      const [[, count]] = (await redis.multi().incr(key).expire(key, 7_200).exec()) as [[null, number]];
      return count;
    },
  };

  async function listSorted(
    key: string,
    offset: number,
    limit: number,
  ): Promise<{ total: number; orders: StoredOrder[] }> {
    const start = Math.max(0, Math.floor(offset));
    const count = Math.max(0, Math.floor(limit));
    const [total, exts] = await Promise.all([
      redis.zcard(key),
      count === 0
        ? Promise.resolve([] as string[])
        : redis.zrevrange(key, String(start), String(start + count - 1)),
    ]);
    return { total, orders: await loadOrders(exts) };
  }

  /** The records of `exts`, in that order (any that vanished meanwhile are left out). */
  async function loadOrders(exts: readonly string[]): Promise<StoredOrder[]> {
    if (exts.length === 0) return [];
    const pipeline = redis.pipeline();
    for (const ext of exts) pipeline.hget(keys.order(ext), 'data');
    const rows = (await pipeline.exec()) ?? [];
    const orders: StoredOrder[] = [];
    rows.forEach(([error, data], i) => {
      if (error === null && typeof data === 'string') orders.push(decodeOrder(data, exts[i]!));
    });
    return orders;
  }
}

export type RedisOrderStore = ReturnType<typeof createOrderStore>;
/** The store's port, derived from the adapter (STYLE habit 8). */
export type OrderStore = Pick<RedisOrderStore, keyof RedisOrderStore>;
