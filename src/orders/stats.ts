import { commissionFrom, merchantRevenue } from './credit.ts';
import { Decimal } from 'decimal.js';
import { isFinished } from '../domain/status.ts';
import type { CreatedBetween, OrderReads } from './reads.ts';
import { indexStatus } from './commit.ts';
import type { OrderService, StoredOrder } from './types.ts';

/** Money of a set of succeeded orders, exact decimal strings in one merchant currency. */
export interface Books {
  /**
   * What the merchant was paid: the first level's price (the seller's own under the merchant, else the top
   * distributor's above them: the rest is the network's commission); an admin's order at the merchant price.
   */
  revenue: string;
  /** Merchant prices. */
  cost: string;
  /** revenue - cost. */
  margin: string;
}

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
  /** Merchant currency -> the books of succeeded orders (a refunded order is not succeeded and not counted). */
  books: Record<string, Books>;
  /** The same per reseller (the user who placed the order), most revenue first. */
  byReseller: Array<Books & { resellerId: number; currency: string }>;
  /** The same per operator, most revenue first. */
  byOperator: Array<Books & { operator: string; currency: string }>;
}

/** Sums revenue and cost per key. */
class Ledger<K> {
  readonly #rows = new Map<string, { key: K; currency: string; revenue: Decimal; cost: Decimal }>();
  add(id: string, key: K, currency: string, revenue: Decimal, cost: Decimal): void {
    const at = `${id}|${currency}`;
    const row = this.#rows.get(at) ?? { key, currency, revenue: new Decimal(0), cost: new Decimal(0) };
    row.revenue = row.revenue.plus(revenue);
    row.cost = row.cost.plus(cost);
    this.#rows.set(at, row);
  }
  rows(): Array<{ key: K; currency: string } & Books> {
    return [...this.#rows.values()]
      .sort((a, b) => b.revenue.comparedTo(a.revenue) || a.currency.localeCompare(b.currency))
      .map((r) => ({
        key: r.key,
        currency: r.currency,
        revenue: r.revenue.toFixed(),
        cost: r.cost.toFixed(),
        margin: r.revenue.minus(r.cost).toFixed(),
      }));
  }
}

export interface OrderStats {
  today: PeriodStats;
  week: PeriodStats;
}

/** Orders per UTC day of a period, by index status, and the revenue of succeeded orders in one currency. */
export interface DailyFigures {
  days: Array<{ day: string; byStatus: Record<string, number>; revenue: string }>;
  /**
   * The merchant currency the revenue is in (the one with the most revenue when orders were paid in several;
   * the others are left out of the chart), or null when nothing succeeded.
   */
  currency: string | null;
}

/** One row of a distributor's figures: a direct child with everything below them, or the distributor's own orders. */
interface ChildFigures {
  userId: number;
  /** Succeeded orders of the row's sellers in the period. */
  orders: number;
  /** What the row's sellers paid for them (each seller's own price), in the figures' currency. */
  volume: string;
  /** The distributor's commission lines that came through this child in the period (0 for their own row). */
  commission: string;
}

/** A distributor's last CHART_DAYS days: the chart of their network's orders and the rows by direct child. */
export interface NetworkFigures {
  figures: DailyFigures;
  own: ChildFigures;
  /** Direct children, most volume first. */
  children: ChildFigures[];
  /** Every commission line of the period. */
  commission: string;
  /** The currency of the volumes and commissions (the chart's, else the commission lines'); null: nothing yet. */
  currency: string | null;
}

/** A commission line as the network's figures read it (accounts' ledger entries). */
export interface CommissionLine {
  kind: string;
  amount: string;
  /** `from:<user id of the level below>`. */
  note: string;
  currency: string;
}

/** Days the /stats chart covers, today included. */
const CHART_DAYS = 7;
/** A reseller's orders are read newest first in pages of this many until older than the period. */
const RESELLER_PAGE = 200;

const DAY_MS = 86_400_000;

/** 00:00 UTC of the chart's first day. */
function chartStart(now: number): number {
  return Math.floor(now / DAY_MS) * DAY_MS - (CHART_DAYS - 1) * DAY_MS;
}

/** Reads figures through the order store's read interface (read-only: never writes an order or an index). */
export function createOrderStats(deps: {
  store: Pick<OrderReads, 'createdBetween' | 'createdIn'>;
  /** A reseller's own orders (their index), for their own figures. */
  resellerOrders?: Pick<OrderService, 'listByReseller'>;
  clock?: () => number;
}) {
  const clock = deps.clock ?? Date.now;
  const period = async (from: number, to: number): Promise<PeriodStats> =>
    periodOf(from, to, await deps.store.createdBetween(from, to));

  return {
    /**
     * Orders per UTC day over the last CHART_DAYS days (today included), by status, with the revenue of
     * succeeded ones (what resellers paid; an admin's order at the merchant price). With `resellerId`: only
     * that reseller's orders, read through their own index.
     */
    async daily(options: { resellerId?: number } = {}): Promise<DailyFigures> {
      const now = clock();
      const firstDay = chartStart(now);
      const orders =
        options.resellerId === undefined
          ? (await deps.store.createdBetween(firstDay, now + 1)).orders
          : await resellerOrdersBetween(deps.resellerOrders, options.resellerId, firstDay, now + 1);
      return dailyOf(orders, firstDay);
    },

    /**
     * A distributor's last CHART_DAYS days: the chart over their own and their network's orders (what each seller
     * paid, never a price above), and per direct child the succeeded orders and volume of the child and everyone
     * below them, with the commission that came through them (`lines`: the distributor's ledger in the period).
     */
    async network(
      distributorId: number,
      below: ReadonlyArray<{ userId: number; parentId: number }>,
      lines: (fromMs: number, toMs: number) => AsyncIterable<CommissionLine>,
    ): Promise<NetworkFigures> {
      const to = clock() + 1;
      const firstDay = chartStart(to - 1);
      const orders: StoredOrder[] = [];
      const sellers = [distributorId, ...below.map((row) => row.userId)];
      for await (const order of deps.store.createdIn({ from: firstDay, to, resellerIds: sellers })) {
        orders.push(order);
      }
      const figures = dailyOf(orders, firstDay);
      const commission: CommissionLine[] = [];
      for await (const line of lines(firstDay, to)) if (line.kind === 'commission') commission.push(line);
      return { figures, ...byChild(distributorId, below, orders, commission, figures.currency) };
    },

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

/** One reseller's orders created in [from, to), through their own index (newest first); none without a source. */
async function resellerOrdersBetween(
  source: Pick<OrderService, 'listByReseller'> | undefined,
  resellerId: number,
  from: number,
  to: number,
): Promise<StoredOrder[]> {
  if (source === undefined) return [];
  const found: StoredOrder[] = [];
  for (let offset = 0; ; offset += RESELLER_PAGE) {
    const page = await source.listByReseller(resellerId, { offset, limit: RESELLER_PAGE });
    for (const order of page.orders) {
      const at = Date.parse(order.createdAt);
      if (at >= from && at < to) found.push(order);
    }
    const last = page.orders.at(-1);
    if (last === undefined || Date.parse(last.createdAt) < from || offset + RESELLER_PAGE >= page.total)
      break;
  }
  return found;
}

/** The figures of [from, to) from the orders created in it and their count by index status. */
function periodOf(from: number, to: number, { byStatus, orders }: CreatedBetween): PeriodStats {
  const total = Object.values(byStatus).reduce((sum, n) => sum + n, 0);
  const succeeded = byStatus.succeeded ?? 0;
  const finished = succeeded + (byStatus.failed ?? 0) + (byStatus.refunded ?? 0);
  const spend = new Map<string, Decimal>();
  const operators = new Map<string, number>();
  const durations: number[] = [];
  const overall = new Ledger<string>();
  const resellers = new Ledger<number>();
  const byOperator = new Ledger<string>();
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
      const cost = new Decimal(order.quote.merchantPrice);
      const revenue = new Decimal(merchantRevenue(order));
      overall.add(currency, currency, currency, revenue, cost);
      resellers.add(String(order.resellerId), order.resellerId, currency, revenue, cost);
      byOperator.add(name, name, currency, revenue, cost);
    }
    const final = order.history.find((h) => isFinished(h.status));
    if (final) durations.push(Math.max(0, Date.parse(final.at) - Date.parse(order.createdAt)));
  }
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
    medianToFinalMs: median(durations),
    books: Object.fromEntries(
      overall
        .rows()
        .sort((a, b) => a.currency.localeCompare(b.currency))
        .map(({ key, currency: _same, ...books }) => [key, books]),
    ),
    byReseller: resellers.rows().map(({ key, ...row }) => ({ resellerId: key, ...row })),
    byOperator: byOperator.rows().map(({ key, ...row }) => ({ operator: key, ...row })),
  };
}

