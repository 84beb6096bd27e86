import { Decimal } from 'decimal.js';
import type { LedgerEntry } from './accounts.ts';

/** A statement's totals: `credits` are the balance's increases, `debits` its decreases (positive). */
export interface StatementSummary {
  opening: string;
  closing: string;
  credits: string;
  debits: string;
  entries: number;
}

export const STATEMENT_COLUMNS = [
  'entry_id',
  'time',
  'kind',
  'amount',
  'held',
  'balance_after',
  'holds_after',
  'currency',
  'reference',
  'note',
] as const;

/** One CSV field: quoted when it holds a comma, quote or line break; a leading =+-@ is defused for spreadsheets. */
export function csvField(value: string): string {
  const safe = /^[=+@\t\r]/.test(value) || (/^-/.test(value) && !/^-\d/.test(value)) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * The statement as CSV (header, one row per entry, oldest first) and its summary. `amount` is the balance change
 * of each entry, so the amounts sum to closing − opening; `held` is the change of the holds.
 */
export function buildStatement(
  opening: string,
  entries: readonly LedgerEntry[],
): { csv: string; summary: StatementSummary } {
  let credits = new Decimal(0);
  let debits = new Decimal(0);
  let closing = new Decimal(opening);
  const rows = [STATEMENT_COLUMNS.join(',')];
  for (const e of entries) {
    const amount = new Decimal(e.amount);
    if (amount.isPositive() && !amount.isZero()) credits = credits.plus(amount);
    if (amount.isNegative()) debits = debits.minus(amount);
    closing = new Decimal(e.balanceAfter);
    rows.push(
      [
        e.id,
        e.at.toISOString(),
        e.kind,
        e.amount,
        e.held,
        e.balanceAfter,
        e.holdsAfter,
        e.currency,
        e.ref,
        e.note,
      ]
        .map(csvField)
        .join(','),
    );
  }
  return {
    csv: rows.join('\r\n') + '\r\n',
    summary: {
      opening,
      closing: closing.toFixed(),
      credits: credits.toFixed(),
      debits: debits.toFixed(),
      entries: entries.length,
    },
  };
}

/** Parses `YYYY-MM-DD` as a UTC day start in ms, or null. */
export function parseUtcDay(text: string): number | null {
  if (!/^\d{4}-\d\d-\d\d$/.test(text)) return null;
  const ms = Date.parse(`${text}T00:00:00.000Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().startsWith(text) ? ms : null;
}
