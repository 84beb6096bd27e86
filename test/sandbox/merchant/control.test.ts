import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEMO_OTHER_API_KEY,
  DEMO_OTHER_MERCHANT_ID,
  MAGIC_ENDINGS,
} from '../../../src/sandbox/merchant/index.ts';
import {
  MTN_500,
  ngNumber,
  quoteAndOrder,
  startSandbox,
  type Json,
  type RunningSandbox,
} from './raw-http.ts';

const OTHER = { merchantId: DEMO_OTHER_MERCHANT_ID, apiKey: DEMO_OTHER_API_KEY };
let seq = 0;
const ext = () => `ctl-${Date.now()}-${++seq}`;

describe('merchant sandbox: control API', () => {
  let sb: RunningSandbox;
  beforeAll(async () => {
    sb = await startSandbox({ timeScale: 1, initialBalance: '250' });
  });
  afterAll(async () => {
    await sb.close();
  });
  beforeEach(async () => {
    await sb.control.post('/reset');
  });

  it('shows the state, the wallet and the magic endings', async () => {
    const state = await sb.control.get('/state');
    expect(state.time_scale).toBe(1);
    expect(state.account.merchant_id).toBe(sb.sandbox.merchantId);
    expect(state.accounts).toEqual([sb.sandbox.merchantId, DEMO_OTHER_MERCHANT_ID]);
    expect(state.wallet).toEqual({
      merchant_id: sb.sandbox.merchantId,
      currency: 'USD',
      balance: '250.0000',
      active: true,
    });
    expect((await sb.control.get('/magic')).results).toHaveLength(MAGIC_ENDINGS.length);
  });

  it('keeps the books: debits, refunds and top-ups as strings, with a running balance and totals', async () => {
    const topup = await sb.control.post('/wallet/topup', { amount: '12.3456' });
    expect(topup.balance).toBe('262.3456');
    expect((await sb.control.postRaw('/wallet/topup', { amount: '-1' })).status).toBe(400);
    expect((await sb.control.postRaw('/wallet/topup', { amount: 5 })).status).toBe(400);
    const a = await quoteAndOrder(sb.client, MTN_500, ngNumber('4567'), ext());
    const b = await quoteAndOrder(sb.client, { ...MTN_500, amount: '1234.5' }, ngNumber('3333'), ext());
    await sb.control.post(`/orders/${b.order.body.order.order_id}/outcome`, { status: 'refunded' });

    const books = await sb.control.get('/ledger');
    expect(books.results.map((e: Json) => [e.kind, e.order_id, e.amount])).toEqual([
      ['topup', null, '12.3456'],
      ['debit', a.order.body.order.order_id, a.order.body.order.merchant_price],
      ['debit', b.order.body.order.order_id, b.order.body.order.merchant_price],
      ['refund', b.order.body.order.order_id, b.order.body.order.merchant_price],
    ]);
    let running = new Decimal('250');
    for (const entry of books.results) {
      running = entry.kind === 'debit' ? running.minus(entry.amount) : running.plus(entry.amount);
      expect(entry.balance_after).toBe(running.toFixed(4));
      expect(entry.external_order_id === null || typeof entry.external_order_id === 'string').toBe(true);
    }
    expect(books.balance).toBe(running.toFixed(4));
    expect(books.totals).toEqual({
      debits: new Decimal(a.order.body.order.merchant_price)
        .plus(b.order.body.order.merchant_price)
        .toFixed(4),
      refunds: b.order.body.order.merchant_price,
      topups: '12.3456',
    });
  });

  it('lists orders with full numbers, the quote used, the plan and history; quotes link to their order', async () => {
    const { order, quote } = await quoteAndOrder(sb.client, MTN_500, ngNumber('2222'), ext());
    await sb.client.post('/recharge/quote', MTN_500);
    const list = await sb.control.get('/orders');
    expect(list.count).toBe(1);
    expect(list.results[0]).toMatchObject({
      order_id: order.body.order.order_id,
      account: ngNumber('2222'),
      quote_token: quote.body.quote_token,
      outcome: 'review_succeed',
      webhooks: 'normal',
    });
    // Time scale 1: the last step is a minute away, however slow this machine is.
    const pending: string[] = list.results[0].pending_steps;
    expect(pending.length).toBeGreaterThan(0);
    expect(['processing', 'manual_review', 'succeeded'].slice(-pending.length)).toEqual(pending);
    const quotes = await sb.control.get('/quotes');
    expect(quotes.results.map((q: Json) => q.order_id)).toEqual([order.body.order.order_id, null]);
    expect((await sb.control.get('/orders?status=succeeded')).count).toBe(0);
    const found = await sb.control.get(`/orders?search=${order.body.order.external_order_id}`);
    expect(found.results.map((o: Json) => o.order_id)).toEqual([order.body.order.order_id]);
    expect((await sb.control.get(`/orders?search=${ngNumber('2222')}`)).count).toBe(1);
    expect((await sb.control.get('/orders?search=nothing')).count).toBe(0);
    expect((await sb.control.postRaw('/orders/O-404/outcome', { status: 'processing' })).status).toBe(404);
  });

  it('moves the service clock: the whole plan runs, each step at its own time', async () => {
    const { order } = await quoteAndOrder(sb.client, MTN_500, ngNumber('3333'), ext());
    const id = order.body.order.order_id;
    expect((await sb.client.get(`/recharge/orders/${id}`)).body.status).not.toBe('refunded');
    const moved = await sb.control.post('/clock/advance', { seconds: 100 });
    expect(moved.offset_seconds).toBe(100);
    const read = await sb.client.get(`/recharge/orders/${id}`);
    expect(read.body.status).toBe('refunded');
    const books = await sb.control.get(`/orders/${id}`);
    const at = books.history.map((h: Json) => Date.parse(h.at) - Date.parse(books.history[0].at));
    expect(at).toEqual([0, 2_000, 7_000, 67_000]);
    expect((await sb.control.postRaw('/clock/advance', { seconds: -5 })).status).toBe(400);
    expect((await sb.control.postRaw('/clock/advance', {})).status).toBe(400);
    // Signatures keep the wall clock: a fresh signed call still works after the jump.
    expect((await sb.client.post('/recharge/quote', MTN_500)).status).toBe(200);
  });

  it('logs every /api/v1 request (and no control call) with time, method, path and status', async () => {
    await sb.client.get('/account');
    await sb.client.get('/nope');
    await sb.client.post('/recharge/quote', MTN_500);
    await sb.client.get('/account', { 'x-merchant-id': 'M404' });
    await sb.control.get('/state');
    const log = await sb.control.get('/requests');
    expect(log.results.map((e: Json) => [e.method, e.path, e.status, e.merchant_id])).toEqual([
      ['GET', '/api/v1/account', 200, sb.sandbox.merchantId],
      ['GET', '/api/v1/nope', 404, sb.sandbox.merchantId],
      ['POST', '/api/v1/recharge/quote', 200, sb.sandbox.merchantId],
      ['GET', '/api/v1/account', 403, null],
    ]);
    for (const e of log.results) {
      expect(typeof e.at_ms).toBe('number');
      expect(e.at).toMatch(/Z$/);
    }
    expect(log.per_minute.reduce((sum: number, m: Json) => sum + m.count, 0)).toBe(4);
    const since = await sb.control.get(`/requests?since=${log.results[1].seq}`);
    expect(since.count).toBe(2);
    const onlyQuotes = await sb.control.get('/requests?path=/api/v1/recharge/quote');
    expect(onlyQuotes.count).toBe(1);
  });

  it('changes account settings: wallet currency (price_changed for older quotes)', async () => {
    const old = await sb.client.post('/recharge/quote', MTN_500);
    await sb.control.post('/account', { default_currency: 'EUR' });
    expect((await sb.client.get('/account')).body.default_currency).toBe('EUR');
    const eur = await sb.client.post('/recharge/quote', MTN_500);
    expect(eur.body.merchant_currency).toBe('EUR');
    const r = await sb.client.post('/recharge/orders', {
      external_order_id: ext(),
      country: 'NG',
      operator_key: 'NG-MTN',
      amount: '500',
      local_currency: 'NGN',
      subtype: 'airtime',
      account: ngNumber('4567'),
      quote_token: old.body.quote_token,
    });
    expect(r.body.code).toBe('price_changed');
    for (const bad of [{ default_currency: 'XXX' }, { rate_limit_per_minute: 0 }, { risk_block: 'yes' }]) {
      expect((await sb.control.postRaw('/account', bad)).status).toBe(400);
    }
  });

  it('works on another merchant with ?account=, and keeps the two apart', async () => {
    await quoteAndOrder(sb.client, MTN_500, ngNumber('4567'), ext(), OTHER);
    expect((await sb.control.get(`/orders?account=${DEMO_OTHER_MERCHANT_ID}`)).count).toBe(1);
    expect((await sb.control.get('/orders')).count).toBe(0);
    expect((await sb.control.get(`/wallet?account=${DEMO_OTHER_MERCHANT_ID}`)).balance).not.toBe('5000.0000');
    expect((await sb.control.get('/wallet')).balance).toBe('250.0000');
    expect((await sb.client.get('/recharge/orders')).body.count).toBe(0);
    const missing = await fetch(`${sb.controlUrl}/wallet?account=M404`);
    expect(missing.status).toBe(404);
  });

  it('resets to the start options', async () => {
    await quoteAndOrder(sb.client, MTN_500, ngNumber('4567'), ext());
    await sb.control.post('/account', { api_access_enabled: false, allowlist: ['10.0.0.0/8'] });
    await sb.control.post('/wallet', { active: false });
    await sb.control.post('/faults', { kind: 'error' });
    await sb.control.post('/clock/advance', { seconds: 30 });
    await sb.control.post('/reset');
    const state = await sb.control.get('/state');
    expect(state.orders).toBe(0);
    expect(state.requests).toBe(0);
    expect(state.faults).toEqual([]);
    expect(state.clock.offset_seconds).toBe(0);
    expect(state.wallet).toMatchObject({ balance: '250.0000', active: true });
    expect(state.account).toMatchObject({ api_access_enabled: true, allowlist: [] });
    expect((await sb.control.get('/ledger')).count).toBe(0);
    expect((await sb.client.get('/account')).status).toBe(200);
  });

  it('answers JSON 404 and 405 on its own routes', async () => {
    const unknown = await fetch(`${sb.controlUrl}/nothing`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toHaveProperty('detail');
    const wrong = await fetch(`${sb.controlUrl}/reset`);
    expect(wrong.status).toBe(405);
  });
});
