import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { botKeys } from '../../src/bot/keys.ts';
import { PROMPT, say, typeToQuote } from '../bot/flow/helpers.ts';
import { controlClient } from '../support/bot-world.ts';
import { killChild, startChild, type Child } from '../support/child.ts';
import { freePort } from '../support/ports.ts';
import { startLocalParts, type LocalParts } from '../support/local-parts.ts';

// ROLE on real processes: a `bot` takes the chat and stores the Merchant API's webhooks, a `worker` runs the
// order jobs and tells the chat. The worker's loops idle for a minute here, so a status that reaches the chat
// within the test's wait was announced to the worker through Redis (the wake channel), not found by its poll.

const ADMIN = 710_000_021;

const startReplica = (env: Record<string, string>): Child =>
  startChild('test/main/support/crash-bot.ts', { PATH: process.env.PATH ?? '', ...env });

async function waitFor<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs: number,
  what: string,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const ready = (child: Child) =>
  waitFor(
    () => (child.output.includes('READY') ? true : undefined),
    60_000,
    `READY: ${child.output.join(' | ')}`,
  );

interface Delivery {
  order_id: string;
  attempts: { ok: boolean }[];
}

describe('ROLE=bot and ROLE=worker', () => {
  let parts: LocalParts | undefined;
  const children: Child[] = [];

  afterEach(async () => {
    await Promise.all(children.map(killChild));
    children.length = 0;
    await parts?.close();
  });

  it('the bot process places and stores webhooks, the worker tells the chat; with no worker nothing is told until one starts', async () => {
    parts = await startLocalParts({
      users: [{ id: ADMIN, firstName: 'Ada', languageCode: 'en', started: true }],
      sandbox: { initialBalance: '1000' },
    });
    const { standIn, sandbox } = parts;
    const control = controlClient(parts.urls.controlUrl);
    const env: Record<string, string> = {
      ...parts.env,
      BOT_MODE: 'polling',
      MERCHANT_RATE_LIMIT_PER_MINUTE: '1000',
      ADMIN_IDS: String(ADMIN),
      LOG_LEVEL: 'silent',
    };
    const botPort = await freePort();
    const bot = startReplica({ ...env, ROLE: 'bot', HTTP_PORT: String(botPort) });
    children.push(bot);
    await ready(bot);
    await control.post('webhooks', {
      targets: [{ url: `http://127.0.0.1:${botPort}/webhooks/merchant`, secret: sandbox.webhookSecrets[0] }],
    });
    const ada = standIn.driver.user({ id: ADMIN });

    // 1. No worker: the bot process places the order and stores its webhook, and tells nobody.
    const firstQuote = await typeToQuote(ada, '08031234801');
    ada.press(firstQuote, /✅/);
    const placing = await ada.waitForBotMessage((m) => m.text.includes('Placing the order'), {
      after: firstQuote.id - 1,
      timeoutMs: 30_000,
    });
    const firstOrder = await waitFor(
      async () => {
        const list = await control.get<{ results: Delivery[] }>('deliveries?event=order.succeeded');
        return list.results.find((d) => d.attempts.some((a) => a.ok))?.order_id;
      },
      60_000,
      'the first order.succeeded webhook accepted by the bot process',
    );
    expect(ada.chat().find((m) => m.id === placing.id)?.text).not.toContain('✅');
    expect(ada.chat().some((m) => m.text.startsWith('✅') && m.text.includes(firstOrder))).toBe(false);

    // 2. A worker starts: it finds the stored event and tells the chat.
    const worker = startReplica({ ...env, ROLE: 'worker', HTTP_PORT: String(await freePort()) });
    children.push(worker);
    await ready(worker);
    await ada.waitFor((chat) => chat.find((m) => m.text.startsWith('✅') && m.text.includes(firstOrder)), {
      timeoutMs: 30_000,
    });

    // 3. With the worker idle (its first rounds are done), the next webhook reaches the chat through the wake.
    const secondQuote = await typeToQuote(ada, '08031234802');
    ada.press(secondQuote, /✅/);
    const secondOrder = await waitFor(
      async () => {
        const list = await control.get<{ results: Delivery[] }>('deliveries?event=order.succeeded');
        return list.results.find((d) => d.order_id !== firstOrder && d.attempts.some((a) => a.ok))?.order_id;
      },
      60_000,
      'the second order.succeeded webhook',
    );
    await ada.waitFor((chat) => chat.find((m) => m.text.startsWith('✅') && m.text.includes(secondOrder)), {
      timeoutMs: 30_000,
    });
  }, 240_000);

  it('a flow taken by the bot process and left idle is ended by the worker: its state dropped, goodbye said once', async () => {
    parts = await startLocalParts({
      users: [{ id: ADMIN, firstName: 'Ada', languageCode: 'en', started: true }],
      sandbox: { initialBalance: '1000' },
    });
    const env: Record<string, string> = {
      ...parts.env,
      BOT_MODE: 'polling',
      ADMIN_IDS: String(ADMIN),
      LOG_LEVEL: 'silent',
    };
    const bot = startReplica({ ...env, ROLE: 'bot', HTTP_PORT: String(await freePort()) });
    const worker = startReplica({ ...env, ROLE: 'worker', HTTP_PORT: String(await freePort()) });
    children.push(bot, worker);
    await Promise.all([ready(bot), ready(worker)]);
    const ada = parts.standIn.driver.user({ id: ADMIN });
    await say(ada, '/topup', PROMPT.country);
    const operators = await say(ada, 'Nigeria', PROMPT.operator);

    // Fifteen idle minutes, brought forward: the chat's deadline (set by the bot process) is due now, and the
    // worker's sweep ends it.
    const redis = new Redis(parts.redis.url);
    try {
      const deadlines = botKeys('rb:').idleFlows;
      await waitFor(
        async () => ((await redis.zscore(deadlines, ADMIN)) === null ? undefined : true),
        30_000,
        "the chat's deadline",
      );
      await redis.zadd(deadlines, 'XX', 0, ADMIN);
      const goodbye = await ada.waitForBotMessage((m) => m.text.includes('without activity'), {
        after: operators.id,
        timeoutMs: 30_000,
      });
      // The worker dropped the state the bot process keeps: the flow's buttons now say it ended.
      const data = operators.buttons.flat()[0]!.data!;
      const { queryId } = ada.pressData(operators.id, data);
      expect((await ada.waitForCallbackAnswer(queryId, { timeoutMs: 30_000 })).text).toContain(
        'finished top-up',
      );
      expect(ada.chat().filter((m) => m.text.includes('without activity'))).toHaveLength(1);
      expect(goodbye.from).toBe('bot');
    } finally {
      redis.disconnect();
    }
  }, 240_000);
});
