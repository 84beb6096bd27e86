/**
 * Our Merchant API client over real HTTP against the Merchant API sandbox, with a real request budget on a
 * private Redis. Every answer the client parses is checked against the sandbox's own books (ledger, orders,
 * quotes, request log) read through its control API, so a parsing slip or a double charge cannot hide.
 */
import { randomBytes } from 'node:crypto';
import { Decimal } from 'decimal.js';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRequestBudget, type RequestBudget } from '../../src/merchant/budget.ts';
import { createCatalogue, type CatalogueDeps } from '../../src/merchant/catalogue.ts';
import type { MerchantClient, MerchantClientDeps } from '../../src/merchant/client.ts';
import { isMerchantError, type AnyMerchantError } from '../../src/merchant/errors.ts';
import { formatMoney } from '../../src/merchant/records.ts';
import { isFinished } from '../../src/domain/status.ts';
import type { OrderRequest, Quote, QuoteRequest, RechargeOrder } from '../../src/merchant/types.ts';
import {
  COUNTRIES,
  DEMO_OTHER_API_KEY,
  DEMO_OTHER_MERCHANT_ID,
  FX_PER_USD,
  OPERATORS,
  createMerchantSandbox,
  type MerchantSandbox,
  type SandboxAddress,
} from '../../src/sandbox/merchant/index.ts';
import { startRedisServer, type RedisServerHandle } from '../support/redis.ts';
import { redisNowMs, waitFor } from './support/minute.ts';
import {
  recordingPool,
  sandboxBooks,
  type LedgerView,
  type RecordingPool,
  type RequestView,
  type SandboxBooks,
} from './support/sandbox-books.ts';
import { testBudget, testClient } from './support/setup.ts';

type CatalogueApi = CatalogueDeps['api'];

/** A third merchant with a tiny wallet, for the `balance` refusal. */
const SMALL_WALLET = {
  merchantId: 'M1000003',
  apiKey: 'sbx_test_small_wallet_7d41c0a95e2b',
  initialBalance: '1.0000',
};

let redisServer: RedisServerHandle;
let redis: Redis;
let sandbox: MerchantSandbox;
let address: SandboxAddress;
let books: SandboxBooks;
let budget: RequestBudget;
let recorder: RecordingPool;
let client: MerchantClient;
const opened: Array<{ close(): Promise<void> }> = [];
const connections: Redis[] = [];
let seq = 0;

function clientFor(overrides: Partial<MerchantClientDeps> = {}): MerchantClient {
  const made = testClient(
    { baseUrl: address.baseUrl, merchantId: sandbox.merchantId, apiKey: sandbox.apiKey },
    budget,
    overrides,
  );
  opened.push(made);
  return made;
}

function newRedis(): Redis {
  const connection = new Redis(redisServer.url);
  connections.push(connection);
  return connection;
}

// Fixed width, so no order number is a substring of another (the API's search matches substrings).
const orderNo = (tag: string): string => `ast-${process.pid}-${tag}-${String(++seq).padStart(5, '0')}`;

function sampleNumber(country: string): string {
  const found = COUNTRIES.find((c) => c.code === country);
  if (!found) throw new Error(`no sample number for ${country}`);
  return found.sampleNumber;
}

/** A valid mobile number of `country` whose last four digits pick a sandbox outcome. */
const withEnding = (country: string, ending: string): string =>
  `${sampleNumber(country).slice(0, -4)}${ending}`;

const NG_PHONE = sampleNumber('NG');

const mtn = (amount = '500'): QuoteRequest => ({
  country: 'NG',
  operatorKey: 'NG-MTN',
  amount,
  localCurrency: 'NGN',
  subtype: 'airtime',
});

function orderFor(quote: Quote, account: string, externalOrderId = orderNo('o')): OrderRequest {
  return {
    externalOrderId,
    country: quote.country,
    operatorKey: quote.operator.operatorKey,
    amount: quote.localAmount.toFixed(),
    localCurrency: quote.localCurrency,
    subtype: quote.subtype,
    account,
    quoteToken: quote.quoteToken,
  };
}

async function quoted(
  request: QuoteRequest,
  account = NG_PHONE,
  via: MerchantClient = client,
): Promise<{ quote: Quote; order: OrderRequest }> {
  const quote = await via.createQuote(request);
  return { quote, order: orderFor(quote, account) };
}

/** The published pricing rule, recomputed here from the sandbox's catalogue data. */
function expectedPrice(
  operatorKey: string,
  amount: string,
  localCurrency: string,
  walletCurrency = 'USD',
  markupPercent = '0',
): string {
  const D = Decimal.clone({ precision: 40 });
  const operator = OPERATORS.find((o) => o.key === operatorKey);
  const local = FX_PER_USD[localCurrency];
  const wallet = FX_PER_USD[walletCurrency];
  if (!operator || local === undefined || wallet === undefined) throw new Error('unknown price inputs');
  return new D(amount)
    .div(local)
    .mul(wallet)
    .mul(new D(1).minus(new D(operator.discountPercent).div(100)))
    .mul(new D(1).plus(new D(markupPercent).div(100)))
    .toFixed(4, Decimal.ROUND_HALF_UP);
}

async function failure(promise: Promise<unknown>): Promise<AnyMerchantError> {
  const outcome = await promise.then(
    () => new Error('expected the call to fail'),
    (error: unknown) => error,
  );
  if (!isMerchantError(outcome)) throw outcome;
  return outcome;
}

const debitsOf = (ledger: LedgerView, externalOrderId: string) =>
  ledger.results.filter((e) => e.kind === 'debit' && e.external_order_id === externalOrderId);

async function requestsTo(path: string, method?: string): Promise<RequestView[]> {
  const log = await books.requests({ path: `/api/v1${path}` });
  return log.results.filter((r) => method === undefined || r.method === method);
}

