import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { ipAllowed, type AccountState } from './accounts.ts';

/** Seconds `X-Timestamp` may differ from the service clock, either way. */
const SIGNATURE_SKEW_SECONDS = 300;
// Nonces older than this can be forgotten: a replay would fail the timestamp check anyway.
const NONCE_MEMORY_MS = (2 * SIGNATURE_SKEW_SECONDS + 60) * 1000;

const MISSING = 'Signature headers X-Timestamp, X-Nonce and X-Signature are required.';

export type Check = { ok: true } | { ok: false; detail: string };
export type AuthCheck = { ok: true; account: AccountState } | { ok: false; detail: string };

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** `X-Merchant-Id` + `X-Api-Key`, then API access, then the IP allowlist. */
export function authenticate(
  headers: IncomingHttpHeaders,
  remoteAddress: string | undefined,
  accounts: ReadonlyMap<string, AccountState>,
): AuthCheck {
  const merchantId = header(headers, 'x-merchant-id');
  const apiKey = header(headers, 'x-api-key');
  if (!merchantId || !apiKey) return { ok: false, detail: 'Authentication credentials were not provided.' };
  const account = accounts.get(merchantId);
  if (!account || !sameText(apiKey, account.apiKey))
    return { ok: false, detail: 'Invalid merchant ID or API key.' };
  if (!account.apiAccessEnabled)
    return {
      ok: false,
      detail: 'API access is not enabled for this account; the business is not approved yet.',
    };
  if (!ipAllowed(account, remoteAddress))
    return { ok: false, detail: 'Requests from this IP address are not allowed for this account.' };
  return { ok: true, account };
}

/** The spec's signing text: POST, full path, timestamp, nonce, SHA-256 of the body, joined by LF. */
function expectedSignature(apiKey: string, path: string, ts: string, nonce: string, body: Buffer): string {
  const bodyHash = createHash('sha256').update(body).digest('hex');
  return createHmac('sha256', apiKey).update(['POST', path, ts, nonce, bodyHash].join('\n')).digest('hex');
}

/**
 * Signature, timestamp and nonce of a signed POST, over the exact bytes received. The nonce is consumed
 * before anything else is judged, so a request with a wrong signature still burns it.
 */
export function verifySigned(
  account: AccountState,
  headers: IncomingHttpHeaders,
  path: string,
  body: Buffer,
  wallNowMs: number,
): Check {
  const ts = header(headers, 'x-timestamp');
  const nonce = header(headers, 'x-nonce');
  const signature = header(headers, 'x-signature');
  if (!nonce) return { ok: false, detail: MISSING };
  if (nonce.length > 200) return { ok: false, detail: 'Invalid nonce.' };
  for (const [seen, at] of account.nonces) {
    if (wallNowMs - at <= NONCE_MEMORY_MS) break; // Map keeps insertion order: the rest are newer.
    account.nonces.delete(seen);
  }
  if (account.nonces.has(nonce)) return { ok: false, detail: 'Nonce already used.' };
  account.nonces.set(nonce, wallNowMs);
  if (!ts || !signature) return { ok: false, detail: MISSING };
  if (!/^[0-9]{1,12}$/.test(ts)) return { ok: false, detail: 'Invalid timestamp.' };
  if (Math.abs(Number(ts) - wallNowMs / 1000) > SIGNATURE_SKEW_SECONDS)
    return { ok: false, detail: 'Timestamp is too old or too far in the future.' };
  const expected = expectedSignature(account.apiKey, path, ts, nonce, body);
  if (!sameText(signature, expected)) return { ok: false, detail: 'Invalid signature.' };
  return { ok: true };
}
