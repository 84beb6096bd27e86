import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, StandInUser } from '../../../src/sandbox/telegram/index.ts';
import { RESELLER, startBotWorld, type BotWorld } from '../../support/bot-world.ts';
import { waitFor } from '../../orders/support/world.ts';
import {
  FAST_USER,
  PROMPT,
  flowMessagesSince,
  lastBotId,
  orderPostCount,
  say,
  waitForOrderLine,
  waitForOrders,
} from './helpers.ts';

// Telegram has bad seconds: connections dropped and 5xx from its front. A failed Bot API call inside the
// guided flow is retried, and when it still fails the flow keeps its step for the next update.

// Retries back off over several seconds; a slow shared machine needs room on top.
const SLOW = { timeoutMs: 60_000 };

describe('top-up flow under Bot API faults', () => {
  let world: BotWorld;
  beforeAll(async () => {
    world = await startBotWorld({ env: FAST_USER });
  });
  afterAll(async () => {
    await world?.close();
  });

  /** The next two Bot API calls fail: the first loses its connection, the second gets a 5xx page. */
  function faultNextCalls(status: 500 | 502 | 503 | 504): void {
    world.standIn.driver.injectFault({ kind: 'network', calls: 1 });
    world.standIn.driver.injectFault({ kind: 'server-error', status, calls: 1 });
  }

  it('a dropped connection and a 5xx at every step (country, operator, subtype, amount, phone, quote, confirm): the flow completes with exactly one order', async () => {
    const user: StandInUser = world.standIn.driver.user({ id: RESELLER });
    faultNextCalls(502);
    const sentTopup = user.sendCommand('/topup');
    const country = await user.waitForBotMessage((m) => m.text.includes(PROMPT.country), {
      ...SLOW,
      after: sentTopup.messageId,
    });
    faultNextCalls(500);
    const operator = await tapSlow(user, country, /Nigeria/, PROMPT.operator);
    faultNextCalls(503);
    const subtype = await tapSlow(user, operator, /^MTN Nigeria/, PROMPT.subtype);
    faultNextCalls(504);
    await tapSlow(user, subtype, 'Airtime', PROMPT.amount);
    faultNextCalls(502);
    await saySlow(user, '750', PROMPT.phone);
    faultNextCalls(500);
    const quote = await saySlow(user, '+234 803 123 4510', PROMPT.quote);
    faultNextCalls(503);
    user.press(quote, /✅/);
    const line = await waitForOrderLine(user, 60_000);
    const orders = await waitForOrders(world, '2348031234510', 1);
    expect(orders).toHaveLength(1);
    expect(line.text).toContain(orders[0]!.order_id);
    expect(await orderPostCount(world)).toBe(1);
    // Every injected connection drop was met by the bot.
    expect(world.standIn.driver.calls().filter((c) => c.status === 0)).toHaveLength(7);
  }, 300_000);

  it('a failure that outlasts the retries: the flow keeps its step and the next message continues it', async () => {
    const user: StandInUser = world.standIn.driver.user({ id: RESELLER });
    await say(user, '/topup', PROMPT.country);
    await say(user, 'ng', PROMPT.operator);
    await say(user, 'mtn', PROMPT.subtype);
    await say(user, 'airtime', PROMPT.amount);
    const dropsBefore = world.standIn.driver.calls().filter((c) => c.status === 0).length;
    // Far more failures than the bot retries: every sendMessage for a while is lost.
    world.standIn.driver.injectFault({ kind: 'network', calls: 1000, methods: ['sendMessage'] });
    const lost = user.sendText('750');
    // Wait until the bot has given up on the update (the update guard marks it done).
    const redis = world.apps[0]!.redis;
    await waitFor(async () => (await redis.get(`rb:upd:${lost.updateId}`)) === 'd', SLOW.timeoutMs);
    expect(world.standIn.driver.calls().filter((c) => c.status === 0).length).toBeGreaterThan(
      dropsBefore + 1,
    );
    world.standIn.driver.clearFaults();
    const before = lastBotId(user);
    // The reseller types the amount again: the flow is still at the amount and goes on to the phone.
    await say(user, '750', PROMPT.phone);
    expect(
      flowMessagesSince(user, before)
        .map((m) => m.text)
        .join('\n'),
    ).not.toContain('did not understand');
    const quote = await say(user, '+234 803 123 4511', PROMPT.quote);
    user.press(quote, /✅/);
    expect(await waitForOrders(world, '2348031234511', 1)).toHaveLength(1);
  }, 300_000);
});

async function saySlow(user: StandInUser, text: string, expect: string) {
  const sent = user.sendText(text);
  return user.waitForBotMessage((m) => m.text.includes(expect), { ...SLOW, after: sent.messageId });
}

async function tapSlow(user: StandInUser, message: ChatMessage, button: string | RegExp, expect: string) {
  const before = lastBotId(user);
  user.press(message, button);
  return user.waitForBotMessage((m) => m.text.includes(expect), { ...SLOW, after: before });
}
