import { Decimal } from 'decimal.js';
import { currencyDigits } from '../domain/money.ts';

export type CreditAmountProblem = 'not-a-number' | 'too-many-decimals' | 'zero' | 'negative';

export type CreditAmount = { ok: true; value: Decimal } | { ok: false; problem: CreditAmountProblem };

const AMOUNT = /^[+-]?\d{1,12}(?:[.,]\d+)?$/;

/**
 * An amount an admin or reseller typed for credit, a limit or a threshold: digits with `.` or `,` as the
 * decimal mark, at most the currency's minor digits (trailing zeros do not count). `signed`: a leading `-`
 * is allowed (taking credit); otherwise it is refused as `negative`.
 */
export function parseCreditAmount(text: string, currency: string, signed = false): CreditAmount {
  const trimmed = text.trim();
  if (!AMOUNT.test(trimmed)) return { ok: false, problem: 'not-a-number' };
  const value = new Decimal(trimmed.replace(',', '.'));
  if (value.isNegative() && !signed) return { ok: false, problem: 'negative' };
  if (value.decimalPlaces() > currencyDigits(currency)) return { ok: false, problem: 'too-many-decimals' };
  if (value.isZero()) return { ok: false, problem: 'zero' };
  return { ok: true, value };
}
