/**
 * The one error hierarchy of the Merchant API client. Every failure a caller can see is a `MerchantError`
 * subclass with a `kind` discriminant; `toMerchantError` picks the class from the HTTP status and body,
 * `fromTransportError` from a network failure. Messages carry only the status, the kind, body keys and codes:
 * never the API key, a request body, a phone number or free text echoed by the service.
 */

export type MerchantErrorKind =
  | 'validation'
  | 'quote-token'
  | 'forbidden'
  | 'edge-forbidden'
  | 'not-found'
  | 'method-not-allowed'
  | 'rate-limited'
  | 'server'
  | 'timeout'
  | 'network'
  | 'aborted'
  | 'budget-unavailable'
  | 'invalid-request'
  | 'unexpected';

type FieldErrors = Record<string, string[]>;

interface MerchantErrorInit {
  httpStatus?: number;
  key?: string;
  fields?: FieldErrors;
  items?: FieldErrors[];
  code?: string;
  detail?: string;
  retryAfterSeconds?: number;
  outcomeUnknown?: boolean;
  /** Machine code of a transport failure (ECONNRESET, UND_ERR_HEADERS_TIMEOUT…), never the library's error object. */
  causeCode?: string;
  /** False only when the request certainly never reached the service (refused connection, connect timeout). */
  mayHaveReached?: boolean;
}

/** Base of every client error; switch on `kind` (see `AnyMerchantError`). */
abstract class MerchantError extends Error {
  abstract readonly kind: MerchantErrorKind;
  /** True when sending the same request again (after waiting) is safe and may succeed. */
  abstract readonly retryable: boolean;
  readonly httpStatus: number | undefined;
  /** First key of a JSON error body (`amount`, `quote_token`, `detail`…). */
  readonly key: string | undefined;
  readonly fields: FieldErrors;
  /** `items` errors aligned by position with the order lines sent. */
  readonly items: FieldErrors[];
  readonly code: string | undefined;
  readonly detail: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  /** Order placement only: the service may have created the order; reconcile before anything else. */
  outcomeUnknown: boolean;
  /**
   * Order placement only: an attempt got no answer (or one we could not read), so it may still be running at
   * the service; a refusal of a later attempt may have raced it.
   */
  unanswered = false;
  readonly causeCode: string | undefined;
  readonly mayHaveReached: boolean;

  constructor(message: string, init: MerchantErrorInit = {}) {
    super(message);
    this.name = new.target.name;
    this.httpStatus = init.httpStatus;
    this.key = init.key;
    this.fields = init.fields ?? {};
    this.items = init.items ?? [];
    this.code = init.code;
    this.detail = init.detail;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.outcomeUnknown = init.outcomeUnknown ?? false;
    this.causeCode = init.causeCode;
    this.mayHaveReached = init.mayHaveReached ?? init.httpStatus !== undefined;
  }
}

/** 400 with field keys (or `detail`): the request was rejected and nothing was charged. */
export class MerchantValidationError extends MerchantError {
  readonly kind = 'validation' as const;
  readonly retryable = false;
}

/** 400 on `quote_token` with its `code`: ask for a new quote. */
export class MerchantQuoteTokenError extends MerchantError {
  readonly kind = 'quote-token' as const;
  readonly retryable = false;
}

/** 403 with a JSON `detail` from the service: credentials, signature, timestamp, nonce, IP or Portal-only. */
export class MerchantForbiddenError extends MerchantError {
  readonly kind = 'forbidden' as const;
  readonly retryable = false;
}

/** 403 with a non-JSON body from the network edge: the request did not reach the service. */
class MerchantEdgeForbiddenError extends MerchantError {
  readonly kind = 'edge-forbidden' as const;
  readonly retryable = false;
}

class MerchantNotFoundError extends MerchantError {
  readonly kind = 'not-found' as const;
  readonly retryable = false;
}

class MerchantMethodNotAllowedError extends MerchantError {
  readonly kind = 'method-not-allowed' as const;
  readonly retryable = false;
}

/** 429: wait `retryAfterSeconds` (shared by every replica through the budget) and try again. */
class MerchantRateLimitedError extends MerchantError {
  readonly kind = 'rate-limited' as const;
  readonly retryable = true;
}

/** 5xx (JSON or HTML from a proxy): the order may exist; resend the same body. */
export class MerchantServerError extends MerchantError {
  readonly kind = 'server' as const;
  readonly retryable = true;
}