/** The median of durations in ms (the mean of the middle two, rounded, when even); null when there are none. */
function median(durations: number[]): number | null {
  durations.sort((a, b) => a - b);
  const mid = Math.floor(durations.length / 2);
  return durations.length === 0
    ? null
    : durations.length % 2 === 1
      ? durations[mid]!
      : Math.round((durations[mid - 1]! + durations[mid]!) / 2);
}

/** Orders per UTC day from `firstDay` (CHART_DAYS days), by status, with the revenue of succeeded ones. */
function dailyOf(orders: readonly StoredOrder[], firstDay: number): DailyFigures {
  const days = Array.from({ length: CHART_DAYS }, (_, i) => ({
    day: new Date(firstDay + i * DAY_MS).toISOString().slice(0, 10),
    byStatus: {} as Record<string, number>,
    revenue: new Map<string, Decimal>(),
  }));
  const totals = new Map<string, Decimal>();
  for (const order of orders) {
    const day = days[Math.floor((Date.parse(order.createdAt) - firstDay) / DAY_MS)];
    if (day === undefined) continue;
    const status = indexStatus(order);
    day.byStatus[status] = (day.byStatus[status] ?? 0) + 1;
    if (order.placement !== 'placed' || order.status !== 'succeeded') continue;
    const currency = order.quote.merchantCurrency;
    const paid = new Decimal(paidBySeller(order));
    day.revenue.set(currency, (day.revenue.get(currency) ?? new Decimal(0)).plus(paid));
    totals.set(currency, (totals.get(currency) ?? new Decimal(0)).plus(paid));
  }
  const currency =
    [...totals].sort((a, b) => b[1].comparedTo(a[1]) || a[0].localeCompare(b[0]))[0]?.[0] ?? null;
  return {
    currency,
    days: days.map((d) => ({
      day: d.day,
      byStatus: d.byStatus,
      revenue: (currency === null ? undefined : d.revenue.get(currency))?.toFixed() ?? '0',
    })),
  };
}

