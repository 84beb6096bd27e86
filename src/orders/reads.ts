import type { Redis } from 'ioredis';
import { scanKeys } from '../lib/redis/connect.ts';
import { KNOWN_STATUSES } from '../domain/status.ts';
import type { OrderKeys } from './keys.ts';
import { loadOrders } from './lists.ts';
import { decodeOrder } from './record.ts';
import type { StoredOrder } from './types.ts';

/** The orders created in one period, as the store's indexes hold them. */
export interface CreatedBetween {
  /** Index status (`placing`, `rejected` or the service status) -> orders created in the period. */
  byStatus: Record<string, number>;
  /** Those orders (any that vanished between the index read and the record read are left out). */
  orders: StoredOrder[];
}

/** Which orders `createdIn` walks: every order, one reseller's or several's, optionally in one index status. */
export interface CreatedQuery {
  /** Creation time from (inclusive), ms. */
  from: number;
  /** Creation time to (exclusive), ms. */
  to: number;
  resellerId?: number;
  /** Several resellers' (a distributor and their network); instead of `resellerId`. */
  resellerIds?: readonly number[];
  status?: string;
  /** Records read per Redis round trip (default 100). */
  pageSize?: number;
}

/** The all-orders index of each status that has one now: status -> its key. */
async function statusIndexes(redis: Redis, keys: OrderKeys): Promise<Map<string, string>> {
  const probe = keys.status('');
  const found = new Map<string, string>();
  for await (const names of scanKeys(redis, `${probe}*`)) {
    for (const key of names) {
      const status = key.slice(probe.length);
      // Only the all-orders index of each status (reseller indexes live elsewhere).
      if (status !== '' && !status.includes(':')) found.set(status, key);
    }
  }
  return found;
}

/** The indexes `createdIn` walks for `query`. */
async function indexKeysOf(redis: Redis, keys: OrderKeys, query: CreatedQuery): Promise<string[]> {
  if (query.resellerId !== undefined) return [keys.reseller(query.resellerId, query.status)];
  if (query.resellerIds !== undefined)
    return [...new Set(query.resellerIds)].map((id) => keys.reseller(id, query.status));
  if (query.status !== undefined) return [keys.status(query.status)];
  // Every status an order can move into during the walk, whether or not an order has it yet; statuses
  // the service added beyond the spec's are found as they stand at the start.
  const known = ['placing', 'rejected', ...KNOWN_STATUSES].map((status) => keys.status(status));
  return [...new Set([...known, ...(await statusIndexes(redis, keys)).values()])];
}

/**
 * The next `count` members after the cursor (score, then member) across `indexKeys`, read in one MULTI so an
 * order moving between two status indexes meanwhile is seen in exactly one of them.
 */
async function nextPage(
  redis: Redis,
  indexKeys: readonly string[],
  cursor: { score: number; seen: Set<string> },
  to: number,
  count: number,
): Promise<Array<{ member: string; score: number }>> {
  const multi = redis.multi();
  for (const key of indexKeys) {
    multi.zrangebyscore(key, cursor.score, `(${to}`, 'WITHSCORES', 'LIMIT', 0, count + cursor.seen.size);
  }
  const rows = (await multi.exec()) ?? [];
  const found: Array<{ member: string; score: number }> = [];
  for (const [error, flat] of rows) {
    if (error !== null) throw error;
    const list = flat as string[];
    for (let i = 0; i + 1 < list.length; i += 2) {
      const member = list[i]!;
      const score = Number(list[i + 1]);
      if (score === cursor.score && cursor.seen.has(member)) continue;
      found.push({ member, score });
    }
  }
  found.sort((a, b) => a.score - b.score || (a.member < b.member ? -1 : a.member > b.member ? 1 : 0));
  return found.slice(0, count);
}

/**
 * The store's narrow read side for staff features (/stats, /health): they ask questions here instead of
 * reading the store's keys, indexes and streams themselves. Read-only: never writes an order or an index.
 */
export function createOrderReads(redis: Redis, keys: OrderKeys) {
  return {
    /**
     * Orders created in [from, to), oldest first, read page by page (never the whole period in memory): one
     * reseller's or all, optionally in one index status. An order changing status during the walk is yielded
     * once, in its creation-time place.
     */
    async *createdIn(query: CreatedQuery): AsyncGenerator<StoredOrder> {
      const pageSize = Math.max(1, Math.floor(query.pageSize ?? 100));
      const indexKeys = await indexKeysOf(redis, keys, query);
      const cursor = { score: query.from, seen: new Set<string>() };
      for (;;) {
        const page = await nextPage(redis, indexKeys, cursor, query.to, pageSize);
        if (page.length === 0) return;
        for (const { member, score } of page) {
          if (score !== cursor.score) {
            cursor.score = score;
            cursor.seen.clear();
          }
          cursor.seen.add(member);
        }
        // Records are decoded one at a time as they are taken, so each decoded order dies young (an export's
        // memory stays flat instead of promoting whole pages of objects the garbage collector sweeps late).
        const pipeline = redis.pipeline();
        for (const { member } of page) pipeline.hget(keys.order(member), 'data');
        const rows = (await pipeline.exec()) ?? [];
        for (const [i, [error, data]] of rows.entries()) {
          if (error === null && typeof data === 'string') yield decodeOrder(data, page[i]!.member);
        }
        if (page.length < pageSize) return;
      }
    },

    /** Orders created in [from, to) (ms), counted per index status, with their records. */
    async createdBetween(from: number, to: number): Promise<CreatedBetween> {
      const byStatus: Record<string, number> = {};
      const members: string[] = [];
      for (const [status, key] of await statusIndexes(redis, keys)) {
        const exts = await redis.zrangebyscore(key, from, `(${to}`);
        if (exts.length > 0) byStatus[status] = exts.length;
        members.push(...exts);
      }
      return { byStatus, orders: await loadOrders(redis, keys, members) };
    },

    /** How many orders are unfinished, and the oldest of them. */
    async unfinishedSummary(): Promise<{ count: number; oldest: StoredOrder | null }> {
      const [count, first] = await Promise.all([
        redis.zcard(keys.unfinished),
        redis.zrange(keys.unfinished, '0', '0'),
      ]);
      const externalOrderId = first[0];
      const [oldest] = externalOrderId === undefined ? [] : await loadOrders(redis, keys, [externalOrderId]);
      return { count, oldest: oldest ?? null };
    },

    /** When the last merchant webhook was accepted (any replica); null when none is kept. */
    async lastWebhookAt(): Promise<Date | null> {
      // The accepted-event stream is kept (capped) after processing, so its newest entry is the last webhook.
      const rows = (await redis.xrevrange(keys.webhookEvents, '+', '-', 'COUNT', 1)) as Array<
        [string, string[]]
      >;
      const row = rows[0];
      if (row === undefined) return null;
      const fields = row[1];
      const received = fields[fields.indexOf('received') + 1];
      const ms =
        fields.includes('received') && received !== undefined
          ? Number(received)
          : Number(row[0].split('-')[0]);
      return Number.isFinite(ms) ? new Date(ms) : null;
    },
  };
}

/** The read questions staff features may ask the order store. */
export type OrderReads = ReturnType<typeof createOrderReads>;
