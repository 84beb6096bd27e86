import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESELLER, STRANGER, startBotWorld, type BotWorld } from '../support/bot-world.ts';

/** The value of one sample in Prometheus text format, or undefined when it is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the HTTP server: /healthz, /readyz, /metrics', () => {
  let world: BotWorld;
  let base = '';
  const metricsText = async () => (await fetch(`${base}/metrics`)).text();

  beforeAll(async () => {
    world = await startBotWorld();
    base = `http://127.0.0.1:${world.apps[0]!.address!.port}`;
  });
  afterAll(async () => {
    await world?.close();
  });

  it('/healthz answers 200 while the process runs', async () => {
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('/metrics counts orders by status, Merchant API calls, budget waits and webhook-to-chat times after a top-up', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    user.sendCommand('/topup');
    await user.waitForBotMessage((m) => m.text.includes('Which country'));
    user.sendText('Nigeria');
    await user.waitForBotMessage((m) => m.text.includes('Which operator'));
    user.sendText('MTN');
    await user.waitForBotMessage((m) => m.text.includes('What do you want to buy'));
    user.sendText('Airtime');
    await user.waitForBotMessage((m) => m.text.includes('How much'));
    user.sendText('500');
    await user.waitForBotMessage((m) => m.text.includes('Send the phone number'));
    user.sendText('0803 123 4567');
    const quote = await user.waitForBotMessage((m) => m.text.includes('Please check this top-up'));
    user.press(quote.id, /✅/);
    const done = await user.waitFor(
      (chat) => chat.find((m) => m.from === 'bot' && m.text.startsWith('✅') && m.text.includes('O-')),
      { timeoutMs: 30_000 },
    );
    expect(done.text).toContain('O-');

    const text = await waitFor(
      async () => {
        const body = await metricsText();
        return (sample(body, 'recharge_webhook_to_chat_seconds_count') ?? 0) >= 1 &&
          sample(body, 'recharge_orders', { status: 'succeeded' }) === 1
          ? body
          : undefined;
      },
      30_000,
      'the metrics to show the finished order',
    );
    expect(
      sample(text, 'recharge_merchant_api_calls_total', { endpoint: 'POST /recharge/orders', status: 'ok' }),
    ).toBe(1);
    expect(
      sample(text, 'recharge_merchant_api_calls_total', { endpoint: 'POST /recharge/quote', status: 'ok' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'recharge_orders', { status: 'placing' })).toBe(0);
    expect(
      sample(text, 'recharge_merchant_budget_wait_seconds_count', { priority: 'placement' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it('/metrics counts merchant webhooks refused, by reason', async () => {
    const before = await metricsText();
    const body = JSON.stringify({ event: 'order.succeeded', data: { id: 'O-1' } });
    const t = Math.floor(Date.now() / 1000);
    const wrong = createHmac('sha256', 'not-the-secret').update(`${t}.${body}`).digest('hex');
    const res = await fetch(`${base}/webhooks/merchant`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-svc-signature': `t=${t},v1=${wrong}` },
      body,
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    const after = await metricsText();
    const total = (text: string) =>
      text
        .split('\n')
        .filter((l) => l.startsWith('recharge_merchant_webhook_verification_failures_total{'))
        .reduce((sum, l) => sum + Number(l.split(' ').pop()), 0);
    expect(total(after)).toBe(total(before) + 1);
  });

  it('/metrics counts Bot API errors by method and code', async () => {
    const user = world.standIn.driver.user({ id: STRANGER });
    const res = await fetch(`${world.apiRoot}/_standin/users/${STRANGER}/block`, { method: 'POST' });
    expect(res.ok).toBe(true);
    // The app's own Bot API client (the one every handler uses) meets a user who blocked the bot.
    await expect(world.apps[0]!.bot.bot.api.sendMessage(STRANGER, 'hello')).rejects.toMatchObject({
      error_code: 403,
    });
    const text = await metricsText();
    expect(sample(text, 'recharge_telegram_errors_total', { method: 'sendMessage', code: '403' })).toBe(1);
    expect(user.chat().some((m) => m.text === 'hello')).toBe(false);
  });

  it('/readyz is 200 with Redis and the Merchant API up, 503 naming Redis while it is down', async () => {
    const up = await fetch(`${base}/readyz`);
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({
      ready: true,
      checks: { redis: true, merchant: true },
      // What it runs as and on which Redis (a single server: no replica has to acknowledge order intents).
      role: 'all',
      redis: {
        topology: 'single',
        role: 'master',
        replicas: 0,
        replicaAcks: { required: false, lastAcknowledged: null },
      },
    });

    await world.redis.stop();
    try {
      const down = await fetch(`${base}/readyz`);
      expect(down.status).toBe(503);
      expect(await down.json()).toMatchObject({ ready: false, checks: { redis: false } });
      // Liveness does not depend on Redis: a restart would not help.
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
    } finally {
      await world.redis.start();
    }
    const back = await waitFor(
      async () => {
        const res = await fetch(`${base}/readyz`);
        return res.status === 200 ? res : undefined;
      },
      30_000,
      '/readyz to recover',
    );
    expect(back.status).toBe(200);
  });
});
