import { Decimal } from 'decimal.js';
import type { Redis } from 'ioredis';
import { isFinished } from '../domain/status.ts';
import type { OrderKeys } from '../orders/keys.ts';
import { decodeOrder } from '../orders/record.ts';
import type { StoredOrder } from '../orders/types.ts';

/** Figures of one period, from our order store (orders created in the period). */
export interface PeriodStats {
  from: Date;
  to: Date;
  total: number;
  /** Index status (`placing`, `rejected` or the service status) -> orders. */
  byStatus: Record<string, number>;
  /** succeeded / (succeeded + failed + refunded), as an exact percentage string with one decimal; null when none finished. */
  successRate: string | null;
  /** Wallet currency -> exact sum of the wallet price of succeeded orders. */
  spend: Record<string, string>;
  /** Operators by placed orders, most first (at most 5). */
  topOperators: Array<{ name: string; orders: number }>;
  /** Median ms from creation to a final status (succeeded or refunded); null when none finished. */
  medianToFinalMs: number | null;
}

export interface OrderStats {
  today: PeriodStats;
  week: PeriodStats;
}

const DAY_MS = 86_400_000;

/** Reads figures from the order store's indexes (read-only: never writes an order or an index). */
export function createOrderStats(deps: {
  redis: Redis;
  keys: Pick<OrderKeys, 'status' | 'order'>;
  clock?: () => number;
}) {
  const clock = deps.clock ?? Date.now;

  async function statusKeys(): Promise<Map<string, string>> {
    const probe = deps.keys.status('');
    const found = new Map<string, string>();
    let cursor = '0';
    do {
      const [next, keys] = await deps.redis.scan(cursor, 'MATCH', `${probe}*`, 'COUNT', 200);
      cursor = next;
      for (const key of keys) {
        const status = key.slice(probe.length);
        // Only the all-orders index of each status (reseller indexes live elsewhere).
        if (status !== '' && !status.includes(':')) found.set(status, key);
      }
    } while (cursor !== '0');
    return found;
  }

  async function period(from: number, to: number, keys: Map<string, string>): Promise<PeriodStats> {
    const byStatus: Record<string, number> = {};
    const members: string[] = [];
    for (const [status, key] of keys) {
      const exts = await deps.redis.zrangebyscore(key, from, `(${to}`);
      if (exts.length > 0) byStatus[status] = exts.length;
      members.push(...exts);
    }
    const orders: StoredOrder[] = [];
    for (let i = 0; i < members.length; i += 200) {
      const pipeline = deps.redis.pipeline();
      const batch = members.slice(i, i + 200);
      for (const ext of batch) pipeline.hget(deps.keys.order(ext), 'data');
      ((await pipeline.exec()) ?? []).forEach(([error, data], j) => {
        if (error === null && typeof data === 'string') orders.push(decodeOrder(data, batch[j]!));
      });
    }
    const succeeded = byStatus.succeeded ?? 0;
    const finished = succeeded + (byStatus.failed ?? 0) + (byStatus.refunded ?? 0);
    const spend = new Map<string, Decimal>();
    const operators = new Map<string, number>();
    const durations: number[] = [];
    for (const order of orders) {
      if (order.placement !== 'placed') continue;
      const name = order.quote.operatorName;
      operators.set(name, (operators.get(name) ?? 0) + 1);
      if (order.status === 'succeeded') {
        const currency = order.quote.merchantCurrency;
        spend.set(
          currency,
          (spend.get(currency) ?? new Decimal(0)).plus(new Decimal(order.quote.merchantPrice)),
        );
      }
      const final = order.history.find((h) => isFinished(h.status));
      if (final) durations.push(Math.max(0, Date.parse(final.at) - Date.parse(order.createdAt)));
    }
    durations.sort((a, b) => a - b);
    const mid = Math.floor(durations.length / 2);
    const median =
      durations.length === 0
        ? null
        : durations.length % 2 === 1
          ? durations[mid]!
          : Math.round((durations[mid - 1]! + durations[mid]!) / 2);
    return {
      from: new Date(from),
      to: new Date(to),
      total: members.length,
      byStatus,
      successRate: finished === 0 ? null : new Decimal(succeeded).times(100).dividedBy(finished).toFixed(1),
      spend: Object.fromEntries(
        [...spend].sort(([a], [b]) => a.localeCompare(b)).map(([c, v]) => [c, v.toFixed()]),
      ),
      topOperators: [...operators]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, 5)
        .map(([name, count]) => ({ name, orders: count })),
      medianToFinalMs: median,
    };
  }

  return {
    /** Today (since 00:00 UTC) and the last 7 days (rolling), by order creation time. */
    async compute(): Promise<OrderStats> {
      const now = clock();
      const dayStart = Math.floor(now / DAY_MS) * DAY_MS;
      const keys = await statusKeys();
      const [today, week] = await Promise.all([
        period(dayStart, now + 1, keys),
        period(now - 7 * DAY_MS, now + 1, keys),
      ]);
      return { today, week };
    },
  };
}

export type OrderStatsReader = ReturnType<typeof createOrderStats>;
