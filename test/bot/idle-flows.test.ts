import type { TranslationVars } from '../../src/lib/html.ts';
import { Api } from 'grammy';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IdleFlows } from '../../src/bot/idle-flows.ts';
import { createTelegramStandIn, type TelegramStandIn } from '../../src/sandbox/telegram/index.ts';
import { waitFor } from '../orders/support/world.ts';
import { startRedisServer, type RedisServerHandle } from '../support/redis.ts';

// The idle-flow sweeper on its own: two IdleFlows on one private Redis as two replicas, goodbyes sent
// through the Telegram stand-in. The translation is structural (locale|key|minutes) so the test checks
// which message went where, not its English copy.

const translate = (locale: string, key: string, vars?: TranslationVars) =>
  `${locale}|${key}|${String(vars?.['minutes'])}`;

describe('IdleFlows', () => {
  let server: RedisServerHandle;
  let redis: Redis;
  let standIn: TelegramStandIn;
  let api: Api;
  let n = 0;
  const running: IdleFlows[] = [];

  beforeAll(async () => {
    server = await startRedisServer();
    redis = new Redis(server.url);
    standIn = createTelegramStandIn({});
    const { apiRoot } = await standIn.listen();
    api = new Api(standIn.token, { apiRoot });
  });
  afterEach(async () => {
    standIn.driver.clearFaults();
    await Promise.all(running.splice(0).map((flows) => flows.stop()));
  });
  afterAll(async () => {
    redis?.disconnect();
    await standIn?.close();
    await server?.dispose();
  });

  function setup(idleMs = 60_000) {
    n++;
    const prefix = `if${n}:`;
    const user = standIn.driver.user({ id: 740000000 + n, firstName: 'U', started: true });
    const warnings: Array<Record<string, unknown>> = [];
    const make = () =>
      new IdleFlows({
        redis,
        prefix,
        idleMs,
        api,
        translate,
        localeOf: async (chatId) => (chatId === user.id ? 'ru' : 'en'),
        logger: { warn: (obj) => void warnings.push(obj as Record<string, unknown>) },
      });
    const goodbyes = () =>
      user
        .chat()
        .filter((m) => m.from === 'bot')
        .map((m) => m.text);
    return { prefix, user, a: make(), b: make(), goodbyes, warnings, idleKey: `${prefix}flows:idle` };
  }

  /** A chat in a flow: the conversation state as the plugin would store it, and its idle deadline. */
  async function enterFlow(flows: IdleFlows, chatId: number, now: number): Promise<void> {
    await redis.set(flows.conversationKey(chatId), JSON.stringify({ topUp: [{ step: 'amount' }] }));
    await flows.touch(chatId, now);
  }

  it('ends a flow idle past its limit once, though two replicas sweep at the same time', async () => {
    const { a, b, user, goodbyes, idleKey } = setup(120_000);
    const t0 = Date.now();
    await enterFlow(a, user.id, t0);
    const [endedA, endedB] = await Promise.all([a.sweep(t0 + 120_001), b.sweep(t0 + 120_001)]);
    expect(endedA + endedB).toBe(1);
    expect(await redis.exists(a.conversationKey(user.id))).toBe(0);
    expect(await redis.zcard(idleKey)).toBe(0);
    await waitFor(() => goodbyes().length === 1, 20_000, 'the goodbye');
    expect(goodbyes()).toEqual(['ru|top-up-idle-ended|2']);
    // Later sweeps find nothing more.
    expect(await a.sweep(t0 + 999_999)).toBe(0);
    expect(await b.sweep(t0 + 999_999)).toBe(0);
    expect(goodbyes()).toHaveLength(1);
  });

  it('leaves an active flow alone: each update pushes its deadline back', async () => {
    const { a, b, user, goodbyes, idleKey } = setup(60_000);
    const t0 = Date.now();
    await enterFlow(a, user.id, t0);
    await b.refresh(user.id, t0 + 50_000); // an update on the other replica
    expect(await a.sweep(t0 + 60_001)).toBe(0);
    expect(await b.sweep(t0 + 60_001)).toBe(0);
    expect(await redis.exists(a.conversationKey(user.id))).toBe(1);
    expect(Number(await redis.zscore(idleKey, String(user.id)))).toBe(t0 + 110_000);
    expect(goodbyes()).toEqual([]);
    // Idle past the new deadline: ended.
    expect((await a.sweep(t0 + 110_001)) + (await b.sweep(t0 + 110_001))).toBe(1);
    await waitFor(() => goodbyes().length === 1, 20_000, 'the goodbye');
    expect(goodbyes()).toEqual(['ru|top-up-idle-ended|1']);
  });

  it('refresh does not start a flow, forget ends tracking without a goodbye', async () => {
    const { a, user, goodbyes, idleKey } = setup(60_000);
    const t0 = Date.now();
    await a.refresh(user.id, t0);
    expect(await redis.zcard(idleKey)).toBe(0);
    await enterFlow(a, user.id, t0);
    await a.forget(user.id);
    expect(await a.sweep(t0 + 999_999)).toBe(0);
    expect(await redis.exists(a.conversationKey(user.id))).toBe(1); // finished flows clean their own state
    expect(goodbyes()).toEqual([]);
  });

  it('says no goodbye for a flow whose state is already gone', async () => {
    const { a, user, goodbyes, idleKey } = setup(60_000);
    const t0 = Date.now();
    await a.touch(user.id, t0); // deadline, but no conversation state (the flow finished meanwhile)
    expect(await a.sweep(t0 + 60_001)).toBe(0);
    expect(await redis.zcard(idleKey)).toBe(0);
    expect(goodbyes()).toEqual([]);
  });

  it('a failed goodbye is logged and the flow still ends', async () => {
    const { a, user, goodbyes, warnings } = setup(60_000);
    const t0 = Date.now();
    await enterFlow(a, user.id, t0);
    standIn.driver.injectFault({ kind: 'server-error', status: 502, calls: 1, methods: ['sendMessage'] });
    expect(await a.sweep(t0 + 60_001)).toBe(1);
    expect(await redis.exists(a.conversationKey(user.id))).toBe(0);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ chatId: user.id });
    expect(goodbyes()).toEqual([]);
  });

  it('the running sweepers of two replicas end an idle flow once and stop cleanly', async () => {
    const { a, b, user, goodbyes, idleKey } = setup(30);
    running.push(a, b);
    await enterFlow(a, user.id, Date.now());
    a.start(10);
    b.start(10);
    await waitFor(async () => (await redis.zcard(idleKey)) === 0, 20_000, 'the flow claimed');
    await waitFor(() => goodbyes().length >= 1, 20_000, 'the goodbye');
    await Promise.all([a.stop(), b.stop()]);
    running.splice(0);
    expect(goodbyes()).toEqual(['ru|top-up-idle-ended|1']);
    expect(await redis.exists(a.conversationKey(user.id))).toBe(0);
  });
});
