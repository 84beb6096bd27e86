import { createI18n } from '../../src/bot/i18n.ts';
import type { Api } from 'grammy';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_QUEUE, alertBurstJobKey, createAlerts, type Alerts } from '../../src/notify/alerts.ts';
import { alertLine } from '../../src/notify/alert-text.ts';
import type { AdminAlert } from '../../src/orders/alerts.ts';
import { CALLBACK_DATA_LIMIT, createOrderCallbacks } from '../../src/bot/callback-data/order.ts';
import { createJobSystem, type JobSystem } from '../../src/jobs/jobs.ts';
import { createOutbox, type Outbox } from '../../src/notify/outbox.ts';
import type { Translate } from '../../src/orders/texts.ts';
import type { TelegramStandIn } from '../../src/sandbox/telegram/index.ts';
import { startApiWorld, type ApiWorld } from '../support/api-world.ts';
import type { RedisServerHandle } from '../support/redis.ts';
import { RedisUserDirectory } from '../../src/accounts/names.ts';

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

  let world: ApiWorld;

  beforeAll(async () => {
    world = await startApiWorld();
    ({ server: redisServer, redis, standIn, api } = world);
  });
  afterAll(async () => {
    await Promise.all(jobSystems.map((jobs) => jobs.close()));
    await world.close();
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
    const newJobs = () => {
      const jobs = createJobSystem({ connect: (o) => new Redis(redisServer.url, o), prefix });
      jobSystems.push(jobs);
      return jobs;
    };
    const jobs = newJobs();
    const outbox = createOutbox({ jobs, redis, prefix, telegram: api, timings: { retryDelaysMs: [20] } });
    // The outbox's worker, as a process that runs jobs has.
    outbox.work();
    const callbacks = createOrderCallbacks({ redis, prefix });
    /** The alerts of one process (its own job system: one replica, or the same one after a restart). */
    const make = (processJobs: JobSystem = newJobs()) =>
      createAlerts({
        redis,
        prefix,
        jobs: processJobs,
        outbox,
        t,
        callbacks,
        names: new RedisUserDirectory({ redis, prefix }),
        admins: async () => [
          { id: en.id, locale: 'en' },
          { id: ru.id, locale: 'ru' },
        ],
        ...(options.alertChatId === undefined ? {} : { alertChatId: options.alertChatId }),
        grouping: { quietMs: options.quietMs ?? 300, maxHoldMs: options.maxHoldMs ?? 60_000 },
      });
    return { prefix, en, ru, outbox, callbacks, alerts: make(jobs), make, jobs, newJobs };
  }

  const working = new WeakSet<Alerts>();
  /** Runs the bursts' jobs (as a process that runs jobs does) until everything raised so far went out. */
  async function deliverAll(alerts: Alerts, outbox: Outbox): Promise<void> {
    if (!working.has(alerts)) {
      working.add(alerts);
      await alerts.work();
    }
    await waitFor(
      async () => (await alerts.pending()) === 0 && (await outbox.pending()) === 0,
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
    await alerts.work();
    working.add(alerts);
    for (let i = 0; i < 10; i++) {
      await alerts.raise(failed(i));
      // between two failures the group stays open (quiet time not reached): every alert is still held
      expect(await alerts.pending()).toBe(i + 1);
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
    const { en, outbox, make } = setup();
    const raisedBy = make();
    await raisedBy.raise({
      kind: 'stale-order',
      externalOrderId: 'rb-old',
      orderId: 'O-9',
      status: 'processing',
      ageMinutes: 61,
    });
    await raisedBy.raise({
      kind: 'unknown-order',
      externalOrderId: 'x-1',
      orderId: 'O-1',
      event: 'order.succeeded',
    });
    // The process that raised them (and queued their burst's job) stops before it ran; another one runs it.
    await jobSystems.at(-1)!.close();
    const restarted = make();
    await deliverAll(restarted, outbox);
    const text = en.chat()[0]!.text;
    expect(en.chat()).toHaveLength(1);
    expect(text).toContain('rb-old');
    expect(text).toContain('61 min');
    expect(text).toContain('O-1');
  });

  it('a burst raised on two replicas arrives as one message; a duplicate raised on the other adds nothing', async () => {
    const { en, outbox, make } = setup({ quietMs: 1_000 });
    const [a, b] = [make(), make()];
    // Both replicas run the bursts' jobs, as two worker processes do.
    await a.work();
    await b.work();
    working.add(a);
    working.add(b);
    await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? a : b).raise(failed(100 + i))));
    await Promise.all([a.raise(failed(100)), b.raise(failed(101))]);
    await deliverAll(a, outbox);
    await deliverAll(b, outbox);
    const messages = en.chat().filter((m) => m.from === 'bot');
    expect(messages).toHaveLength(1);
    expect(messages[0]!.text).toContain('8 alerts');
    for (let i = 0; i < 8; i++)
      expect(messages[0]!.text.match(new RegExp(`rb-burst-${100 + i}\\b`, 'g'))).toHaveLength(1);
  });

  it('a process that died between storing an alert and queueing its burst: the next worker queues it', async () => {
    const { en, outbox, make, jobs, prefix } = setup();
    const raisedBy = make(jobs);
    await raisedBy.raise(failed(200));
    // As if the raising process died before adding the burst's job: the alert is stored, the job is not.
    const queue = jobs.queue(ALERT_QUEUE);
    const jobId = await queue.getDeduplicationJobId(alertBurstJobKey('1'));
    expect(jobId).not.toBeNull();
    await queue.remove(jobId!);
    expect(await queue.getDeduplicationJobId(alertBurstJobKey('1'))).toBeNull();
    expect(await redis.llen(`${prefix}alerts:pending`)).toBe(1);
    await deliverAll(make(), outbox);
    const texts = en.chat().map((m) => m.text);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('rb-burst-200');
  });

  it('a burst that never goes quiet still closes at its maximum hold', async () => {
    const { en, outbox, alerts } = setup({ quietMs: 600_000, maxHoldMs: 500 });
    await alerts.raise(failed(300));
    await alerts.raise(failed(301));
    // Far shorter than the quiet window: only the maximum hold can have closed the burst.
    await deliverAll(alerts, outbox);
    const texts = en.chat().map((m) => m.text);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('rb-burst-300');
    expect(texts[0]).toContain('rb-burst-301');
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
      {
        kind: 'pin-locked',
        userId: 710000001,
        tries: 5,
        minutes: 0,
        untilUnlock: true,
        locks: 3,
        lockedAt: 1,
      },
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
