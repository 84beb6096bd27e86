import { Decimal } from 'decimal.js';
import { asciiDigits } from './digits.ts';

/**
 * Money rules. Amounts are always decimal.js values or exact strings, never JS numbers: the service
 * sends 4-decimal strings and expects strings back.
 *
 * Typed amounts (what a reseller types in chat), kept simple on purpose:
 * - Unicode digits of any script (Arabic-Indic, Persian, Devanagari, full-width…) are read as 0-9;
 *   bidi marks and other invisible format characters are removed; any Unicode space counts as a space.
 * - An optional leading `+`; a leading `-` (or `−`) is reported as `negative`.
 * - One decimal separator, `.` or `,`.
 * - Thousands separators: spaces, or `,`/`.` when the other one is the decimal separator
 *   (`1,000.50`, `1.000,50`), or the same character repeated (`1,000,000`). Groups must be 3 digits.
 * - A single `,` or `.` followed by exactly 3 digits after a non-zero integer part (`1,000`, `1.500`) is
 *   `ambiguous` (thousands in one language, decimals in another): the user is asked to retype.
 * - Exponent notation (`1e3`) is refused as `exponent`; more than 4 significant decimals as
 *   `too-many-decimals` (trailing zeros do not count); over 40 characters as `too-long`.
 */

/** Decimal places the service uses for every money string. */
export const API_DECIMALS = 4;

/** Longest typed amount we even look at, counted without spaces. */
const MAX_TYPED_LENGTH = 40;

/** Error thrown when a money string from the service or our own code is malformed. */
export class InvalidAmountError extends Error {
  readonly kind = 'invalid-amount' as const;
  constructor(message: string) {
    super(message);
    this.name = 'InvalidAmountError';
  }
}

const API_AMOUNT = /^-?\d{1,40}(?:\.\d{1,20})?$/;

/** Parses a money string from the service (e.g. "500.0000"); throws InvalidAmountError when malformed. */
export function parseApiAmount(text: unknown): Decimal {
  if (typeof text !== 'string' || !API_AMOUNT.test(text)) {
    throw new InvalidAmountError('money value is not a decimal string');
  }
  return new Decimal(text);
}

/** Like parseApiAmount, but returns null instead of throwing. */
export function tryParseApiAmount(text: unknown): Decimal | null {
  return typeof text === 'string' && API_AMOUNT.test(text) ? new Decimal(text) : null;
}

/** The exact string sent to the API: 4 decimals, never rounded (more than 4 decimals throws). */
export function toApiAmount(value: Decimal): string {
  if (!value.isFinite() || value.isNegative() || value.decimalPlaces() > API_DECIMALS) {
    throw new InvalidAmountError('amount cannot be sent to the service (negative or more than 4 decimals)');
  }
  return value.toFixed(API_DECIMALS);
}

/** Worked-out values kept per replica: a few currencies and locales, each built once (Intl objects are slow to make). */
const DIGITS = new Map<string, number>();
const FORMATTERS = new Map<string, Intl.NumberFormat>();
const CACHE_LIMIT = 1_000;

function remember<K, V>(cache: Map<K, V>, key: K, value: V): V {
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, value);
  return value;
}

/** Minor-unit digits of an ISO 4217 currency (2 when unknown). */
export function currencyDigits(currency: string): number {
  if (!/^[A-Z]{3}$/.test(currency)) return 2;
  const known = DIGITS.get(currency);
  if (known !== undefined) return known;
  let digits: number;
  try {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2;
  } catch {
    digits = 2;
  }
  return remember(DIGITS, currency, digits);
}

/** A number formatter for a locale and fraction digits, made once. */
function numberFormat(locale: string, minimum: number, maximum: number): Intl.NumberFormat {
  const key = `${locale}|${minimum}|${maximum}`;
  const known = FORMATTERS.get(key);
  if (known !== undefined) return known;
  let formatter: Intl.NumberFormat;
  try {
    formatter = new Intl.NumberFormat(locale, {
      minimumFractionDigits: minimum,
      maximumFractionDigits: Math.min(maximum, 100),
      numberingSystem: 'latn',
    });
  } catch {
    formatter = new Intl.NumberFormat('en', {
      minimumFractionDigits: minimum,
      maximumFractionDigits: maximum,
    });
  }
  return remember(FORMATTERS, key, formatter);
}

/**
 * Display form, e.g. "1,000.50 NGN": the currency's usual decimals, more when the amount has them
 * (display never rounds money away). Grouping follows the locale.
 */
export function formatMoney(amount: Decimal | string, currency: string, locale = 'en'): string {
  return `${formatAmount(amount, currency, locale)} ${currency}`;
}

/** The number part of formatMoney, without the currency code. */
export function formatAmount(amount: Decimal | string, currency: string, locale = 'en'): string {
  const value = typeof amount === 'string' ? parseApiAmount(amount) : amount;
  const minimum = currencyDigits(currency);
  const maximum = Math.max(minimum, value.decimalPlaces());
  const exact = value.toFixed(maximum);
  // Intl formats numeric strings exactly (no float conversion).
  return numberFormat(locale, minimum, maximum).format(exact as Intl.StringNumericLiteral);
}

export type TypedAmountProblem =
  | 'empty'
  | 'not-a-number'
  | 'zero'
  | 'negative'
  | 'too-many-decimals'
  | 'exponent'
  | 'too-long'
  | 'ambiguous';

