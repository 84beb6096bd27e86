import { Decimal } from 'decimal.js';
import { InputFile, type Transformer } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { formatMoney } from '../../src/domain/money.ts';
import { orderKeys } from '../../src/orders/keys.ts';
import type { OrderIntent, StoredOrder } from '../../src/orders/types.ts';
import { ADMIN, AGENT, RESELLER, startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { ask as askAny, eventually, ngNumber, orderIntent } from '../bot/agents-support.ts';
import type { StandInUser } from '../../src/sandbox/telegram/driver.ts';
import type { ChatMessage } from '../../src/sandbox/telegram/types.ts';
import { shownAs } from '../support/names.ts';

/**
 * The answer to a command: order status lines and admin alerts (they name a merchant order number) and the
 * reseller's credit notices arrive on their own and are not answers.
 */
const answer = (m: ChatMessage) =>
  !/rb-(\d{8}|[0-9a-z]{5}-)/.test(m.text) && !m.text.startsWith('💰 An admin');
const ask = (user: StandInUser, command: string, predicate: (m: ChatMessage) => boolean = answer) =>
  askAny(user, command, (m) => answer(m) && predicate(m));
import { FAST_CHATS, FAST_USER, WAIT, requestLog, typeToQuote } from '../bot/flow/helpers.ts';

const NEWCOMER = 710_000_090;
/** Rita as admins' answers name her once she has written to the bot (Nia, who never has, by her ID alone). */
const rita_ = shownAs('Rita', RESELLER);

/** The CSV documents the bot sent, read from the real sendDocument calls on their way to the stand-in. */
const sentDocuments: { name: string; text: string }[] = [];
const captureDocuments: Transformer = async (prev, method, payload, signal) => {
  if (method === 'sendDocument') {
    const file = (payload as { document?: unknown }).document as
      | { filename?: string; toRaw(): Promise<Uint8Array | Iterable<Uint8Array> | AsyncIterable<Uint8Array>> }
      | undefined;
    if (file !== undefined && typeof file.toRaw === 'function') {
      const raw = await file.toRaw();
      const chunks: Uint8Array[] = [];
      if (raw instanceof Uint8Array) chunks.push(raw);
      else for await (const chunk of raw) chunks.push(chunk);
      const bytes = Buffer.concat(chunks);
      sentDocuments.push({ name: file.filename ?? '', text: bytes.toString('utf8') });
      // A streamed document is read once: the stand-in gets the bytes read here.
      const copy = new InputFile(bytes, file.filename);
      return prev(method, { ...payload, document: copy } as typeof payload, signal);
    }
  }
  return prev(method, payload, signal);
};

describe('reseller credit: the ledger, holds that follow the order, limits and the books', () => {
  let world: BotWorld;
  let app: App;
  let currency: string;
  const m = (amount: Decimal | string) => formatMoney(new Decimal(amount).toFixed(), currency);

  beforeAll(async () => {
    world = await startBotWorld({
      env: { ...FAST_USER, RESELLER_START_CREDIT: '10' },
      overrides: FAST_CHATS,
    });
    app = world.apps[0]!;
    app.bot.bot.api.config.use(captureDocuments);
    currency = await app.accounts.currency();
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  async function balance(user = RESELLER) {
    return app.accounts.view(user);
  }

  /** Every ledger entry of the reseller sums to their balance (amounts) and their holds (held). */
  async function expectLedgerSums(user = RESELLER) {
    const entries = await app.accounts.allEntries(user);
    const view = await balance(user);
    const sum = entries.reduce((s, e) => s.plus(e.amount), new Decimal(0));
    const held = entries.reduce((s, e) => s.plus(e.held), new Decimal(0));
    expect(sum.toFixed()).toBe(new Decimal(view.balance).toFixed());
    expect(held.toFixed()).toBe(new Decimal(view.holds).toFixed());
  }

  async function creditedIntent(account: string, amount?: string): Promise<OrderIntent> {
    const intent = await orderIntent(app, { resellerId: RESELLER, account });
    // A reseller price in whole cents, as pricing gives it (the merchant price has 4 decimals).
    return { ...intent, credit: { amount: amount ?? '0.5' } };
  }

  async function entriesFor(ext: string) {
    return (await app.accounts.allEntries(RESELLER)).filter((e) => e.ref === ext).map((e) => e.kind);
  }

  async function waitClosed(ext: string, status: string): Promise<StoredOrder> {
    return eventually(async () => {
      const order = await app.orders.service.get(ext);
      return order?.status === status && order.credit?.state !== 'held' ? order : null;
    }, 30_000);
  }

  it('/credit refuses bad input with a clear answer and changes nothing', async () => {
    const admin = world.standIn.driver.user({ id: ADMIN });
    const cases: [string, RegExp][] = [
      [`/credit ${RESELLER} ten`, /^🚫 That is not an amount/],
      [`/credit ${RESELLER} 1.234`, new RegExp(`^🚫 Too many decimals: ${currency} has 2`)],
      [`/credit ${RESELLER} 0`, /^🚫 The amount must not be zero/],
      [`/credit 710000999 5`, /^🚫 710000999 has no role here/],
      [`/credit ${AGENT} 5`, new RegExp(`^🚫 ${AGENT} is not a reseller`)],
      [`/credit`, /^Send \/credit/],
    ];
    for (const [command, expected] of cases) {
      expect((await ask(admin, command)).text).toMatch(expected);
    }
    // Only the start credit of the reseller's first grant.
    expect((await app.accounts.allEntries(RESELLER)).map((e) => [e.kind, e.amount])).toEqual([
      ['start', '10.00'],
    ]);
    expect(await app.accounts.allEntries(AGENT)).toEqual([]);
    // A reseller may not give themselves credit.
    const rita = world.standIn.driver.user({ id: RESELLER });
    expect((await ask(rita, `/credit ${RESELLER} 5`)).text).toBe(
      'This command is not available for your role.',
    );
  });

  it('/credit adds and takes, never below zero; the answer names the balance, the reseller is told, the ledger names the admin', async () => {
    const admin = world.standIn.driver.user({ id: ADMIN });
    const rita = world.standIn.driver.user({ id: RESELLER });
    const before = rita.lastBotMessage()?.id ?? 0;
    expect((await ask(admin, `/credit ${RESELLER} 25 opening float`)).text).toBe(
      `${m('25')} added to ${rita_}. New balance: ${m('35')}.`,
    );
    const told = await rita.waitForBotMessage((msg) => msg.text.startsWith('💰'), { after: before });
    expect(told.text).toContain(m('35'));
    expect(told.text).toContain('opening float');
    expect((await ask(admin, `/credit ${RESELLER} -40`)).text).toBe(
      `🚫 Cannot take ${m('40')} from ${rita_}: their available credit (balance minus holds) is ${m('35')}, and it never goes below zero.`,
    );
    expect((await ask(admin, `/credit ${RESELLER} -15`)).text).toBe(
      `${m('15')} taken from ${rita_}. New balance: ${m('20')}.`,
    );
    const entries = await app.accounts.allEntries(RESELLER);
    expect(entries.map((e) => [e.kind, e.amount, e.balanceAfter, e.ref])).toEqual([
      ['start', '10.00', '10.00', `admin:${ADMIN}`],
      ['credit', '25.00', '35.00', `admin:${ADMIN}`],
      ['adjust', '-15.00', '20.00', `admin:${ADMIN}`],
    ]);
    await expectLedgerSums();
  });

  it('RESELLER_START_CREDIT is given on the first reseller grant only', async () => {
    const admin = world.standIn.driver.user({ id: ADMIN });
    world.standIn.driver.user({ id: NEWCOMER, firstName: 'Nia', languageCode: 'en', started: true });
    await ask(admin, `/grant ${NEWCOMER} reseller`);
    await ask(admin, `/revoke ${NEWCOMER}`);
    await ask(admin, `/grant ${NEWCOMER} reseller`);
    expect((await balance(NEWCOMER)).balance).toBe('10');
    expect((await app.accounts.allEntries(NEWCOMER)).map((e) => e.kind)).toEqual(['start']);
  });

  it('a succeeded order: the price is held when stored, then settled into one debit', async () => {
    const intent = await creditedIntent(ngNumber(11));
    const price = intent.credit!.amount;
    const result = await app.orders.service.submit(intent);
    expect(result.outcome).toBe('placed');
    const order = await waitClosed(intent.externalOrderId, 'succeeded');
    expect(order.credit).toMatchObject({ amount: price, state: 'settled' });
    expect(await entriesFor(intent.externalOrderId)).toEqual(['hold', 'debit']);
    const view = await balance();
    expect(view.balance).toBe(new Decimal(20).minus(price).toFixed());
    expect(view.holds).toBe('0');
    expect(view.spentToday).toBe(new Decimal(price).toFixed());
    await expectLedgerSums();
  });

  it('failed then refunded: the hold is released once, nothing is charged', async () => {
    const before = await balance();
    const intent = await creditedIntent(ngNumber(12, '1111'));
    await app.orders.service.submit(intent);
    await waitClosed(intent.externalOrderId, 'refunded');
    expect(await entriesFor(intent.externalOrderId)).toEqual(['hold', 'release']);
    const after = await balance();
    expect(after.balance).toBe(before.balance);
    expect(after.holds).toBe('0');
    expect(after.spentToday).toBe(before.spentToday);
    await expectLedgerSums();
  });

  it('a rejection by the service releases the hold', async () => {
    const before = await balance();
    const intent = await creditedIntent(ngNumber(13));
    intent.request = { ...intent.request, quoteToken: 'not-a-real-token' };
    const result = await app.orders.service.submit(intent);
    expect(result.outcome).toBe('rejected');
    expect(result.order.credit?.state).toBe('released');
    expect(await entriesFor(intent.externalOrderId)).toEqual(['hold', 'release']);
    expect((await balance()).available).toBe(before.available);
    await expectLedgerSums();
  });

  it('an order refused on our side that the service has after all takes its hold again, unchecked, and settles', async () => {
    const intent = await creditedIntent(ngNumber(14), '1');
    const store = app.orders.store;
    await store.create(intent, { token: 't', leaseMs: 60_000 });
    await store.markRejected(intent.externalOrderId, { key: 'amount', message: 'test refusal' });
    await app.accounts.credit(RESELLER, new Decimal(0).minus((await balance()).balance), {
      adminId: ADMIN,
      note: 'empty the account',
    });
    const revived = await store.applyRemote(
      intent.externalOrderId,
      { orderId: 'O-revived-1', status: 'processing' },
      'read',
    );
    expect(revived?.revived?.key).toBe('amount');
    expect((await balance()).available).toBe('-1');
    await store.applyRemote(intent.externalOrderId, { orderId: 'O-revived-1', status: 'succeeded' }, 'read');
    expect(await entriesFor(intent.externalOrderId)).toEqual(['hold', 'release', 'hold', 'debit']);
    expect(await balance()).toMatchObject({ balance: '-1', holds: '0' });
    await expectLedgerSums();
    await app.accounts.credit(RESELLER, new Decimal(21), { adminId: ADMIN, note: 'top the account up' });
  });

  it('taking credit leaves the open holds covered', async () => {
    const admin = world.standIn.driver.user({ id: ADMIN });
    const intent = await creditedIntent(ngNumber(19), '5');
    await app.orders.store.create(intent, { token: 't', leaseMs: 60_000 });
    expect(await balance()).toMatchObject({ balance: '20', holds: '5', available: '15' });
    expect((await ask(admin, `/credit ${RESELLER} -20`)).text).toBe(
      `🚫 Cannot take ${m('20')} from ${rita_}: their available credit (balance minus holds) is ${m('15')}, and it never goes below zero.`,
    );
    await app.orders.store.markRejected(intent.externalOrderId, { key: 'amount', message: 'test refusal' });
    expect(await balance()).toMatchObject({ balance: '20', holds: '0', available: '20' });
    await expectLedgerSums();
  });

  it('not enough credit: 🚫 naming the available credit and the price, and no order call', async () => {
    const intent = await creditedIntent(ngNumber(15), '1000');
    const result = await app.orders.service.submit(intent);
    expect(result.outcome).toBe('rejected');
    expect(result.order.rejection).toMatchObject({
      key: 'credit',
      figures: { available: '20', amount: '1000' },
    });
    const posts = (await requestLog(world)).filter((r) => r.external_order_id === intent.externalOrderId);
    expect(posts).toEqual([]);
    expect(await entriesFor(intent.externalOrderId)).toEqual([]);
    // Not among the reseller's orders, and the same confirmation again finds the same answer.
    const listed = await app.orders.service.listByReseller(RESELLER, { offset: 0, limit: 100 });
    expect(listed.orders.map((o) => o.externalOrderId)).not.toContain(intent.externalOrderId);
    expect((await app.orders.service.submit(intent)).outcome).toBe('rejected');
  });

  it('through the chat: ✅ beyond the credit answers 🚫 with the figures and sends no order', async () => {
    const admin = world.standIn.driver.user({ id: ADMIN });
    const rita = world.standIn.driver.user({ id: RESELLER });
    await ask(admin, `/credit ${RESELLER} -19.9`);
    const phone = ngNumber(16);
    const quote = await typeToQuote(rita, `+${phone}`);
    const postsBefore = (await requestLog(world)).filter(
      (r) => r.method === 'POST' && r.path.endsWith('/recharge/orders'),
    ).length;
    // The refusal is written on the quote's own message (it became the order's status message).
    rita.press(quote, /✅/);
    const refused = await rita.waitForBotMessage((msg) => msg.text.startsWith('🚫'), {
      ...WAIT,
      after: quote.id - 1,
    });
    expect(refused.text).toMatch(
      new RegExp(`^🚫 Not enough credit: available ${m('0.1').replace('.', '\\.')}, this top-up costs `),
    );
    const postsAfter = (await requestLog(world)).filter(
      (r) => r.method === 'POST' && r.path.endsWith('/recharge/orders'),
    ).length;
    expect(postsAfter).toBe(postsBefore);
    await ask(admin, `/credit ${RESELLER} 19.9`);
  });

  it('daily and per-order limits refuse with the limit, what is used and what is left', async () => {
    const admin = world.standIn.driver.user({ id: ADMIN });
    const spent = new Decimal((await balance()).spentToday);
    const price = new Decimal((await creditedIntent(ngNumber(17))).credit!.amount);
    // A daily limit leaving less than one more order.
    const limit = spent.plus(price).minus('0.01');
    expect((await ask(admin, `/limit ${RESELLER} ${limit.toFixed()}`)).text).toBe(
      `Daily limit of ${rita_}: ${m(limit)}.`,
    );
    const overDay = await app.orders.service.submit(await creditedIntent(ngNumber(17)));
    expect(overDay.order.rejection).toMatchObject({ key: 'daily-limit', figures: { used: spent.toFixed() } });
    // The day's spend lives three days from the day's first hold (set then, kept by the later holds).
    const days = await app.redis.keys(`${app.config.redis.prefix}acct:{${RESELLER}}:d:*`);
    expect(days).toHaveLength(1);
    const ttl = await app.redis.ttl(days[0]!);
    expect(ttl).toBeGreaterThan(2 * 86_400);
    expect(ttl).toBeLessThanOrEqual(3 * 86_400);
    expect((await ask(admin, `/limit ${RESELLER} off`)).text).toBe(`${rita_} has no daily limit now.`);
    expect((await ask(admin, `/limit ${RESELLER} order 0.49`)).text).toBe(
      `Per-order maximum of ${rita_}: ${m('0.49')}.`,
    );
    const overOrder = await app.orders.service.submit(await creditedIntent(ngNumber(18)));
    expect(overOrder.order.rejection).toMatchObject({
      key: 'order-limit',
      figures: { limit: '0.49', amount: '0.5' },
    });
    expect((await ask(admin, `/limit ${RESELLER} order off`)).text).toBe(
      `${rita_} has no per-order maximum now.`,
    );
    expect((await ask(admin, `/limit ${AGENT} 5`)).text).toMatch(/^🚫/);
    expect((await ask(admin, `/limit ${RESELLER} 1.001`)).text).toMatch(/^🚫 Too many decimals/);
    await expectLedgerSums();
  });

  it('/balance: the reseller sees balance, holds, available and today against the limit; an admin sees everyone and the wallet', async () => {
    const admin = world.standIn.driver.user({ id: ADMIN });
    const rita = world.standIn.driver.user({ id: RESELLER });
    await ask(admin, `/limit ${RESELLER} 100`);
    const view = await balance();
    const own = (await ask(rita, '/balance')).text.split('\n');
    expect(own[0]).toBe(`💰 Credit of ${RESELLER}`);
    expect(own[1]).toBe(
      `Balance ${m(view.balance)} · held ${m(view.holds)} · available ${m(view.available)}`,
    );
    expect(own[2]).toBe(
      `Today (UTC): ${m(view.spentToday)} of the daily limit ${m('100')}, ${m(new Decimal(100).minus(view.spentToday))} left`,
    );
    const all = (await ask(admin, '/balance')).text.split('\n');
    expect(all).toContain(`${rita_}: balance ${m(view.balance)}, available ${m(view.available)}`);
    expect(all).toContain(`${NEWCOMER}: balance ${m('10')}, available ${m('10')}`);
    // The spec documents no wallet balance on GET /account, and the sandbox reports none.
    expect(all.at(-1)).toBe(
      `Merchant wallet: the Merchant API does not report its balance (currency ${currency}).`,
    );
    const named = (await ask(admin, `/balance ${RESELLER}`)).text.split('\n');
    expect(named[0]).toBe(`💰 Credit of ${rita_}`);
    expect(named[1]).toBe(own[1]);
    expect((await ask(admin, `/balance ${AGENT}`)).text).toMatch(/^🚫/);
    await ask(admin, `/limit ${RESELLER} off`);
  });

  it('a low-credit threshold tells the reseller once when available falls below it', async () => {
    const rita = world.standIn.driver.user({ id: RESELLER });
    const available = new Decimal((await balance()).available);
    expect((await ask(rita, `/balance alert ${available.toFixed()}`)).text).toBe(
      `${RESELLER} is told when the available credit falls below ${m(available)}.`,
    );
    expect(await app.accounts.lowCreditCrossed(RESELLER)).toBe(false);
    await app.accounts.credit(RESELLER, new Decimal('-0.01'), { adminId: ADMIN, note: 'below' });
    expect(await app.accounts.lowCreditCrossed(RESELLER)).toBe(true);
    expect(await app.accounts.lowCreditCrossed(RESELLER)).toBe(false);
    await app.accounts.credit(RESELLER, new Decimal('0.01'), { adminId: ADMIN, note: 'back' });
    expect(await app.accounts.lowCreditCrossed(RESELLER)).toBe(false);
    // An admin's take that crosses it tells the reseller in their chat.
    const admin = world.standIn.driver.user({ id: ADMIN });
    const before = rita.lastBotMessage()?.id ?? 0;
    await ask(admin, `/credit ${RESELLER} -0.01`);
    const told = await rita.waitForBotMessage((msg) => msg.text.startsWith('⚠️'), { after: before });
    expect(told.text).toBe(
      `⚠️ Your available credit is ${m(available.minus('0.01'))}, below your alert threshold of ${m(available)}.`,
    );
    await ask(admin, `/credit ${RESELLER} 0.01`);
    expect((await ask(rita, '/balance alert off', (msg) => !msg.text.startsWith('💰'))).text).toBe(
      `No low-credit alert for ${RESELLER} now.`,
    );
  });

  it('/statement sends the ledger as CSV; its amounts sum to the balance change and the summary says so', async () => {
    const rita = world.standIn.driver.user({ id: RESELLER });
    const admin = world.standIn.driver.user({ id: ADMIN });
    const today = new Date().toISOString().slice(0, 10);
    const view = await balance();
    const sent = sentDocuments.length;
    // The documents come first (one here), then the summary of them all.
    const isSummary = (msg: { kind: string; text: string }) =>
      msg.kind === 'text' && msg.text.startsWith('Statement of');
    const message = await ask(rita, `/statement ${today} ${today}`, isSummary);
    expect(sentDocuments.length).toBe(sent + 1);
    const doc = sentDocuments[sent]!;
    expect(doc.name).toBe(`statement-${RESELLER}-${today}-${today}-1.csv`);
    const [header, ...rows] = doc.text.trimEnd().split('\r\n');
    const columns = header!.split(',');
    expect(columns).toEqual([
      'entry_id',
      'time',
      'kind',
      'amount',
      'held',
      'balance_after',
      'holds_after',
      'currency',
      'reference',
      'reference_name',
      'note',
    ]);
    const cells = rows.map((row) => row.split(','));
    const sum = cells.reduce((s, c) => s.plus(c[3]!), new Decimal(0));
    const closing = cells.at(-1)![5]!;
    expect(sum.toFixed()).toBe(new Decimal(closing).toFixed());
    expect(new Decimal(closing).eq(view.balance)).toBe(true);
    const credits = cells
      .filter((c) => new Decimal(c[3]!).gt(0))
      .reduce((s, c) => s.plus(c[3]!), new Decimal(0));
    const debits = cells
      .filter((c) => new Decimal(c[3]!).lt(0))
      .reduce((s, c) => s.minus(c[3]!), new Decimal(0));
    expect(message.text).toBe(
      `Statement of ${RESELLER}, ${today} to ${today}: opening ${m('0')}, credits ${m(credits)}, debits ${m(debits)}, closing ${m(closing)} (${rows.length} entries).`,
    );
    // A period before anything happened is empty, with the same opening and closing.
    const empty = await ask(rita, '/statement 2020-01-01 2020-01-31', isSummary);
    expect(empty.text).toContain(`opening ${m('0')}`);
    expect((await ask(rita, '/statement 2020-13-01', (msg) => msg.text.startsWith('Send'))).text).toMatch(
      /^Send \/statement/,
    );
    expect((await ask(rita, `/statement ${ADMIN}`, (msg) => msg.text.startsWith('This'))).text).toBe(
      'This command is not available for your role.',
    );
    const byAdmin = await ask(admin, `/statement ${RESELLER} ${today}`, isSummary);
    expect(byAdmin.text).toContain(`closing ${m(closing)}`);
    expect(byAdmin.text).toMatch(new RegExp(`^Statement of ${rita_}, `));
  });

  it('the order record keeps its credit in its stored form', async () => {
    const keys = orderKeys(app.config.redis.prefix);
    const some = (await app.accounts.allEntries(RESELLER)).find((e) => e.kind === 'debit')!;
    const stored = await app.redis.hget(keys.order(some.ref), 'data');
    expect(JSON.parse(stored!)).toHaveProperty('cr');
  });
});
