import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RequestBudget } from '../../src/merchant/budget.ts';
import { orderBody, quoteBody, type MerchantClient } from '../../src/merchant/client.ts';
import { isMerchantError, type AnyMerchantError } from '../../src/merchant/errors.ts';
import { formatMoney } from '../../src/merchant/records.ts';
import type { OrderRequest } from '../../src/merchant/types.ts';
import { freePort } from '../support/ports.ts';
import { startRedisServer, type RedisServerHandle } from '../support/redis.ts';
import { startFakeMerchant, type FakeMerchant, type Reply } from './support/fake-merchant.ts';
import { redisNowMs } from './support/minute.ts';
import { memoryLogger, testBudget, testClient } from './support/setup.ts';

const PHONE = '2348031234567';

let redisServer: RedisServerHandle;
let redis: Redis;
let fake: FakeMerchant;
let budget: RequestBudget;
let client: MerchantClient;
let orderNo = 0;

const newOrder = (overrides: Partial<OrderRequest> = {}): OrderRequest => ({
  externalOrderId: `rb-test-${process.pid}-${++orderNo}`,
  country: 'NG',
  operatorKey: 'NG-mtn',
  amount: '500',
  localCurrency: 'NGN',
  subtype: 'airtime',
  account: PHONE,
  quoteToken: 'qt_NG-mtn_500',
  ...overrides,
});

async function failure(promise: Promise<unknown>): Promise<AnyMerchantError> {
  const outcome = await promise.then(
    () => new Error('expected the call to fail'),
    (error: unknown) => error,
  );
  if (!isMerchantError(outcome)) throw outcome;
  return outcome;
}

/** Nothing secret or personal in what an error says. */
function expectClean(error: Error, fakeMerchant: FakeMerchant): void {
  const text = `${error.message} ${error.stack ?? ''} ${JSON.stringify(error)}`;
  expect(text).not.toContain(fakeMerchant.apiKey);
  expect(text).not.toContain(PHONE);
  expect(text).not.toContain('quote_token":"');
}

beforeAll(async () => {
  redisServer = await startRedisServer();
  redis = new Redis(redisServer.url);
  // A path prefix before /api/v1 must be kept in both the request and the signed path.
  fake = await startFakeMerchant({ basePath: '/gw/api/v1', redis });
  budget = testBudget(redis);
  client = testClient(fake, budget);
});

afterEach(() => {
  fake.reset();
});

afterAll(async () => {
  await client.close();
  await fake.close();
  redis.disconnect();
  await redisServer.dispose();
});