/** Connect, headers or body time-out. */
export class MerchantTimeoutError extends MerchantError {
  readonly kind = 'timeout' as const;
  readonly retryable = true;
}

/** Connection refused, reset or closed before a complete answer. */
export class MerchantNetworkError extends MerchantError {
  readonly kind = 'network' as const;
  readonly retryable = true;
}

/** The caller's AbortSignal fired. */
export class MerchantAbortedError extends MerchantError {
  readonly kind = 'aborted' as const;
  readonly retryable = false;
}

/** The shared request budget (Redis) could not be reached: nothing was sent. Safe to retry later. */
export class MerchantBudgetUnavailableError extends MerchantError {
  readonly kind = 'budget-unavailable' as const;
  readonly retryable = true;
}

/** Refused locally before sending (malformed order number, phone or amount). */
export class MerchantInvalidRequestError extends MerchantError {
  readonly kind = 'invalid-request' as const;
  readonly retryable = false;
}

/** Anything the spec does not describe: an unknown status, a garbage success body. */
export class MerchantUnexpectedError extends MerchantError {
  readonly kind = 'unexpected' as const;
  readonly retryable = false;
}

export type AnyMerchantError =
  | MerchantValidationError
  | MerchantQuoteTokenError
  | MerchantForbiddenError
  | MerchantEdgeForbiddenError
  | MerchantNotFoundError
  | MerchantMethodNotAllowedError
  | MerchantRateLimitedError
  | MerchantServerError
  | MerchantTimeoutError
  | MerchantNetworkError
  | MerchantAbortedError
  | MerchantBudgetUnavailableError
  | MerchantInvalidRequestError
  | MerchantUnexpectedError;

/** Narrows anything caught to a client error. */
export function isMerchantError(error: unknown): error is AnyMerchantError {
  return error instanceof MerchantError;
}

export type HeaderBag =
  { get(name: string): string | null } | Record<string, string | string[] | undefined> | undefined;