export type TypedAmountResult = { ok: true; value: Decimal } | { ok: false; reason: TypedAmountProblem };

/** Reads any script's decimal digits as ASCII 0-9, and the Arabic decimal and thousands separators as `.` and `,`. */
function asciiAmountText(text: string): string {
  return asciiDigits(text)
    .replace(/\u066B/g, '.')
    .replace(/\u066C/g, ',');
}

/** Removes invisible format characters (bidi marks, zero-width joiners, BOM) and unifies spaces and minus signs. */
export function normaliseTypedText(input: string): string {
  return asciiAmountText(input.normalize('NFKC'))
    .replace(/\p{Cf}/gu, '')
    .replace(/[\s\p{Zs}]+/gu, ' ')
    .replace(/[\u2212\u2012\u2013\u2014\uFE63\uFF0D]/g, '-')
    .trim();
}

const GROUPED_BY = (sep: string): RegExp => new RegExp(`^\\d{1,3}(?:\\${sep}\\d{3})+$`);

/** Integer part with optional thousands separators `sep` (space, comma or period) -> digits, or null. */
function ungroup(integer: string, sep: string | null): string | null {
  if (integer === '') return '0';
  if (/^\d+$/.test(integer)) return integer;
  if (sep !== null && GROUPED_BY(sep).test(integer)) return integer.split(sep).join('');
  return null;
}

/** Checks an amount typed by a user; never throws, whatever the input. */
export function parseTypedAmount(input: string): TypedAmountResult {
  if (typeof input !== 'string') return { ok: false, reason: 'not-a-number' };
  // Bound the work before normalising: a typed amount never needs more than a few dozen characters.
  if (input.length > MAX_TYPED_LENGTH * 8) return { ok: false, reason: 'too-long' };
  let text = normaliseTypedText(input);
  if (text === '') return { ok: false, reason: 'empty' };
  if (text.replace(/ /g, '').length > MAX_TYPED_LENGTH) return { ok: false, reason: 'too-long' };

  let negative = false;
  if (text.startsWith('-') || text.startsWith('+')) {
    negative = text.startsWith('-');
    text = text.slice(1).trimStart();
  }
  if (/^[\d.,]*\d[\d.,]*\s?e\s?[+-]?\d+$/i.test(text)) return { ok: false, reason: 'exponent' };
  // Spaces are only thousands separators between digit groups.
  const spaced = text.includes(' ');
  if (!/^[\d., ]+$/.test(text) || !/\d/.test(text)) return { ok: false, reason: 'not-a-number' };

  let integer: string;
  let fraction = '';
  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  const hasDot = lastDot >= 0;
  const hasComma = lastComma >= 0;

  if (hasDot && hasComma) {
    const decimalSep = lastDot > lastComma ? '.' : ',';
    const thousandsSep = decimalSep === '.' ? ',' : '.';
    const at = text.lastIndexOf(decimalSep);
    const intPart = text.slice(0, at);
    fraction = text.slice(at + 1);
    if (spaced || intPart.includes(decimalSep)) return { ok: false, reason: 'not-a-number' };
    const digits = ungroup(intPart, thousandsSep);
    if (digits === null || intPart === '') return { ok: false, reason: 'not-a-number' };
    integer = digits;
  } else if (hasDot || hasComma) {
    const sep = hasDot ? '.' : ',';
    const parts = text.split(sep);
    if (parts.length > 2) {
      // Repeated separator: only thousands grouping makes sense.
      if (spaced) return { ok: false, reason: 'not-a-number' };
      const digits = ungroup(text, sep);
      if (digits === null) return { ok: false, reason: 'not-a-number' };
      integer = digits;
    } else {
      const intPart = parts[0] ?? '';
      fraction = parts[1] ?? '';
      const intDigits = ungroup(intPart, spaced ? ' ' : null);
      if (intDigits === null) return { ok: false, reason: 'not-a-number' };
      if (!spaced && fraction.length === 3 && /^\d{1,3}$/.test(intPart) && !/^0*$/.test(intPart)) {
        return { ok: false, reason: 'ambiguous' };
      }
      integer = intDigits;
    }
  } else {
    const digits = ungroup(text, ' ');
    if (digits === null) return { ok: false, reason: 'not-a-number' };
    integer = digits;
  }

  if (!/^\d*$/.test(fraction)) return { ok: false, reason: 'not-a-number' };
  if (text.endsWith('.') || text.endsWith(',')) return { ok: false, reason: 'not-a-number' };
  if (fraction.replace(/0+$/, '').length > API_DECIMALS) return { ok: false, reason: 'too-many-decimals' };

  const value = new Decimal(fraction === '' ? integer : `${integer}.${fraction}`);
  if (value.isZero()) return { ok: false, reason: 'zero' };
  if (negative) return { ok: false, reason: 'negative' };
  return { ok: true, value };
}

export type RangeCheck = 'below' | 'above' | 'ok';

/** Whether a value lies within [min, max], both inclusive. */
export function checkAmountRange(value: Decimal, min: Decimal, max: Decimal): RangeCheck {
  if (value.lessThan(min)) return 'below';
  if (value.greaterThan(max)) return 'above';
  return 'ok';
}
