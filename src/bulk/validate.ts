import { Decimal } from 'decimal.js';
import { formatAmount, parseTypedAmount, checkAmountRange } from '../domain/money.ts';
import { countryOfInternational, parsePhone } from '../domain/phone.ts';
import type { BulkRow } from '../domain/bulk-csv.ts';
import type { Catalogue } from '../merchant/catalogue.ts';
import type { Operator } from '../merchant/types.ts';
import type { UnattendedProduct } from '../orders/top-up.ts';
import {
  boundsOf,
  fitsOptions,
  isFixed,
  pairsForAmount,
  searchOperators,
  toOperatorChoice,
  type AmountChoice,
  type OperatorChoice,
} from '../orders/choices.ts';

/** What one line of a bulk file tops up, once checked like a typed answer. */
export type BulkProduct = UnattendedProduct;

export interface ValidLine extends BulkProduct {
  line: number;
  /** Digits with the country code, no plus: what the order sends. */
  account: string;
  note: string;
}

/** Why a line cannot be placed: a locale key and its variables (already formatted). */
export interface LineProblem {
  line: number;
  key: string;
  vars: Record<string, string>;
}

/** The products' key: lines with the same key share one quote. */
export function productKey(p: BulkProduct): string {
  return [p.country, p.operatorKey, p.subtype, p.currency, new Decimal(p.amount).toFixed()].join('|');
}

const SUBTYPE_ORDER = ['airtime', 'data', 'bundle'];

/** A spreadsheet often drops the plus (or writes 00): international digits are read as `+…`. */
function international(phone: string): string {
  const text = phone.trim();
  if (text.startsWith('+')) return text;
  const digits = text.replace(/[\s().\-/]/g, '');
  if (/^00\d/.test(digits)) return `+${digits.slice(2)}`;
  if (/^[1-9]\d{6,}$/.test(digits)) return `+${digits}`;
  return text;
}

/** The option pair an amount is bought under: airtime first; null when it is not offered or unclear. */
function pairFor(
  operator: OperatorChoice,
  amount: Decimal,
): { subtype: string; currency: string } | 'none' | 'ambiguous' {
  const pairs = pairsForAmount(operator, amount);
  if (pairs.length === 0) return 'none';
  const subtype = [...new Set(pairs.map((p) => p.subtype))].sort(
    (a, b) => rank(a) - rank(b) || a.localeCompare(b),
  )[0]!;
  const same = pairs.filter((p) => p.subtype === subtype);
  return same.length === 1 ? same[0]! : 'ambiguous';
}

function rank(subtype: string): number {
  const i = SUBTYPE_ORDER.indexOf(subtype);
  return i === -1 ? SUBTYPE_ORDER.length : i;
}

/** Why an amount does not fit an operator's offer, in the typed top-up's words. */
function amountProblem(options: AmountChoice[], amount: Decimal): Omit<LineProblem, 'line'> {
  const bounds = boundsOf(options);
  if (!bounds) return { key: 'top-up-offer-unavailable', vars: {} };
  const currency = options[0]!.currency;
  const vars = {
    min: formatAmount(bounds.min, currency, 'en'),
    max: formatAmount(bounds.max, currency, 'en'),
    currency,
  };
  const check = checkAmountRange(amount, bounds.min, bounds.max);
  if (check === 'below') return { key: 'amount-error-below', vars };
  if (check === 'above') return { key: 'amount-error-above', vars };
  const values = options
    .map((o) =>
      isFixed(o)
        ? formatAmount(o.min, currency, 'en')
        : `${formatAmount(o.min, currency, 'en')}–${formatAmount(o.max, currency, 'en')}`,
    )
    .join(', ');
  return { key: 'amount-error-not-offered', vars: { values, currency } };
}

