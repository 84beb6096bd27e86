import type { Redis } from 'ioredis';
import { isFinished } from '../domain/status.ts';
import type { ReadPlan } from './follow-up-timings.ts';
import type { OrderKeys } from './keys.ts';
import { encodeOrder } from './record.ts';
import {
  defineScript,
  encodeOps,
  LUA_APPLY_OPS,
  LUA_NOW_MS,
  type RedisOp,
} from '../lib/redis/redis-script.ts';
import type { StoredOrder } from './types.ts';
import {
  decodeRefusal,
  encodeMove,
  LUA_LEDGER,
  moveKeys,
  type LedgerMove,
  type MoveRefusal,
} from '../accounts/ledger.ts';
import { commissionMoves, creditMove, creditStateOf } from './credit.ts';
import { encodeChange, type ChangeEntry, type OrderChange } from './changes.ts';
import { dueReadMember } from './due.ts';

/**
 * One commit of the order store (store.ts): a compare-and-set on the record's `rev` in one Lua script, which in
 * the same step checks the phone guard, moves the order's credit on the ledger and applies the Redis operations
 * built here from the record before and after: its indexes (indexOps), its change stream entries (changeOps) and
 * the caller's own. The builders are pure, so what a commit writes is read off the two records alone.
 */

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
-- The payer's move first: it alone may be refused, before anything is written.
local moves = tonumber(ARGV[6])
for i = 1, moves do
  local refused = ledgerMove(ARGV[6 + i], KEYS[i * 3], KEYS[i * 3 + 1], KEYS[i * 3 + 2])
  if refused then return refused end
