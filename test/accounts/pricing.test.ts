import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  candidateScopes,
  chooseRule,
  marginFee,
  percentRule,
  priceWithMargin,
  scopeKey,
  scopeOfKey,
  type MarginRule,
  type PriceTarget,
  type PricingScope,
} from '../../src/accounts/pricing.ts';

const rule = (percent: string, fixed = '0', bounds: { min?: string; max?: string } = {}): MarginRule => ({
  percent,
  fixed,
  ...bounds,
});

describe('margin fee and rounding', () => {
  it('adds percent × price + fixed and rounds the sum up to the minor unit', () => {
    // 8.7853 × 2.5 % = 0.2196325; + 0.10 = 0.3196325; 8.7853 + 0.3196325 = 9.1049325 -> 9.11
    expect(marginFee(new Decimal('8.7853'), rule('2.5', '0.10')).toFixed()).toBe('0.3196325');
    expect(priceWithMargin('8.7853', 'USD', rule('2.5', '0.10')).toFixed(2)).toBe('9.11');
  });

  it('a zero margin still rounds a 4-decimal merchant price up to the minor unit, never down', () => {
    expect(priceWithMargin('0.3129', 'USD', rule('0')).toFixed()).toBe('0.32');
    expect(priceWithMargin('0.3100', 'USD', rule('0')).toFixed()).toBe('0.31');
  });

  it('clamps the fee between min and max', () => {
    expect(marginFee(new Decimal('1'), rule('1', '0', { min: '0.25' })).toFixed()).toBe('0.25');
    expect(marginFee(new Decimal('1000'), rule('10', '0', { max: '5' })).toFixed()).toBe('5');
    expect(priceWithMargin('1000', 'USD', rule('10', '0', { max: '5' })).toFixed()).toBe('1005');
  });

  it("follows the currency's minor unit: none for JPY, three for KWD", () => {
    expect(priceWithMargin('100.0001', 'JPY', rule('0')).toFixed()).toBe('101');
    expect(priceWithMargin('1.0001', 'KWD', rule('0')).toFixed()).toBe('1.001');
  });

  it('the env default is a plain percentage', () => {
    expect(percentRule('2.50')).toEqual({ percent: '2.5', fixed: '0' });
  });
});

describe('rule choice', () => {
  const target: PriceTarget = { country: 'NG', operatorKey: 'NG-MTN', resellerId: 42 };
  const env = rule('1');
  const all: Array<[PricingScope, MarginRule]> = [
    [{ kind: 'default' }, rule('2')],
    [{ kind: 'country', country: 'NG' }, rule('3')],
    [{ kind: 'operator', country: 'NG', operatorKey: 'NG-MTN' }, rule('4')],
    [{ kind: 'reseller', resellerId: 42 }, rule('5')],
  ];

  it('the most specific rule set wins: reseller > operator > country > default > env', () => {
    for (let present = all.length; present >= 0; present--) {
      const rules = new Map(all.slice(0, present).map(([s, r]) => [scopeKey(s), r]));
      const chosen = chooseRule(rules, target, env);
      expect(chosen.rule.percent).toBe(String(present + 1));
    }
  });

  it("another country's, operator's or reseller's rule never applies", () => {
    const rules = new Map([
      [scopeKey({ kind: 'country', country: 'GH' }), rule('9')],
      [scopeKey({ kind: 'operator', country: 'NG', operatorKey: 'NG-GLO' }), rule('9')],
      [scopeKey({ kind: 'reseller', resellerId: 43 }), rule('9')],
    ]);
    expect(chooseRule(rules, target, env)).toEqual({ source: { kind: 'env' }, rule: env });
  });

  it('without a reseller (an admin preview) only the general rules count', () => {
    const rules = new Map(all.map(([s, r]) => [scopeKey(s), r]));
    const { resellerId: _none, ...general } = target;
    expect(chooseRule(rules, general, env).source).toEqual(all[2]![0]);
  });

  it('scope keys read back as the same scope', () => {
    for (const [scope] of all) expect(scopeOfKey(scopeKey(scope))).toEqual(scope);
    expect(scopeOfKey('country')).toBeNull();
    expect(scopeOfKey('reseller:abc')).toBeNull();
    expect(scopeOfKey('planet:mars')).toBeNull();
  });
});

// Properties: 1,000 generated cases each.
const money4 = fc
  .tuple(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 9999 }))
  .map(([int, frac]) => new Decimal(`${int}.${String(frac).padStart(4, '0')}`));
