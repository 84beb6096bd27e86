import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRIES, MAGIC_ENDINGS } from '../../../src/sandbox/merchant/index.ts';
import { startSandbox, type Json, type RunningSandbox } from './raw-http.ts';

const FOUR_DECIMALS = /^\d+\.\d{4}$/;

describe('merchant sandbox: catalogue', () => {
  let sb: RunningSandbox;
  let countries: Json[];
  let operators: Json[];

  beforeAll(async () => {
    sb = await startSandbox();
    const list = await sb.client.get('/recharge/countries');
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(list.body.results.length);
    countries = list.body.results;
    operators = [];
    for (const country of countries) {
      const r = await sb.client.get(`/recharge/operators?country=${country.code}`);
      expect(r.status).toBe(200);
      expect(r.body.count).toBe(r.body.results.length);
      operators.push(...r.body.results);
    }
  });
  afterAll(async () => {
    await sb.close();
  });

  it('lists at least 12 countries, the required ones among them, with consistent counts', () => {
    expect(countries.length).toBeGreaterThanOrEqual(12);
    const codes = countries.map((c) => c.code);
    for (const code of ['NG', 'KE', 'GH', 'IN', 'MX', 'BR', 'PH', 'ID', 'CO', 'PK', 'BD', 'EG', 'MA'])
      expect(codes).toContain(code);
    for (const country of countries) {
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(typeof country.name).toBe('string');
      const mine = operators.filter((o) => o.country === country.code);
      expect(country.operator_count).toBe(mine.length);
      expect(country.offer_count).toBe(mine.reduce((sum, o) => sum + o.offer_count, 0));
      expect([...country.currency_codes].sort()).toEqual(
        [...new Set(mine.flatMap((o) => o.currency_codes))].sort(),
      );
    }
  });

  it('has at least 40 well-formed operators', () => {
    expect(operators.length).toBeGreaterThanOrEqual(40);
    for (const o of operators) {
      expect(o.operator_key.startsWith(`${o.country}-`)).toBe(true);
      expect(o.country_name).toBe(countries.find((c) => c.code === o.country)?.name);
      expect(o.logo_url === '' || /^https?:\/\/.+\.svg$/.test(o.logo_url)).toBe(true);
      expect(o.amounts.length).toBe(o.offer_count);
      const subtypes = [...new Set(o.amounts.map((a: Json) => a.subtype))];
      expect([...o.subtypes].sort()).toEqual(subtypes.sort());
      for (const s of o.subtypes) expect(['airtime', 'data', 'bundle']).toContain(s);
      expect([...o.currency_codes].sort()).toEqual(
        [...new Set(o.amounts.map((a: Json) => a.currency))].sort(),
      );
      const anyRange = o.amounts.some((a: Json) => a.min !== a.max);
      expect(o.amount_model).toBe(anyRange ? 'range' : 'fixed');
      for (const a of o.amounts) {
        expect(a.min).toMatch(FOUR_DECIMALS);
        expect(a.max).toMatch(FOUR_DECIMALS);
        expect(Number(a.min) <= Number(a.max)).toBe(true);
        expect(a.currency).toMatch(/^[A-Z]{3}$/);
        expect(typeof a.label).toBe('string');
      }
    }
    expect(new Set(operators.map((o) => o.operator_key)).size).toBe(operators.length);
  });

  it('covers both amount models, several subtypes, two currencies and local currencies unlike the wallet', () => {
    expect(operators.some((o) => o.amount_model === 'fixed')).toBe(true);
    expect(operators.some((o) => o.amount_model === 'range')).toBe(true);
    expect(operators.some((o) => o.subtypes.length >= 3)).toBe(true);
    expect(operators.filter((o) => o.subtypes.length >= 2).length).toBeGreaterThanOrEqual(5);
    expect(operators.some((o) => o.currency_codes.length >= 2)).toBe(true);
    expect(operators.filter((o) => !o.currency_codes.includes('USD')).length).toBeGreaterThan(40);
    expect(operators.find((o) => o.operator_key === 'NG-MTN')?.name).toMatch(/MTN/);
  });

  it('serves the operator logos it links to', async () => {
    const withLogo = operators.find((o) => o.logo_url !== '');
    const r = await fetch(withLogo.logo_url);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/svg+xml');
    expect(await r.text()).toMatch(/^<svg/);
    expect(operators.some((o) => o.logo_url === '')).toBe(true);
  });

  it('answers 400 for a missing, badly formed or unknown country', async () => {
    for (const query of ['', '?country=', '?country=ng', '?country=NGA', '?country=ZZ', '?country=US']) {
      const r = await sb.client.get(`/recharge/operators${query}`);
      expect(r.status, query).toBe(400);
      expect(r.body).toBeTypeOf('object');
    }
  });

  it('filters operators by name with search', async () => {
    const r = await sb.client.get('/recharge/operators?country=NG&search=airtel');
    expect(r.body.results.map((o: Json) => o.operator_key)).toEqual(['NG-AIRTEL']);
    const none = await sb.client.get('/recharge/operators?country=NG&search=nothing-like-this');
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ count: 0, results: [] });
  });

  it('drops an operator that became unavailable from the lists and the counts', async () => {
    await sb.control.post('/operators/NG-GLO', { available: false });
    try {
      const list = await sb.client.get('/recharge/operators?country=NG');
      expect(list.body.results.map((o: Json) => o.operator_key)).not.toContain('NG-GLO');
      const ng = (await sb.client.get('/recharge/countries')).body.results.find((c: Json) => c.code === 'NG');
      expect(ng.operator_count).toBe(countries.find((c) => c.code === 'NG').operator_count - 1);
      const quote = await sb.client.post('/recharge/quote', {
        country: 'NG',
        operator_key: 'NG-GLO',
        amount: '100',
      });
      expect(quote.status).toBe(400);
      expect(typeof quote.body.detail).toBe('string');
    } finally {
      await sb.control.post('/operators/NG-GLO', { available: true });
    }
  });

  it('gives every country a sample number that stays a valid mobile with every magic ending', () => {
    for (const country of COUNTRIES) {
      for (const ending of ['1234', ...MAGIC_ENDINGS.flatMap((m) => (m.ending ? [m.ending] : []))]) {
        const number = `${country.sampleNumber.slice(0, -4)}${ending}`;
        const parsed = parsePhoneNumberFromString(`+${number}`);
        expect(parsed?.isValid(), number).toBe(true);
        expect(parsed?.country).toBe(country.code);
        expect(['MOBILE', 'FIXED_LINE_OR_MOBILE']).toContain(parsed?.getType());
      }
    }
  });
});
