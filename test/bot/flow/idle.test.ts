import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESELLER, startBotWorld, type BotWorld } from '../../support/bot-world.ts';
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

// A flow left alone ends by itself; a short idle time stands in for the real 15 minutes.
describe('top-up flow: idle timeout', () => {
  let world: BotWorld;
  beforeAll(async () => {
    world = await startBotWorld({
      overrides: { userRateLimit: FAST_USER, flowIdleMs: 2_000, idleSweepMs: 100 },
    });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('an idle flow ends politely and its buttons then say the flow ended', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    await say(user, '/topup', PROMPT.country);
    await say(user, 'Nigeria', PROMPT.operator);
    const subtype = await say(user, 'MTN', PROMPT.subtype);
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
    await user.waitForBotMessage((m) => m.text.includes('without activity'), { ...WAIT, after: quote.id });
    const quotes = await quoteRequestCount(world);
    const { queryId } = user.press(quote, /✅/);
    expect((await user.waitForCallbackAnswer(queryId, WAIT)).text).toContain('finished top-up');
    expect(await ordersTo(world, '2348031234900')).toEqual([]);
    expect(await quoteRequestCount(world)).toBe(quotes);
  });
});
