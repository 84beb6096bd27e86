import fc from 'fast-check';
import examples from 'libphonenumber-js/examples.mobile.json';
import { getCountries, getExampleNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { countryOfInternational, maskPhone, parsePhone } from '../../src/domain/phone.ts';

const MOBILE_TYPES = ['MOBILE', 'FIXED_LINE_OR_MOBILE', undefined];

describe('parsePhone', () => {
  const accepted: [string, string, string, string][] = [
    ['0803 123 4567', 'NG', '2348031234567', '+234 803 123 4567'],
    ['08031234567', 'NG', '2348031234567', '+234 803 123 4567'],
    ['+234 803 123 4567', 'NG', '2348031234567', '+234 803 123 4567'],
    ['+234-803-123-4567', 'NG', '2348031234567', '+234 803 123 4567'],
    ['(0803) 123.4567', 'NG', '2348031234567', '+234 803 123 4567'],
    ['2348031234567', 'NG', '2348031234567', '+234 803 123 4567'],
    ['002348031234567', 'NG', '2348031234567', '+234 803 123 4567'],
    ['٠٨٠٣١٢٣٤٥٦٧', 'NG', '2348031234567', '+234 803 123 4567'],
    ['\u200E+234 803 123 4567\u200E', 'NG', '2348031234567', '+234 803 123 4567'],
    ['0803 123 4567', 'ng', '2348031234567', '+234 803 123 4567'],
    ['8 (916) 123-45-67', 'RU', '79161234567', '+7 916 123 45 67'],
    ['+1 416 555 0123', 'CA', '14165550123', '+1 416 555 0123'],
    ['041 2345678', 'AX', '358412345678', '+358 41 2345678'],
    ['+358 41 2345678', 'AX', '358412345678', '+358 41 2345678'],
    ['+358 41 2345678', 'FI', '358412345678', '+358 41 2345678'],
    ['(212) 555-0123', 'US', '12125550123', '+1 212 555 0123'],
    ['024 123 4567', 'GH', '233241234567', '+233 24 123 4567'],
  ];
  it.each(accepted)('accepts %j for %s', (input, country, e164Digits, international) => {
    expect(parsePhone(input, country)).toEqual({
      ok: true,
      phone: { e164Digits, international, country: country.toUpperCase() },
    });
  });

  const refused: [string, string, string][] = [
    ['', 'NG', 'empty'],
    ['  \u200F ', 'NG', 'empty'],
    ['call me', 'NG', 'invalid'],
    ['0803 123 4567 ext 2', 'NG', 'invalid'],
    ['++2348031234567', 'NG', 'invalid'],
    ['0803 123', 'NG', 'invalid'],
    ['0803 123 4567', 'XX', 'invalid'],
    ['+233 24 123 4567', 'NG', 'wrong-country'],
    ['+1 416 555 0123', 'US', 'wrong-country'],
    ['+44 20 7946 0958', 'NG', 'wrong-country'],
    ['09 1234567', 'AX', 'wrong-country'],
    ['+44 7700 900123', 'GB', 'invalid'],
    ['020 7946 0958', 'GB', 'not-mobile'],
    ['030 12345678', 'DE', 'not-mobile'],
    ['0803 123 4567 8901 2345', 'NG', 'too-long'],
    ['1'.repeat(500), 'NG', 'too-long'],
  ];
  it.each(refused)('refuses %j for %s as %s', (input, country, reason) => {
    expect(parsePhone(input, country)).toEqual({ ok: false, reason });
  });

  it('never throws, and whatever it accepts is a valid mobile number of that country', () => {
    const countries = getCountries();
    const input = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.stringMatching(/^\+?[\d ()\-.]{0,20}$/),
      fc.constantFrom(...countries).map((c) => getExampleNumber(c, examples)?.formatNational() ?? ''),
    );
    fc.assert(
      fc.property(
        input,
        fc.oneof(fc.constantFrom(...countries), fc.string({ maxLength: 3 })),
        (text, country) => {
          const result = parsePhone(text, country);
          if (!result.ok) {
            expect(['empty', 'invalid', 'wrong-country', 'not-mobile', 'too-long']).toContain(result.reason);
            return;
          }
          const again = parsePhoneNumberFromString(`+${result.phone.e164Digits}`);
          if (again === undefined) throw new Error('accepted number does not parse again');
          // Countries sharing a calling code: check validity against the chosen country's own ranges.
          again.country = result.phone.country as typeof again.country;
          expect(result.phone.country).toBe(country.toUpperCase());
          expect(again.isValid()).toBe(true);
          expect(MOBILE_TYPES).toContain(again.getType());
          expect(result.phone.e164Digits).toMatch(/^\d{7,15}$/);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("accepts every country's example mobile number in national and international format, with any separators", () => {
    const separator = fc.constantFrom(' ', '-', '.', '');
    fc.assert(
      fc.property(
        fc.constantFrom(...getCountries()),
        separator,
        fc.boolean(),
        (country, sep, international) => {
          const example = getExampleNumber(country, examples);
          fc.pre(example !== undefined && example.country === country);
          if (example === undefined) return;
          const written = (international ? example.formatInternational() : example.formatNational()).replace(
            / /g,
            sep,
          );
          const result = parsePhone(written, country);
          expect(result).toEqual({
            ok: true,
            phone: {
              e164Digits: example.number.slice(1),
              international: example.formatInternational(),
              country,
            },
          });
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('countryOfInternational', () => {
  it.each([
    ['+2348031234567', 'NG'],
    ['+234 803 123 4567', 'NG'],
    ['+1 416 555 0123', 'CA'],
    ['+1 212 555 0123', 'US'],
    ['+7 916 123 45 67', 'RU'],
    ['+44 7911 123456', 'GG'],
    ['+44 20 7946 0958', 'GB'],
    ['+44 7700 900123', 'GB'],
    ['+1 999 555 0123', 'US'],
    ['+358 41 2345678', 'FI'],
  ])('%s is in %s', (input, country) => {
    expect(countryOfInternational(input)).toEqual({ ok: true, country });
  });

  it.each([
    ['', 'empty'],
    ['08031234567', 'not-international'],
    ['+999 123 4567', 'unknown-country'],
    ['+abc', 'invalid'],
    [`+${'1'.repeat(30)}`, 'too-long'],
  ])('%j is refused as %s', (input, reason) => {
    expect(countryOfInternational(input)).toEqual({ ok: false, reason });
  });

  it('never throws', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^\+[\d ]{0,20}$/)), (input) => {
        const result = countryOfInternational(input);
        if (result.ok) expect(result.country).toMatch(/^[A-Z]{2}$/);
      }),
    );
  });
});

describe('maskPhone', () => {
  it('keeps the country code and the last 4 digits only', () => {
    expect(maskPhone('2348031234567')).toBe('+234 *** *** 4567');
    expect(maskPhone('+2348031234567')).toBe('+234 *** *** 4567');
    expect(maskPhone('14165550123')).toBe('+1 *** *** 0123');
    expect(maskPhone('9991234567')).toBe('+*** *** 4567');
    expect(maskPhone('12345')).toBe('***');
  });

  it('never shows more than the country code and 4 digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{7,15}$/), (digits) => {
        const masked = maskPhone(digits);
        const shown = masked.replace(/\D/g, '');
        expect(shown.length).toBeLessThanOrEqual(3 + 4);
        expect(masked.endsWith(digits.slice(-4))).toBe(true);
        expect(masked).toContain('***');
      }),
    );
  });

  it('masks a number the same way again, from its kept form and after the kept forms started over', () => {
    // More numbers than are kept (2,000), each masked twice: the second pass is partly from the kept forms,
    // partly parsed again after they were cleared; the country code comes from the parse either way.
    const numbers = Array.from({ length: 2_500 }, (_, i) => `23480${String(10_000_000 + i)}`);
    const first = numbers.map((n) => maskPhone(n));
    expect(new Set(first.map((m) => m.slice(0, 5)))).toEqual(new Set(['+234 ']));
    expect(numbers.map((n) => maskPhone(`+${n}`))).toEqual(first);
    expect(first[2_499]).toBe(`+234 *** *** ${numbers[2_499]!.slice(-4)}`);
  });
});
