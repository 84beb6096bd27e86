import { Decimal } from 'decimal.js';
import { Composer, InputFile } from 'grammy';
import { formatAmount, formatMoney } from '../../domain/money.ts';
import { renderPng } from '../../render/png.ts';
import { statsChartSvg } from '../../render/stats-chart.ts';
import { displayEmoji, shortTime, statusText, type DisplayStatus } from '../../orders/texts.ts';
import type { BotContext } from '../context.ts';
import type { StaffServices } from '../staff.ts';
import type { Books, DailyFigures, NetworkFigures, PeriodStats } from '../../orders/stats.ts';
import { requireRole } from './access.ts';
import { html, type Html, type Translate } from '../../lib/html.ts';
import type { People } from '../../accounts/names.ts';

/** Statuses in the order figures are listed; others (new service statuses) follow. */
const ORDER: readonly string[] = [
  'placing',
  'accepted',
  'processing',
  'manual_review',
  'succeeded',
  'failed',
  'refunded',
  'rejected',
];

/** Sorts statuses as ORDER lists them, unknown ones after, by name. */
function byListOrder(a: string, b: string): number {
  const ia = ORDER.indexOf(a);
  const ib = ORDER.indexOf(b);
  return (ia === -1 ? 99 : ia) - (ib === -1 ? 99 : ib) || a.localeCompare(b);
}

/** Rows per list (resellers, operators) in the books of a period: the ones with the most revenue. */
const BOOK_ROWS = 10;

/** Whose figures a chart shows: everyone's (staff), a reseller's own, or a distributor's network's. */
type ChartKind = 'all' | 'own' | 'network';

/** The chart's title and revenue axis per kind. */
const CHART_KEYS: Record<ChartKind, { title: string; revenue: string }> = {
  all: { title: 'stats-chart-title', revenue: 'stats-chart-revenue' },
  own: { title: 'stats-chart-title-own', revenue: 'stats-chart-spent' },
  network: { title: 'network-views-chart-title', revenue: 'network-views-chart-paid' },
};

/** One period's lines: orders by status, success rate, spend, the books, top operators, median time to a final status. */
function period(
  ctx: BotContext,
  translate: Translate,
  locale: string,
  title: string,
  p: PeriodStats,
  people: People,
): string[] {
  const lines = [
    ctx.t(title, { from: shortTime(p.from.toISOString()) }),
    ctx.t('admin-stats-total', { count: p.total }),
  ];
  const statuses = Object.keys(p.byStatus).sort(byListOrder);
  for (const status of statuses) {
    const s = status as DisplayStatus;
    lines.push(
      ctx.t('admin-stats-status', {
        status: html(`${displayEmoji(s)} ${statusText(translate, locale, s)}`),
        count: p.byStatus[status] ?? 0,
      }),
    );
  }
  lines.push(
    p.successRate === null
      ? ctx.t('admin-stats-success-none')
      : ctx.t('admin-stats-success', { rate: p.successRate }),
  );
  const spend = Object.entries(p.spend);
  lines.push(
    spend.length === 0
      ? ctx.t('admin-stats-spend-none')
      : ctx.t('admin-stats-spend', {
          amounts: spend.map(([currency, amount]) => formatMoney(amount, currency, locale)).join(', '),
        }),
  );
  lines.push(...books(ctx, locale, p, people));
  lines.push(
    p.topOperators.length === 0
      ? ctx.t('admin-stats-operators-none')
      : ctx.t('admin-stats-operators', {
          list: p.topOperators.map((o) => `${o.name} (${o.orders})`).join(', '),
        }),
  );
  if (p.medianToFinalMs === null) lines.push(ctx.t('admin-stats-median-none'));
  else {
    const seconds = Math.round(p.medianToFinalMs / 1000);
    lines.push(
      ctx.t('admin-stats-median', {
        duration: html(ctx.t('admin-duration', { minutes: Math.floor(seconds / 60), seconds: seconds % 60 })),
      }),
    );
  }
  return lines;
}

/**
 * Revenue (what resellers paid), cost (merchant prices) and margin: in all, per reseller (named by `people`),
 * per operator.
 */
function books(ctx: BotContext, locale: string, p: PeriodStats, people: People): string[] {
  const all = Object.entries(p.books);
  if (all.length === 0) return [ctx.t('admin-stats-books-none')];
  const sums = (key: 'revenue' | 'cost' | 'margin') =>
    all.map(([currency, b]) => formatMoney(b[key], currency, locale)).join(', ');
  const row = (name: string | Html, r: Books & { currency: string }) =>
    ctx.t('admin-stats-books-row', {
      name,
      revenue: formatMoney(r.revenue, r.currency, locale),
      cost: formatMoney(r.cost, r.currency, locale),
      margin: formatMoney(r.margin, r.currency, locale),
    });
  return [
    ctx.t('admin-stats-books', { revenue: sums('revenue'), cost: sums('cost'), margin: sums('margin') }),
    ctx.t('admin-stats-by-reseller'),
    ...p.byReseller.slice(0, BOOK_ROWS).map((r) => row(people(r.resellerId), r)),
    ctx.t('admin-stats-by-operator'),
    ...p.byOperator.slice(0, BOOK_ROWS).map((r) => row(r.operator, r)),
  ];
}

