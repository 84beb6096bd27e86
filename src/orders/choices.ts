import { Decimal } from 'decimal.js';
import type { Country, Operator } from '../merchant/types.ts';

/**
 * What a top-up can be, as the catalogue offers it: operator, subtype, currency and amount choices as plain JSON,
 * and the matching of what people type to them. The chat's conversation and a bulk file's lines both choose
 * through these.
 */

/** An amount option as plain JSON (it travels through the conversation's replay log). */
export interface AmountChoice {
  min: string;
  max: string;
  currency: string;
  subtype: string;
  label: string;
}

export interface OperatorChoice {
  operatorKey: string;
  name: string;
  subtypes: string[];
  amounts: AmountChoice[];
}

export interface CountryChoice {
  code: string;
  name: string;
}

export function toOperatorChoice(operator: Operator): OperatorChoice {
  return {
    operatorKey: operator.operatorKey,
    name: operator.name,
    subtypes: [...new Set(operator.amounts.map((a) => a.subtype).concat(operator.subtypes))],
    amounts: operator.amounts.map((a) => ({
      min: a.min.toFixed(),
      max: a.max.toFixed(),
      currency: a.currency,
      subtype: a.subtype,
      label: a.label,
    })),
  };
}

/** Subtypes the operator really has amounts for, in a stable order. */
export function subtypesOf(operator: OperatorChoice): string[] {
  const order = ['airtime', 'data', 'bundle'];
  const present = new Set(operator.amounts.map((a) => a.subtype));
  return [...present].sort((a, b) => rank(order, a) - rank(order, b) || a.localeCompare(b));
}

function rank(order: string[], value: string): number {
  const i = order.indexOf(value);
  return i === -1 ? order.length : i;
}

export function currenciesOf(operator: OperatorChoice, subtype: string): string[] {
  return [...new Set(operator.amounts.filter((a) => a.subtype === subtype).map((a) => a.currency))];
}

export function optionsOf(operator: OperatorChoice, subtype: string, currency: string): AmountChoice[] {
  return operator.amounts.filter((a) => a.subtype === subtype && a.currency === currency);
}

export function isFixed(option: AmountChoice): boolean {
  return new Decimal(option.min).eq(option.max);
}

/** Does `amount` fit one of the options (equal to a fixed value or inside a range)? */
export function fitsOptions(amount: Decimal, options: AmountChoice[]): boolean {
  return options.some((o) => amount.gte(o.min) && amount.lte(o.max));
}

/** The lowest minimum and highest maximum, to explain a refusal. */
export function boundsOf(options: AmountChoice[]): { min: Decimal; max: Decimal } | undefined {
  if (options.length === 0) return undefined;
  return {
    min: Decimal.min(...options.map((o) => new Decimal(o.min))),
    max: Decimal.max(...options.map((o) => new Decimal(o.max))),
  };
}

/** Subtype and currency pairs under which `amount` can be bought from this operator. */
export function pairsForAmount(
  operator: OperatorChoice,
  amount: Decimal,
): Array<{ subtype: string; currency: string }> {
  const seen = new Map<string, { subtype: string; currency: string }>();
  for (const o of operator.amounts) {
    if (amount.gte(o.min) && amount.lte(o.max))
      seen.set(`${o.subtype}/${o.currency}`, { subtype: o.subtype, currency: o.currency });
  }
  return [...seen.values()];
}

/** Normalises text for matching names typed by people. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Countries matching a typed name or ISO code: an exact code or name first, then prefixes, then contains. A
 * country's `alias` (the catalogue's name when it is shown in the reader's language) matches as its name does.
 */
export function searchCountries<C extends Country & { alias?: string }>(countries: C[], query: string): C[] {
  const q = fold(query);
  if (q === '') return [];
  const code = countries.find((c) => c.code.toLowerCase() === q);
  if (code) return [code];
  const names = (c: C) => (c.alias === undefined ? [fold(c.name)] : [fold(c.name), fold(c.alias)]);
  const exact = countries.filter((c) => names(c).some((n) => n === q));
  if (exact.length > 0) return exact;
  const prefix = countries.filter((c) => names(c).some((n) => n.startsWith(q)));
  if (prefix.length > 0) return prefix;
  return countries.filter((c) => names(c).some((n) => n.includes(q)));
}

/** Operators matching a typed name or key. */
export function searchOperators<T extends { operatorKey: string; name: string }>(
  operators: T[],
  query: string,
): T[] {
  const q = fold(query);
  if (q === '') return [];
  const exact = operators.filter((o) => fold(o.name) === q || fold(o.operatorKey) === q);
  if (exact.length > 0) return exact;
  const words = operators.filter((o) =>
    fold(o.name)
      .split(' ')
      .some((w) => w.startsWith(q)),
  );
  if (words.length > 0) return words;
  return operators.filter((o) => fold(o.name).includes(q) || fold(o.operatorKey).includes(q));
}
