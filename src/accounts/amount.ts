import { Decimal } from 'decimal.js';
import { currencyDigits } from '../domain/money.ts';

type CreditAmountProblem = 'not-a-number' | 'too-many-decimals' | 'zero' | 'negative' | 'ambiguous';

/** The two readings of an ambiguous `1,000`: the comma as a thousands separator, and as a decimal point. */
export interface CommaReadings {
  /** `1000` */
  whole: string;
  /** `1.000` */
  point: string;
}

export type CreditAmount =
  | { ok: true; value: Decimal }
  | { ok: false; problem: Exclude<CreditAmountProblem, 'ambiguous'> }
  | { ok: false; problem: 'ambiguous'; readings: CommaReadings };

const AMOUNT = /^[+-]?\d{1,12}(?:[.,]\d+)?$/;
/** One to three digits (not all zeros: a thousand is never written `0,500`), a comma, exactly three digits. */
const COMMA_THOUSANDS = /^([+-]?)(\d{1,3}),(\d{3})$/;

/**
 * Both readings of a number whose one comma is followed by exactly three digits (`1,000`, `-2,500`): a thousands
 * separator in one language, a decimal mark in another. Null when the comma can only be one of them.
 */
export function ambiguousComma(text: string): CommaReadings | null {
  const match = COMMA_THOUSANDS.exec(text.trim());
  if (match === null || /^0+$/.test(match[2]!)) return null;
  const [, sign, integer, digits] = match;
  return { whole: `${sign}${integer}${digits}`, point: `${sign}${integer}.${digits}` };
}

/**
 * An amount an admin or reseller typed for credit, a limit or a threshold: digits with `.` or `,` as the
 * decimal mark, at most the currency's minor digits (trailing zeros do not count). A comma before exactly three
 * digits is refused as `ambiguous`: we never guess with money. `signed`: a leading `-` is allowed (taking
 * credit); otherwise it is refused as `negative`.
 */
export function parseCreditAmount(text: string, currency: string, signed = false): CreditAmount {
  const trimmed = text.trim();
  if (!AMOUNT.test(trimmed)) return { ok: false, problem: 'not-a-number' };
  const readings = ambiguousComma(trimmed);
  if (readings !== null) return { ok: false, problem: 'ambiguous', readings };
  const value = new Decimal(trimmed.replace(',', '.'));
  if (value.isNegative() && !signed) return { ok: false, problem: 'negative' };
  if (value.decimalPlaces() > currencyDigits(currency)) return { ok: false, problem: 'too-many-decimals' };
  if (value.isZero()) return { ok: false, problem: 'zero' };
  return { ok: true, value };
}
