/**
 * The cache of fixed-amount prices (the amount buttons) over a real client, a real request budget on a private
 * Redis and the Merchant API sandbox, whose request log counts the quotes that were really sent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createFixedPrices, type FixedProduct } from '../../src/merchant/fixed-prices.ts';
import { sandboxPerFile } from './support/sandbox-per-file.ts';

const world = sandboxPerFile();
afterEach(async () => {
  await world.control.del('faults');
});

const TELKOM: FixedProduct = { country: 'KE', operatorKey: 'KE-TELKOM', subtype: 'airtime', currency: 'KES' };
const AIRTEL: FixedProduct = { country: 'KE', operatorKey: 'KE-AIRTEL', subtype: 'airtime', currency: 'KES' };

describe('fixed-amount prices', () => {
  it('quotes the missing amounts once, at the prices a quote names, and keeps them for every replica', async () => {
    const prefix = 'fp1:';
    const prices = createFixedPrices({ api: world.client, redis: world.redis, prefix });
    const before = await world.quotesSent();
    const first = await prices.pricesOf(TELKOM, ['50', '100', '200', '500']);
    expect(Object.keys(first).sort()).toEqual(['100', '200', '50', '500']);
    expect((await world.quotesSent()) - before).toBe(4);
    // Each price is what a quote of that amount costs now.
    for (const amount of ['50', '500']) {
      const quote = await world.client.createQuote(
        { country: 'KE', operatorKey: 'KE-TELKOM', amount, localCurrency: 'KES', subtype: 'airtime' },
        { priority: 'interactive' },
      );
      expect(first[amount]).toEqual({
        price: quote.merchantPrice.toFixed(),
        currency: quote.merchantCurrency,
      });
    }
    // Another replica (another cache object on the same Redis) asks nothing: the prices are kept, for an hour.
    const other = createFixedPrices({ api: world.client, redis: world.redis, prefix });
    const sent = await world.quotesSent();
    expect(await other.pricesOf(TELKOM, ['500', '50'])).toEqual({ '500': first['500'], '50': first['50'] });
    expect(await world.quotesSent()).toBe(sent);
    const ttl = await world.redis.ttl(`${prefix}price:KE:KE-TELKOM:airtime:KES:50`);
    expect(ttl).toBeGreaterThan(3_000);
    expect(ttl).toBeLessThanOrEqual(3_600);
  });

  it('quotes at most maxQuotes amounts for one screen; the rest show no price until later', async () => {
    const prices = createFixedPrices({ api: world.client, redis: world.redis, prefix: 'fp2:', maxQuotes: 2 });
    const amounts = ['20', '50', '100', '250', '500', '1000'];
    const before = await world.quotesSent();
    const first = await prices.pricesOf(AIRTEL, amounts);
    expect(Object.keys(first)).toHaveLength(2);
    expect((await world.quotesSent()) - before).toBe(2);
    // The next screens fill in the rest, two at a time.
    await prices.pricesOf(AIRTEL, amounts);
    expect(Object.keys(await prices.pricesOf(AIRTEL, amounts))).toHaveLength(6);
  });

  it('a quote slower than the screen can wait shows no price and keeps none; a real quote fills it in', async () => {
    const prefix = 'fp3:';
    const prices = createFixedPrices({ api: world.client, redis: world.redis, prefix, waitMs: 200 });
    await world.control.post('faults', { kind: 'latency', latency_ms: 5_000, path: '/recharge/quote' });
    expect(await prices.pricesOf(TELKOM, ['50'])).toEqual({});
    expect(await world.redis.exists(`${prefix}price:KE:KE-TELKOM:airtime:KES:50`)).toBe(0);
    await world.control.del('faults');
    // What a person's real quote named is kept for the buttons.
    await prices.remember(TELKOM, '50', { price: '0.4210', currency: 'USD' });
    expect(await prices.pricesOf(TELKOM, ['50'])).toEqual({ '50': { price: '0.4210', currency: 'USD' } });
  });

  it('no amounts, no question', async () => {
    const prices = createFixedPrices({ api: world.client, redis: world.redis, prefix: 'fp4:' });
    const before = await world.quotesSent();
    expect(await prices.pricesOf(TELKOM, [])).toEqual({});
    expect(await world.quotesSent()).toBe(before);
  });
});