/** Polls the order through the client until it is finished, keeping every status seen. */
async function pollUntilFinished(
  orderId: string,
  via: MerchantClient = client,
): Promise<{ order: RechargeOrder; seen: string[] }> {
  const seen: string[] = [];
  let last: RechargeOrder | undefined;
  await waitFor(
    async () => {
      last = await via.getOrder(orderId);
      if (seen[seen.length - 1] !== last.status) seen.push(last.status);
      return isFinished(last.status);
    },
    30_000,
    `order ${orderId} to finish`,
  );
  if (!last) throw new Error('never read the order');
  return { order: last, seen };
}

/** `seen` appears in `path` in the same order (polling may skip short-lived statuses). */
function isSubsequence(seen: string[], path: string[]): boolean {
  let i = 0;
  for (const status of path) if (seen[i] === status) i += 1;
  return i === seen.length;
}

beforeAll(async () => {
  redisServer = await startRedisServer();
  redis = newRedis();
  sandbox = createMerchantSandbox({
    timeScale: 0.01,
    rateLimitPerMinute: 100_000,
    otherAccounts: [{ merchantId: DEMO_OTHER_MERCHANT_ID, apiKey: DEMO_OTHER_API_KEY }, SMALL_WALLET],
  });
  address = await sandbox.listen();
  books = sandboxBooks(address.controlUrl);
  budget = testBudget(redis);
  recorder = recordingPool(new URL(address.baseUrl).origin);
  client = clientFor({ dispatcher: recorder.dispatcher });
});

beforeEach(async () => {
  // Back to the start options: no orders, full wallets, no faults, service clock at wall time.
  await books.reset();
  recorder.sent.length = 0;
});

afterAll(async () => {
  for (const c of opened) await c.close();
  await recorder?.close();
  await sandbox?.close();
  for (const connection of connections) connection.disconnect();
  await redisServer?.dispose();
});

describe('reads against the sandbox', () => {
  it('getAccount reports the account settings the sandbox holds, and follows a change', async () => {
    const state = await books.state();
    const account = await client.getAccount();
    expect(account).toEqual({
      defaultCurrency: state.account.default_currency,
      apiAccessEnabled: state.account.api_access_enabled,
    });
    await books.settings({ default_currency: 'EUR' });
    expect((await client.getAccount()).defaultCurrency).toBe('EUR');
  });

  it('listCountries returns every country that has operators, with the catalogue counts', async () => {
    const countries = await client.listCountries();
    const expected = COUNTRIES.filter((c) => OPERATORS.some((o) => o.country === c.code)).map((c) => {
      const operators = OPERATORS.filter((o) => o.country === c.code);
      return {
        code: c.code,
        name: c.name,
        currencyCodes: [...new Set(operators.flatMap((o) => o.amounts.map((a) => a.currency)))],
        operatorCount: operators.length,
        offerCount: operators.reduce((sum, o) => sum + o.amounts.length, 0),
      };
    });
    expect(countries).toEqual(expected);

    // Hiding an operator through the control API shows in the next read.
    await books.operator('NG-GLO', false);
    const after = await client.listCountries();
    const ng = after.find((c) => c.code === 'NG');
    const before = countries.find((c) => c.code === 'NG');
    expect(ng?.operatorCount).toBe((before?.operatorCount ?? 0) - 1);
  });

  it('listOperators parses every operator of a country with exact Decimal amounts, and searches by name', async () => {
    const operators = await client.listOperators('NG');
    const catalogue = OPERATORS.filter((o) => o.country === 'NG');
    expect(operators.map((o) => o.operatorKey)).toEqual(catalogue.map((o) => o.key));
    for (const [i, operator] of operators.entries()) {
      const source = catalogue[i];
      if (!source) throw new Error('operator list out of step');
      expect(operator.name).toBe(source.name);
      expect(operator.country).toBe('NG');
      expect(operator.countryName).toBe('Nigeria');
      expect(operator.offerCount).toBe(source.amounts.length);
      expect(operator.logoUrl === '').toBe(!source.hasLogo);
      expect(operator.amountModel).toBe(source.amounts.some((a) => a.min !== a.max) ? 'range' : 'fixed');
      expect(
        operator.amounts.map((a) => [formatMoney(a.min), formatMoney(a.max), a.currency, a.subtype, a.label]),
      ).toEqual(source.amounts.map((a) => [a.min, a.max, a.currency, a.subtype, a.label]));
      for (const a of operator.amounts) expect(a.min).toBeInstanceOf(Decimal);
    }

    const airtel = await client.listOperators('NG', { search: 'airtel' });
    expect(airtel.map((o) => o.operatorKey)).toEqual(['NG-AIRTEL']);
    const mobile = await client.listOperators('NG', { search: 'MOBILE' });
    expect(mobile.map((o) => o.operatorKey)).toEqual(
      catalogue.filter((o) => o.name.toLowerCase().includes('mobile')).map((o) => o.key),
    );
    expect(await client.listOperators('NG', { search: 'no such operator' })).toEqual([]);

    // The logo URL the client parsed is served by the sandbox.
    const logo = operators.find((o) => o.logoUrl !== '')?.logoUrl ?? '';
    const response = await fetch(logo);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    await response.arrayBuffer();
  });
});

