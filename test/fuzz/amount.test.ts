import type { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTypedAmount, toApiAmount, type TypedAmountProblem } from '../../src/domain/money.ts';
import { boundsOf, fitsOptions, pairsForAmount, type OperatorChoice } from '../../src/orders/choices.ts';
import { DIGIT_ZEROS, amountLike, anyText, inScript, sprinkled } from './inputs.ts';

// The amount step: whatever is typed, the parser answers (never throws) with a value the API can take, or a
// reason the bot can explain. 2,000 to 3,000 generated inputs per property.

const REASONS: readonly TypedAmountProblem[] = [
  'empty',
  'not-a-number',
  'zero',
  'negative',
  'too-many-decimals',
  'exponent',
  'too-long',
  'ambiguous',
];

/** Whether an accepted value is one the service can take as it is. */
function sendable(value: Decimal): boolean {
  return (
    value.isFinite() && value.gt(0) && value.decimalPlaces() <= 4 && toApiAmount(value) === value.toFixed(4)
  );
}

describe('typed amounts (fuzz)', () => {
  it('never throws; an accepted amount is positive with at most 4 decimals, a refusal has a known reason', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, amountLike), (text) => {
        const result = parseTypedAmount(text);
        if (result.ok) expect(sendable(result.value)).toBe(true);
        else expect(REASONS).toContain(result.reason);
      }),
      { numRuns: 3_000 },
    );
  });

  it('reads digits of any script and ignores bidi marks: the same answer as the ASCII form', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9]{1,9}([.][0-9]{1,4})?$/),
        fc.constantFrom(...DIGIT_ZEROS),
        (ascii, zero) => {
          const expected = parseTypedAmount(ascii);
          fc.pre(expected.ok);
          const variants = fc.sample(sprinkled(inScript(ascii, zero)), 3);
          for (const typed of variants) {
            const got = parseTypedAmount(typed);
            expect(got.ok && expected.ok && got.value.eq(expected.value)).toBe(true);
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('refuses negative, exponent and huge forms, never turning them into a positive amount', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[1-9][0-9]{0,6}$/),
        fc.constantFrom('-', '−', '- ', '\u200f-'),
        fc.stringMatching(/^[eE][+-]?[0-9]{1,3}$/),
        (digits, minus, exponent) => {
          const negative = parseTypedAmount(`${minus}${digits}`);
          expect(negative).toEqual({ ok: false, reason: 'negative' });
          const exp = parseTypedAmount(`${digits}${exponent}`);
          expect(exp).toEqual({ ok: false, reason: 'exponent' });
          const huge = parseTypedAmount(digits.repeat(60).slice(0, 41 + digits.length));
          expect(huge).toEqual({ ok: false, reason: 'too-long' });
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('an accepted amount round-trips through the API form', () => {
    fc.assert(
      fc.property(fc.oneof(amountLike, fc.stringMatching(/^[0-9]{1,8}(\.[0-9]{1,4})?$/)), (text) => {
        const result = parseTypedAmount(text);
        fc.pre(result.ok);
        if (!result.ok) return;
        const again = parseTypedAmount(toApiAmount(result.value));
        expect(again.ok && again.value.eq(result.value)).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('range checks agree: an amount fits the options exactly when some option offers it', () => {
    const option = fc
      .tuple(
        fc.integer({ min: 1, max: 5_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.constantFrom('airtime', 'data'),
      )
      .map(([min, span, subtype]) => ({
        min: String(min),
        max: String(min + (span % 3 === 0 ? 0 : span)),
        currency: 'NGN',
        subtype,
        label: '',
      }));
    fc.assert(
      fc.property(fc.array(option, { minLength: 1, maxLength: 6 }), amountLike, (amounts, text) => {
        const parsed = parseTypedAmount(text);
        fc.pre(parsed.ok);
        if (!parsed.ok) return;
        const operator: OperatorChoice = { operatorKey: 'X', name: 'X', subtypes: [], amounts };
        const fits = fitsOptions(parsed.value, amounts);
        expect(pairsForAmount(operator, parsed.value).length > 0).toBe(fits);
        const bounds = boundsOf(amounts)!;
        if (fits) expect(parsed.value.gte(bounds.min) && parsed.value.lte(bounds.max)).toBe(true);
      }),
      { numRuns: 1_500 },
    );
  });
});
