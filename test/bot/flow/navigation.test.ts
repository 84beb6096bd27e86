import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StandInUser } from '../../../src/sandbox/telegram/driver.ts';
import type { ChatMessage } from '../../../src/sandbox/telegram/types.ts';
import { RESELLER, startBotWorld, type BotWorld } from '../../support/bot-world.ts';
import {
  FAST_USER,
  PROMPT,
  WAIT,
  buttonTexts,
  flowMessagesSince,
  lastBotId,
  ordersTo,
  quoteRequestCount,
  say,
  tap,
  waitForOrders,
} from './helpers.ts';

type StepName = keyof typeof PROMPT;

/** The answers that lead through each step of a path, in order. */
interface Path {
  steps: StepName[];
  answers: string[];
}

const NIGERIA: Path = {
  steps: ['country', 'operator', 'subtype', 'amount', 'phone', 'quote'],
  answers: ['Nigeria', 'MTN', 'Airtime', '500'],
};
const HAITI: Path = {
  steps: ['country', 'operator', 'currency', 'amount', 'phone', 'quote'],
  answers: ['Haiti', 'Digicel', 'HTG', '250'],
};

/** Starts /topup and answers until the prompt of `step` is shown; returns that prompt. */
async function reach(user: StandInUser, path: Path, step: StepName, phone: string): Promise<ChatMessage> {
  let prompt = await say(user, '/topup', PROMPT.country);
  const answers = [...path.answers, phone];
  for (let i = 0; path.steps[i] !== step; i++) {
    prompt = await say(user, answers[i]!, PROMPT[path.steps[i + 1]!]);
  }
  return prompt;
}

/** Presses a button whose callback data is given and returns the text of the bot's answer. */
async function pressAnswer(user: StandInUser, messageId: number, data: string): Promise<string | undefined> {
  const { queryId } = user.pressData(messageId, data);
  return (await user.waitForCallbackAnswer(queryId, WAIT)).text;
}

function dataOf(message: ChatMessage, text: string | RegExp): string {
  const button = message.buttons
    .flat()
    .find((b) => (typeof text === 'string' ? b.text.includes(text) : text.test(b.text)));
  if (button?.data === undefined) throw new Error(`no button ${String(text)} in: ${message.text}`);
  return button.data;
}

describe('top-up flow: cancel, back and stale buttons', () => {
  let world: BotWorld;
  beforeAll(async () => {
    world = await startBotWorld({ env: FAST_USER });
  });
  afterAll(async () => {
    await world?.close();
  });

  const cases: Array<[string, Path, StepName]> = [];
  for (const step of NIGERIA.steps) cases.push([`Nigeria/${step}`, NIGERIA, step]);
  cases.push(['Haiti/currency', HAITI, 'currency']);

  it.each(cases)('/cancel and the Cancel button end the flow at %s', async (_name, path, step) => {
    const user = world.standIn.driver.user({ id: RESELLER });
    const phone = `+234803123${String(4600 + path.steps.indexOf(step)).padStart(4, '0')}`;
    const haitiPhone = '+50934124601';
    const number = path === HAITI ? haitiPhone : phone;

    // By command.
    const prompt = await reach(user, path, step, number);
    const cancelled = await say(user, '/cancel', /cancelled/);
    expect(cancelled.text).toContain('Nothing was charged');
    const button = buttonTexts(prompt).find((b) => /✅|Airtime|HTG|Nigeria|Haiti|MTN|Digicel/.test(b));
    if (button !== undefined) {
      // The ended flow's buttons do nothing and say why.
      const quotes = await quoteRequestCount(world);
      const before = lastBotId(user);
      expect(await pressAnswer(user, prompt.id, dataOf(prompt, button))).toContain('earlier step');
      expect(flowMessagesSince(user, before)).toEqual([]);
      expect(await quoteRequestCount(world)).toBe(quotes);
    }

    // By button: ✖️ Cancel on the prompts, ❌ on the quote.
    const again = await reach(user, path, step, number);
    const cancel = step === 'quote' ? /❌/ : /Cancel/;
    const after = await tap(user, again, cancel, /cancelled/);
    expect(after.text).toContain('Nothing was charged');
    // Nothing was ordered to this number.
    expect(await ordersTo(world, number.replace(/\D/g, ''))).toEqual([]);
  });

  it('Back goes one step back from every step, and the flow then completes with the new answers', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    const quote = await reach(user, NIGERIA, 'quote', '08031234700');
    expect(buttonTexts(quote).some((b) => b.includes('Back'))).toBe(true);
    const phone = await tap(user, quote, /Back/, PROMPT.phone);
    const amount = await tap(user, phone, /Back/, PROMPT.amount);
    const subtype = await tap(user, amount, /Back/, PROMPT.subtype);
    const operator = await tap(user, subtype, /Back/, PROMPT.operator);
    const country = await tap(user, operator, /Back/, PROMPT.country);
    // The first step has nowhere to go back to: only Cancel.
    expect(buttonTexts(country).some((b) => b.includes('Back'))).toBe(false);
    // Forward again with other answers.
    await say(user, 'Nigeria', PROMPT.operator);
    await say(user, 'MTN', PROMPT.subtype);
    await say(user, 'Data', PROMPT.amount);
    await say(user, '2000', PROMPT.phone);
    const second = await say(user, '08031234701', PROMPT.quote);
    expect(second.text).toContain('Data');
    expect(second.text).toContain('2,000.00 NGN');
    user.press(second, /✅/);
    const orders = await waitForOrders(world, '2348031234701', 1);
    expect(orders.map((o) => [o.subtype, o.local_amount.replace(/\.0+$/, '')])).toEqual([['data', '2000']]);
    expect(await ordersTo(world, '2348031234700')).toEqual([]);
  });

  it('Back from the amount step of a one-subtype, two-currency operator returns to the currency', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    const amount = await reach(user, HAITI, 'amount', '+50934124700');
    const currency = await tap(user, amount, /Back/, PROMPT.currency);
    const operator = await tap(user, currency, /Back/, PROMPT.operator);
    await tap(user, operator, /Back/, PROMPT.country);
    await say(user, '/cancel', /cancelled/);
  });

  it('a button from an earlier prompt of the same flow does nothing and says why', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    const country = await say(user, '/topup', PROMPT.country);
    const nigeria = dataOf(country, 'Nigeria');
    const operator = await tap(user, country, /Nigeria/, PROMPT.operator);
    const mtn = dataOf(operator, 'MTN');
    await tap(user, operator, /^MTN/, PROMPT.subtype);
    const before = lastBotId(user);
    expect(await pressAnswer(user, country.id, nigeria)).toContain('earlier step');
    expect(await pressAnswer(user, operator.id, mtn)).toContain('earlier step');
    expect(flowMessagesSince(user, before)).toEqual([]);
    // The flow is still at the subtype step.
    await say(user, 'Airtime', PROMPT.amount);
    await say(user, '/cancel', /cancelled/);
  });

  it('a ✅ from an earlier flow does nothing, even once a new flow runs', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    const old = await reach(user, NIGERIA, 'quote', '08031234702');
    const ok = dataOf(old, /✅/);
    // A new /topup replaces the old flow.
    await say(user, '/topup', PROMPT.country);
    const before = lastBotId(user);
    expect(await pressAnswer(user, old.id, ok)).toContain('earlier step');
    expect(flowMessagesSince(user, before)).toEqual([]);
    await say(user, '/cancel', /cancelled/);
    expect(await pressAnswer(user, old.id, ok)).toContain('earlier step');
    expect(await ordersTo(world, '2348031234702')).toEqual([]);
  });
});