describe('quotes against the sandbox', () => {
  it('parses merchant_price and expires_at exactly as the sandbox computed and recorded them', async () => {
    const quote = await client.createQuote(mtn('1234.5678'));
    const issued = (await books.quotes()).results;
    expect(issued).toHaveLength(1);
    const record = issued[0];
    if (!record) throw new Error('no quote recorded');
    expect(quote.quoteToken).toBe(record.quote_token);
    expect(quote.merchantPrice).toBeInstanceOf(Decimal);
    expect(quote.merchantPrice.equals(new Decimal(record.merchant_price))).toBe(true);
    expect(formatMoney(quote.merchantPrice)).toBe(record.merchant_price);
    expect(formatMoney(quote.merchantPrice)).toBe(expectedPrice('NG-MTN', '1234.5678', 'NGN'));
    expect(quote.localAmount.equals(new Decimal('1234.5678'))).toBe(true);
    expect(quote.localCurrency).toBe('NGN');
    expect(quote.merchantCurrency).toBe(record.merchant_currency);
    expect(quote.operator).toMatchObject({ operatorKey: 'NG-MTN', name: 'MTN Nigeria' });
    expect(quote.countryName).toBe('Nigeria');
    expect(quote.subtype).toBe('airtime');
    expect(quote.expiresAt).toBeInstanceOf(Date);
    expect(quote.expiresAt.getTime()).toBe(Date.parse(record.expires_at));
    expect(quote.expiresAt.getTime()).toBeGreaterThan(Date.parse(record.issued_at));
  });

  it('quotes a data plan and a non-USD wallet with the published pricing rule', async () => {
    const jio = await client.createQuote({
      country: 'IN',
      operatorKey: 'IN-JIO',
      amount: '15',
      subtype: 'data',
    });
    expect(jio.subtype).toBe('data');
    expect(jio.localCurrency).toBe('INR');
    expect(formatMoney(jio.merchantPrice)).toBe(expectedPrice('IN-JIO', '15', 'INR'));

    await books.settings({ default_currency: 'EUR' });
    const eur = await client.createQuote(mtn('2000'));
    expect(eur.merchantCurrency).toBe('EUR');
    expect(formatMoney(eur.merchantPrice)).toBe(expectedPrice('NG-MTN', '2000', 'NGN', 'EUR'));
  });
});

describe('orders against the sandbox', () => {
  it('201 for a new order, 200 idempotent replay for the same request, and one ledger debit', async () => {
    const start = await books.ledger();
    const { quote, order } = await quoted(mtn());
    const first = await client.createOrder(order);
    expect(first.httpStatus).toBe(201);
    expect(first.idempotentReplay).toBe(false);
    expect(first.order.externalOrderId).toBe(order.externalOrderId);
    expect(first.order.merchantPrice.equals(quote.merchantPrice)).toBe(true);

    const again = await client.createOrder(order);
    expect(again.httpStatus).toBe(200);
    expect(again.idempotentReplay).toBe(true);
    expect(again.order.orderId).toBe(first.order.orderId);

    const ledger = await books.ledger();
    const debits = debitsOf(ledger, order.externalOrderId);
    expect(debits).toHaveLength(1);
    expect(debits[0]?.order_id).toBe(first.order.orderId);
    expect(debits[0]?.amount).toBe(formatMoney(quote.merchantPrice));
    expect(new Decimal(ledger.balance).equals(new Decimal(start.balance).minus(quote.merchantPrice))).toBe(
      true,
    );
    expect((await books.orders({ search: order.externalOrderId })).count).toBe(1);
    expect((await books.quotes()).results[0]?.order_id).toBe(first.order.orderId);

    // The same order number still replays after its quote expired: the repeat is found before the quote check.
    const clock = await books.clock();
    await books.advanceClock(Math.ceil((quote.expiresAt.getTime() - Date.parse(clock.service)) / 1000) + 1);
    const late = await client.createOrder(order);
    expect(late.httpStatus).toBe(200);
    expect(late.order.orderId).toBe(first.order.orderId);
    expect(debitsOf(await books.ledger(), order.externalOrderId)).toHaveLength(1);
  });

  it('getOrder shows the account masked and follows the order to succeeded', async () => {
    const { quote, order } = await quoted(mtn());
    const created = await client.createOrder(order);
    expect(created.order.status).toBe('accepted');
    expect(created.order.pollAfterSeconds).toBeGreaterThanOrEqual(1);

    const { order: done, seen } = await pollUntilFinished(created.order.orderId);
    expect(done.status).toBe('succeeded');
    expect(seen[seen.length - 1]).toBe('succeeded');
    expect(isSubsequence(seen, ['accepted', 'processing', 'succeeded'])).toBe(true);
    expect(done.pollAfterSeconds).toBe(0);
    expect(done.statusTitle).not.toBe('');
    expect(done.statusMessage).not.toBe('');
    expect(done.merchantPrice.equals(quote.merchantPrice)).toBe(true);
    expect(done.localAmount.equals(quote.localAmount)).toBe(true);
    expect(done.attempts).toHaveLength(1);
    expect(done.attempts[0]?.status).toBe('succeeded');
    expect(done.attempts[0]?.completedAt).toBeInstanceOf(Date);
    expect(done.createdAt).toBeInstanceOf(Date);
    expect(done.updatedAt?.getTime()).toBeGreaterThanOrEqual(done.createdAt?.getTime() ?? Infinity);

    const book = await books.order(created.order.orderId);
    expect(book.account).toBe(NG_PHONE);
    expect(done.account).toBe(book.account_masked);
    expect(done.account).not.toContain(NG_PHONE.slice(3, -3));
    expect(created.order.account).toBe(book.account_masked);
    expect(book.status).toBe('succeeded');
    expect(book.history.map((h) => h.status)).toEqual(['accepted', 'processing', 'succeeded']);
  });

  it('follows a failed order to refunded, and the refund lands in the ledger', async () => {
    const { quote, order } = await quoted(mtn('750'), withEnding('NG', '1111'));
    const created = await client.createOrder(order);
    const { order: done, seen } = await pollUntilFinished(created.order.orderId);
    expect(done.status).toBe('refunded');
    expect(isSubsequence(seen, ['accepted', 'processing', 'failed', 'refunded'])).toBe(true);
    const ledger = await books.ledger();
    const refunds = ledger.results.filter((e) => e.kind === 'refund' && e.order_id === created.order.orderId);
    expect(refunds.map((e) => e.amount)).toEqual([formatMoney(quote.merchantPrice)]);
    expect(ledger.totals.refunds).toBe(ledger.totals.debits);
  });

  it('listOrders filters by status and search and pages with limit and offset, newest first', async () => {
    const placed: RechargeOrder[] = [];
    const plans: Array<[QuoteRequest, string]> = [
      [mtn('500'), NG_PHONE],
      [{ ...mtn('600'), operatorKey: 'NG-AIRTEL' }, withEnding('NG', '4444')], // stays processing
      [mtn('700'), NG_PHONE],
    ];
    for (const [request, phone] of plans) {
      const { order } = await quoted(request, phone);
      placed.push((await client.createOrder(order)).order);
    }
    const [a, b, c] = placed;
    if (!a || !b || !c) throw new Error('orders not placed');
    await waitFor(
      async () =>
        (await books.orders({ status: 'succeeded' })).count === 2 &&
        (await books.orders({ status: 'processing' })).count === 1,
      30_000,
      'two orders succeeded and one processing',
    );
    const newestFirst = (await books.orders()).results.map((o) => o.order_id);
    expect(newestFirst).toEqual([c.orderId, b.orderId, a.orderId]);

    const all = await client.listOrders();
    expect(all.count).toBe(3);
    expect(all.results.map((o) => o.orderId)).toEqual(newestFirst);
    for (const order of all.results) {
      const book = await books.order(order.orderId);
      expect(order.status).toBe(book.status);
      expect(formatMoney(order.merchantPrice)).toBe(book.merchant_price);
      expect(order.account).toBe(book.account_masked);
    }

    const succeeded = await client.listOrders({ status: 'succeeded' });
    expect(succeeded.count).toBe(2);
    expect(succeeded.results.map((o) => o.orderId)).toEqual([c.orderId, a.orderId]);
    expect(succeeded.results.every((o) => o.status === 'succeeded')).toBe(true);
    const processing = await client.listOrders({ status: 'processing' });
    expect(processing.results.map((o) => o.orderId)).toEqual([b.orderId]);

    const byNumber = await client.listOrders({ search: b.externalOrderId });
    expect(byNumber.results.map((o) => o.orderId)).toEqual([b.orderId]);
    const byOperator = await client.listOrders({ search: 'airtel' });
    expect(byOperator.results.map((o) => o.orderId)).toEqual([b.orderId]);
    const byId = await client.listOrders({ search: a.orderId });
    expect(byId.results.map((o) => o.orderId)).toEqual([a.orderId]);

    const page = await client.listOrders({ limit: 1, offset: 1 });
    expect(page.count).toBe(3);
    expect(page.limit).toBe(1);
    expect(page.results.map((o) => o.orderId)).toEqual([newestFirst[1]]);
    const tail = await client.listOrders({ limit: 2, offset: 2 });
    expect(tail.results.map((o) => o.orderId)).toEqual([newestFirst[2]]);
    const beyond = await client.listOrders({ limit: 5, offset: 3 });
    expect(beyond).toMatchObject({ count: 3, limit: 5, results: [] });
  });
});

