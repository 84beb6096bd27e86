import { describe, expect, it } from 'vitest';
import { parseCreditAmount } from '../../src/accounts/amount.ts';

// Amounts typed for /credit, /limit and /balance alert: a comma before exactly three digits is a thousands
// separator in one language and a decimal mark in another, so it is refused with both readings.
describe('typed credit amounts', () => {
  it('1,000 is refused as ambiguous, with both readings: never read as 1', () => {
    expect(parseCreditAmount('1,000', 'USD')).toEqual({
      ok: false,
      problem: 'ambiguous',
      readings: { whole: '1000', point: '1.000' },
    });
    expect(parseCreditAmount('-2,500', 'USD', true)).toEqual({
      ok: false,
      problem: 'ambiguous',
      readings: { whole: '-2500', point: '-2.500' },
    });
    expect(parseCreditAmount('12,345', 'KWD')).toMatchObject({ ok: false, problem: 'ambiguous' });
    expect(parseCreditAmount('999,999', 'JPY')).toMatchObject({ ok: false, problem: 'ambiguous' });
  });

  it('a comma that can only be a decimal mark is read as one; a dot is always a decimal point', () => {
    const value = (text: string, currency = 'USD') => {
      const parsed = parseCreditAmount(text, currency, true);
      return parsed.ok ? parsed.value.toFixed() : parsed.problem;
    };
    expect(value('1,5')).toBe('1.5');
    expect(value('25,50')).toBe('25.5');
    expect(value('0,500', 'KWD')).toBe('0.5');
    expect(value('1000')).toBe('1000');
    expect(value('1.000')).toBe('1');
    expect(value('-1.50')).toBe('-1.5');
    expect(value('1,0000')).toBe('1');
    expect(value('1,000.00')).toBe('not-a-number');
  });
});
