import { Decimal } from 'decimal.js';
import { csvLine, csvParts, type CsvPart } from '../lib/csv.ts';
import type { LedgerEntry } from './account-reads.ts';
import { nameText, withNames, type UserDirectory, type UserName } from './names.ts';

/** A statement's totals: `credits` are the balance's increases, `debits` its decreases (positive). */
export interface StatementSummary {
  opening: string;
  closing: string;
  credits: string;
  debits: string;
  entries: number;
}

const STATEMENT_COLUMNS = [
  'entry_id',
  'time',
  'kind',
  'amount',
  'held',
  'balance_after',
  'holds_after',
  'currency',
  'reference',
  'reference_name',
  'note',
] as const;

/** The admin a reference `admin:<id>` names (who moved the credit), if it is one. */
function adminOf(ref: string): number | undefined {
  const match = /^admin:(\d{1,15})$/.exec(ref);
  return match === null ? undefined : Number(match[1]);
}

/** One ledger entry as one CSV record; `refName` is the name of the admin its reference names, if known. */
export function statementRow(e: LedgerEntry, refName?: UserName): string {
  return csvLine([
    e.id,
    e.at.toISOString(),
    e.kind,
    e.amount,
    e.held,
    e.balanceAfter,
    e.holdsAfter,
    e.currency,
    e.ref,
    nameText(refName),
    e.note,
  ]);
}

/**
 * The statement as CSV parts of at most `maxBytes` (header in each, one row per entry, oldest first; see
 * `csvParts`), read from `entries` as the parts are sent, and its summary once every part was read. `amount` is
 * the balance change of each entry, so the amounts sum to closing − opening; `held` is the change of the holds.
 * `names` fills `reference_name` (a page of entries at a time); null leaves it empty.
 */
export function statementParts(
  opening: string,
  entries: AsyncIterable<LedgerEntry>,
  maxBytes: number,
  names: Pick<UserDirectory, 'namesOf'> | null,
): { parts: AsyncGenerator<CsvPart>; summary(): StatementSummary } {
  let credits = new Decimal(0);
  let debits = new Decimal(0);
  let closing = new Decimal(opening);
  let count = 0;
  async function* rows(): AsyncGenerator<string> {
    const named = names === null ? unnamed(entries) : withNames(entries, (e) => adminOf(e.ref), names);
    for await (const [e, refName] of named) {
      const amount = new Decimal(e.amount);
      if (amount.isPositive() && !amount.isZero()) credits = credits.plus(amount);
      if (amount.isNegative()) debits = debits.minus(amount);
      closing = new Decimal(e.balanceAfter);
      count += 1;
      yield statementRow(e, refName);
    }
  }
  return {
    parts: csvParts(csvLine(STATEMENT_COLUMNS), rows(), maxBytes),
    summary: () => ({
      opening,
      closing: closing.toFixed(),
      credits: credits.toFixed(),
      debits: debits.toFixed(),
      entries: count,
    }),
  };
}

/** Each entry with no name beside its reference (a reseller's own statement). */
async function* unnamed(entries: AsyncIterable<LedgerEntry>): AsyncGenerator<[LedgerEntry, undefined]> {
  for await (const e of entries) yield [e, undefined];
}

/** Parses `YYYY-MM-DD` as a UTC day start in ms, or null. */
export function parseUtcDay(text: string): number | null {
  if (!/^\d{4}-\d\d-\d\d$/.test(text)) return null;
  const ms = Date.parse(`${text}T00:00:00.000Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().startsWith(text) ? ms : null;
}