describe('refusals mapped to kinds, keys and codes', () => {
  /** A refused placement leaves the books as they were. */
  async function expectNothingHappened(before: LedgerView, order: OrderRequest, account?: string) {
    const after = await books.ledger(account);
    expect(after.count).toBe(before.count);
    expect(after.balance).toBe(before.balance);
    expect(
      (await books.orders({ search: order.externalOrderId, ...(account ? { account } : {}) })).count,
    ).toBe(0);
  }

  it('quote_expired after the sandbox clock passes the quote expiry; a fresh quote then works', async () => {
    const { quote, order } = await quoted(mtn());
    const before = await books.ledger();
    const clock = await books.clock();
    const seconds = Math.ceil((quote.expiresAt.getTime() - Date.parse(clock.service)) / 1000) + 1;
    await books.advanceClock(seconds);

    const error = await failure(client.createOrder(order));
    expect(error).toMatchObject({
      kind: 'quote-token',
      httpStatus: 400,
      key: 'quote_token',
      code: 'quote_expired',
      retryable: false,
      outcomeUnknown: false,
    });
    await expectNothingHappened(before, order);
    expect(await requestsTo('/recharge/orders', 'POST')).toHaveLength(1);

    const fresh = await client.createQuote(mtn());
    expect(fresh.expiresAt.getTime()).toBeGreaterThanOrEqual(
      quote.expiresAt.getTime() + seconds * 1000 - 1000,
    );
    const placed = await client.createOrder({ ...order, quoteToken: fresh.quoteToken });
    expect(placed.httpStatus).toBe(201);
  });

  it('quote_invalid for a tampered token, a token for another recharge and another merchant’s token', async () => {
    const { quote, order } = await quoted(mtn());
    const before = await books.ledger();
    const [prefix, data = '', mac] = quote.quoteToken.split('.');
    const middle = Math.floor(data.length / 2);
    const swapped = data[middle] === 'A' ? 'B' : 'A';
    const tampered = `${prefix}.${data.slice(0, middle)}${swapped}${data.slice(middle + 1)}.${mac}`;
    expect(tampered).not.toBe(quote.quoteToken);
    const error = await failure(client.createOrder({ ...order, quoteToken: tampered }));
    expect(error).toMatchObject({ kind: 'quote-token', key: 'quote_token', code: 'quote_invalid' });

    const other = await client.createQuote(mtn('600'));
    const mismatch = await failure(client.createOrder({ ...order, quoteToken: other.quoteToken }));
    expect(mismatch).toMatchObject({ kind: 'quote-token', code: 'quote_invalid' });

    const otherMerchant = clientFor({ merchantId: DEMO_OTHER_MERCHANT_ID, apiKey: DEMO_OTHER_API_KEY });
    const foreign = await otherMerchant.createQuote(mtn());
    const stolen = await failure(client.createOrder({ ...order, quoteToken: foreign.quoteToken }));
    expect(stolen).toMatchObject({ kind: 'quote-token', code: 'quote_invalid' });
    await expectNothingHappened(before, order);

    // The untouched token still places the order.
    expect((await client.createOrder(order)).httpStatus).toBe(201);
  });

  it('price_changed after the control API moves prices; the new quote carries the new price', async () => {
    const { quote, order } = await quoted(mtn('1000'));
    const before = await books.ledger();
    await books.prices({ markup_percent: '2' });
    const error = await failure(client.createOrder(order));
    expect(error).toMatchObject({ kind: 'quote-token', key: 'quote_token', code: 'price_changed' });
    await expectNothingHappened(before, order);

    const requote = await client.createQuote(mtn('1000'));
    expect(formatMoney(requote.merchantPrice)).toBe(expectedPrice('NG-MTN', '1000', 'NGN', 'USD', '2'));
    expect(requote.merchantPrice.greaterThan(quote.merchantPrice)).toBe(true);
    const placed = await client.createOrder({ ...order, quoteToken: requote.quoteToken });
    expect(placed.httpStatus).toBe(201);
    expect(debitsOf(await books.ledger(), order.externalOrderId).map((d) => d.amount)).toEqual([
      formatMoney(requote.merchantPrice),
    ]);

    // A currency's FX move is a price change too.
    const { order: second } = await quoted(mtn('1000'));
    await books.prices({ fx: { NGN: '1600' } });
    expect(await failure(client.createOrder(second))).toMatchObject({ code: 'price_changed' });
  });

  it('balance when the wallet cannot pay, and the same order goes through after a top-up', async () => {
    const small = clientFor({ merchantId: SMALL_WALLET.merchantId, apiKey: SMALL_WALLET.apiKey });
    const first = await quoted(mtn('1000'), NG_PHONE, small);
    expect(first.quote.merchantPrice.lessThan(SMALL_WALLET.initialBalance)).toBe(true);
    expect((await small.createOrder(first.order)).httpStatus).toBe(201);

    const second = await quoted(mtn('1000'), NG_PHONE, small);
    const before = await books.ledger(SMALL_WALLET.merchantId);
    expect(new Decimal(before.balance).lessThan(second.quote.merchantPrice)).toBe(true);
    const error = await failure(small.createOrder(second.order));
    expect(error).toMatchObject({ kind: 'validation', httpStatus: 400, key: 'balance', retryable: false });
    expect(error.fields['balance']?.length).toBeGreaterThan(0);
    await expectNothingHappened(before, second.order, SMALL_WALLET.merchantId);
    expect(
      new Decimal(before.balance).equals(
        new Decimal(SMALL_WALLET.initialBalance).minus(first.quote.merchantPrice),
      ),
    ).toBe(true);
    // Another merchant's wallet was never touched.
    expect((await books.ledger()).count).toBe(0);

    await books.topup('1.0000', SMALL_WALLET.merchantId);
    const retried = await small.createOrder(second.order);
    expect(retried.httpStatus).toBe(201);
    expect(retried.idempotentReplay).toBe(false);
  });

  it('wallet while the wallet is deactivated', async () => {
    const { order } = await quoted(mtn());
    const before = await books.ledger();
    await books.wallet(false);
    const error = await failure(client.createOrder(order));
    expect(error).toMatchObject({ kind: 'validation', key: 'wallet' });
    await expectNothingHappened(before, order);
    await books.wallet(true);
    expect((await client.createOrder(order)).httpStatus).toBe(201);
  });

  it('risk above the per-order price cap and while a risk block is on', async () => {
    const { quote, order } = await quoted(
      { country: 'MX', operatorKey: 'MX-ATT', amount: '5000', localCurrency: 'MXN', subtype: 'airtime' },
      sampleNumber('MX'),
    );
    const state = await books.ledger();
    expect(quote.merchantPrice.greaterThan('200')).toBe(true);
    expect(await failure(client.createOrder(order))).toMatchObject({ kind: 'validation', key: 'risk' });
    await expectNothingHappened(state, order);

    const { order: small } = await quoted(mtn());
    await books.settings({ risk_block: true });
    expect(await failure(client.createOrder(small))).toMatchObject({ kind: 'validation', key: 'risk' });
    await expectNothingHappened(state, small);
  });

  it('amount outside every offer, on a quote and on an order', async () => {
    const low = await failure(client.createQuote(mtn('10')));
    expect(low).toMatchObject({ kind: 'validation', httpStatus: 400, key: 'amount' });
    expect(low.fields['amount']?.length).toBeGreaterThan(0);
    const decimals = await failure(client.createQuote(mtn('500.12345')));
    expect(decimals).toMatchObject({ kind: 'validation', key: 'amount' });

    const { order } = await quoted(mtn());
    const before = await books.ledger();
    // Field checks come before the quote check, so the amount is what is refused.
    const error = await failure(client.createOrder({ ...order, amount: '60000' }));
    expect(error).toMatchObject({ kind: 'validation', key: 'amount' });
    await expectNothingHappened(before, order);
  });

  it('detail for an amount inside the span but not sold, and a product the operator does not sell', async () => {
    const between = await failure(
      client.createQuote({ country: 'NG', operatorKey: 'NG-GLO', amount: '300', localCurrency: 'NGN' }),
    );
    expect(between).toMatchObject({ kind: 'validation', httpStatus: 400, key: 'detail' });
    expect(between.detail).toEqual(expect.any(String));
    expect(between.detail).not.toBe('');
    const jioAirtime = await failure(
      client.createQuote({ country: 'IN', operatorKey: 'IN-JIO', amount: '15' }),
    );
    expect(jioAirtime).toMatchObject({ kind: 'validation', key: 'detail' });
  });

  it('external_order_id reused for a different recharge is refused and changes nothing', async () => {
    const { order } = await quoted(mtn('500'));
    const created = await client.createOrder(order);
    const before = await books.ledger();
    const other = await client.createQuote(mtn('600'));
    const reuse = { ...orderFor(other, NG_PHONE), externalOrderId: order.externalOrderId };
    const error = await failure(client.createOrder(reuse));
    expect(error).toMatchObject({ kind: 'validation', key: 'external_order_id', outcomeUnknown: false });
    const after = await books.ledger();
    expect(after.count).toBe(before.count);
    expect(debitsOf(after, order.externalOrderId)).toHaveLength(1);
    const book = await books.order(created.order.orderId);
    expect(book.local_amount).toBe('500.0000');
    expect((await books.orders({ search: order.externalOrderId })).count).toBe(1);
  });

  it('the same order number with the same amount in another currency is a different recharge', async () => {
    // Digicel Haiti sells both US dollars and gourdes: 5 USD and 5 HTG are different top-ups.
    const { quote, order } = await quoted(
      { country: 'HT', operatorKey: 'HT-DIGICEL', amount: '5', localCurrency: 'USD', subtype: 'airtime' },
      sampleNumber('HT'),
    );
    expect(quote.localCurrency).toBe('USD');
    const created = await client.createOrder(order);
    expect(created.httpStatus).toBe(201);
    const error = await failure(client.createOrder({ ...order, localCurrency: 'HTG' }));
    expect(error).toMatchObject({ kind: 'validation', key: 'external_order_id' });
    expect(debitsOf(await books.ledger(), order.externalOrderId)).toHaveLength(1);
    expect((await client.createOrder(order)).order.orderId).toBe(created.order.orderId);
  });

  it('404 for an unknown order and for another merchant’s order, not retried', async () => {
    const missing = await failure(client.getOrder('O-99999999'));
    expect(missing).toMatchObject({ kind: 'not-found', httpStatus: 404, retryable: false });
    expect(await requestsTo('/recharge/orders/O-99999999')).toHaveLength(1);

    const otherMerchant = clientFor({ merchantId: DEMO_OTHER_MERCHANT_ID, apiKey: DEMO_OTHER_API_KEY });
    const theirs = await otherMerchant.createOrder((await quoted(mtn(), NG_PHONE, otherMerchant)).order);
    const hidden = await failure(client.getOrder(theirs.order.orderId));
    expect(hidden).toMatchObject({ kind: 'not-found', httpStatus: 404 });
    expect((await otherMerchant.getOrder(theirs.order.orderId)).orderId).toBe(theirs.order.orderId);
  });

  it('403 for a wrong API key, not retried, with the key nowhere in the error', async () => {
    const wrongKey = `${sandbox.apiKey}x`;
    const stranger = clientFor({ apiKey: wrongKey });
    const error = await failure(stranger.getAccount());
    expect(error).toMatchObject({ kind: 'forbidden', httpStatus: 403, retryable: false });
    expect(error.detail).toEqual(expect.any(String));
    const text = `${error.message} ${error.stack ?? ''} ${JSON.stringify(error)}`;
    expect(text).not.toContain(sandbox.apiKey);
    expect(await requestsTo('/account')).toHaveLength(1);

    const { order } = await quoted(mtn());
    const placement = await failure(stranger.createOrder(order));
    expect(placement).toMatchObject({ kind: 'forbidden', outcomeUnknown: false });
    expect((await books.orders()).count).toBe(0);
    expect(await requestsTo('/recharge/orders', 'POST')).toHaveLength(1);
  });

  it('an order the client refuses locally never reaches the sandbox', async () => {
    const { order } = await quoted(mtn());
    const before = (await books.requests()).count;
    const error = await failure(client.createOrder({ ...order, account: `+${NG_PHONE}` }));
    expect(error).toMatchObject({ kind: 'invalid-request', mayHaveReached: false });
    expect(await failure(client.createOrder({ ...order, quoteToken: '' }))).toMatchObject({
      kind: 'invalid-request',
    });
    expect((await books.requests()).count).toBe(before);
  });
});

