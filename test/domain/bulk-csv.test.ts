import { describe, expect, it } from 'vitest';
import { bulkData, parseBulkData } from '../../src/bot/callback-data/bulk.ts';
import { BULK_MAX_BYTES, bulkTemplate, parseBulkFile } from '../../src/domain/bulk-csv.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('parseBulkFile', () => {
  it('reads a BOM, semicolons, a header and quoted fields, with the file line numbers', () => {
    const result = parseBulkFile(
      bytes(
        '\uFEFFphone;amount;operator;note\r\n"+234 803 123 4567";"1,5";MTN;"a ""quoted""; note"\r\n\r\n+2348031234568;500;;\r\n',
      ),
    );
    expect(result).toEqual({
      ok: true,
      delimiter: ';',
      rows: [
        { line: 2, phone: '+234 803 123 4567', amount: '1,5', operator: 'MTN', note: 'a "quoted"; note' },
        { line: 4, phone: '+2348031234568', amount: '500', operator: '', note: '' },
      ],
    });
  });

  it('reads a file without a header in template order, and columns in the header order', () => {
    const plain = parseBulkFile(
      bytes('+2348031234567,500\n+2348031234568,600,MTN,"two\nlines"\n+2348031234569,700'),
    );
    expect(plain.ok && plain.rows.map((r) => [r.line, r.phone, r.operator])).toEqual([
      [1, '+2348031234567', ''],
      [2, '+2348031234568', 'MTN'],
      [4, '+2348031234569', ''],
    ]);
    const reordered = parseBulkFile(bytes('amount,phone\n500,+2348031234567\n'));
    expect(reordered.ok && reordered.rows[0]).toMatchObject({ phone: '+2348031234567', amount: '500' });
  });

  it('parses its own template', () => {
    const template = parseBulkFile(bytes(bulkTemplate()));
    expect(template.ok && template.rows.length).toBe(2);
  });

  it.each([
    ['an empty file', bytes(''), 'empty'],
    ['blank lines', bytes('\n \r\n\n'), 'empty'],
    ['a header alone', bytes('phone,amount,operator,note\r\n'), 'empty'],
    ['a binary file', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 8, 0]), 'not-csv'],
    ['invalid UTF-8', new Uint8Array([0x2b, 0x32, 0xff, 0xfe, 0x2c, 0x35]), 'not-csv'],
    ['an unterminated quote', bytes('+2348031234567,"500\n'), 'not-csv'],
    ['one column', bytes('+2348031234567\n+2348031234568\n'), 'columns'],
    ['five columns', bytes('+2348031234567,500,MTN,x,y\n'), 'columns'],
    ['other header names', bytes('phone,amount,price\n+2348031234567,500,3\n'), 'columns'],
    ['a table without numbers', bytes('name,age\nbob,3\n'), 'columns'],
    [
      '1,001 lines',
      bytes(Array.from({ length: 1001 }, () => '+2348031234567,500').join('\n')),
      'too-many-lines',
    ],
    ['a file over the size limit', new Uint8Array(BULK_MAX_BYTES + 1).fill(0x31), 'too-large'],
  ])('refuses %s', (_name, input, problem) => {
    expect(parseBulkFile(input)).toEqual({ ok: false, problem });
  });

  it('takes exactly 1,000 lines', () => {
    const result = parseBulkFile(bytes(Array.from({ length: 1000 }, () => '+2348031234567,500').join('\n')));
    expect(result.ok && result.rows.length).toBe(1000);
  });
});

describe('bulk callback data', () => {
  it('round-trips every action and refuses anything else', () => {
    for (const action of ['start', 'drop', 'pause', 'resume', 'cancel'] as const) {
      const data = bulkData(action, 'AbC_-123xyz0');
      expect(data.length).toBeLessThanOrEqual(64);
      expect(parseBulkData(data)).toEqual({ action, runId: 'AbC_-123xyz0' });
    }
    expect(parseBulkData('bk:explode:abc')).toBeUndefined();
    expect(parseBulkData('bk:start:')).toBeUndefined();
    expect(parseBulkData('t:1:2:3')).toBeUndefined();
    expect(parseBulkData(undefined)).toBeUndefined();
  });
});
