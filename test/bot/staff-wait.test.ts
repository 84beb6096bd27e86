import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import type { ChatMessage } from '../../src/sandbox/telegram/types.ts';
import { ADMIN, AGENT, RESELLER, type BotWorld } from '../support/bot-world.ts';
import { ask, eventually, ngNumber, placeAtService, placeOrder } from './agents-support.ts';
import { startLineWorld } from './flow/helpers.ts';
import { holdBudget } from '../support/budget-hold.ts';

// Issue 16: reads a person waits for (agents' and admins' /status and /orders, Refresh, an admin's /balance)
// wait their turn in the shared line like a reseller's quote: the same "⏳ In line" message edited in place,
// ❌ or /cancel to leave, and never "busy, try again". The budget's minute and the sandbox's are shortened alike
// (AppOverrides.budgetWindowMs, rateLimitWindowMs), and the test itself keeps the budget full, taking every slot
// at the placement priority (ahead of any read), until the person has been shown their place.

const WINDOW_MS = 5_000;
const LIMIT = 6;

const isCard = (m: ChatMessage) =>
  m.text.startsWith('There is no order') || m.buttons.flat().some((b) => b.text === '🔄 Refresh');
const isList = (m: ChatMessage) => m.text.includes('newest first') || m.text.includes('no orders.');
const inLine = (m: ChatMessage) => m.text.includes('In line: position');

/**
 * Takes every slot of the budget (placement priority, so ahead of any read) until `release` is called;
 * resolves `full` once the current minute is used up. Twice as many takers as slots wait at once, so when a
 * minute turns, every one of its slots goes to a taker, never to the read waiting behind them.
 */
function fill(app: App): { full: Promise<void>; release: () => Promise<void> } {
  return {
    release: holdBudget(app.budget, LIMIT),
    full: eventually(async () => (await app.budget.snapshot()).usedThisMinute >= LIMIT).then(() => undefined),
  };
}

/** Every text the bot sent or edited into `chatId`. */
function textsTo(world: BotWorld, chatId: number): string[] {
  return world.standIn.driver
    .calls()
    .filter(
      (c) => (c.method === 'sendMessage' || c.method === 'editMessageText') && c.params.chat_id === chatId,
    )
    .map((c) => String(c.params.text));
}