describe('429 through a burst fault', () => {
  it('waits Retry-After through a pause shared with another replica, then succeeds', async () => {
    // Two replicas: each its own Redis connection and budget object, one shared budget in Redis.
    const prefix = `r429${randomBytes(3).toString('hex')}:`;
    const budgetA = createRequestBudget({ redis: newRedis(), prefix, limitPerMinute: 100_000 });
    const budgetB = createRequestBudget({ redis: newRedis(), prefix, limitPerMinute: 100_000 });
    const replicaA = clientFor({ budget: budgetA });
    const replicaB = clientFor({ budget: budgetB });
    const budgetKey = `${prefix}{budget}:state`;
    await books.addFault({ kind: 'rate_limit', next: 2, retry_after: 1, path: '/recharge/countries' });

    const started = await redisNowMs(redis);
    const pending = replicaA.listCountries();
    let firstPause = 0;
    await waitFor(
      async () => {
        firstPause = Number((await redis.hget(budgetKey, 'pause_until')) ?? '0');
        return firstPause > 0;
      },
      15_000,
      'the shared 429 pause',
    );
    expect(firstPause).toBeGreaterThanOrEqual(started + 1000);
    // Replica B is held by the pause replica A set.
    await replicaB.getAccount();
    const countries = await pending;
    expect(countries.map((c) => c.code)).toEqual((await client.listCountries()).map((c) => c.code));

    const tries = (await requestsTo('/recharge/countries')).slice(0, 3);
    expect(tries.map((r) => r.status)).toEqual([429, 429, 200]);
    expect(tries.slice(0, 2).map((r) => r.retry_after)).toEqual([1, 1]);
    const [one, two, three] = tries.map((r) => r.at_ms);
    if (one === undefined || two === undefined || three === undefined) throw new Error('missing requests');
    // Each retry came after the Retry-After second (the clocks are the same machine's; 2 ms of rounding).
    expect(two).toBeGreaterThanOrEqual(one + 1000 - 2);
    expect(three).toBeGreaterThanOrEqual(two + 1000 - 2);
    const [account] = await requestsTo('/account');
    expect(account?.status).toBe(200);
    expect(account?.at_ms).toBeGreaterThanOrEqual(firstPause - 2);
    const lastPause = Number((await redis.hget(budgetKey, 'pause_until')) ?? '0');
    expect(lastPause).toBeGreaterThan(firstPause);
  });
});