/** The operator a line tops up: the one it names, or the country's only one, or the only one offering the amount. */
function operatorFor(
  choices: OperatorChoice[],
  named: string,
  amount: Decimal,
  countryName: string,
): OperatorChoice | Omit<LineProblem, 'line'> {
  if (named !== '') {
    const matches = searchOperators(choices, named);
    if (matches.length === 0)
      return { key: 'bulk-line-operator-unknown', vars: { operator: named, country: countryName } };
    if (matches.length > 1)
      return {
        key: 'bulk-line-operator-several',
        vars: { operator: named, names: matches.map((m) => m.name).join(', ') },
      };
    return matches[0]!;
  }
  if (choices.length === 1) return choices[0]!;
  // No operator named: clear only when exactly one of the country's operators offers this amount.
  const offering = choices.filter((c) => fitsOptions(amount, c.amounts));
  if (offering.length !== 1)
    return {
      key: 'bulk-line-operator-needed',
      vars: { country: countryName, names: choices.map((c) => c.name).join(', ') },
    };
  return offering[0]!;
}

/**
 * Checks every row like a typed answer: the number valid for its country, the country sold, the operator
 * named or clear from the country (one operator, or one offering the amount), the amount offered; a number
 * already on an earlier line is refused (one unfinished order per number).
 */
export async function validateRows(
  rows: readonly BulkRow[],
  catalogue: Pick<Catalogue, 'countries' | 'operators'>,
): Promise<{ valid: ValidLine[]; problems: LineProblem[] }> {
  const countries = await catalogue.countries();
  const operatorsOf = new Map<string, Operator[]>();
  const seen = new Map<string, number>();
  const valid: ValidLine[] = [];
  const problems: LineProblem[] = [];
  for (const row of rows) {
    const result = await checkRow(row);
    if ('key' in result) problems.push({ line: row.line, ...result });
    else valid.push(result);
  }
  return { valid, problems };

  async function checkRow(row: BulkRow): Promise<ValidLine | Omit<LineProblem, 'line'>> {
    if (row.phone === '') return { key: 'phone-error-empty', vars: {} };
    const typed = international(row.phone);
    const found = countryOfInternational(typed);
    if (!found.ok) {
      return found.reason === 'too-long'
        ? { key: 'phone-error-too-long', vars: {} }
        : { key: 'top-up-one-line-bad-phone', vars: {} };
    }
    const country = countries.find((c) => c.code === found.country);
    if (!country) return { key: 'top-up-country-not-sold', vars: {} };
    const parsed = parsePhone(typed, country.code);
    if (!parsed.ok) return { key: `phone-error-${parsed.reason}`, vars: { country: country.name } };
    const account = parsed.phone.e164Digits;
    const earlier = seen.get(account);
    if (earlier !== undefined) return { key: 'bulk-line-duplicate', vars: { line: String(earlier) } };

    const amountTyped = parseTypedAmount(row.amount);
    if (!amountTyped.ok) return { key: `amount-error-${amountTyped.reason}`, vars: {} };
    const amount = amountTyped.value;

    let operators = operatorsOf.get(country.code);
    if (operators === undefined) {
      operators = await catalogue.operators(country.code);
      operatorsOf.set(country.code, operators);
    }
    if (operators.length === 0) return { key: 'top-up-no-operators', vars: { country: country.name } };
    const operator = operatorFor(operators.map(toOperatorChoice), row.operator, amount, country.name);
    if ('key' in operator) return operator;
    const pair = pairFor(operator, amount);
    if (pair === 'none') return amountProblem(operator.amounts, amount);
    if (pair === 'ambiguous') return { key: 'bulk-line-amount-ambiguous', vars: { operator: operator.name } };
    seen.set(account, row.line);
    return {
      line: row.line,
      country: country.code,
      countryName: country.name,
      operatorKey: operator.operatorKey,
      operatorName: operator.name,
      subtype: pair.subtype,
      currency: pair.currency,
      amount: amount.toFixed(),
      account,
      note: row.note,
    };
  }
}
