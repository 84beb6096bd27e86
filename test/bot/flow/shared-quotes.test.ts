/**
 * Shared quotes through the chat: two resellers topping up the same product within a quote's validity are placed
 * on one quote; a service whose tokens turn out to be single-use is found out by one refusal, and the refused top-up
 * still ends as exactly one order, charged once.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, RESELLER, startBotWorld, type BotWorld } from '../../support/bot-world.ts';
import {
  FAST_CHATS,
  FAST_USER,
  PROMPT,
  WAIT,
  allOrders,
  ordersTo,
  quoteRequestCount,
  say,
  typeToQuote,
  waitForOrders,
} from './helpers.ts';

const SECOND = 710_000_061;
const THIRD = 710_000_062;

describe('shared quotes in the chat', () => {
  let world: BotWorld;
  beforeAll(async () => {
    world = await startBotWorld({
      env: FAST_USER,
      overrides: {
        ...FAST_CHATS,
        orderTimings: {
          alertGrouping: { quietMs: 100, maxHoldMs: 1_000, maxLinesPerMessage: 30, maxButtons: 10 },
        },
      },
    });
    for (const id of [SECOND, THIRD]) await world.apps[0]!.roles.change(ADMIN, id, 'reseller');
    // The second reseller pays a margin of their own.
    const admin = world.standIn.driver.user({ id: ADMIN });
    await say(admin, `/pricing set reseller ${SECOND} 10% +0.05`, /Rule set/);
  });
  afterAll(async () => {
    await world?.close();
  });

  it('two resellers, one product: one quote; single-use tokens: one refusal, then a quote each, no order lost or doubled', async () => {
    const first = world.standIn.driver.user({ id: RESELLER });
    const second = world.standIn.driver.user({ id: SECOND });
    const third = world.standIn.driver.user({ id: THIRD });
    const quotesBefore = await quoteRequestCount(world);

    // Shared: the second reseller's quote costs nothing and both orders are placed on the same token.
    const a = await typeToQuote(first, '08031234900', '600');
    const b = await typeToQuote(second, '08031234901', '600');
    expect(await quoteRequestCount(world)).toBe(quotesBefore + 1);
    first.press(a, /✅/);
    second.press(b, /✅/);
    const [oa] = await waitForOrders(world, '2348031234900', 1);
    const [ob] = await waitForOrders(world, '2348031234901', 1);
    expect(ob!.quote_token).toBe(oa!.quote_token);
    // Two holds, each at its reseller's own price: the shared merchant price plus their own rule.
    const service = world.apps[0]!.orders.service;
    const [ha, hb] = await Promise.all([
      service.get(oa!.external_order_id),
      service.get(ob!.external_order_id),
    ]);
    const merchant = new Decimal(oa!.merchant_price);
    expect(ha!.credit!.amount).toBe(merchant.toDecimalPlaces(2, Decimal.ROUND_UP).toFixed(2));
    expect(hb!.credit!.amount).toBe(
      merchant.times('1.10').plus('0.05').toDecimalPlaces(2, Decimal.ROUND_UP).toFixed(2),
    );

    // The service now refuses a used token: the next top-up of the product finds it out.
    await world.control.post('account', { single_use_quotes: true });
    const c = await typeToQuote(third, '08031234902', '600');
    expect(await quoteRequestCount(world)).toBe(quotesBefore + 1);
    third.press(c, /✅/);
    const [oc] = await waitForOrders(world, '2348031234902', 1);
    expect(oc!.quote_token).not.toBe(oa!.quote_token);
    // Not asked again: a fresh quote at the same price went on at once.
    const after = third.chat().filter((m) => m.id > c.id && m.from === 'bot');
    expect(after.some((m) => m.text.includes(PROMPT.quote) || m.text.includes('not placed'))).toBe(false);
    const admin = world.standIn.driver.user({ id: ADMIN });
    await admin.waitFor((chat) => chat.find((m) => m.from === 'bot' && m.text.includes('single-use')), WAIT);

    // From now on each top-up asks its own quote, and each is placed once.
    const quotesNow = await quoteRequestCount(world);
    const d = await typeToQuote(first, '08031234903', '600');
    expect(await quoteRequestCount(world)).toBe(quotesNow + 1);
    first.press(d, /✅/);
    const [od] = await waitForOrders(world, '2348031234903', 1);
    expect(od!.quote_token).not.toBe(oc!.quote_token);

    // Four top-ups, four orders, each number once; the refused token charged nothing.
    const orders = (await allOrders(world)).filter(
      (o) => o.account.startsWith('234') && o.local_amount.startsWith('600'),
    );
    expect(orders).toHaveLength(4);
    for (const n of ['2348031234900', '2348031234901', '2348031234902', '2348031234903'])
      expect(await ordersTo(world, n)).toHaveLength(1);
    const ledger = await world.control.get<{ results: Array<{ kind: string; order_id: string | null }> }>(
      'ledger',
    );
    const debited = ledger.results.filter((e) => e.kind === 'debit').map((e) => e.order_id);
    expect(debited.sort()).toEqual(orders.map((o) => o.order_id).sort());
  });
});