describe('faults on the wire', () => {
  it('charge then drop the response: the same bytes are re-sent with a new nonce, one debit, one order', async () => {
    const start = await books.ledger();
    const { quote, order } = await quoted(mtn('900'));
    await books.addFault({ kind: 'drop_response', next: 1 });
    recorder.sent.length = 0;

    const result = await client.createOrder(order);
    expect(result.httpStatus).toBe(200);
    expect(result.idempotentReplay).toBe(true);

    const posts = recorder.sent.filter((s) => s.method === 'POST' && s.path === '/api/v1/recharge/orders');
    expect(posts).toHaveLength(2);
    const [firstTry, secondTry] = posts;
    if (!firstTry?.body || !secondTry?.body) throw new Error('bodies not recorded');
    expect(secondTry.body.equals(firstTry.body)).toBe(true);
    expect(secondTry.nonce).toBeDefined();
    expect(secondTry.nonce).not.toBe(firstTry.nonce);
    expect(secondTry.signature).not.toBe(firstTry.signature);

    const log = await requestsTo('/recharge/orders', 'POST');
    expect(log.map((r) => [r.outcome, r.status])).toEqual([
      ['dropped', 201],
      ['answered', 200],
    ]);
    const ledger = await books.ledger();
    const debits = debitsOf(ledger, order.externalOrderId);
    expect(debits).toHaveLength(1);
    expect(debits[0]?.order_id).toBe(result.order.orderId);
    expect(new Decimal(ledger.balance).equals(new Decimal(start.balance).minus(quote.merchantPrice))).toBe(
      true,
    );
    const orders = await books.orders();
    expect(orders.results.map((o) => o.order_id)).toEqual([result.order.orderId]);
  });

  it('every answer dropped: the client gives up saying the outcome is unknown, and the order exists once', async () => {
    const { order } = await quoted(mtn());
    await books.addFault({ kind: 'drop_response', next: 10 });
    const error = await failure(client.createOrder(order));
    expect(error).toMatchObject({ kind: 'network', outcomeUnknown: true, mayHaveReached: true });
    const log = await requestsTo('/recharge/orders', 'POST');
    expect(log.map((r) => [r.outcome, r.status])).toEqual([
      ['dropped', 201],
      ['dropped', 200],
      ['dropped', 200],
    ]);
    expect(debitsOf(await books.ledger(), order.externalOrderId)).toHaveLength(1);
    // Reconciling by order number finds the one order.
    const found = await client.listOrders({ search: order.externalOrderId });
    expect(found.results.map((o) => o.externalOrderId)).toEqual([order.externalOrderId]);
  });

  it('a placement answered too late is resent after the headers time-out and found as a replay', async () => {
    const impatient = clientFor({ timeouts: { connect: 2_000, headers: 300, body: 10_000 } });
    const { order } = await quoted(mtn());
    // The order is committed, then the answer is held far longer than the client waits for headers.
    await books.addFault({
      kind: 'latency',
      next: 1,
      latency_ms: 5_000,
      after_commit: true,
      path: '/recharge/orders',
      method: 'POST',
    });
    const result = await impatient.createOrder(order);
    expect(result).toMatchObject({ httpStatus: 200, idempotentReplay: true });
    const log = await requestsTo('/recharge/orders', 'POST');
    expect(log.map((r) => r.fault)).toEqual(['latency_after_commit', null]);
    expect(debitsOf(await books.ledger(), order.externalOrderId)).toHaveLength(1);
  });

  it('a 5xx after the commit on placement: resent, answered as a replay, one debit', async () => {
    const { order } = await quoted(mtn());
    await books.addFault({
      kind: 'error',
      next: 1,
      status: 502,
      after_commit: true,
      path: '/recharge/orders',
      method: 'POST',
    });
    const result = await client.createOrder(order);
    expect(result).toMatchObject({ httpStatus: 200, idempotentReplay: true });
    const log = await requestsTo('/recharge/orders', 'POST');
    expect(log.map((r) => r.status)).toEqual([502, 200]);
    expect(debitsOf(await books.ledger(), order.externalOrderId)).toHaveLength(1);
  });

  it('a 503 before the commit on placement: resent, and the resend creates the order (201)', async () => {
    const { order } = await quoted(mtn());
    await books.addFault({ kind: 'error', next: 1, status: 503, path: '/recharge/orders', method: 'POST' });
    const result = await client.createOrder(order);
    expect(result).toMatchObject({ httpStatus: 201, idempotentReplay: false });
    expect((await requestsTo('/recharge/orders', 'POST')).map((r) => r.status)).toEqual([503, 201]);
    expect(debitsOf(await books.ledger(), order.externalOrderId)).toHaveLength(1);
  });

  it('5xx on reads (HTML from a proxy and JSON) are retried', async () => {
    const expected = await client.listCountries();
    await books.addFault({ kind: 'error', next: 2, status: 503, path: '/recharge/countries' });
    expect(await client.listCountries()).toEqual(expected);
    expect((await requestsTo('/recharge/countries')).map((r) => r.status)).toEqual([200, 503, 503, 200]);

    await books.addFault({ kind: 'error', next: 1, status: 500, body: 'json', path: '/account' });
    expect((await client.getAccount()).defaultCurrency).toBe('USD');
    expect((await requestsTo('/account')).map((r) => r.status)).toEqual([500, 200]);
  });

  it('connection resets on reads are retried', async () => {
    await books.addFault({ kind: 'reset', next: 2, path: '/recharge/operators' });
    const operators = await client.listOperators('KE');
    expect(operators.map((o) => o.operatorKey)).toEqual(
      OPERATORS.filter((o) => o.country === 'KE').map((o) => o.key),
    );
    expect((await requestsTo('/recharge/operators')).map((r) => r.outcome)).toEqual([
      'reset',
      'reset',
      'answered',
    ]);

    const { order } = await quoted(mtn());
    const created = await client.createOrder(order);
    await books.addFault({ kind: 'reset', next: 1, path: `/recharge/orders/${created.order.orderId}` });
    expect((await client.getOrder(created.order.orderId)).orderId).toBe(created.order.orderId);
  });

  it('a read that keeps failing gives up after the policy’s attempts with a server error', async () => {
    await books.addFault({ kind: 'error', next: 10, status: 503, path: '/account' });
    const error = await failure(client.getAccount());
    expect(error).toMatchObject({ kind: 'server', httpStatus: 503, retryable: true });
    expect(await requestsTo('/account')).toHaveLength(3);
  });
});