/** Reads one header from a fetch `Headers` or a node/undici headers object, case-insensitively. */
export function headerValue(headers: HeaderBag, name: string): string | undefined {
  if (headers === undefined) return undefined;
  if (typeof (headers as { get?: unknown }).get === 'function') {
    return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  }
  const record = headers as Record<string, string | string[] | undefined>;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(record)) {
    if (key.toLowerCase() !== wanted) continue;
    return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

/** Parses `Retry-After` (delay seconds or an HTTP date) into whole seconds, never negative. */
export function parseRetryAfter(value: string | undefined, nowMs: number = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  if (/^\d+\.\d+$/.test(text)) return Math.ceil(Number(text));
  const date = Date.parse(text);
  if (Number.isNaN(date) || !/[a-z]/i.test(text)) return undefined;
  return Math.max(0, Math.ceil((date - nowMs) / 1000));
}

function normaliseMessages(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap((entry) => normaliseMessages(entry));
  if (value !== null && typeof value === 'object') {
    const message = (value as Record<string, unknown>)['message'];
    if (typeof message === 'string') return [message];
    return Object.values(value as Record<string, unknown>).flatMap((entry) => normaliseMessages(entry));
  }
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  return [];
}

function normaliseFieldErrors(value: unknown): FieldErrors {
  const out: FieldErrors = {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return out;
  for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
    out[key] = normaliseMessages(entry);
  }
  return out;
}

/** `items` errors are objects aligned by position; plain string messages about the list stay in `fields`. */
function splitItems(value: unknown): FieldErrors[] | undefined {
  if (!Array.isArray(value)) return undefined;
  if (!value.some((entry) => entry !== null && typeof entry === 'object' && !Array.isArray(entry))) {
    return undefined;
  }
  return value.map((entry) => normaliseFieldErrors(entry));
}

function firstString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    for (const entry of value) {
      const found = firstString(entry);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The quote_token `code` may sit next to the key or inside its value; both shapes are accepted. */
function quoteTokenCode(body: Record<string, unknown>): string | undefined {
  const top = firstString(body['code']);
  if (top !== undefined) return top;
  const nested = body['quote_token'];
  const entries = Array.isArray(nested) ? nested : [nested];
  for (const entry of entries) {
    if (entry !== null && typeof entry === 'object' && !Array.isArray(entry)) {
      const code = firstString((entry as Record<string, unknown>)['code']);
      if (code !== undefined) return code;
    }
  }
  return undefined;
}

function parseJsonObject(bodyText: string): Record<string, unknown> | undefined {
  const trimmed = bodyText.trim();
  if (!trimmed.startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return parsed as Record<string, unknown>;
    }
  } catch {
    // not JSON: handled by the caller as a non-JSON body
  }
  return undefined;
}

export interface ToMerchantErrorOptions {
  /** For an HTTP-date `Retry-After`. */
  nowMs?: number;
}

/** Picks the error class for a non-2xx answer from its status, headers and raw body text. */
export function toMerchantError(
  status: number,
  headers: HeaderBag,
  bodyText: string,
  options: ToMerchantErrorOptions = {},
): AnyMerchantError {
  const body = parseJsonObject(bodyText);
  const keys = body ? Object.keys(body) : [];
  const detail = body ? firstString(body['detail']) : undefined;
  const shape = body ? 'JSON' : bodyText.trim() === '' ? 'empty' : 'non-JSON';
  const base: MerchantErrorInit = { httpStatus: status, ...(detail !== undefined ? { detail } : {}) };

  if (status === 400) {
    if (!body) {
      return new MerchantValidationError(`Merchant API 400 with a ${shape} body`, base);
    }
    const rawItems = splitItems(body['items']);
    const fieldSource: Record<string, unknown> = { ...body };
    if (rawItems) delete fieldSource['items'];
    const fields = normaliseFieldErrors(fieldSource);
    const key = keys.find((k) => k !== 'code') ?? keys[0];
    const init: MerchantErrorInit = { ...base, fields, ...(key !== undefined ? { key } : {}) };
    if (rawItems) init.items = rawItems;
    if (Object.hasOwn(body, 'quote_token')) {
      const code = quoteTokenCode(body);
      return new MerchantQuoteTokenError(
        `Merchant API 400 quote_token${code !== undefined ? ` (${code})` : ''}`,
        { ...init, key: 'quote_token', ...(code !== undefined ? { code } : {}) },
      );
    }
    const listed = Object.keys(fields).concat(rawItems ? ['items'] : []);
    return new MerchantValidationError(`Merchant API 400 on ${listed.join(', ') || 'an empty body'}`, init);
  }
  if (status === 403) {
    if (!body) {
      return new MerchantEdgeForbiddenError(
        `Merchant API 403 with a ${shape} body from the network edge: the request did not reach the service`,
        { ...base, mayHaveReached: false },
      );
    }
    return new MerchantForbiddenError('Merchant API 403: credentials, signature or permission refused', base);
  }
  if (status === 404) return new MerchantNotFoundError(`Merchant API 404 (${shape} body)`, base);
  if (status === 405)
    return new MerchantMethodNotAllowedError('Merchant API 405: wrong method for the path', base);
  if (status === 429) {
    const retryAfterSeconds = parseRetryAfter(headerValue(headers, 'retry-after'), options.nowMs);
    return new MerchantRateLimitedError(
      `Merchant API 429: rate limited${retryAfterSeconds !== undefined ? `, retry after ${retryAfterSeconds}s` : ''}`,
      { ...base, ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}) },
    );
  }
  if (status >= 500 && status <= 599) {
    return new MerchantServerError(`Merchant API ${status} (${shape} body)`, base);
  }
  return new MerchantUnexpectedError(
    `Merchant API answered an unexpected HTTP ${status} (${shape} body)`,
    base,
  );
}

const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
]);
/** Failures that happen before a single byte of the request can have been delivered. */
const NOT_SENT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Maps a transport failure (undici or node error) to a timeout, network or aborted error, without keeping it. */
export function fromTransportError(error: unknown, aborted = false): AnyMerchantError {
  const code = errorCode(error);
  const name = error instanceof Error ? error.name : undefined;
  if (aborted || code === 'UND_ERR_ABORTED' || code === 'ABORT_ERR' || name === 'AbortError') {
    return new MerchantAbortedError('Merchant API call aborted by the caller', {
      ...(code !== undefined ? { causeCode: code } : {}),
      mayHaveReached: true,
    });
  }
  const init: MerchantErrorInit = {
    ...(code !== undefined ? { causeCode: code } : {}),
    mayHaveReached: code === undefined || !NOT_SENT_CODES.has(code),
  };
  if (code !== undefined && TIMEOUT_CODES.has(code)) {
    return new MerchantTimeoutError(`Merchant API time-out (${code})`, init);
  }
  return new MerchantNetworkError(`Merchant API network failure (${code ?? 'unknown'})`, init);
}