describe('merchant client: resources', () => {
  it('reads the account, countries and operators with credentials on every call, unsigned', async () => {
    const account = await client.getAccount();
    expect(account).toEqual({ defaultCurrency: 'USD', apiAccessEnabled: true });
    const countries = await client.listCountries();
    expect(countries.map((c) => c.code)).toEqual(['NG', 'KE']);
    const operators = await client.listOperators('NG', { search: 'mtn' });
    expect(operators).toHaveLength(1);
    expect(operators[0]?.operatorKey).toBe('NG-mtn');
    expect(formatMoney(operators[0]!.amounts[0]!.max)).toBe('50000.0000');

    expect(fake.requests.map((r) => `${r.method} ${r.path}?${r.query.toString()}`)).toEqual([
      'GET /gw/api/v1/account?',
      'GET /gw/api/v1/recharge/countries?',
      'GET /gw/api/v1/recharge/operators?country=NG&search=mtn',
    ]);
    for (const r of fake.requests) {
      expect(r.headers['x-merchant-id']).toBe(fake.merchantId);
      expect(r.headers['x-api-key']).toBe(fake.apiKey);
      expect(r.headers['x-signature']).toBeUndefined();
    }
    // Keep-alive: the three calls went over one connection.
    expect(new Set(fake.requests.map((r) => r.remotePort)).size).toBe(1);
  });

  it('signs the quote exactly as the spec says (checked independently by the fake)', async () => {
    const quote = await client.createQuote({
      country: 'NG',
      operatorKey: 'NG-mtn',
      amount: '500',
      localCurrency: 'NGN',
    });
    expect(quote.quoteToken).toBe('qt_NG-mtn_500');
    expect(formatMoney(quote.merchantPrice)).toBe('0.6731');
    expect(quote.expiresAt.getTime()).toBeGreaterThan(Date.now());
    const [req] = fake.requests;
    expect(req?.signatureOk).toBe(true);
    expect(req?.path).toBe('/gw/api/v1/recharge/quote');
    expect(req?.headers['content-type']).toBe('application/json');
    expect(req?.headers['x-nonce']).toMatch(/^[0-9a-f]{32}$/);
    expect(req?.headers['x-timestamp']).toMatch(/^\d+$/);
    expect(req?.body.toString('utf8')).toBe(
      '{"country":"NG","operator_key":"NG-mtn","amount":"500","local_currency":"NGN"}',
    );
  });

  it('places an order (201), and the same order again is a replay (200) with identical bytes', async () => {
    const request = newOrder();
    const first = await client.createOrder(request);
    expect(first).toMatchObject({ httpStatus: 201, idempotentReplay: false });
    expect(first.order.account).not.toContain(PHONE);
    const again = await client.createOrder({ ...request });
    expect(again).toMatchObject({ httpStatus: 200, idempotentReplay: true });
    expect(again.order.orderId).toBe(first.order.orderId);
    const [a, b] = fake.requests;
    expect(a?.body.equals(b!.body)).toBe(true);
    expect(a?.body.toString('utf8')).toBe(orderBody(request));
    expect(a?.headers['x-nonce']).not.toBe(b?.headers['x-nonce']);

    const read = await client.getOrder(first.order.orderId);
    expect(read.statusMessage).toBe('The top-up is on its way.');
    const list = await client.listOrders({ status: 'accepted', limit: 500, offset: 0 });
    expect(list.limit).toBe(100);
    expect(list.results.some((o) => o.orderId === first.order.orderId)).toBe(true);
    expect(fake.requests.at(-1)?.query.toString()).toBe('status=accepted&limit=500&offset=0');
  });

  it('serialises an order with a fixed key order, whatever order the request object has', () => {
    const request = newOrder({ externalOrderId: 'rb-fixed' });
    const shuffled = Object.fromEntries(Object.entries(request).reverse()) as unknown as OrderRequest;
    expect(orderBody(shuffled)).toBe(orderBody(request));
    expect(Object.keys(JSON.parse(orderBody(request)) as object)).toEqual([
      'external_order_id',
      'country',
      'operator_key',
      'amount',
      'local_currency',
      'subtype',
      'account',
      'quote_token',
    ]);
    expect(quoteBody({ country: 'NG', operatorKey: 'k', amount: '1', subtype: 'data' })).toBe(
      '{"country":"NG","operator_key":"k","amount":"1","subtype":"data"}',
    );
  });
});

