import type { Redis } from 'ioredis';
import { canMove, isFinished } from '../domain/status.ts';
import type { OrderStatus, RechargeOrder } from '../merchant/types.ts';
import { toApiAmount } from '../domain/money.ts';
import type { ReadPlan } from './follow-up-timings.ts';
import { orderKeys, type OrderKeys } from './keys.ts';
import { createOrderReads } from './reads.ts';
import { decodeOrder, encodeOrder } from './record.ts';
import { resolvedOps } from './numbers.ts';
import {
  defineScript,
  encodeOps,
  LUA_APPLY_OPS,
  LUA_NOW_MS,
  type RedisOp,
} from '../lib/redis/redis-script.ts';
import type { OrderIntent, Rejection, StatusChange, StoredOrder } from './types.ts';
import {
  decodeRefusal,
  encodeMove,
  LUA_LEDGER,
  moveKeys,
  utcDay,
  type MoveRefusal,
} from '../accounts/ledger.ts';
import { creditMove, creditStateOf } from './credit.ts';
import type { MerchantEvent } from './webhook-signature.ts';
import { encodeChange, type ChangeEntry, type OrderChange } from './changes.ts';

/**
 * The order store: one Redis hash per merchant order number (`rev`, `data` = StoredOrder JSON, `st` = index
 * status) and the indexes around it. Every write is a compare-and-set on `rev` in one Lua script that also
 * updates the indexes, the phone guard, the send lock and the change stream, so two replicas can
 * never interleave half-writes, move an order backwards (canMove is checked on the fresh copy) or apply the
 * same change twice. A change that leaves the order placed and unfinished carries the follow-up read it needs
 * (`rd` delay, `rs` step), and a stored intent the re-send it needs if its sender goes silent (`sd`): the change
 * stream (orders/changes.ts) is a transactional outbox, and its relay (orders/relay.ts) adds the BullMQ jobs.
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

/** Index status: the service status once placed, else the placement state. */
export function indexStatus(order: StoredOrder): string {
  if (order.placement === 'rejected') return 'rejected';
  if (order.placement === 'placing' || order.status === undefined) return 'placing';
  return order.status;
}

/** Whether nothing more will happen to the order (finished at the service, or never placed). */
export function isClosed(order: StoredOrder): boolean {
  return order.placement === 'rejected' || (order.status !== undefined && isFinished(order.status));
}

/** The service-side details we keep for /status, money and times as strings. */
export function detailsOf(order: RechargeOrder): NonNullable<StoredOrder['details']> {
  return {
    statusTitle: order.statusTitle,
    statusMessage: order.statusMessage,
    nextStep: order.nextStep,
    pollAfterSeconds: order.pollAfterSeconds,
    maskedAccount: order.account,
    attempts: order.attempts.map((a) => ({
      attemptNo: a.attemptNo,
      status: a.status,
      errorMessage: a.errorMessage,
      submittedAt: a.submittedAt?.toISOString() ?? null,
      completedAt: a.completedAt?.toISOString() ?? null,
    })),
    createdAt: order.createdAt?.toISOString() ?? null,
    updatedAt: order.updatedAt?.toISOString() ?? null,
  };
}

const commitScript = defineScript(`${LUA_NOW_MS}${LUA_APPLY_OPS}${LUA_LEDGER}
local cur = redis.call('HGET', KEYS[1], 'rev')
local expected = tonumber(ARGV[1])
if expected == 0 then
  if cur then return {0, cur} end
elseif (not cur) or tonumber(cur) ~= expected then
  return {0, cur or '0'}
end
if ARGV[4] ~= '' then
  local holder = redis.call('GET', KEYS[2])
  if holder and holder ~= ARGV[5] then return {-1, holder} end
end
if ARGV[6] ~= '' then
  local refused = ledgerMove(ARGV[6], KEYS[3], KEYS[4], KEYS[5])
  if refused then return refused end
end
if ARGV[4] ~= '' then redis.call('SET', KEYS[2], ARGV[5]) end
redis.call('HSET', KEYS[1], 'rev', tostring(expected + 1), 'data', ARGV[2], 'st', ARGV[3])
applyOps(7)
return {1, tostring(expected + 1)}
`);

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type ChangeDraft = DistributiveOmit<OrderChange, 'seq' | 'externalOrderId'>;

type Mutation = {
  next: StoredOrder;
  changes?: ChangeDraft[];
  /** The follow-up read the changes plan when the order stays placed and unfinished (default: the relay's). */
  read?: ReadPlan;
  /** An `intent` change: the re-send it plans if its sender goes silent. */
  resendAfterMs?: number;
  ops?: RedisOp[];
  /** A record kept only this long and left out of every index (nothing was ordered). */
  keepForMs?: number;
};