end
if ARGV[4] ~= '' then redis.call('SET', KEYS[2], ARGV[5]) end
redis.call('HSET', KEYS[1], 'rev', tostring(expected + 1), 'data', ARGV[2], 'st', ARGV[3])
applyOps(8 + moves, 3 + moves * 3, ARGV[7 + moves])
return {1, tostring(expected + 1)}
`);

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type ChangeDraft = DistributiveOmit<OrderChange, 'seq' | 'externalOrderId'>;

export type Mutation = {
  next: StoredOrder;
  changes?: ChangeDraft[];
  /** The follow-up read the changes plan when the order stays placed and unfinished (default: the relay's). */
  read?: ReadPlan;
  /** An `intent` change: its first re-send, due this long after the commit should its sender go silent. */
  resendAfterMs?: number;
  ops?: RedisOp[];
  /** A record kept only this long and left out of every index (nothing was ordered). */
  keepForMs?: number;
};

export type CommitResult =
  /** `data`: the record as stored (its text). */
  | { kind: 'ok'; data: string }
  | { kind: 'conflict' }
  | { kind: 'busy'; holder: string }
  | { kind: 'refused'; refusal: MoveRefusal };

/** The index, guard and send lock operations that take an order from `prev` (null: new) to `next`. */
function indexOps(keys: OrderKeys, prev: StoredOrder | null, next: StoredOrder): RedisOp[] {
  const externalOrderId = next.externalOrderId;
  const score = String(Date.parse(next.createdAt));
  const ops: RedisOp[] = [];
  const before = prev === null ? null : indexStatus(prev);
  const after = indexStatus(next);
  if (prev === null) {
    ops.push(['ZADD', keys.reseller(next.resellerId), score, externalOrderId]);
  }
  if (before !== after) {
    if (before !== null) {
      ops.push(
        ['ZREM', keys.status(before), externalOrderId],
        ['ZREM', keys.reseller(next.resellerId, before), externalOrderId],
      );
    }
    ops.push(
      ['ZADD', keys.status(after), score, externalOrderId],
      ['ZADD', keys.reseller(next.resellerId, after), score, externalOrderId],
    );
  }
  if (next.orderId !== undefined && prev?.orderId !== next.orderId) {
    ops.push(['HSET', keys.orderIds, next.orderId, externalOrderId]);
  }
  const wasClosed = prev !== null && isClosed(prev);
  if (isClosed(next) && !wasClosed) {
    ops.push(
      ['ZREM', keys.unfinished, externalOrderId],
      ['DELIFEQ', keys.guard(next.request.account), externalOrderId],
    );
  } else if (prev === null) {
    ops.push(['ZADD', keys.unfinished, score, externalOrderId]);
  } else if (wasClosed && !isClosed(next)) {
    // A refused order the service has after all: unfinished again, and it takes its number back unless
    // another order holds it now (that one keeps it; admins are alerted either way).
    ops.push(
      ['ZADD', keys.unfinished, score, externalOrderId],
      ['SET', keys.guard(next.request.account), externalOrderId, 'NX'],
    );
  }
  // The send lock lives only while the order is placing (a sender takes it for a placing record alone).
  if (prev !== null && prev.placement === 'placing' && next.placement !== 'placing') {
    ops.push(['DEL', keys.sendLock(externalOrderId)]);
  }
  return ops;
}

/**
 * The read a mutation plans when the order stays placed and unfinished: the caller's, or 'first' (the relay's
 * default, the back-off's first step); none for a refusal or an intent.
 */
function plannedRead(next: StoredOrder, changes: readonly ChangeDraft[], mutation?: Pick<Mutation, 'read'>) {
  const needsRead = next.placement === 'placed' && !isClosed(next);
  if (!needsRead || !changes.some((change) => change.kind !== 'rejected' && change.kind !== 'intent')) return;
  return mutation?.read ?? ('first' as const);
}

/** A first read for later waits in the due set (most orders finish before it), not in a change entry. */
function waitsInDueSet(read: ReadPlan | 'first' | undefined): read is ReadPlan {
  return read !== undefined && read !== 'first' && read.step === 0 && read.delayMs > 0;
}

/**
 * The due set operations (due.ts) of a commit at `nowMs`: an intent's first re-send planned a lease later, and
 * dropped once the order is placed or refused; a first read planned, and the one of the change before dropped
 * (a newer change plans its own reads, a closed order needs none).
 */
function dueOps(
  keys: OrderKeys,
  prev: StoredOrder | null,
  mutation: Mutation,
  read: ReturnType<typeof plannedRead>,
  nowMs: number,
): RedisOp[] {
  const { next, changes = [] } = mutation;
  const externalOrderId = next.externalOrderId;
  const ops: RedisOp[] = [];
  if (changes.some((change) => change.kind === 'intent')) {
    ops.push(['ZADD', keys.dueSends, String(nowMs + (mutation.resendAfterMs ?? 0)), externalOrderId]);
  }
  if (prev?.placement === 'placing' && next.placement !== 'placing')
    ops.push(['ZREM', keys.dueSends, externalOrderId]);
  const seq = next.history.length;
  if (prev !== null && prev.history.length !== seq) {
    // Only a placed, unfinished order has a read planned (plannedRead).
    if (prev.placement === 'placed' && !isClosed(prev))
      ops.push(['ZREM', keys.dueReads, dueReadMember(externalOrderId, prev.history.length)]);
  } else if (isClosed(next)) {
    ops.push(['ZREM', keys.dueReads, dueReadMember(externalOrderId, seq)]);
  }
  if (waitsInDueSet(read)) {
    ops.push(['ZADD', keys.dueReads, String(nowMs + read.delayMs), dueReadMember(externalOrderId, seq)]);
  }
  return ops;
}

/** The change stream entries (`maxLen`: the stream's approximate trim) of the changes a mutation makes. */
function changeOps(
  keys: OrderKeys,
  maxLen: string,
  mutation: Mutation,
  read: ReturnType<typeof plannedRead>,
): RedisOp[] {
  const { next, changes = [] } = mutation;
  return changes.map((change): RedisOp => {
    const entry = {
      ...change,
      externalOrderId: next.externalOrderId,
      seq: next.history.length,
      ...(next.orderId === undefined ? {} : { orderId: next.orderId }),
      ...(read === undefined || waitsInDueSet(read) || change.kind === 'rejected' || change.kind === 'intent'
        ? {}
        : { read }),
    } as ChangeEntry;
    return ['XADD', keys.changes, 'MAXLEN', '~', maxLen, '*', ...encodeChange(entry)];
  });
}

/**
 * The ledger moves of the order's credit in this commit (the payer's hold, debit, release or refund, then the
 * commission of each distributor above them), encoded for the script, and their keys; sets the credit state
 * `next` calls for.
 */
function creditOps(prefix: string, prev: StoredOrder | null, mutation: Mutation): LedgerMove[] {
  const next = mutation.next;
  if (next.credit === undefined || mutation.keepForMs !== undefined) return [];
  const recorded = prev === null ? null : (prev.credit?.state ?? null);
  const target = prev === null ? 'held' : creditStateOf(next, recorded ?? 'held');
  next.credit.state = target;
  const move = creditMove(prefix, next, next.credit, recorded, target);
  return [...(move === null ? [] : [move]), ...commissionMoves(prefix, next, next.credit, recorded, target)];
}

/** Creates the store's commit: writes `mutation.next` if the record is still at `expectedRev` (0: absent). */
export function createCommit(options: {
  redis: Redis;
  keys: OrderKeys;
  /** REDIS_PREFIX (the ledger's keys). */
  prefix: string;
  /** Longest change stream kept (approximate trim). */
  changesMaxLength: number;
}) {
  const { redis, keys } = options;
  const maxLen = String(options.changesMaxLength);

  return async function commit(
    expectedRev: number,
    prev: StoredOrder | null,
    mutation: Mutation,
    guard?: { key: string; value: string },
  ): Promise<CommitResult> {
    const next = mutation.next;
    // The order's credit follows it in this same commit (hold, debit, release, refund), so exactly once.
    const orderKey = keys.order(next.externalOrderId);
    const moves = creditOps(options.prefix, prev, mutation);
    const read = plannedRead(next, mutation.changes ?? [], mutation);
    const ops = [
      ...(mutation.keepForMs === undefined
        ? indexOps(keys, prev, next)
        : [['PEXPIRE', keys.order(next.externalOrderId), String(mutation.keepForMs)] as const]),
      ...changeOps(keys, maxLen, mutation, read),
      ...(mutation.keepForMs === undefined ? dueOps(keys, prev, mutation, read, Date.now()) : []),
      ...(mutation.ops ?? []),
    ];
    // The order's number, in most ops (members, change entries), is sent once.
    const encoded = encodeOps(ops, next.externalOrderId);
    const data = encodeOrder(next);
    const raw = (await commitScript.run(
      redis,
      [orderKey, guard?.key ?? orderKey, ...moves.flatMap(moveKeys), ...encoded.keys],
      [
        String(expectedRev),
        data,
        indexStatus(next),
        guard === undefined ? '' : '1',
        guard?.value ?? '',
        String(moves.length),
        ...moves.map(encodeMove),
        next.externalOrderId,
        ...encoded.args,
      ],
    )) as [number, string];
    if (raw[0] === 1) return { kind: 'ok', data };
    if (raw[0] === -1) return { kind: 'busy', holder: raw[1] };
    if (raw[0] === -2) return { kind: 'refused', refusal: decodeRefusal(raw) };
    return { kind: 'conflict' };
  };
}