const positiveMoney4 = money4.filter((d) => d.greaterThan(0));
const percent4 = fc
  .tuple(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 9999 }))
  .map(([int, frac]) => `${int}.${String(frac).padStart(4, '0')}`);
const anyRule: fc.Arbitrary<MarginRule> = fc
  .record({
    percent: percent4,
    fixed: money4.map((d) => d.toFixed()),
    min: fc.option(money4, { nil: undefined }),
    max: fc.option(money4, { nil: undefined }),
  })
  .map(({ percent, fixed, min, max }) => {
    const [lo, hi] = min !== undefined && max !== undefined && min.gt(max) ? [max, min] : [min, max];
    return {
      percent,
      fixed,
      ...(lo === undefined ? {} : { min: lo.toFixed() }),
      ...(hi === undefined ? {} : { max: hi.toFixed() }),
    };
  });
const currency = fc.constantFrom('USD', 'EUR', 'JPY', 'KWD', 'NGN');
const digitsOf: Record<string, number> = { USD: 2, EUR: 2, JPY: 0, KWD: 3, NGN: 2 };

describe('pricing properties', () => {
  it('the price is never below merchant price + exact fee, at most one minor unit above, on the minor grid', () => {
    fc.assert(
      fc.property(positiveMoney4, anyRule, currency, (price, r, cur) => {
        const exact = price.plus(marginFee(price, r));
        const charged = priceWithMargin(price, cur, r);
        const unit = new Decimal(10).pow(-digitsOf[cur]!);
        expect(charged.greaterThanOrEqualTo(exact)).toBe(true);
        expect(charged.minus(exact).lessThan(unit)).toBe(true);
        expect(charged.dividedBy(unit).isInteger()).toBe(true);
        // The fee stays within its bounds, and a reseller never pays less than the merchant price.
        const fee = marginFee(price, r);
        if (r.min !== undefined) expect(fee.greaterThanOrEqualTo(r.min)).toBe(true);
        if (r.max !== undefined) expect(fee.lessThanOrEqualTo(r.max)).toBe(true);
        expect(charged.greaterThanOrEqualTo(price)).toBe(true);
      }),
      { numRuns: 1_000 },
    );
  });

  it('the most specific rule present wins, whatever the others', () => {
    const scopeFlags = fc.record({
      reseller: fc.boolean(),
      operator: fc.boolean(),
      country: fc.boolean(),
      default: fc.boolean(),
      withReseller: fc.boolean(),
      strangers: fc.boolean(),
    });
    fc.assert(
      fc.property(scopeFlags, fc.array(anyRule, { minLength: 5, maxLength: 5 }), (flags, rules) => {
        const target: PriceTarget = {
          country: 'NG',
          operatorKey: 'NG-MTN',
          ...(flags.withReseller ? { resellerId: 7 } : {}),
        };
        const set = new Map<string, MarginRule>();
        const named: Array<[keyof typeof flags, PricingScope, MarginRule]> = [
          ['reseller', { kind: 'reseller', resellerId: 7 }, rules[0]!],
          ['operator', { kind: 'operator', country: 'NG', operatorKey: 'NG-MTN' }, rules[1]!],
          ['country', { kind: 'country', country: 'NG' }, rules[2]!],
          ['default', { kind: 'default' }, rules[3]!],
        ];
        for (const [flag, scope, r] of named) if (flags[flag]) set.set(scopeKey(scope), r);
        if (flags.strangers) {
          set.set(scopeKey({ kind: 'reseller', resellerId: 8 }), rules[4]!);
          set.set(scopeKey({ kind: 'country', country: 'GH' }), rules[4]!);
        }
        const env = rule('1.5');
        const expected = named.find(
          ([flag, scope]) => flags[flag] && (scope.kind !== 'reseller' || flags.withReseller),
        );
        const chosen = chooseRule(set, target, env);
        if (expected === undefined) expect(chosen).toEqual({ source: { kind: 'env' }, rule: env });
        else expect(chosen).toEqual({ source: expected[1], rule: expected[2] });
        // The candidates are exactly the scopes looked at, most specific first.
        expect(candidateScopes(target).map((s) => s.kind)).toEqual(
          flags.withReseller
            ? ['reseller', 'operator', 'country', 'default']
            : ['operator', 'country', 'default'],
        );
      }),
      { numRuns: 1_000 },
    );
  });
});
