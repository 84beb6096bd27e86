import { readFileSync } from 'node:fs';
import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  InvalidAmountError,
  checkAmountRange,
  currencyDigits,
  formatAmount,
  formatMoney,
  parseApiAmount,
  parseTypedAmount,
  toApiAmount,
  tryParseApiAmount,
} from '../../src/domain/money.ts';

/** An API money string: up to 15 integer digits and exactly 4 decimals, built from integers only. */
const apiAmount = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }), fc.integer({ min: 0, max: 9999 }))
  .map(([int, frac]) => `${int}.${String(frac).padStart(4, '0')}`);

describe('parseTypedAmount', () => {
  const accepted: [string, string][] = [
    ['500', '500'],
    ['500.5', '500.5'],
    ['500,5', '500.5'],
    ['+500', '500'],
    [' 500 ', '500'],
    ['1 000', '1000'],
    ['1 000 000', '1000000'],
    ['1\u00A0000', '1000'],
    ['1\u202F000,25', '1000.25'],
    ['1,000.50', '1000.5'],
    ['1.000,50', '1000.5'],
    ['12,345,678', '12345678'],
    ['12.345.678', '12345678'],
    ['1 000,500', '1000.5'],
    ['1000,000', '1000'],
    ['0,500', '0.5'],
    ['.5', '0.5'],
    ['0.0001', '0.0001'],
    ['1.000000', '1'],
    ['٥٠٠', '500'],
    ['١٢٣٫٥', '123.5'],
    ['۱۲۳', '123'],
    ['५००', '500'],
    ['５００', '500'],
    ['\u200F500\u200E', '500'],
    ['\u2067500\u2069', '500'],
    ['99999999999999999999', '99999999999999999999'],
  ];
  it.each(accepted)('accepts %j as %s', (input, expected) => {
    const result = parseTypedAmount(input);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.value).toBeInstanceOf(Decimal);
      expect(result.value.toFixed()).toBe(expected);
    }
  });

  const refused: [string, string][] = [
    ['', 'empty'],
    ['   ', 'empty'],
    ['\u200F', 'empty'],
    ['abc', 'not-a-number'],
    ['500 NGN', 'not-a-number'],
    ['5.', 'not-a-number'],
    ['1.5.5', 'not-a-number'],
    ['5 00', 'not-a-number'],
    ['1,00,000', 'not-a-number'],
    ['1.000.000,5.5', 'not-a-number'],
    ['0x10', 'not-a-number'],
    ['Infinity', 'not-a-number'],
    ['NaN', 'not-a-number'],
    ['--5', 'not-a-number'],
    ['.', 'not-a-number'],
    ['0', 'zero'],
    ['0.0000', 'zero'],
    ['-0', 'zero'],
    ['-5', 'negative'],
    ['\u22125', 'negative'],
    ['- 5', 'negative'],
    ['1.00001', 'too-many-decimals'],
    ['0,12345', 'too-many-decimals'],
    ['1e5', 'exponent'],
    ['1E+5', 'exponent'],
    ['2.5e-3', 'exponent'],
    ['1'.repeat(41), 'too-long'],
    ['1'.repeat(100_000), 'too-long'],
    ['1,000', 'ambiguous'],
    ['1.500', 'ambiguous'],
    ['250,000', 'ambiguous'],
  ];
  it.each(refused)('refuses %j as %s', (input, reason) => {
    expect(parseTypedAmount(input)).toEqual({ ok: false, reason });
  });

  it('never throws and always answers with a known shape, whatever the input', () => {
    const reasons = [
      'empty',
      'not-a-number',
      'zero',
      'negative',
      'too-many-decimals',
      'exponent',
      'too-long',
      'ambiguous',
    ];
    const anyText = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.string({ unit: 'grapheme' }),
      fc.stringMatching(/^[-+ \d.,eE\u0660-\u0669\u200F]{0,30}$/),
      fc.string({ minLength: 300, maxLength: 5000 }),
    );
    fc.assert(
      fc.property(anyText, (input) => {
        const result = parseTypedAmount(input);
        if (result.ok) {
          expect(result.value).toBeInstanceOf(Decimal);
          expect(result.value.isPositive() && !result.value.isZero()).toBe(true);
          expect(result.value.decimalPlaces()).toBeLessThanOrEqual(4);
        } else {
          expect(reasons).toContain(result.reason);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('reads what toApiAmount writes back to the same value', () => {
    fc.assert(
      fc.property(apiAmount, (text) => {
        const value = parseApiAmount(text);
        const typed = parseTypedAmount(toApiAmount(value));
        if (value.isZero()) expect(typed).toEqual({ ok: false, reason: 'zero' });
        else expect(typed.ok && typed.value.equals(value)).toBe(true);
      }),
    );
  });

  it('reads what formatAmount shows back to the same value, or calls it ambiguous', () => {
    fc.assert(
      fc.property(
        apiAmount,
        fc.constantFrom('en', 'fr', 'es', 'ru'),
        fc.constantFrom('USD', 'NGN', 'JPY', 'KWD'),
        (text, locale, currency) => {
          const value = parseApiAmount(text);
          fc.pre(!value.isZero());
          const typed = parseTypedAmount(formatAmount(value, currency, locale));
          if (typed.ok) expect(typed.value.equals(value)).toBe(true);
          else expect(typed.reason).toBe('ambiguous');
        },
      ),
    );
  });
});

describe('API amounts', () => {
  it('round-trips every 4-decimal string exactly, with no float in between', () => {
    fc.assert(
      fc.property(apiAmount, (text) => {
        expect(toApiAmount(parseApiAmount(text))).toBe(text);
      }),
    );
  });

  it('keeps decimal arithmetic exact where floats would not', () => {
    const sum = parseApiAmount('0.1000').plus(parseApiAmount('0.2000'));
    expect(toApiAmount(sum)).toBe('0.3000');
    expect(toApiAmount(parseApiAmount('12345678901234567.1234'))).toBe('12345678901234567.1234');
  });

  it('refuses malformed strings from the service', () => {
    for (const bad of ['', '1e5', ' 1.0', '1,0', 'abc', '0x10', 'NaN', null, 5, undefined]) {
      expect(() => parseApiAmount(bad)).toThrow(InvalidAmountError);
      expect(tryParseApiAmount(bad)).toBeNull();
    }
    expect(parseApiAmount('500').toFixed()).toBe('500');
  });

  it('never rounds when writing for the API', () => {
    expect(toApiAmount(new Decimal('500'))).toBe('500.0000');
    expect(() => toApiAmount(new Decimal('1.00001'))).toThrow(InvalidAmountError);
    expect(() => toApiAmount(new Decimal('-1'))).toThrow(InvalidAmountError);
  });

  it('money code uses no JavaScript numbers for amounts', () => {
    const source = readFileSync(new URL('../../src/domain/money.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/parseFloat|parseInt|\.toNumber\(|Number\(/);
  });
});

describe('display', () => {
  it('shows the currency decimals and never drops digits', () => {
    expect(formatMoney(new Decimal('1000.5'), 'NGN')).toBe('1,000.50 NGN');
    expect(formatMoney('500.0000', 'JPY')).toBe('500 JPY');
    expect(formatMoney('0.1234', 'USD')).toBe('0.1234 USD');
    expect(formatMoney('1.5', 'KWD')).toBe('1.500 KWD');
    expect(formatMoney('1234567.5', 'EUR', 'fr')).toBe('1\u202F234\u202F567,50 EUR');
    expect(formatMoney('12345678901234567.1234', 'USD')).toBe('12,345,678,901,234,567.1234 USD');
    expect(formatMoney('5', 'XX')).toBe('5.00 XX');
    expect(formatMoney('5', 'USD', 'not a locale')).toBe('5.00 USD');
  });

  it('knows currency minor units', () => {
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
    expect(currencyDigits('???')).toBe(2);
  });

  it('formats every API amount to a string holding exactly its value', () => {
    fc.assert(
      fc.property(apiAmount, (text) => {
        const shown = formatAmount(parseApiAmount(text), 'USD', 'en').replace(/,/g, '');
        expect(new Decimal(shown).equals(parseApiAmount(text))).toBe(true);
      }),
    );
  });
});

describe('checkAmountRange', () => {
  const min = new Decimal('50');
  const max = new Decimal('5000.5');
  it.each([
    ['49.9999', 'below'],
    ['50', 'ok'],
    ['2500', 'ok'],
    ['5000.5', 'ok'],
    ['5000.5001', 'above'],
  ])('%s is %s', (value, expected) => {
    expect(checkAmountRange(new Decimal(value), min, max)).toBe(expected);
  });
});
