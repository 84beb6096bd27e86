import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startBotWorld, type BotWorld } from '../../support/bot-world.ts';
import { allOrders, typeToQuote, waitForOrderLine } from './helpers.ts';

const RESELLERS = 50;

// Fifty resellers go through the whole flow at the same time; each must get exactly their own order.
describe('top-up flow: fifty resellers at once', () => {
  let world: BotWorld;
  beforeAll(async () => {
    // The bot's request budget matches the service's own limit, as in production.
    world = await startBotWorld({ env: { MERCHANT_RATE_LIMIT_PER_MINUTE: '600' } });
    await world.control.post('account', { rate_limit_per_minute: 600 });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('every reseller gets exactly one order, to their own number, for their own amount', async () => {
    const people = Array.from({ length: RESELLERS }, (_, i) => ({
      id: 730_000_000 + i,
      // Distinct numbers and amounts; no magic ending (1111…8888) among them.
      national: `0803126${String(i).padStart(4, '0')}`,
      digits: `234803126${String(i).padStart(4, '0')}`,
      amount: String(100 + i),
    }));
    for (const p of people) {
      world.standIn.driver.user({
        id: p.id,
        firstName: `Reseller ${p.id}`,
        languageCode: 'en',
        started: true,
      });
      await world.apps[0]!.roles.change(ADMIN, p.id, 'reseller');
    }
    const lines = await Promise.all(
      people.map(async (p) => {
        const user = world.standIn.driver.user({ id: p.id });
        const quote = await typeToQuote(user, p.national, p.amount);
        user.press(quote, /✅/);
        const line = await waitForOrderLine(user, 60_000);
        return { person: p, orderId: /O-\d+/.exec(line.text)?.[0] };
      }),
    );
    const orders = await allOrders(world);
    expect(orders).toHaveLength(RESELLERS);
    for (const { person, orderId } of lines) {
      const theirs = orders.filter((o) => o.account === person.digits);
      expect(theirs, `orders to ${person.digits}`).toHaveLength(1);
      const order = theirs[0]!;
      // The order the chat names is the one to this reseller's number, for this reseller's amount.
      expect(order.order_id).toBe(orderId);
      expect(order.local_amount.replace(/\.0+$/, '')).toBe(person.amount);
      const chat = world.standIn.driver.user({ id: person.id }).chat();
      expect(chat.some((m) => m.from === 'bot' && m.text.includes(order.external_order_id))).toBe(true);
      // Nobody's chat names someone else's order.
      const named = new Set(chat.flatMap((m) => m.text.match(/O-\d+/g) ?? []));
      expect([...named]).toEqual([orderId]);
    }
  });
});
