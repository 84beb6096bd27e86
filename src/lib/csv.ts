import { stringify } from 'csv-stringify/sync';

/**
 * CSV lines for the documents the bot sends (/statement, /export, the reconciliation report): quoting by
 * csv-stringify (RFC 4180, CRLF line ends), and text that a spreadsheet would run as a formula (a leading
 * `=`, `+`, `@`, tab or carriage return, or a `-` not starting a number) defused with a leading `'`.
 */

/** One field made safe to open in a spreadsheet. */
export function defuseFormula(value: string): string {
  return /^[=+@\t\r]/.test(value) || (/^-/.test(value) && !/^-\d/.test(value)) ? `'${value}` : value;
}

/** One CSV record, ending in CRLF. */
export function csvLine(fields: readonly string[]): string {
  return stringify([fields.map(defuseFormula)], { record_delimiter: 'windows' });
}
