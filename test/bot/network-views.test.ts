import { parse } from 'csv-parse/sync';
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { utcDay } from '../../src/accounts/ledger.ts';
import { formatMoney } from '../../src/domain/money.ts';
import type { Role } from '../../src/accounts/roles.ts';
import type { StoredOrder } from '../../src/orders/types.ts';
import { RedisReceiptProfiles } from '../../src/receipts/profile.ts';
import type { ChatMessage, StandInUser } from '../../src/sandbox/telegram/index.ts';
import { ADMIN, startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { eventually, ngNumber } from './agents-support.ts';
import { FAST_CHATS, FAST_USER, PROMPT, WAIT, matches, say } from './flow/helpers.ts';

// A distributor's views of their own network over the real app, the sandbox, the stand-in and Redis: the merchant
// → Dina (distributor) → Sid (sub-distributor) → Shani (shop), and Kim (shop) under Dina; Olu is another
// distributor with Omar below him. Every order is a real top-up by chat, so its commission lines are real.
const DINA = 710_000_101;
const SID = 710_000_102;
const SHANI = 710_000_103;
const KIM = 710_000_104;
const OLU = 710_000_105;
const OMAR = 710_000_106;
/** An ID nobody has. */
const NOBODY = 710_000_199;

describe('a distributor reaches their own network, and nothing else', () => {
  let world: BotWorld;
  let app: App;
  let currency: string;
  const user: Record<number, StandInUser> = {};
  const orderOf: Record<number, StoredOrder> = {};
  const today = utcDay(Date.now());

  const money = (amount: string) => formatMoney(amount, currency);
  const priceOf = (order: StoredOrder, userId: number) =>
    order.credit!.above!.find((level) => level.userId === userId)!.price;

  /** Sends a command; resolves with the first text message after it that contains `expect`. */
  async function ask(who: StandInUser, text: string, expect: string | RegExp): Promise<ChatMessage> {
    const sent = who.sendCommand(text);
    return who.waitForBotMessage((m) => m.kind === 'text' && matches(m.text, expect), {
      ...WAIT,
      after: sent.messageId,
    });
  }

  /** How answers name a person: their name in a Unicode isolate, then their ID. */
  const named = (name: string, id: number) => `\u2068${name}\u2069 ${id}`;
  const NOT_IN = 'is not in your network';
  const NOT_FOR_ROLE = 'This command is not available for your role.';

  /** A top-up typed in chat and confirmed with ✅; resolves with its record once it succeeded. */
  async function topUp(who: StandInUser, n: number): Promise<StoredOrder> {
    const quote = await say(who, `/topup +${ngNumber(n, '4821')} 500 MTN`, PROMPT.quote);
    who.press(quote, /✅/);
    return eventually(async () => {
      const [order] = (await app.orders.service.listByReseller(who.id, { offset: 0, limit: 1 })).orders;
      return order?.status === 'succeeded' ? order : null;
    }, 30_000);
  }

  /** Grants a role to a user who joins under `parent` first (null: under the merchant). */
  async function member(id: number, name: string, role: Role, parent: number | null) {
    user[id] = world.standIn.driver.user({ id, firstName: name, languageCode: 'en', started: true });
    if (parent !== null) expect((await app.network.join(id, parent)).ok).toBe(true);
    expect((await app.roles.change(ADMIN, id, role)).ok).toBe(true);
  }

  beforeAll(async () => {
    world = await startBotWorld({
      env: { NETWORK_MAX_DEPTH: '3', RESELLER_START_CREDIT: '0', ...FAST_USER },
      overrides: FAST_CHATS,
    });
    app = world.apps[0]!;
    await member(DINA, 'Dina', 'distributor', null);
    await member(SID, 'Sid', 'distributor', DINA);
    await member(SHANI, 'Shani', 'reseller', SID);
    await member(KIM, 'Kim', 'reseller', DINA);
    await member(OLU, 'Olu', 'distributor', null);
    await member(OMAR, 'Omar', 'reseller', OLU);
    // Each level's rule for the level below: the merchant 2 %, Dina 10 %, Sid 5 %.
    await app.pricing.set(ADMIN, { kind: 'default' }, { percent: '2', fixed: '0' });
    await app.pricing.set(
      DINA,
      { kind: 'default' },
      { percent: '10', fixed: '0' },
      {
        kind: 'distributor',
        userId: DINA,
      },
    );
    await app.pricing.set(
      SID,
      { kind: 'default' },
      { percent: '5', fixed: '0' },
      {
        kind: 'distributor',
        userId: SID,
      },
    );
    const float = { adminId: ADMIN, note: 'float' };
    expect((await app.accounts.credit(DINA, new Decimal(1000), float)).ok).toBe(true);
    expect((await app.accounts.credit(OLU, new Decimal(1000), float)).ok).toBe(true);
    expect((await app.accounts.transfer(DINA, SID, new Decimal(300), 'stock')).ok).toBe(true);
    expect((await app.accounts.transfer(SID, SHANI, new Decimal(100), 'stock')).ok).toBe(true);
    expect((await app.accounts.transfer(DINA, KIM, new Decimal(100), 'stock')).ok).toBe(true);
    expect((await app.accounts.transfer(OLU, OMAR, new Decimal(100), 'stock')).ok).toBe(true);
    currency = await app.accounts.currency();
    let n = 0;
    for (const id of [SHANI, KIM, DINA, OMAR]) orderOf[id] = await topUp(user[id]!, ++n);
    // Names are known once people wrote to the bot: Sid and Olu have not topped up.
    for (const id of [SID, OLU]) await ask(user[id]!, '/balance', 'Credit of');
    // Every order's own messages are in before the views are asked for.
    for (const id of [SHANI, KIM, DINA, OMAR])
      await user[id]!.waitForBotMessage(
        (m) => m.text.includes(orderOf[id]!.orderId!) && m.text.startsWith('✅'),
        { ...WAIT, after: 0 },
      );
  }, 180_000);

  afterAll(async () => {
    await world?.close();
  });

  /** The refusal an ID outside the network gets (and an ID nobody has). */
  const outside = (id: number) => `🚫 ${id} is not in your network.`;

  it('the chain of a shop’s order is priced level by level, and each distributor above earned their commission', () => {
    const shop = orderOf[SHANI]!;
    expect(shop.credit!.above!.map((level) => level.userId)).toEqual([SID, DINA]);
    const dina = new Decimal(priceOf(shop, DINA));
    const sid = new Decimal(priceOf(shop, SID));
    expect(dina.gt(shop.quote.merchantPrice)).toBe(true);
    expect(sid.gt(dina)).toBe(true);
    expect(new Decimal(shop.credit!.amount).gt(sid)).toBe(true);
  });

  it('/balance: their own with their network in all, a member’s, and an outsider’s refused as an unknown ID is', async () => {
    const dina = user[DINA]!;
    const own = await ask(dina, '/balance', 'Your network');
    expect(own.text).toContain(`💰 Credit of ${DINA}`);
    const members = await Promise.all([SID, SHANI, KIM].map((id) => app.accounts.view(id)));
    const total = members.reduce((sum, view) => sum.plus(view.balance), new Decimal(0)).toFixed();
    expect(own.text).toContain(`🌐 Your network (3 resellers): balance ${money(total)}`);

    const kim = await ask(dina, `/balance ${KIM}`, 'Credit of');
    expect(kim.text).toContain(`💰 Credit of ${named('Kim', KIM)}`);
    expect(kim.text).toContain(`available ${money((await app.accounts.view(KIM)).available)}`);
    // A grandchild is in the network too.
    expect((await ask(dina, `/balance ${SHANI}`, 'Credit of')).text).toContain(
      `💰 Credit of ${named('Shani', SHANI)}`,
    );

    for (const id of [OMAR, OLU, ADMIN])
      expect((await ask(dina, `/balance ${id}`, NOT_IN)).text).toBe(outside(id));
    expect((await ask(dina, `/balance ${NOBODY}`, NOT_IN)).text).toBe(outside(NOBODY));
    // A sub-distributor's network is theirs only: a sibling branch is outside.
    expect((await ask(user[SID]!, `/balance ${KIM}`, NOT_IN)).text).toBe(outside(KIM));
  }, 60_000);

  it('/statement <user id>: a member’s ledger as a document; an outsider’s refused as an unknown ID is', async () => {
    const dina = user[DINA]!;
    const sent = dina.sendCommand(`/statement ${KIM}`);
    const summary = await dina.waitForBotMessage(
      (m) => m.kind === 'text' && m.text.startsWith('Statement of'),
      {
        ...WAIT,
        after: sent.messageId,
      },
    );
    expect(summary.text).toContain(`Statement of ${named('Kim', KIM)}`);
    const document = dina
      .chat()
      .find((m) => m.kind === 'document' && m.id > sent.messageId && m.id < summary.id);
    const csv = Buffer.from(world.standIn.driver.fileBytes(document!.file!.fileId)!).toString('utf8');
    const rows = parse(csv, { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((row) => row['kind'])).toEqual(['transfer', 'hold', 'debit']);
    expect(rows[2]!['reference']).toBe(orderOf[KIM]!.externalOrderId);

    expect((await ask(dina, `/statement ${OMAR}`, NOT_IN)).text).toBe(outside(OMAR));
    expect((await ask(dina, `/statement ${NOBODY} ${today}`, NOT_IN)).text).toBe(outside(NOBODY));
  }, 60_000);

  it('/limit and /pin <user id> reach the network only', async () => {
    const dina = user[DINA]!;
    expect((await ask(dina, `/limit ${SHANI} 50`, 'Daily limit')).text).toBe(
      `Daily limit of ${named('Shani', SHANI)}: ${money('50')}.`,
    );
    expect((await app.accounts.view(SHANI)).dailyLimit).toBe('50');
    expect((await ask(dina, `/limit ${OMAR} 50`, NOT_IN)).text).toBe(outside(OMAR));
    expect((await ask(dina, `/limit ${NOBODY} order 5`, NOT_IN)).text).toBe(outside(NOBODY));
    expect((await app.accounts.view(OMAR)).dailyLimit).toBeNull();
    // A shop has no /limit at all.
    expect((await ask(user[KIM]!, `/limit ${SHANI} 5`, NOT_FOR_ROLE)).text).toBe(NOT_FOR_ROLE);

    expect((await ask(dina, `/pin ${KIM}`, 'Reseller')).text).toContain(
      `Reseller ${named('Kim', KIM)}: no PIN set`,
    );
    expect((await ask(dina, `/pin ${KIM} unlock`, 'lock lifted')).text).toContain(
      `Reseller ${named('Kim', KIM)}: lock lifted and wrong tries forgotten.`,
    );
    expect((await ask(dina, `/pin ${SHANI} 20`, 'top-ups above')).text).toContain(
      `Reseller ${named('Shani', SHANI)}: top-ups above 20`,
    );
    expect((await ask(dina, `/pin ${OMAR} reset`, NOT_IN)).text).toBe(outside(OMAR));
    expect((await ask(dina, `/pin ${NOBODY}`, NOT_IN)).text).toBe(outside(NOBODY));
    // Their own lock stays an admin's (or their distributor's) to lift.
    expect((await ask(dina, `/pin ${DINA} unlock`, NOT_IN)).text).toBe(outside(DINA));
    expect((await ask(user[KIM]!, `/pin ${SHANI}`, NOT_FOR_ROLE)).text).toBe(
      'This command is not available for your role.',
    );
    await ask(dina, `/pin ${SHANI} default`, 'PIN_REQUIRED_ABOVE');
  }, 60_000);

  it('/status of a network order names the seller with their price, the distributor’s own and their commission', async () => {
    const shop = orderOf[SHANI]!;
    const merchant = money(shop.quote.merchantPrice);
    const card = await ask(user[DINA]!, `/status ${shop.orderId}`, 'Seller:');
    expect(card.text).toContain(`Seller: ${named('Shani', SHANI)}`);
    expect(card.text).toContain(`Seller's price: ${money(shop.credit!.amount)}`);
    expect(card.text).toContain(`Your price: ${money(priceOf(shop, DINA))}`);
    const dinaShare = new Decimal(priceOf(shop, SID)).minus(priceOf(shop, DINA)).toFixed();
    expect(card.text).toContain(`Your commission: ${money(dinaShare)}`);
    expect(card.text).not.toContain(merchant);
    expect(card.text).not.toContain('wallet paid');

    // Sid sees his own price and share, and nothing of Dina's price above him.
    const sidCard = await ask(user[SID]!, `/status ${shop.externalOrderId}`, 'Seller:');
    expect(sidCard.text).toContain(`Your price: ${money(priceOf(shop, SID))}`);
    const sidShare = new Decimal(shop.credit!.amount).minus(priceOf(shop, SID)).toFixed();
    expect(sidCard.text).toContain(`Your commission: ${money(sidShare)}`);
    expect(sidCard.text).not.toContain(money(priceOf(shop, DINA)));
    expect(sidCard.text).not.toContain(merchant);

    // Their own order reads as a reseller's; an order elsewhere is not there at all.
    const own = await ask(user[DINA]!, `/status ${orderOf[DINA]!.orderId}`, 'Your credit paid');
    expect(own.text).toContain(`Your credit paid: ${money(orderOf[DINA]!.credit!.amount)}`);
    expect(own.text).not.toContain('Seller:');
    for (const query of [orderOf[OMAR]!.orderId!, orderOf[OMAR]!.externalOrderId]) {
      expect((await ask(user[DINA]!, `/status ${query}`, 'There is no order')).text).toBe(
        `There is no order ${query} that you may see.`,
      );
    }
    expect((await ask(user[SID]!, `/status ${orderOf[KIM]!.orderId}`, 'There is no order')).text).toContain(
      orderOf[KIM]!.orderId!,
    );
  }, 60_000);

  it('/orders lists the network’s orders, newest first, each naming its seller', async () => {
    const list = await ask(user[DINA]!, '/orders', 'All orders');
    expect(list.text).toContain('All orders: 1–3 of 3, newest first');
    for (const id of [SHANI, KIM, DINA]) expect(list.text).toContain(orderOf[id]!.orderId!);
    expect(list.text).toContain(`↳ sold by ${named('Shani', SHANI)}`);
    expect(list.text).toContain(`↳ sold by ${named('Kim', KIM)}`);
    expect(list.text).not.toContain(orderOf[OMAR]!.orderId!);
    const rows = list.text.split('\n').filter((line) => line.includes('O-'));
    expect(rows.map((row) => /O-\S+/.exec(row)![0])).toEqual(
      [DINA, KIM, SHANI].map((id) => orderOf[id]!.orderId),
    );
    // Sid's list: his branch only.
    const sid = await ask(user[SID]!, '/orders succeeded', 'Succeeded:');
    expect(sid.text).toContain(orderOf[SHANI]!.orderId!);
    expect(sid.text).not.toContain(orderOf[KIM]!.orderId!);
  }, 60_000);

  it('/export holds the network’s orders with the seller, their price, the distributor’s own and commission', async () => {
    const dina = user[DINA]!;
    const sent = dina.sendCommand('/export');
    const closing = await dina.waitForBotMessage((m) => m.text.startsWith('Export finished'), {
      ...WAIT,
      after: sent.messageId,
    });
    const document = dina
      .chat()
      .find((m) => m.kind === 'document' && m.id > sent.messageId && m.id < closing.id);
    const csv = Buffer.from(world.standIn.driver.fileBytes(document!.file!.fileId)!).toString('utf8');
    expect(csv.split('\r\n')[0]).toBe(
      'service_order_id,merchant_order_number,created_at,updated_at,seller_id,seller_name,country,operator,' +
        'product,number,local_amount,local_currency,seller_price,your_price,your_commission,currency,status,events',
    );
    const rows = parse(csv, { columns: true }) as Array<Record<string, string>>;
    const row = (id: number) =>
      rows.find((r) => r['merchant_order_number'] === orderOf[id]!.externalOrderId)!;
    expect(rows).toHaveLength(3);
    const shop = orderOf[SHANI]!;
    expect(row(SHANI)).toMatchObject({
      seller_id: String(SHANI),
      seller_name: 'Shani',
      seller_price: shop.credit!.amount,
      your_price: priceOf(shop, DINA),
      your_commission: new Decimal(priceOf(shop, SID)).minus(priceOf(shop, DINA)).toFixed(),
      status: 'succeeded',
    });
    const kim = orderOf[KIM]!;
    expect(row(KIM)).toMatchObject({
      seller_name: 'Kim',
      your_commission: new Decimal(kim.credit!.amount).minus(priceOf(kim, DINA)).toFixed(),
    });
    expect(row(DINA)).toMatchObject({ seller_id: String(DINA), your_commission: '0' });
    for (const order of Object.values(orderOf)) expect(csv).not.toContain(`,${order.quote.merchantPrice},`);
    expect(csv).not.toContain(orderOf[OMAR]!.externalOrderId);
  }, 60_000);

  it('/stats: volume and commission by direct child (a sub-distributor’s row with their branch), and the chart', async () => {
    const dina = user[DINA]!;
    const sent = dina.sendCommand('/stats');
    const text = await dina.waitForBotMessage((m) => m.text.startsWith('📊 Your network'), {
      ...WAIT,
      after: sent.messageId,
    });
    const shop = orderOf[SHANI]!;
    const kim = orderOf[KIM]!;
    const fromSid = new Decimal(priceOf(shop, SID)).minus(priceOf(shop, DINA));
    const fromKim = new Decimal(kim.credit!.amount).minus(priceOf(kim, DINA));
    expect(text.text).toContain('Orders: 3');
    expect(text.text).toContain(`You: ✅ 1 · paid ${money(orderOf[DINA]!.credit!.amount)}`);
    expect(text.text).toContain(
      `${named('Sid', SID)}: ✅ 1 · volume ${money(shop.credit!.amount)} · your commission ${money(fromSid.toFixed())}`,
    );
    expect(text.text).toContain(
      `${named('Kim', KIM)}: ✅ 1 · volume ${money(kim.credit!.amount)} · your commission ${money(fromKim.toFixed())}`,
    );
    expect(text.text).toContain(`Your commission in all: ${money(fromSid.plus(fromKim).toFixed())}`);
    expect(text.text).not.toContain('Shani');
    expect(text.text).not.toContain('Omar');
    const photo = await dina.waitForBotMessage((m) => m.kind === 'photo', { ...WAIT, after: text.id });
    expect(world.standIn.driver.fileBytes(photo.file!.fileId)?.length).toBeGreaterThan(0);
  }, 60_000);

  it('buttons and forged callback data reach the network only: Refresh, open, receipt and a list page', async () => {
    const dina = user[DINA]!;
    const card = await ask(dina, `/status ${orderOf[SHANI]!.orderId}`, 'Seller:');
    // Refresh on a network order works.
    const refreshed = dina.press(card, /Refresh/);
    expect((await dina.waitForCallbackAnswer(refreshed.queryId, WAIT)).text).toBe('Updated.');

    const omar = orderOf[OMAR]!;
    const forged = [
      `ord:rf:${omar.orderId}`,
      `ord:rf:${omar.externalOrderId}`,
      `ord:open:${omar.externalOrderId}`,
      `rcpt:${omar.orderId}`,
      `rcpt:m:${omar.externalOrderId}`,
    ];
    for (const data of forged) {
      expect(Buffer.byteLength(data)).toBeLessThanOrEqual(64);
      const before = dina.chat().length;
      const pressed = dina.pressData(card.id, data);
      expect((await dina.waitForCallbackAnswer(pressed.queryId, WAIT)).text).toBe('Order not found.');
      expect(
        dina
          .chat()
          .slice(before)
          .some((m) => m.text.includes(omar.orderId!)),
      ).toBe(false);
    }
    expect(dina.chat().find((m) => m.id === card.id)?.text).toContain(`Seller: ${named('Shani', SHANI)}`);

    // A page of the list reads what the presser reaches, whatever the data says.
    const list = await ask(dina, '/orders', 'All orders');
    const before = dina.chat().length;
    const pressed = dina.pressData(list.id, 'ol:succeeded:0:');
    await dina.waitForCallbackAnswer(pressed.queryId, WAIT);
    const page = await dina.waitFor(
      (chat) => chat.find((m) => m.id === list.id && m.text.includes('Succeeded: 1–3 of 3')),
      WAIT,
    );
    expect(page.text).not.toContain(omar.orderId!);
    expect(
      dina
        .chat()
        .slice(before)
        .some((m) => m.text.includes(omar.orderId!)),
    ).toBe(false);

    // Olu reaches Omar's order, and none of Dina's.
    const olu = user[OLU]!;
    expect((await ask(olu, `/status ${omar.orderId}`, 'Seller:')).text).toContain(
      `Seller: ${named('Omar', OMAR)}`,
    );
    const pressedByOlu = olu.pressData(
      (await ask(olu, '/orders', 'All orders')).id,
      `ord:rf:${orderOf[SHANI]!.orderId}`,
    );
    expect((await olu.waitForCallbackAnswer(pressedByOlu.queryId, WAIT)).text).toBe('Order not found.');
  }, 60_000);

  it('a distributor sets no retail price on a receipt of their network’s order (the seller’s to set)', async () => {
    const reply = await ask(user[DINA]!, `/receipt ${orderOf[KIM]!.orderId} 600`, 'Only the order');
    expect(reply.text).toBe(
      "Only the order's reseller or an admin sets the price on its receipt. Nothing was changed.",
    );
    const profiles = new RedisReceiptProfiles({ redis: app.redis, prefix: world.env.REDIS_PREFIX! });
    expect(await profiles.retailPrice(orderOf[KIM]!.externalOrderId)).toBeNull();
  }, 60_000);
});
