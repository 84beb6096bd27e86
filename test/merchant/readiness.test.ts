/**
 * The Merchant API readiness judgement over a real client, a real request budget on a private Redis and the
 * Merchant API sandbox (its request log counts what was sent).
 */
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MerchantClient } from '../../src/merchant/client.ts';
import { createMerchantReadiness, type MerchantReadinessDeps } from '../../src/merchant/readiness.ts';
import type { RequestBudget } from '../../src/merchant/budget.ts';
import { createMerchantSandbox, type SandboxAddress } from '../../src/sandbox/merchant/index.ts';
import { controlClient, type SandboxControl } from '../support/bot-world.ts';
import { startRedisServer, type RedisServerHandle } from '../support/redis.ts';
import { waitFor } from './support/minute.ts';
import { testBudget, testClient } from './support/setup.ts';

let redisServer: RedisServerHandle;
let redis: Redis;
let sandbox: ReturnType<typeof createMerchantSandbox>;
let address: SandboxAddress;
let control: SandboxControl;
const opened: MerchantClient[] = [];

beforeAll(async () => {
  redisServer = await startRedisServer();
  redis = new Redis(redisServer.url, { maxRetriesPerRequest: 1 });
  sandbox = createMerchantSandbox({ timeScale: 0.01 });
  address = await sandbox.listen();
  control = controlClient(address.controlUrl);
});
afterEach(async () => {
  await control.del('faults');
});
afterAll(async () => {
  await Promise.all(opened.map((c) => c.close()));
  redis.disconnect();
  await sandbox.close();
  await redisServer.dispose();
});

function clientOn(budget: RequestBudget): MerchantClient {
  const client = testClient(
    { baseUrl: address.baseUrl, merchantId: sandbox.merchantId, apiKey: sandbox.apiKey },
    budget,
  );
  opened.push(client);
  return client;
}

async function lastSeq(): Promise<number> {
  const log = await control.get<{ results: Array<{ seq: number }> }>('requests');
  return log.results.at(-1)?.seq ?? 0;
}

async function accountCalls(since: number): Promise<number> {
  return (await control.get<{ count: number }>(`requests?since=${since}&path=%2Fapi%2Fv1%2Faccount`)).count;
}

function readinessOf(client: MerchantClient, knobs: Omit<MerchantReadinessDeps, 'client'> = {}) {
  return createMerchantReadiness({ client, ...knobs });
}

describe('Merchant API readiness', () => {
  it('a slow probe: checks answer from what is known without waiting for it, and no second probe starts', async () => {
    const client = clientOn(testBudget(redis));
    const readiness = readinessOf(client, { waitMs: 100 });
    await control.post('faults', { kind: 'latency', next: 1, latency_ms: 8_000, path: '/account' });
    const since = await lastSeq();
    const t0 = Date.now();
    const first = await Promise.all([readiness.check(), readiness.check(), readiness.check()]);
    // Loosely bounded: it must not wait the probe's eight seconds, however loaded the machine.
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(first.map((s) => s.state)).toEqual(['unknown', 'unknown', 'unknown']);
    await waitFor(async () => (await readiness.check()).state === 'answering', 20_000, 'the probe to answer');
    expect(await accountCalls(since)).toBe(1);
  }, 40_000);

  it('a real failure is confirmed by one probe before it counts', async () => {
    const client = clientOn(testBudget(redis));
    const readiness = readinessOf(client);
    await control.post('faults', { kind: 'error', next: 3, status: 502, path: '/recharge/countries' });
    await expect(client.listCountries()).rejects.toMatchObject({ kind: 'server' });
    expect(client.lastAnswer()).toMatchObject({ ok: false, reason: 'HTTP 502 (server)' });
    const since = await lastSeq();
    expect(await readiness.check()).toMatchObject({ state: 'answering' });
    expect(await accountCalls(since)).toBe(1);
  });

  it('a failing probe makes it failing; with the budget then busy, the failure seen last stands', async () => {
    const budget = testBudget(redis);
    const client = clientOn(budget);
    const readiness = readinessOf(client, { cacheMs: 0, freshMs: 0 });
    await control.post('faults', { kind: 'error', probability: 1, status: 503, body: 'html' });
    expect(await readiness.check()).toMatchObject({ state: 'failing', reason: 'HTTP 503 (server)' });
    await budget.pause(60);
    const since = await lastSeq();
    expect(await readiness.check()).toMatchObject({ state: 'failing', reason: 'HTTP 503 (server)' });
    expect(await accountCalls(since)).toBe(0);
  });

  it('a probe with no answer by its deadline is a failure (timeout)', async () => {
    const client = clientOn(testBudget(redis));
    const readiness = readinessOf(client, { probeTimeoutMs: 300, waitMs: 20_000 });
    await control.post('faults', { kind: 'latency', next: 1, latency_ms: 3_000, path: '/account' });
    expect(await readiness.check()).toMatchObject({ state: 'failing', reason: 'timeout' });
  });
});
