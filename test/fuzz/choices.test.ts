import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  STEPS,
  clearFrom,
  isAskable,
  pageOf,
  previousStep,
  type TopUpState,
} from '../../src/bot/conversations/top-up-model.ts';
import { fold, searchCountries, searchOperators, toOperatorChoice } from '../../src/orders/choices.ts';
import { parseOneLine } from '../../src/bot/features/top-up.ts';
import { countryOfInternational, parsePhone } from '../../src/domain/phone.ts';
import type { Country } from '../../src/merchant/types.ts';
import { COUNTRIES, OPERATORS } from '../../src/sandbox/merchant/catalogue.ts';
import { Decimal } from 'decimal.js';
import { anyText, typedPhone, amountLike } from './inputs.ts';

// The country and operator steps, Back and page buttons, and the one-line /topup: whatever is typed, the
// helpers answer from the lists they were given and never throw. 1,500 to 3,000 generated inputs each.

const countries: Country[] = COUNTRIES.map((c) => ({
  code: c.code,
  name: c.name,
  currencyCodes: [],
  operatorCount: 1,
  offerCount: 1,
}));

const operatorChoices = OPERATORS.map((o) =>
  toOperatorChoice({
    operatorKey: o.key,
    name: o.name,
    country: o.country,
    countryName: '',
    logoUrl: '',
    subtypes: [...new Set(o.amounts.map((a) => a.subtype))],
    amountModel: 'range',
    currencyCodes: [],
    amounts: o.amounts.map((a) => ({
      min: new Decimal(a.min),
      max: new Decimal(a.max),
      currency: a.currency,
      subtype: a.subtype,
      label: '',
    })),
    offerCount: 1,
  }),
);

describe('country and operator steps (fuzz)', () => {
  it('a typed country answers with countries from the list only, and an exact code or name finds its country', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anyText,
          fc.constantFrom(...countries.flatMap((c) => [c.code, c.name.toUpperCase(), ` ${c.name} `])),
        ),
        (text) => {
          const found = searchCountries(countries, text);
          for (const c of found) expect(countries).toContain(c);
          const exact = countries.find((c) => fold(c.code) === fold(text) || fold(c.name) === fold(text));
          if (exact) expect(found).toContain(exact);
        },
      ),
      { numRuns: 3_000 },
    );
  });

  it('a typed operator answers with operators from the list only', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const found = searchOperators(operatorChoices, text);
        for (const o of found) expect(operatorChoices).toContain(o);
        expect(fold(text)).toBe(fold(fold(text)));
      }),
      { numRuns: 2_000 },
    );
  });

  it('page buttons with any page number stay inside the list', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(), { maxLength: 80 }),
        fc.integer(),
        fc.integer({ min: 1, max: 12 }),
        (items, page, size) => {
          const listed = pageOf(items, page, size);
          expect(listed.page).toBeGreaterThanOrEqual(0);
          expect(listed.page).toBeLessThan(listed.pages);
          expect(listed.items.length).toBeLessThanOrEqual(size);
          for (const item of listed.items) expect(items).toContain(item);
        },
      ),
      { numRuns: 1_500 },
    );
  });

  it('Back from any step goes to an earlier askable step and forgets what depends on it', () => {
    const state = fc.record(
      {
        country: fc.constantFrom(...countries.map((c) => ({ code: c.code, name: c.name }))),
        operator: fc.constantFrom(...operatorChoices),
        subtype: fc.constantFrom('airtime', 'data', 'bundle'),
        currency: fc.constantFrom('NGN', 'USD', 'KES'),
        amount: fc.constantFrom('100', '500.5'),
        phone: fc.constant({
          digits: '2348031234567',
          international: '+234 803 123 4567',
          masked: '+234 *** *** 4567',
        }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(state, fc.constantFrom(...STEPS), (s: TopUpState, step) => {
        const back = previousStep(step, s);
        if (back !== undefined) {
          expect(STEPS.indexOf(back)).toBeLessThan(STEPS.indexOf(step));
          expect(isAskable(back, s)).toBe(true);
          const cleared = clearFrom(back, s);
          if (back === 'country') expect(cleared.phone).toBeUndefined();
          if (back === 'amount') expect(cleared.amount).toBeUndefined();
        }
      }),
      { numRuns: 1_500 },
    );
  });
});

describe('one-line /topup (fuzz)', () => {
  it('never throws; a phone it finds is in international form and the rest is kept as typed', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const args = parseOneLine(text);
        if (args.phone !== undefined) expect(args.phone.startsWith('+')).toBe(true);
        const kept = [args.phone, args.amount, args.operator].filter((x) => x !== undefined).join('');
        expect(kept.replace(/^\+/, '').replace(/\s/g, '')).toBe(
          text.trim().split(/\s+/).join('').replace(/^\+/, ''),
        );
      }),
      { numRuns: 3_000 },
    );
  });

  it('an amount whose digits would also make the number longer stays the amount (a plan of varying lengths)', () => {
    // Austrian mobile numbers run from 10 to 13 digits: +43 664 123456 and +43 664 1234560 are both valid.
    expect(parseOneLine('+43664123456 0 Airtel Nigeria')).toEqual({
      phone: '+43664123456',
      amount: '0',
      operator: 'Airtel Nigeria',
    });
    expect(parseOneLine('+43 664 123456 50')).toEqual({ phone: '+43664123456', amount: '50' });
    expect(parseOneLine('+234 803 123 4567 500 MTN')).toEqual({
      phone: '+2348031234567',
      amount: '500',
      operator: 'MTN',
    });
  });

  it('a valid international number, an amount and an operator are split back into the three', () => {
    fc.assert(
      fc.property(
        typedPhone.filter((p) => p.typed.startsWith('+') && /^[+\d ]+$/.test(p.typed)),
        amountLike.filter((a) => !/\s/.test(a) && a !== ''),
        fc.constantFrom('', 'MTN', 'Airtel Nigeria', 'glo'),
        ({ e164, typed }, amount, operator) => {
          const args = parseOneLine(`${typed} ${amount} ${operator}`);
          expect(args.phone?.replace(/\s/g, '')).toBe(typed.replace(/\s/g, ''));
          expect(args.amount).toBe(amount);
          expect(args.operator).toBe(operator === '' ? undefined : operator);
          const country = countryOfInternational(args.phone!);
          expect(country.ok && parsePhone(args.phone!, country.country).ok).toBe(true);
          expect(e164.startsWith('+')).toBe(true);
        },
      ),
      { numRuns: 1_500 },
    );
  });
});
