import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botKeys } from '../../../src/bot/keys.ts';
import { RESELLER, startBotWorld, type BotWorld } from '../../support/bot-world.ts';
import { eventually } from '../agents-support.ts';
import {
  FAST_USER,
  PROMPT,
  WAIT,
  flowMessagesSince,
  ordersTo,
  quoteRequestCount,
  say,
  typeToQuote,
} from './helpers.ts';

// A flow left alone ends by itself after 15 minutes: its chat's deadline (the one every update pushes back) is
// brought forward instead of waiting, and the app's own worker sweeps it and runs its ending.

describe('top-up flow: idle timeout', () => {
  let world: BotWorld;
  /** Once every update so far is fully handled (its flow state stored), the chat's flow is due at once. */
  const goIdle = async (chatId: number) => {
    const app = world.apps[0]!;
    const marks = world.standIn.driver.updates().map((u) => `rb:upd:${u.update_id}`);
    await eventually(async () => (await app.redis.mget(...marks)).every((mark) => mark === 'd'));
    // Brought forward: the next sweep finds it due.
    expect(await app.redis.zadd(botKeys('rb:').idleFlows, 'XX', 0, chatId)).toBe(0);
    expect(await app.redis.zscore(botKeys('rb:').idleFlows, chatId)).toBe('0');
  };
  beforeAll(async () => {
    world = await startBotWorld({ env: FAST_USER });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('an idle flow ends politely and its buttons then say the flow ended', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    await say(user, '/topup', PROMPT.country);
    await say(user, 'Nigeria', PROMPT.operator);
    const subtype = await say(user, 'MTN', PROMPT.subtype);
    await goIdle(user.id);
    const goodbye = await user.waitForBotMessage((m) => m.text.includes('without activity'), {
      ...WAIT,
      after: subtype.id,
    });
    expect(goodbye.text).toContain('Nothing was charged');
    expect(goodbye.text).toContain('/topup');
    const data = subtype.buttons.flat().find((b) => b.text === 'Airtime')!.data!;
    const { queryId } = user.pressData(subtype.id, data);
    const answer = await user.waitForCallbackAnswer(queryId, WAIT);
    expect(answer.text).toContain('finished top-up');
    expect(flowMessagesSince(user, goodbye.id)).toEqual([]);
    // A new flow starts cleanly afterwards.
    await say(user, '/topup', PROMPT.country);
    await say(user, '/cancel', /cancelled/);
  });

  it('an idle quote ends too: a late ✅ places nothing', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    const quote = await typeToQuote(user, '08031234900');
    await goIdle(user.id);
    await user.waitForBotMessage((m) => m.text.includes('without activity'), { ...WAIT, after: quote.id });
    const quotes = await quoteRequestCount(world);
    const { queryId } = user.press(quote, /✅/);
    expect((await user.waitForCallbackAnswer(queryId, WAIT)).text).toContain('finished top-up');
    expect(await ordersTo(world, '2348031234900')).toEqual([]);
    expect(await quoteRequestCount(world)).toBe(quotes);
  });
});