describe('merchant client: retries', () => {
  it('re-sends a placement whose response was lost with identical bytes and a new nonce: one order', async () => {
    fake.enqueueFor('/recharge/orders', { action: 'process-then-reset' });
    const request = newOrder();
    const result = await client.createOrder(request);
    expect(result).toMatchObject({ httpStatus: 200, idempotentReplay: true });
    const posts = fake.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0]!.body.equals(posts[1]!.body)).toBe(true);
    expect(posts.every((r) => r.signatureOk)).toBe(true);
    expect(posts[0]!.headers['x-nonce']).not.toBe(posts[1]!.headers['x-nonce']);
    expect(posts[0]!.headers['x-signature']).not.toBe(posts[1]!.headers['x-signature']);
    expect(
      [...fake.orders.values()].filter((o) => o.fields['external_order_id'] === request.externalOrderId),
    ).toHaveLength(1);
  });

  it('re-sends a placement after a headers time-out with the same bytes', async () => {
    const impatient = testClient(fake, budget, { timeouts: { headers: 300 } });
    fake.enqueueFor('/recharge/orders', { action: 'hang' });
    const result = await impatient.createOrder(newOrder());
    expect(result.httpStatus).toBe(201);
    const posts = fake.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0]!.body.equals(posts[1]!.body)).toBe(true);
    await impatient.close();
  });

  it('retries reads on 5xx and resets, and gives up after the configured attempts', async () => {
    fake.enqueue({ status: 502, text: '<html><body>Bad gateway</body></html>' }, { action: 'reset' });
    await expect(client.getAccount()).resolves.toMatchObject({ defaultCurrency: 'USD' });
    expect(fake.requests).toHaveLength(3);

    fake.reset();
    fake.enqueue(
      { status: 500, json: { detail: 'boom' } },
      { status: 503, text: '' },
      { status: 500, text: 'x' },
    );
    const error = await failure(client.getAccount());
    expect(error).toMatchObject({ kind: 'server', httpStatus: 500, retryable: true, outcomeUnknown: false });
    expect(fake.requests).toHaveLength(3);
  });

  it('after the last retry of a placement with no answer, says the outcome is unknown', async () => {
    fake.enqueueFor(
      '/recharge/orders',
      { status: 500, json: { detail: 'x' } },
      { action: 'reset' },
      { status: 504, text: '<html/>' },
    );
    const request = newOrder();
    const error = await failure(client.createOrder(request));
    expect(error).toMatchObject({ kind: 'server', httpStatus: 504, outcomeUnknown: true });
    const posts = fake.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(3);
    expect(new Set(posts.map((p) => p.body.toString('utf8')))).toEqual(new Set([orderBody(request)]));
    expect(new Set(posts.map((p) => p.headers['x-nonce'])).size).toBe(3);
    expectClean(error, fake);
  });

  it('a placement that never connected is known not to exist', async () => {
    const port = await freePort();
    const nowhere = testClient({ ...fake, baseUrl: `http://127.0.0.1:${port}/api/v1` }, budget);
    const error = await failure(nowhere.createOrder(newOrder()));
    expect(error).toMatchObject({ kind: 'network', causeCode: 'ECONNREFUSED', outcomeUnknown: false });
    await nowhere.close();
  });

  it('waits for Retry-After on a 429 and shares the pause through the budget', async () => {
    fake.enqueue({
      status: 429,
      json: { detail: 'Request was throttled.' },
      headers: { 'retry-after': '1' },
    });
    const account = await client.getAccount();
    expect(account.apiAccessEnabled).toBe(true);
    expect(fake.requests).toHaveLength(2);
    const [rejected, retried] = fake.requests;
    expect(retried!.redisMs! - rejected!.redisMs!).toBeGreaterThanOrEqual(950);
  });

  it('gives up at once on a Retry-After longer than it may wait', async () => {
    const ownBudget = testBudget(redis);
    const patient = testClient(fake, ownBudget, { retry: { maxRetryAfterMs: 5_000 } });
    fake.enqueue({
      status: 429,
      json: { detail: 'Request was throttled.' },
      headers: { 'retry-after': '3600' },
    });
    const error = await failure(patient.getAccount());
    expect(error).toMatchObject({ kind: 'rate-limited', retryAfterSeconds: 3600, retryable: true });
    expect(fake.requests).toHaveLength(1);
    const snap = await ownBudget.snapshot();
    expect(snap.pausedUntil!.getTime() - (await redisNowMs(redis))).toBeGreaterThan(3_500_000);
    await patient.close();
  });
});

interface ErrorRow {
  name: string;
  reply: Reply;
  expected: Partial<AnyMerchantError>;
  fields?: Record<string, string[]>;
  items?: Array<Record<string, string[]>>;
}

