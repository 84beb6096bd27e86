import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FX_PER_USD, OPERATORS } from '../../../src/sandbox/merchant/index.ts';
import { startSandbox, type RunningSandbox } from './raw-http.ts';

/**
 * The price rule, re-derived here from the catalogue's published data (rates and discounts), not from
 * the sandbox's code: amount / rate(local) * rate(wallet) * (1 - discount%), half-up to 4 places.
 */
function expectedPrice(operatorKey: string, amount: string, currency: string, wallet = 'USD'): string {
  const operator = OPERATORS.find((o) => o.key === operatorKey);
  if (!operator) throw new Error(operatorKey);
  const D = Decimal.clone({ precision: 60 });
  const value = new D(amount)
    .div(FX_PER_USD[currency] ?? 'NaN')
    .mul(FX_PER_USD[wallet] ?? 'NaN')
    .mul(new D(100).minus(operator.discountPercent).div(100));
  return value.toFixed(4, Decimal.ROUND_HALF_UP);
}

describe('merchant sandbox: quotes', () => {
  let sb: RunningSandbox;
  beforeAll(async () => {
    sb = await startSandbox();
  });
  afterAll(async () => {
    await sb.close();
  });
  beforeEach(async () => {
    await sb.control.post('/reset');
  });

  it('returns the spec record, valid for 300 seconds, with an exact 4-decimal price', async () => {
    const before = Date.parse((await sb.control.get('/clock')).service);
    const r = await sb.client.post('/recharge/quote', {
      country: 'NG',
      operator_key: 'NG-MTN',
      amount: '500',
    });
    const after = Date.parse((await sb.control.get('/clock')).service);
    expect(r.status).toBe(200);
    const q = r.body;
    expect(q.country).toBe('NG');
    expect(q.country_name).toBe('Nigeria');
    expect(q.operator).toMatchObject({ operator_key: 'NG-MTN', name: 'MTN Nigeria' });
    expect(typeof q.operator.logo_url).toBe('string');
    expect(q.subtype).toBe('airtime');
    expect(q.local_amount).toBe('500.0000');
    expect(q.local_currency).toBe('NGN');
    expect(q.merchant_currency).toBe('USD');
    expect(q.merchant_price).toBe(expectedPrice('NG-MTN', '500', 'NGN'));
    expect(typeof q.quote_token).toBe('string');
    expect(q.quote_token.length).toBeGreaterThan(16);
    expect(q.expires_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/);
    const expires = Date.parse(q.expires_at);
    expect(expires - 300_000).toBeGreaterThanOrEqual(before - 1);
    expect(expires - 300_000).toBeLessThanOrEqual(after + 1);
  });

  it('prices every kind of offer exactly (range, fixed, data, bundle, a second currency, another wallet)', async () => {
    const cases = [
      { country: 'KE', operator_key: 'KE-SAFARICOM', amount: '123.45', currency: 'KES' },
      { country: 'ID', operator_key: 'ID-TELKOMSEL', amount: '25000', currency: 'IDR' },
      { country: 'IN', operator_key: 'IN-JIO', amount: '299', subtype: 'bundle', currency: 'INR' },
      { country: 'GH', operator_key: 'GH-MTN', amount: '20', subtype: 'data', currency: 'GHS' },
      { country: 'HT', operator_key: 'HT-DIGICEL', amount: '10', local_currency: 'USD', currency: 'USD' },
      { country: 'CO', operator_key: 'CO-CLARO', amount: '199999.9999', currency: 'COP' },
    ];
    for (const c of cases) {
      const { currency, ...body } = c;
      const r = await sb.client.post('/recharge/quote', body);
      expect(r.status, JSON.stringify(c)).toBe(200);
      expect(r.body.local_currency).toBe(currency);
      expect(r.body.merchant_price).toBe(expectedPrice(c.operator_key, c.amount, currency));
    }
    const eur = await startSandbox({ defaultCurrency: 'EUR' });
    try {
      const r = await eur.client.post('/recharge/quote', {
        country: 'MX',
        operator_key: 'MX-TELCEL',
        amount: '100',
      });
      expect(r.body.merchant_currency).toBe('EUR');
      expect(r.body.merchant_price).toBe(expectedPrice('MX-TELCEL', '100', 'MXN', 'EUR'));
      expect((await eur.client.get('/account')).body.default_currency).toBe('EUR');
    } finally {
      await eur.close();
    }
  });

  it('prices any amount of a range offer exactly (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 500_000, max: 500_000_000 }), async (tenThousandths) => {
        const amount = new Decimal(tenThousandths).div(10_000).toFixed(4);
        const r = await sb.client.post('/recharge/quote', {
          country: 'NG',
          operator_key: 'NG-AIRTEL',
          amount,
        });
        expect(r.status).toBe(200);
        expect(r.body.local_amount).toBe(amount);
        expect(r.body.merchant_price).toBe(expectedPrice('NG-AIRTEL', amount, 'NGN'));
      }),
      { numRuns: 40 },
    );
  });

  it('uses the first listed currency when local_currency is left out of a two-currency operator', async () => {
    const r = await sb.client.post('/recharge/quote', {
      country: 'HT',
      operator_key: 'HT-NATCOM',
      amount: '100',
    });
    expect(r.status).toBe(200);
    expect(r.body.local_currency).toBe('HTG');
    const usd = await sb.client.post('/recharge/quote', {
      country: 'HT',
      operator_key: 'HT-NATCOM',
      amount: '10',
      local_currency: 'USD',
    });
    expect(usd.body.local_currency).toBe('USD');
  });

  it('answers field errors with the field as key and an array of messages', async () => {
    const missing = await sb.client.post('/recharge/quote', {});
    expect(missing.status).toBe(400);
    for (const key of ['country', 'operator_key', 'amount']) {
      expect(Array.isArray(missing.body[key]), key).toBe(true);
      expect(typeof missing.body[key][0]).toBe('string');
    }
    const bad = (extra: Record<string, unknown>) =>
      sb.client.post('/recharge/quote', { country: 'NG', operator_key: 'NG-MTN', amount: '500', ...extra });
    for (const amount of [
      '0',
      '0.0000',
      '-5',
      '1e3',
      'abc',
      ' 500',
      '500.12345',
      '٥٠٠',
      500,
      '49.9999',
      '50000.0001',
    ]) {
      const r = await bad({ amount });
      expect(r.status, String(amount)).toBe(400);
      expect(Object.keys(r.body), String(amount)).toEqual(['amount']);
    }
    for (const local_currency of ['ngn', 'NAIRA', 'N1', 7]) {
      const r = await bad({ local_currency });
      expect(r.status).toBe(400);
      expect(Object.keys(r.body)).toEqual(['local_currency']);
    }
    const subtype = await bad({ subtype: 'sms' });
    expect(Object.keys(subtype.body)).toEqual(['subtype']);
  });

  it('answers detail when the country, operator, subtype, currency or amount is not available', async () => {
    const cases: Record<string, unknown>[] = [
      { country: 'ZZ', operator_key: 'NG-MTN', amount: '500' },
      { country: 'NG', operator_key: 'KE-SAFARICOM', amount: '500' },
      { country: 'NG', operator_key: 'NG-NOPE', amount: '500' },
      { country: 'NG', operator_key: 'NG-AIRTEL', amount: '1000', subtype: 'bundle' },
      { country: 'IN', operator_key: 'IN-JIO', amount: '249' },
      { country: 'NG', operator_key: 'NG-MTN', amount: '500', local_currency: 'USD' },
      { country: 'NG', operator_key: 'NG-GLO', amount: '150' },
      { country: 'NG', operator_key: 'NG-MTN', amount: '999', subtype: 'data' },
    ];
    for (const body of cases) {
      const r = await sb.client.post('/recharge/quote', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(r.body), JSON.stringify(body)).toEqual(['detail']);
    }
    // Outside every fixed value's span is "out of range": key amount.
    const above = await sb.client.post('/recharge/quote', {
      country: 'NG',
      operator_key: 'NG-GLO',
      amount: '5000',
    });
    expect(Object.keys(above.body)).toEqual(['amount']);
  });

  it('reserves nothing: a quote leaves the wallet alone', async () => {
    const before = await sb.control.get('/wallet');
    await sb.client.post('/recharge/quote', { country: 'NG', operator_key: 'NG-MTN', amount: '50000' });
    expect(await sb.control.get('/wallet')).toEqual(before);
    const quotes = await sb.control.get('/quotes');
    expect(quotes.count).toBe(1);
    expect(quotes.results[0].order_id).toBeNull();
  });
});
