import { Api, GrammyError, HttpError } from 'grammy';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createJobSystem, type JobSystem } from '../../src/jobs/jobs.ts';
import {
  createOutbox,
  outboxJobId,
  OUTBOX_QUEUE,
  type Outbox,
  type OutboxDeps,
} from '../../src/notify/outbox.ts';
import {
  classifyTelegramError,
  outboxBackoffMs,
  type OutboxTelegram,
  TelegramRetryError,
} from '../../src/notify/outbox-telegram.ts';
import { createTelegramStandIn, type TelegramStandIn } from '../../src/sandbox/telegram/index.ts';
import { killChild, startChild, type Child } from '../support/child.ts';
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

/** Waits until the outbox's queue has nothing left to do (its workers run on their own). */
async function drain(outbox: Outbox, timeoutMs = 30_000): Promise<void> {
  await waitFor(async () => (await outbox.pending()) === 0, timeoutMs, 'outbox drained');
}

describe('durable Telegram outbox on BullMQ', () => {
  let redisServer: RedisServerHandle;
  let redis: Redis;
  let standIn: TelegramStandIn;
  let api: Api;
  let apiRoot = '';
  let prefix = '';
  let n = 0;
  const jobSystems: JobSystem[] = [];
  const children: Child[] = [];

  beforeAll(async () => {
    redisServer = await startRedisServer();
    redis = new Redis(redisServer.url);
    standIn = createTelegramStandIn({});
    ({ apiRoot } = await standIn.listen());
    api = new Api(standIn.token, { apiRoot });
  });
  afterEach(async () => {
    standIn.driver.clearFaults();
    await Promise.all(children.splice(0).map(killChild));
    await Promise.all(jobSystems.splice(0).map((jobs) => jobs.close()));
  });
  afterAll(async () => {
    redis.disconnect();
    await standIn.close();
    await redisServer.dispose();
  });

  type ReplicaOptions = Partial<Pick<OutboxDeps, 'telegram' | 'onWebhookToChat' | 'hooks'>> & {
    timings?: OutboxDeps['timings'];
  };

  function setup(shared: ReplicaOptions = {}) {
    n++;
    prefix = `ob${n}:`;
    const user = standIn.driver.user({ id: 730000000 + n, firstName: 'U', started: true });
    /** One process's outbox (its own job system and connections); it adds jobs, and works them if asked. */
    const replica = (options: ReplicaOptions & { work?: boolean } = {}) => {
      const jobs = createJobSystem({ connect: (o) => new Redis(redisServer.url, o), prefix });
      jobSystems.push(jobs);
      const merged = { ...shared, ...options };
      const outbox = createOutbox({
        jobs,
        redis,
        prefix,
        telegram: merged.telegram ?? api,
        timings: { leaseMs: 5_000, retryDelaysMs: [20, 40, 80], ...merged.timings },
        ...(merged.onWebhookToChat ? { onWebhookToChat: merged.onWebhookToChat } : {}),
        ...(merged.hooks ? { hooks: merged.hooks } : {}),
      });
      if (options.work !== false) outbox.work();
      return { outbox, jobs };
    };
    return { user, replica };
  }

  /** The outbox's kill-test process, started and stopped still right after Telegram took its message. */
  async function childAtSend(env: Record<string, string>, label: string): Promise<Child> {
    const child = startChild('test/notify/support/outbox-child.ts', {
      ...process.env,
      REDIS_URL: redisServer.url,
      PREFIX: prefix,
      TG_API_ROOT: apiRoot,
      TG_TOKEN: standIn.token,
      LEASE_MS: '1000',
      ...env,
    });
    children.push(child);
    await waitFor(() => child.output.includes('AT outbox-after-send-before-record'), 60_000, label);
    return child;
  }

  const botTexts = (user: ReturnType<TelegramStandIn['driver']['user']>) =>
    user
      .chat()
      .filter((m) => m.from === 'bot')
      .map((m) => m.text);
  const sendsOf = (chatId: number) =>
    standIn.driver.calls('sendMessage').filter((c) => c.params['chat_id'] === chatId);

  /** A Telegram whose edits (or new messages) wait at a gate: `entered` once the first call arrives, `release` lets them go. */
  function gatedEdits(method: 'editMessageText' | 'sendMessage' = 'editMessageText'): {
    telegram: OutboxTelegram;
    entered: Promise<void>;
    release: () => void;
  } {
    let release!: () => void;
    let enter!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const entered = new Promise<void>((resolve) => (enter = resolve));
    const atGate = async () => {
      enter();
      await gate;
    };
    const telegram: OutboxTelegram = {
      sendMessage: async (...args) => {
        if (method === 'sendMessage') await atGate();
        return api.sendMessage(...args);
      },
      sendDocument: (...args) => api.sendDocument(...args),
      editMessageText: async (...args) => {
        if (method === 'editMessageText') await atGate();
        return api.editMessageText(...args);
      },
    };
    return { telegram, entered, release };
  }

  it('sends each message once per key, in order', async () => {
    const { user, replica } = setup();
    const { outbox: adder } = replica({ work: false });
    for (let i = 0; i < 5; i++) {
      expect(await adder.enqueue({ kind: 'send', chatId: user.id, text: `m${i}` }, { key: `k${i}` })).toBe(
        'queued',
      );
    }
    expect(await adder.enqueue({ kind: 'send', chatId: user.id, text: 'm0 again' }, { key: 'k0' })).toBe(
      'duplicate',
    );
    const { outbox } = replica();
    await drain(outbox);
    expect(botTexts(user)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
  });

  it("one process serves several chats at once, each chat's messages one after another in the order queued", async () => {
    const { user, replica } = setup();
    const other = standIn.driver.user({ id: 740000000 + n, firstName: 'V', started: true });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Telegram holds the first chat's first message until the other chat's message went out: with one message
    // in flight at a time this would never finish.
    const telegram: OutboxTelegram = {
      sendMessage: async (...args) => {
        if (args[0] === user.id && args[1] === 'a0') await held;
        const sent = await api.sendMessage(...args);
        if (args[0] === other.id) release();
        return sent;
      },
      sendDocument: (...args) => api.sendDocument(...args),
      editMessageText: (...args) => api.editMessageText(...args),
    };
    const { outbox: adder } = replica({ work: false });
    for (let i = 0; i < 3; i++)
      await adder.enqueue({ kind: 'send', chatId: user.id, text: `a${i}` }, { key: `a${i}` });
    await adder.enqueue({ kind: 'send', chatId: other.id, text: 'b0' }, { key: 'b0' });
    const { outbox } = replica({ telegram, timings: { concurrency: 4 } });
    await drain(outbox);
    expect(botTexts(user)).toEqual(['a0', 'a1', 'a2']);
    expect(botTexts(other)).toEqual(['b0']);
    const order = standIn.driver
      .calls('sendMessage')
      .filter((c) => c.params['chat_id'] === user.id || c.params['chat_id'] === other.id)
      .map((c) => c.params['text']);
    expect(order).toEqual(['b0', 'a0', 'a1', 'a2']);
  });

  it('a duplicate enqueue after the job completed is still a duplicate (send, document and edit)', async () => {
    const { user, replica } = setup();
    const { outbox } = replica();
    const sent = await api.sendMessage(user.id, 'v0');
    const edit = { kind: 'edit' as const, chatId: user.id, messageId: sent.message_id, text: 'v1' };
    const document = {
      kind: 'document' as const,
      chatId: user.id,
      fileName: 'r.csv',
      fileText: 'a,b\n',
      caption: 'report',
    };
    expect(
      await outbox.enqueue({ kind: 'send', chatId: user.id, text: 'once' }, { key: 'final:O-1:ok' }),
    ).toBe('queued');
    expect(await outbox.enqueue(document, { key: 'report:r1:1' })).toBe('queued');
    expect(await outbox.enqueue(edit, { key: 'status:O-1:ok', version: 1 })).toBe('queued');
    await drain(outbox);
    const queue = jobSystems.at(-1)!.queue(OUTBOX_QUEUE);
    for (const key of ['final:O-1:ok', 'report:r1:1', 'status:O-1:ok']) {
      expect(await (await queue.getJob(outboxJobId(key)))?.isCompleted()).toBe(true);
    }
    // The same causes again, once each job is done: nothing new is queued, nothing is sent again.
    expect(
      await outbox.enqueue({ kind: 'send', chatId: user.id, text: 'once' }, { key: 'final:O-1:ok' }),
    ).toBe('duplicate');
    expect(await outbox.enqueue(document, { key: 'report:r1:1' })).toBe('duplicate');
    expect(await outbox.enqueue({ ...edit, text: 'v2' }, { key: 'status:O-1:ok', version: 2 })).toBe(
      'duplicate',
    );
    expect(await outbox.pending()).toBe(0);
    expect(sendsOf(user.id).filter((c) => c.params['text'] === 'once')).toHaveLength(1);
    expect(standIn.driver.calls('sendDocument')).toHaveLength(1);
    expect(
      standIn.driver.calls('editMessageText').filter((c) => c.params['chat_id'] === user.id),
    ).toHaveLength(1);
    expect(user.chat().find((m) => m.id === sent.message_id)?.text).toBe('v1');
  });

  it('sends in HTML mode: tags become entities, escaped text shows as typed, button labels show their visible text', async () => {
    const { user, replica } = setup();
    const { outbox } = replica();
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
    await drain(outbox);
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
    const { user, replica } = setup();
    const { outbox: other } = replica({ work: false });
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
    const { outbox } = replica({ onWebhookToChat: (seconds) => observed.push(seconds) });
    await drain(outbox);
    expect(botTexts(user)).toEqual(['v3', 'timed', 'untimed']);
    expect(observed).toHaveLength(1);
    expect(observed[0]).toBeGreaterThanOrEqual(0);
  });

  it('waits through 429 (retry_after, for every replica) and 5xx, losing nothing and sending nothing twice', async () => {
    const { user, replica } = setup();
    const { outbox } = replica();
    replica();
    standIn.driver.injectFault({ kind: 'rate-limit', retryAfter: 1, calls: 2, methods: ['sendMessage'] });
    for (let i = 0; i < 12; i++)
      await outbox.enqueue({ kind: 'send', chatId: user.id, text: `r${i}` }, { key: `r${i}` });
    await drain(outbox);
    standIn.driver.injectFault({ kind: 'server-error', status: 502, calls: 3, methods: ['sendMessage'] });
    for (let i = 12; i < 20; i++)
      await outbox.enqueue({ kind: 'send', chatId: user.id, text: `r${i}` }, { key: `r${i}` });
    await drain(outbox);
    const texts = botTexts(user);
    expect([...texts].sort()).toEqual(Array.from({ length: 20 }, (_, i) => `r${i}`).sort());
    const failed = standIn.driver.calls('sendMessage').filter((c) => !c.ok);
    expect(failed.map((c) => c.status).sort()).toEqual([429, 429, 502, 502, 502]);
  });

  it('a 429 pauses every replica for retry_after, then the refused message is sent once', async () => {
    const { user, replica } = setup();
    const { outbox } = replica({ work: false });
    for (let i = 0; i < 10; i++)
      await outbox.enqueue({ kind: 'send', chatId: user.id, text: `p${i}` }, { key: `p${i}` });
    standIn.driver.injectFault({ kind: 'rate-limit', retryAfter: 2, calls: 1, methods: ['sendMessage'] });
    replica();
    replica();
    await drain(outbox);
    const calls = sendsOf(user.id);
    const refused = calls.filter((c) => c.status === 429);
    expect(refused).toHaveLength(1);
    const pauseFrom = refused[0]!.at;
    // Telegram's answer reached one replica after `pauseFrom`, and the pause for all began then: within the
    // next 2 s only a call the other replica had already taken before the pause may have gone out.
    const duringPause = calls.filter((c) => c.at > pauseFrom && c.at < pauseFrom + 2_000);
    expect(duringPause.length).toBeLessThanOrEqual(1);
    expect(calls.filter((c) => c.at >= pauseFrom + 2_000).length).toBeGreaterThan(0);
    // Every message once, the refused one included.
    expect([...botTexts(user)].sort()).toEqual(Array.from({ length: 10 }, (_, i) => `p${i}`).sort());
    const refusedText = refused[0]!.params['text'];
    expect(calls.filter((c) => c.ok && c.params['text'] === refusedText)).toHaveLength(1);
  });

  it('an edit taken while a 429 pause holds waits for its end, then goes out once', async () => {
    const { user, replica } = setup();
    const sent = await api.sendMessage(user.id, 'v0');
    // Another replica met Telegram's flood limit a moment ago: the pause every replica honours.
    await redis.set(`${prefix}outbox:paused`, '1', 'PX', 1_500);
    const queuedAt = Date.now();
    const { outbox } = replica();
    await outbox.enqueue(
      { kind: 'edit', chatId: user.id, messageId: sent.message_id, text: 'v1' },
      { key: 'pause-edit', version: 1 },
    );
    await drain(outbox);
    const edits = standIn.driver.calls('editMessageText').filter((c) => c.params['chat_id'] === user.id);
    expect(edits.map((c) => [c.params['text'], c.ok])).toEqual([['v1', true]]);
    expect(edits[0]!.at).toBeGreaterThanOrEqual(queuedAt + 1_400);
  });

  it('keeps every replica together under the global limit of messages a second', async () => {
    const { user, replica } = setup({ timings: { messagesPerSecond: 4 } });
    const { outbox } = replica({ work: false });
    for (let i = 0; i < 10; i++)
      await outbox.enqueue({ kind: 'send', chatId: user.id, text: `l${i}` }, { key: `l${i}` });
    const started = Date.now();
    replica();
    replica();
    await drain(outbox);
    // 10 messages at 4 a second need three one-second windows, the first opened by the first job taken.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    expect(sendsOf(user.id).filter((c) => c.ok)).toHaveLength(10);
  });

  it('an edit answered "message is not modified" counts as done; edits never go back to an older text', async () => {
    const { user, replica } = setup();
    const { outbox } = replica();
    const sent = await api.sendMessage(user.id, 'v1');
    const edit = (text: string, version: number) =>
      outbox.enqueue(
        { kind: 'edit', chatId: user.id, messageId: sent.message_id, text },
        { key: `e${version}`, version },
      );
    expect(await edit('v1', 1)).toBe('queued'); // the same text: Telegram says "not modified"
    await drain(outbox);
    const notModified = standIn.driver
      .calls('editMessageText')
      .filter((c) => c.description?.includes('message is not modified'));
    expect(notModified).toHaveLength(1);
    expect(await outbox.pending()).toBe(0);

    expect(await edit('v3', 3)).toBe('queued');
    expect(await edit('v2', 2)).toBe('stale');
    await drain(outbox);
    expect(await edit('v2', 2)).toBe('duplicate');
    // An older text under a new key, once a newer one was sent: nothing to do, no job.
    expect(
      await outbox.enqueue(
        { kind: 'edit', chatId: user.id, messageId: sent.message_id, text: 'late' },
        { key: 'e-late', version: 2 },
      ),
    ).toBe('duplicate');
    expect(await outbox.pending()).toBe(0);
    await drain(outbox);
    expect(user.chat().find((m) => m.id === sent.message_id)?.text).toBe('v3');
  });

  it('edits of one message queued before any went out coalesce into one call with the newest text', async () => {
    const { user, replica } = setup();
    const { outbox: adder } = replica({ work: false });
    const sent = await api.sendMessage(user.id, 'v0');
    for (const version of [1, 2, 3, 4, 5]) {
      expect(
        await adder.enqueue(
          { kind: 'edit', chatId: user.id, messageId: sent.message_id, text: `v${version}` },
          { key: `c${version}`, version },
        ),
      ).toBe('queued');
    }
    // Two replicas take the five jobs: the message is edited once, to the newest text.
    const { outbox } = replica();
    replica();
    await drain(outbox);
    const edits = standIn.driver
      .calls('editMessageText')
      .filter((c) => c.params['chat_id'] === user.id && c.params['message_id'] === sent.message_id);
    expect(edits.map((c) => c.params['text'])).toEqual(['v5']);
    expect(user.chat().find((m) => m.id === sent.message_id)?.text).toBe('v5');
  });

  it('a newer edit queued while an older one is in flight (longer than a lease) is sent after it, whichever replica took its job', async () => {
    const { user, replica } = setup();
    const sent = await api.sendMessage(user.id, 'start');
    // Telegram is slow to answer the first edit; the second one is queued meanwhile
    const { telegram: slow, entered: inFlight, release } = gatedEdits();
    const { outbox } = replica({ telegram: slow, timings: { leaseMs: 3_000 } });
    await outbox.enqueue(
      { kind: 'edit', chatId: user.id, messageId: sent.message_id, text: 'one' },
      { key: 'x1', version: 1 },
    );
    await inFlight;
    // Telegram holds the call for more than two leases: the message's lock is renewed meanwhile, or the newer
    // edit would overtake the older one still in flight.
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    // A second replica is free to take the newer edit's job while the first is held.
    replica({ timings: { leaseMs: 3_000 } });
    await outbox.enqueue(
      { kind: 'edit', chatId: user.id, messageId: sent.message_id, text: 'two' },
      { key: 'x2', version: 2 },
    );
    await waitFor(
      async () => (await jobSystems[1]!.queue(OUTBOX_QUEUE).getJob(outboxJobId('x2')))?.isCompleted(),
      30_000,
      'the newer edit job done by the free replica (it leaves the message to the one holding it)',
    );
    release();
    await drain(outbox);
    expect(user.chat().find((m) => m.id === sent.message_id)?.text).toBe('two');
    const edits = standIn.driver
      .calls('editMessageText')
      .filter((c) => c.params['chat_id'] === user.id && c.params['message_id'] === sent.message_id);
    expect(edits.map((c) => c.params['text'])).toEqual(['one', 'two']);
  });

  describe('a status edit sent at once (`now`)', () => {
    const editsOf = (chatId: number, messageId: number) =>
      standIn.driver
        .calls('editMessageText')
        .filter((c) => c.params['chat_id'] === chatId && c.params['message_id'] === messageId);

    it('goes out before the enqueue returns, with no job added; a repeat of its key is a duplicate', async () => {
      const { user, replica } = setup();
      const sent = await api.sendMessage(user.id, 'v0');
      const timed: number[] = [];
      // No worker runs anywhere: only the enqueuing process can have sent it.
      const { outbox, jobs } = replica({ work: false, onWebhookToChat: (s) => timed.push(s) });
      const edit = { kind: 'edit' as const, chatId: user.id, messageId: sent.message_id, text: 'v1' };
      expect(
        await outbox.enqueue(edit, { key: 'now:1', version: 1, now: true, webhookReceivedAt: Date.now() }),
      ).toBe('queued');
      expect(editsOf(user.id, sent.message_id).map((c) => [c.params['text'], c.ok])).toEqual([['v1', true]]);
      expect(user.chat().find((m) => m.id === sent.message_id)?.text).toBe('v1');
      expect(timed).toHaveLength(1);
      expect(await jobs.queue(OUTBOX_QUEUE).getJobState(outboxJobId('now:1'))).toBe('unknown');
      expect(await outbox.pending()).toBe(0);
      // The message's record tells the version sent: the key needs no mark of its own.
      expect(await redis.exists(`${prefix}outbox:once:now:1`)).toBe(0);
      expect(
        await outbox.enqueue({ ...edit, text: 'v1 again' }, { key: 'now:1', version: 1, now: true }),
      ).toBe('duplicate');
      replica();
      await drain(outbox);
      expect(editsOf(user.id, sent.message_id).map((c) => c.params['text'])).toEqual(['v1']);
    });

    it('that Telegram is slow to answer gets its job as a safety net, removed once the text is sent', async () => {
      const { user, replica } = setup();
      const sent = await api.sendMessage(user.id, 'v0');
      const { telegram: slow, release } = gatedEdits();
      const { outbox, jobs } = replica({ telegram: slow, work: false });
      const edit = { kind: 'edit' as const, chatId: user.id, messageId: sent.message_id, text: 'v1' };
      // The enqueue returns unanswered, once the job that would send the text after a crash is added.
      expect(await outbox.enqueue(edit, { key: 'slow:1', version: 1, now: true })).toBe('queued');
      expect(await jobs.queue(OUTBOX_QUEUE).getJobState(outboxJobId('slow:1'))).toBe('delayed');
      expect(editsOf(user.id, sent.message_id)).toHaveLength(0);
      release();
      await waitFor(
        async () => (await jobs.queue(OUTBOX_QUEUE).getJobState(outboxJobId('slow:1'))) === 'unknown',
        10_000,
        'the safety-net job removed',
      );
      expect(editsOf(user.id, sent.message_id).map((c) => [c.params['text'], c.ok])).toEqual([['v1', true]]);
    });

    it('waits for the holder of the message, which sends the newest text after its own', async () => {
      const { user, replica } = setup();
      const sent = await api.sendMessage(user.id, 'start');
      const { telegram: slow, entered: inFlight, release } = gatedEdits();
      const { outbox: first } = replica({ telegram: slow, work: false });
      const edit = { kind: 'edit' as const, chatId: user.id, messageId: sent.message_id };
      await first.enqueue({ ...edit, text: 'one' }, { key: 'h1', version: 1, now: true });
      await inFlight;
      // Another process queues a newer text while the first still holds the message: its job, taken at once by a
      // worker, leaves the message to the holder.
      const { outbox: second } = replica();
      await second.enqueue({ ...edit, text: 'two' }, { key: 'h2', version: 2, now: true });
      await waitFor(
        async () => (await jobSystems[1]!.queue(OUTBOX_QUEUE).getJob(outboxJobId('h2')))?.isCompleted(),
        30_000,
        'the newer edit job done (the message is held)',
      );
      expect(editsOf(user.id, sent.message_id)).toHaveLength(0);
      release();
      await drain(second);
      expect(editsOf(user.id, sent.message_id).map((c) => c.params['text'])).toEqual(['one', 'two']);
      expect(user.chat().find((m) => m.id === sent.message_id)?.text).toBe('two');
    });

    it('a 429 pauses every replica; the job sends the text after retry_after, once', async () => {
      const { user, replica } = setup();
      const sent = await api.sendMessage(user.id, 'v0');
      const { outbox } = replica();
      standIn.driver.injectFault({
        kind: 'rate-limit',
        retryAfter: 1,
        calls: 1,
        methods: ['editMessageText'],
      });
      await outbox.enqueue(
        { kind: 'edit', chatId: user.id, messageId: sent.message_id, text: 'v1' },
        { key: 'r1', version: 1, now: true },
      );
      await drain(outbox);
      const edits = editsOf(user.id, sent.message_id);
      expect(edits.map((c) => [c.params['text'], c.status])).toEqual([
        ['v1', 429],
        ['v1', 200],
      ]);
      expect(edits[1]!.at - edits[0]!.at).toBeGreaterThanOrEqual(900);
    });

    it('a process that dies while sending it leaves the text to its job, on another replica', async () => {
      const { user, replica } = setup();
      const sent = await api.sendMessage(user.id, 'v0');
      // The call never comes back (its gate stays shut): as good as a process gone in the middle of it.
      const { telegram: dead, entered: inFlight } = gatedEdits();
      const { outbox } = replica({ telegram: dead, work: false, timings: { leaseMs: 1_500 } });
      await outbox.enqueue(
        { kind: 'edit', chatId: user.id, messageId: sent.message_id, text: 'v1' },
        { key: 'd1', version: 1, now: true },
      );
      await inFlight;
      replica();
      await drain(outbox);
      expect(editsOf(user.id, sent.message_id).map((c) => [c.params['text'], c.ok])).toEqual([['v1', true]]);
    });

    it('a process killed after Telegram took it, before it was recorded: enqueued again, as the change relay redelivers, it is sent once, never lost', async () => {
      const { user, replica } = setup();
      const sent = await api.sendMessage(user.id, 'v0');
      const message = { kind: 'edit' as const, chatId: user.id, messageId: sent.message_id, text: 'v1' };
      const env = { NOW: JSON.stringify({ message, key: 'k1', version: 1 }) };
      await killChild(await childAtSend(env, 'the child at the edit'));
      expect(editsOf(user.id, sent.message_id).map((c) => [c.params['text'], c.ok])).toEqual([['v1', true]]);
      // The redelivered change enqueues the same edit: recorded already, not sent as far as the record knows, so its
      // job (the dead holder's ID) takes the message over and sends it; Telegram finds it unchanged.
      const { outbox } = replica({ timings: { leaseMs: 1_000 } });
      expect(await outbox.enqueue(message, { key: 'k1', version: 1, now: true })).toBe('stale');
      await drain(outbox, 60_000);
      expect(editsOf(user.id, sent.message_id).map((c) => c.params['text'])).toEqual(['v1', 'v1']);
      expect(user.chat().find((m) => m.id === sent.message_id)?.text).toBe('v1');
      expect(await outbox.enqueue(message, { key: 'k1', version: 1, now: true })).toBe('duplicate');
    });

    it("keeps to the outbox's pace: with the window's messages used, the edit waits for its job", async () => {
      const { user, replica } = setup({ timings: { messagesPerSecond: 2 } });
      const sent = await api.sendMessage(user.id, 'v0');
      const { outbox, jobs } = replica({ work: false });
      // Sends took the window's two slots (the outbox's pace, shared by every replica).
      await redis.set(`${prefix}outbox:pace`, '2', 'PX', 3_000);
      const windowEnds = Date.now() + 3_000;
      await outbox.enqueue(
        { kind: 'edit', chatId: user.id, messageId: sent.message_id, text: 'v1' },
        { key: 'p1', version: 1, now: true },
      );
      expect(await jobs.queue(OUTBOX_QUEUE).getJobState(outboxJobId('p1'))).toBe('waiting');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(editsOf(user.id, sent.message_id)).toHaveLength(0);
      replica();
      await drain(outbox);
      expect(editsOf(user.id, sent.message_id).map((c) => c.params['text'])).toEqual(['v1']);
      // The job's call, too, waited for a slot of the same window.
      expect(editsOf(user.id, sent.message_id)[0]!.at).toBeGreaterThanOrEqual(windowEnds - 100);
    });
  });

  describe('a final message sent at once (`now`)', () => {
    const finals = (chatId: number, text: string) =>
      sendsOf(chatId)
        .filter((c) => c.params['text'] === text)
        .map((c) => c.status);
    const jobState = (jobs: JobSystem, key: string) => jobs.queue(OUTBOX_QUEUE).getJobState(outboxJobId(key));

    it('goes out before the enqueue returns, with no job added, timed once; a repeat of its key is a duplicate', async () => {
      const { user, replica } = setup();
      const timed: number[] = [];
      // No worker runs anywhere: only the enqueuing process can have sent it.
      const { outbox, jobs } = replica({ work: false, onWebhookToChat: (s) => timed.push(s) });
      const message = { kind: 'send' as const, chatId: user.id, text: 'paid' };
      const options = { key: 'final:1', now: true, webhookReceivedAt: Date.now() };
      expect(await outbox.enqueue(message, options)).toBe('queued');
      expect(finals(user.id, 'paid')).toEqual([200]);
      expect(timed).toHaveLength(1);
      expect(await jobState(jobs, 'final:1')).toBe('unknown');
      expect(await outbox.enqueue(message, options)).toBe('duplicate');
      replica();
      await drain(outbox);
      expect(botTexts(user)).toEqual(['paid']);
    });

    it('that Telegram is slow to answer gets its job as a safety net, removed once sent', async () => {
      const { user, replica } = setup();
      const { telegram: slow, entered, release } = gatedEdits('sendMessage');
      const { outbox, jobs } = replica({ telegram: slow, work: false });
      expect(
        await outbox.enqueue({ kind: 'send', chatId: user.id, text: 'slow' }, { key: 'final:s', now: true }),
      ).toBe('queued');
      await entered;
      expect(await jobState(jobs, 'final:s')).toBe('delayed');
      release();
      await waitFor(
        async () => (await jobState(jobs, 'final:s')) === 'unknown',
        10_000,
        'the safety-net job removed',
      );
      expect(finals(user.id, 'slow')).toEqual([200]);
    });

    it('a 429 pauses every replica; its job sends it after retry_after, once', async () => {
      const { user, replica } = setup();
      const { outbox } = replica();
      standIn.driver.injectFault({ kind: 'rate-limit', retryAfter: 1, calls: 1, methods: ['sendMessage'] });
      await outbox.enqueue({ kind: 'send', chatId: user.id, text: 'r' }, { key: 'final:r', now: true });
      await drain(outbox);
      const calls = sendsOf(user.id).filter((c) => c.params['text'] === 'r');
      expect(calls.map((c) => c.status)).toEqual([429, 200]);
      expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(900);
      expect(botTexts(user)).toEqual(['r']);
    });

    it('a process that dies while sending it leaves it to its job, on another replica', async () => {
      const { user, replica } = setup();
      // The call never comes back (its gate stays shut): as good as a process gone in the middle of it.
      const { telegram: dead, entered } = gatedEdits('sendMessage');
      const { outbox } = replica({ telegram: dead, work: false, timings: { leaseMs: 1_500 } });
      await outbox.enqueue({ kind: 'send', chatId: user.id, text: 'd' }, { key: 'final:d', now: true });
      await entered;
      replica();
      await drain(outbox);
      expect(finals(user.id, 'd')).toEqual([200]);
    });

    it('a process killed after Telegram took it, before it was recorded: enqueued again, as the change relay redelivers, it is sent once more (the one window), never lost', async () => {
      const { user, replica } = setup();
      const message = { kind: 'send' as const, chatId: user.id, text: 'twice' };
      const env = { NOW: JSON.stringify({ message, key: 'final:k' }) };
      await killChild(await childAtSend(env, 'the child at the send'));
      expect(finals(user.id, 'twice')).toEqual([200]);
      // Redelivered within the dead process's lease: the job waits the lease out, then sends it.
      const { outbox, jobs } = replica({ timings: { leaseMs: 1_000 } });
      expect(await outbox.enqueue(message, { key: 'final:k', now: true })).toBe('queued');
      expect(['delayed', 'completed']).toContain(await jobState(jobs, 'final:k'));
      await drain(outbox, 60_000);
      expect(finals(user.id, 'twice')).toEqual([200, 200]);
      expect(await outbox.enqueue(message, { key: 'final:k', now: true })).toBe('duplicate');
    });

    it("keeps to the outbox's pace: with the window's messages used, it waits for its job", async () => {
      const { user, replica } = setup({ timings: { messagesPerSecond: 2 } });
      const { outbox, jobs } = replica({ work: false });
      await redis.set(`${prefix}outbox:pace`, '2', 'PX', 3_000);
      const windowEnds = Date.now() + 3_000;
      await outbox.enqueue({ kind: 'send', chatId: user.id, text: 'p' }, { key: 'final:p', now: true });
      expect(await jobState(jobs, 'final:p')).toBe('waiting');
      replica();
      await drain(outbox);
      const calls = sendsOf(user.id).filter((c) => c.params['text'] === 'p');
      expect(calls.map((c) => c.status)).toEqual([200]);
      expect(calls[0]!.at).toBeGreaterThanOrEqual(windowEnds - 100);
    });
  });

  it("keeps to keys of its own: nothing the outbox sends on its connection names a key of BullMQ's", async () => {
    const { user, replica } = setup({ timings: { messagesPerSecond: 3 } });
    // The outbox's own connection (the test's), as the server names its client; BullMQ's are others.
    const own = /\baddr=(\S+)/.exec(String(await redis.client('INFO')))?.[1];
    const monitor = await redis.monitor();
    const named: string[][] = [];
    monitor.on('monitor', (_time: string, args: string[], source: string) => {
      if (source === own) named.push(args);
    });
    try {
      const { outbox } = replica();
      const sent = await api.sendMessage(user.id, 'v0');
      const edit = { kind: 'edit' as const, chatId: user.id, messageId: sent.message_id };
      // Sends, a document, edits and a new message queued and sent at once, their duplicates, a 429 and a full pace window.
      standIn.driver.injectFault({ kind: 'rate-limit', retryAfter: 1, calls: 1, methods: ['sendMessage'] });
      for (let i = 0; i < 5; i++)
        await outbox.enqueue({ kind: 'send', chatId: user.id, text: `m${i}` }, { key: `m${i}` });
      await outbox.enqueue(
        { kind: 'document', chatId: user.id, fileName: 'r.csv', fileText: 'a\n', caption: 'r' },
        { key: 'doc' },
      );
      await outbox.enqueue({ ...edit, text: 'v1' }, { key: 'e1', version: 1, now: true });
      await outbox.enqueue({ ...edit, text: 'v2' }, { key: 'e2', version: 2 });
      await outbox.enqueue({ kind: 'send', chatId: user.id, text: 'f' }, { key: 'f', now: true });
      await drain(outbox);
      expect(await outbox.enqueue({ kind: 'send', chatId: user.id, text: 'm0' }, { key: 'm0' })).toBe(
        'duplicate',
      );
      expect(await outbox.enqueue({ ...edit, text: 'v1' }, { key: 'e1', version: 1, now: true })).toBe(
        'duplicate',
      );
      expect(user.chat().find((m) => m.id === sent.message_id)?.text).toBe('v2');
    } finally {
      monitor.disconnect();
    }
    expect(named.length).toBeGreaterThan(0);
    const bullmq = named.filter((args) => args.some((arg) => arg.startsWith(`${prefix}jobs:`)));
    expect(bullmq).toEqual([]);
  });

  it('an enqueue whose job was never added (the add failed, or its process died first) leaves its key free', async () => {
    const { user, replica } = setup();
    const sent = await api.sendMessage(user.id, 'v0');
    const edit = { kind: 'edit' as const, chatId: user.id, messageId: sent.message_id, text: 'v1' };
    const { outbox: gone, jobs: goneJobs } = replica({ work: false });
    // Its queue's connection is gone: the edit's script runs (the record holds v1), the add fails.
    await goneJobs.close();
    await expect(gone.enqueue(edit, { key: 'lost-edit', version: 1 })).rejects.toThrow();
    await expect(
      gone.enqueue({ kind: 'send', chatId: user.id, text: 'hello' }, { key: 'lost-send' }),
    ).rejects.toThrow();
    // The caller's repeat (its change delivered again) is not a duplicate: both go out, once.
    const { outbox } = replica();
    expect(await outbox.enqueue(edit, { key: 'lost-edit', version: 1 })).not.toBe('duplicate');
    expect(await outbox.enqueue({ kind: 'send', chatId: user.id, text: 'hello' }, { key: 'lost-send' })).toBe(
      'queued',
    );
    await drain(outbox);
    expect(user.chat().find((m) => m.id === sent.message_id)?.text).toBe('v1');
    expect(sendsOf(user.id).filter((c) => c.ok && c.params['text'] === 'hello')).toHaveLength(1);
    expect(await outbox.enqueue(edit, { key: 'lost-edit', version: 1 })).toBe('duplicate');
  });

  it('three replicas sending at once: every message exactly once', async () => {
    const { user, replica } = setup();
    const replicas = [replica().outbox, replica().outbox, replica().outbox];
    for (let i = 0; i < 60; i++) {
      await replicas[i % 3]!.enqueue({ kind: 'send', chatId: user.id, text: `p${i}` }, { key: `p${i}` });
    }
    await drain(replicas[0]!);
    const texts = botTexts(user);
    expect(texts).toHaveLength(60);
    expect(new Set(texts).size).toBe(60);
  });

  it('a message Telegram refuses for good (blocked bot) goes to the failed jobs (dead letters), not retried forever', async () => {
    const { user, replica } = setup();
    const { outbox, jobs } = replica();
    user.block();
    await outbox.enqueue({ kind: 'send', chatId: user.id, text: 'hello?' }, { key: 'blocked' });
    await drain(outbox);
    expect(standIn.driver.calls('sendMessage').filter((c) => c.params['text'] === 'hello?')).toHaveLength(1);
    const dead = await jobs.queue(OUTBOX_QUEUE).getFailed();
    expect(dead.map((job) => job.id)).toEqual([outboxJobId('blocked')]);
    expect(dead[0]!.failedReason).toContain('blocked');
    user.unblock();
  });

  it('a job whose worker process died after Telegram took it is sent once more by another (the one window), never lost', async () => {
    const { user, replica } = setup();
    const { outbox } = replica({ work: false, timings: { leaseMs: 1_000 } });
    await outbox.enqueue({ kind: 'send', chatId: user.id, text: 'survivor' }, { key: 's' });
    const child = await childAtSend({}, 'the child at the send');
    await killChild(child);
    expect(sendsOf(user.id).filter((c) => c.ok)).toHaveLength(1);
    // Another process's worker finds the job stalled once its lock runs out, and sends it again.
    replica({ timings: { leaseMs: 1_000 } });
    await drain(outbox, 60_000);
    expect((await jobSystems[0]!.queue(OUTBOX_QUEUE).getJob(outboxJobId('s')))?.finishedOn).toBeDefined();
    expect(sendsOf(user.id).filter((c) => c.ok)).toHaveLength(2);
    expect(botTexts(user)).toEqual(['survivor', 'survivor']);
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

  it('retries with the outbox delays, the last repeating, and one job ID per key', () => {
    const delays = [1_000, 2_000, 5_000];
    const telegram = new TelegramRetryError('502');
    expect([1, 2, 3, 4, 50].map((attempts) => outboxBackoffMs(delays, attempts, telegram))).toEqual([
      1_000, 2_000, 5_000, 5_000, 5_000,
    ]);
    // Our own Redis failing for a moment does not lengthen the wait.
    expect(outboxBackoffMs(delays, 50, new Error('Connection is closed.'))).toBe(1_000);
    expect(outboxJobId('final:rb-1:succeeded')).toBe('k-final%3Arb-1%3Asucceeded');
    expect(outboxJobId('a%3Ab')).not.toBe(outboxJobId('a:b'));
    expect(outboxJobId('7')).toBe('k-7');
  });
});
