import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { ORDER_LIST_DATA, orderListData } from '../../src/bot/callback-data/order-list.ts';
import { formatMoney } from '../../src/domain/money.ts';
import type { StoredOrder } from '../../src/orders/types.ts';
import type { ChatMessage } from '../../src/sandbox/telegram/types.ts';
import { AGENT, RESELLER, startBotWorld, type BotWorld } from '../support/bot-world.ts';
import {
  ageStoredCopy,
  ask,
  buttonData,
  eventually,
  ngNumber,
  orderIntent,
  placeAtService,
  placeOrder,
} from './agents-support.ts';
import { FAST_CHATS } from './flow/helpers.ts';

const OTHER_RESELLER = 710_000_060;

// Resellers also get the order notifier's messages (receipts, status messages) at any time: pick the answers.
const isCard = (m: ChatMessage) =>
  m.text.startsWith('There is no order') || m.buttons.flat().some((b) => b.text === '🔄 Refresh');
const isList = (m: ChatMessage) => m.text.includes('newest first') || m.text.includes('no orders.');
const FAR = 600_000;

describe('agents and resellers: /status, /orders, Refresh', () => {
  let world: BotWorld;
  let app: App;
  /** The reseller's orders, oldest first. */
  const mine: StoredOrder[] = [];
  let others: StoredOrder;
  let outside: { orderId: string; externalOrderId: string };

  const requestsTo = async (path: string) =>
    (await world.control.get<{ count: number }>(`requests?path=${encodeURIComponent(path)}`)).count;

  beforeAll(async () => {
    world = await startBotWorld({
      // Background follow-up reads far away, so every read in these tests is one the chat asked for.
      overrides: {
        ...FAST_CHATS,
        orderTimings: { followUp: { firstDelayMs: () => FAR, backoffMs: [FAR], everyMs: FAR } },
      },
    });
    app = world.apps[0]!;
    world.standIn.driver.user({ id: OTHER_RESELLER, firstName: 'Olu', languageCode: 'en', started: true });
    await app.roles.change(0, OTHER_RESELLER, 'reseller');
    for (let i = 1; i <= 7; i++)
      mine.push(await placeOrder(app, { resellerId: RESELLER, account: ngNumber(i) }));
    mine.push(
      await placeOrder(app, {
        resellerId: RESELLER,
        account: ngNumber(8),
        operatorKey: 'NG-AIRTEL',
        amount: '200',
      }),
    );
    others = await placeOrder(app, { resellerId: OTHER_RESELLER, account: ngNumber(9) });
    // One order placed at the service without this bot (e.g. in the Portal): only the service knows it.
    outside = await placeAtService(app, ngNumber(10));
    // Every order of ours has reached its final status through the sandbox's webhooks.
    await eventually(async () => {
      const all = await Promise.all([...mine, others].map((o) => app.orders.service.get(o.externalOrderId)));
      return all.every((o) => o?.status === 'succeeded');
    });
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  it('/status shows the whole order card to agents, and to resellers only their own orders', async () => {
    const order = (await app.orders.service.get(mine[0]!.externalOrderId))!;
    const agent = world.standIn.driver.user({ id: AGENT });
    const reseller = world.standIn.driver.user({ id: RESELLER });
    const other = world.standIn.driver.user({ id: OTHER_RESELLER });
    // One chat after another inside each chat (the bot sends one message a second per chat), chats side by side.
    const [[byAgent, unknown], [byOwner, notTheirs], [byOwnerId]] = await Promise.all([
      (async () => [
        await ask(agent, `/status ${order.orderId}`, isCard),
        await ask(agent, '/status O-DOES-NOT-EXIST', isCard),
      ])(),
      (async () => [
        await ask(reseller, `/status ${order.externalOrderId}`, isCard),
        await ask(reseller, `/status ${others.orderId}`, isCard),
      ])(),
      (async () => [await ask(other, `/status ${others.externalOrderId}`, isCard)])(),
    ]);
    // The webhook moved our copy to succeeded without the service's texts: /status read them once.
    const d = (await app.orders.service.get(order.externalOrderId))!.details!;
    expect(Date.parse((await app.orders.service.get(order.externalOrderId))!.syncedAt!)).toBeGreaterThan(
      Date.parse(order.syncedAt!),
    );
    for (const card of [byAgent, byOwner]) {
      const text = card.text;
      expect(text.split('\n')[0]).toBe(`✅ Succeeded · ${order.orderId} · ${order.externalOrderId}`);
      expect(text).toContain(d.statusTitle);
      expect(text).toContain(d.statusMessage);
      if (d.nextStep !== '') expect(text).toContain(`Next step: ${d.nextStep}`);
      expect(text).toContain('Operator: MTN Nigeria · airtime');
      expect(text).toContain(`Number: ${d.maskedAccount}`);
      expect(text).not.toContain(order.request.account);
      expect(text).toContain('The line receives: 500.00 NGN');
      expect(text).toContain(
        `The wallet paid: ${formatMoney(order.quote.merchantPrice, order.quote.merchantCurrency)}`,
      );
      expect(text).toContain('Attempts:');
      expect(text).toMatch(/#1 \S+ · sent \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
      expect(text).toMatch(/Created \d{4}-\d\d-\d\d \d\d:\d\d UTC · updated \d{4}/);
      expect(card.buttons.flat().map((b) => b.text)).toEqual(['🔄 Refresh']);
    }
    expect(byOwnerId.text.split('\n')[0]).toContain(others.externalOrderId);
    expect(notTheirs.text).toBe(`There is no order ${others.orderId} that you may see.`);
    expect(unknown.text).toBe('There is no order O-DOES-NOT-EXIST that you may see.');
  });

  it('staff read an order the bot never placed from the service; a reseller cannot', async () => {
    const agent = world.standIn.driver.user({ id: AGENT });
    const reseller = world.standIn.driver.user({ id: RESELLER });
    const before = await world.merchantRequestCount();
    const [byId, byNumber] = [
      await ask(agent, `/status ${outside.orderId}`, isCard),
      await ask(agent, `/status ${outside.externalOrderId}`, isCard),
    ];
    for (const card of [byId, byNumber]) {
      expect(card.text).toContain(`${outside.orderId} · ${outside.externalOrderId}`);
      expect(card.text).toContain('Operator: Glo Mobile');
      expect(card.text).toContain('read from the service only');
    }
    const refused = await ask(reseller, `/status ${outside.orderId}`, isCard);
    expect(refused.text).toContain('There is no order');
    // Two reads for the agent (by ID; by number through the list's search), none for the reseller.
    expect(await world.merchantRequestCount()).toBe(before + 2);
  });

  it('/orders pages a reseller through their own orders, newest first, with Previous and Next', async () => {
    const reseller = world.standIn.driver.user({ id: RESELLER });
    const first = await ask(reseller, '/orders', isList);
    expect(first.text.split('\n')[0]).toBe('All orders: 1–5 of 8, newest first');
    const newestFirst = [...mine].reverse().map((o) => o.externalOrderId);
    const rowsOf = (text: string) => newestFirst.filter((ext) => text.includes(ext));
    expect(rowsOf(first.text)).toEqual(newestFirst.slice(0, 5));
    expect(first.text).not.toContain(others.externalOrderId);
    expect(buttonData(first).filter((d) => d.startsWith('ord:open:'))).toEqual(
      newestFirst.slice(0, 5).map((ext) => `ord:open:${ext}`),
    );
    const texts = first.buttons.flat().map((b) => b.text);
    expect(texts).toContain('Next ▶️');
    expect(texts).not.toContain('◀️ Previous');
    // The shared pager: "n/m" (answered without a word, not as an expired button) and Next to the second page.
    expect(first.buttons.flat().find((b) => b.data === ORDER_LIST_DATA.count)?.text).toBe('1/2');
    expect(buttonData(first)).toContain(orderListData(undefined, 5, ''));
    const counted = reseller.press(first.id, (b) => b.data === ORDER_LIST_DATA.count);
    expect((await reseller.waitForCallbackAnswer(counted.queryId)).text ?? '').toBe('');

    reseller.press(first, 'Next ▶️');
    const second = await reseller.waitFor((chat) =>
      chat.find((m) => m.id === first.id && m.text.startsWith('All orders: 6–8 of 8')),
    );
    expect(rowsOf(second.text)).toEqual(newestFirst.slice(5));
    expect(second.buttons.flat().map((b) => b.text)).toContain('◀️ Previous');
    expect(second.buttons.flat().map((b) => b.text)).not.toContain('Next ▶️');

    reseller.press(second, '◀️ Previous');
    await reseller.waitFor((chat) =>
      chat.find((m) => m.id === first.id && m.text.startsWith('All orders: 1–5 of 8')),
    );

    // Each row opens its order.
    const opened = reseller.press(first.id, (b) => b.data === `ord:open:${newestFirst[1]}`);
    await reseller.waitForCallbackAnswer(opened.queryId);
    const card = await reseller.waitForBotMessage((m) => isCard(m) && m.text.includes(newestFirst[1]!));
    expect(card.text).toContain('Operator: MTN Nigeria');
  });

  it('/orders for agents comes from the service list, with its paging (limit and offset) and status filters', async () => {
    const agent = world.standIn.driver.user({ id: AGENT });
    const atService = await world.control.get<{
      count: number;
      results: Array<{ external_order_id: string }>;
    }>('orders');
    const total = atService.count;
    expect(total).toBe(10);
    const first = await ask(agent, '/orders', isList);
    expect(first.text.split('\n')[0]).toBe(`All orders: 1–5 of ${total}, newest first`);
    const serviceOrder = atService.results.map((o) => o.external_order_id);
    expect(serviceOrder.slice(0, 5).every((ext) => first.text.includes(ext))).toBe(true);
    agent.press(first, 'Next ▶️');
    const second = await agent.waitFor((chat) =>
      chat.find((m) => m.id === first.id && m.text.startsWith(`All orders: 6–10 of ${total}`)),
    );
    expect(serviceOrder.slice(5, 10).every((ext) => second.text.includes(ext))).toBe(true);
    const log = await world.control.get<{ results: Array<{ path: string; query: string }> }>(
      `requests?path=${encodeURIComponent('/api/v1/recharge/orders')}`,
    );
    const queries = log.results.map((r) => r.query);
    expect(queries.some((q) => q.includes('limit=5') && q.includes('offset=5'))).toBe(true);

    // The order placed outside the bot opens from its row too.
    const outsideData = buttonData(first)
      .concat(buttonData(second))
      .find((d) => d.endsWith(outside.externalOrderId));
    expect(outsideData).toBeDefined();

    agent.press(second, '✅ Succeeded');
    const filtered = await agent.waitFor((chat) =>
      chat.find((m) => m.id === first.id && m.text.startsWith('✅ Succeeded: ')),
    );
    const succeeded = await world.control.get<{ count: number }>('orders?status=succeeded');
    expect(filtered.text.split('\n')[0]).toBe(`✅ Succeeded: 1–5 of ${succeeded.count}, newest first`);
    const refunded = await ask(agent, '/orders refunded', isList);
    expect(refunded.text.split('\n')[0]).toBe('↩️ Refunded: no orders.');
  });

  it('typed search finds orders by order ID, merchant order number and operator', async () => {
    const reseller = world.standIn.driver.user({ id: RESELLER });
    const list = await ask(reseller, '/orders', isList);
    reseller.press(list, '🔍 Search');
    await reseller.waitForBotMessage((m) => m.text.startsWith('Send an order ID'));
    const sent = reseller.sendText('airtel');
    const found = await reseller.waitForBotMessage((m) => m.text.includes('Search: airtel'), {
      after: sent.messageId,
    });
    expect(found.text.split('\n')[0]).toBe('All orders: 1–1 of 1, newest first');
    expect(found.text).toContain(mine[7]!.externalOrderId);

    const agent = world.standIn.driver.user({ id: AGENT });
    const byNumber = await ask(agent, `/orders ${mine[2]!.externalOrderId}`, isList);
    expect(byNumber.text.split('\n')[0]).toBe('All orders: 1–1 of 1, newest first');
    expect(buttonData(byNumber)).toContain(`ord:open:${mine[2]!.externalOrderId}`);
    const orderId = (await app.orders.service.get(mine[3]!.externalOrderId))!.orderId!;
    const byId = await ask(agent, `/orders ${orderId}`, isList);
    expect(byId.text).toContain(mine[3]!.externalOrderId);
    const byOperator = await ask(agent, '/orders Glo', isList);
    expect(byOperator.text).toContain(outside.externalOrderId);
    expect(byOperator.text.split('\n')[0]).toBe('All orders: 1–1 of 1, newest first');
    const nothing = await ask(reseller, `/orders ${others.externalOrderId}`, isList);
    expect(nothing.text.split('\n')[0]).toBe('All orders: no orders.');
    // Our own states filter a reseller's list too.
    const neverPlaced = await ask(reseller, '/orders rejected', isList);
    expect(neverPlaced.text.split('\n')[0]).toBe('❌ Not placed: no orders.');
  });

  it('an unfinished order older than 30 s is read again; Refresh reads it within the request budget', async () => {
    const order = await placeOrder(app, { resellerId: RESELLER, account: ngNumber(11, '4444') });
    const path = `/api/v1/recharge/orders/${order.orderId}`;
    const agent = world.standIn.driver.user({ id: AGENT });
    const reads0 = await requestsTo(path);

    // Our copy is fresh: shown as it is, no read.
    const fresh = await ask(agent, `/status ${order.orderId}`, isCard);
    expect(fresh.text.split('\n')[0]).toBe(`⏳ Accepted · ${order.orderId} · ${order.externalOrderId}`);
    expect(await requestsTo(path)).toBe(reads0);

    // Our copy ages past 30 s while the service moves on to processing (watched through the sandbox's control
    // API, which is not a read of the order; on a fast run the test gets here before the service's first step).
    await eventually(
      async () =>
        (await world.control.get<{ status: string }>(`orders/${order.orderId}`)).status === 'processing',
    );
    await ageStoredCopy(app, order.externalOrderId, 60_000);
    const reread = await ask(agent, `/status ${order.orderId}`, isCard);
    expect(reread.text.split('\n')[0]).toBe(`⏳ Processing · ${order.orderId} · ${order.externalOrderId}`);
    expect(await requestsTo(path)).toBe(reads0 + 1);

    // Refresh: one more read, counted in this minute's budget, and the card edited in place.
    const before = await app.budget.snapshot();
    const pressed = agent.press(reread, '🔄 Refresh');
    const answer = await agent.waitForCallbackAnswer(pressed.queryId);
    expect(answer.text).toBe('Updated.');
    expect(await requestsTo(path)).toBe(reads0 + 2);
    const after = await app.budget.snapshot();
    const minute = (s: { serverTime: Date }) => Math.floor(s.serverTime.getTime() / 60_000);
    // The read took a slot of this minute's shared budget (unless the minute turned meanwhile).
    if (minute(before) === minute(after)) expect(after.usedThisMinute).toBeGreaterThan(before.usedThisMinute);
    const refreshed = agent.chat().find((m) => m.id === reread.id)!;
    expect(refreshed.text.split('\n')[0]).toBe(`⏳ Processing · ${order.orderId} · ${order.externalOrderId}`);

    // After a 429 every replica pauses: Refresh waits its turn in the shared line (its place shown in the chat,
    // the button answered at once), then reads; nobody is told to try again.
    await app.budget.pause(4);
    const waiting = agent.press(reread, '🔄 Refresh');
    const inLine = await agent.waitForBotMessage((m) => m.text.includes('In line: position'), {
      timeoutMs: 20_000,
      after: reread.id,
    });
    expect((await agent.waitForCallbackAnswer(waiting.queryId)).text).toBeUndefined();
    await eventually(async () => (await requestsTo(path)) === reads0 + 3);
    await agent.waitFor((chat) => chat.find((m) => m.id === inLine.id && m.text.includes('Your turn came')), {
      timeoutMs: 20_000,
    });
    expect(agent.chat().filter((m) => /try again|used up/i.test(m.text))).toEqual([]);

    // A read that fails (the service answers 5xx to every attempt) shows our copy, marked as possibly out of date.
    await world.control.post('faults', { kind: 'error', status: 503, next: 4, path });
    await ageStoredCopy(app, order.externalOrderId, 60_000);
    const stale = await ask(agent, `/status ${order.orderId}`, isCard);
    expect(stale.text).toContain('⚠️ The service could not be read just now');
    expect(await requestsTo(path)).toBe(reads0 + 7);
  });

  it('/status finds an older long merchant order number as given and a short one as people type it back; the card is formatted', async () => {
    // An order numbered the old way (before numbers became short): kept and looked up everywhere as it is.
    const intent = await orderIntent(app, { resellerId: RESELLER, account: ngNumber(11) });
    const old = 'rb-20251122-101112345-ajs3enw7ir2dmv6hqzclu5gpyb';
    intent.externalOrderId = old;
    intent.request.externalOrderId = old;
    const placed = await app.orders.service.submit(intent);
    expect(placed.outcome).toBe('placed');
    // The sandbox's webhook (signed, verified, matched by the old number) brings it to its final status.
    await eventually(async () => (await app.orders.service.get(old))?.status === 'succeeded');
    const short = mine[1]!;
    expect(short.externalOrderId).toMatch(/^rb-[0-9a-z]{5}(-[0-9a-z]{4}){3}$/);
    expect(short.externalOrderId.length).toBeLessThanOrEqual(24);
    const typedBack = short.externalOrderId.toUpperCase().replace(/-/g, ' ').replace(/0/g, 'O');
    const reseller = world.standIn.driver.user({ id: RESELLER });
    const byOld = await ask(reseller, `/status ${old}`, isCard);
    const byTyped = await ask(reseller, `/status ${typedBack}`, isCard);
    expect(byOld.text.split('\n')[0]).toContain(old);
    expect(byTyped.text.split('\n')[0]).toContain(short.externalOrderId);
    for (const [card, number] of [
      [byOld, old],
      [byTyped, short.externalOrderId],
    ] as const) {
      // One tap copies the numbers (code), the status and the labels are bold.
      const shown = (type: string) =>
        card.entities
          .filter((e) => e.type === type)
          .map((e) => card.text.slice(e.offset, e.offset + e.length));
      expect(shown('code')).toEqual(expect.arrayContaining([number, expect.stringMatching(/^O-\d+$/)]));
      expect(shown('bold')).toEqual(expect.arrayContaining(['Succeeded', 'Operator:', 'Number:']));
    }
  });
});
