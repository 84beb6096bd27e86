import { stringify } from 'csv-stringify/sync';

/**
 * CSV for the documents the bot sends (/statement, /export, the bulk report, the reconciliation report): quoting
 * by csv-stringify (RFC 4180, CRLF line ends), and text that a spreadsheet would run as a formula (a leading `=`,
 * `+`, `-`, `@`, tab or carriage return) defused with a leading `'`. Only a cell that is a plain number as a whole
 * keeps its sign: `-1+cmd|' /C calc'!A0` starts like a number and is still a formula. Long documents are split
 * into parts by `csvParts`.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** One field made safe to open in a spreadsheet. */
export function defuseFormula(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** One CSV record, ending in CRLF. */
export function csvLine(fields: readonly string[]): string {
  // A lone CR or LF is quoted too: csv-stringify quotes only the CRLF it writes, and an unquoted line break
  // would start a new row with whatever follows it (a formula included).
  return stringify([fields.map(defuseFormula)], { record_delimiter: 'windows', quoted_match: /[\r\n]/ });
}

/** Rows are sent in chunks of about this many characters. */
const CHUNK_BYTES = 16 * 1024;

/** One CSV file of several: its bytes as they are produced, and its row count once it has been read to the end. */
export interface CsvPart {
  /** 1-based. */
  index: number;
  chunks: AsyncIterable<Uint8Array>;
  /** Rows in this part; final once `chunks` was read to the end. */
  rows(): number;
}

/**
 * Splits `rows` (CSV records) into files of at most `maxBytes` each, `header` first in each (a single row larger
 * than that still gets a file of its own). Each part must be read to the end before the next is asked for;
 * nothing is held beyond the row in hand and what the source holds. The first part is always given, even with
 * no rows (the header says what the document would hold).
 */
export async function* csvParts(
  header: string,
  rows: AsyncIterable<string>,
  maxBytes: number,
): AsyncGenerator<CsvPart> {
  const headerBytes = Buffer.byteLength(header);
  const source = rows[Symbol.asyncIterator]();
  let pending: string | null = null;
  let done = false;
  let index = 0;

  async function nextRow(): Promise<string | null> {
    if (pending !== null) {
      const row = pending;
      pending = null;
      return row;
    }
    if (done) return null;
    const next = await source.next();
    if (next.done === true) {
      done = true;
      return null;
    }
    return next.value;
  }

  do {
    index += 1;
    let count = 0;
    async function* chunks(): AsyncGenerator<Uint8Array> {
      // Rows go out in chunks of about CHUNK_BYTES: few, larger buffers rather than one per row.
      let chunk = header;
      let size = headerBytes;
      for (;;) {
        const row = await nextRow();
        if (row === null) break;
        const bytes = Buffer.byteLength(row);
        if (count > 0 && size + bytes > maxBytes) {
          pending = row;
          break;
        }
        count += 1;
        size += bytes;
        chunk += row;
        if (chunk.length >= CHUNK_BYTES) {
          yield Buffer.from(chunk, 'utf8');
          chunk = '';
        }
      }
      if (chunk !== '') yield Buffer.from(chunk, 'utf8');
    }
    yield { index, chunks: chunks(), rows: () => count };
    if (pending === null) {
      // The consumer may have stopped early; see whether anything is left for another part.
      const row = await nextRow();
      if (row === null) return;
      pending = row;
    }
  } while (!done || pending !== null);
}
