import type { Redis } from 'ioredis';
import type { OrderKeys } from './keys.ts';
import { decodeOrder } from './record.ts';
import type { StoredOrder } from './types.ts';

/** The order store's paged lists (store.ts): its indexes read newest first, and the records they name. */

/** One page of a list, with how many orders the whole list holds. */
type OrderPage = { total: number; orders: StoredOrder[] };

/** Records read per Redis round trip. */
const LOAD_BATCH = 200;

/** The records of `exts`, in that order (any that vanished meanwhile are left out). */
export async function loadOrders(
  redis: Redis,
  keys: OrderKeys,
  exts: readonly string[],
): Promise<StoredOrder[]> {
  const orders: StoredOrder[] = [];
  for (let i = 0; i < exts.length; i += LOAD_BATCH) {
    const pipeline = redis.pipeline();
    const batch = exts.slice(i, i + LOAD_BATCH);
    for (const externalOrderId of batch) pipeline.hget(keys.order(externalOrderId), 'data');
    ((await pipeline.exec()) ?? []).forEach(([error, data], j) => {
      if (error === null && typeof data === 'string') orders.push(decodeOrder(data, batch[j]!));
    });
  }
  return orders;
}

/** One page of the index at `key`, newest first. */
async function listSorted(
  redis: Redis,
  keys: OrderKeys,
  key: string,
  offset: number,
  limit: number,
): Promise<OrderPage> {
  const start = Math.max(0, Math.floor(offset));
  const count = Math.max(0, Math.floor(limit));
  const [total, exts] = await Promise.all([
    redis.zcard(key),
    count === 0
      ? Promise.resolve([] as string[])
      : redis.zrevrange(key, String(start), String(start + count - 1)),
  ]);
  return { total, orders: await loadOrders(redis, keys, exts) };
}

/** Creates the store's list reads over its indexes. */
export function createOrderLists(redis: Redis, keys: OrderKeys) {
  return {
    /** A reseller's orders, newest first, optionally in one index status (`placing`, `rejected` or a service status). */
    async listByReseller(
      resellerId: number,
      query: { status?: string; offset: number; limit: number },
    ): Promise<OrderPage> {
      return listSorted(redis, keys, keys.reseller(resellerId, query.status), query.offset, query.limit);
    },

    /**
     * The orders of several resellers (a distributor and their network), newest first, paged across their indexes:
     * each index's first `offset + limit` members are merged by creation time.
     */
    async listByResellers(
      resellerIds: readonly number[],
      query: { status?: string; offset: number; limit: number },
    ): Promise<OrderPage> {
      const start = Math.max(0, Math.floor(query.offset));
      const count = Math.max(0, Math.floor(query.limit));
      const indexKeys = [...new Set(resellerIds)].map((id) => keys.reseller(id, query.status));
      if (indexKeys.length === 1) return listSorted(redis, keys, indexKeys[0]!, start, count);
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
      return { total, orders: await loadOrders(redis, keys, exts) };
    },

    /** All orders in one index status, newest first. */
    async listByStatus(status: string, offset: number, limit: number): Promise<OrderPage> {
      return listSorted(redis, keys, keys.status(status), offset, limit);
    },

    /** Merchant order numbers of every unfinished order, oldest first. */
    async unfinished(): Promise<string[]> {
      return redis.zrange(keys.unfinished, '0', '-1');
    },

    /** Merchant order numbers still waiting for a definite placement answer. */
    async placing(): Promise<string[]> {
      return redis.zrange(keys.status('placing'), '0', '-1');
    },
  };
}
