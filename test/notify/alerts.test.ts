import { createI18n } from '../../src/bot/i18n.ts';
import { Api } from 'grammy';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertLine, createAlerts, type AdminAlert, type Alerts } from '../../src/notify/alerts.ts';
import { CALLBACK_DATA_LIMIT, createOrderCallbacks } from '../../src/notify/callback-data.ts';
import { createJobSystem, type JobSystem } from '../../src/jobs/jobs.ts';
import { createOutbox, type Outbox } from '../../src/notify/outbox.ts';
import { orderKeys } from '../../src/orders/keys.ts';
import type { Translate } from '../../src/orders/texts.ts';
import { createTelegramStandIn, type TelegramStandIn } from '../../src/sandbox/telegram/index.ts';
import { startRedisServer, type RedisServerHandle } from '../support/redis.ts';

const t: Translate = (() => {
  const i18n = createI18n('en');
  return (locale, key, vars) => i18n.t(locale, key, vars);
})();

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

describe('admin alerts', () => {
  let redisServer: RedisServerHandle;
  let redis: Redis;
  let standIn: TelegramStandIn;
  let api: Api;
  let n = 0;
  const jobSystems: JobSystem[] = [];

  beforeAll(async () => {
    redisServer = await startRedisServer();
    redis = new Redis(redisServer.url);
    standIn = createTelegramStandIn({});
    const { apiRoot } = await standIn.listen();
    api = new Api(standIn.token, { apiRoot });
  });
  afterAll(async () => {
    await Promise.all(jobSystems.map((jobs) => jobs.close()));
    redis.disconnect();
    await standIn.close();
    await redisServer.dispose();
  });

  function setup(options: { alertChatId?: number; quietMs?: number; maxHoldMs?: number } = {}) {
    n++;
    const prefix = `al${n}:`;
    const en = standIn.driver.user({
      id: 740000000 + n * 10,
      firstName: 'Ada',
      languageCode: 'en',
      started: true,
    });
    const ru = standIn.driver.user({
      id: 740000000 + n * 10 + 1,
      firstName: 'Ivan',
      languageCode: 'ru',
      started: true,
    });
    const jobs = createJobSystem({ connect: (o) => new Redis(redisServer.url, o), prefix });
    jobSystems.push(jobs);
    const outbox = createOutbox({ jobs, redis, prefix, telegram: api, timings: { retryDelaysMs: [20] } });
    // The outbox's worker, as a process that runs jobs has.
    outbox.work();
    const callbacks = createOrderCallbacks({ redis, prefix });
    const make = () =>
      createAlerts({
        redis,
        prefix,
        changeStream: orderKeys(prefix).changes,
        outbox,
        t,
        callbacks,
        admins: async () => [
          { id: en.id, locale: 'en' },
          { id: ru.id, locale: 'ru' },
        ],
        ...(options.alertChatId === undefined ? {} : { alertChatId: options.alertChatId }),
        grouping: { quietMs: options.quietMs ?? 300, maxHoldMs: options.maxHoldMs ?? 60_000 },
      });
    return { prefix, en, ru, outbox, callbacks, alerts: make(), make };
  }

  /** What the alerts worker loop does, until everything raised so far went out. */
  async function deliverAll(alerts: Alerts, outbox: Outbox): Promise<void> {
    await waitFor(
      async () => {
        await alerts.flush();
        await alerts.deliver();
        return (await alerts.pending()) === 0 && (await outbox.pending()) === 0;
      },
      30_000,
      'alerts delivered',
    );
  }

  const failed = (i: number): AdminAlert & { kind: 'order-status' } => ({
    kind: 'order-status',
    externalOrderId: `rb-burst-${i}`,
    orderId: `O-6000${i}`,
    status: 'failed',
  });

  it('ten failures in a minute arrive as one alert listing them, to each admin in their language, with buttons', async () => {
    const { en, ru, outbox, alerts } = setup({ quietMs: 3_000 });
    for (let i = 0; i < 10; i++) {
      await alerts.raise(failed(i));
      // between two failures the group stays open (quiet time not reached)
      expect(await alerts.flush()).toBe(false);
    }
    await deliverAll(alerts, outbox);
    for (const admin of [en, ru]) {
      const messages = admin.chat().filter((m) => m.from === 'bot');
      expect(messages).toHaveLength(1);
      const [message] = messages;
      for (let i = 0; i < 10; i++) {
        expect(message!.text).toContain(`O-6000${i}`);
        expect(message!.text).toContain(`rb-burst-${i}`);
      }
      const data = message!.buttons.flat().map((b) => b.data);
      expect(data).toEqual(Array.from({ length: 10 }, (_, i) => `ord:open:rb-burst-${i}`));
    }
    expect(en.chat()[0]!.text).toContain('10 alerts');
    expect(ru.chat()[0]!.text).toContain('10 оповещений');
    expect(ru.chat()[0]!.text).toContain('Пополнение не удалось');
  });

  it('at most one alert per order and status', async () => {
    const { en, outbox, alerts } = setup();
    await alerts.raise(failed(1));
    await alerts.raise(failed(1));
    await alerts.raise({
      kind: 'order-status',
      externalOrderId: 'rb-burst-1',
      orderId: 'O-60001',
      status: 'refunded',
    });
    await deliverAll(alerts, outbox);
    await alerts.raise(failed(1));
    await deliverAll(alerts, outbox);
    const texts = en.chat().map((m) => m.text);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.match(/rb-burst-1/g)).toHaveLength(2);
    expect(texts[0]).toContain('Top-up failed');
    expect(texts[0]).toContain('Refunded');
  });

  it('go to ALERT_CHAT_ID when it is set, and to no admin privately', async () => {
    const chat = standIn.driver.user({ id: 749999990, firstName: 'Alerts', started: true });
    const { en, ru, outbox, alerts } = setup({ alertChatId: chat.id });
    await alerts.raise({
      kind: 'forbidden',
      externalOrderId: 'rb-403',
      orderId: 'O-403',
      operation: 'placement',
    });
    await deliverAll(alerts, outbox);
    expect(chat.chat().filter((m) => m.text.includes('rb-403'))).toHaveLength(1);
    expect(en.chat()).toEqual([]);
    expect(ru.chat()).toEqual([]);
  });

  it('survive a restart: alerts raised by one process are delivered by another', async () => {
    const { en, outbox, alerts, make } = setup();
    await alerts.raise({
      kind: 'stale-order',
      externalOrderId: 'rb-old',
      orderId: 'O-9',
      status: 'processing',
      ageMinutes: 61,
    });
    await alerts.raise({
      kind: 'unknown-order',
      externalOrderId: 'x-1',
      orderId: 'O-1',
      event: 'order.succeeded',
    });
    const restarted = make();
    await deliverAll(restarted, outbox);
    const text = en.chat()[0]!.text;
    expect(text).toContain('rb-old');
    expect(text).toContain('61 min');
    expect(text).toContain('O-1');
  });

  it('keeps callback data under 64 bytes with a short id for long order numbers', async () => {
    const { en, outbox, alerts, callbacks } = setup();
    const long = `rb-${'x'.repeat(100)}`;
    await alerts.raise({
      kind: 'order-status',
      externalOrderId: long,
      orderId: 'O-42',
      status: 'manual_review',
    });
    await deliverAll(alerts, outbox);
    const data = en.chat()[0]!.buttons.flat()[0]!.data!;
    expect(Buffer.byteLength(data)).toBeLessThanOrEqual(CALLBACK_DATA_LIMIT);
    expect(data).toMatch(/^ord:open:#/);
    expect(await callbacks.resolve(data)).toBe(long);
    expect(await callbacks.resolve('ord:open:rb-short')).toBe('rb-short');
    expect(await callbacks.resolve('something:else')).toBeNull();
  });

  it('every alert kind reads well in every language, naming the order IDs', () => {
    const all: AdminAlert[] = [
      failed(7),
      { kind: 'order-status', externalOrderId: 'rb-r', orderId: 'O-71', status: 'refunded' },
      { kind: 'order-status', externalOrderId: 'rb-m', orderId: 'O-72', status: 'manual_review' },
      { kind: 'order-rejected', externalOrderId: 'rb-b', key: 'balance' },
      { kind: 'order-rejected', externalOrderId: 'rb-k', key: 'risk' },
      { kind: 'order-rejected', externalOrderId: 'rb-w', key: 'wallet' },
      { kind: 'forbidden', externalOrderId: 'rb-f', operation: 'placement' },
      { kind: 'forbidden', operation: 'read' },
      { kind: 'webhook-signature', failures: 5, reason: 'bad-signature' },
      { kind: 'stale-order', externalOrderId: 'rb-s', orderId: 'O-73', status: 'processing', ageMinutes: 90 },
      { kind: 'unknown-order', externalOrderId: 'rb-u', orderId: 'O-74', event: 'order.failed' },
      { kind: 'pin-locked', userId: 710000001, tries: 5, minutes: 15 },
    ];
    for (const locale of ['en', 'es', 'fr', 'ru']) {
      for (const alert of all) {
        const line = alertLine(t, locale, alert);
        expect(line, `${locale} ${alert.kind}`).not.toMatch(/\{|\}|alert-|order-reject-reason|order-status-/);
        if ('externalOrderId' in alert && alert.externalOrderId)
          expect(line).toContain(alert.externalOrderId);
        if ('orderId' in alert && alert.orderId) expect(line).toContain(alert.orderId);
      }
    }
  });
});
