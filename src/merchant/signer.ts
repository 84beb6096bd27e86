import { createHash, createHmac, randomBytes } from 'node:crypto';

export interface SignInput {
  method: string;
  /** Full request path beginning with the base URL's pathname (`/api/v1/…`), no query. */
  path: string;
  /** The exact bytes that are sent; a string is taken as UTF-8. */
  body: string | Uint8Array;
  /** Unix seconds, as sent in `X-Timestamp`. */
  timestamp: number | string;
  nonce: string;
  apiKey: string;
}

/** Lowercase hex SHA-256 of the body bytes (`BODY_HASH`). */
export function bodyHash(body: string | Uint8Array): string {
  return createHash('sha256')
    .update(typeof body === 'string' ? Buffer.from(body, 'utf8') : body)
    .digest('hex');
}

/** The five signed lines joined by LF, no trailing LF. */
export function stringToSign(input: Omit<SignInput, 'apiKey'>): string {
  return [
    input.method.toUpperCase(),
    input.path,
    String(input.timestamp),
    input.nonce,
    bodyHash(input.body),
  ].join('\n');
}

/** `X-Signature`: lowercase hex HMAC-SHA256 of the five lines, keyed with the full API key. */
export function sign(input: SignInput): string {
  return createHmac('sha256', input.apiKey).update(stringToSign(input), 'utf8').digest('hex');
}

/** A fresh `X-Nonce`: 32 hex characters from a cryptographic random source. */
export function newNonce(): string {
  return randomBytes(16).toString('hex');
}

/** Joins the base URL's pathname and an endpoint path into the full path that is both requested and signed. */
export function fullPath(baseUrl: string | URL, endpointPath: string): string {
  const base = (typeof baseUrl === 'string' ? new URL(baseUrl) : baseUrl).pathname.replace(/\/+$/, '');
  const endpoint = endpointPath.startsWith('/') ? endpointPath : `/${endpointPath}`;
  return `${base}${endpoint}`;
}
