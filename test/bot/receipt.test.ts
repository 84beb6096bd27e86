import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { formatMoney } from '../../src/domain/money.ts';
import { maskPhone } from '../../src/domain/phone.ts';
import type { StoredOrder } from '../../src/orders/types.ts';
import type { ChatMessage, StandInUser } from '../../src/sandbox/telegram/index.ts';
import { ADMIN, AGENT, RESELLER, startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { decodePng, pngHeader } from '../render/png-size.ts';
import { eventually, ngNumber, orderIntent } from './agents-support.ts';
import { FAST_CHATS, FAST_USER, WAIT } from './flow/helpers.ts';

const OTHER_RESELLER = 710_000_006;
/** What the reseller's credit paid above the merchant price (never on a receipt). */
const MARGIN = '0.37';
const SHOP = 'Mama <Ada> & Sons';
/** The last four digits of Rita's number (not a magic ending: the order succeeds). */
const LAST4 = '4821';

// Receipts over the real app, the sandbox, the stand-in and Redis: the 🧾 button after success, /receipt for each
// role, /shop and /timezone, and the /stats chart.
describe('customer receipts', () => {
  let world: BotWorld;
  let app: App;
  let rita: StandInUser;
  let otto: StandInUser;
  let order: StoredOrder;
  let account: string;

  /** Sends a command; resolves with the bot's first message after it. */
  async function ask(user: StandInUser, text: string): Promise<ChatMessage> {
    const sent = user.sendCommand(text);
    return user.waitForBotMessage(() => true, { ...WAIT, after: sent.messageId });
  }

  /** Sends a command that answers with a receipt: its text and then its image. */
  async function receiptOf(user: StandInUser, text: string) {
    const sent = user.sendCommand(text);
    const message = await user.waitForBotMessage((m) => m.kind === 'text', {
      ...WAIT,
      after: sent.messageId,
    });
    const photo = await user.waitForBotMessage((m) => m.kind === 'photo', { ...WAIT, after: message.id });
    return { message, photo };
  }

  /** The bytes the bot uploaded for a photo message, as the stand-in kept them. */
  function imageOf(photo: ChatMessage): Uint8Array {
    const bytes = world.standIn.driver.fileBytes(photo.file!.fileId);
    if (bytes === undefined) throw new Error('the photo was not uploaded');
    return bytes;
  }

  /** A reseller's order placed as the top-up does, paid with a margin; resolves once it succeeded. */
  async function placeWithMargin(resellerId: number, n: number): Promise<StoredOrder> {
    const intent = await orderIntent(app, { resellerId, account: ngNumber(n, LAST4) });
    intent.quote.resellerPrice = new Decimal(intent.quote.merchantPrice).plus(MARGIN).toFixed();
    const result = await app.orders.service.submit(intent);
    if (result.outcome !== 'placed') throw new Error(`order not placed: ${result.outcome}`);
    return eventually(async () => {
      const now = await app.orders.service.get(intent.externalOrderId);
      return now?.status === 'succeeded' ? now : null;
    });
  }

  beforeAll(async () => {
    world = await startBotWorld({ env: FAST_USER, overrides: FAST_CHATS });
    app = world.apps[0]!;
    world.standIn.driver.user({ id: OTHER_RESELLER, firstName: 'Otto', languageCode: 'en', started: true });
    await app.roles.change(ADMIN, OTHER_RESELLER, 'reseller');
    rita = world.standIn.driver.user({ id: RESELLER });
    otto = world.standIn.driver.user({ id: OTHER_RESELLER });
    expect((await ask(rita, `/shop ${SHOP}`)).text).toBe(`Saved: your receipts now show ${SHOP}.`);
    expect((await ask(rita, '/timezone africa/lagos')).text).toBe(
      'Saved: times on your receipts are now in Africa/Lagos.',
    );
    order = await placeWithMargin(RESELLER, 11);
    account = order.request.account;
  }, 90_000);
  afterAll(async () => {
    await world?.close();
  });

  /**
   * The receipt image's height (test/render/render.test.ts shows the layout's sizes): 482 px with a shop name and
   * every value on one line, 22 px more for each further line of a merchant order number (38 characters a line).
   */
  function receiptHeight(o: StoredOrder): number {
    return 482 + 22 * (Math.ceil(o.externalOrderId.length / 38) - 1);
  }

  /** The receipt text holds what the customer may see, and nothing of what the reseller or the service paid. */
  function expectCustomerReceipt(text: string, o: StoredOrder) {
    const q = o.quote;
    expect(text.startsWith('🧾 Receipt\nMama <Ada> & Sons\n')).toBe(true);
    expect(text).toContain('Operator: MTN Nigeria');
    expect(text).toContain('Product: Airtime');
    expect(text).toContain(`Number: ${maskPhone(o.request.account)}`);
    expect(text).toContain(`Received: ${formatMoney(q.localAmount, q.localCurrency)}`);
    expect(text).toContain('Status: ✅ Succeeded');
    expect(text).toMatch(/Date: \d{4}-\d\d-\d\d \d\d:\d\d \(Africa\/Lagos, UTC\+1\)/);
    expect(text).toContain(`Order ID: ${o.orderId}`);
    expect(text).toContain(`Reference: ${o.externalOrderId}`);
    // The number's middle digits are masked: only the last four are left of what follows the country code.
    expect(text).not.toContain(o.request.account);
    expect(text).not.toContain(o.request.account.slice(3, 9));
    // No merchant price, no reseller price, no margin, not even the merchant currency.
    expect(q.merchantCurrency).not.toBe(q.localCurrency);
    expect(text).not.toContain(q.merchantCurrency);
    for (const amount of [q.merchantPrice, q.resellerPrice!, MARGIN]) expect(text).not.toContain(amount);
  }

  it('a succeeded order message has a 🧾 Receipt button that sends the receipt as text and as a PNG', async () => {
    const success = await rita.waitForBotMessage(
      (m) => m.text.includes(order.externalOrderId) && m.buttons.flat().some((b) => b.text === '🧾 Receipt'),
      // It may have come already: look from the start of the chat.
      { ...WAIT, after: 0 },
    );
    const pressed = rita.press(success, '🧾 Receipt');
    await rita.waitForCallbackAnswer(pressed.queryId, WAIT);
    const text = await rita.waitForBotMessage((m) => m.text.startsWith('🧾 Receipt\n'), {
      ...WAIT,
      after: success.id,
    });
    expectCustomerReceipt(text.text, order);
    // IDs in <code> (one tap copies them), the shop name in bold, all as typed.
    const code = text.entities
      .filter((e) => e.type === 'code')
      .map((e) => text.text.slice(e.offset, e.offset + e.length));
    expect(code).toEqual([order.orderId, order.externalOrderId]);
    const bold = text.entities
      .filter((e) => e.type === 'bold')
      .map((e) => text.text.slice(e.offset, e.offset + e.length));
    expect(bold).toContain(SHOP);

    const photo = await rita.waitForBotMessage((m) => m.kind === 'photo', { ...WAIT, after: text.id });
    expect(photo.text).toBe(`🧾 Receipt ${order.orderId}`);
    const png = imageOf(photo);
    const size = { width: 600, height: receiptHeight(order) };
    expect(pngHeader(png)).toEqual(size);
    expect(decodePng(png)).toMatchObject(size);
    expect(photo.file).toMatchObject(size);
  }, 60_000);

  it('/receipt by O-… or merchant order number: the reseller gets their own, agents and admins any', async () => {
    for (const query of [order.orderId!, order.externalOrderId]) {
      const { message, photo } = await receiptOf(rita, `/receipt ${query}`);
      expectCustomerReceipt(message.text, order);
      expect(pngHeader(imageOf(photo))).toEqual({ width: 600, height: receiptHeight(order) });
    }
    for (const id of [AGENT, ADMIN]) {
      const staff = world.standIn.driver.user({ id });
      const { message, photo } = await receiptOf(staff, `/receipt ${order.orderId}`);
      // The reseller's shop name and time zone, never the price, whoever asks.
      expectCustomerReceipt(message.text, order);
      expect(decodePng(imageOf(photo)).width).toBe(600);
    }
  }, 60_000);

  it("a reseller cannot get another reseller's receipt, by command or by forged button", async () => {
    const before = otto.chat().length;
    for (const query of [order.orderId!, order.externalOrderId]) {
      const reply = await ask(otto, `/receipt ${query}`);
      expect(reply.text).toBe(`There is no order ${query} that you may see.`);
      expect(reply.text).not.toContain(LAST4);
    }
    const anchor = await ask(otto, '/help');
    for (const data of [`rcpt:${order.orderId}`, `rcpt:m:${order.externalOrderId}`]) {
      const { queryId } = otto.pressData(anchor.id, data);
      const answer = await otto.waitForCallbackAnswer(queryId, WAIT);
      expect(answer.text).toBe('Order not found.');
    }
    expect(account.endsWith(LAST4)).toBe(true);
    // Nothing but the answers to the commands: no receipt text, no image.
    const closing = await ask(otto, '/help');
    const gained = otto
      .chat()
      .slice(before)
      .filter((m) => m.from === 'bot' && m.id <= closing.id);
    expect(gained.some((m) => m.kind === 'photo' || m.text.startsWith('🧾'))).toBe(false);
  }, 60_000);

  it('/receipt without an order, or for an order never placed, explains and sends no image', async () => {
    const before = rita.chat().length;
    expect((await ask(rita, '/receipt')).text).toMatch(
      /^Send \/receipt <order ID or merchant order number> \[price\], for example \/receipt O-1234 /,
    );
    const intent = await orderIntent(app, { resellerId: RESELLER, account: ngNumber(12) });
    intent.request.quoteToken = 'forged-token';
    const refused = await app.orders.service.submit(intent);
    expect(refused.outcome).toBe('rejected');
    expect((await ask(rita, `/receipt ${intent.externalOrderId}`)).text).toBe(
      `No receipt for ${intent.externalOrderId}: this order was never placed, so nothing was charged.`,
    );
    // Updates of a chat are handled in order: once /help is answered, nothing more comes of the two above.
    const closing = await ask(rita, '/help');
    const gained = rita
      .chat()
      .slice(before)
      .filter((m) => m.from === 'bot' && m.id < closing.id);
    expect(gained.filter((m) => m.kind === 'photo' || m.text.startsWith('🧾'))).toEqual([]);
  }, 60_000);

  it('/shop refuses bad input with a clear answer and keeps the name; only resellers have one', async () => {
    const bad: Array<[string, string]> = [
      [`/shop ${'x'.repeat(41)}`, 'That name is too long: at most 40 characters. Nothing was changed.'],
      [
        '/shop Mama\u0007Ada',
        'A shop name cannot contain line breaks or control characters. Nothing was changed.',
      ],
      [
        '/shop Mama\u202Eada',
        'A shop name cannot contain line breaks or control characters. Nothing was changed.',
      ],
    ];
    for (const [command, answer] of bad) expect((await ask(rita, command)).text).toBe(answer);
    expect((await ask(rita, '/shop')).text).toBe(
      `Your receipts show the shop name ${SHOP}.\nSend /shop <name> to set it (at most 40 characters), or /shop - to remove it.`,
    );
    expect((await ask(rita, '/timezone Mars/Olympus_Mons')).text).toBe(
      'Mars/Olympus_Mons is not a time zone I know. Use a name such as Africa/Lagos or Europe/Madrid. Nothing was changed.',
    );
    expect((await ask(rita, '/timezone')).text).toMatch(/^Times on your receipts are in Africa\/Lagos\./);
    for (const id of [AGENT, ADMIN]) {
      const staff = world.standIn.driver.user({ id });
      expect((await ask(staff, '/shop Staff shop')).text).toBe(
        'This command is not available for your role.',
      );
    }
    // Another reseller's name is their own.
    expect((await ask(otto, '/shop')).text).toMatch(/^Your receipts show no shop name yet\./);
  }, 60_000);

  it('/stats sends a chart: admins of all orders, a reseller of their own only', async () => {
    await placeWithMargin(OTHER_RESELLER, 13);
    const admin = world.standIn.driver.user({ id: ADMIN });
    for (const user of [admin, rita, otto]) {
      const sent = user.sendCommand('/stats');
      const figures = await user.waitForBotMessage((m) => m.text.startsWith('📊'), {
        ...WAIT,
        after: sent.messageId,
      });
      const chart = await user.waitForBotMessage((m) => m.kind === 'photo', { ...WAIT, after: figures.id });
      const png = imageOf(chart);
      expect(pngHeader(png)).toEqual({ width: 800, height: 520 });
      expect(decodePng(png).darkPixels).toBeGreaterThan(1000);
      if (user === admin) continue;
      // Their own orders only, and what their credit paid: never a merchant price.
      // Rita: the succeeded order and the refused one; Otto: his succeeded order.
      const mine = user === rita ? 2 : 1;
      expect(figures.text).toContain(`Orders: ${mine}`);
      expect(figures.text).not.toContain('Revenue');
      expect(figures.text).not.toContain('cost');
    }
    const ritaStats = rita
      .chat()
      .filter((m) => m.text.startsWith('📊 Your last 7 days'))
      .at(-1)!;
    expect(ritaStats.text).toContain(
      `Paid from your credit for succeeded orders: ${formatMoney(order.quote.resellerPrice!, order.quote.merchantCurrency)}`,
    );
  }, 90_000);

  it('/receipt <order> <price> prints what the customer paid; bad prices, agents and other resellers change nothing', async () => {
    const q = order.quote;
    const price = (o: StoredOrder) => `Price: ${formatMoney('1050', o.quote.localCurrency)}`;
    // In the order's local currency unless another is named; kept for later receipts of the same order.
    const first = await receiptOf(rita, `/receipt ${order.orderId} 1050`);
    expectCustomerReceipt(first.message.text, order);
    expect(first.message.text).toContain(price(order));
    expect(pngHeader(imageOf(first.photo))).toEqual({ width: 600, height: receiptHeight(order) + 30 });
    const again = await receiptOf(rita, `/receipt ${order.externalOrderId}`);
    expect(again.message.text).toContain(price(order));
    // Bad prices: a clear answer, no receipt, the price kept.
    const refusals: Array<[string, string]> = [
      ['12.345', `12.345 is not a price.`],
      ['-5', `-5 is not a price.`],
      ['0', `0 is not a price.`],
      ['abc', `abc is not a price.`],
      ['10 XYZ', `10 XYZ is not a price.`],
      ['10 USD extra', `10 USD extra is not a price.`],
    ];
    for (const [typed, answer] of refusals) {
      const reply = await ask(rita, `/receipt ${order.orderId} ${typed}`);
      expect(reply.text.startsWith(answer)).toBe(true);
      expect(reply.text.endsWith('Nothing was changed.')).toBe(true);
    }
    // An agent sees the receipt but does not set its price; another reseller does not even find the order.
    const agent = world.standIn.driver.user({ id: AGENT });
    expect((await ask(agent, `/receipt ${order.orderId} 5`)).text).toBe(
      "Only the order's reseller or an admin sets the price on its receipt. Nothing was changed.",
    );
    expect((await ask(otto, `/receipt ${order.orderId} 5`)).text).toBe(
      `There is no order ${order.orderId} that you may see.`,
    );
    const kept = await receiptOf(agent, `/receipt ${order.orderId}`);
    expect(kept.message.text).toContain(price(order));
    // Another currency, then removed.
    const usd = await receiptOf(rita, `/receipt ${order.orderId} 2.5 usd`);
    expect(usd.message.text).toContain(`Price: ${formatMoney('2.5', 'USD')}`);
    expect(usd.message.text).not.toContain(q.merchantPrice);
    const removed = await receiptOf(rita, `/receipt ${order.orderId} off`);
    expect(removed.message.text).not.toContain('Price:');
    expect(pngHeader(imageOf(removed.photo))).toEqual({ width: 600, height: receiptHeight(order) });
  }, 90_000);
});
