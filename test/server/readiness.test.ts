import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { ask, eventually } from '../bot/agents-support.ts';
import { ADMIN, startBotWorld, type BotWorld } from '../support/bot-world.ts';

const BUDGET_KEY = 'rb:{budget}:state';

/** Sandbox request-log helpers shared by both worlds below. */
function requestLog(world: BotWorld) {
  return {
    /** The sequence number of the newest /api/v1 request so far (0 when none). */
    async lastSeq(): Promise<number> {
      const log = await world.control.get<{ results: Array<{ seq: number }> }>('requests');
      return log.results.at(-1)?.seq ?? 0;
    },
    /** GET /account requests the sandbox received after `since`. */
    async accountCalls(since: number): Promise<number> {
      const log = await world.control.get<{ count: number }>(
        `requests?since=${since}&path=${encodeURIComponent('/api/v1/account')}`,
      );
      return log.count;
    },
  };
}

/** Uses up the whole minute of the shared budget, away from a minute's end so it stays used up for the test. */
async function exhaustBudget(app: App): Promise<void> {
  let [seconds] = (await app.redis.time()) as [number | string, number | string];
  // Wait for a fresh minute when this one ends soon (a condition, not a fixed sleep).
  while (Number(seconds) % 60 > 40) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    [seconds] = (await app.redis.time()) as [number | string, number | string];
  }
  const window = Math.floor(Number(seconds) / 60);
  await app.redis.hset(BUDGET_KEY, 'window', window, 'used', app.budget.limit);
}

async function freeBudget(app: App): Promise<void> {
  await app.redis.hset(BUDGET_KEY, 'used', 0, 'pause_until', 0);
}

describe('/readyz: one cheap probe per replica, judged from real calls, never waiting for the budget', () => {
  let world: BotWorld;
  let log: ReturnType<typeof requestLog>;
  const started: App[] = [];

  /** A replica of its own, so its readiness starts from nothing (cold start). */
  const freshReplica = async () => {
    const app = await world.startReplica();
    started.push(app);
    return app;
  };
  const readyz = (app: App) => fetch(`http://127.0.0.1:${app.address!.port}/readyz`);

  beforeAll(async () => {
    // Webhook mode: replicas of one bot token cannot all poll getUpdates (Telegram answers 409).
    world = await startBotWorld({ mode: 'webhook' });
    log = requestLog(world);
  }, 60_000);
  afterEach(async () => {
    await world.control.del('faults');
    await world.control.post('account', { api_access_enabled: true });
    await freeBudget(world.apps[0]!);
    // Replicas of earlier tests stop polling, so they take no more of the budget or the log.
    await Promise.all(started.splice(0).map((app) => app.stop(5_000)));
  });
  afterAll(async () => {
    await world?.close();
  });

  it('50 concurrent /readyz on a cold replica cause at most one GET /account', async () => {
    const app = await freshReplica();
    const since = await log.lastSeq();
    const answers = await Promise.all(Array.from({ length: 50 }, () => readyz(app)));
    expect(answers.map((r) => r.status)).toEqual(Array.from({ length: 50 }, () => 200));
    expect(await log.accountCalls(since)).toBeLessThanOrEqual(1);
  }, 60_000);

  it('a recent real answer from the service counts: /readyz makes no call at all', async () => {
    const app = await freshReplica();
    await app.merchant.listCountries();
    const since = await log.lastSeq();
    for (let i = 0; i < 3; i++) {
      const res = await readyz(app);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ ready: true, checks: { redis: true, merchant: true } });
    }
    expect(await log.accountCalls(since)).toBe(0);
  }, 60_000);

  it('during a 429 pause a cold replica answers 200 at once, without a call', async () => {
    const app = await freshReplica();
    await app.budget.pause(120);
    const since = await log.lastSeq();
    const t0 = Date.now();
    const res = await readyz(app);
    expect(res.status).toBe(200);
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(await log.accountCalls(since)).toBe(0);
  }, 60_000);

  it('with the minute of the budget used up a cold replica answers 200 at once, without a call', async () => {
    const app = await freshReplica();
    await exhaustBudget(app);
    const since = await log.lastSeq();
    const t0 = Date.now();
    const answers = await Promise.all(Array.from({ length: 10 }, () => readyz(app)));
    expect(answers.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(await log.accountCalls(since)).toBe(0);
  }, 60_000);

  it('a failing service (5xx) makes /readyz 503, and a real call that succeeds makes it 200 again', async () => {
    // A cold replica has no answer to go by, so its first /readyz probes the failing service.
    const app = await freshReplica();
    await world.control.post('faults', { kind: 'error', probability: 1, status: 503, body: 'json' });
    const down = await eventually(async () => {
      const res = await readyz(app);
      return res.status === 503 ? res : undefined;
    }, 30_000);
    expect(await down.json()).toMatchObject({ ready: false, checks: { redis: true, merchant: false } });
    await world.control.del('faults');
    // The replica's own successful call is fresh evidence: no need to wait for the failed probe to expire.
    await app.merchant.listCountries();
    const up = await readyz(app);
    expect(up.status).toBe(200);
    expect(await up.json()).toMatchObject({ ready: true, checks: { redis: true, merchant: true } });
  }, 90_000);

  it('refused credentials (403) make /readyz 503', async () => {
    const app = await freshReplica();
    await world.control.post('account', { api_access_enabled: false });
    const down = await eventually(async () => {
      const res = await readyz(app);
      return res.status === 503 ? res : undefined;
    }, 30_000);
    expect(await down.json()).toMatchObject({ ready: false, checks: { redis: true, merchant: false } });
  }, 90_000);
});

describe('/health uses the same cached state: no pile of calls, no wait for the budget', () => {
  let world: BotWorld;
  let log: ReturnType<typeof requestLog>;

  beforeAll(async () => {
    // No start credit: giving it reads the wallet currency (GET /account), and this world must start unanswered.
    world = await startBotWorld({ env: { RESELLER_START_CREDIT: '0' } });
    log = requestLog(world);
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  it('with the budget used up and no answer yet, /health says so at once and calls nothing', async () => {
    const app = world.apps[0]!;
    const admin = world.standIn.driver.user({ id: ADMIN });
    await exhaustBudget(app);
    try {
      const since = await log.lastSeq();
      const t0 = Date.now();
      const health = await ask(admin, '/health', (m) => m.text.startsWith('🩺'));
      expect(Date.now() - t0).toBeLessThan(5_000);
      expect(health.text.split('\n')[2]).toBe(
        'Merchant API: not asked now (the request budget is busy; no answer seen yet)',
      );
      expect(await log.accountCalls(since)).toBe(0);
    } finally {
      await freeBudget(app);
    }
  }, 60_000);

  it('five /health in a row cause at most one GET /account', async () => {
    const admin = world.standIn.driver.user({ id: ADMIN });
    const since = await log.lastSeq();
    for (let i = 0; i < 5; i++) {
      const health = await ask(admin, '/health', (m) => m.text.startsWith('🩺'));
      expect(health.text.split('\n')[2]).toBe(
        'Merchant API: reachable · api_access_enabled true · wallet currency USD',
      );
    }
    expect(await log.accountCalls(since)).toBeLessThanOrEqual(1);
  }, 60_000);
});
