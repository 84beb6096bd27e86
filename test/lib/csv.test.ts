import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { statementRow } from '../../src/accounts/statement.ts';
import { reportCsv } from '../../src/bulk/texts.ts';
import type { RunLine, RunRecord } from '../../src/bulk/store.ts';
import { csvLine, defuseFormula } from '../../src/lib/csv.ts';
import { exportRow } from '../../src/orders/export.ts';
import { differencesCsv } from '../../src/orders/reconcile-report.ts';
import type { StoredOrder } from '../../src/orders/types.ts';
import { intent } from '../orders/support/fixtures.ts';

// What a spreadsheet runs as a formula: a cell whose first character is one of these.
const TRIGGERS = ['=', '+', '-', '@', '\t', '\r'];
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const PAYLOAD = `-1+cmd|' /C calc'!A0`;

/** Whether a spreadsheet opening `cell` could run it. */
const runnable = (cell: string) => TRIGGERS.some((t) => cell.startsWith(t)) && !PLAIN_NUMBER.test(cell);

/** Cells as a spreadsheet reads them back from CSV text. */
const cellsOf = (text: string): string[][] => parse(text, { relax_column_count: true });

/** Cells that start like a formula, a number, or anything at all. */
const cells = fc.oneof(
  fc
    .tuple(fc.constantFrom(...TRIGGERS, '', ' ', "'", '1'), fc.string({ unit: 'binary' }))
    .map(([a, b]) => a + b),
  fc
    .tuple(fc.constantFrom('-', '+', ''), fc.stringMatching(/^\d{1,6}(\.\d{1,4})?$/), fc.string())
    .map(([sign, digits, tail]) => sign + digits + tail),
  fc.string({ unit: 'binary' }),
);

describe('CSV cells are defused against spreadsheet formulas', () => {
  it('a "-" and a digit followed by a formula is defused (the /credit note payload)', () => {
    expect(defuseFormula(PAYLOAD)).toBe(`'${PAYLOAD}`);
    expect(defuseFormula('-2+3')).toBe(`'-2+3`);
    expect(defuseFormula('-1e3')).toBe(`'-1e3`);
    expect(defuseFormula('-1.50\n=1')).toBe(`'-1.50\n=1`);
  });

  it('a cell that is a plain number stays as it is', () => {
    for (const n of ['-1.50', '12', '0.5', '-0.01', '0', '-7']) expect(defuseFormula(n)).toBe(n);
  });

  it('a line break inside a cell stays in the cell: no new row starts with a formula', () => {
    expect(cellsOf(csvLine(['note\n=1+1', 'x']))).toEqual([['note\n=1+1', 'x']]);
    expect(cellsOf(csvLine(['a\rb', '-1']))).toEqual([['a\rb', '-1']]);
  });

  it('over generated cells: no cell read back can run, and every cell reads back as written or with one leading quote', () => {
    fc.assert(
      fc.property(fc.array(cells, { minLength: 1, maxLength: 5 }), (fields) => {
        const rows = cellsOf(csvLine(fields));
        expect(rows).toHaveLength(1);
        const [read] = rows;
        expect(read).toHaveLength(fields.length);
        read!.forEach((cell, i) => {
          expect(runnable(cell)).toBe(false);
          expect(cell === fields[i] || cell === `'${fields[i]}`).toBe(true);
          // Nothing harmless is touched: a quote is added only where a spreadsheet would run the cell.
          expect(cell === `'${fields[i]}`).toBe(runnable(fields[i]!));
        });
      }),
      { numRuns: 3_000 },
    );
  });
});

describe('every CSV document goes through the defused cells', () => {
  it("/statement: an admin's /credit note", () => {
    const entry = {
      id: '1-0',
      at: new Date('2026-11-01T00:00:00Z'),
      kind: 'credit' as const,
      amount: '5.00',
      held: '0',
      balanceAfter: '5.00',
      holdsAfter: '0',
      ref: 'admin:1',
      note: PAYLOAD,
      currency: 'USD',
    };
    const [row] = cellsOf(statementRow(entry));
    expect(row!.at(-1)).toBe(`'${PAYLOAD}`);
    expect(row!.some(runnable)).toBe(false);
  });

  it('the bulk report: a line note', () => {
    const line: RunLine = {
      line: 2,
      account: '2348031234567',
      note: PAYLOAD,
      ext: 'rb-00000001',
      state: 'failed',
      country: 'NG',
      operatorKey: 'NG-MTN',
      operatorName: '=MTN',
      subtype: 'airtime',
      amount: '500',
      currency: 'NGN',
    } as RunLine;
    const run = {
      meta: { runId: 'r1', resellerId: 1, chatId: 1, locale: 'en', role: 'reseller', problems: [] },
    } as unknown as RunRecord;
    const [, row] = cellsOf(reportCsv(() => '', run, [line], new Map()));
    expect(row).toContain(`'${PAYLOAD}`);
    expect(row).toContain(`'=MTN`);
    expect(row!.some(runnable)).toBe(false);
  });

  it('the reconciliation report: what the Merchant API calls an order', () => {
    const csv = differencesCsv([
      {
        kind: 'missing',
        externalOrderId: PAYLOAD,
        orderId: '@SUM(A1)',
        theirs: 'succeeded',
        recorded: false,
      },
    ]);
    const [, row] = cellsOf(csv);
    expect(row!.slice(1, 3)).toEqual([`'${PAYLOAD}`, `'@SUM(A1)`]);
  });

  it('/export: an operator name from the catalogue', () => {
    const { credit: _credit, ...fields } = intent({
      quote: { operatorName: PAYLOAD } as StoredOrder['quote'],
    });
    const order: StoredOrder = {
      ...fields,
      placement: 'placed',
      history: [],
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
    };
    const [row] = cellsOf(exportRow(order, 'admin'));
    expect(row).toContain(`'${PAYLOAD}`);
    expect(row!.some(runnable)).toBe(false);
  });
});
