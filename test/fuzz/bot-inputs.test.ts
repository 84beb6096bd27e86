import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, StandInUser } from '../../src/sandbox/telegram/index.ts';
import { RESELLER, startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { amountLike, anyText, typedPhone } from './inputs.ts';

// A smaller sample through the real bot (the stand-in, the app, the sandbox): generated texts at each step of
// the flow. Every one gets an answer, nothing crashes the flow, and no order is ever placed (nobody presses ✅).

const SEED = 909;
const PER_STEP = 24;

/** Texts Telegram would deliver: not empty after trimming, at most 4096 characters. */
const deliverable = (text: string) => text.trim() !== '' && text.length <= 4096;

type Step = 'country' | 'operator' | 'amount' | 'phone';

const PROMPTS: Record<Step, RegExp> = {
  country: /^🌍 Which country/,
  operator: /^📶 Which operator/,
  amount: /^💵 How much/,
  phone: /^📱 Send the phone number/,
};

describe('generated inputs through the real bot', () => {
  let world: BotWorld;
  let user: StandInUser;

  beforeAll(async () => {
    world = await startBotWorld({ env: { USER_UPDATE_LIMIT: '10000' } });
    user = world.standIn.driver.user({ id: RESELLER });
  });
  afterAll(async () => {
    await world?.close();
  });

  const send = async (text: string): Promise<ChatMessage> => {
    const sent = text.startsWith('/') ? user.sendCommand(text) : user.sendText(text);
    return user.waitForBotMessage(() => true, { after: sent.messageId, timeoutMs: 20_000 });
  };

  /** Walks a fresh top-up to `step` (Nigeria, MTN, airtime, 500). */
  const reach = async (step: Step) => {
    let answer = await send('/topup');
    const script: [RegExp, string][] = [
      [PROMPTS.country, 'Nigeria'],
      [PROMPTS.operator, 'MTN'],
      [/What do you want to buy/, 'Airtime'],
      [PROMPTS.amount, '500'],
      [PROMPTS.phone, '0803 123 4567'],
    ];
    for (const [prompt, reply] of script) {
      if (PROMPTS[step].test(answer.text)) return;
      if (!prompt.test(answer.text)) {
        answer = await user.waitForBotMessage((m) => prompt.test(m.text) || PROMPTS[step].test(m.text));
        if (PROMPTS[step].test(answer.text)) return;
      }
      answer = await send(reply);
      if (!prompt.test(answer.text) && !/^(Country|Operator|Amount|Number):/.test(answer.text)) continue;
      if (/^(Country|Operator|Amount|Number):/.test(answer.text))
        answer = await user.waitForBotMessage(() => true, { after: answer.id });
    }
    await user.waitForBotMessage((m) => PROMPTS[step].test(m.text), { after: 0 });
  };

  const samples: Record<Step, string[]> = {
    country: fc.sample(
      fc.oneof(
        anyText,
        typedPhone.map((p) => p.typed),
      ),
      { numRuns: PER_STEP, seed: SEED },
    ),
    operator: fc.sample(anyText, { numRuns: PER_STEP, seed: SEED + 1 }),
    amount: fc.sample(fc.oneof(amountLike, anyText), { numRuns: PER_STEP, seed: SEED + 2 }),
    phone: fc.sample(
      fc.oneof(
        typedPhone.map((p) => p.typed),
        anyText,
      ),
      { numRuns: PER_STEP, seed: SEED + 3 },
    ),
  };

  for (const step of ['country', 'operator', 'amount', 'phone'] as const) {
    it(`every generated answer at the ${step} step gets a reply`, async () => {
      let answered = 0;
      await reach(step);
      for (const text of samples[step].filter(deliverable)) {
        const reply = await send(text.startsWith('/') ? ` ${text}` : text);
        expect(reply.text.length).toBeGreaterThan(0);
        answered += 1;
        // Accepted and moved on (or left the flow): start again at the same step; a refusal keeps the step.
        if (!/^(Please|That|No |Several|The amount|Use at|I cannot|Type|⚠️)/.test(reply.text))
          await reach(step);
      }
      expect(answered).toBeGreaterThan(PER_STEP / 2);
    }, 180_000);
  }

  it('one-line /topup with generated phones and amounts answers every time', async () => {
    const lines = fc.sample(
      fc.tuple(
        fc.oneof(
          typedPhone.map((p) => p.typed),
          anyText,
        ),
        fc.oneof(amountLike, anyText),
      ),
      { numRuns: PER_STEP, seed: SEED + 4 },
    );
    for (const [phone, amount] of lines) {
      const text = `/topup ${phone} ${amount}`.replace(/\s+/g, ' ').slice(0, 4000);
      const reply = await send(text);
      expect(reply.text.length).toBeGreaterThan(0);
      await send('/cancel');
    }
  }, 180_000);

  it('no order was placed by any of it', async () => {
    const orders = await world.control.get<{ count: number }>('orders');
    expect(orders.count).toBe(0);
    // The bot is still fine: a normal top-up reaches the quote.
    await reach('phone');
    const quote = await send('0803 123 4567');
    const shown = quote.text.startsWith('Please check')
      ? quote
      : await user.waitForBotMessage((m) => m.text.startsWith('Please check'), { after: quote.id - 1 });
    expect(shown.buttons.flat().some((b) => b.text.includes('✅'))).toBe(true);
  }, 60_000);
});
