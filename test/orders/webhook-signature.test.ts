import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  WEBHOOK_TOLERANCE_SECONDS,
  parseMerchantEvent,
  parseSignatureHeader,
  signMerchantWebhook,
  verifyMerchantWebhook,
} from '../../src/orders/webhook-signature.ts';

const NOW = 1_790_000_000;
const SECRETS = ['whsec_old_4f1c2a', 'whsec_new_9b7e3d'];
const BODY = Buffer.from(
  JSON.stringify({
    event: 'order.succeeded',
    order: {
      id: 'O-1001',
      order_id: 'O-1001',
      external_order_id: 'rb-20261122-101112345-abc',
      status: 'succeeded',
      currency: 'USD',
      total_amount: '4.1200',
      items: [],
    },
  }),
);

/** HMAC computed by openssl, independently of node:crypto: over `t`, a period and the body bytes. */
function opensslSignature(secret: string, t: string, body: Buffer): string {
  const out = execFileSync('openssl', ['dgst', '-sha256', '-hmac', secret], {
    input: Buffer.concat([Buffer.from(`${t}.`), body]),
  }).toString();
  const hex = /([0-9a-f]{64})\s*$/.exec(out)?.[1];
  if (hex === undefined) throw new Error(`unexpected openssl output: ${out}`);
  return hex;
}

function verify(overrides: Partial<Parameters<typeof verifyMerchantWebhook>[0]>) {
  return verifyMerchantWebhook({
    rawBody: BODY,
    signatureHeader: signMerchantWebhook(SECRETS[0] ?? '', NOW, BODY),
    secrets: SECRETS,
    nowSeconds: NOW,
    ...overrides,
  });
}

describe('signMerchantWebhook and verifyMerchantWebhook against openssl', () => {
  const samples: [string, string, Buffer][] = [
    ['whsec_old_4f1c2a', String(NOW), BODY],
    ['s3cr3t with spaces', '1700000000', Buffer.from('{"event":"order.failed"}')],
    ['ünïcode-secret', '1', Buffer.from('{"a":"é\\u00e9 ✅"}')],
    ['k', '1790000123', Buffer.from([0x7b, 0x00, 0xff, 0x0a, 0x7d])],
  ];

  it.each(samples)('secret %j, t=%s', (secret, t, body) => {
    const expected = opensslSignature(secret, t, body);
    expect(signMerchantWebhook(secret, t, body)).toBe(`t=${t},v1=${expected}`);
    expect(
      verifyMerchantWebhook({
        rawBody: body,
        signatureHeader: `t=${t},v1=${expected}`,
        secrets: ['another', secret],
        nowSeconds: Number(t) + 10,
      }),
    ).toEqual({ ok: true, secretIndex: 1 });
  });
});

