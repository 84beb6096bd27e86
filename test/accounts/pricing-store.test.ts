import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createNetwork } from '../../src/accounts/network.ts';
import { RedisPricingStore } from '../../src/accounts/pricing-store.ts';
import { redisPerFile } from '../support/redis.ts';

describe('margin rules in Redis', () => {
  let redis: Redis;
  redisPerFile((client) => {
    redis = client;
  });
  let n = 0;
  /** Two stores on one Redis, as two replicas have. */
  function replicas(defaultPercent = '0') {
    n += 1;
    const prefix = `p${n}:`;
    return [
      new RedisPricingStore({
        redis,
        prefix,
        defaultPercent,
        network: createNetwork({ redis, prefix, maxDepth: 2 }),
      }),
      new RedisPricingStore({
        redis,
        prefix,
        defaultPercent,
        network: createNetwork({ redis, prefix, maxDepth: 2 }),
      }),
    ] as const;
  }
  const target = { country: 'NG', operatorKey: 'NG-MTN', resellerId: 42 };

  it('PRICE_MARGIN_PERCENT applies while no rule is set', async () => {
    const [a] = replicas('2.5');
    expect(await a.ruleFor(target)).toEqual({
      source: { kind: 'env' },
      rule: { percent: '2.5', fixed: '0' },
    });
    // 0.3129 × 1.025 = 0.3207225 -> 0.33
    expect(await a.priceFor(target, '0.3129', 'USD')).toBe('0.33');
    expect(await a.priceFor(target, '1.1', 'USD')).toBe('1.13');
  });

  it('a rule set on one replica applies at once on the other, and deleting it falls back', async () => {
    const [a, b] = replicas();
    expect(await b.priceFor(target, '10', 'USD')).toBe('10.00');
    await a.set(1, { kind: 'country', country: 'NG' }, { percent: '10', fixed: '0' });
    expect(await b.priceFor(target, '10', 'USD')).toBe('11.00');
    await a.set(1, { kind: 'reseller', resellerId: 42 }, { percent: '0', fixed: '0.5' });
    expect(await b.priceFor(target, '10', 'USD')).toBe('10.50');
    // Another reseller still gets the country's rule.
    expect(await b.priceFor({ ...target, resellerId: 43 }, '10', 'USD')).toBe('11.00');
    expect(await b.remove(2, { kind: 'reseller', resellerId: 42 })).toBe(true);
    expect(await b.remove(2, { kind: 'reseller', resellerId: 42 })).toBe(false);
    expect(await a.priceFor(target, '10', 'USD')).toBe('11.00');
    expect((await a.audit()).map((e) => [e.by, e.scope, e.rule === null])).toEqual([
      [2, 'reseller:42', true],
      [1, 'reseller:42', false],
      [1, 'country:NG', false],
    ]);
  });

  it('lists rules default first, then countries, operators and resellers; skips a broken entry', async () => {
    const [a] = replicas();
    await a.set(1, { kind: 'reseller', resellerId: 5 }, { percent: '1', fixed: '0' });
    await a.set(1, { kind: 'operator', country: 'NG', operatorKey: 'NG-MTN' }, { percent: '2', fixed: '0' });
    await a.set(1, { kind: 'country', country: 'GH' }, { percent: '3', fixed: '0', min: '0.1', max: '2' });
    await a.set(1, { kind: 'default' }, { percent: '4', fixed: '0.05' });
    await redis.hset(`p${n}:pricing:rules`, 'country:XX', 'not json', 'galaxy:far', '{}');
    expect((await a.list()).map((r) => r.scope.kind)).toEqual(['default', 'country', 'operator', 'reseller']);
    expect((await a.list())[1]!.rule).toEqual({ percent: '3', fixed: '0', min: '0.1', max: '2' });
    // A broken stored rule is never applied half: the next scope's rule applies.
    expect((await a.ruleFor({ country: 'XX', operatorKey: 'XX-1' })).source).toEqual({ kind: 'default' });
  });
});
