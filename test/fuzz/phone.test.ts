import fc from 'fast-check';
import { getCountryCallingCode, type CountryCode } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { countryOfInternational, maskPhone, parsePhone, type PhoneProblem } from '../../src/domain/phone.ts';
import { MOBILE_EXAMPLES, anyText, typedPhone } from './inputs.ts';

// The phone step: national and international forms, separators, other scripts, bidi marks, other countries'
// numbers and plain garbage. 2,000 to 3,000 generated inputs per property.

const PROBLEMS: readonly PhoneProblem[] = ['empty', 'invalid', 'wrong-country', 'not-mobile', 'too-long'];
const COUNTRIES = MOBILE_EXAMPLES.map((e) => e.country);

describe('phone numbers (fuzz)', () => {
  it('never throws; an accepted number is E.164 digits of the chosen country, a refusal has a known reason', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anyText,
          typedPhone.map((p) => p.typed),
        ),
        fc.constantFrom(...COUNTRIES, 'XX', '', 'ng'),
        (text, country) => {
          const result = parsePhone(text, country);
          if (result.ok) {
            expect(result.phone.e164Digits).toMatch(/^[1-9][0-9]{6,14}$/);
            expect(result.phone.country).toBe(country.toUpperCase());
            // Accepting it again from its own E.164 form gives the same number: nothing is guessed twice.
            const again = parsePhone(`+${result.phone.e164Digits}`, country);
            expect(again.ok && again.phone.e164Digits).toBe(result.phone.e164Digits);
          } else {
            expect(PROBLEMS).toContain(result.reason);
          }
          const international = countryOfInternational(text);
          if (international.ok) expect(international.country).toMatch(/^[A-Z]{2}$/);
        },
      ),
      { numRuns: 3_000 },
    );
  });

  it("every country's mobile number, however typed, is accepted for its country as the same digits", () => {
    fc.assert(
      fc.property(typedPhone, ({ country, e164, typed }) => {
        const result = parsePhone(typed, country);
        expect(result.ok && result.phone.e164Digits).toBe(e164.slice(1));
      }),
      { numRuns: 3_000 },
    );
  });

  it("another country's number with its own calling code is never accepted for a country of another code", () => {
    fc.assert(
      fc.property(fc.constantFrom(...MOBILE_EXAMPLES), fc.constantFrom(...COUNTRIES), (example, chosen) => {
        fc.pre(
          getCountryCallingCode(example.country as CountryCode) !==
            getCountryCallingCode(chosen as CountryCode),
        );
        const result = parsePhone(example.e164, chosen);
        expect(result.ok).toBe(false);
      }),
      { numRuns: 2_000 },
    );
  });

  it('the masked form never shows more than the last 4 digits of the subscriber number', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MOBILE_EXAMPLES), fc.stringMatching(/^[0-9]{4}$/), (example, last4) => {
        const digits = example.e164.slice(1, -4) + last4;
        const masked = maskPhone(digits);
        const code = getCountryCallingCode(example.country as CountryCode);
        const national = digits.slice(code.length);
        expect(masked.endsWith(last4)).toBe(true);
        expect(masked.replace(/\D/g, '').length).toBeLessThanOrEqual(code.length + 4);
        if (national.length > 4) expect(masked).not.toContain(national);
      }),
      { numRuns: 2_000 },
    );
  });
});
