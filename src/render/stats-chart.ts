import { Decimal } from 'decimal.js';
import { clip, svgDocument, text } from './svg.ts';

/** Orders created on one UTC day, per status, and the revenue of that day's succeeded orders. */
export interface ChartDay {
  /** `YYYY-MM-DD` (UTC). */
  day: string;
  byStatus: Record<string, number>;
  /** Exact decimal string in the chart's currency. */
  revenue: string;
}

export interface ChartLabels {
  title: string;
  orders: string;
  /** Revenue axis title, with its currency. */
  revenue: string;
  /** Status -> its name in the reader's language (the legend). */
  statuses: Record<string, string>;
  /** Formats an exact amount for the axis (the currency's own digits). */
  money: (amount: string) => string;
}

export const CHART_WIDTH = 800;
export const CHART_HEIGHT = 520;

/** Colours of the statuses, in stacking order (others, such as new service statuses, are grey). */
const STATUS_COLOURS: ReadonlyArray<[string, string]> = [
  ['succeeded', '#2da44e'],
  ['accepted', '#54aeff'],
  ['processing', '#0969da'],
  ['placing', '#8c959f'],
  ['manual_review', '#bf8700'],
  ['failed', '#cf222e'],
  ['refunded', '#8250df'],
  ['rejected', '#6e7781'],
];
const OTHER_COLOUR = '#afb8c1';

const LEFT = 70;
const RIGHT = 30;
const PLOT_WIDTH = CHART_WIDTH - LEFT - RIGHT;
const ORDERS_TOP = 90;
const ORDERS_HEIGHT = 200;
const REVENUE_TOP = 340;
const REVENUE_HEIGHT = 120;

/** A round step for an axis up to `max` (1, 2 or 5 times a power of ten), so there are at most 5 ticks. */
function niceStep(max: Decimal): Decimal {
  if (max.lte(0)) return new Decimal(1);
  const rough = max.dividedBy(5);
  const power = new Decimal(10).pow(Math.floor(Math.log10(rough.toNumber())));
  for (const m of [1, 2, 5, 10]) if (power.times(m).gte(rough)) return power.times(m);
  return power.times(10);
}

/** Pixels for `value` on an axis of `height` pixels topped at `top` (ratios only: amounts stay exact). */
function scale(value: Decimal, top: Decimal, height: number): number {
  return top.lte(0) ? 0 : value.dividedBy(top).times(height).toDecimalPlaces(1).toNumber();
}

/**
 * Orders per day by status (stacked bars) over revenue per day (bars), as an SVG document of
 * CHART_WIDTH x CHART_HEIGHT pixels. Days are drawn in the order given.
 */
export function statsChartSvg(days: readonly ChartDay[], labels: ChartLabels): string {
  const body: string[] = [text(LEFT, 36, clip(labels.title, 60), { size: 20, weight: 'bold' })];
  const known = new Set(STATUS_COLOURS.map(([s]) => s));
  const present = new Set(
    days.flatMap((d) => Object.keys(d.byStatus).filter((s) => (d.byStatus[s] ?? 0) > 0)),
  );
  const legend = [
    ...STATUS_COLOURS.filter(([s]) => present.has(s)),
    ...[...present]
      .filter((s) => !known.has(s))
      .sort()
      .map((s): [string, string] => [s, OTHER_COLOUR]),
  ];
  let lx = LEFT;
  for (const [status, colour] of legend) {
    const name = clip(labels.statuses[status] ?? status, 18);
    body.push(`<rect x="${lx}" y="52" width="12" height="12" fill="${colour}"/>`);
    body.push(text(lx + 16, 63, name, { size: 12 }));
    lx += 28 + [...name].length * 7;
  }

  const slot = PLOT_WIDTH / Math.max(1, days.length);
  const barWidth = Math.min(60, slot * 0.6);
  const totals = days.map((d) => Object.values(d.byStatus).reduce((a, n) => a + n, 0));
  const orderStep = niceStep(new Decimal(Math.max(0, ...totals)));
  const orderTop = Decimal.max(
    orderStep,
    orderStep.times(Math.ceil(Math.max(0, ...totals) / orderStep.toNumber())),
  );
  const revenues = days.map((d) => new Decimal(d.revenue));
  const revenueMax = revenues.reduce((a, b) => Decimal.max(a, b), new Decimal(0));
  const revenueStep = niceStep(revenueMax);
  const revenueTop = Decimal.max(revenueStep, revenueMax.dividedBy(revenueStep).ceil().times(revenueStep));

  const axis = (top: number, height: number, max: Decimal, step: Decimal, format: (v: Decimal) => string) => {
    for (let v = new Decimal(0); v.lte(max); v = v.plus(step)) {
      const y = top + height - scale(v, max, height);
      body.push(`<line x1="${LEFT}" y1="${y}" x2="${CHART_WIDTH - RIGHT}" y2="${y}" stroke="#d0d7de"/>`);
      body.push(text(LEFT - 6, y + 4, format(v), { size: 11, anchor: 'end', fill: '#57606a' }));
    }
  };
  body.push(text(LEFT, ORDERS_TOP - 8, labels.orders, { size: 13, weight: 'bold' }));
  axis(ORDERS_TOP, ORDERS_HEIGHT, orderTop, orderStep, (v) => v.toFixed());
  body.push(text(LEFT, REVENUE_TOP - 8, clip(labels.revenue, 60), { size: 13, weight: 'bold' }));
  axis(REVENUE_TOP, REVENUE_HEIGHT, revenueTop, revenueStep, (v) => labels.money(v.toFixed()));

  days.forEach((d, i) => {
    const x = LEFT + i * slot + (slot - barWidth) / 2;
    let y = ORDERS_TOP + ORDERS_HEIGHT;
    for (const [status, colour] of legend) {
      const n = d.byStatus[status] ?? 0;
      if (n <= 0) continue;
      const h = scale(new Decimal(n), orderTop, ORDERS_HEIGHT);
      y -= h;
      body.push(`<rect x="${x}" y="${y}" width="${barWidth}" height="${h}" fill="${colour}"/>`);
    }
    const total = totals[i] ?? 0;
    if (total > 0) body.push(text(x + barWidth / 2, y - 4, String(total), { size: 11, anchor: 'middle' }));
    const h = scale(revenues[i]!, revenueTop, REVENUE_HEIGHT);
    body.push(
      `<rect x="${x}" y="${REVENUE_TOP + REVENUE_HEIGHT - h}" width="${barWidth}" height="${h}" fill="#0969da"/>`,
    );
    body.push(
      text(x + barWidth / 2, REVENUE_TOP + REVENUE_HEIGHT + 18, d.day.slice(5), {
        size: 12,
        anchor: 'middle',
      }),
    );
  });
  return svgDocument(CHART_WIDTH, CHART_HEIGHT, body);
}