const finalRows: ErrorRow[] = [
  {
    name: '400 field with a string message',
    reply: { status: 400, json: { amount: 'A valid number is required.' } },
    expected: { kind: 'validation', key: 'amount', httpStatus: 400 },
    fields: { amount: ['A valid number is required.'] },
  },
  {
    name: '400 field with an array of messages',
    reply: { status: 400, json: { local_currency: ['Not a currency.', 'Three letters.'] } },
    expected: { kind: 'validation', key: 'local_currency' },
    fields: { local_currency: ['Not a currency.', 'Three letters.'] },
  },
  ...['balance', 'risk', 'external_order_id', 'wallet', 'account'].map((key): ErrorRow => ({
    name: `400 ${key}`,
    reply: { status: 400, json: { [key]: [`${key} problem`] } },
    expected: { kind: 'validation', key },
    fields: { [key]: [`${key} problem`] },
  })),
  {
    name: '400 detail (not available)',
    reply: { status: 400, json: { detail: 'Operator not available for this amount.' } },
    expected: { kind: 'validation', key: 'detail', detail: 'Operator not available for this amount.' },
  },
  {
    name: '400 items aligned by position',
    reply: {
      status: 400,
      json: { items: [{}, { expected_unit_price: ['Price changed.'] }, { sku_id: 'Unknown.' }] },
    },
    expected: { kind: 'validation', key: 'items' },
    items: [{}, { expected_unit_price: ['Price changed.'] }, { sku_id: ['Unknown.'] }],
    fields: {},
  },
  ...['quote_required', 'quote_expired', 'quote_invalid', 'price_changed'].map((code): ErrorRow => ({
    name: `400 quote_token ${code}`,
    reply: { status: 400, json: { quote_token: ['Quote problem.'], code } },
    expected: { kind: 'quote-token', key: 'quote_token', code, retryable: false },
  })),
  {
    name: '400 quote_token with the code inside',
    reply: { status: 400, json: { quote_token: [{ message: 'Expired.', code: 'quote_expired' }] } },
    expected: { kind: 'quote-token', code: 'quote_expired' },
  },
  {
    name: '403 with detail',
    reply: { status: 403, json: { detail: 'Nonce already used.' } },
    expected: { kind: 'forbidden', detail: 'Nonce already used.', httpStatus: 403 },
  },
  {
    name: '403 plain text from the network edge',
    reply: { status: 403, text: 'Forbidden by edge policy' },
    expected: { kind: 'edge-forbidden', mayHaveReached: false },
  },
  {
    name: '404 with detail',
    reply: { status: 404, json: { detail: 'Not found.' } },
    expected: { kind: 'not-found' },
  },
  {
    name: '404 HTML',
    reply: {
      status: 404,
      text: '<!doctype html><h1>Not Found</h1>',
      headers: { 'content-type': 'text/html' },
    },
    expected: { kind: 'not-found', detail: undefined },
  },
  {
    name: '405',
    reply: { status: 405, json: { detail: 'Method "PUT" not allowed.' } },
    expected: { kind: 'method-not-allowed' },
  },
  { name: 'unknown status 418', reply: { status: 418, text: 'teapot' }, expected: { kind: 'unexpected' } },
];