describe('staff reads wait their turn in the shared line', () => {
  let world: BotWorld;
  let app: App;
  let outside: { orderId: string; externalOrderId: string };

  const requestsTo = async (path: string) =>
    (await world.control.get<{ count: number }>(`requests?path=${encodeURIComponent(path)}`)).count;

  beforeAll(async () => {
    world = await startLineWorld(LIMIT, WINDOW_MS);
    app = world.apps[0]!;
    await placeOrder(app, { resellerId: RESELLER, account: ngNumber(1) });
    // An order placed at the service without this bot: only the service knows it, so /status must read it.
    outside = await placeAtService(app, ngNumber(2));
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  it("an agent's /status waits in line, shown its place, and gets the card; nobody is told to try again", async () => {
    const agent = world.standIn.driver.user({ id: AGENT });
    const path = `/api/v1/recharge/orders/${outside.orderId}`;
    const reads = await requestsTo(path);
    const hold = fill(app);
    try {
      await hold.full;
      const sent = agent.sendCommand(`/status ${outside.orderId}`);
      const place = await agent.waitForBotMessage(inLine, { after: sent.messageId, timeoutMs: 30_000 });
      // The takers wait at the placement priority, ahead of the read.
      expect(place.text).toMatch(/^⏳ In line: position \d+, about \d+ s$/);
      expect(place.buttons.flat().map((b) => b.text)).toEqual(['❌ Leave the line']);
      // Still waiting while the budget is held: nothing was read.
      expect(await requestsTo(path)).toBe(reads);
      await hold.release();
      const card = await agent.waitForBotMessage(isCard, { after: place.id, timeoutMs: 30_000 });
      expect(card.text.split('\n')[0]).toContain(outside.orderId);
      expect(card.text).toContain('read from the service only');
      await agent.waitFor((chat) => chat.find((m) => m.id === place.id && m.text === '✅ Your turn came.'), {
        timeoutMs: 20_000,
      });
      expect(await requestsTo(path)).toBe(reads + 1);
    } finally {
      await hold.release();
    }
    expect(textsTo(world, AGENT).filter((t) => /try again|busy|used up/i.test(t))).toEqual([]);
  });

  it("an admin's /orders, its Refresh and /balance's wallet read wait in line too", async () => {
    const admin = world.standIn.driver.user({ id: ADMIN });
    const hold = fill(app);
    try {
      await hold.full;
      const sent = admin.sendCommand('/orders');
      const place = await admin.waitForBotMessage(inLine, { after: sent.messageId, timeoutMs: 30_000 });
      await hold.release();
      const list = await admin.waitForBotMessage(isList, { after: sent.messageId, timeoutMs: 30_000 });
      expect(list.text).toContain('All orders: 1–');
      await admin.waitFor((chat) => chat.find((m) => m.id === place.id && m.text === '✅ Your turn came.'), {
        timeoutMs: 20_000,
      });

      // The Refresh of a card read from the service: the button is answered at once, the wait is shown.
      const card = await ask(admin, `/status ${outside.orderId}`, isCard);
      const again = fill(app);
      try {
        await again.full;
        const pressed = admin.press(card, '🔄 Refresh');
        const second = await admin.waitForBotMessage(inLine, { after: card.id, timeoutMs: 30_000 });
        expect((await admin.waitForCallbackAnswer(pressed.queryId)).text).toBeUndefined();
        await again.release();
        await admin.waitFor(
          (chat) => chat.find((m) => m.id === second.id && m.text === '✅ Your turn came.'),
          { timeoutMs: 30_000 },
        );
      } finally {
        await again.release();
      }

      // An admin's /balance reads the merchant wallet (the wallet's currency is read once and kept a day).
      const wallet = (m: ChatMessage) => m.text.includes('Merchant wallet:');
      await ask(admin, '/balance', wallet);
      const third = fill(app);
      try {
        await third.full;
        const asked = admin.sendCommand('/balance');
        const waited = await admin.waitForBotMessage(inLine, { after: asked.messageId, timeoutMs: 30_000 });
        await third.release();
        const answer = await admin.waitForBotMessage(wallet, { after: asked.messageId, timeoutMs: 30_000 });
        expect(answer.text).not.toContain('could not be asked');
        expect(admin.chat().find((m) => m.id === waited.id)?.text).toBe('✅ Your turn came.');
      } finally {
        await third.release();
      }
    } finally {
      await hold.release();
    }
    expect(textsTo(world, ADMIN).filter((t) => /try again|busy|used up/i.test(t))).toEqual([]);
  });

  it("a reseller's bulk file waits in line for its estimate quotes and gets the estimate", async () => {
    const reseller = world.standIn.driver.user({ id: RESELLER });
    const hold = fill(app);
    try {
      await hold.full;
      const sent = reseller.sendDocument(
        'run.csv',
        `+234803123${4000},500,MTN,a\n+234803123${4001},500,MTN,b\n`,
      );
      const place = await reseller.waitForBotMessage(inLine, { after: sent.messageId, timeoutMs: 30_000 });
      await hold.release();
      const summary = await reseller.waitFor(
        (chat) => chat.find((m) => m.id > sent.messageId && m.text.includes('2 valid lines')),
        { timeoutMs: 30_000 },
      );
      expect(summary.text).toMatch(/Estimated cost: \d+\.\d\d USD/);
      expect(reseller.chat().find((m) => m.id === place.id)?.text).toBe('✅ Your turn came.');
    } finally {
      await hold.release();
    }
    expect(
      textsTo(world, RESELLER).filter((t) => /try again|busy|used up|could not be estimated/i.test(t)),
    ).toEqual([]);
  });

  it('❌ under the "In line" message, or /cancel, leaves the line: the read is not made', async () => {
    const agent = world.standIn.driver.user({ id: AGENT });
    const path = `/api/v1/recharge/orders/${outside.orderId}`;
    const reads = await requestsTo(path);
    const answers = () => agent.chat().filter((m) => isCard(m) || isList(m)).length;
    const answered = answers();
    const hold = fill(app);
    try {
      await hold.full;
      const sent = agent.sendCommand(`/status ${outside.orderId}`);
      const place = await agent.waitForBotMessage(inLine, { after: sent.messageId, timeoutMs: 30_000 });
      agent.press(place, /❌/);
      await agent.waitFor(
        (chat) => chat.find((m) => m.id === place.id && m.text.startsWith('You left the line')),
        { timeoutMs: 20_000 },
      );
      expect((await app.budget.snapshot()).waiting.interactive).toBe(0);

      const listed = agent.sendCommand('/orders');
      const second = await agent.waitForBotMessage(inLine, { after: listed.messageId, timeoutMs: 30_000 });
      agent.sendCommand('/cancel');
      await agent.waitFor(
        (chat) => chat.find((m) => m.id === second.id && m.text.startsWith('You left the line')),
        { timeoutMs: 20_000 },
      );
      expect((await app.budget.snapshot()).waiting.interactive).toBe(0);
    } finally {
      await hold.release();
    }
    // Nothing was read for either, and no card or list followed.
    expect(await requestsTo(path)).toBe(reads);
    expect(answers()).toBe(answered);
    expect(textsTo(world, AGENT).filter((t) => /try again|busy|used up/i.test(t))).toEqual([]);
  });
});
