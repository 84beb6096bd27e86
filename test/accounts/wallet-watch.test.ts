import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createWalletWatch, WALLET_WATCH_QUEUE } from '../../src/accounts/wallet-watch.ts';
import { createJobSystem, type JobSystem } from '../../src/jobs/jobs.ts';
import { parseAccount } from '../../src/merchant/records.ts';
import { createI18n } from '../../src/bot/i18n.ts';
import { alertLine } from '../../src/notify/alert-text.ts';
import { startRedisServer, type RedisServerHandle } from '../support/redis.ts';

describe('MERCHANT_LOW_BALANCE: the merchant wallet watch', () => {
  let server: RedisServerHandle;
  let redis: Redis;

  beforeAll(async () => {
    server = await startRedisServer();
    redis = new Redis(server.url);
  });

  const jobSystems: JobSystem[] = [];
  afterEach(async () => {
    await Promise.all(jobSystems.splice(0).map((jobs) => jobs.close()));
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

  it('one alert per fall below the threshold, none when unreported', async () => {
    let balance: string | undefined = '150';
    const alerts: { balance: string; threshold: string; currency: string }[] = [];
    const watch = (prefix: string) =>
      createWalletWatch({
        redis,
        prefix,
        threshold: '100',
        read: async () => ({ currency: 'USD', ...(balance === undefined ? {} : { balance }) }),
        alert: async (low) => {
          alerts.push(low);
        },
      });
    // Two replicas' watches (each period's check runs on one of them).
    const [a, b] = [watch('w1:'), watch('w1:')];
    expect(await a.check()).toBe('ok');

    // Below the threshold: told once, not again while it stays low, whichever replica checks.
    balance = '99.99';
    expect(await b.check()).toBe('low');
    expect(await a.check()).toBe('low');
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
    expect(await a.check()).toBe('ok');
    balance = '5';
    expect(await b.check()).toBe('low');
    expect(alerts).toHaveLength(2);

    // A service that reports no balance (the sandbox, and the spec): nothing to compare, no alert.
    balance = undefined;
    const quiet = watch('w2:');
    expect(await quiet.check()).toBe('unreported');
    expect(alerts).toHaveLength(2);
  });

  it('one check per period for two worker replicas, and across a restart of the one that scheduled it', async () => {
    const periodMs = 1_000;
    const prefix = 'w3:';
    let reads = 0;
    const replica = () => {
      const jobs = createJobSystem({ connect: (o) => new Redis(server.url, o), prefix });
      jobSystems.push(jobs);
      const watch = createWalletWatch({
        redis,
        prefix,
        threshold: '100',
        periodMs,
        read: async () => {
          reads++;
          return { currency: 'USD', balance: '150' };
        },
        alert: async () => undefined,
      });
      return { jobs, watch };
    };
    const observer = createJobSystem({ connect: (o) => new Redis(server.url, o), prefix });
    jobSystems.push(observer);
    const queue = observer.queue(WALLET_WATCH_QUEUE);
    /** The periods checked so far (each job's ID names its slot). */
    const slots = async () =>
      (await queue.getJobs(['completed']))
        .map((job) => Number(job.id!.split(':').at(-1)))
        .sort((x, y) => x - y);
    const waitForSlots = async (count: number) => {
      const until = Date.now() + 60_000;
      while ((await slots()).length < count) {
        if (Date.now() > until) throw new Error(`timed out waiting for ${count} checks`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };

    // The first replica schedules the checks and stops after the first; a second one starts meanwhile.
    const first = replica();
    await first.watch.start(first.jobs);
    await waitForSlots(1);
    await first.jobs.close();
    const [second, third] = [replica(), replica()];
    await second.watch.start(second.jobs);
    await third.watch.start(third.jobs);
    await waitForSlots(4);
    await Promise.all([second.jobs.close(), third.jobs.close()]);

    const done = await slots();
    // One check per slot, each a period after the one before at least: never two in one period.
    expect(reads).toBe(done.length);
    expect(new Set(done).size).toBe(done.length);
    for (let i = 1; i < done.length; i++) expect(done[i]! - done[i - 1]!).toBeGreaterThanOrEqual(periodMs);
    expect(await queue.getJobSchedulersCount()).toBe(1);
  });
});
