import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_OTHER_API_KEY, DEMO_OTHER_MERCHANT_ID } from '../../../src/sandbox/merchant/index.ts';
import {
  MTN_500,
  newNonce,
  nowSeconds,
  specSignature,
  startSandbox,
  type RunningSandbox,
} from './raw-http.ts';

const expectDetail403 = (r: { status: number; body: unknown; headers: Headers }) => {
  expect(r.status).toBe(403);
  expect(r.headers.get('content-type')).toMatch(/application\/json/);
  expect(typeof (r.body as { detail?: unknown }).detail).toBe('string');
};

describe('merchant sandbox: authentication, signatures and paths', () => {
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

  describe('credentials', () => {
    it('answers 200 with both headers right, and GET needs no signature', async () => {
      const r = await sb.client.get('/account');
      expect(r.status).toBe(200);
      expect(r.body.default_currency).toBe('USD');
      expect(r.body.api_access_enabled).toBe(true);
    });

    it('answers 403 with detail for missing, wrong or mismatched credentials', async () => {
      const bare = await fetch(`${sb.baseUrl}/account`);
      expectDetail403({ status: bare.status, headers: bare.headers, body: await bare.json() });
      expectDetail403(await sb.client.get('/account', { 'x-api-key': '' }));
      expectDetail403(await sb.client.get('/account', { 'x-api-key': `${sb.sandbox.apiKey}x` }));
      expectDetail403(await sb.client.get('/account', { 'x-merchant-id': 'M9999999' }));
      // The other merchant's key under our merchant ID.
      expectDetail403(await sb.client.get('/account', { 'x-api-key': DEMO_OTHER_API_KEY }));
      // And it works for the other merchant with its own ID.
      const other = await sb.client.get('/account', {
        'x-merchant-id': DEMO_OTHER_MERCHANT_ID,
        'x-api-key': DEMO_OTHER_API_KEY,
      });
      expect(other.status).toBe(200);
    });

    it('refuses every call with 403 while API access is not enabled', async () => {
      await sb.control.post('/account', { api_access_enabled: false });
      expectDetail403(await sb.client.get('/account'));
      expectDetail403(await sb.client.get('/recharge/countries'));
      expectDetail403(await sb.client.post('/recharge/quote', MTN_500));
      await sb.control.post('/account', { api_access_enabled: true });
      expect((await sb.client.get('/account')).status).toBe(200);
    });

    it('applies an IPv4 allowlist only when it has rules', async () => {
      await sb.control.post('/account', { allowlist: ['10.0.0.0/8', '2001:db8::/32'] });
      expectDetail403(await sb.client.get('/account'));
      await sb.control.post('/account', { allowlist: ['10.0.0.0/8', '127.0.0.0/8'] });
      expect((await sb.client.get('/account')).status).toBe(200);
      await sb.control.post('/account', { allowlist: ['127.0.0.1/32'] });
      expect((await sb.client.get('/account')).status).toBe(200);
      await sb.control.post('/account', { allowlist: [] });
      expect((await sb.client.get('/account')).status).toBe(200);
    });

    it('rejects a malformed allowlist rule', async () => {
      const r = await sb.control.postRaw('/account', { allowlist: ['300.1.1.1/8'] });
      expect(r.status).toBe(400);
    });
  });

  describe('IPv6 allowlist', () => {
    it('matches IPv6 CIDR rules for a caller on ::1', async () => {
      const v6 = await startSandbox({ allowlist: ['2001:db8::/32'] }, '::1');
      try {
        expect(v6.baseUrl).toContain('[::1]');
        expectDetail403(await v6.client.get('/account'));
        await v6.control.post('/account', { allowlist: ['::1/128'] });
        expect((await v6.client.get('/account')).status).toBe(200);
        await v6.control.post('/account', { allowlist: ['::/0'] });
        expect((await v6.client.get('/account')).status).toBe(200);
        await v6.control.post('/account', { allowlist: ['127.0.0.0/8'] });
        expectDetail403(await v6.client.get('/account'));
      } finally {
        await v6.close();
      }
    });

    it('takes allowlist rules from the options', async () => {
      const locked = await startSandbox({ allowlist: ['192.0.2.0/24'] });
      try {
        expectDetail403(await locked.client.get('/account'));
      } finally {
        await locked.close();
      }
    });
  });

  describe('Portal-only paths', () => {
    it('answers 403 with detail to an API key, whatever the method', async () => {
      for (const path of [
        '/orders/O-10000001/invoice',
        '/orders/O-10000001/delivery-file',
        '/account/api-keys',
        '/account/webhooks',
        '/wallet/transactions',
      ]) {
        expectDetail403(await sb.client.get(path));
        expectDetail403(await sb.client.post(path, {}));
      }
    });
  });

  describe('signed POSTs', () => {
    it('accepts a correct signature', async () => {
      const r = await sb.client.post('/recharge/quote', MTN_500);
      expect(r.status).toBe(200);
    });

    it('refuses missing signature headers', async () => {
      for (const name of ['x-timestamp', 'x-nonce', 'x-signature']) {
        expectDetail403(await sb.client.post('/recharge/quote', MTN_500, { omit: [name] }));
      }
    });

    it('refuses a wrong signature, a signature over other bytes, over the short path, or in upper case', async () => {
      const body = JSON.stringify(MTN_500);
      expectDetail403(await sb.client.post('/recharge/quote', MTN_500, { signature: 'ab'.repeat(32) }));
      // Same JSON value, different whitespace: the signature covers the exact bytes.
      expectDetail403(
        await sb.client.post('/recharge/quote', MTN_500, {
          raw: JSON.stringify(MTN_500, null, 1),
          signRaw: body,
        }),
      );
      const { createHash, createHmac } = await import('node:crypto');
      const ts = String(nowSeconds());
      const nonce = newNonce();
      const shortPath = createHmac('sha256', sb.sandbox.apiKey)
        .update(`POST\n/recharge/quote\n${ts}\n${nonce}\n${createHash('sha256').update(body).digest('hex')}`)
        .digest('hex');
      expectDetail403(await sb.client.post('/recharge/quote', MTN_500, { ts, nonce, signature: shortPath }));
      const good = createHmac('sha256', sb.sandbox.apiKey)
        .update(
          `POST\n/api/v1/recharge/quote\n${ts}\n${nonce}\n${createHash('sha256').update(body).digest('hex')}`,
        )
        .digest('hex');
      expectDetail403(
        await sb.client.post('/recharge/quote', MTN_500, {
          ts,
          nonce: newNonce(),
          signature: good.toUpperCase(),
        }),
      );
      // Signed with the other merchant's key, sent with ours.
      const ts2 = String(nowSeconds());
      const nonce2 = newNonce();
      const foreign = specSignature(DEMO_OTHER_API_KEY, '/api/v1/recharge/quote', ts2, nonce2, body);
      expectDetail403(
        await sb.client.post('/recharge/quote', MTN_500, { ts: ts2, nonce: nonce2, signature: foreign }),
      );
    });

    it('allows 300 seconds of skew either way and refuses more', async () => {
      expect(
        (await sb.client.post('/recharge/quote', MTN_500, { ts: String(nowSeconds() - 290) })).status,
      ).toBe(200);
      expect(
        (await sb.client.post('/recharge/quote', MTN_500, { ts: String(nowSeconds() + 290) })).status,
      ).toBe(200);
      expectDetail403(await sb.client.post('/recharge/quote', MTN_500, { ts: String(nowSeconds() - 310) }));
      expectDetail403(await sb.client.post('/recharge/quote', MTN_500, { ts: String(nowSeconds() + 310) }));
      expectDetail403(await sb.client.post('/recharge/quote', MTN_500, { ts: 'yesterday' }));
    });

    it('uses a nonce once, and consumes it even when the signature was wrong', async () => {
      const nonce = newNonce();
      expect((await sb.client.post('/recharge/quote', MTN_500, { nonce })).status).toBe(200);
      const replay = await sb.client.post('/recharge/quote', MTN_500, { nonce });
      expectDetail403(replay);
      expect(replay.body.detail).toMatch(/nonce/i);

      const burnt = newNonce();
      expectDetail403(
        await sb.client.post('/recharge/quote', MTN_500, { nonce: burnt, signature: '0'.repeat(64) }),
      );
      const after = await sb.client.post('/recharge/quote', MTN_500, { nonce: burnt });
      expectDetail403(after);
      expect(after.body.detail).toMatch(/nonce/i);

      const unsigned = newNonce();
      expectDetail403(
        await sb.client.post('/recharge/quote', MTN_500, { nonce: unsigned, omit: ['x-signature'] }),
      );
      expect((await sb.client.post('/recharge/quote', MTN_500, { nonce: unsigned })).body.detail).toMatch(
        /nonce/i,
      );
    });

    it('keeps nonces per account', async () => {
      const nonce = newNonce();
      expect((await sb.client.post('/recharge/quote', MTN_500, { nonce })).status).toBe(200);
      const other = await sb.client.post('/recharge/quote', MTN_500, {
        nonce,
        credentials: { merchantId: DEMO_OTHER_MERCHANT_ID, apiKey: DEMO_OTHER_API_KEY },
      });
      expect(other.status).toBe(200);
    });

    it('answers 400 with detail for a signed body that is not a JSON object', async () => {
      const r = await sb.client.post('/recharge/quote', null, { raw: '{"country": "NG",' });
      expect(r.status).toBe(400);
      expect(typeof r.body.detail).toBe('string');
      const list = await sb.client.post('/recharge/quote', null, { raw: '[1,2]' });
      expect(list.status).toBe(400);
    });
  });

  describe('methods and unknown paths', () => {
    it('answers 405 with detail for a wrong method on a known path', async () => {
      for (const [method, path] of [
        ['DELETE', '/recharge/orders'],
        ['PUT', '/account'],
        ['GET', '/recharge/quote'],
        ['POST', '/recharge/countries'],
        ['PATCH', '/recharge/orders/O-1'],
      ] as const) {
        const r = await sb.client.send(method, path, {
          'x-merchant-id': sb.sandbox.merchantId,
          'x-api-key': sb.sandbox.apiKey,
        });
        expect(r.status, `${method} ${path}`).toBe(405);
        expect(typeof r.body.detail).toBe('string');
      }
    });

    it('answers an HTML 404 for unknown paths, trailing slashes included', async () => {
      for (const path of ['/nope', '/recharge/orders/', '/account/', '/recharge']) {
        const r = await sb.client.get(path);
        expect(r.status, path).toBe(404);
        expect(r.headers.get('content-type')).toMatch(/text\/html/);
        expect(r.text).toMatch(/<html/i);
        expect(r.body).toBeUndefined();
      }
      const outside = await fetch(sb.baseUrl.replace('/api/v1', '/api/v2/account'));
      expect(outside.status).toBe(404);
      expect(outside.headers.get('content-type')).toMatch(/text\/html/);
    });
  });
});
