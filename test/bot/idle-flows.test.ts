import type { TranslationVars } from '../../src/lib/html.ts';
import type { Api } from 'grammy';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IDLE_FLOW_QUEUE, IdleFlows } from '../../src/bot/idle-flows.ts';
import { botKeys } from '../../src/bot/keys.ts';
import { silentLogger } from '../../src/domain/log.ts';
import { createJobSystem, type JobSystem } from '../../src/jobs/jobs.ts';
import type { TelegramStandIn } from '../../src/sandbox/telegram/index.ts';
import { startApiWorld, type ApiWorld } from '../support/api-world.ts';
import { waitFor } from '../orders/support/world.ts';
import type { RedisServerHandle } from '../support/redis.ts';

// The idle-flow endings on their own: IdleFlows on one private Redis, each with its own job system as one
// replica (process), goodbyes sent through the Telegram stand-in. The translation is structural
// (locale|key|minutes) so the test checks which message went where, not its English copy.

const translate = (locale: string, key: string, vars?: TranslationVars) =>
  `${locale}|${key}|${String(vars?.['minutes'])}`;

describe('IdleFlows', () => {
  let server: RedisServerHandle;
  let redis: Redis;
  let standIn: TelegramStandIn;
  let api: Api;
  let n = 0;
  const jobSystems: JobSystem[] = [];
  const replicas: IdleFlows[] = [];

  let world: ApiWorld;

  beforeAll(async () => {
    world = await startApiWorld();
    ({ server, redis, standIn, api } = world);
  });
  afterEach(async () => {
    standIn.driver.clearFaults();
    await Promise.all(replicas.splice(0).map((flows) => flows.stop()));
    await Promise.all(jobSystems.splice(0).map((jobs) => jobs.close()));
  });
  afterAll(() => world?.close());

  function setup(idleMs = 60_000) {
    n++;
    const prefix = `if${n}:`;
    const user = standIn.driver.user({ id: 740000000 + n, firstName: 'U', started: true });
    const warnings: Array<Record<string, unknown>> = [];
    /** One replica: its own job system (closing it is that process stopping). */
    /**
     * The goodbye's locale lookup (after the ending dropped the flow's state) calls `reached`, then waits while
     * `until` is set: a test holds an ending in the middle of its run.
     */
    const hold: { until?: Promise<void>; reached?: () => void } = {};
    const make = () => {
      const jobs = createJobSystem({ connect: (o) => new Redis(server.url, o), prefix });
      jobSystems.push(jobs);
      const flows = new IdleFlows({
        redis,
        prefix,
        jobs,
        idleMs,
        api,
        translate,
        localeOf: async (chatId) => {
          hold.reached?.();
          await hold.until;
          return chatId === user.id ? 'ru' : 'en';
        },
        logger: { ...silentLogger, warn: (obj) => void warnings.push(obj as Record<string, unknown>) },
      });
      replicas.push(flows);
      return { flows, jobs };
    };
    const a = make();
    const b = make();
    // The test's own look at the queue (it outlives the replicas it stops).
    const observer = createJobSystem({ connect: (o) => new Redis(server.url, o), prefix });
    jobSystems.push(observer);
    const queue = observer.queue(IDLE_FLOW_QUEUE);
    const deadlines = botKeys(prefix).idleFlows;
    const goodbyes = () =>
      user
        .chat()
        .filter((m) => m.from === 'bot')
        .map((m) => m.text);
    /** When the chat's flow ends if left idle (ms), if it is in one. */
    const deadlineOf = async (chatId: number) => {
      const score = await redis.zscore(deadlines, chatId);
      return score === null ? null : Number(score);
    };
    /** Idle past its limit: the deadline brought forward instead of waiting for it. */
    const dueNow = (chatId: number) => redis.zadd(deadlines, 'XX', 0, chatId);
    /** Ending jobs not finished yet. */
    const unfinished = async () =>
      Object.values(await queue.getJobCounts('wait', 'active', 'delayed', 'prioritized')).reduce(
        (sum, count) => sum + count,
        0,
      );
    /** Nothing left to end: no deadline due or pending, no job. */
    const settled = async (chatId: number) =>
      (await deadlineOf(chatId)) === null && (await unfinished()) === 0;
    return {
      hold,
      prefix,
      user,
      a: a.flows,
      b: b.flows,
      make,
      queue,
      goodbyes,
      warnings,
      deadlineOf,
      dueNow,
      unfinished,
      settled,
    };
  }

  /** A chat in a flow: the conversation state as the plugin would store it, and its ending job. */
  async function enterFlow(flows: IdleFlows, chatId: number): Promise<void> {
    await redis.set(flows.conversationKey(chatId), JSON.stringify({ topUp: [{ step: 'amount' }] }));
    await flows.touch(chatId);
  }

  it('ends a flow idle past its limit once, though two replicas sweep the deadlines and both touched it', async () => {
    const { a, b, user, goodbyes, deadlineOf, dueNow, settled } = setup(120_000);
    a.start();
    b.start();
    await enterFlow(a, user.id);
    await b.touch(user.id); // the same chat entering on the other replica: still one deadline
    expect(await deadlineOf(user.id)).toBeGreaterThan(Date.now() + 100_000);
    await dueNow(user.id);
    await waitFor(() => settled(user.id), 20_000, 'ended');
    expect(await redis.exists(a.conversationKey(user.id))).toBe(0);
    expect(goodbyes()).toEqual(['ru|top-up-idle-ended|2']);
  });

  it('leaves an active flow alone: each update pushes its deadline back', async () => {
    const { a, b, user, goodbyes, deadlineOf, dueNow, settled } = setup(60_000);
    await enterFlow(a, user.id);
    const first = (await deadlineOf(user.id))!;
    const refreshedAt = Date.now();
    await b.refresh(user.id); // an update on the other replica
    const pushed = (await deadlineOf(user.id))!;
    expect(pushed).toBeGreaterThanOrEqual(refreshedAt + 60_000);
    expect(pushed).toBeGreaterThanOrEqual(first);
    a.start();
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // sweeps that find nothing due
    expect(await redis.exists(a.conversationKey(user.id))).toBe(1);
    expect(goodbyes()).toEqual([]);
    // Idle past the new deadline: ended.
    await dueNow(user.id);
    await waitFor(() => settled(user.id), 20_000, 'ended');
    expect(goodbyes()).toEqual(['ru|top-up-idle-ended|1']);
    expect(await redis.exists(a.conversationKey(user.id))).toBe(0);
  });

  it("a replica pushes a chat's deadline back at most once per slack (idleMs / 15), never sooner than idleMs after the update", async () => {
    const { a, user, deadlineOf } = setup(15_000);
    await enterFlow(a, user.id);
    const first = await deadlineOf(user.id);
    // Right after the push of entering the flow: the next update leaves the deadline where it is.
    await a.refresh(user.id);
    expect(await deadlineOf(user.id)).toBe(first);
    // Once the slack (1 s here) has passed, an update pushes it back to idleMs + slack from then.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const refreshedAt = Date.now();
    await a.refresh(user.id);
    expect(await deadlineOf(user.id)).toBeGreaterThanOrEqual(refreshedAt + 15_000);
  });

  it('refresh does not start a flow, forget ends tracking without a goodbye', async () => {
    const { a, user, goodbyes, deadlineOf } = setup(60_000);
    await a.refresh(user.id);
    expect(await deadlineOf(user.id)).toBeNull();
    await enterFlow(a, user.id);
    expect(await deadlineOf(user.id)).not.toBeNull();
    await a.forget(user.id);
    expect(await deadlineOf(user.id)).toBeNull();
    expect(await redis.exists(a.conversationKey(user.id))).toBe(1); // finished flows clean their own state
    expect(goodbyes()).toEqual([]);
  });

  it('says no goodbye for a flow whose state is already gone', async () => {
    const { a, user, goodbyes, settled } = setup(200);
    a.start();
    await a.touch(user.id); // a deadline, but no conversation state (the flow finished meanwhile)
    await waitFor(() => settled(user.id), 20_000, 'ran');
    expect(await a.end(user.id)).toBe('gone');
    expect(goodbyes()).toEqual([]);
  });

  it('an ending that comes after the chat entered a new flow leaves that flow alone', async () => {
    const { a, user, goodbyes, deadlineOf } = setup(60_000);
    // Swept (its job added) just before the chat started again: the new flow's deadline is ahead.
    await enterFlow(a, user.id);
    expect(await a.end(user.id)).toBe('gone');
    expect(await redis.exists(a.conversationKey(user.id))).toBe(1);
    expect(await deadlineOf(user.id)).toBeGreaterThan(Date.now());
    expect(goodbyes()).toEqual([]);
  });

  it('an update that lands while an ending runs keeps its flow: the ending reads the deadline and drops the state in one step', async () => {
    const { prefix, user, goodbyes, dueNow } = setup(60_000);
    // The chat's update: its deadline pushed back and the flow's next state written, landing after the ending's
    // first command has read the deadline (with a separate read, between it and the drop).
    let update: (() => Promise<void>) | undefined;
    const landUpdate = async () => {
      const landing = update;
      update = undefined;
      await landing?.();
    };
    const racing = new Proxy(redis, {
      get(target, name) {
        const value: unknown = Reflect.get(target, name);
        if (typeof value !== 'function') return value;
        const call = (args: unknown[]) =>
          (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        if (name === 'zscore')
          return async (...args: unknown[]) => {
            const read = await call(args);
            await landUpdate();
            return read;
          };
        if (name === 'evalsha' || name === 'eval')
          return async (...args: unknown[]) => {
            await landUpdate();
            return call(args);
          };
        return (value as (...a: unknown[]) => unknown).bind(target);
      },
    });
    const jobs = createJobSystem({ connect: (o) => new Redis(server.url, o), prefix });
    jobSystems.push(jobs);
    const flows = new IdleFlows({
      redis: racing,
      prefix,
      jobs,
      idleMs: 60_000,
      api,
      translate,
      localeOf: async () => 'en',
    });
    replicas.push(flows);
    await enterFlow(flows, user.id);
    await dueNow(user.id);
    update = async () => {
      await redis.zadd(botKeys(prefix).idleFlows, Date.now() + 60_000, user.id);
      await redis.set(flows.conversationKey(user.id), JSON.stringify({ topUp: [{ step: 'phone' }] }));
    };
    expect(await flows.end(user.id)).toBe('gone');
    expect(await redis.get(flows.conversationKey(user.id))).toContain('phone');
    expect(goodbyes()).toEqual([]);
  });

  it('a failed goodbye is logged and the flow still ends', async () => {
    const { a, user, goodbyes, warnings, settled } = setup(200);
    standIn.driver.injectFault({ kind: 'server-error', status: 502, calls: 1, methods: ['sendMessage'] });
    a.start();
    await enterFlow(a, user.id);
    await waitFor(() => settled(user.id), 20_000, 'ran');
    expect(await redis.exists(a.conversationKey(user.id))).toBe(0);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ chatId: user.id });
    expect(goodbyes()).toEqual([]);
  });

  it('a flow entered while the previous ending of its chat runs gets an ending of its own', async () => {
    const { a, user, goodbyes, deadlineOf, dueNow, unfinished, hold } = setup(60_000);
    let release!: () => void;
    hold.until = new Promise<void>((resolve) => (release = resolve));
    // The ending has dropped the old flow's state once it looks up the goodbye's locale; its job being active is not
    // enough (a state written before its drop is dropped with it).
    const dropped = new Promise<void>((resolve) => (hold.reached = resolve));
    a.start();
    await enterFlow(a, user.id);
    await dueNow(user.id);
    await dropped;
    // The chat starts a new flow meanwhile (its state written after the running ending dropped the old one).
    await enterFlow(a, user.id);
    release();
    await waitFor(() => goodbyes().length === 1, 20_000, 'the goodbye');
    await waitFor(async () => (await unfinished()) === 0, 20_000, 'the ending done');
    expect(await deadlineOf(user.id)).toBeGreaterThan(Date.now());
    expect(await redis.exists(a.conversationKey(user.id))).toBe(1);
    await a.forget(user.id);
    expect(await deadlineOf(user.id)).toBeNull();
  });

  it('survives a restart: a flow touched by a process that stopped is ended once by another', async () => {
    const { a, user, goodbyes, make, settled } = setup(300);
    await enterFlow(a, user.id);
    // The process that took the update stops before the flow is due; a worker started later ends it.
    await jobSystems[0]!.close();
    const later = make();
    later.flows.start();
    await waitFor(() => settled(user.id), 20_000, 'ended');
    await later.flows.stop();
    expect(goodbyes()).toEqual(['ru|top-up-idle-ended|1']);
    expect(await redis.exists(a.conversationKey(user.id))).toBe(0);
  });
});
