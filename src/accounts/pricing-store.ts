import { accountsKeys, type AccountsKeys } from './keys.ts';
import { Decimal } from 'decimal.js';
import type { Redis } from 'ioredis';
import type { Network } from './network.ts';
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
  /** The chain above a reseller (accounts/network.ts): their price cascades down it. */
  network: Pick<Network, 'standing'>;
}

/** The distributors above a reseller, nearest first, as a caller read them with the reseller's role. */
type KnownChain = readonly { userId: number }[];

/**
 * Whose rules: the merchant's (set by admins, on the merchant price) or a distributor's (on the distributor's own
 * price, for their network).
 */
export type RuleOwner = { kind: 'merchant' } | { kind: 'distributor'; userId: number };

export const MERCHANT: RuleOwner = { kind: 'merchant' };

/** What a reseller pays and what each level above them pays for the same top-up (nearest first). */
export interface PriceChain {
  price: string;
  /** The distributors above the payer, nearest first, each with the price they pay. */
  above: Array<{ userId: number; price: string }>;
}

/** A distributor who set no rule passes their own price on. */
const NO_MARGIN: MarginRule = { percent: '0', fixed: '0' };

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
 * Margin rules, one Redis hash per owner (scope key -> rule JSON) with an audit list. Nothing is cached per
 * replica: a price reads the chain above the payer, then every level's (at most four) candidate rules in one
 * pipeline, so a change made on any replica applies to the next quote everywhere.
 *
 * The cascade: the first level under the merchant pays the merchant price plus the merchant's rule for them; each
 * level below pays its distributor's price plus the distributor's rule for it (percentages of the distributor's
 * price), rounded up to the minor unit and never below the distributor's price.
 */
export class RedisPricingStore {
  readonly #redis: Redis;
  readonly #keys: AccountsKeys;
  readonly #envDefault: MarginRule;
  readonly #network: PricingStoreDeps['network'];

  constructor(deps: PricingStoreDeps) {
    this.#redis = deps.redis;
    this.#keys = accountsKeys(deps.prefix);
    this.#envDefault = percentRule(deps.defaultPercent);
    this.#network = deps.network;
  }