/** What the order's seller paid: their credit's amount, the quoted reseller price, or an admin's merchant price. */
function paidBySeller(order: StoredOrder): string {
  return order.credit?.amount ?? order.quote.resellerPrice ?? order.quote.merchantPrice;
}

/**
 * A distributor's rows: each seller counted under the direct child they hang below (the child themself
 * included), commission lines under the child their note names; only money in `currency` is summed.
 */
function byChild(
  distributorId: number,
  below: ReadonlyArray<{ userId: number; parentId: number }>,
  orders: readonly StoredOrder[],
  lines: readonly CommissionLine[],
  currency: string | null,
): Omit<NetworkFigures, 'figures'> {
  const parentOf = new Map(below.map((row) => [row.userId, row.parentId]));
  const childOf = (userId: number): number => {
    let at = userId;
    for (let steps = 0; steps <= below.length; steps++) {
      const parent = parentOf.get(at);
      if (parent === undefined || parent === distributorId) return at;
      at = parent;
    }
    return at;
  };
  const rows = new Map<number, { orders: number; volume: Decimal; commission: Decimal }>();
  const rowOf = (userId: number) => {
    const row = rows.get(userId) ?? { orders: 0, volume: new Decimal(0), commission: new Decimal(0) };
    rows.set(userId, row);
    return row;
  };
  for (const row of below) if (row.parentId === distributorId) rowOf(row.userId);
  rowOf(distributorId);
  for (const order of orders) {
    if (order.placement !== 'placed' || order.status !== 'succeeded') continue;
    if (order.quote.merchantCurrency !== currency) continue;
    const row = rowOf(order.resellerId === distributorId ? distributorId : childOf(order.resellerId));
    row.orders += 1;
    row.volume = row.volume.plus(paidBySeller(order));
  }
  // With no succeeded order in the period, commission (of older orders) is in its own lines' currency.
  const shown = currency ?? lines[0]?.currency ?? null;
  let total = new Decimal(0);
  for (const line of lines) {
    const from = commissionFrom(line.note);
    if (from === undefined || line.currency !== shown) continue;
    const row = rowOf(childOf(from));
    row.commission = row.commission.plus(line.amount);
    total = total.plus(line.amount);
  }
  const figures = (userId: number): ChildFigures => {
    const row = rows.get(userId)!;
    return { userId, orders: row.orders, volume: row.volume.toFixed(), commission: row.commission.toFixed() };
  };
  const children = [...rows.keys()]
    .filter((userId) => userId !== distributorId)
    .map(figures)
    .sort((a, b) => new Decimal(b.volume).comparedTo(a.volume) || a.userId - b.userId);
  return { currency: shown, own: figures(distributorId), children, commission: total.toFixed() };
}
