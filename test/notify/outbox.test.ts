import { Api, GrammyError, HttpError } from 'grammy';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  classifyTelegramError,
  createOutbox,
  type Outbox,
  type OutboxTelegram,
} from '../../src/notify/outbox.ts';
import { createTelegramStandIn, type TelegramStandIn } from '../../src/sandbox/telegram/index.ts';
import { startRedisServer, type RedisServerHandle } from '../support/redis.ts';

async function waitFor<T>(
  probe: () => Promise<T> | T,
  timeoutMs = 30_000,
  label = 'condition',
): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > until) throw new Error(`timed out waiting for ${label}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Runs outbox ticks until nothing is pending (a stand-in for the worker loop). */
async function drain(outboxes: Outbox[], timeoutMs = 30_000): Promise<void> {
  await waitFor(
    async () => {
      await Promise.all(outboxes.map((o) => o.tick(10)));
      return (await outboxes[0]!.pending()) === 0;
    },
    timeoutMs,
    'outbox drained',
  );
}

describe('durable Telegram outbox', () => {
  let redisServer: RedisServerHandle;
  let redis: Redis;
  let standIn: TelegramStandIn;
  let api: Api;
  let prefix = '';
  let n = 0;

  beforeAll(async () => {
    redisServer = await startRedisServer();
    redis = new Redis(redisServer.url);
    standIn = createTelegramStandIn({});
    const { apiRoot } = await standIn.listen();
    api = new Api(standIn.token, { apiRoot });
  });
  afterEach(() => {
    standIn.driver.clearFaults();
  });
  afterAll(async () => {
    redis.disconnect();
    await standIn.close();
    await redisServer.dispose();
  });

  function setup(options: { leaseMs?: number; onWebhookToChat?: (seconds: number) => void } = {}) {
    n++;
    prefix = `ob${n}:`;
    const user = standIn.driver.user({ id: 730000000 + n, firstName: 'U', started: true });
    const make = () =>
      createOutbox({
        redis,
        prefix,
        telegram: api,
        timings: { leaseMs: options.leaseMs ?? 5_000, retryDelaysMs: [20, 40, 80] },
        ...(options.onWebhookToChat ? { onWebhookToChat: options.onWebhookToChat } : {}),
      });
    return { user, outbox: make(), make };
  }

  const botTexts = (user: ReturnType<TelegramStandIn['driver']['user']>) =>
    user
      .chat()
      .filter((m) => m.from === 'bot')
      .map((m) => m.text);

  it('sends each message once per key, in order', async () => {
    const { user, outbox } = setup();
    for (let i = 0; i < 5; i++) {
      expect(await outbox.enqueue({ kind: 'send', chatId: user.id, text: `m${i}` }, { key: `k${i}` })).toBe(
        'queued',
      );
    }
    expect(await outbox.enqueue({ kind: 'send', chatId: user.id, text: 'm0 again' }, { key: 'k0' })).toBe(
      'duplicate',
    );
    await drain([outbox]);
    expect(botTexts(user)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    expect(await outbox.pending()).toBe(0);
  });

  it('sends in HTML mode: tags become entities, escaped text shows as typed, button labels show their visible text', async () => {
    const { user, outbox } = setup();
    await outbox.enqueue(
      {
        kind: 'send',
        chatId: user.id,
        text: '<b>Operator:</b> AT&amp;T &lt;b&gt; · <code>O-1</code>',
        replyMarkup: {
          inline_keyboard: [[{ text: 'Open <code>O-1</code> &amp; more', callback_data: 'x' }]],
        },
      },
      { key: 'html' },
    );
    await drain([outbox]);
    const [message] = user.chat().filter((m) => m.from === 'bot');
    expect(message!.text).toBe('Operator: AT&T <b> · O-1');
    expect(message!.entities).toEqual([
      { type: 'bold', offset: 0, length: 9 },
      { type: 'code', offset: 21, length: 3 },
    ]);
    expect(message!.buttons.flat().map((b) => b.text)).toEqual(['Open O-1 & more']);
  });

  it('times a message queued with a webhook receive time once it is sent, on whichever replica sends it', async () => {
    const observed: number[] = [];
    const { user, outbox } = setup({ onWebhookToChat: (seconds) => observed.push(seconds) });
    const other = createOutbox({ redis, prefix, telegram: api });
    const receivedAt = Date.now();
    await other.enqueue(
      { kind: 'send', chatId: user.id, text: 'timed' },
      { key: 'timed', webhookReceivedAt: receivedAt },
    );
    await other.enqueue({ kind: 'send', chatId: user.id, text: 'untimed' }, { key: 'untimed' });
    // A queued edit replaced by a newer text before it went out: the newer text is not the webhook's.
    const sent = await api.sendMessage(user.id, 'v1');
    const edit = { kind: 'edit' as const, chatId: user.id, messageId: sent.message_id };
    await other.enqueue({ ...edit, text: 'v2' }, { key: null, version: 2, webhookReceivedAt: receivedAt });
    await other.enqueue({ ...edit, text: 'v3' }, { key: null, version: 3 });
    await drain([outbox]);
    expect(botTexts(user)).toEqual(['v3', 'timed', 'untimed']);
    expect(observed).toHaveLength(1);
    expect(observed[0]).toBeGreaterThanOrEqual(0);
  });

  it('waits through 429 (retry_after, for every replica) and 5xx, losing nothing and sending nothing twice', async () => {
    const { user, outbox, make } = setup();
    const other = make();
    standIn.driver.injectFault({ kind: 'rate-limit', retryAfter: 1, calls: 2, methods: ['sendMessage'] });
    for (let i = 0; i < 12; i++)
      await outbox.enqueue({ kind: 'send', chatId: user.id, text: `r${i}` }, { key: `r${i}` });
    await drain([outbox, other]);
    standIn.driver.injectFault({ kind: 'server-error', status: 502, calls: 3, methods: ['sendMessage'] });
    for (let i = 12; i < 20; i++)
      await outbox.enqueue({ kind: 'send', chatId: user.id, text: `r${i}` }, { key: `r${i}` });
    await drain([outbox, other]);
    const texts = botTexts(user);
    expect([...texts].sort()).toEqual(Array.from({ length: 20 }, (_, i) => `r${i}`).sort());
    const failed = standIn.driver.calls('sendMessage').filter((c) => !c.ok);
    expect(failed.map((c) => c.status).sort()).toEqual([429, 429, 502, 502, 502]);
  });

  it('an edit answered "message is not modified" counts as done; edits never go back to an older text', async () => {
    const { user, outbox } = setup();
    const sent = await api.sendMessage(user.id, 'v1');
    const edit = (text: string, version: number) =>
      outbox.enqueue(
        { kind: 'edit', chatId: user.id, messageId: sent.message_id, text },
        { key: `e${version}`, version },
      );
    expect(await edit('v1', 1)).toBe('queued'); // the same text: Telegram says "not modified"
    await drain([outbox]);
    const notModified = standIn.driver
      .calls('editMessageText')
      .filter((c) => c.description?.includes('message is not modified'));
    expect(notModified).toHaveLength(1);
    expect(await outbox.pending()).toBe(0);

    expect(await edit('v3', 3)).toBe('queued');
    expect(await edit('v2', 2)).toBe('stale');
    await drain([outbox]);
    expect(await edit('v2', 2)).toBe('duplicate');
    expect(
      await outbox.enqueue(
        { kind: 'edit', chatId: user.id, messageId: sent.message_id, text: 'late' },
        { key: 'e-late', version: 2 },
      ),
    ).toBe('stale');
    await drain([outbox]);
    expect(user.chat().find((m) => m.id === sent.message_id)?.text).toBe('v3');
  });

  it('a newer edit queued while an older one is in flight is sent after it', async () => {
    const { user } = setup();
    const sent = await api.sendMessage(user.id, 'start');
    let release!: () => void;
    let entered!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const inFlight = new Promise<void>((resolve) => (entered = resolve));
    // Telegram is slow to answer the first edit; the second one is queued meanwhile
    const slow: OutboxTelegram = {
      sendMessage: (...args) => api.sendMessage(...args),
      sendDocument: (...args) => api.sendDocument(...args),
      editMessageText: async (...args) => {
        entered();
        await gate;
        return api.editMessageText(...args);
      },
    };
    const outbox = createOutbox({
      redis,
      prefix,
      telegram: slow,
      timings: { leaseMs: 5_000, retryDelaysMs: [20] },
    });
    await outbox.enqueue(
      { kind: 'edit', chatId: user.id, messageId: sent.message_id, text: 'one' },
      { key: 'x1', version: 1 },
    );
    const tick = outbox.tick();
    await inFlight;
    await outbox.enqueue(
      { kind: 'edit', chatId: user.id, messageId: sent.message_id, text: 'two' },
      { key: 'x2', version: 2 },
    );
    release();
    await tick;
    await drain([outbox]);
    expect(user.chat().find((m) => m.id === sent.message_id)?.text).toBe('two');
    const edits = standIn.driver
      .calls('editMessageText')
      .filter((c) => c.params['chat_id'] === user.id && c.params['message_id'] === sent.message_id);
    expect(edits.map((c) => c.params['text'])).toEqual(['one', 'two']);
  });

  it('two replicas sending at once: every message exactly once', async () => {
    const { user, outbox, make } = setup();
    const replicas = [outbox, make(), make()];
    for (let i = 0; i < 60; i++) {
      await replicas[i % 3]!.enqueue({ kind: 'send', chatId: user.id, text: `p${i}` }, { key: `p${i}` });
    }
    await drain(replicas);
    const texts = botTexts(user);
    expect(texts).toHaveLength(60);
    expect(new Set(texts).size).toBe(60);
  });

  it('a message Telegram refuses for good (blocked bot) is dropped to the dead letters, not retried forever', async () => {
    const { user, outbox } = setup();
    user.block();
    await outbox.enqueue({ kind: 'send', chatId: user.id, text: 'hello?' }, { key: 'blocked' });
    await drain([outbox]);
    expect(standIn.driver.calls('sendMessage').filter((c) => c.params['text'] === 'hello?')).toHaveLength(1);
    const dead = await redis.lrange(`${prefix}outbox:dead`, 0, -1);
    expect(dead.some((d) => d.includes('blocked'))).toBe(true);
    user.unblock();
  });

  it('a job claimed by a replica that died is sent after its lease', async () => {
    const { user, make } = setup({ leaseMs: 300 });
    const dying = make();
    await dying.enqueue({ kind: 'send', chatId: user.id, text: 'survivor' }, { key: 's' });
    // a replica claims it and dies before calling Telegram
    const queue = (await import('../../src/lib/redis/due-queue.ts')).createDueQueue(
      redis,
      `${prefix}outbox:q`,
    );
    expect(await queue.claim(10, 300)).toHaveLength(1);
    const alive = make();
    await drain([alive], 20_000);
    expect(botTexts(user)).toEqual(['survivor']);
  });

  it('classifies Bot API failures', () => {
    const err = (code: number, description: string, parameters = {}) =>
      new GrammyError('x', { ok: false, error_code: code, description, parameters }, 'sendMessage', {});
    const send = { kind: 'send', chatId: 1, text: 't' } as const;
    const edit = { kind: 'edit', chatId: 1, messageId: 2, text: 't' } as const;
    expect(
      classifyTelegramError(err(429, 'Too Many Requests: retry after 7', { retry_after: 7 }), send),
    ).toEqual({
      kind: 'retry',
      delayMs: 7000,
      pauseAllMs: 7000,
      reason: '429',
    });
    expect(classifyTelegramError(err(502, 'Bad Gateway'), send).kind).toBe('retry');
    expect(classifyTelegramError(new HttpError('network', new Error('ECONNRESET')), send).kind).toBe('retry');
    expect(classifyTelegramError(err(400, 'Bad Request: message is not modified: same'), edit).kind).toBe(
      'done',
    );
    expect(classifyTelegramError(err(400, 'Bad Request: message is not modified: same'), send).kind).toBe(
      'give-up',
    );
    expect(classifyTelegramError(err(403, 'Forbidden: bot was blocked by the user'), send).kind).toBe(
      'give-up',
    );
    expect(classifyTelegramError(err(400, 'Bad Request: message to edit not found'), edit).kind).toBe(
      'give-up',
    );
  });
});