export type UpdateResult = { order: StoredOrder; applied: boolean } | null;

/** What `applyRemote` did; `revived` carries the refusal our copy had when the service has the order after all. */
export type ApplyResult = { order: StoredOrder; applied: boolean; revived?: Rejection } | null;

/** Creates the Redis order store (see the file comment for the layout). */
export function createOrderStore(options: StoreOptions) {
  const { redis } = options;
  const keys: OrderKeys = orderKeys(options.prefix);
  const clock = options.clock ?? Date.now;
  const maxLen = String(options.changesMaxLength ?? 100_000);

  const nowIso = () => new Date(clock()).toISOString();

  async function readRaw(ext: string): Promise<{ rev: number; order: StoredOrder } | null> {
    const [rev, data] = await redis.hmget(keys.order(ext), 'rev', 'data');
    if (rev === null || rev === undefined || data === null || data === undefined) return null;
    return { rev: Number(rev), order: decodeOrder(data, ext) };
  }

  function indexOps(prev: StoredOrder | null, next: StoredOrder): RedisOp[] {
    const ext = next.externalOrderId;
    const score = String(Date.parse(next.createdAt));
    const ops: RedisOp[] = [];
    const before = prev === null ? null : indexStatus(prev);
    const after = indexStatus(next);
    if (prev === null) {
      ops.push(['ZADD', keys.reseller(next.resellerId), score, ext]);
    }
    if (before !== after) {
      if (before !== null) {
        ops.push(['ZREM', keys.status(before), ext], ['ZREM', keys.reseller(next.resellerId, before), ext]);
      }
      ops.push(
        ['ZADD', keys.status(after), score, ext],
        ['ZADD', keys.reseller(next.resellerId, after), score, ext],
      );
    }
    if (next.orderId !== undefined && prev?.orderId !== next.orderId) {
      ops.push(['HSET', keys.orderIds, next.orderId, ext]);
    }
    const wasClosed = prev !== null && isClosed(prev);
    if (isClosed(next) && !wasClosed) {
      ops.push(
        ['ZREM', keys.unfinished, ext],
        ['SREM', keys.staleReported, ext],
        ['DELIFEQ', keys.guard(next.request.account), ext],
        ['DEL', keys.sendLock(ext)],
      );
    } else if (prev === null) {
      ops.push(['ZADD', keys.unfinished, score, ext]);
    } else if (wasClosed && !isClosed(next)) {
      // A refused order the service has after all: unfinished again, and it takes its number back unless
      // another order holds it now (that one keeps it; admins are alerted either way).
      ops.push(['ZADD', keys.unfinished, score, ext], ['SET', keys.guard(next.request.account), ext, 'NX']);
    }
    if (prev !== null && prev.placement === 'placing' && next.placement !== 'placing') {
      ops.push(['DEL', keys.sendLock(ext)]);
    }
    return ops;
  }

  function changeOps(
    next: StoredOrder,
    changes: NonNullable<Mutation['changes']>,
    mutation?: Pick<Mutation, 'read' | 'resendAfterMs'>,
  ): RedisOp[] {
    // The read a placed, unfinished order needs after this change (none planned by the caller: the first step).
    const needsRead = next.placement === 'placed' && !isClosed(next);
    return changes.map((change): RedisOp => {
      const entry = {
        ...change,
        externalOrderId: next.externalOrderId,
        seq: next.history.length,
        ...(next.orderId === undefined ? {} : { orderId: next.orderId }),
        ...(change.kind === 'intent' ? { resendAfterMs: mutation?.resendAfterMs ?? 0 } : {}),
        ...(needsRead && change.kind !== 'rejected' && change.kind !== 'intent'
          ? { read: mutation?.read ?? ('first' as const) }
          : {}),
      } as ChangeEntry;
      return ['XADD', keys.changes, 'MAXLEN', '~', maxLen, '*', ...encodeChange(entry)];
    });
  }

  async function commit(
    expectedRev: number,
    prev: StoredOrder | null,
    mutation: Mutation,
    guard?: { key: string; value: string },
  ): Promise<
    | { kind: 'ok' }
    | { kind: 'conflict' }
    | { kind: 'busy'; holder: string }
    | { kind: 'refused'; refusal: MoveRefusal }
  > {
    const next = mutation.next;
    // The order's credit follows it in this same commit (hold, debit, release, refund), so exactly once.
    const orderKey = keys.order(next.externalOrderId);
    let credit = '';
    // Keys the commit may not need stand in as the order's own key (KEYS must name real keys of one slot).
    let creditKeys = [orderKey, orderKey, orderKey];
    if (next.credit !== undefined && mutation.keepForMs === undefined) {
      const recorded = prev === null ? null : (prev.credit?.state ?? null);
      const target = prev === null ? 'held' : creditStateOf(next, recorded ?? 'held');
      next.credit.state = target;
      const move = creditMove(options.prefix, next, next.credit, recorded, target);
      if (move !== null) {
        credit = encodeMove(move);
        creditKeys = moveKeys(move);
      }
    }
    const ops = [
      ...(mutation.keepForMs === undefined
        ? indexOps(prev, next)
        : [['PEXPIRE', keys.order(next.externalOrderId), String(mutation.keepForMs)] as const]),
      ...changeOps(next, mutation.changes ?? [], mutation),
      ...(mutation.ops ?? []),
    ];
    const encoded = encodeOps(ops, 6);
    const raw = (await commitScript.run(
      redis,
      [orderKey, guard?.key ?? orderKey, ...creditKeys, ...encoded.keys],
      [
        String(expectedRev),
        encodeOrder(next),
        indexStatus(next),
        guard === undefined ? '' : '1',
        guard?.value ?? '',
        credit,
        ...encoded.args,
      ],
    )) as [number, string];
    if (raw[0] === 1) return { kind: 'ok' };
    if (raw[0] === -1) return { kind: 'busy', holder: raw[1] };
    if (raw[0] === -2) return { kind: 'refused', refusal: decodeRefusal(raw) };
    return { kind: 'conflict' };
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

  function pushStatus(
    order: StoredOrder,
    status: OrderStatus,
    source: StatusChange['source'],
    at: string,
  ): void {
    order.status = status;
    order.history.push({ status, at, source });
  }

  return {
    /** The read side for staff features (reads.ts). */
    ...createOrderReads(redis, keys),

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

    /**
     * Applies what the service says about an order (create answer, read or event): records the order ID,
     * ends placement, and moves the status only forward. `followUp` is the read a change plans when the order
     * stays placed and unfinished (a number: the first read, after that many ms; absent: the relay's default).
     */
    async applyRemote(
      ext: string,
      remote: RemoteSnapshot,
      source: StatusChange['source'],
      followUp?: number | ReadPlan,
    ): Promise<ApplyResult> {
      const read = typeof followUp === 'number' ? { delayMs: followUp, step: 0 } : followUp;
      let revived: Rejection | undefined;
      const result = await update(ext, (order) => {
        revived = undefined;
        const at = nowIso();
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
        if (!changed) return null;
        order.updatedAt = at;
        const timed =
          remote.webhookReceivedAt === undefined ? {} : { webhookReceivedAt: remote.webhookReceivedAt };
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
        return { next: order, changes, ...(plan === undefined ? {} : { read: plan }) };
      });
      if (result === null || !result.applied || revived === undefined) return result;
      return { ...result, revived };
    },

    /**
     * Notes that an attempt may still be in flight at the service (no answer, or an answer we could not
     * read), so a later refusal is not final until the order was looked up. `unreadable`: a 2xx we could
     * not parse; the order is only looked up from then on, never sent again.
     */
    async markOutcomeUnknown(ext: string, options: { unreadable?: boolean } = {}): Promise<UpdateResult> {
      return update(ext, (order) => {
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
      ext: string,
      rejection: Rejection,
      options: { quiet?: boolean } = {},
    ): Promise<UpdateResult> {
      return update(ext, (order) => {
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
    async markSynced(ext: string): Promise<UpdateResult> {
      return update(ext, (order) => {
        order.syncedAt = nowIso();
        return { next: order };
      });
    },

    /** Remembers the reseller's status message to keep up to date. */
    async setStatusMessage(ext: string, messageId: number): Promise<UpdateResult> {
      return update(ext, (order) => {
        if (order.statusMessageId === messageId) return null;
        order.statusMessageId = messageId;
        order.updatedAt = nowIso();
        return { next: order };
      });
    },

    /** A reseller's orders, newest first, optionally in one index status (`placing`, `rejected` or a service status). */
    async listByReseller(
      resellerId: number,
      query: { status?: string; offset: number; limit: number },
    ): Promise<{ total: number; orders: StoredOrder[] }> {
      return listSorted(keys.reseller(resellerId, query.status), query.offset, query.limit);
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
    if (exts.length === 0) return { total, orders: [] };
    const pipeline = redis.pipeline();
    for (const ext of exts) pipeline.hget(keys.order(ext), 'data');
    const rows = (await pipeline.exec()) ?? [];
    const orders: StoredOrder[] = [];
    rows.forEach(([error, data], i) => {
      if (error === null && typeof data === 'string') orders.push(decodeOrder(data, exts[i]!));
    });
    return { total, orders };
  }
}

export type RedisOrderStore = ReturnType<typeof createOrderStore>;
/** The store's port, derived from the adapter (STYLE habit 8). */
export type OrderStore = Pick<RedisOrderStore, keyof RedisOrderStore>;
