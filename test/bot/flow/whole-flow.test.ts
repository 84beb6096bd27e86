import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, RESELLER, startBotWorld, type BotWorld } from '../../support/bot-world.ts';
import {
  FAST_USER,
  PROMPT,
  WAIT,
  buttonTexts,
  say,
  tap,
  waitForOrderLine,
  waitForOrders,
  waitForRepeatButtons,
} from './helpers.ts';

// The whole guided flow over the real app, the Merchant API sandbox, the Bot API stand-in and Redis.
describe('top-up flow: start to order', () => {
  let world: BotWorld;
  beforeAll(async () => {
    world = await startBotWorld({ env: FAST_USER });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('range operator with a subtype choice, by buttons: NG-MTN airtime 750', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    const country = await say(user, '/topup', PROMPT.country);
    const operator = await tap(user, country, /Nigeria/, PROMPT.operator);
    expect(operator.text).toContain('cannot be reversed');
    const subtype = await tap(user, operator, /^MTN Nigeria/, PROMPT.subtype);
    expect(buttonTexts(subtype)).toEqual(expect.arrayContaining(['Airtime', 'Data', 'Bundle']));
    const amount = await tap(user, subtype, 'Airtime', PROMPT.amount);
    expect(amount.text).toContain('between 50.00 and 50,000.00 NGN.');
    const phone = await say(user, '750', PROMPT.phone);
    const quote = await say(user, '+234 803 123 4500', PROMPT.quote);
    expect(quote.text).toContain('MTN Nigeria');
    expect(quote.text).toContain('+234 803 123 4500');
    expect(quote.text).toContain('Airtime');
    // Exactly one ✅ and one ❌ on the quote.
    expect(buttonTexts(quote).filter((b) => b.includes('✅'))).toHaveLength(1);
    expect(buttonTexts(quote).filter((b) => b.includes('❌'))).toHaveLength(1);
    expect(phone.id).toBeLessThan(quote.id);
    user.press(quote, /✅/);
    const line = await waitForOrderLine(user);
    const orders = await waitForOrders(world, '2348031234500', 1);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.operator.operator_key).toBe('NG-MTN');
    expect(orders[0]!.subtype).toBe('airtime');
    expect(orders[0]!.local_amount).toMatch(/^750(\.0+)?$/);
    expect(line.text).toContain(orders[0]!.order_id);
  });

  it('fixed amounts with a subtype choice, by typing: NG-MTN data plan', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    await say(user, '/topup', PROMPT.country);
    await say(user, 'ng', PROMPT.operator);
    await say(user, 'mtn', PROMPT.subtype);
    const amount = await say(user, 'data', PROMPT.amount);
    // Each plan's button names what the line gets and what the reseller pays.
    expect(buttonTexts(amount)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^1 GB, 1 day · \d+\.\d\d USD$/),
        expect.stringMatching(/^15 GB, 30 days · \d+\.\d\d USD$/),
      ]),
    );
    // Inside the bounds but not one of the fixed values.
    const refusal = await say(user, '400', 'not offered');
    expect(refusal.text).toContain('350.00, 1,000.00, 2,000.00, 5,000.00 NGN.');
    await say(user, '1000', PROMPT.phone);
    const quote = await say(user, '0803-123-4501', PROMPT.quote);
    expect(quote.text).toContain('Data');
    user.press(quote, /✅/);
    const orders = await waitForOrders(world, '2348031234501', 1);
    expect(orders.map((o) => [o.subtype, o.local_currency])).toEqual([['data', 'NGN']]);
    expect(orders[0]!.local_amount).toMatch(/^1000(\.0+)?$/);
  });

  it('fixed-amount operator with a currency choice, by buttons: HT-DIGICEL in USD', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    const country = await say(user, '/topup', PROMPT.country);
    // Paging edits the same message.
    user.press(country, /Next/);
    const waitPage = await user.waitFor(
      (chat) =>
        chat.find((m) => m.id === country.id && m.buttons.flat().some((b) => b.text.includes('Haiti'))),
      WAIT,
    );
    const operator = await tap(user, waitPage, /Haiti/, PROMPT.operator);
    const currency = await tap(user, operator, /^Digicel Haiti/, PROMPT.currency);
    expect(buttonTexts(currency)).toEqual(expect.arrayContaining(['HTG', 'USD']));
    const amount = await tap(user, currency, 'USD', PROMPT.amount);
    expect(buttonTexts(amount)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^US\$5 airtime · \d+\.\d\d USD$/),
        expect.stringMatching(/^US\$10 airtime · /),
      ]),
    );
    const phone = await tap(user, amount, /^US\$10 airtime/, PROMPT.phone);
    expect(phone.text).toContain('Haiti');
    const quote = await say(user, '3412 3401', PROMPT.quote);
    expect(quote.text).toContain('Digicel Haiti');
    user.press(quote, /✅/);
    const orders = await waitForOrders(world, '50934123401', 1);
    expect(orders.map((o) => [o.operator.operator_key, o.local_currency])).toEqual([['HT-DIGICEL', 'USD']]);
    expect(orders[0]!.local_amount).toMatch(/^10(\.0+)?$/);
  });

  it('currency choice by typing: HT-DIGICEL in HTG', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    await say(user, '/topup', PROMPT.country);
    await say(user, 'Haiti', PROMPT.operator);
    await say(user, 'Digicel', PROMPT.currency);
    await say(user, 'htg', PROMPT.amount);
    await say(user, '250', PROMPT.phone);
    const quote = await say(user, '+509 34 12 3402', PROMPT.quote);
    user.press(quote, /✅/);
    const orders = await waitForOrders(world, '50934123402', 1);
    expect(orders.map((o) => [o.local_currency, o.local_amount.replace(/\.0+$/, '')])).toEqual([
      ['HTG', '250'],
    ]);
  });

  it('a Spanish-speaking reseller gets the flow in Spanish, typed names still work', async () => {
    const id = 710_000_101;
    world.standIn.driver.user({ id, firstName: 'Rosa', languageCode: 'es', started: true });
    await world.apps[0]!.roles.change(ADMIN, id, 'reseller');
    const user = world.standIn.driver.user({ id });
    await say(user, '/topup', '¿En qué país');
    await say(user, 'Nigeria', '¿Qué operador');
    await say(user, 'MTN', /./);
    await say(user, 'airtime', /./);
    await say(user, '300', /./);
    const quote = await say(user, '08031234560', 'Revise esta recarga');
    expect(buttonTexts(quote)).toEqual(expect.arrayContaining(['✅ Realizar pedido', '❌ Cancelar']));
    user.press(quote, /✅/);
    expect(await waitForOrders(world, '2348031234560', 1)).toHaveLength(1);
  });

  it('an option typed without its accents is taken (a French reseller types "credit" for Crédit)', async () => {
    const id = 710_000_102;
    world.standIn.driver.user({ id, firstName: 'Rémi', languageCode: 'fr', started: true });
    await world.apps[0]!.roles.change(ADMIN, id, 'reseller');
    const user = world.standIn.driver.user({ id });
    await say(user, '/topup', 'Dans quel pays');
    await say(user, 'Nigeria', 'Quel opérateur');
    const subtype = await say(user, 'MTN', /./);
    expect(buttonTexts(subtype)).toEqual(expect.arrayContaining(['Crédit']));
    await say(user, 'credit', 'quel montant');
    await say(user, '/cancel', /./);
  });

  it('after an order: recent countries first, recent numbers masked, repeat buttons', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    // The earlier tests in this file placed orders to Haiti last, then Nigeria.
    const country = await say(user, '/topup', PROMPT.country);
    const first = buttonTexts(country)[0]!;
    expect(first).toContain('⭐');
    expect(first).toContain('Haiti');
    expect(buttonTexts(country).some((b) => b.startsWith('⭐') && b.includes('Nigeria'))).toBe(true);
    await say(user, 'Haiti', PROMPT.operator);
    await say(user, 'Digicel', PROMPT.currency);
    await say(user, 'htg', PROMPT.amount);
    const phone = await say(user, '100', PROMPT.phone);
    const recent = buttonTexts(phone).filter((b) => b.startsWith('📱'));
    expect(recent.length).toBeGreaterThanOrEqual(2);
    expect(recent.join(' ')).not.toContain('34123402');
    expect(recent.join(' ')).toContain('3402');
    const quote = await tap(user, phone, (recent[0] ?? '') as string, PROMPT.quote);
    expect(quote.text).toContain('+509 34 12 3402');
    user.press(quote, /✅/);
    // The quote's message is the order's status message now, with the 🔁 buttons under it.
    const next = await waitForRepeatButtons(user, quote);
    expect(buttonTexts(next)).toHaveLength(2);
    await waitForOrders(world, '50934123402', 2);
    // The same number is refused while an order to it is unfinished: wait for the order to end.
    await waitUntilSettled(world, '50934123402');
    const again = await tap(user, next, /Same number and amount/, PROMPT.quote);
    expect(again.text).toContain('+509 34 12 3402');
    expect(again.text).toContain('100');
    user.press(again, /✅/);
    const three = await waitForOrders(world, '50934123402', 3);
    expect(three).toHaveLength(3);
    await waitUntilSettled(world, '50934123402');
    const amount = await tap(user, next, /another amount/, PROMPT.amount);
    const quote4 = await tap(user, amount, 'G 500 airtime', PROMPT.quote);
    expect(quote4.text).toContain('+509 34 12 3402');
    user.press(quote4, /✅/);
    const four = await waitForOrders(world, '50934123402', 4);
    expect(four.map((o) => o.local_amount.replace(/\.0+$/, '')).sort()).toEqual(['100', '100', '250', '500']);
  });
});

/** Waits until the bot holds no unfinished order to the number (what the same-number guard checks). */
async function waitUntilSettled(world: BotWorld, account: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if ((await world.apps[0]!.orders.service.unfinishedForAccount(account)) === null) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`orders to ${account} did not settle`);
}