describe('merchant client: every error row of the spec', () => {
  it.each(finalRows)('$name: typed, never retried, nothing secret in the message', async (row) => {
    const logger = memoryLogger();
    const logged = testClient(fake, budget, { logger });
    fake.enqueueFor('/recharge/orders', row.reply);
    const error = await failure(logged.createOrder(newOrder()));
    expect(error).toMatchObject({ ...row.expected, outcomeUnknown: false });
    if (row.fields) expect(error.fields).toEqual(row.fields);
    if (row.items) expect(error.items).toEqual(row.items);
    expect(fake.requests).toHaveLength(1);
    expectClean(error, fake);
    // 4xx are logged as info, never as errors; nothing secret reaches a log line.
    expect(logger.lines.map((l) => l.level)).toEqual([error.kind === 'unexpected' ? 'error' : 'info']);
    const logText = JSON.stringify(logger.lines);
    expect(logText).not.toContain(fake.apiKey);
    expect(logText).not.toContain(PHONE);
    await logged.close();
  });

  it('a wrong API key gets the real 403, and the key is in no message', async () => {
    const wrong = testClient(fake, budget, { apiKey: 'sk_wrong_key_123456' });
    const error = await failure(wrong.getAccount());
    expect(error).toMatchObject({ kind: 'forbidden', httpStatus: 403 });
    expect(error.message).not.toContain('sk_wrong_key_123456');
    expect(fake.requests).toHaveLength(1);
    await wrong.close();
  });

  it('a bad country on operators is a 400 on the country key', async () => {
    const error = await failure(client.listOperators('ZZ'));
    expect(error).toMatchObject({ kind: 'validation', key: 'country' });
  });

  it('an unknown order is a 404, an unknown path an HTML 404', async () => {
    expect(await failure(client.getOrder('O-404'))).toMatchObject({
      kind: 'not-found',
      detail: 'Not found.',
    });
    expect(fake.requests[0]?.path).toBe('/gw/api/v1/recharge/orders/O-404');
  });

  it('5xx with HTML, time-outs of headers and body, and resets are retried then reported', async () => {
    const impatient = testClient(fake, budget, {
      timeouts: { headers: 300, body: 300 },
      retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 5 },
    });
    const cases: Array<{ replies: Reply[]; expected: Partial<AnyMerchantError> }> = [
      {
        replies: [
          { status: 502, text: '<html>proxy</html>' },
          { status: 503, text: '<html>down</html>' },
        ],
        expected: { kind: 'server', httpStatus: 503 },
      },
      {
        replies: [{ action: 'hang' }, { action: 'hang' }],
        expected: { kind: 'timeout', causeCode: 'UND_ERR_HEADERS_TIMEOUT' },
      },
      {
        replies: [
          { action: 'stall-body', status: 200, partial: '{"default_cu' },
          { action: 'stall-body', status: 200, partial: '{' },
        ],
        expected: { kind: 'timeout', causeCode: 'UND_ERR_BODY_TIMEOUT' },
      },
      { replies: [{ action: 'reset' }, { action: 'reset' }], expected: { kind: 'network', retryable: true } },
    ];
    for (const { replies, expected } of cases) {
      fake.reset();
      fake.enqueue(...replies);
      const error = await failure(impatient.getAccount());
      expect(error).toMatchObject(expected);
      expect(fake.requests).toHaveLength(2);
      expectClean(error, fake);
    }
    await impatient.close();
  });

  it('a garbage success body is a clear unexpected error, not a crash', async () => {
    for (const reply of [
      { status: 200, text: '<html>maintenance</html>' },
      { status: 200, json: { default_currency: 5 } },
      { status: 200, json: [1, 2] },
    ] satisfies Reply[]) {
      fake.enqueue(reply);
      const error = await failure(client.getAccount());
      expect(error).toMatchObject({ kind: 'unexpected', httpStatus: 200, retryable: false });
    }
  });

  it('a garbage 201 on a placement leaves the outcome unknown', async () => {
    fake.enqueueFor('/recharge/orders', { status: 201, text: 'Created' });
    const error = await failure(client.createOrder(newOrder()));
    expect(error).toMatchObject({ kind: 'unexpected', outcomeUnknown: true });
  });

  it('refuses a malformed order locally: nothing is sent, the phone is not quoted', async () => {
    for (const bad of [
      { account: `+${PHONE}` },
      { externalOrderId: 'has space' },
      { amount: '1e3' },
      { quoteToken: '' },
    ]) {
      const error = await failure(client.createOrder(newOrder(bad)));
      expect(error.kind).toBe('invalid-request');
      expectClean(error, fake);
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('an abort during a placement reports aborted with the outcome unknown', async () => {
    fake.enqueueFor('/recharge/orders', { action: 'hang' });
    const controller = new AbortController();
    const pending = failure(client.createOrder(newOrder(), { signal: controller.signal }));
    await expect.poll(() => fake.requests.length, { timeout: 15_000 }).toBe(1);
    controller.abort();
    expect(await pending).toMatchObject({ kind: 'aborted', outcomeUnknown: true });
  });
});

describe('merchant client: budget', () => {
  it('takes a budget slot for every attempt, rejected ones included', async () => {
    const counted = testBudget(redis);
    const counting = testClient(fake, counted);
    fake.enqueue(
      { status: 500, text: '' },
      { status: 429, json: { detail: 't' }, headers: { 'retry-after': '0' } },
    );
    await counting.getAccount();
    expect(fake.requests).toHaveLength(3);
    expect((await counted.snapshot()).usedThisMinute).toBeGreaterThanOrEqual(3);
    await counting.close();
  });

  it('sends nothing when Redis cannot be reached: budget-unavailable', async () => {
    const down = await startRedisServer();
    const downRedis = new Redis(down.url, { maxRetriesPerRequest: 1 });
    downRedis.on('error', () => undefined);
    await downRedis.ping();
    await down.stop(true);
    const { createRequestBudget } = await import('../../src/merchant/budget.ts');
    const blind = testClient(
      fake,
      createRequestBudget({ redis: downRedis, limitPerMinute: 60, redisTimeoutMs: 500 }),
    );
    for (const call of [
      () => blind.createOrder(newOrder()),
      () => blind.getAccount(),
      () => blind.listCountries(),
    ]) {
      const error = await failure(call());
      expect(error).toMatchObject({ kind: 'budget-unavailable', outcomeUnknown: false });
      expect(error.message).toMatch(/Redis/);
    }
    expect(fake.requests).toHaveLength(0);
    await blind.close();
    downRedis.disconnect();
    await down.dispose();
  });
});