describe('verifyMerchantWebhook', () => {
  it('accepts any configured secret and says which one matched', () => {
    expect(verify({})).toEqual({ ok: true, secretIndex: 0 });
    expect(verify({ signatureHeader: signMerchantWebhook('whsec_new_9b7e3d', NOW, BODY) })).toEqual({
      ok: true,
      secretIndex: 1,
    });
  });

  it('tolerates spaces, upper-case hex, other schemes and several v1 values', () => {
    const good = signMerchantWebhook('whsec_new_9b7e3d', NOW, BODY).split(',v1=')[1] ?? '';
    const bad = 'ab'.repeat(32);
    expect(
      verify({ signatureHeader: ` t = ${NOW} , v0=zzz, v1=${bad} ,v1= ${good.toUpperCase()} ` }),
    ).toEqual({
      ok: true,
      secretIndex: 1,
    });
    expect(verify({ signatureHeader: [`t=${NOW}`, `v1=${good}`] })).toEqual({ ok: true, secretIndex: 1 });
  });

  it.each([
    ['missing header', undefined, 'missing-header'],
    ['null header', null, 'missing-header'],
    ['empty header', '  ', 'missing-header'],
    ['no t', `v1=${'a'.repeat(64)}`, 'malformed-header'],
    ['no v1', `t=${NOW}`, 'malformed-header'],
    ['t not a number', `t=abc,v1=${'a'.repeat(64)}`, 'malformed-header'],
    ['t negative', `t=-5,v1=${'a'.repeat(64)}`, 'malformed-header'],
    ['t twice', `t=${NOW},t=${NOW},v1=${'a'.repeat(64)}`, 'malformed-header'],
    ['garbage', 'garbage', 'malformed-header'],
    ['too long', `t=${NOW},${'v1=aa,'.repeat(1000)}`, 'malformed-header'],
    ['v1 too short', `t=${NOW},v1=abcd`, 'bad-signature'],
    ['v1 not hex', `t=${NOW},v1=${'z'.repeat(64)}`, 'bad-signature'],
    ['v1 of another secret', signMerchantWebhook('not-ours', NOW, BODY), 'bad-signature'],
  ])('%s: %s', (_name, header, reason) => {
    expect(verify({ signatureHeader: header })).toEqual({ ok: false, reason });
  });

  it('refuses a body altered by a single byte', () => {
    const altered = Buffer.from(BODY);
    altered[altered.length - 3] = (altered[altered.length - 3] ?? 0) ^ 1;
    expect(verify({ rawBody: altered })).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('refuses a signature whose t was changed (t is signed)', () => {
    const v1 = signMerchantWebhook(SECRETS[0] ?? '', NOW, BODY).split(',')[1];
    expect(verify({ signatureHeader: `t=${NOW - 1},${v1}` })).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('refuses when no secret is configured', () => {
    expect(verify({ secrets: [] })).toEqual({ ok: false, reason: 'no-secrets' });
    expect(verify({ secrets: [''] })).toEqual({ ok: false, reason: 'no-secrets' });
  });

  it('allows 300 seconds either way and no more', () => {
    const at = (t: number, toleranceSeconds?: number | string | null) =>
      verify({ signatureHeader: signMerchantWebhook(SECRETS[0] ?? '', t, BODY), toleranceSeconds });
    expect(WEBHOOK_TOLERANCE_SECONDS).toBe(300);
    expect(at(NOW - 300).ok).toBe(true);
    expect(at(NOW + 300).ok).toBe(true);
    expect(at(NOW - 301)).toEqual({ ok: false, reason: 'stale' });
    expect(at(NOW + 301)).toEqual({ ok: false, reason: 'future' });
    expect(at(0)).toEqual({ ok: false, reason: 'stale' });
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY, '', '  ', null, 86_400, 301])(
    'cannot be switched off or widened by toleranceSeconds=%j',
    (toleranceSeconds) => {
      const at = (t: number) =>
        verify({ signatureHeader: signMerchantWebhook(SECRETS[0] ?? '', t, BODY), toleranceSeconds });
      expect(at(NOW - 300).ok).toBe(true);
      expect(at(NOW - 301)).toEqual({ ok: false, reason: 'stale' });
      expect(at(NOW + 301)).toEqual({ ok: false, reason: 'future' });
    },
  );

  it('can be made stricter for tests', () => {
    const at = (t: number) =>
      verify({ signatureHeader: signMerchantWebhook(SECRETS[0] ?? '', t, BODY), toleranceSeconds: 30 });
    expect(at(NOW - 30).ok).toBe(true);
    expect(at(NOW - 31)).toEqual({ ok: false, reason: 'stale' });
  });

  it('accepts what it signs and refuses any other body, for any secret and body', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 64 }),
        fc.uint8Array({ maxLength: 512 }),
        fc.integer({ min: -300, max: 300 }),
        fc.uint8Array({ minLength: 1, maxLength: 512 }),
        (secret, body, skew, other) => {
          const raw = Buffer.from(body);
          const header = signMerchantWebhook(secret, NOW + skew, raw);
          expect(
            verifyMerchantWebhook({
              rawBody: raw,
              signatureHeader: header,
              secrets: [secret],
              nowSeconds: NOW,
            }),
          ).toEqual({
            ok: true,
            secretIndex: 0,
          });
          fc.pre(!Buffer.from(other).equals(raw));
          expect(
            verifyMerchantWebhook({
              rawBody: Buffer.from(other),
              signatureHeader: header,
              secrets: [secret],
              nowSeconds: NOW,
            }),
          ).toEqual({ ok: false, reason: 'bad-signature' });
        },
      ),
    );
  });

  it('never throws on arbitrary headers', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (header) => {
        const result = verify({ signatureHeader: header });
        expect(result.ok).toBe(false);
      }),
    );
  });
});

describe('parseSignatureHeader', () => {
  it('reads t and every v1', () => {
    expect(parseSignatureHeader('t=12,v1=AA,v1=bb,v2=cc')).toEqual({
      timestamp: '12',
      signatures: ['aa', 'bb'],
    });
  });
});

describe('parseMerchantEvent', () => {
  it('reads the fields the bot uses, from the body', () => {
    expect(parseMerchantEvent(BODY)).toEqual({
      ok: true,
      event: {
        event: 'order.succeeded',
        orderId: 'O-1001',
        externalOrderId: 'rb-20261122-101112345-abc',
        status: 'succeeded',
        currency: 'USD',
        totalAmount: '4.1200',
      },
    });
  });

  it('keeps an event kind it does not know, and falls back to order.id', () => {
    const raw = Buffer.from(
      '{"event":"order.something_new","extra":1,"order":{"id":"O-7","external_order_id":"x","status":"weird","currency":"EUR","total_amount":"1.0000"}}',
    );
    const parsed = parseMerchantEvent(raw);
    expect(parsed.ok && parsed.event.event).toBe('order.something_new');
    expect(parsed.ok && parsed.event.orderId).toBe('O-7');
  });

  const base = JSON.parse(BODY.toString()) as { event: string; order: Record<string, unknown> };
  const without = (key: string) => {
    const order = { ...base.order };
    delete order[key];
    if (key === 'order_id') delete order['id'];
    return Buffer.from(JSON.stringify({ ...base, order }));
  };
  it.each([
    ['not JSON', Buffer.from('{"event":'), /not JSON/],
    ['an array', Buffer.from('[]'), /not a JSON object/],
    ['no event', Buffer.from(JSON.stringify({ order: base.order })), /"event"/],
    ['no order', Buffer.from(JSON.stringify({ event: 'order.failed' })), /"order"/],
    ['no order id', without('order_id'), /order_id/],
    ['no merchant order number', without('external_order_id'), /external_order_id/],
    ['no status', without('status'), /status/],
    ['no currency', without('currency'), /currency/],
    ['no amount', without('total_amount'), /total_amount/],
    [
      'float amount',
      Buffer.from(JSON.stringify({ ...base, order: { ...base.order, total_amount: 4.12 } })),
      /total_amount/,
    ],
  ])('refuses %s with a clear error', (_name, raw, message) => {
    const parsed = parseMerchantEvent(raw);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(message);
  });
});
