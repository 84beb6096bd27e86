import { Decimal } from 'decimal.js';
import { csvLine } from '../lib/csv.ts';
import { html, htmlToPlain } from '../lib/html.ts';
import { formatMoney } from '../domain/money.ts';
import { maskPhone } from '../domain/phone.ts';
import type { Translate } from '../orders/texts.ts';
import type { StoredOrder } from '../orders/types.ts';
import type { DraftView, ProgressView } from './runs.ts';
import type { RunLine, RunRecord } from './store.ts';
import type { LineProblem } from './validate.ts';

/** Lines with errors listed in the summary; the rest are counted (the report has them all). */
const LISTED_PROBLEMS = 20;
const BAR_CELLS = 10;

/** One line's problem in the reader's language, as HTML (the translation escapes what echoes the file). */
function problemText(t: Translate, locale: string, problem: Pick<LineProblem, 'key' | 'vars'>): string {
  return t(locale, problem.key, problem.vars);
}

/** The ✅/❌ summary of a checked file (HTML). */
export function summaryText(t: Translate, locale: string, view: DraftView): string {
  const parts = [t(locale, 'bulk-summary', { valid: view.valid, errors: view.problems.length })];
  if (view.problems.length > 0) {
    // What a line echoes of the file is cut short here (the report has it whole): the summary stays one message.
    const listed = view.problems.slice(0, LISTED_PROBLEMS).map((p) =>
      t(locale, 'bulk-summary-line-error', {
        line: String(p.line),
        problem: html(problemText(t, locale, { key: p.key, vars: shortened(p.vars) })),
      }),
    );
    if (view.problems.length > LISTED_PROBLEMS)
      listed.push(t(locale, 'bulk-summary-more-errors', { count: view.problems.length - LISTED_PROBLEMS }));
    parts.push(listed.join('\n'));
  }
  if (view.valid > 0) {
    const est = view.estimate;
    if (est === null) parts.push(t(locale, 'bulk-summary-no-estimate'));
    else {
      const cost = formatMoney(est.amount, est.currency, locale);
      parts.push(
        t(locale, est.approximate ? 'bulk-summary-estimate-approx' : 'bulk-summary-estimate', { cost }),
      );
      if (view.available !== undefined) {
        const available = formatMoney(view.available, est.currency, locale);
        const short = new Decimal(est.amount).gt(view.available);
        parts.push(t(locale, short ? 'bulk-summary-credit-short' : 'bulk-summary-credit', { available }));
      }
    }
    parts.push(t(locale, 'bulk-summary-confirm'));
  } else {
    parts.push(t(locale, 'bulk-summary-nothing'));
  }
  return parts.join('\n\n');
}

/** Longest echo of a file's cell in the summary: 20 listed lines stay far below Telegram's 4,096 characters. */
const ECHO_MAX = 60;

function shortened(vars: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(vars).map(([name, value]) => [
      name,
      value.length > ECHO_MAX ? `${value.slice(0, ECHO_MAX - 1)}…` : value,
    ]),
  );
}

/** The progress bar: filled cells for the lines done (placed, failed or skipped). */
function progressBar(done: number, total: number): string {
  const filled = total === 0 ? BAR_CELLS : Math.round((done / total) * BAR_CELLS);
  return '▓'.repeat(filled) + '░'.repeat(BAR_CELLS - filled);
}

/** The one progress message of a run (HTML). */
export function progressText(t: Translate, locale: string, view: ProgressView): string {
  const done = view.total - view.left;
  const head = t(locale, `bulk-progress-${view.state === 'draft' ? 'running' : view.state}`);
  const percent = view.total === 0 ? 100 : Math.floor((done / view.total) * 100);
  const lines = [
    head,
    `${progressBar(done, view.total)} ${percent}%`,
    t(locale, 'bulk-progress-counts', {
      placed: view.placed,
      failed: view.failed,
      left: view.left,
    }),
  ];
  if (view.skipped > 0) lines.push(t(locale, 'bulk-progress-skipped', { count: view.skipped }));
  if (view.stopped !== undefined)
    lines.push(t(locale, 'bulk-progress-stopped', { reason: html(t(locale, view.stopped)) }));
  if (view.currency !== '')
    lines.push(t(locale, 'bulk-progress-spent', { spent: formatMoney(view.spent, view.currency, locale) }));
  if (view.endsAt !== undefined) {
    const at = new Date(view.endsAt).toISOString().slice(11, 16);
    lines.push(t(locale, 'bulk-progress-eta', { time: `${at} UTC` }));
  }
  return lines.join('\n');
}

const REPORT_COLUMNS = [
  'line',
  'phone',
  'operator',
  'amount',
  'currency',
  'note',
  'merchant_order_number',
  'order_id',
  'status',
  'price',
  'price_currency',
  'error',
] as const;

/**
 * The report CSV: every line of the file in order, with its merchant order number and service order ID, the
 * order's status now and what it holds or spent; a line refused at validation or not placed says why. Phone
 * numbers are masked (the report is a document that travels).
 */
export function reportCsv(
  t: Translate,
  run: RunRecord,
  lines: RunLine[],
  orders: Map<string, StoredOrder | null>,
): string {
  const locale = run.meta.locale;
  const currency = run.meta.currency ?? '';
  const rows: Array<{ line: number; cells: string[] }> = [];
  for (const l of lines) {
    const order = orders.get(l.ext) ?? null;
    // A line handed over without a definite answer may have been refused later by the placement re-sends.
    const refused = order?.placement === 'rejected';
    const status = refused
      ? 'not-placed'
      : l.state === 'placed'
        ? (order?.status ?? order?.placement ?? 'placing')
        : l.state === 'skipped'
          ? 'not-placed-cancelled'
          : 'not-placed';
    rows.push({
      line: l.line,
      cells: [
        String(l.line),
        maskPhone(l.account),
        l.operatorName,
        l.amount,
        l.currency,
        l.note,
        l.ext,
        order?.orderId ?? '',
        status,
        l.state === 'placed' && !refused ? (l.price ?? '') : '',
        l.state === 'placed' && !refused
          ? (order?.credit?.currency ?? order?.quote.merchantCurrency ?? currency)
          : '',
        l.error !== undefined
          ? t(locale, l.error, { number: l.ext })
          : refused
            ? t(locale, 'bulk-line-refused-other')
            : '',
      ],
    });
  }
  for (const p of run.meta.problems) {
    rows.push({
      line: p.line,
      cells: [
        String(p.line),
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        'invalid',
        '',
        '',
        htmlToPlain(problemText(t, locale, p)),
      ],
    });
  }
  rows.sort((a, b) => a.line - b.line);
  return csvLine(REPORT_COLUMNS) + rows.map((r) => csvLine(r.cells)).join('');
}
