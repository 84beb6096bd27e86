import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletWatch } from '../../src/accounts/wallet-watch.ts';
import { parseAccount } from '../../src/merchant/records.ts';
import { createI18n } from '../../src/bot/i18n.ts';
import { alertLine } from '../../src/notify/alerts.ts';
import { startRedisServer, type RedisServerHandle } from '../support/redis.ts';

describe('MERCHANT_LOW_BALANCE: the merchant wallet watch', () => {
  let server: RedisServerHandle;
  let redis: Redis;

  beforeAll(async () => {
    server = await startRedisServer();
    redis = new Redis(server.url);
  });

  afterAll(async () => {
    redis?.disconnect();
    await server?.dispose();
  });

  it('reads a wallet balance only when the account record carries one (the spec documents none)', () => {
    expect(parseAccount({ default_currency: 'USD', api_access_enabled: true })).toEqual({
      defaultCurrency: 'USD',
      apiAccessEnabled: true,
    });
    expect(
      parseAccount({ default_currency: 'USD', api_access_enabled: true, balance: '12.5000' }).balance,
    ).toBe('12.5000');
    expect(
      parseAccount({ default_currency: 'USD', api_access_enabled: true, balance: 12.5 }).balance,
    ).toBeUndefined();
  });

  it('one check per period for every replica, one alert per fall below the threshold, none when unreported', async () => {
    let balance: string | undefined = '150';
    let reads = 0;
    const alerts: { balance: string; threshold: string; currency: string }[] = [];
    const replica = (prefix: string) =>
      createWalletWatch({
        redis,
        prefix,
        threshold: '100',
        periodMs: 60_000,
        read: async () => {
          reads++;
          return { currency: 'USD', ...(balance === undefined ? {} : { balance }) };
        },
        alert: async (low) => {
          alerts.push(low);
        },
      });
    const [a, b] = [replica('w1:'), replica('w1:')];
    expect(await Promise.all([a.tick(), b.tick()])).toEqual(expect.arrayContaining(['ok', 'skipped']));
    expect(reads).toBe(1);

    // The period has passed (the claim expired): below the threshold, told once, not again while it stays low.
    balance = '99.99';
    await redis.del('w1:acct:wallet-check');
    expect(await b.tick()).toBe('low');
    await redis.del('w1:acct:wallet-check');
    expect(await a.tick()).toBe('low');
    expect(alerts).toEqual([{ balance: '99.99', threshold: '100', currency: 'USD' }]);
    const i18n = createI18n('en');
    const line = alertLine((l, k, v) => i18n.t(l, k, v), 'en', {
      kind: 'merchant-low-balance',
      ...alerts[0]!,
    });
    expect(line).toContain('99.99 USD');
    expect(line).toContain('100.00 USD');
    // Back above, then below again: told again.
    balance = '100';
    await redis.del('w1:acct:wallet-check');
    expect(await a.tick()).toBe('ok');
    balance = '5';
    await redis.del('w1:acct:wallet-check');
    expect(await b.tick()).toBe('low');
    expect(alerts).toHaveLength(2);

    // A service that reports no balance (the sandbox, and the spec): nothing to compare, no alert.
    balance = undefined;
    const quiet = replica('w2:');
    expect(await quiet.tick()).toBe('unreported');
    expect(alerts).toHaveLength(2);
  });
});
