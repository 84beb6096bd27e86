import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, RESELLER, startBotWorld, type BotWorld } from '../../support/bot-world.ts';
import { FAST_USER, typeToQuote, waitForOrderLine, waitForOrders } from './helpers.ts';

// One quote token serves every top-up of a product while it lasts (merchant/shared-quotes.ts), and the spec
// promises no uniqueness of tokens anyway: each confirmed quote must still be its own order.
describe('merchant order numbers: one per confirmed quote, even when quote tokens repeat', () => {
  let world: BotWorld;
  beforeAll(async () => {
    world = await startBotWorld({ env: FAST_USER });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('two users with identical quotes sharing one token get two merchant order numbers, and both are placed', async () => {
    const rita = world.standIn.driver.user({ id: RESELLER });
    const ada = world.standIn.driver.user({ id: ADMIN });
    const first = await typeToQuote(rita, '08031234870');
    // One token: the account's shared quote.
    const second = await typeToQuote(ada, '08031234871');

    rita.press(first, /✅/);
    ada.press(second, /✅/);
    const toRita = await waitForOrders(world, '2348031234870', 1, 30_000);
    const toAda = await waitForOrders(world, '2348031234871', 1, 30_000);
    expect(toRita).toHaveLength(1);
    expect(toAda).toHaveLength(1);
    expect(toRita[0]!.quote_token).toBe(toAda[0]!.quote_token);
    expect(toRita[0]!.external_order_id).not.toBe(toAda[0]!.external_order_id);
    await waitForOrderLine(rita);
    await waitForOrderLine(ada);
  });

  it('two flows of one user with identical quotes sharing one token are two orders', async () => {
    const rita = world.standIn.driver.user({ id: RESELLER });
    const first = await typeToQuote(rita, '08031234872');
    rita.press(first, /✅/);
    const one = await waitForOrders(world, '2348031234872', 1, 30_000);
    expect(one).toHaveLength(1);

    const second = await typeToQuote(rita, '08031234873');
    rita.press(second, /✅/);
    const two = await waitForOrders(world, '2348031234873', 1, 30_000);
    expect(two).toHaveLength(1);
    expect(two[0]!.quote_token).toBe(one[0]!.quote_token);
    expect(two[0]!.external_order_id).not.toBe(one[0]!.external_order_id);
  });
});
