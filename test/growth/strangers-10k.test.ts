import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { waitFor } from '../orders/support/world.ts';
import { keysWithoutExpiry, usedMemory } from './redis-size.ts';

// 10,000 strangers each send /start through the real bot. Stated bound: no key without an expiry is added,
// no Merchant API call is made, each gets exactly one Bot API call (the refusal), and Redis grows by less
// than 8 MB (what remains are the update-once markers, which expire after a day).

const STRANGERS = 10_000;
const BATCH = 250;
const FIRST_ID = 790_000_000;

describe('10,000 strangers', () => {
  let world: BotWorld;
  beforeAll(async () => {
    world = await startBotWorld({
      env: {
        USER_UPDATE_LIMIT: '10000',
        // At Telegram's global flood limit (30 messages a second) 10,000 refusals took 340 s of mostly idle
        // waiting. The stand-in enforces no such limit and this test measures what the updates cause, not the
        // pace: the replica gets the share an operator would give it with a higher limit; per-chat and group
        // limits stay as in production.
        TELEGRAM_MESSAGES_PER_SECOND: '10000',
      },
    });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('leave no key without expiry, make no Merchant API call, get one message each, and grow Redis by less than 8 MB', async () => {
    const redis = world.apps[0]!.redis;
    const driver = world.standIn.driver;
    const keysBefore = await keysWithoutExpiry(redis);
    const memoryBefore = await usedMemory(redis);
    const merchantBefore = await world.merchantRequestCount();
    const callsBefore = driver.calls().length;

    for (let start = 0; start < STRANGERS; start += BATCH) {
      const users = Array.from({ length: Math.min(BATCH, STRANGERS - start) }, (_, i) =>
        driver.user({ id: FIRST_ID + start + i, firstName: 'S', languageCode: 'en', started: true }),
      );
      const updates = users.map((user) => user.sendCommand('/start').updateId);
      await waitFor(
        async () => {
          const marks = await redis.mget(...updates.map((id) => `rb:upd:${id}`));
          return marks.every((mark) => mark === 'd');
        },
        120_000,
        `batch from ${start} handled`,
      );
    }

    const calls = driver
      .calls()
      .slice(callsBefore)
      .filter((c) => c.method !== 'getUpdates');
    expect(calls.filter((c) => c.method === 'sendMessage')).toHaveLength(STRANGERS);
    expect(calls.filter((c) => c.method !== 'sendMessage').map((c) => c.method)).toEqual([]);
    expect(await world.merchantRequestCount()).toBe(merchantBefore);
    expect([...(await keysWithoutExpiry(redis))].filter((key) => !keysBefore.has(key))).toEqual([]);
    expect((await usedMemory(redis)) - memoryBefore).toBeLessThan(8 * 1024 * 1024);
  }, 900_000);
});
