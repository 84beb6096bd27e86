import fc from 'fast-check';
import { getCountries, getExampleNumber } from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/mobile/examples';

/** Zero of some decimal digit sets people type with: Arabic-Indic, Persian, Devanagari, Bengali, Thai, full-width. */
export const DIGIT_ZEROS = [0x30, 0x660, 0x6f0, 0x966, 0x9e6, 0xe50, 0xff10] as const;

/** Invisible characters a copy and paste brings along: bidi marks, isolates, zero-width joiners, BOM. */
export const INVISIBLE = [
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u2066',
  '\u2067',
  '\u2069',
  '\u200b',
  '\u200d',
  '\ufeff',
];

/** Writes ASCII digits in another script. */
export function inScript(text: string, zero: number): string {
  return text.replace(/[0-9]/g, (d) => String.fromCodePoint(zero + Number(d)));
}

/** Inserts invisible characters at random places. */
export const sprinkled = (text: string) =>
  fc
    .array(fc.tuple(fc.nat({ max: text.length }), fc.constantFrom(...INVISIBLE)), { maxLength: 4 })
    .map((inserts) => {
      let out = text;
      for (const [at, ch] of inserts.sort((a, b) => b[0] - a[0])) out = out.slice(0, at) + ch + out.slice(at);
      return out;
    });

/** A hostile text: any Unicode, sometimes huge. */
export const anyText = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', minLength: 300, maxLength: 5_000 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u200f',
      '-0',
      '+',
      '.',
      ',',
      'NaN',
      'Infinity',
      '1e309',
      '0x10',
      '٫',
      '٬',
    ),
  },
);

/** Amount-like texts: digits with separators, signs, exponents, decimals, in any script, with bidi marks. */
export const amountLike = fc
  .tuple(
    fc.constantFrom('', '', '', '-', '+', '−', '- '),
    fc.stringMatching(/^[0-9]{1,12}([.,][0-9]{0,6})?([eE][+-]?[0-9]{1,3})?$/),
    fc.constantFrom(...DIGIT_ZEROS),
  )
  .chain(([sign, body, zero]) => sprinkled(sign + inScript(body, zero)));

/** Every country's example mobile number in E.164 (libphonenumber's metadata). */
export const MOBILE_EXAMPLES: { country: string; e164: string }[] = getCountries().flatMap((country) => {
  const number = getExampleNumber(country, examples);
  return number ? [{ country, e164: number.number }] : [];
});

/** A phone number as people type it: national or international, separators, other scripts, marks. */
export const typedPhone = fc
  .tuple(
    fc.constantFrom(...MOBILE_EXAMPLES),
    fc.constantFrom('plain', 'plus', 'spaced', 'dashed', 'brackets', 'double-zero'),
    fc.constantFrom(...DIGIT_ZEROS),
  )
  .chain(([example, style, zero]) => {
    const digits = example.e164.slice(1);
    let text: string;
    switch (style) {
      case 'plain':
        text = digits;
        break;
      case 'plus':
        text = `+${digits}`;
        break;
      case 'spaced':
        text = `+${digits.replace(/(\d{3})(?=\d)/g, '$1 ')}`;
        break;
      case 'dashed':
        text = `+${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
        break;
      case 'brackets':
        text = `+${digits.slice(0, 2)} (${digits.slice(2, 5)}) ${digits.slice(5)}`;
        break;
      default:
        text = `00${digits}`;
    }
    return sprinkled(inScript(text, zero)).map((typed) => ({ ...example, typed }));
  });
