import type { Redis } from 'ioredis';
import { orderKeys, type OrderKeys } from './keys.ts';
import { createOrderLists } from './lists.ts';
import { createNewRecords } from './new-records.ts';
import { createOrderReads } from './reads.ts';
import { decodeOrder } from './record.ts';
import type { StoredOrder } from './types.ts';
import type { MerchantEvent } from './webhook-signature.ts';
import { createCommit, isClosed, type Mutation } from './commit.ts';
import { createOrderTransitions, type UpdateResult } from './transitions.ts';

/**
 * The order store: one Redis hash per merchant order number (`rev`, `data` = StoredOrder JSON, `st` = index
 * status) and the indexes around it. Every write is a compare-and-set on `rev` in one Lua script that also
 * updates the indexes, the phone guard, the send lock and the change stream, so two replicas can never interleave
 * half-writes, move an order backwards (canMove is checked on the copy the commit finds current) or apply the same
 * change twice. A change that leaves the order placed and unfinished carries the follow-up read it needs
 * (`rd` delay, `rs` step), and a stored intent the re-send it needs if its sender goes silent (`sd`): the change
 * stream (orders/changes.ts) is a transactional outbox, and its relay (orders/relay.ts) adds the BullMQ jobs.
 * The commit and the operations it applies are commit.ts; the new records are new-records.ts, the paged lists
 * lists.ts, and the changes to a stored order transitions.ts; here are the reads of one order and the marks the
 * alerts keep.
 */

export interface StoreOptions {
  redis: Redis;
  /** REDIS_PREFIX, e.g. `rb:`. */
  prefix: string;
  /** Wall clock in ms for record times. */
  clock?: () => number;
}

/** How long a stale order stays reported: one that is still unfinished a month later is reported again. */
const STALE_MARK_SECONDS = 30 * 86_400;

/**
 * How long a record this process has just read or written stands as the first guess of an update, and how many are
 * kept: the update's compare-and-set on `rev` checks the guess, and a wrong one costs a read after all.
 */
const GUESS_MS = 5_000;
const GUESS_LIMIT = 500;

/** Records as last read or written by this process: their rev and stored text (immutable), and when. */
function createGuesses() {
  const seen = new Map<string, { rev: number; data: string; at: number }>();
  return {
    remember(externalOrderId: string, rev: number, data: string): void {
      seen.delete(externalOrderId);
      seen.set(externalOrderId, { rev, data, at: Date.now() });
      if (seen.size > GUESS_LIMIT) seen.delete(seen.keys().next().value!);
    },
    /** The record as last seen here, if that was less than GUESS_MS ago. */
    guess(externalOrderId: string): { rev: number; order: StoredOrder } | null {
      const last = seen.get(externalOrderId);
      if (last === undefined || Date.now() - last.at > GUESS_MS) return null;
      return { rev: last.rev, order: decodeOrder(last.data, externalOrderId) };
    },
  };
}

/** Longest change stream kept (approximate trim). */
const CHANGES_MAX_LENGTH = 100_000;

/** Creates the Redis order store (see the file comment for the layout). */
export function createOrderStore(options: StoreOptions) {
  const { redis } = options;
  const keys: OrderKeys = orderKeys(options.prefix);
  const clock = options.clock ?? Date.now;
  const commit = createCommit({ redis, keys, prefix: options.prefix, changesMaxLength: CHANGES_MAX_LENGTH });

  const nowIso = () => new Date(clock()).toISOString();

  const { remember, guess } = createGuesses();

  async function readRaw(externalOrderId: string): Promise<{ rev: number; order: StoredOrder } | null> {
    const [rev, data] = await redis.hmget(keys.order(externalOrderId), 'rev', 'data');
    if (rev === null || rev === undefined || data === null || data === undefined) return null;
    remember(externalOrderId, Number(rev), data);
    return { rev: Number(rev), order: decodeOrder(data, externalOrderId) };
  }

  /** A commit that remembers the record it wrote (see guess). */
  const commitAndRemember: typeof commit = async (expectedRev, prev, mutation, guard) => {
    const result = await commit(expectedRev, prev, mutation, guard);
    if (result.kind === 'ok') remember(mutation.next.externalOrderId, expectedRev + 1, result.data);
    return result;
  };

  /** One order by merchant order number. */
  async function get(externalOrderId: string): Promise<StoredOrder | null> {
    return (await readRaw(externalOrderId))?.order ?? null;
  }

  /**
   * Read-modify-write with compare-and-set; `mutate` returns null to change nothing. The first try starts from the
   * record as this process last saw it (a moment ago: the commit checks it is still that one); "nothing to change"
   * is only believed of a record read now.
   */
  async function update(
    externalOrderId: string,
    mutate: (current: StoredOrder) => Mutation | null,
  ): Promise<UpdateResult> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const guessed = attempt === 0 ? guess(externalOrderId) : null;
      const current = guessed ?? (await readRaw(externalOrderId));
      if (current === null) return null;
      const mutation = mutate(structuredClone(current.order));
      if (mutation === null) {
        if (guessed !== null) continue;
        return { order: current.order, applied: false };
      }
      const result = await commitAndRemember(current.rev, current.order, mutation);
      if (result.kind === 'ok') return { order: mutation.next, applied: true };
    }
    throw new Error(`order ${externalOrderId}: too many concurrent updates`);
  }

  return {
    /** The read side for staff features (reads.ts). */
    ...createOrderReads(redis, keys),
    /** The paged lists of the indexes (lists.ts). */
    ...createOrderLists(redis, keys),
    /** New records: an intent, an order found at the service, a refusal (new-records.ts). */
    ...createNewRecords({ keys, commit: commitAndRemember, get, clock }),
    /** What happens to an order once stored (transitions.ts). */
    ...createOrderTransitions(update, nowIso),

    get,

    /** One order by service order ID (O-…). */
    async getByOrderId(orderId: string): Promise<StoredOrder | null> {
      const externalOrderId = await redis.hget(keys.orderIds, orderId);
      return externalOrderId === null ? null : get(externalOrderId);
    },

    /** The unfinished order holding the guard of this phone number (digits with country code). */
    async unfinishedForAccount(account: string): Promise<StoredOrder | null> {
      const externalOrderId = await redis.get(keys.guard(account));
      if (externalOrderId === null) return null;
      const order = await get(externalOrderId);
      return order !== null && !isClosed(order) ? order : null;
    },

    /**
     * Marks an order as reported stale to admins; true only the first time in STALE_MARK_SECONDS. The mark goes by
     * itself, so the commit that closes the order writes nothing for it.
     */
    async markStaleReported(externalOrderId: string): Promise<boolean> {
      return (
        (await redis.set(keys.staleReported(externalOrderId), '1', 'EX', STALE_MARK_SECONDS, 'NX')) === 'OK'
      );
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
}

export type RedisOrderStore = ReturnType<typeof createOrderStore>;
/** The store's port, derived from the adapter (STYLE habit 8). */
export type OrderStore = Pick<RedisOrderStore, keyof RedisOrderStore>;
