import { parse } from 'csv-parse/sync';

/**
 * The bulk top-up file: `phone,amount,operator,note` (operator and note optional), UTF-8 with or without a BOM,
 * comma or semicolon separated, fields optionally quoted. A header row is recognised by its column names and
 * skipped; without one the columns are read in that order.
 */

/** Most data lines one file may hold. */
const BULK_MAX_LINES = 1000;
/** Largest file read (a full file of long notes stays far below it). */
export const BULK_MAX_BYTES = 512 * 1024;
/** The columns, in template order. */
const BULK_COLUMNS = ['phone', 'amount', 'operator', 'note'] as const;
/** Longest note kept per line (it is only echoed in the report). */
const BULK_NOTE_MAX = 100;

/** One data row as typed, with its line number in the file (1-based, the header counts). */
export interface BulkRow {
  line: number;
  phone: string;
  amount: string;
  operator: string;
  note: string;
}

export type BulkFileProblem = 'empty' | 'not-csv' | 'too-many-lines' | 'too-large' | 'columns';

export type BulkFileResult =
  { ok: true; rows: BulkRow[]; delimiter: ',' | ';' } | { ok: false; problem: BulkFileProblem };

/** The template file sent by /bulk. */
export function bulkTemplate(): string {
  return [
    'phone,amount,operator,note',
    '+2348031234567,500,MTN,March payroll',
    '+2348031234568,1000,MTN,',
  ].join('\r\n');
}

/** The separator of the first non-empty line, outside quotes: `;` when it has more of them than commas. */
function detectDelimiter(text: string): ',' | ';' {
  const first = text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of first) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/** Whether the bytes look like text rather than a binary file (a NUL, or invalid UTF-8). */
function decodeText(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

const HEADER_NAMES = new Set<string>(BULK_COLUMNS);

/** Parses a bulk file; never throws. */
export function parseBulkFile(bytes: Uint8Array): BulkFileResult {
  if (bytes.length > BULK_MAX_BYTES) return { ok: false, problem: 'too-large' };
  const text = decodeText(bytes);
  if (text === null) return { ok: false, problem: 'not-csv' };
  if (text.trim() === '') return { ok: false, problem: 'empty' };
  const delimiter = detectDelimiter(text);
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, {
      bom: true,
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
      info: true,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch {
    return { ok: false, problem: 'not-csv' };
  }
  let start = 0;
  const head = records[0]?.record.map((c) => c.toLowerCase());
  if (head !== undefined && head.some((c) => HEADER_NAMES.has(c))) {
    // A header must name the phone and amount columns; any other names are refused (wrong file).
    if (
      !head.includes('phone') ||
      !head.includes('amount') ||
      head.some((c) => c !== '' && !HEADER_NAMES.has(c))
    )
      return { ok: false, problem: 'columns' };
    start = 1;
  }
  const order = start === 1 ? head! : [...BULK_COLUMNS];
  const at = (record: string[], name: string) => {
    const i = order.indexOf(name);
    return i === -1 ? '' : (record[i] ?? '').trim();
  };
  const data = records.slice(start);
  if (data.length === 0) return { ok: false, problem: 'empty' };
  if (data.length > BULK_MAX_LINES) return { ok: false, problem: 'too-many-lines' };
  // A file of one column, or of more columns than the format has, is not this format.
  if (data.some((r) => r.record.length < 2 || r.record.length > order.length))
    return { ok: false, problem: 'columns' };
  // No row with a number in its phone column: some other table.
  if (!data.some((r) => /\d{5}/.test(at(r.record, 'phone').replace(/[\s().\-/]/g, ''))))
    return { ok: false, problem: 'columns' };
  return {
    ok: true,
    delimiter,
    rows: data.map((r) => ({
      // The parser counts lines up to a record's end; a quoted line break inside it moves its start back.
      line: r.info.lines - r.record.reduce((n, field) => n + (field.match(/\n/g)?.length ?? 0), 0),
      phone: at(r.record, 'phone'),
      amount: at(r.record, 'amount'),
      operator: at(r.record, 'operator'),
      note: at(r.record, 'note').slice(0, BULK_NOTE_MAX),
    })),
  };
}
