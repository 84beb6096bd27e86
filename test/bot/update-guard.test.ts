import { Api, Context } from 'grammy';
import type { Update, UserFromGetMe } from 'grammy/types';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import {
  ChatBusyError,
  updateGuard,
  updateStates,
  type UpdateGuardOptions,
} from '../../src/bot/middleware/update-guard.ts';
import { waitFor } from '../orders/support/world.ts';
import { redisPerFile } from '../support/redis.ts';

// The update guard on its own, two guards sharing one private Redis as two replicas would. The handler
// never calls Telegram, so the Api behind the contexts points nowhere.

const me: UserFromGetMe = {
  id: 1,
  is_bot: true,
  first_name: 'Bot',
  username: 'guard_test_bot',
  can_join_groups: true,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: false,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
  can_manage_bots: false,
  supports_join_request_queries: false,
};
const api = new Api('1:unused', { apiRoot: 'http://127.0.0.1:9' });

function update(updateId: number, chatId: number): Update {
  return {
    update_id: updateId,
    message: {
      message_id: updateId,
      date: 1_700_000_000,
      chat: { id: chatId, type: 'private', first_name: 'U' },
      from: { id: chatId, is_bot: false, first_name: 'U' },
      text: '/start',
    },
  } as Update;
}

/** A handler that can be held open, counting how often (and how many at once) it runs. */
function handler() {
  const state = { runs: 0, active: 0, maxActive: 0, entered: [] as number[] };
  let release: () => void = () => {};
  let gate: Promise<void> | null = null;
  return {
    state,
    hold() {
      gate = new Promise<void>((resolve) => (release = resolve));
    },
    release() {
      release();
      gate = null;
    },
    next: (id: number, fail?: Error) => async () => {
      state.runs++;
      state.active++;
      state.maxActive = Math.max(state.maxActive, state.active);
      state.entered.push(id);
      try {
        if (gate) await gate;
        if (fail) throw fail;
      } finally {
        state.active--;
      }
    },
  };
}

