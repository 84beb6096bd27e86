import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, RESELLER, startBotWorld, type BotWorld } from '../../support/bot-world.ts';
import { FAST_USER, typeToQuote, waitForOrderLine, waitForOrders } from './helpers.ts';

interface SandboxQuote {
  quote_token: string;
}

// The spec calls the quote token opaque and promises no uniqueness: the sandbox's duplicate_quote_token
// fault hands out one token for identical quotes, and each confirmed quote must still be its own order.
describe('merchant order numbers: one per confirmed quote, even when quote tokens repeat', () => {
  let world: BotWorld;
  beforeAll(async () => {
    world = await startBotWorld({ env: FAST_USER });
  });
  afterEach(async () => {
    await world.control.del('faults');
  });
  afterAll(async () => {
    await world?.close();
  });

  async function lastTokens(n: number): Promise<string[]> {
    const quotes = (await world.control.get<{ results: SandboxQuote[] }>('quotes')).results;
    return quotes.slice(-n).map((q) => q.quote_token);
  }

  it('two users with identical quotes sharing one token get two merchant order numbers, and both are placed', async () => {
    await world.control.post('faults', { kind: 'duplicate_quote_token' });
    const rita = world.standIn.driver.user({ id: RESELLER });
    const ada = world.standIn.driver.user({ id: ADMIN });
    const first = await typeToQuote(rita, '08031234870');
    const second = await typeToQuote(ada, '08031234871');
    const [a, b] = await lastTokens(2);
    expect(a).toBe(b);

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
    await world.control.post('faults', { kind: 'duplicate_quote_token' });
    const rita = world.standIn.driver.user({ id: RESELLER });
    const first = await typeToQuote(rita, '08031234872');
    rita.press(first, /✅/);
    const one = await waitForOrders(world, '2348031234872', 1, 30_000);
    expect(one).toHaveLength(1);

    const second = await typeToQuote(rita, '08031234873');
    const [a, b] = await lastTokens(2);
    expect(a).toBe(b);
    rita.press(second, /✅/);
    const two = await waitForOrders(world, '2348031234873', 1, 30_000);
    expect(two).toHaveLength(1);
    expect(two[0]!.external_order_id).not.toBe(one[0]!.external_order_id);
  });
});
