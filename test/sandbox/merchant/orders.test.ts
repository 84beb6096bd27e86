import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_OTHER_API_KEY, DEMO_OTHER_MERCHANT_ID } from '../../../src/sandbox/merchant/index.ts';
import {
  MTN_500,
  ngNumber,
  quoteAndOrder,
  startSandbox,
  waitFor,
  type Json,
  type RunningSandbox,
} from './raw-http.ts';

const OTHER = { merchantId: DEMO_OTHER_MERCHANT_ID, apiKey: DEMO_OTHER_API_KEY };
const TIMESTAMP_Z = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

describe('merchant sandbox: recharge orders', () => {
  let sb: RunningSandbox;
  let seq = 0;
  const ext = () => `ord-${Date.now()}-${++seq}`;

  beforeAll(async () => {
    sb = await startSandbox({ timeScale: 0.01 });
  });
  afterAll(async () => {
    await sb.close();
  });
  beforeEach(async () => {
    await sb.control.post('/reset');
  });

  const ledger = () => sb.control.get('/ledger');

  describe('placing', () => {
    it('creates with 201, charges merchant_price at once and returns the order with the number masked', async () => {
      const before = await sb.control.get('/wallet');
      const account = ngNumber('4567');
      const { quote, order } = await quoteAndOrder(sb.client, MTN_500, account, ext());
      expect(order.status).toBe(201);
      expect(order.body.idempotent_replay).toBe(false);
      const o = order.body.order;
      expect(o.order_id).toMatch(/^O-\d+$/);
      expect(typeof o.id).toBe('number');
      expect(o.status).toBe('accepted');
      expect(typeof o.status_title).toBe('string');
      expect(o.poll_after_seconds).toBeGreaterThan(0);
      expect(o.country).toBe('NG');
      expect(o.operator).toMatchObject({ operator_key: 'NG-MTN', name: 'MTN Nigeria' });
      expect(o.subtype).toBe('airtime');
      expect(o.local_amount).toBe('500.0000');
      expect(o.local_currency).toBe('NGN');
      expect(o.merchant_price).toBe(quote.body.merchant_price);
      expect(o.merchant_currency).toBe('USD');
      expect(o.account).not.toBe(account);
      expect(o.account).toContain('*');
      expect(o.account).not.toContain(account.slice(3, -3));
      expect(Array.isArray(o.attempts)).toBe(true);
      expect(o.created_at).toMatch(TIMESTAMP_Z);
      expect(o.updated_at).toMatch(TIMESTAMP_Z);

      const after = await sb.control.get('/wallet');
      expect(new Decimal(before.balance).minus(after.balance).toFixed(4)).toBe(o.merchant_price);
      const books = await ledger();
      expect(books.results).toHaveLength(1);
      expect(books.results[0]).toMatchObject({
        kind: 'debit',
        order_id: o.order_id,
        amount: o.merchant_price,
      });
      // The sandbox's own books keep the full number.
      expect((await sb.control.get(`/orders/${o.order_id}`)).account).toBe(account);
    });

    it('replays the same recharge with 200 and no charge, even after the quote expired', async () => {
      const { order, orderBody } = await quoteAndOrder(sb.client, MTN_500, ngNumber('4567'), ext());
      expect(order.status).toBe(201);
      const again = await sb.client.post('/recharge/orders', orderBody);
      expect(again.status).toBe(200);
      expect(again.body.idempotent_replay).toBe(true);
      expect(again.body.order.order_id).toBe(order.body.order.order_id);
      await sb.control.post('/clock/advance', { seconds: 3600 });
      const late = await sb.client.post('/recharge/orders', { ...orderBody, amount: '500.00' });
      expect(late.status).toBe(200);
      expect(late.body.idempotent_replay).toBe(true);
      expect((await ledger()).results).toHaveLength(1);
    });

    it('refuses a different recharge under a used order number with key external_order_id', async () => {
      const { orderBody } = await quoteAndOrder(sb.client, MTN_500, ngNumber('4567'), ext());
      for (const change of [
        { account: ngNumber('4568') },
        { amount: '600' },
        { operator_key: 'NG-AIRTEL' },
      ]) {
        const r = await sb.client.post('/recharge/orders', { ...orderBody, ...change });
        expect(r.status).toBe(400);
        expect(Object.keys(r.body)).toEqual(['external_order_id']);
      }
      expect((await ledger()).results).toHaveLength(1);
    });

    it('keeps order numbers per merchant', async () => {
      const id = ext();
      expect((await quoteAndOrder(sb.client, MTN_500, ngNumber('4567'), id)).order.status).toBe(201);
      expect((await quoteAndOrder(sb.client, MTN_500, ngNumber('4567'), id, OTHER)).order.status).toBe(201);
    });

    it('validates external_order_id: required, at most 120 allowed characters', async () => {
      const quote = await sb.client.post('/recharge/quote', MTN_500);
      const body = {
        country: 'NG',
        operator_key: 'NG-MTN',
        amount: '500',
        local_currency: 'NGN',
        subtype: 'airtime',
        account: ngNumber('4567'),
        quote_token: quote.body.quote_token,
      };
      for (const bad of [undefined, '', 'x'.repeat(121), 'has space', 'slash/no', 'ünicode', 42]) {
        const r = await sb.client.post('/recharge/orders', { ...body, external_order_id: bad });
        expect(r.status, String(bad)).toBe(400);
        expect(Object.keys(r.body)).toEqual(['external_order_id']);
      }
      const ok = await sb.client.post('/recharge/orders', {
        ...body,
        external_order_id: `A-z_0.9-${'x'.repeat(111)}`,
      });
      expect(ok.status).toBe(201);
    });

    it('validates the recharge fields of an order: all required, account digits only for the country', async () => {
      const quote = await sb.client.post('/recharge/quote', MTN_500);
      const body = {
        external_order_id: ext(),
        country: 'NG',
        operator_key: 'NG-MTN',
        amount: '500',
        local_currency: 'NGN',
        subtype: 'airtime',
        account: ngNumber('4567'),
        quote_token: quote.body.quote_token,
      };
      for (const key of ['subtype', 'local_currency', 'account', 'amount']) {
        const { [key]: _dropped, ...rest } = body as Record<string, unknown>;
        const r = await sb.client.post('/recharge/orders', rest);
        expect(r.status, key).toBe(400);
        expect(Object.keys(r.body), key).toEqual([key]);
      }
      for (const account of ['+2348031234567', '234 803 123 4567', '08031234567', '254712345678', 'abc']) {
        const r = await sb.client.post('/recharge/orders', { ...body, account });
        expect(r.status, account).toBe(400);
        expect(Object.keys(r.body), account).toEqual(['account']);
      }
      const unavailable = await sb.client.post('/recharge/orders', { ...body, operator_key: 'NG-NOPE' });
      expect(Object.keys(unavailable.body)).toEqual(['detail']);
      const amount = await sb.client.post('/recharge/orders', { ...body, amount: '0' });
      expect(Object.keys(amount.body)).toEqual(['amount']);
      const currency = await sb.client.post('/recharge/orders', { ...body, local_currency: 'naira' });
      expect(Object.keys(currency.body)).toEqual(['local_currency']);
      expect((await ledger()).results).toHaveLength(0);
    });
  });

  describe('quote tokens', () => {
    const orderWith = async (token: unknown, change: Record<string, unknown> = {}) =>
      sb.client.post('/recharge/orders', {
        external_order_id: ext(),
        country: 'NG',
        operator_key: 'NG-MTN',
        amount: '500',
        local_currency: 'NGN',
        subtype: 'airtime',
        account: ngNumber('4567'),
        ...(token === undefined ? {} : { quote_token: token }),
        ...change,
      });
    const expectCode = (r: Json, code: string) => {
      expect(r.status).toBe(400);
      expect(Object.keys(r.body).sort()).toEqual(['code', 'quote_token']);
      expect(r.body.code).toBe(code);
      expect(typeof (Array.isArray(r.body.quote_token) ? r.body.quote_token[0] : r.body.quote_token)).toBe(
        'string',
      );
    };

    it('quote_required when none is sent', async () => {
      expectCode(await orderWith(undefined), 'quote_required');
      expectCode(await orderWith(''), 'quote_required');
    });

    it('quote_invalid when altered, issued for another recharge or for another account', async () => {
      const token: string = (await sb.client.post('/recharge/quote', MTN_500)).body.quote_token;
      const flipped = token.slice(0, 10) + (token[10] === 'A' ? 'B' : 'A') + token.slice(11);
      expectCode(await orderWith(flipped), 'quote_invalid');
      expectCode(await orderWith(`${token}x`), 'quote_invalid');
      expectCode(await orderWith('garbage'), 'quote_invalid');
      expectCode(await orderWith(token, { amount: '600' }), 'quote_invalid');
      expectCode(await orderWith(token, { operator_key: 'NG-AIRTEL' }), 'quote_invalid');
      const other = (await sb.client.post('/recharge/quote', MTN_500, { credentials: OTHER })).body
        .quote_token;
      expectCode(await orderWith(other), 'quote_invalid');
      const data = (await sb.client.post('/recharge/quote', { ...MTN_500, amount: '1000', subtype: 'data' }))
        .body.quote_token;
      expectCode(await orderWith(data, { amount: '1000' }), 'quote_invalid');
    });

    it('quote_expired after 300 seconds of the sandbox clock, fine just before', async () => {
      const fresh = (await sb.client.post('/recharge/quote', MTN_500)).body.quote_token;
      const old = (await sb.client.post('/recharge/quote', MTN_500)).body.quote_token;
      await sb.control.post('/clock/advance', { seconds: 295 });
      expect((await orderWith(fresh)).status).toBe(201);
      await sb.control.post('/clock/advance', { seconds: 10 });
      expectCode(await orderWith(old), 'quote_expired');
    });

    it('price_changed when the price moved since the quote (markup or FX)', async () => {
      const a = (await sb.client.post('/recharge/quote', MTN_500)).body.quote_token;
      const b = (await sb.client.post('/recharge/quote', MTN_500)).body.quote_token;
      await sb.control.post('/prices', { markup_percent: '1.5' });
      expectCode(await orderWith(a), 'price_changed');
      await sb.control.post('/prices', { markup_percent: '0', fx: { NGN: '1600' } });
      expectCode(await orderWith(b), 'price_changed');
      const c = await sb.client.post('/recharge/quote', MTN_500);
      expect(c.body.merchant_price).toBe(
        new Decimal(500).div(1600).mul(0.97).toFixed(4, Decimal.ROUND_HALF_UP),
      );
      expect((await orderWith(c.body.quote_token)).status).toBe(201);
      expect((await ledger()).results).toHaveLength(1);
    });
  });

  describe('money rules', () => {
    it('balance: refuses an order the wallet cannot pay, charging nothing', async () => {
      const poor = await startSandbox({ initialBalance: '0.5' });
      try {
        expect((await quoteAndOrder(poor.client, MTN_500, ngNumber('4567'), ext())).order.status).toBe(201);
        const second = await quoteAndOrder(poor.client, MTN_500, ngNumber('4568'), ext());
        expect(second.order.status).toBe(400);
        expect(Object.keys(second.order.body)).toEqual(['balance']);
        await poor.control.post('/wallet/topup', { amount: '10' });
        expect((await poor.client.post('/recharge/orders', second.orderBody)).status).toBe(201);
        const books = await poor.control.get('/ledger');
        expect(books.results.map((e: Json) => e.kind)).toEqual(['debit', 'topup', 'debit']);
      } finally {
        await poor.close();
      }
    });

    it('risk: refuses an order above the per-order cap, or while the risk switch is on', async () => {
      const big = await quoteAndOrder(
        sb.client,
        { country: 'MX', operator_key: 'MX-ATT', amount: '5000' },
        '525512345678',
        ext(),
      );
      expect(new Decimal(big.quote.body.merchant_price).gt(200)).toBe(true);
      expect(big.order.status).toBe(400);
      expect(Object.keys(big.order.body)).toEqual(['risk']);

      await sb.control.post('/account', { risk_block: true });
      const blocked = await quoteAndOrder(sb.client, MTN_500, ngNumber('4567'), ext());
      expect(Object.keys(blocked.order.body)).toEqual(['risk']);
      await sb.control.post('/account', { risk_block: false, risk_max_order_price: '0.1' });
      const capped = await quoteAndOrder(sb.client, MTN_500, ngNumber('4567'), ext());
      expect(Object.keys(capped.order.body)).toEqual(['risk']);
      expect((await ledger()).results).toHaveLength(0);
    });

    it('wallet: refuses every order while the wallet is deactivated', async () => {
      await sb.control.post('/wallet', { active: false });
      const r = await quoteAndOrder(sb.client, MTN_500, ngNumber('4567'), ext());
      expect(r.order.status).toBe(400);
      expect(Object.keys(r.order.body)).toEqual(['wallet']);
      await sb.control.post('/wallet', { active: true });
      expect((await sb.client.post('/recharge/orders', r.orderBody)).status).toBe(201);
    });

    it('returns the full price to the wallet on refund', async () => {
      const before = await sb.control.get('/wallet');
      const { order } = await quoteAndOrder(sb.client, MTN_500, ngNumber('1111'), ext());
      const id = order.body.order.order_id;
      await waitFor(
        async () => (await sb.client.get(`/recharge/orders/${id}`)).body.status === 'refunded',
        30_000,
      );
      expect(await sb.control.get('/wallet')).toEqual(before);
      const books = await ledger();
      expect(books.results.map((e: Json) => [e.kind, e.order_id, e.amount])).toEqual([
        ['debit', id, order.body.order.merchant_price],
        ['refund', id, order.body.order.merchant_price],
      ]);
    });
  });

  describe('reading', () => {
    it('reads an order with order_status, status_message and next_step; 404 for unknown or foreign', async () => {
      const { order } = await quoteAndOrder(sb.client, MTN_500, ngNumber('4567'), ext());
      const id = order.body.order.order_id;
      const read = await sb.client.get(`/recharge/orders/${id}`);
      expect(read.status).toBe(200);
      expect(read.body.order_id).toBe(id);
      expect(read.body.order_status).toBe(read.body.status);
      expect(typeof read.body.status_message).toBe('string');
      expect(typeof read.body.next_step).toBe('string');
      expect(read.body.account).toBe(order.body.order.account);

      const unknown = await sb.client.get('/recharge/orders/O-99999999');
      expect(unknown.status).toBe(404);
      expect(typeof unknown.body.detail).toBe('string');
      const foreign = await sb.client.get(`/recharge/orders/${id}`, {}, OTHER);
      expect(foreign.status).toBe(404);
      expect(typeof foreign.body.detail).toBe('string');
      // Recharge orders are read only through /recharge.
      expect((await sb.client.get(`/orders/${id}`)).status).toBe(404);
    });

    it('follows the state machine to succeeded, with attempts and poll_after_seconds 0 only when finished', async () => {
      const { order } = await quoteAndOrder(sb.client, MTN_500, ngNumber('4567'), ext());
      const id = order.body.order.order_id;
      const seen = new Set<string>();
      const final = await waitFor(async () => {
        const r = (await sb.client.get(`/recharge/orders/${id}`)).body;
        seen.add(r.status);
        if (r.status !== 'succeeded') expect(r.poll_after_seconds).toBeGreaterThan(0);
        return r.status === 'succeeded' ? r : undefined;
      });
      expect(final.poll_after_seconds).toBe(0);
      expect(final.attempts).toHaveLength(1);
      expect(final.attempts[0]).toMatchObject({ attempt_no: 1, status: 'succeeded', error_message: '' });
      expect(final.attempts[0].submitted_at).toMatch(TIMESTAMP_Z);
      expect(final.attempts[0].completed_at).toMatch(TIMESTAMP_Z);
      const history = (await sb.control.get(`/orders/${id}`)).history.map((h: Json) => h.status);
      expect(history).toEqual(['accepted', 'processing', 'succeeded']);
      for (const status of seen) expect(history).toContain(status);
    });
  });

  describe('listing', () => {
    it('lists newest first with count, limit, status, search, offset, and refuses bad numbers', async () => {
      const made: { id: string; ext: string; ending: string }[] = [];
      for (let i = 0; i < 25; i++) {
        const ending = i % 8 === 0 ? '4444' : String(1000 + i);
        const externalId = `list-${i}-${ext()}`;
        const { order } = await quoteAndOrder(sb.client, MTN_500, ngNumber(ending), externalId);
        expect(order.status).toBe(201);
        made.push({ id: order.body.order.order_id, ext: externalId, ending });
      }
      await quoteAndOrder(
        sb.client,
        { country: 'KE', operator_key: 'KE-AIRTEL', amount: '100' },
        '254712345678',
        ext(),
      );
      await quoteAndOrder(sb.client, MTN_500, ngNumber('4567'), ext(), OTHER);
      const slow = made.filter((m) => m.ending === '4444').length;
      await waitFor(async () => (await sb.control.get('/orders?status=succeeded')).count === 26 - slow);

      const first = await sb.client.get('/recharge/orders');
      expect(first.status).toBe(200);
      expect(first.body.count).toBe(26);
      expect(first.body.limit).toBe(20);
      expect(first.body.results).toHaveLength(20);
      expect(first.body.results[0].operator.operator_key).toBe('KE-AIRTEL');
      expect(first.body.results[1].order_id).toBe(made[24]?.id);
      const times = first.body.results.map((o: Json) => Date.parse(o.created_at));
      expect([...times].sort((a, b) => b - a)).toEqual(times);

      // Newest first: position 0 is the Kenyan order, position k is made[25 - k].
      const page = await sb.client.get('/recharge/orders?limit=5&offset=20');
      expect(page.body.results.map((o: Json) => o.order_id)).toEqual(
        made
          .slice(1, 6)
          .reverse()
          .map((m) => m.id),
      );
      expect((await sb.client.get('/recharge/orders?limit=1000')).body.limit).toBe(100);
      expect((await sb.client.get('/recharge/orders?offset=100')).body.results).toEqual([]);

      const processing = await sb.client.get('/recharge/orders?status=processing');
      expect(processing.body.count).toBe(slow);
      expect((await sb.client.get('/recharge/orders?status=succeeded')).body.count).toBe(26 - slow);

      const target = made[7];
      const byId = await sb.client.get(`/recharge/orders?search=${target?.id}`);
      expect(byId.body.results.map((o: Json) => o.order_id)).toEqual([target?.id]);
      const byExt = await sb.client.get(`/recharge/orders?search=${target?.ext}`);
      expect(byExt.body.results.map((o: Json) => o.order_id)).toEqual([target?.id]);
      const byOperator = await sb.client.get('/recharge/orders?search=airtel%20kenya');
      expect(byOperator.body.count).toBe(1);

      for (const query of ['limit=-1', 'limit=abc', 'offset=-5', 'offset=1.5', 'limit=2e1']) {
        const r = await sb.client.get(`/recharge/orders?${query}`);
        expect(r.status, query).toBe(400);
        expect(Object.keys(r.body)).toEqual([query.split('=')[0]]);
      }
      const both = await sb.client.get('/recharge/orders?limit=x&offset=y');
      expect(Object.keys(both.body).sort()).toEqual(['limit', 'offset']);
    });
  });
});
