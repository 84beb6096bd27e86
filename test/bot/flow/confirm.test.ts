import { Decimal } from 'decimal.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FX_PER_USD } from '../../../src/sandbox/merchant/catalogue.ts';
import type { ChatMessage } from '../../../src/sandbox/telegram/types.ts';
import { ADMIN, RESELLER, startBotWorld, type BotWorld } from '../../support/bot-world.ts';
import {
  FAST_USER,
  PROMPT,
  WAIT,
  ordersTo,
  orderPostCount,
  say,
  typeToPhone,
  typeToQuote,
  waitForOrderLine,
  waitForOrders,
  waitForRepeatButtons,
} from './helpers.ts';

interface SandboxQuote {
  quote_token: string;
  merchant_price: string;
  local_amount: string;
}

/** The price shown on a quote message: a reseller's own ("Your credit pays: 0.32 USD"), an admin's the wallet's. */
function shownPrice(quote: ChatMessage): string {
  const found = /Your (?:wallet|credit) pays: ([\d.,]+) USD/.exec(quote.text)?.[1];
  if (found === undefined) throw new Error(`no price in: ${quote.text}`);
  return found.replace(/,/g, '');
}

describe('top-up flow: confirming', () => {
  let world: BotWorld;
  beforeAll(async () => {
    world = await startBotWorld({ env: FAST_USER });
  });
  afterEach(async () => {
    await world.control.del('faults');
    await world.control.post('prices', { markup_percent: '0', fx: { NGN: FX_PER_USD.NGN } });
    await world.control.post('account', { risk_block: false, risk_max_order_price: '200' });
    await world.control.post('wallet', { active: true });
    await world.control.post('operators/NG-MTN', { available: true });
    // Each test quotes afresh: a quote an earlier test left shared would skip the sandbox's checks at the quote.
    await world.forgetQuotes();
  });
  afterAll(async () => {
    await world?.close();
  });

  async function lastQuoteToken(): Promise<SandboxQuote> {
    const quotes = (await world.control.get<{ results: SandboxQuote[] }>('quotes')).results;
    return quotes[quotes.length - 1]!;
  }

  it('a quote refused as expired at placement is replaced at once; the order goes on at the same price', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    const first = await typeToQuote(user, '08031234800');
    const shown = shownPrice(first);
    const refused = await lastQuoteToken();
    await world.control.post('clock/advance', { seconds: 400 });
    user.press(first, /✅/);
    const orders = await waitForOrders(world, '2348031234800', 1);
    await waitForOrderLine(user);
    const fresh = await lastQuoteToken();
    expect(fresh.quote_token).not.toBe(refused.quote_token);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.quote_token).toBe(fresh.quote_token);
    expect(orders[0]!.merchant_price).toBe(fresh.merchant_price);
    // The reseller was not asked again (the price their credit pays did not change), nor shown the refusal: the
    // refused number's message is gone, the placed one's stays.
    const chat = user.chat().filter((m) => m.id > first.id && m.from === 'bot');
    expect(chat.some((m) => m.text.includes(PROMPT.quote))).toBe(false);
    expect(chat.some((m) => m.text.includes('not placed'))).toBe(false);
    expect(chat.filter((m) => m.text.includes('O-'))).toHaveLength(1);
    expect(new Decimal(fresh.merchant_price).toDecimalPlaces(2, Decimal.ROUND_UP).eq(shown)).toBe(true);
    expect(await ordersTo(world, '2348031234800')).toHaveLength(1);
  });

  it('a changed price is shown and confirmed again; the order is at the confirmed price', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    const first = await typeToQuote(user, '08031234801', '5000');
    const oldPrice = shownPrice(first);
    await world.control.post('prices', { markup_percent: '10' });
    user.press(first, /✅/);
    const second = await user.waitForBotMessage(
      (m) => m.text.includes(PROMPT.quote) && m.text.includes('price changed'),
      { ...WAIT, after: first.id },
    );
    const newPrice = shownPrice(second);
    expect(newPrice).not.toBe(oldPrice);
    expect(second.text).toContain(oldPrice);
    expect(await ordersTo(world, '2348031234801')).toEqual([]);
    // The first quote's ✅ (its keyboard is gone, the data can still arrive) is stale now.
    const okData = first.buttons.flat().find((b) => b.text.includes('✅'))!.data!;
    const stale = user.pressData(first.id, okData);
    expect((await user.waitForCallbackAnswer(stale.queryId, WAIT)).text).toContain('earlier step');
    expect(await ordersTo(world, '2348031234801')).toEqual([]);
    user.press(second, /✅/);
    const orders = await waitForOrders(world, '2348031234801', 1);
    expect(orders).toHaveLength(1);
    // The reseller saw their price: the confirmed merchant price with no margin (PRICE_MARGIN_PERCENT 0),
    // rounded up to the cent.
    const confirmed = new Decimal(orders[0]!.merchant_price).toDecimalPlaces(2, Decimal.ROUND_UP);
    expect(confirmed.eq(newPrice)).toBe(true);
  });

  it('a double tap on ✅ makes exactly one order', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    const quote = await typeToQuote(user, '08031234802');
    const posts = await orderPostCount(world);
    const a = user.press(quote, /✅/);
    const b = user.press(quote, /✅/);
    const answers = await Promise.all([
      user.waitForCallbackAnswer(a.queryId, WAIT),
      user.waitForCallbackAnswer(b.queryId, WAIT),
    ]);
    expect(answers.filter((x) => x.text?.includes('earlier step'))).toHaveLength(1);
    await waitForOrderLine(user);
    await waitForRepeatButtons(user, quote);
    expect(await waitForOrders(world, '2348031234802', 1)).toHaveLength(1);
    expect(await orderPostCount(world)).toBe(posts + 1);
  });

  it('a status the order only passes through shows a second later at the earliest: "Placing…" stays until then', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    // Ending 4444: accepted, then processing for an hour (the sandbox sends no webhook for either).
    const quote = await typeToQuote(user, '08061234444');
    user.press(quote, /✅/);
    const edits = () =>
      world.standIn.driver
        .calls('editMessageText')
        .filter((c) => c.ok && c.params['chat_id'] === user.id && c.params['message_id'] === quote.id);
    const shown = await user.waitFor(
      (chat) => chat.find((m) => m.id === quote.id && m.text.startsWith('⏳') && m.text.includes('O-')),
      WAIT,
    );
    expect(shown.text).not.toContain('Placing');
    const [placing, status] = edits();
    expect(String(placing?.params['text'])).toContain('Placing');
    expect(status!.at - placing!.at).toBeGreaterThanOrEqual(1_000);
  });

  it('a number with an unfinished order is refused with that order, and nothing new is ordered', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    // Ending 4444: the order stays processing for an (accelerated) hour.
    const quote = await typeToQuote(user, '08031234444');
    user.press(quote, /✅/);
    const [order] = await waitForOrders(world, '2348031234444', 1);
    await waitForRepeatButtons(user, quote);
    const refused = await say(user, '/topup +2348031234444 500 MTN', /not finished yet/);
    expect(refused.text).toContain(order!.order_id);
    expect(refused.text).toContain(order!.external_order_id);
    // The flow asks for another number instead.
    await user.waitForBotMessage((m) => m.text.includes(PROMPT.phone), { ...WAIT, after: refused.id });
    const again = await say(user, '+234 803 123 4444', /not finished yet/);
    expect(again.text).toContain(order!.order_id);
    await say(user, '/cancel', /cancelled/);
    expect(await ordersTo(world, '2348031234444')).toHaveLength(1);
  });

  const problems: Array<{
    name: string;
    setUp: (w: BotWorld) => Promise<unknown>;
    answer: string;
  }> = [
    {
      name: 'inactive wallet',
      setUp: (w) => w.control.post('wallet', { active: false }),
      answer: 'wallet is not active',
    },
    {
      name: 'empty wallet',
      setUp: async (w) => {
        // One naira worth a lot of dollars: the price goes past the balance (and a raised order cap).
        await w.control.post('account', { risk_max_order_price: '100000000' });
        await w.control.post('prices', { fx: { NGN: '0.001' } });
      },
      answer: 'does not have enough money',
    },
    {
      name: 'order limit',
      setUp: (w) => w.control.post('account', { risk_block: true }),
      answer: 'order limit has been reached',
    },
  ];

  it.each(problems)('a refused order is explained in plain words: $name', async ({ setUp, answer }) => {
    const user = world.standIn.driver.user({ id: RESELLER });
    const number = `0803123${4810 + problems.findIndex((p) => p.answer === answer)}`;
    // Checked when the order is placed, after the quote.
    await setUp(world);
    const quote = await typeToQuote(user, number);
    user.press(quote, /✅/);
    const told = await user.waitFor(
      (chat) => chat.find((m) => m.id >= quote.id && m.from === 'bot' && m.text.includes(answer)),
      WAIT,
    );
    expect(told.text).toContain('Nothing was charged');
    expect(await ordersTo(world, `234${number.slice(1)}`)).toEqual([]);
  });

  it('an offer no longer available is explained, with a way on', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    await typeToPhone(user);
    await world.control.post('operators/NG-MTN', { available: false });
    const told = await say(user, '08031234820', /no longer available|not available/);
    expect(told.buttons.flat().map((b) => b.text)).toEqual(
      expect.arrayContaining([expect.stringContaining('Try again'), expect.stringContaining('Back')]),
    );
    await say(user, '/cancel', /cancelled/);
  });

  it('an offer withdrawn between the quote and ✅ is explained; nothing is ordered', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    const quote = await typeToQuote(user, '08031234823');
    await world.control.post('operators/NG-MTN', { available: false });
    user.press(quote, /✅/);
    const told = await user.waitFor(
      (chat) =>
        chat.find((m) => m.id >= quote.id && m.from === 'bot' && m.text.includes('no longer available')),
      WAIT,
    );
    expect(told.text).toContain('choose another operator');
    expect(await ordersTo(world, '2348031234823')).toEqual([]);
  });
  // A 429 and the shared pause it sets: the quote waits in line (fair-wait.test.ts), never "busy, try again".
});

