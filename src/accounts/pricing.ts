import { Decimal } from 'decimal.js';
import { currencyDigits } from '../domain/money.ts';

/**
 * What a reseller pays: the merchant price plus a margin fee, fee = clamp(percent × price / 100 + fixed, min,
 * max), the sum rounded UP to the currency's minor unit. Rules are set per scope; the most specific single rule
 * wins (reseller > operator > country > default); the rules are never combined. With no default rule set in
 * chat, PRICE_MARGIN_PERCENT is the default. Pure: every amount is a decimal.js value or an exact string.
 */

/** A margin rule as stored: exact decimal strings; the fee amounts are in the merchant currency. */
export interface MarginRule {
  /** Percentage of the merchant price, e.g. "2.5" for 2.5 %. */
  percent: string;
  /** Fixed fee added to the percentage. */
  fixed: string;
  /** The fee is never below this. */
  min?: string;
  /** The fee is never above this. */
  max?: string;
}

export type PricingScope =
  | { kind: 'default' }
  | { kind: 'country'; country: string }
  | { kind: 'operator'; country: string; operatorKey: string }
  | { kind: 'reseller'; resellerId: number };

/** What a price is worked out for: the quoted country and operator, and the reseller (absent: general rules). */
export interface PriceTarget {
  country: string;
  operatorKey: string;
  resellerId?: number;
}

/** Where the rule that applied came from: a scope set in chat, or PRICE_MARGIN_PERCENT. */
export type RuleSource = PricingScope | { kind: 'env' };

/** The storage key of a scope: `default`, `country:NG`, `operator:NG:NG-MTN`, `reseller:42` (codes upper-case). */
export function scopeKey(scope: PricingScope): string {
  switch (scope.kind) {
    case 'default':
      return 'default';
    case 'country':
      return `country:${scope.country.toUpperCase()}`;
    case 'operator':
      return `operator:${scope.country.toUpperCase()}:${scope.operatorKey.toUpperCase()}`;
    case 'reseller':
      return `reseller:${scope.resellerId}`;
  }
}

/** The scope named by a storage key, or null for a key this version does not know. */
export function scopeOfKey(key: string): PricingScope | null {
  if (key === 'default') return { kind: 'default' };
  const [kind, a, b, ...rest] = key.split(':');
  if (rest.length > 0) return null;
  if (kind === 'country' && a !== undefined && b === undefined) return { kind: 'country', country: a };
  if (kind === 'operator' && a !== undefined && b !== undefined) {
    return { kind: 'operator', country: a, operatorKey: b };
  }
  if (kind === 'reseller' && a !== undefined && b === undefined && /^\d+$/.test(a)) {
    return { kind: 'reseller', resellerId: Number(a) };
  }
  return null;
}

/** The scopes that could apply to a target, most specific first. */
export function candidateScopes(target: PriceTarget): PricingScope[] {
  const scopes: PricingScope[] = [];
  if (target.resellerId !== undefined) scopes.push({ kind: 'reseller', resellerId: target.resellerId });
  scopes.push(
    { kind: 'operator', country: target.country, operatorKey: target.operatorKey },
    { kind: 'country', country: target.country },
    { kind: 'default' },
  );
  return scopes;
}

/**
 * The rule for a target from the rules set (by scope key): the most specific present one, else the env default.
 */
export function chooseRule(
  rules: ReadonlyMap<string, MarginRule>,
  target: PriceTarget,
  envDefault: MarginRule,
): { source: RuleSource; rule: MarginRule } {
  for (const scope of candidateScopes(target)) {
    const rule = rules.get(scopeKey(scope));
    if (rule !== undefined) return { source: scope, rule };
  }
  return { source: { kind: 'env' }, rule: envDefault };
}

/** The env default rule: PRICE_MARGIN_PERCENT percent, no fixed fee, no bounds. */
export function percentRule(percent: string): MarginRule {
  return { percent: new Decimal(percent).toFixed(), fixed: '0' };
}

/** The exact (unrounded) fee of a rule on a merchant price. */
export function marginFee(merchantPrice: Decimal, rule: MarginRule): Decimal {
  let fee = merchantPrice.times(rule.percent).dividedBy(100).plus(rule.fixed);
  if (rule.min !== undefined && fee.lessThan(rule.min)) fee = new Decimal(rule.min);
  if (rule.max !== undefined && fee.greaterThan(rule.max)) fee = new Decimal(rule.max);
  return fee;
}

/** The reseller price: merchant price + fee, rounded up to the currency's minor unit (never below the exact sum). */
export function priceWithMargin(
  merchantPrice: Decimal | string,
  currency: string,
  rule: MarginRule,
): Decimal {
  const price = new Decimal(merchantPrice);
  return price.plus(marginFee(price, rule)).toDecimalPlaces(currencyDigits(currency), Decimal.ROUND_UP);
}
