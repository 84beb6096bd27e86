import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RedisPricingStore } from '../../src/accounts/pricing-store.ts';
import type { App } from '../../src/app.ts';
import { formatMoney } from '../../src/domain/money.ts';
import type { StoredOrder } from '../../src/orders/types.ts';
import type { ChatMessage } from '../../src/sandbox/telegram/types.ts';
import { ADMIN, AGENT, RESELLER, startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { shownAs } from '../support/names.ts';
import { ask, eventually } from './agents-support.ts';
import { FAST_CHATS, FAST_USER, PROMPT, WAIT, buttonTexts, say, tap, typeToQuote } from './flow/helpers.ts';

interface SandboxQuote {
  quote_token: string;
  merchant_price: string;
  merchant_currency: string;
}

/** An amount as a whole word: "0.31 USD" matches in "pays: 0.31 USD" but not in "10.31 USD". */
function standalone(amount: string): RegExp {
  return new RegExp(`(^|[^\\d.,])${amount.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

// Margins over the real app, the sandbox, the stand-in and Redis: /pricing, what each role sees, /stats.
describe('prices with a margin', () => {
  let world: BotWorld;
  let app: App;
  let rules: RedisPricingStore;

  beforeAll(async () => {
    world = await startBotWorld({ env: FAST_USER, overrides: FAST_CHATS });
    app = world.apps[0]!;
    rules = app.pricing;
  });
  afterAll(async () => {
    await world?.close();
  });

  async function lastQuote(): Promise<SandboxQuote> {
    const quotes = (await world.control.get<{ results: SandboxQuote[] }>('quotes')).results;
    return quotes[quotes.length - 1]!;
  }

  /** The order whose status message is `message` (it names the merchant order number). */
  async function orderOf(message: ChatMessage): Promise<StoredOrder> {
    const ext = /rb-[\w-]+/.exec(message.text)?.[0];
    if (ext === undefined) throw new Error(`no order number in: ${message.text}`);
    return (await app.orders.service.get(ext))!;
  }

  it('/pricing refuses bad input with a clear answer and changes nothing; only admins may use it', async () => {
    const admin = world.standIn.driver.user({ id: ADMIN });
    const reseller = world.standIn.driver.user({ id: RESELLER });
    expect((await ask(reseller, '/pricing set default 50%')).text).toBe(
      'This command is not available for your role.',
    );
    const bad: Array<[string, RegExp]> = [
      ['/pricing set planet 3%', /Unknown scope "planet"/],
      ['/pricing set country Nigeria 3%', /"Nigeria" is not a two-letter country code/],
      ['/pricing set default', /Give a percentage/],
      ['/pricing set default 2.12345%', /"2\.12345%" is not a percentage/],
      ['/pricing set default 2% +1,00001', /is not a fixed fee/],
      ['/pricing set default 2% min 3 max 1', /minimum fee is above the maximum/],
      ['/pricing set default 2% 3%', /is given twice/],
      ['/pricing set default 2% banana', /I do not understand "banana"/],
      ['/pricing set country ZZ 2%', /catalogue has no country ZZ/],
      ['/pricing set operator NG NG-NOPE 2%', /catalogue has no operator NG-NOPE in NG/],
      [`/pricing set reseller ${AGENT} 2%`, new RegExp(`User ${AGENT} is not a reseller`)],
      ['/pricing frobnicate', /did not understand that command/],
    ];
    for (const [command, answer] of bad) {
      const reply = await ask(admin, command);
      expect(reply.text, command).toMatch(/^🚫/u);
      expect(reply.text, command).toMatch(answer);
    }
    expect((await ask(admin, '/pricing del country NG')).text).toBe(
      'There is no rule for Country NG; nothing changed.',
    );
    expect(await rules.list()).toEqual([]);
    expect(await rules.audit()).toEqual([]);
    // The list names the env default while no default rule is set.
    const list = await ask(admin, '/pricing');
    expect(list.text).toContain('Default (PRICE_MARGIN_PERCENT, no rule set in chat): 0 % + 0');
  });

  it('a reseller with a margin rule sees only their price; an admin sees the merchant price and the margin', async () => {
    const admin = world.standIn.driver.user({ id: ADMIN });
    const reseller = world.standIn.driver.user({ id: RESELLER });
    expect((await ask(admin, `/pricing set reseller ${RESELLER} 10% +0.05`)).text).toMatch(/^✅ Rule set/u);
    expect((await ask(admin, '/pricing set country NG 5% min 0.01')).text).toMatch(/^✅ Rule set/u);
    const list = await ask(admin, '/pricing');
    expect(list.text).toContain('Default (PRICE_MARGIN_PERCENT, no rule set in chat): 0 % + 0');
    expect(list.text).toContain('Country NG: 5 % + 0, at least 0.01');
    expect(list.text).toContain(`Reseller ${shownAs('Rita', RESELLER)}: 10 % + 0.05`);

    // The reseller: "Your credit pays" their price, rounded up to the cent; the merchant price nowhere.
    const quote = await typeToQuote(reseller, '08031239001');
    const q = await lastQuote();
    const currency = q.merchant_currency;
    const mine = new Decimal(q.merchant_price)
      .times('1.10')
      .plus('0.05')
      .toDecimalPlaces(2, Decimal.ROUND_UP);
    expect(quote.text).toContain(`Your credit pays: ${formatMoney(mine, currency)}`);
    expect(quote.text).not.toContain('wallet');
    reseller.press(quote, /✅/);
    const receipt = await reseller.waitForBotMessage((m) => m.text.startsWith('✅ Top-up delivered'), {
      ...WAIT,
      after: quote.id,
    });
    expect(receipt.text).toContain(`Paid from your credit: ${formatMoney(mine, currency)}`);
    const order = await orderOf(receipt);
    expect(order.quote.resellerPrice).toBe(mine.toFixed(2));
    expect(order.quote.merchantPrice).toBe(new Decimal(q.merchant_price).toFixed());
    // The status message, edited to its final status, names the reseller's price too.
    const status = await reseller.waitFor(
      (chat) =>
        chat.find(
          (m) => m.id === order.statusMessageId && m.text.startsWith('✅') && m.text.includes('Your credit'),
        ),
      WAIT,
    );
    expect(status.text).toContain(`Your credit: ${formatMoney(mine, currency)}`);

    // /status: the reseller sees what their credit paid; an admin both prices and the margin.
    const own = await ask(reseller, `/status ${order.externalOrderId}`, (m) => m.text.startsWith('✅'));
    expect(own.text).toContain(`Your credit paid: ${formatMoney(mine, currency)}`);
    expect(own.text).not.toContain('wallet');
    const staff = await ask(admin, `/status ${order.externalOrderId}`, (m) => m.text.startsWith('✅'));
    const margin = mine.minus(q.merchant_price);
    expect(staff.text).toContain(`The wallet paid: ${formatMoney(q.merchant_price, currency)}`);
    expect(staff.text).toContain(
      `The reseller paid: ${formatMoney(mine, currency)} (margin ${formatMoney(margin, currency)})`,
    );

    // A refunded order: the notices name the reseller's price and credit.
    const refundQuote = await typeToQuote(reseller, '08031231111');
    const refundPrice = new Decimal((await lastQuote()).merchant_price)
      .times('1.10')
      .plus('0.05')
      .toDecimalPlaces(2, Decimal.ROUND_UP);
    reseller.press(refundQuote, /✅/);
    const refunded = await reseller.waitForBotMessage((m) => m.text.startsWith('↩️ Refunded:'), {
      timeoutMs: 30_000,
      after: refundQuote.id,
    });
    expect(refunded.text).toContain(`${formatMoney(refundPrice, currency)} is back in your credit`);

    // Nothing the reseller was ever sent names a merchant price.
    const merchantPrices = (await world.control.get<{ results: SandboxQuote[] }>('quotes')).results.map((x) =>
      formatMoney(x.merchant_price, x.merchant_currency),
    );
    for (const message of reseller.chat().filter((m) => m.from === 'bot')) {
      for (const price of merchantPrices) expect(message.text).not.toMatch(standalone(price));
    }

    // The admin's own quote: the merchant price, and what resellers pay under the general rules (NG: 5 %).
    const adminQuote = await typeToQuote(admin, '08031239002');
    const aq = await lastQuote();
    const general = new Decimal(aq.merchant_price).times('1.05').toDecimalPlaces(2, Decimal.ROUND_UP);
    expect(adminQuote.text).toContain(`Your wallet pays: ${formatMoney(aq.merchant_price, currency)}`);
    expect(adminQuote.text).toContain(
      `Resellers pay ${formatMoney(general, currency)} (margin ${formatMoney(general.minus(aq.merchant_price), currency)})`,
    );
    admin.press(adminQuote, /✅/);
    const adminReceipt = await admin.waitForBotMessage((m) => m.text.startsWith('✅ Top-up delivered'), {
      ...WAIT,
      after: adminQuote.id,
    });
    const adminOrder = await orderOf(adminReceipt);
    expect(adminOrder.quote.resellerPrice).toBeUndefined();
    expect(adminReceipt.text).toContain(`Paid from wallet: ${formatMoney(aq.merchant_price, currency)}`);

    // /stats: revenue is what resellers paid (the admin's order at cost), cost the merchant prices; the
    // refunded order counts in neither.
    const stats = await ask(admin, '/stats', (m) => m.text.startsWith('📊'));
    const today = stats.text.split('\n\n')[0]!;
    const revenue = mine.plus(aq.merchant_price);
    const cost = new Decimal(q.merchant_price).plus(aq.merchant_price);
    expect(today).toContain(
      `💰 Revenue ${formatMoney(revenue, currency)} · cost ${formatMoney(cost, currency)} · margin ${formatMoney(revenue.minus(cost), currency)}`,
    );
    expect(today).toContain(
      `• ${shownAs('Rita', RESELLER)}: ${formatMoney(mine, currency)} / ${formatMoney(q.merchant_price, currency)} / ${formatMoney(margin, currency)}`,
    );
    expect(today).toContain(
      `• ${shownAs('Ada', ADMIN)}: ${formatMoney(aq.merchant_price, currency)} / ${formatMoney(aq.merchant_price, currency)} / ${formatMoney('0', currency)}`,
    );
    expect(today).toContain(
      `• MTN Nigeria: ${formatMoney(revenue, currency)} / ${formatMoney(cost, currency)} / ${formatMoney(revenue.minus(cost), currency)}`,
    );
  }, 90_000);

  // No replica caches rules (each quote reads them from Redis: pricing-store.test.ts shows two stores on one
  // Redis), so a change is seen by the next quote wherever it runs.
  it('a rule change applies to the next quote at once; deleting it falls back to the next scope', async () => {
    const admin = world.standIn.driver.user({ id: ADMIN });
    const reseller = world.standIn.driver.user({ id: RESELLER });
    await ask(admin, `/pricing set reseller ${RESELLER} 20%`, (m) => m.text.startsWith('✅'));
    const quote = await typeToQuote(reseller, '08031239003');
    const q = await lastQuote();
    const expected = new Decimal(q.merchant_price).times('1.2').toDecimalPlaces(2, Decimal.ROUND_UP);
    expect(quote.text).toContain(`Your credit pays: ${formatMoney(expected, q.merchant_currency)}`);
    reseller.sendCommand('/cancel');
    await reseller.waitForBotMessage((m) => m.text.includes('cancelled'), { ...WAIT, after: quote.id });
    expect((await ask(admin, `/pricing del reseller ${RESELLER}`)).text).toBe(
      `🗑 Rule deleted: Reseller ${shownAs('Rita', RESELLER)}.`,
    );
    // Back to the country rule: 5 %, at least 0.01.
    const next = await typeToQuote(reseller, '08031239004');
    const n = await lastQuote();
    const fee = Decimal.max(new Decimal(n.merchant_price).times('0.05'), '0.01');
    const byCountry = new Decimal(n.merchant_price).plus(fee).toDecimalPlaces(2, Decimal.ROUND_UP);
    expect(next.text).toContain(`Your credit pays: ${formatMoney(byCountry, n.merchant_currency)}`);
    expect(next.text).toContain(PROMPT.quote);
    await eventually(async () => (await rules.audit()).length >= 4);
  }, 60_000);

  it('amount buttons name what the line gets and what the viewer pays, data plans too; a data quote names the plan', async () => {
    const admin = world.standIn.driver.user({ id: ADMIN });
    const reseller = world.standIn.driver.user({ id: RESELLER });
    await ask(admin, `/pricing set reseller ${RESELLER} 10% +0.05`, (m) => m.text.startsWith('✅'));
    const plans = [
      ['350', '1 GB, 1 day'],
      ['1000', '1.5 GB, 30 days'],
      ['2000', '4.5 GB, 30 days'],
      ['5000', '15 GB, 30 days'],
    ] as const;
    // What the service charges for each plan, asked here the way the bot asks.
    const merchant = await Promise.all(
      plans.map(([amount]) =>
        app.merchant.createQuote({
          country: 'NG',
          operatorKey: 'NG-MTN',
          amount,
          localCurrency: 'NGN',
          subtype: 'data',
        }),
      ),
    );
    const target = { country: 'NG', operatorKey: 'NG-MTN', resellerId: RESELLER };
    const toData = async (user: typeof reseller) => {
      await say(user, '/topup', PROMPT.country);
      await say(user, 'Nigeria', PROMPT.operator);
      await say(user, 'MTN', PROMPT.subtype);
      return say(user, 'Data', PROMPT.amount);
    };

    const amounts = await toData(reseller);
    const labels = buttonTexts(amounts);
    for (const [i, [, label]] of plans.entries()) {
      const q = merchant[i]!;
      const mine = await rules.priceFor(target, q.merchantPrice.toFixed(), q.merchantCurrency);
      expect(labels).toContain(`${label} · ${formatMoney(mine, q.merchantCurrency)}`);
      // A reseller never sees the merchant price.
      expect(labels.join('\n')).not.toContain(
        `${label} · ${formatMoney(q.merchantPrice, q.merchantCurrency)}`,
      );
    }
    await tap(reseller, amounts, /^1\.5 GB, 30 days/, PROMPT.phone);
    const quote = await say(reseller, '08031239005', PROMPT.quote);
    expect(quote.text).toContain('Product: Data — 1.5 GB, 30 days');
    reseller.sendCommand('/cancel');
    await reseller.waitForBotMessage((m) => m.text.includes('cancelled'), { ...WAIT, after: quote.id });

    // An admin sees the merchant price on the same buttons.
    const forAdmin = buttonTexts(await toData(admin));
    for (const [i, [, label]] of plans.entries()) {
      const q = merchant[i]!;
      expect(forAdmin).toContain(`${label} · ${formatMoney(q.merchantPrice, q.merchantCurrency)}`);
    }
    admin.sendCommand('/cancel');
  }, 60_000);
});
