import { Api } from 'grammy';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createI18n } from '../../src/bot/i18n.ts';
import { createJobSystem, type JobSystem } from '../../src/jobs/jobs.ts';
import type { HeldAck } from '../../src/lib/redis/stream-consumer.ts';
import { createNotices } from '../../src/notify/notices.ts';
import { createOutbox } from '../../src/notify/outbox.ts';
import type { ChangeEntry } from '../../src/orders/changes.ts';
import type { Translate } from '../../src/orders/texts.ts';
import type { StoredOrder } from '../../src/orders/types.ts';
import { createTelegramStandIn, type TelegramStandIn } from '../../src/sandbox/telegram/index.ts';
import { intent } from '../orders/support/fixtures.ts';
import { startRedisServer, type RedisServerHandle } from '../support/redis.ts';

// The notices on a real outbox and Telegram stand-in: a status the order only passes through (accepted,
// processing) is held a second, and shown only if no newer status replaced it meanwhile; the change that brought
// it is done (its stream entry may be acknowledged) only once it was shown or replaced.

const i18n = createI18n('en');
const t: Translate = (locale, key, vars) => i18n.t(locale, key, vars);

describe('notices: passing statuses', () => {
  let redisServer: RedisServerHandle;
  let redis: Redis;
  let standIn: TelegramStandIn;
  let jobs: JobSystem;
  let notices: ReturnType<typeof createNotices>;
  let order: StoredOrder;
  let user: ReturnType<TelegramStandIn['driver']['user']>;
  let statusMessageId = 0;
  let api: Api;

  beforeAll(async () => {
    redisServer = await startRedisServer();
    redis = new Redis(redisServer.url);
    standIn = createTelegramStandIn({});
    const { apiRoot } = await standIn.listen();
    api = new Api(standIn.token, { apiRoot });
    const prefix = 'nt:';
    jobs = createJobSystem({ connect: (o) => new Redis(redisServer.url, o), prefix });
    const outbox = createOutbox({ jobs, redis, prefix, telegram: api });
    outbox.work();
    notices = createNotices({ store: { get: () => Promise.resolve(order) }, outbox, t });
    user = standIn.driver.user({ id: 731_500_001, firstName: 'R', started: true });
  });
  afterAll(async () => {
    await jobs.close();
    redis.disconnect();
    await standIn.close();
    await redisServer.dispose();
  });

  /** A placed chat order whose status message is a new "Placing…" message in the user's chat. */
  async function placedOrder(status: StoredOrder['status']): Promise<StoredOrder> {
    statusMessageId = (await api.sendMessage(user.id, '⏳ Placing the order…')).message_id;
    const { credit: _credit, ...fields } = intent({ resellerId: user.id, statusMessageId });
    const at = new Date().toISOString();
    return {
      ...fields,
      placement: 'placed',
      orderId: 'O-1',
      status,
      history: [],
      createdAt: at,
      updatedAt: at,
    };
  }

  const change = (status: 'accepted' | 'processing' | 'succeeded', seq: number): ChangeEntry => ({
    kind: 'status',
    externalOrderId: order.externalOrderId,
    from: null,
    status,
    seq,
  });
  const edits = () =>
    standIn.driver
      .calls('editMessageText')
      .filter((c) => c.params['chat_id'] === user.id && c.params['message_id'] === statusMessageId)
      .map((c) => String(c.params['text']).split('\n')[0]);
  const settledWithin = (held: HeldAck, ms: number) =>
    Promise.race([
      held.ackAfter.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
    ]);

  it('one replaced within the second is never shown, and its change is done once the newer status is queued', async () => {
    order = await placedOrder('accepted');
    const held = await notices(change('accepted', 2));
    expect(held).toBeDefined();
    expect(await settledWithin(held!, 300)).toBe(false);
    order = { ...order, status: 'succeeded' };
    expect(await notices(change('succeeded', 3))).toBeUndefined();
    expect(await settledWithin(held!, 100)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(edits()).toHaveLength(1);
    expect(edits()[0]).toContain('Succeeded');
  });

  it('one that still holds a second later is shown, and only then is its change done', async () => {
    order = await placedOrder('processing');
    const started = Date.now();
    const held = await notices(change('processing', 2));
    expect(held).toBeDefined();
    expect(await settledWithin(held!, 10_000)).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(edits()).toHaveLength(1);
    expect(edits()[0]).toContain('Processing');
  });
});