  #key(owner: RuleOwner): string {
    return this.#keys.pricingRules(owner.kind === 'merchant' ? undefined : owner.userId);
  }

  #auditKey(owner: RuleOwner): string {
    return this.#keys.pricingAudit(owner.kind === 'merchant' ? undefined : owner.userId);
  }

  #defaultOf(owner: RuleOwner): MarginRule {
    return owner.kind === 'merchant' ? this.#envDefault : NO_MARGIN;
  }

  /** The default rule from PRICE_MARGIN_PERCENT. */
  get envDefault(): MarginRule {
    return this.#envDefault;
  }

  /** Every rule set in chat, default first, then countries, operators and resellers. */
  async list(owner: RuleOwner = MERCHANT): Promise<Array<{ scope: PricingScope; rule: MarginRule }>> {
    const all = await this.#redis.hgetall(this.#key(owner));
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
  async set(by: number, scope: PricingScope, rule: MarginRule, owner: RuleOwner = MERCHANT): Promise<void> {
    const key = scopeKey(scope);
    const entry: PricingChange = { by, scope: key, rule, at: new Date().toISOString() };
    const audit = this.#auditKey(owner);
    await this.#redis
      .multi()
      .hset(this.#key(owner), key, JSON.stringify(rule))
      .lpush(audit, JSON.stringify(entry))
      .ltrim(audit, 0, 199)
      .exec();
  }

  /** Deletes the rule of a scope; false when there was none (nothing is audited then). */
  async remove(by: number, scope: PricingScope, owner: RuleOwner = MERCHANT): Promise<boolean> {
    const key = scopeKey(scope);
    const entry: PricingChange = { by, scope: key, rule: null, at: new Date().toISOString() };
    // Atomic so two admins deleting at once audit one deletion.
    const removed = (await this.#redis.eval(
      `if redis.call('HDEL', KEYS[1], ARGV[1]) == 0 then return 0 end
       redis.call('LPUSH', KEYS[2], ARGV[2])
       redis.call('LTRIM', KEYS[2], 0, 199)
       return 1`,
      2,
      this.#key(owner),
      this.#auditKey(owner),
      key,
      JSON.stringify(entry),
    )) as number;
    return removed === 1;
  }

  /** The rule of `owner` that applies to a target (the most specific one set, else the owner's default). */
  async ruleFor(
    target: PriceTarget,
    owner: RuleOwner = MERCHANT,
  ): Promise<{ source: RuleSource; rule: MarginRule }> {
    const [found] = await this.#rulesFor([{ owner, target }]);
    return found!;
  }

  /** The rules that apply to several (owner, target) pairs, read in one pipeline. */
  async #rulesFor(
    wanted: ReadonlyArray<{ owner: RuleOwner; target: PriceTarget }>,
  ): Promise<Array<{ source: RuleSource; rule: MarginRule }>> {
    const pipeline = this.#redis.pipeline();
    const keyLists = wanted.map(({ owner, target }) => {
      const keys = candidateScopes(target).map(scopeKey);
      pipeline.hmget(this.#key(owner), ...keys);
      return keys;
    });
    const replies = (await pipeline.exec()) ?? [];
    return wanted.map(({ owner, target }, index) => {
      const [error, values] = replies[index] ?? [new Error('no reply'), null];
      if (error) throw error;
      const rules = new Map<string, MarginRule>();
      keyLists[index]!.forEach((key, at) => {
        const rule = readRule((values as Array<string | null>)[at]);
        if (rule !== undefined) rules.set(key, rule);
      });
      return chooseRule(rules, target, this.#defaultOf(owner));
    });
  }

  /**
   * What a target pays for a merchant price, as an exact string (rounded up to the minor unit): with no
   * reseller, the merchant's general rules; for a reseller, down the cascade of their chain.
   */
  async priceFor(
    target: PriceTarget,
    merchantPrice: string,
    currency: string,
    chain?: KnownChain,
  ): Promise<string> {
    return (await this.priceChain(target, merchantPrice, currency, chain)).price;
  }

  /**
   * The payer's price and the price of every distributor above them (see the class comment). `chain`: the
   * reseller's, when the caller read it with their role; else it is read here.
   */
  async priceChain(
    target: PriceTarget,
    merchantPrice: string,
    currency: string,
    chain?: KnownChain,
  ): Promise<PriceChain> {
    const [priced] = await this.priceChains(target, [merchantPrice], currency, chain);
    return priced!;
  }

  /** `priceChain` for several merchant prices of one target (the amount buttons), reading the rules once. */
  async priceChains(
    target: PriceTarget,
    merchantPrices: readonly string[],
    currency: string,
    known?: KnownChain,
  ): Promise<PriceChain[]> {
    const digits = currencyDigits(currency);
    if (target.resellerId === undefined) {
      const { rule } = await this.ruleFor(target);
      return merchantPrices.map((p) => ({
        price: priceWithMargin(p, currency, rule).toFixed(digits),
        above: [],
      }));
    }
    const chain = known ?? (await this.#network.standing(target.resellerId)).chain;
    // Top-down: the first level under the merchant, then each level to the payer.
    const levels = [...chain.map((ancestor) => ancestor.userId).reverse(), target.resellerId];
    const rules = await this.#rulesFor(
      levels.map((userId, index) => ({
        owner: index === 0 ? MERCHANT : { kind: 'distributor' as const, userId: levels[index - 1]! },
        target: { ...target, resellerId: userId },
      })),
    );
    return merchantPrices.map((merchantPrice) => {
      let price = new Decimal(merchantPrice);
      const prices = rules.map(({ rule }, index) => {
        const next = priceWithMargin(price, currency, rule);
        price = index === 0 || next.gte(price) ? next : price;
        return price.toFixed(digits);
      });
      const above = levels
        .slice(0, -1)
        .map((userId, index) => ({ userId, price: prices[index]! }))
        .reverse();
      return { price: prices[prices.length - 1]!, above };
    });
  }

  async audit(limit = 20, owner: RuleOwner = MERCHANT): Promise<PricingChange[]> {
    const rows = await this.#redis.lrange(this.#auditKey(owner), 0, limit - 1);
    return rows.map((row) => JSON.parse(row) as PricingChange);
  }
}

export type PricingStore = Pick<RedisPricingStore, keyof RedisPricingStore>;