describe('top-up flow: a refused API key', () => {
  let world: BotWorld;
  beforeAll(async () => {
    world = await startBotWorld({
      env: FAST_USER,
      overrides: {
        // Admin alerts are held for a burst to end; a short burst keeps the test short.
        orderTimings: {
          alertGrouping: { quietMs: 100, maxHoldMs: 1_000, maxLinesPerMessage: 30, maxButtons: 10 },
        },
      },
    });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('is explained to the reseller and the admins are alerted', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    await typeToPhone(user);
    // The service stops accepting our key (as after a key rotation on its side).
    await world.control.post('account', { api_access_enabled: false });
    const told = await say(user, '08031234830', /refusing our requests/);
    expect(told.text).toContain('admins have been told');
    const admin = world.standIn.driver.user({ id: ADMIN });
    const alert = await admin.waitFor((chat) => chat.find((m) => m.from === 'bot'), WAIT);
    expect(alert.text).toMatch(/key|403|refus/i);
    expect(alert.text).not.toContain(world.env.MERCHANT_API_KEY!);
    await say(user, '/cancel', /cancelled/);
  });
});

describe("top-up flow: the bot's spacing of one chat's messages", () => {
  let world: BotWorld;
  beforeAll(async () => {
    // Two calls to one chat through the bot's own Api at least two minutes apart.
    world = await startBotWorld({ env: FAST_USER, overrides: { telegramChatMinTimeMs: 120_000 } });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('"⏳ Placing…" and so the order do not wait behind it: placed right after a reply through the bot\'s Api', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    // A reply through the bot's Api: the chat's next call through it would wait two minutes.
    await say(user, '/balance', 'Balance');
    const quote = await typeToQuote(user, '08031234870');
    user.press(quote, /✅/);
    expect(await waitForOrders(world, '2348031234870', 1, 60_000)).toHaveLength(1);
    const placing = world.standIn.driver
      .calls('editMessageText')
      .filter((c) => c.params['message_id'] === quote.id && String(c.params['text']).includes('Placing'));
    expect(placing).toHaveLength(1);
  });
});
