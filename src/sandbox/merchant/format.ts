import { Decimal } from 'decimal.js';

/** Decimal with room for FX division; money is rounded half-up to 4 places only at the edge. */
export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type MoneyValue = InstanceType<typeof Money>;

/** The spec's money format: a string with exactly 4 decimal places. */
export function money(value: Decimal.Value): string {
  return new Money(value).toFixed(4, Decimal.ROUND_HALF_UP);
}

// A plain decimal: digits, optional fraction. No sign, exponent, spaces or unicode digits.
const DECIMAL_TEXT = /^[0-9]+(?:\.[0-9]+)?$/;

export type AmountParse =
  | { ok: true; value: MoneyValue }
  | { ok: false; reason: 'not_a_string' | 'not_a_number' | 'too_many_decimals' | 'zero' };

/** Parses a client amount (must be a string) the way the service's decimal field would. */
export function parseAmount(raw: unknown): AmountParse {
  if (typeof raw !== 'string') return { ok: false, reason: 'not_a_string' };
  if (raw.length > 40 || !DECIMAL_TEXT.test(raw)) return { ok: false, reason: 'not_a_number' };
  const fraction = raw.split('.')[1] ?? '';
  if (fraction.length > 4) return { ok: false, reason: 'too_many_decimals' };
  const value = new Money(raw);
  if (value.isZero()) return { ok: false, reason: 'zero' };
  return { ok: true, value };
}

/**
 * UTC ISO 8601 like Python's isoformat: six fractional digits, none when the microseconds are zero
 * (so the number of fractional digits varies, as the spec warns).
 */
export function timestamp(ms: number, micros = 0, offset: 'Z' | '+00:00' = 'Z'): string {
  const whole = Math.floor(ms / 1000) * 1000;
  const fractionMicros = (ms - whole) * 1000 + (micros % 1000);
  const base = new Date(whole).toISOString().slice(0, 19);
  const fraction = fractionMicros === 0 ? '' : `.${String(fractionMicros).padStart(6, '0')}`;
  return `${base}${fraction}${offset}`;
}

/** Masks a phone number the way the service returns it: country prefix and last 3 digits only. */
export function maskAccount(account: string): string {
  if (account.length <= 6) return '*'.repeat(account.length);
  const head = account.slice(0, 3);
  const tail = account.slice(-3);
  return `${head}${'*'.repeat(account.length - 6)}${tail}`;
}
