import { Decimal } from 'decimal.js';
import { isFinished } from '../domain/status.ts';
import type { OrderReads } from '../orders/reads.ts';

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

/** Reads figures through the order store's read interface (read-only: never writes an order or an index). */
export function createOrderStats(deps: { store: Pick<OrderReads, 'createdBetween'>; clock?: () => number }) {
  const clock = deps.clock ?? Date.now;

  async function period(from: number, to: number): Promise<PeriodStats> {
    const { byStatus, orders } = await deps.store.createdBetween(from, to);
    const total = Object.values(byStatus).reduce((sum, n) => sum + n, 0);
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
      total,
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
      const [today, week] = await Promise.all([period(dayStart, now + 1), period(now - 7 * DAY_MS, now + 1)]);
      return { today, week };
    },
  };
}

export type OrderStatsReader = ReturnType<typeof createOrderStats>;