/** The chart of orders and revenue per day, as a PNG (same SVG path as receipts). */
async function chart(
  ctx: BotContext,
  translate: Translate,
  locale: string,
  figures: DailyFigures,
  kind: ChartKind,
): Promise<Buffer> {
  const currency = figures.currency;
  const statuses = Object.fromEntries(
    ORDER.map((status) => [status, statusText(translate, locale, status as DisplayStatus)]),
  );
  for (const day of figures.days) {
    for (const status of Object.keys(day.byStatus)) {
      statuses[status] ??= statusText(translate, locale, status as DisplayStatus);
    }
  }
  const svg = statsChartSvg(figures.days, {
    title: ctx.t(CHART_KEYS[kind].title, { days: figures.days.length }),
    orders: ctx.t('stats-chart-orders'),
    revenue: ctx.t(CHART_KEYS[kind].revenue, { currency: currency ?? '—' }),
    statuses,
    money: (amount) => {
      try {
        return currency === null ? amount : formatAmount(amount, currency, locale);
      } catch {
        return amount;
      }
    },
  });
  return renderPng(svg);
}

/** Orders by status over the chart's days: the total, then a line per status. */
function statusLines(ctx: BotContext, translate: Translate, locale: string, figures: DailyFigures): string[] {
  const byStatus: Record<string, number> = {};
  for (const day of figures.days) {
    for (const [status, n] of Object.entries(day.byStatus)) byStatus[status] = (byStatus[status] ?? 0) + n;
  }
  const total = Object.values(byStatus).reduce((a, n) => a + n, 0);
  const lines = [ctx.t('admin-stats-total', { count: total })];
  for (const status of Object.keys(byStatus).sort(byListOrder)) {
    const st = status as DisplayStatus;
    lines.push(
      ctx.t('admin-stats-status', {
        status: html(`${displayEmoji(st)} ${statusText(translate, locale, st)}`),
        count: byStatus[status] ?? 0,
      }),
    );
  }
  return lines;
}

/** A reseller's own figures: their orders by status and what their credit paid, never a merchant price. */
function ownFigures(ctx: BotContext, translate: Translate, locale: string, figures: DailyFigures): string[] {
  const lines = [
    ctx.t('stats-own-title', { from: figures.days[0]?.day ?? '', days: figures.days.length }),
    ...statusLines(ctx, translate, locale, figures),
  ];
  const spent = figures.days.reduce((sum, d) => sum.plus(d.revenue), new Decimal(0));
  lines.push(
    figures.currency === null
      ? ctx.t('stats-own-spent-none')
      : ctx.t('stats-own-spent', { amount: formatMoney(spent, figures.currency, locale) }),
  );
  return lines;
}

/**
 * A distributor's figures: their network's orders by status, then their own row and one per direct child (a
 * sub-distributor's with everything below them): succeeded orders, what the sellers paid, the commission.
 */
function networkFigures(
  ctx: BotContext,
  translate: Translate,
  locale: string,
  n: NetworkFigures,
  people: People,
): string[] {
  const m = (amount: string) => (n.currency === null ? amount : formatMoney(amount, n.currency, locale));
  const lines = [
    ctx.t('network-views-stats-title', { from: n.figures.days[0]?.day ?? '', days: n.figures.days.length }),
    ...statusLines(ctx, translate, locale, n.figures),
    '',
    ctx.t('network-views-stats-own', { orders: n.own.orders, volume: m(n.own.volume) }),
    ctx.t('network-views-stats-by-child'),
  ];
  if (n.children.length === 0) lines.push(ctx.t('network-views-stats-no-children'));
  for (const row of n.children.slice(0, BOOK_ROWS * 2)) {
    lines.push(
      ctx.t('network-views-stats-child', {
        user: people(row.userId),
        orders: row.orders,
        volume: m(row.volume),
        commission: m(row.commission),
      }),
    );
  }
  if (n.children.length > BOOK_ROWS * 2)
    lines.push(ctx.t('network-views-stats-more', { count: n.children.length - BOOK_ROWS * 2 }));
  lines.push(ctx.t('network-views-stats-commission', { commission: m(n.commission) }));
  return lines;
}

/**
 * `/stats`: today and the last 7 days, from our order store; a reseller's own last 7 days; a distributor's
 * network's, by direct child with the commission that came through each.
 */
export function createStatsFeature(staff: StaffServices) {
  const composer = new Composer<BotContext>();

  composer.command('stats', requireRole('stats'), async (ctx) => {
    const locale = await ctx.i18n.getLocale();
    if (ctx.distributor) {
      const me = ctx.from!.id;
      const below = await staff.network.below(me);
      const network = await staff.stats.network(me, below, (from, to) =>
        staff.ledger.entriesIn(me, from, to),
      );
      const people = await staff.names.people(network.children.map((row) => row.userId));
      await ctx.reply(networkFigures(ctx, staff.translate, locale, network, people).join('\n'));
      const png = await chart(ctx, staff.translate, locale, network.figures, 'network');
      await ctx.replyWithPhoto(new InputFile(png, 'stats.png'));
      return;
    }
    if (ctx.role === 'reseller') {
      const figures = await staff.stats.daily({ resellerId: ctx.from!.id });
      await ctx.reply(ownFigures(ctx, staff.translate, locale, figures).join('\n'));
      const png = await chart(ctx, staff.translate, locale, figures, 'own');
      await ctx.replyWithPhoto(new InputFile(png, 'stats.png'));
      return;
    }
    const [figures, daily] = await Promise.all([staff.stats.compute(), staff.stats.daily()]);
    const shown = [figures.today, figures.week].flatMap((p) => p.byReseller.slice(0, BOOK_ROWS));
    const people = await staff.names.people(shown.map((r) => r.resellerId));
    const lines = [
      ...period(ctx, staff.translate, locale, 'admin-stats-today', figures.today, people),
      '',
      ...period(ctx, staff.translate, locale, 'admin-stats-week', figures.week, people),
    ];
    await ctx.reply(lines.join('\n'));
    const png = await chart(ctx, staff.translate, locale, daily, 'all');
    await ctx.replyWithPhoto(new InputFile(png, 'stats.png'));
  });

  return composer;
}
