import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Merchant API webhook verification, exactly as the spec says: HMAC-SHA256 with the signing secret over
 * `t`, a period and the raw body bytes; header `X-Svc-Signature: t=<unix seconds>,v1=<lowercase hex>`;
 * 300 seconds of tolerance either way; constant-time comparison; parse only after verification.
 */

/** The spec's tolerance; a configured value can only make it stricter, never switch it off. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Longest header we look at; a real one is about 80 characters. */
const MAX_HEADER_LENGTH = 2048;
/** How many v1 values we try (several may be sent while a secret is rotated). */
const MAX_SIGNATURES = 8;
const HEX_SHA256 = /^[0-9a-f]{64}$/;

export type WebhookRejection =
  'missing-header' | 'malformed-header' | 'stale' | 'future' | 'bad-signature' | 'no-secrets';

export type WebhookVerification = { ok: true; secretIndex: number } | { ok: false; reason: WebhookRejection };

export interface VerifyWebhookInput {
  rawBody: Buffer;
  /** Value of `X-Svc-Signature`, as Node gives it. */
  signatureHeader: string | readonly string[] | undefined | null;
  secrets: readonly string[];
  nowSeconds: number;
  /** Stricter tolerance for tests; 0, negative, NaN, empty or above 300 falls back to 300. */
  toleranceSeconds?: number | string | null;
}

interface ParsedHeader {
  timestamp: string;
  signatures: string[];
}

/** Parses `t=…,v1=…` (spaces tolerated, several v1); null when malformed. */
export function parseSignatureHeader(header: string): ParsedHeader | null {
  if (header.length > MAX_HEADER_LENGTH) return null;
  let timestamp: string | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const item = part.trim();
    if (item === '') continue;
    const eq = item.indexOf('=');
    if (eq <= 0) return null;
    const key = item.slice(0, eq).trim().toLowerCase();
    const value = item.slice(eq + 1).trim();
    if (key === 't') {
      if (timestamp !== undefined || !/^\d{1,15}$/.test(value)) return null;
      timestamp = value;
    } else if (key === 'v1') {
      if (signatures.length >= MAX_SIGNATURES) return null;
      signatures.push(value.toLowerCase());
    }
    // Other schemes (v0, a future v2) are ignored, as the spec labels ours v1.
  }
  if (timestamp === undefined || signatures.length === 0) return null;
  return { timestamp, signatures };
}

function effectiveTolerance(value: VerifyWebhookInput['toleranceSeconds']): number {
  const n = typeof value === 'string' ? (value.trim() === '' ? Number.NaN : Number(value)) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0 || n > WEBHOOK_TOLERANCE_SECONDS) {
    return WEBHOOK_TOLERANCE_SECONDS;
  }
  return n;
}

function hmac(secret: string, timestamp: string, body: Buffer | string): Buffer {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest();
}

/** Verifies a Merchant API webhook on its raw bytes; tells which secret matched. */
export function verifyMerchantWebhook(input: VerifyWebhookInput): WebhookVerification {
  const secrets = input.secrets.filter((s) => typeof s === 'string' && s !== '');
  if (secrets.length === 0) return { ok: false, reason: 'no-secrets' };

  const raw = input.signatureHeader;
  const header = typeof raw === 'string' ? raw : Array.isArray(raw) ? raw.join(',') : '';
  if (header.trim() === '') return { ok: false, reason: 'missing-header' };
  const parsed = parseSignatureHeader(header);
  if (parsed === null) return { ok: false, reason: 'malformed-header' };

  if (!Number.isFinite(input.nowSeconds)) throw new TypeError('nowSeconds must be a finite number');
  const tolerance = effectiveTolerance(input.toleranceSeconds);
  const age = Math.floor(input.nowSeconds) - Number(parsed.timestamp);
  if (age > tolerance) return { ok: false, reason: 'stale' };
  if (-age > tolerance) return { ok: false, reason: 'future' };

  const received = parsed.signatures.filter((s) => HEX_SHA256.test(s)).map((s) => Buffer.from(s, 'hex'));
  let match = -1;
  // Every secret is tried (no early exit) so timing says nothing about which one matched.
  secrets.forEach((secret, index) => {
    const expected = hmac(secret, parsed.timestamp, input.rawBody);
    for (const candidate of received) {
      if (candidate.length === expected.length && timingSafeEqual(candidate, expected) && match < 0) {
        match = index;
      }
    }
  });
  return match >= 0 ? { ok: true, secretIndex: match } : { ok: false, reason: 'bad-signature' };
}

/** Builds an `X-Svc-Signature` header value, as the service does (for tests and the sandbox). */
export function signMerchantWebhook(secret: string, t: number | string, body: Buffer | string): string {
  const timestamp = String(t);
  return `t=${timestamp},v1=${hmac(secret, timestamp, body).toString('hex')}`;
}

type MerchantEventKind =
  'order.succeeded' | 'order.partially_succeeded' | 'order.failed' | 'order.refunded' | (string & {});

/** A verified Merchant API event, with only the fields the bot uses. */
export interface MerchantEvent {
  /** From the verified body, never from `X-Svc-Event`; kept as text when the kind is new. */
  event: MerchantEventKind;
  orderId: string;
  externalOrderId: string;
  /** Status at event time; may be outdated. */
  status: string;
  currency: string;
  /** Exact 4-decimal string. */
  totalAmount: string;
}

export type MerchantEventParse = { ok: true; event: MerchantEvent } | { ok: false; error: string };

const AMOUNT = /^-?\d{1,40}(?:\.\d{1,20})?$/;

function text(record: Record<string, unknown>, key: string): string | undefined {
  const value = record[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Parses a webhook body; call only after verifyMerchantWebhook succeeded. */
export function parseMerchantEvent(raw: Buffer): MerchantEventParse {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    return { ok: false, error: 'body is not JSON' };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, error: 'body is not a JSON object' };
  }
  const root = body as Record<string, unknown>;
  const event = text(root, 'event');
  if (event === undefined) return { ok: false, error: 'field "event" is missing or not a string' };
  const order = root['order'];
  if (typeof order !== 'object' || order === null || Array.isArray(order)) {
    return { ok: false, error: 'field "order" is missing or not an object' };
  }
  const o = order as Record<string, unknown>;
  const orderId = text(o, 'order_id') ?? text(o, 'id');
  if (orderId === undefined) return { ok: false, error: 'field "order.order_id" is missing or not a string' };
  const externalOrderId = text(o, 'external_order_id');
  if (externalOrderId === undefined) {
    return { ok: false, error: 'field "order.external_order_id" is missing or not a string' };
  }
  const status = text(o, 'status');
  if (status === undefined) return { ok: false, error: 'field "order.status" is missing or not a string' };
  const currency = text(o, 'currency');
  if (currency === undefined)
    return { ok: false, error: 'field "order.currency" is missing or not a string' };
  const totalAmount = o['total_amount'];
  if (typeof totalAmount !== 'string' || !AMOUNT.test(totalAmount)) {
    return { ok: false, error: 'field "order.total_amount" is not a decimal string' };
  }
  return { ok: true, event: { event, orderId, externalOrderId, status, currency, totalAmount } };
}