describe('updateGuard', () => {
  let redis: Redis;
  let n = 0;

  redisPerFile((client) => {
    redis = client;
  });

  function replicas(options: Partial<UpdateGuardOptions<Context>> = {}) {
    const prefix = `ug${++n}:`;
    const make = () => updateGuard<Context>({ redis, prefix, ...options });
    return { prefix, a: make(), b: make() };
  }
  const ctx = (updateId: number, chatId: number) => new Context(update(updateId, chatId), api, me);

  it('handles an update delivered twice (in turn) once', async () => {
    const { prefix, a, b } = replicas();
    const h = handler();
    await a(ctx(100, 5001), h.next(100));
    await b(ctx(100, 5001), h.next(100));
    await a(ctx(100, 5001), h.next(100));
    expect(h.state.runs).toBe(1);
    expect(await redis.get(`${prefix}upd:100`)).toBe('d');
    expect(await redis.ttl(`${prefix}upd:100`)).toBeGreaterThan(0);
    expect(await redis.exists(`${prefix}lock:chat:5001`)).toBe(0);
  });

  it('a duplicate arriving while the first is handled waits for it and is then dropped', async () => {
    const { a, b } = replicas();
    const h = handler();
    h.hold();
    const first = a(ctx(200, 5002), h.next(200));
    await waitFor(() => h.state.runs === 1, 20_000, 'first handler running');
    const second = b(ctx(200, 5002), h.next(200));
    h.release();
    await Promise.all([first, second]);
    expect(h.state.runs).toBe(1);
  });

  it('refuses a repeat that waits for the lock past lockWaitMs with ChatBusyError, then drops it once done', async () => {
    const { prefix, a, b } = replicas({ lockWaitMs: 50 });
    const h = handler();
    h.hold();
    const first = a(ctx(300, 5003), h.next(300));
    await waitFor(() => h.state.runs === 1, 20_000, 'first handler running');
    await expect(b(ctx(300, 5003), h.next(300))).rejects.toBeInstanceOf(ChatBusyError);
    expect(await redis.exists(`${prefix}upd:300`)).toBe(0);
    h.release();
    await first;
    await b(ctx(300, 5003), h.next(300)); // Telegram's redelivery: handled already
    expect(h.state.runs).toBe(1);
  });

  it('renews the chat lock, which names the update, while the handler runs; marks the update when done', async () => {
    const lockTtlMs = 300;
    const { prefix, a } = replicas({ lockTtlMs });
    const h = handler();
    h.hold();
    const running = a(ctx(400, 5004), h.next(400));
    await waitFor(() => h.state.runs === 1, 20_000, 'handler running');
    const seenKey = `${prefix}upd:400`;
    const lockKey = `${prefix}lock:chat:5004`;
    expect(await updateStates(redis, prefix, [{ updateId: 400, chatId: 5004 }])).toEqual(['running']);
    // A PTTL that goes up again can only come from a renewal (without one it only falls, then the key goes).
    let last = await redis.pttl(lockKey);
    expect(last).toBeGreaterThan(0);
    await waitFor(
      async () => {
        const now = await redis.pttl(lockKey);
        const renewed = now > last;
        last = now;
        return renewed;
      },
      20_000,
      `${lockKey} renewed`,
    );
    expect((await redis.get(lockKey))?.startsWith('400:')).toBe(true);
    expect(await redis.exists(seenKey)).toBe(0);
    h.release();
    await running;
    expect(await redis.get(seenKey)).toBe('d');
    expect(await redis.exists(lockKey)).toBe(0);
    expect(
      await updateStates(redis, prefix, [
        { updateId: 400, chatId: 5004 },
        { updateId: 401, chatId: 5004 },
      ]),
    ).toEqual(['done', 'free']);
  });

  it('handles again an update whose handler died (its lock not renewed, expired)', async () => {
    const { prefix, a } = replicas();
    await redis.set(`${prefix}lock:chat:5005`, '500:dead-replica', 'PX', 100); // a SIGKILLed holder
    expect(await updateStates(redis, prefix, [{ updateId: 500, chatId: 5005 }])).toEqual(['running']);
    const h = handler();
    await a(ctx(500, 5005), h.next(500));
    expect(h.state.runs).toBe(1);
    expect(await redis.get(`${prefix}upd:500`)).toBe('d');
  });

  it('reads the first read with the lock and hands it on; an update with no chat and no user locks itself', async () => {
    const prefix = `ug${++n}:`;
    await redis.set(`${prefix}state:5010`, 'kept');
    const seen: Array<string | null>[] = [];
    const guard = updateGuard<Context>({
      redis,
      prefix,
      firstRead: {
        keysOf: (c) => [`${prefix}state:${c.chatId ?? 'none'}`],
        use: async (_c, values, next) => {
          seen.push(values.map((v) => v?.toString('utf8') ?? null));
          await next();
        },
      },
    });
    const h = handler();
    await guard(ctx(1000, 5010), h.next(1000));
    const chatless = new Context({ update_id: 1001, poll: { id: 'p' } } as unknown as Update, api, me);
    await guard(chatless, h.next(1001));
    await guard(chatless, h.next(1001));
    expect(seen).toEqual([['kept'], [null]]);
    expect(h.state.entered).toEqual([1000, 1001]);
    expect(await redis.get(`${prefix}upd:1001`)).toBe('d');
    expect(await redis.exists(`${prefix}lock:update:1001`)).toBe(0);
  });

  it('on a handler error: the error propagates, marker and lock are released, the redelivery is handled', async () => {
    const { prefix, a, b } = replicas();
    const h = handler();
    const boom = new Error('handler failed');
    await expect(a(ctx(600, 5006), h.next(600, boom))).rejects.toBe(boom);
    expect(await redis.exists(`${prefix}upd:600`)).toBe(0);
    expect(await redis.exists(`${prefix}lock:chat:5006`)).toBe(0);
    await b(ctx(600, 5006), h.next(600));
    expect(h.state.runs).toBe(2);
    expect(await redis.get(`${prefix}upd:600`)).toBe('d');
  });

  it('never runs two updates of one chat at the same time across replicas; other chats are not blocked', async () => {
    const { a, b } = replicas();
    const h = handler();
    h.hold();
    const first = a(ctx(700, 5007), h.next(700));
    await waitFor(() => h.state.runs === 1, 20_000, 'first handler running');
    const sameChat = b(ctx(701, 5007), h.next(701));
    const other = handler();
    await b(ctx(702, 6007), other.next(702)); // another chat goes through while 5007 is held
    expect(other.state.runs).toBe(1);
    expect(h.state.entered).toEqual([700]);
    h.release();
    await Promise.all([first, sameChat]);
    expect(h.state.entered).toEqual([700, 701]);
    expect(h.state.maxActive).toBe(1);
  });

  it('gives up with ChatBusyError when the chat stays locked past lockWaitMs', async () => {
    const { prefix, a } = replicas({ lockWaitMs: 50 });
    await redis.set(`${prefix}lock:chat:5008`, 'someone-else', 'PX', 60_000);
    const h = handler();
    await expect(a(ctx(800, 5008), h.next(800))).rejects.toBeInstanceOf(ChatBusyError);
    expect(h.state.runs).toBe(0);
    expect(await redis.exists(`${prefix}upd:800`)).toBe(0); // not marked: the redelivery is handled
    expect(await redis.get(`${prefix}lock:chat:5008`)).toBe('someone-else'); // another holder's lock kept
  });

  it('with Redis unreachable the update fails with the Redis error and nothing is left unhandled', async () => {
    const { freePort } = await import('../support/ports.ts');
    // A port nobody listens on, no offline queue, no retries: every command is refused at once.
    const down = new Redis({
      port: await freePort(),
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    down.on('error', () => undefined);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const guard = updateGuard<Context>({ redis: down, prefix: 'down:' });
      const h = handler();
      await expect(guard(ctx(900, 5009), h.next(900))).rejects.toThrow();
      expect(h.state.runs).toBe(0);
      // Give any stray rejection of the lock's first try the turns it needs to surface.
      for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      down.disconnect();
    }
  });
});
