import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRANGER, startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { FAST_USER, WAIT } from '../bot/flow/helpers.ts';
import { waitFor } from '../orders/support/world.ts';
import { keysWithoutExpiry } from './redis-size.ts';

// CONTRACT.md: "a user with no role gets a refusal that shows their numeric Telegram user ID, and nothing
// else happens". Counted at the three places anything could happen: the Bot API stand-in's call log, the
// Merchant API sandbox's request log and Redis (keys that would never expire).

describe('what a stranger costs', () => {
  let world: BotWorld;
  beforeAll(async () => {
    world = await startBotWorld({ env: FAST_USER });
  });
  afterAll(async () => {
    await world?.close();
  });

  /** Waits until the update guard has marked the update done (the handler and its writes are over). */
  async function handled(updateId: number | undefined): Promise<void> {
    expect(updateId).toBeDefined();
    const redis = world.apps[0]!.redis;
    await waitFor(async () => (await redis.get(`rb:upd:${updateId}`)) === 'd', WAIT.timeoutMs);
  }

  const aboutStranger = (params: Record<string, unknown>) =>
    JSON.stringify(params).includes(String(STRANGER));

  it.each(['/start', '/help', '/topup', '/topup +2348031234567 500', '/orders', 'hello'])(
    '%s from a stranger: one Bot API call (the refusal with their ID), no Merchant API call, no key without expiry',
    async (text) => {
      const driver = world.standIn.driver;
      const user = driver.user({ id: STRANGER });
      const keysBefore = await keysWithoutExpiry(world.apps[0]!.redis);
      const merchantBefore = await world.merchantRequestCount();
      const callsBefore = driver.calls().length;

      const sent = text.startsWith('/') ? user.sendCommand(text) : user.sendText(text);
      const reply = await user.waitForBotMessage(() => true, { ...WAIT, after: sent.messageId });
      await handled(sent.updateId);

      expect(reply.text).toContain(String(STRANGER));
      const calls = driver
        .calls()
        .slice(callsBefore)
        .filter((c) => aboutStranger(c.params));
      expect(calls.map((c) => c.method)).toEqual(['sendMessage']);
      expect(await world.merchantRequestCount()).toBe(merchantBefore);
      const added = [...(await keysWithoutExpiry(world.apps[0]!.redis))].filter(
        (key) => !keysBefore.has(key),
      );
      expect(added).toEqual([]);
      // Nothing about them is kept either, beyond the rate limiter's window of a few seconds.
      const theirs = await world.apps[0]!.redis.keys(`*${STRANGER}*`);
      expect(theirs.filter((key) => key !== `rb:rl:${STRANGER}`)).toEqual([]);
    },
  );

  it('a button press from a stranger: one Bot API call (the short refusal), nothing else', async () => {
    const driver = world.standIn.driver;
    const user = driver.user({ id: STRANGER });
    const start = user.sendCommand('/start');
    const greeting = await user.waitForBotMessage(() => true, { ...WAIT, after: start.messageId });
    await handled(start.updateId);
    const keysBefore = await keysWithoutExpiry(world.apps[0]!.redis);
    const merchantBefore = await world.merchantRequestCount();
    const callsBefore = driver.calls().length;

    const pressed = user.pressData(greeting.id, 't:abc:1:ok');
    await user.waitForCallbackAnswer(pressed.queryId, WAIT);
    await handled(pressed.updateId);

    const calls = driver
      .calls()
      .slice(callsBefore)
      .filter((c) => aboutStranger(c.params) || c.params['callback_query_id'] === pressed.queryId);
    expect(calls.map((c) => c.method)).toEqual(['answerCallbackQuery']);
    expect(await world.merchantRequestCount()).toBe(merchantBefore);
    expect(
      [...(await keysWithoutExpiry(world.apps[0]!.redis))].filter((key) => !keysBefore.has(key)),
    ).toEqual([]);
  });
});
