import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESELLER, STRANGER, startBotWorld, type BotWorld } from '../../support/bot-world.ts';
import { FAST_USER, PROMPT, WAIT, buttonTexts, quoteRequestCount, say, waitForOrders } from './helpers.ts';

// What people type: bad amounts and numbers, the one-line /topup, shared contacts, and strangers.
describe('top-up flow: typed input', () => {
  let world: BotWorld;
  beforeAll(async () => {
    world = await startBotWorld({ env: FAST_USER });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('an unknown user is refused with their numeric ID and no Merchant API call is made', async () => {
    const before = await world.merchantRequestCount();
    const stranger = world.standIn.driver.user({ id: STRANGER });
    const refusal = await say(stranger, '/topup', String(STRANGER));
    expect(refusal.text).toContain('may not use this bot');
    await say(stranger, '/topup +2348031234567 500 MTN', String(STRANGER));
    await say(stranger, 'Nigeria', String(STRANGER));
    const contact = stranger.sendContact('+2348031234567');
    await stranger.waitForBotMessage((m) => m.text.includes(String(STRANGER)), {
      ...WAIT,
      after: contact.messageId,
    });
    const { queryId } = stranger.pressData(refusal.id, 'rp:s:rb-anything');
    const answer = await stranger.waitForCallbackAnswer(queryId, WAIT);
    expect(answer.text).toContain('may not use');
    expect(await world.merchantRequestCount()).toBe(before);
  });

  it('every bad amount gets its own answer and a new try; nothing is quoted', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    await say(user, '/topup', PROMPT.country);
    await say(user, 'Nigeria', PROMPT.operator);
    await say(user, 'MTN', PROMPT.subtype);
    await say(user, 'Airtime', PROMPT.amount);
    const quotes = await quoteRequestCount(world);
    const cases: Array<[string, string]> = [
      ['five hundred', 'That is not a number'],
      ['0', 'must be more than zero'],
      ['-500', 'cannot be negative'],
      ['10', 'below the minimum of 50.00 NGN'],
      ['60000', 'above the maximum of 50,000.00 NGN'],
      ['100.12345', 'at most 4 decimal places'],
      ['1e3', 'without exponents'],
      ['9'.repeat(300), 'far too long'],
      ['1.500', 'cannot tell which is the decimal separator'],
    ];
    for (const [typed, answer] of cases) {
      const reply = await say(user, typed, /./);
      expect(reply.text, `answer to ${typed.slice(0, 20)}`).toContain(answer);
    }
    expect(await quoteRequestCount(world)).toBe(quotes);
    // Still at the amount step: a good amount moves on.
    await say(user, '1,500.50', PROMPT.phone);
    const phones: Array<[string, string]> = [
      ['12345', 'not a valid phone number for Nigeria'],
      ['hello', 'not a valid phone number for Nigeria'],
      ['+254 712 345 678', 'belongs to another country'],
      ['0803 123 4567 8901 2345 6789', 'too long'],
    ];
    for (const [typed, answer] of phones) {
      const reply = await say(user, typed, /./);
      expect(reply.text, `answer to ${typed}`).toContain(answer);
    }
    expect(await quoteRequestCount(world)).toBe(quotes);
    const quote = await say(user, '(0803) 123-4530', PROMPT.quote);
    expect(quote.text).toContain('+234 803 123 4530');
    expect(quote.text).toContain('1,500.50 NGN');
    expect(await quoteRequestCount(world)).toBe(quotes + 1);
    await say(user, '/cancel', 'cancelled');
  });

  it('a fixed-line number is refused as not mobile', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    await say(user, '/topup', PROMPT.country);
    await say(user, 'KE', PROMPT.operator);
    await say(user, 'Safaricom', PROMPT.subtype);
    await say(user, 'Airtime', PROMPT.amount);
    await say(user, '100', PROMPT.phone);
    const quotes = await quoteRequestCount(world);
    const reply = await say(user, '020 2012345', /./);
    expect(reply.text).toContain('not a mobile number');
    expect(await quoteRequestCount(world)).toBe(quotes);
    await say(user, '0712 345 601', PROMPT.quote);
    await say(user, '/cancel', 'cancelled');
  });

  it('one-line top-up with everything known goes straight to the quote', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    const quote = await say(user, '/topup +2348031234540 500 MTN', PROMPT.quote);
    expect(quote.text).toContain('+234 803 123 4540');
    expect(quote.text).toContain('500.00 NGN');
    expect(quote.text).toContain('Airtime');
    user.press(quote, /✅/);
    const orders = await waitForOrders(world, '2348031234540', 1);
    expect(orders.map((o) => [o.operator.operator_key, o.subtype])).toEqual([['NG-MTN', 'airtime']]);
  });

  it('one-line top-up: a phone with spaces, no operator: asks only the operator', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    const operator = await say(user, '/topup +234 803 123 4541 700', PROMPT.operator);
    expect(operator.text).toContain('Nigeria');
    const quote = await say(user, 'Airtel', PROMPT.quote);
    expect(quote.text).toContain('Airtel Nigeria');
    expect(quote.text).toContain('+234 803 123 4541');
    expect(quote.text).toContain('700.00 NGN');
    await say(user, '/cancel', 'cancelled');
  });

  it('one-line top-up: an unknown operator is said so, then the list is shown', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    const sent = user.sendCommand('/topup +2348031234544 500 Vodafone');
    await user.waitForBotMessage((m) => m.text.includes('No operator matches “Vodafone”'), {
      ...WAIT,
      after: sent.messageId,
    });
    await user.waitForBotMessage((m) => m.text.includes(PROMPT.operator), { ...WAIT, after: sent.messageId });
    const quote = await say(user, 'Glo', PROMPT.quote);
    expect(quote.text).toContain('Glo Mobile');
    await say(user, '/cancel', 'cancelled');
  });

  it('one-line top-up: the amount settles the currency of a two-currency operator', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    // Digicel Haiti sells 10 only in USD.
    const quote = await say(user, '/topup +509 3412 3460 10 digicel', PROMPT.quote);
    expect(quote.text).toContain('10.00 USD');
    expect(quote.text).toContain('+509 34 12 3460');
    await say(user, '/cancel', 'cancelled');
  });

  it('one-line top-up: an ambiguous amount asks the subtype', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    // 1000 NGN is both an airtime amount and a data plan at MTN.
    const subtype = await say(user, '/topup +2348031234542 1000 mtn', PROMPT.subtype);
    expect(buttonTexts(subtype)).toEqual(expect.arrayContaining(['Airtime', 'Data']));
    const quote = await say(user, 'data', PROMPT.quote);
    expect(quote.text).toContain('Data');
    expect(quote.text).toContain('1,000.00 NGN');
    await say(user, '/cancel', 'cancelled');
  });

  it('one-line top-up: a bad phone is explained and the guided flow asks the country', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    const sent = user.sendCommand('/topup +99912 500');
    await user.waitForBotMessage((m) => m.text.includes('international format'), {
      ...WAIT,
      after: sent.messageId,
    });
    await user.waitForBotMessage((m) => m.text.includes(PROMPT.country), { ...WAIT, after: sent.messageId });
    await say(user, '/cancel', 'cancelled');
  });

  it('one-line top-up: a bad amount is explained and the amount is asked', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    const quotes = await quoteRequestCount(world);
    const sent = user.sendCommand('/topup +2348031234543 12e5 MTN');
    await user.waitForBotMessage((m) => m.text.includes('without exponents'), {
      ...WAIT,
      after: sent.messageId,
    });
    await user.waitForBotMessage((m) => m.text.includes(PROMPT.subtype), { ...WAIT, after: sent.messageId });
    await say(user, 'airtime', PROMPT.amount);
    expect(await quoteRequestCount(world)).toBe(quotes);
    const quote = await say(user, '800', PROMPT.quote);
    expect(quote.text).toContain('+234 803 123 4543');
    await say(user, '/cancel', 'cancelled');
  });

  it('a shared contact at the phone step is taken as the number (with or without +)', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    await say(user, '/topup', PROMPT.country);
    await say(user, 'Nigeria', PROMPT.operator);
    await say(user, 'MTN', PROMPT.subtype);
    await say(user, 'Airtime', PROMPT.amount);
    await say(user, '600', PROMPT.phone);
    const sent = user.sendContact('2348031234550');
    const quote = await user.waitForBotMessage((m) => m.text.includes(PROMPT.quote), {
      ...WAIT,
      after: sent.messageId,
    });
    expect(quote.text).toContain('+234 803 123 4550');
    user.press(quote, /✅/);
    const orders = await waitForOrders(world, '2348031234550', 1);
    expect(orders).toHaveLength(1);
  });

  it('a shared contact without + at the country step picks the country too', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    await say(user, '/topup', PROMPT.country);
    const sent = user.sendContact('2348031234552');
    await user.waitForBotMessage((m) => m.text.includes(PROMPT.operator) && m.text.includes('Nigeria'), {
      ...WAIT,
      after: sent.messageId,
    });
    await say(user, 'MTN', PROMPT.subtype);
    await say(user, 'Airtime', PROMPT.amount);
    const quote = await say(user, '450', PROMPT.quote);
    expect(quote.text).toContain('+234 803 123 4552');
    await say(user, '/cancel', 'cancelled');
  });

  it('a shared contact at the country step picks the country and keeps the number', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    await say(user, '/topup', PROMPT.country);
    const sent = user.sendContact('+254 712 345 651');
    await user.waitForBotMessage((m) => m.text.includes(PROMPT.operator) && m.text.includes('Kenya'), {
      ...WAIT,
      after: sent.messageId,
    });
    await say(user, 'Safaricom', PROMPT.subtype);
    await say(user, 'Airtime', PROMPT.amount);
    const quote = await say(user, '150', PROMPT.quote);
    expect(quote.text).toContain('+254 712 345651');
    await say(user, '/cancel', 'cancelled');
  });
});
