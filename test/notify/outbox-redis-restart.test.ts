import { setTimeout as sleep } from 'node:timers/promises';
import { Api } from 'grammy';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobSystem } from '../../src/jobs/jobs.ts';
import { createOutbox, type EnqueueOptions, type OutboxMessage } from '../../src/notify/outbox.ts';
import { createTelegramStandIn, type TelegramStandIn } from '../../src/sandbox/telegram/index.ts';
import { startRedisServer, type RedisServerHandle } from '../support/redis.ts';
import { until } from '../support/until.ts';

// Redis is SIGKILLed and started again: only AOF (fsync on every write) keeps the outbox's marks.
describe('a final message sent at once while Redis restarts', () => {
  let server: RedisServerHandle;
  let standIn: TelegramStandIn;
  let api: Api;
  const closing: (() => unknown)[] = [];

  beforeAll(async () => {
    server = await startRedisServer({ appendOnly: true });
    standIn = createTelegramStandIn({});
    const { apiRoot } = await standIn.listen();
    api = new Api(standIn.token, { apiRoot });
  });
  afterAll(async () => {
    for (const close of closing.reverse()) await close();
    await standIn.close();
    await server.dispose();
  });

  it('Redis gone right after Telegram took it: the enqueue, repeated as the relay redelivers, sends it once', async () => {
    const prefix = 'orr:';
    const user = standIn.driver.user({ id: 731000001, firstName: 'U', started: true });
    // As the service's connection: a command fails after three reconnection attempts.
    const redis = new Redis(server.url, { maxRetriesPerRequest: 3 });
    redis.on('error', () => {});
    const jobs = createJobSystem({ connect: (o) => new Redis(server.url, o), prefix });
    closing.push(
      () => redis.disconnect(),
      () => jobs.close(),
    );
    let restarted: Promise<void> | undefined;
    const outbox = createOutbox({
      jobs,
      redis,
      prefix,
      telegram: api,
      timings: { leaseMs: 4_000, retryDelaysMs: [50] },
      hooks: {
        async at(point) {
          if (point !== 'outbox-after-send-before-record' || restarted !== undefined) return;
          // Telegram took it; Redis dies before the outbox records it, and is back 1.5 s later.
          await server.stop(true);
          restarted = sleep(1_500).then(() => server.start());
        },
      },
    });
    outbox.work();
    const message: OutboxMessage = { kind: 'send', chatId: user.id, text: 'told once' };
    const options: EnqueueOptions = { key: 'final:r', now: true };
    // The relay acknowledges the change only once its enqueue returned: until then the change comes again.
    for (;;) {
      try {
        expect(await outbox.enqueue(message, options)).not.toBe('stale');
        break;
      } catch {
        await sleep(100);
      }
    }
    await restarted;
    // Past the lease of the mark the first attempt took, with every job done.
    await sleep(4_500);
    await until(async () => (await outbox.pending()) === 0, 'outbox drained');
    const sends = standIn.driver
      .calls('sendMessage')
      .filter((c) => c.params['chat_id'] === user.id && c.params['text'] === 'told once');
    expect(sends.map((c) => c.status)).toEqual([200]);
    expect(await outbox.enqueue(message, options)).toBe('duplicate');
  }, 60_000);
});
