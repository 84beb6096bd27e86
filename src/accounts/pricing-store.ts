import type { Redis } from 'ioredis';
import { currencyDigits } from '../domain/money.ts';
import {
  candidateScopes,
  chooseRule,
  percentRule,
  priceWithMargin,
  scopeKey,
  scopeOfKey,
  type MarginRule,
  type PriceTarget,
  type PricingScope,
  type RuleSource,
} from './pricing.ts';

export interface PricingStoreDeps {
  redis: Redis;
  prefix: string;
  /** PRICE_MARGIN_PERCENT: the default rule while no default is set in chat. */
  defaultPercent: string;
}

export interface PricingChange {
  by: number;
  scope: string;
  /** null: the rule was deleted. */
  rule: MarginRule | null;
  at: string;
}

/** A stored rule that does not read as one (hand-edited or from a later version) is skipped, never applied half. */
function readRule(text: string | null | undefined): MarginRule | undefined {
  if (text === null || text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as Partial<MarginRule>;
    if (typeof value.percent !== 'string' || typeof value.fixed !== 'string') return undefined;
    return {
      percent: value.percent,
      fixed: value.fixed,
      ...(typeof value.min === 'string' ? { min: value.min } : {}),
      ...(typeof value.max === 'string' ? { max: value.max } : {}),
    };
  } catch {
    return undefined;
  }
}

/**
 * Margin rules in one Redis hash (scope key -> rule JSON) with an audit list. Nothing is cached per replica:
 * a price reads the (at most four) candidate rules in one HMGET, so a change made on any replica applies to the
 * next quote everywhere.
 */
export class RedisPricingStore {
  readonly #redis: Redis;
  readonly #key: string;
  readonly #auditKey: string;
  readonly #envDefault: MarginRule;

  constructor(deps: PricingStoreDeps) {
    this.#redis = deps.redis;
    this.#key = `${deps.prefix}pricing:rules`;
    this.#auditKey = `${deps.prefix}pricing:audit`;
    this.#envDefault = percentRule(deps.defaultPercent);
  }

  /** The default rule from PRICE_MARGIN_PERCENT. */
  get envDefault(): MarginRule {
    return this.#envDefault;
  }

  /** Every rule set in chat, default first, then countries, operators and resellers. */
  async list(): Promise<Array<{ scope: PricingScope; rule: MarginRule }>> {
    const all = await this.#redis.hgetall(this.#key);
    const order = ['default', 'country', 'operator', 'reseller'];
    const rows: Array<{ key: string; scope: PricingScope; rule: MarginRule }> = [];
    for (const [key, text] of Object.entries(all)) {
      const scope = scopeOfKey(key);
      const rule = readRule(text);
      if (scope !== null && rule !== undefined) rows.push({ key, scope, rule });
    }
    rows.sort(
      (a, b) => order.indexOf(a.scope.kind) - order.indexOf(b.scope.kind) || a.key.localeCompare(b.key),
    );
    return rows.map(({ scope, rule }) => ({ scope, rule }));
  }

  /** Sets (replaces) the rule of a scope, audited in the same transaction. */
  async set(by: number, scope: PricingScope, rule: MarginRule, now = new Date()): Promise<void> {
    const key = scopeKey(scope);
    const entry: PricingChange = { by, scope: key, rule, at: now.toISOString() };
    await this.#redis
      .multi()
      .hset(this.#key, key, JSON.stringify(rule))
      .lpush(this.#auditKey, JSON.stringify(entry))
      .ltrim(this.#auditKey, 0, 199)
      .exec();
  }

  /** Deletes the rule of a scope; false when there was none (nothing is audited then). */
  async remove(by: number, scope: PricingScope, now = new Date()): Promise<boolean> {
    const key = scopeKey(scope);
    const entry: PricingChange = { by, scope: key, rule: null, at: now.toISOString() };
    // Atomic so two admins deleting at once audit one deletion.
    const removed = (await this.#redis.eval(
      `if redis.call('HDEL', KEYS[1], ARGV[1]) == 0 then return 0 end
       redis.call('LPUSH', KEYS[2], ARGV[2])
       redis.call('LTRIM', KEYS[2], 0, 199)
       return 1`,
      2,
      this.#key,
      this.#auditKey,
      key,
      JSON.stringify(entry),
    )) as number;
    return removed === 1;
  }

  /** The rule that applies to a target (the most specific one set, else PRICE_MARGIN_PERCENT). */
  async ruleFor(target: PriceTarget): Promise<{ source: RuleSource; rule: MarginRule }> {
    const keys = candidateScopes(target).map(scopeKey);
    const values = await this.#redis.hmget(this.#key, ...keys);
    const rules = new Map<string, MarginRule>();
    keys.forEach((key, index) => {
      const rule = readRule(values[index]);
      if (rule !== undefined) rules.set(key, rule);
    });
    return chooseRule(rules, target, this.#envDefault);
  }

  /** The price a target pays for a merchant price, as an exact string (rounded up to the minor unit). */
  async priceFor(target: PriceTarget, merchantPrice: string, currency: string): Promise<string> {
    const { rule } = await this.ruleFor(target);
    return priceWithMargin(merchantPrice, currency, rule).toFixed(currencyDigits(currency));
  }

  async audit(limit = 20): Promise<PricingChange[]> {
    const rows = await this.#redis.lrange(this.#auditKey, 0, limit - 1);
    return rows.map((row) => JSON.parse(row) as PricingChange);
  }
}

export type PricingStore = Pick<RedisPricingStore, keyof RedisPricingStore>;