describe('catalogue cache over the sandbox', () => {
  it('one API load serves two catalogue instances (two replicas on one Redis)', async () => {
    const prefix = `cat${randomBytes(3).toString('hex')}:`;
    const replicaA = createCatalogue({ api: client, redis: newRedis(), prefix });
    const replicaB = createCatalogue({ api: client, redis: newRedis(), prefix });

    const countriesA = await replicaA.countries();
    const countriesB = await replicaB.countries();
    expect(countriesB).toEqual(countriesA);
    expect(await requestsTo('/recharge/countries')).toHaveLength(1);

    const operatorsA = await replicaA.operators('NG');
    const operatorsB = await replicaB.operators('ng');
    const view = (ops: typeof operatorsA) =>
      ops.map((o) => ({
        ...o,
        amounts: o.amounts.map((a) => ({ ...a, min: a.min.toFixed(), max: a.max.toFixed() })),
      }));
    expect(view(operatorsB)).toEqual(view(operatorsA));
    for (const o of operatorsB) for (const a of o.amounts) expect(a.min).toBeInstanceOf(Decimal);
    const loads = await requestsTo('/recharge/operators');
    expect(loads.map((r) => r.query)).toEqual(['?country=NG']);

    // And the cached copy is what the API says.
    expect(countriesA).toEqual(await client.listCountries());
    expect(view(operatorsA)).toEqual(view(await client.listOperators('NG')));
  });

  it('a stale copy is served while exactly one replica refreshes it in the background', async () => {
    const prefix = `cat${randomBytes(3).toString('hex')}:`;
    const replicaA = createCatalogue({ api: client, redis: newRedis(), prefix });
    const replicaB = createCatalogue({ api: client, redis: newRedis(), prefix });
    const first = await replicaA.countries();
    // The fresh marker is a key with a Redis expiry; dropping it is what its expiry would do.
    expect(await redis.del(`${prefix}catalogue:countries:fresh`)).toBe(1);
    await books.operator('NG-GLO', false);
    const [servedA, servedB] = await Promise.all([replicaA.countries(), replicaB.countries()]);
    expect(servedA).toEqual(first);
    expect(servedB).toEqual(first);
    await Promise.all([replicaA.idle(), replicaB.idle()]);
    expect(await requestsTo('/recharge/countries')).toHaveLength(2);
    const refreshed = await replicaB.countries();
    expect(refreshed.find((c) => c.code === 'NG')?.operatorCount).toBe(
      (first.find((c) => c.code === 'NG')?.operatorCount ?? 0) - 1,
    );
    await Promise.all([replicaA.idle(), replicaB.idle()]);
  });

  it('a caller that gives up does not fail another caller waiting on the same load', async () => {
    let calls = 0;
    let openGate: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    // The real client over HTTP, held back until both callers wait on the one load.
    const api: CatalogueApi = {
      listCountries: async (options) => {
        calls += 1;
        await gate;
        return client.listCountries(options);
      },
      listOperators: (country, query, options) => client.listOperators(country, query, options),
    };
    const connection = newRedis();
    const prefix = `cat${randomBytes(3).toString('hex')}:`;
    const catalogue = createCatalogue({ api, redis: connection, prefix });
    const controller = new AbortController();
    const first = catalogue.countries({ signal: controller.signal }).then(
      () => 'loaded',
      (error: unknown) => (isMerchantError(error) ? error.kind : 'other'),
    );
    await waitFor(() => calls === 1, 15_000, 'the first load to start');
    const second = catalogue.countries();
    controller.abort();
    // Once Redis has answered the second caller's read and its continuation has run, it waits on the load.
    await connection.ping();
    await new Promise((resolve) => setImmediate(resolve));
    openGate();

    expect(await first).toBe('aborted');
    const countries = await second;
    expect(countries.map((c) => c.code)).toEqual((await client.listCountries()).map((c) => c.code));
    expect(calls).toBe(1);
    // The load went on and filled the cache for everyone: another replica reads it without a request.
    const other = createCatalogue({ api: client, redis: newRedis(), prefix });
    expect(await other.countries()).toEqual(countries);
    expect(await requestsTo('/recharge/countries')).toHaveLength(2);
  });
});
