import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Seconds a quote stays valid. */
export const QUOTE_TTL_SECONDS = 300;

/** What a quote token fixes: the account, the recharge and the price. */
export interface QuotePayload {
  merchantId: string;
  country: string;
  operatorKey: string;
  subtype: string;
  /** 4-decimal local amount. */
  amount: string;
  currency: string;
  price: string;
  walletCurrency: string;
  /** Service-clock ms at issue. */
  issuedAt: number;
  nonce: string;
}

type TokenCheck = { ok: true; payload: QuotePayload } | { ok: false };

export interface QuoteSigner {
  issue(payload: Omit<QuotePayload, 'nonce'>): { token: string; payload: QuotePayload };
  /** Reads a token; anything altered or not made by this sandbox is `{ ok: false }`. */
  read(token: string): TokenCheck;
}

/** Opaque, tamper-evident tokens: base64url(JSON) + "." + HMAC, keyed with a secret of this sandbox. */
export function createQuoteSigner(secret: Buffer = randomBytes(32)): QuoteSigner {
  const mac = (data: string): Buffer => createHmac('sha256', secret).update(data).digest();
  return {
    issue(fields) {
      const payload: QuotePayload = { ...fields, nonce: randomBytes(8).toString('hex') };
      const data = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return { token: `qt1.${data}.${mac(data).toString('base64url')}`, payload };
    },
    read(token) {
      const parts = token.split('.');
      if (parts.length !== 3 || parts[0] !== 'qt1') return { ok: false };
      const [, data = '', sig = ''] = parts;
      const expected = mac(data);
      const given = Buffer.from(sig, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false };
      if (given.toString('base64url') !== sig) return { ok: false };
      try {
        return {
          ok: true,
          payload: JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as QuotePayload,
        };
      } catch {
        return { ok: false };
      }
    },
  };
}
