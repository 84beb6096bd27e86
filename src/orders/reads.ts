import type { Redis } from 'ioredis';
import { scanKeys } from '../lib/redis/connect.ts';
import type { OrderKeys } from './keys.ts';
import { decodeOrder } from './record.ts';
import type { StoredOrder } from './types.ts';

/** The orders created in one period, as the store's indexes hold them. */
export interface CreatedBetween {
  /** Index status (`placing`, `rejected` or the service status) -> orders created in the period. */
  byStatus: Record<string, number>;
  /** Those orders (any that vanished between the index read and the record read are left out). */
  orders: StoredOrder[];
}

/**
 * The store's narrow read side for staff features (/stats, /health): they ask questions here instead of
 * reading the store's keys, indexes and streams themselves. Read-only: never writes an order or an index.
 */
export function createOrderReads(redis: Redis, keys: OrderKeys) {
  async function statusIndexes(): Promise<Map<string, string>> {
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

  async function load(exts: readonly string[]): Promise<StoredOrder[]> {
    const orders: StoredOrder[] = [];
    for (let i = 0; i < exts.length; i += 200) {
      const pipeline = redis.pipeline();
      const batch = exts.slice(i, i + 200);
      for (const ext of batch) pipeline.hget(keys.order(ext), 'data');
      ((await pipeline.exec()) ?? []).forEach(([error, data], j) => {
        if (error === null && typeof data === 'string') orders.push(decodeOrder(data, batch[j]!));
      });
    }
    return orders;
  }

  return {
    /** Orders created in [from, to) (ms), counted per index status, with their records. */
    async createdBetween(from: number, to: number): Promise<CreatedBetween> {
      const byStatus: Record<string, number> = {};
      const members: string[] = [];
      for (const [status, key] of await statusIndexes()) {
        const exts = await redis.zrangebyscore(key, from, `(${to}`);
        if (exts.length > 0) byStatus[status] = exts.length;
        members.push(...exts);
      }
      return { byStatus, orders: await load(members) };
    },

    /** How many orders are unfinished, and the oldest of them. */
    async unfinishedSummary(): Promise<{ count: number; oldest: StoredOrder | null }> {
      const [count, first] = await Promise.all([
        redis.zcard(keys.unfinished),
        redis.zrange(keys.unfinished, '0', '0'),
      ]);
      const ext = first[0];
      const [oldest] = ext === undefined ? [] : await load([ext]);
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
