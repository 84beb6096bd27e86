import { pino } from 'pino';
import type { DestinationStream, Logger as PinoLogger } from 'pino';

/**
 * pino with redaction that holds for messages, fields, error objects (also those thrown by HTTP
 * libraries, with their causes, headers and URLs), child bindings and arrays:
 *
 * 1. Known secret values (API key, webhook secrets, bot token, Redis password; raw, URL-encoded and
 *    JSON-escaped) become `[REDACTED]` wherever they appear in a string, and anything shaped like a bot
 *    token (`/bot123:abc…`) too.
 * 2. Fields whose name is a credential (`x-api-key`, `authorization`, `cookie`, `*token`, `*secret`,
 *    `*password`, `*signature`, `apiKey`…) become `[REDACTED]` at any depth; phone fields (`phone`,
 *    `account`, `msisdn`, `e164Digits`…) keep only their last 4 digits.
 * 2b. A PIN keypad button's data keeps its button and loses the entry it carries (`t:…:po:[REDACTED]`,
 *    `bk:pin:…:po:[REDACTED]`).
 * 3. Phone numbers in free text keep only their last 4 digits (`+***4567`). Rule, chosen so that IDs such
 *    as `O-123456789` or chat IDs survive: a `+` followed by 7 or more digits (spaces, dashes, dots and
 *    brackets allowed between them); or, without `+`, a number of 10 or more digits (groups separated by
 *    single spaces or dashes) that does not continue a word, a decimal or an identifier (not preceded by
 *    a letter, digit, `_`, `.`, `+` or `-`). So `2348031234567` and `0803 123 4567` are masked,
 *    `O-1234567890`, `rb-20261122-…` and `-1001234567890` are not. JSON numbers are never touched:
 *    log IDs and amounts as numbers or in fields, phone numbers only in phone fields.
 *
 * Applied by hooks.logMethod (every argument, before pino sees it), the `err` serializer,
 * formatters.log and formatters.bindings, pino `redact` paths, and a last pass over each output line
 * for secret values (hooks.streamWrite).
 */

export type Logger = PinoLogger;

export interface LoggerOptions {
  level: string;
  /** Values that must never appear in a log line; see secretsOf(config). */
  secrets: readonly string[];
  /** Defaults to stdout. */
  destination?: DestinationStream;
  /** Extra fields on every line (default: pid and hostname). */
  base?: Record<string, unknown>;
}

const REDACTED = '[REDACTED]';

const CREDENTIAL_KEYS = new Set([
  'authorization',
  'proxyauthorization',
  'cookie',
  'setcookie',
  'xapikey',
  'apikey',
  'xsignature',
  'xsvcsignature',
  'xtelegrambotapisecrettoken',
  'secrets',
  'webhooksecrets',
  'privatekey',
  'passwd',
  'credentials',
  // A reseller's PIN or its hash, should one ever reach a log call.
  'pin',
  'pinhash',
]);
const CREDENTIAL_SUFFIXES = ['token', 'secret', 'password', 'apikey', 'signature'];
const PHONE_KEYS = new Set([
  'account',
  'phone',
  'phonenumber',
  'msisdn',
  'e164',
  'e164digits',
  'international',
  'mobile',
]);

function normaliseKey(key: string): string {
  return key.toLowerCase().replace(/[-_ .]/g, '');
}

type KeyKind = 'credential' | 'phone' | 'plain';

function keyKind(key: string): KeyKind {
  const k = normaliseKey(key);
  if (CREDENTIAL_KEYS.has(k) || CREDENTIAL_SUFFIXES.some((suffix) => k.endsWith(suffix))) return 'credential';
  if (PHONE_KEYS.has(k) || k.endsWith('phone') || k.endsWith('phonenumber')) return 'phone';
  return 'plain';
}

/** Keeps the last 4 digits of a phone-ish value: "***4567". Idempotent. */
export function maskDigitsKeepLast4(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length >= 4 ? `***${digits.slice(-4)}` : '***';
}

const BOT_TOKEN_IN_PATH = /bot\d+(?::|%3A)[A-Za-z0-9_-]+/gi;
const BOT_TOKEN_BARE = /(?<![\w-])\d{5,}(?::|%3A)[A-Za-z0-9_-]{30,}/gi;
/**
 * A PIN keypad button's data: a top-up's `t:<flow>:<prompt>:pk|po:<entry>` or a bulk run's
 * `bk:pin:<run>:pk|po:<entry>` (callback-data/pin-keypad.ts, callback-data/bulk.ts).
 */
const KEYPAD_ENTRY = /((?:t:[\w-]+:\d+|bk:pin:[\w-]+):p[ko]:)\d+/g;
const PLUS_PHONE = /\+[ ]?\(?\d(?:[ \-.()/]{0,2}\d)+/g;
const PLAIN_PHONE = /(?<![\w.+-])\(?\d+\)?(?:[ -]\(?\d{2,}\)?)*(?!\w)/g;

function digitCount(text: string): number {
  return text.replace(/\D/g, '').length;
}

interface Scrubber {
  /** A string with secrets redacted and phone numbers masked. */
  text(value: string): string;
  /** A deep, redacted copy of any value (errors become plain objects with type, message, stack, cause). */
  value(value: unknown): unknown;
  /** Only the secret values (for whole output lines, where digits may be JSON numbers). */
  secretsOnly(line: string): string;
}

const MAX_DEPTH = 10;
const MAX_NODES = 5000;
const MAX_STRING = 20_000;

/** Builds the redaction used by the logger; exported for other outputs (e.g. admin alerts) too. */
export function createScrubber(secrets: readonly string[]): Scrubber {
  const ordered = secretVariants(secrets);
  // Very short values cannot be replaced inside a JSON line without risking breaking escapes.
  const lineSafe = ordered.filter((s) => s.length >= 6);
  const text = (input: string): string => scrubText(input, ordered);
  return {
    text,
    value: (input) => visit({ text, ancestors: new Set(), nodes: 0 }, input, 0),
    secretsOnly: (line) => replaceSecrets(line, lineSafe).replace(BOT_TOKEN_IN_PATH, `bot${REDACTED}`),
  };
}

/** Each secret raw, URL-encoded and JSON-escaped, longest first so a secret containing another is removed whole. */
function secretVariants(secrets: readonly string[]): string[] {
  const variants = new Set<string>();
  for (const secret of secrets) {
    if (typeof secret !== 'string' || secret === '') continue;
    variants.add(secret);
    variants.add(encodeURIComponent(secret));
    variants.add(JSON.stringify(secret).slice(1, -1));
  }
  return [...variants].sort((a, b) => b.length - a.length);
}

function replaceSecrets(value: string, list: readonly string[]): string {
  let out = value;
  for (const secret of list) {
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  return out;
}

/** Scrubber.text, with the secrets' variants from secretVariants. */
function scrubText(input: string, secrets: readonly string[]): string {
  let out = input.length > MAX_STRING ? `${input.slice(0, MAX_STRING)}…[truncated]` : input;
  out = replaceSecrets(out, secrets);
  out = out.replace(BOT_TOKEN_IN_PATH, `bot${REDACTED}`).replace(BOT_TOKEN_BARE, REDACTED);
  out = out.replace(KEYPAD_ENTRY, `$1${REDACTED}`);
  out = out.replace(PLUS_PHONE, (m) => (digitCount(m) >= 7 ? `+${maskDigitsKeepLast4(m)}` : m));
  out = out.replace(PLAIN_PHONE, (m) => (digitCount(m) >= 10 ? maskDigitsKeepLast4(m) : m));
  return out;
}

/** One deep copy made by Scrubber.value: the objects above the one visited (cycles), and the nodes seen so far. */
interface Walk {
  text: (value: string) => string;
  ancestors: Set<object>;
  nodes: number;
}

function visit(w: Walk, v: unknown, depth: number): unknown {
  if (typeof v === 'string') return w.text(v);
  if (v === null || typeof v !== 'object') {
    if (typeof v === 'function' || typeof v === 'symbol') return undefined;
    return v;
  }
  w.nodes += 1;
  if (w.nodes > MAX_NODES) return '[Truncated]';
  if (depth > MAX_DEPTH) return '[Object]';
  if (w.ancestors.has(v)) return '[Circular]';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? 'Invalid Date' : v.toISOString();
  if (v instanceof URL) return w.text(v.href);
  if (v instanceof RegExp) return w.text(String(v));
  if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) return `[binary ${v.byteLength} bytes]`;
  w.ancestors.add(v);
  try {
    return visitContainer(w, v, depth);
  } finally {
    w.ancestors.delete(v);
  }
}

/** An object that holds other values: arrays, sets, maps and headers, errors, requests and plain objects. */
function visitContainer(w: Walk, v: object, depth: number): unknown {
  if (Array.isArray(v)) return v.map((item) => visit(w, item, depth + 1));
  if (v instanceof Set) return [...v].map((item) => visit(w, item, depth + 1));
  if (v instanceof Map || isHeadersLike(v)) {
    return visitEntries(w, (v as Map<unknown, unknown>).entries(), depth);
  }
  if (isErrorLike(v)) return visitError(w, v, depth);
  if (isIncomingRequest(v)) {
    return visit(w, { method: v.method, url: v.url, headers: v.headers }, depth);
  }
  if (typeof (v as { toJSON?: unknown }).toJSON === 'function') {
    let json: unknown;
    try {
      json = (v as { toJSON: () => unknown }).toJSON();
    } catch {
      json = '[Unserialisable]';
    }
    if (json !== v) return visit(w, json, depth + 1);
  }
  return visitObject(w, v as Record<string, unknown>, enumerableKeys(v), depth);
}

function visitField(w: Walk, key: string, v: unknown, depth: number): unknown {
  switch (keyKind(key)) {
    case 'credential':
      return v === undefined || v === null || v === '' ? v : REDACTED;
    case 'phone':
      if (typeof v === 'string') return maskDigitsKeepLast4(v);
      if (typeof v === 'number' || typeof v === 'bigint') return maskDigitsKeepLast4(String(v));
      return visit(w, v, depth + 1);
    case 'plain':
      return visit(w, v, depth + 1);
  }
}

function visitObject(w: Walk, v: Record<string, unknown>, keys: readonly string[], depth: number) {
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    let field: unknown;
    try {
      field = v[key];
    } catch {
      field = '[Unreadable]';
    }
    const cleaned = visitField(w, key, field, depth);
    if (cleaned !== undefined) out[w.text(key)] = cleaned;
  }
  return out;
}

function visitEntries(w: Walk, entries: Iterable<[unknown, unknown]>, depth: number) {
  const out: Record<string, unknown> = {};
  for (const [k, item] of entries) {
    const key = typeof k === 'string' ? k : String(k);
    out[w.text(key)] = visitField(w, key, item, depth);
  }
  return out;
}

function visitError(w: Walk, err: ErrorLike, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {
    type: errorType(err),
    message: w.text(err.message),
  };
  if (typeof err.stack === 'string') out['stack'] = w.text(err.stack);
  const skip = new Set(['message', 'stack', 'name', 'constructor']);
  const keys = new Set<string>([...enumerableKeys(err), ...Object.getOwnPropertyNames(err)]);
  for (const key of keys) {
    if (skip.has(key)) continue;
    let field: unknown;
    try {
      field = (err as unknown as Record<string, unknown>)[key];
    } catch {
      continue;
    }
    const cleaned = visitField(w, key, field, depth);
    if (cleaned !== undefined) out[w.text(key)] = cleaned;
  }
  return out;
}

interface ErrorLike {
  message: string;
  stack?: unknown;
  name?: unknown;
}

function isErrorLike(v: object): v is ErrorLike {
  return (
    v instanceof Error ||
    (typeof (v as ErrorLike).message === 'string' && typeof (v as ErrorLike).stack === 'string')
  );
}

function errorType(err: ErrorLike): string {
  const ctor = (err as { constructor?: { name?: unknown } }).constructor;
  if (ctor !== undefined && typeof ctor.name === 'string' && ctor.name !== '' && ctor.name !== 'Object')
    return ctor.name;
  return typeof err.name === 'string' ? err.name : 'Error';
}

function isHeadersLike(v: object): v is Map<string, string> {
  return typeof Headers !== 'undefined' && v instanceof Headers;
}

function isIncomingRequest(v: object): v is { method: unknown; url: unknown; headers: unknown } {
  const r = v as { method?: unknown; headers?: unknown; socket?: unknown };
  return typeof r.method === 'string' && typeof r.headers === 'object' && r.socket !== undefined;
}

function enumerableKeys(v: object): string[] {
  const keys: string[] = [];
  for (const key in v) keys.push(key);
  return keys;
}

const HEADER_NAMES = [
  'x-api-key',
  'authorization',
  'proxy-authorization',
  'x-signature',
  'x-svc-signature',
  'x-telegram-bot-api-secret-token',
  'cookie',
  'set-cookie',
];
const FIELD_NAMES = [
  'apiKey',
  'api_key',
  'token',
  'botToken',
  'secret',
  'webhookSecret',
  'webhookSecrets',
  'password',
  'account',
  'phone',
  'phoneNumber',
  'phone_number',
];

/** pino `redact` paths: headers and known fields at the top level and one or two levels down. */
const REDACT_PATHS: readonly string[] = ['', '*.', '*.*.'].flatMap((depth) => [
  ...HEADER_NAMES.map((h) => `${depth}headers["${h}"]`),
  ...FIELD_NAMES.map((f) => `${depth}${f}`),
]);

/** A pino logger whose every output path goes through the scrubber. */
export function createLogger(options: LoggerOptions): Logger {
  const scrub = createScrubber(options.secrets);
  const censor = (value: unknown, path: string[]): unknown => {
    const key = path[path.length - 1] ?? '';
    if (keyKind(key) === 'phone' && (typeof value === 'string' || typeof value === 'number')) {
      return maskDigitsKeepLast4(String(value));
    }
    return value === undefined ? value : REDACTED;
  };

  return pino(
    {
      level: options.level,
      ...(options.base === undefined ? {} : { base: scrub.value(options.base) as Record<string, unknown> }),
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: [...REDACT_PATHS], censor },
      serializers: {
        err: (err: unknown) => scrub.value(err),
        error: (err: unknown) => scrub.value(err),
      },
      formatters: {
        level: (label) => ({ level: label }),
        bindings: (bindings) => scrub.value(bindings) as Record<string, unknown>,
        log: (object) => scrub.value(object) as Record<string, unknown>,
      },
      hooks: {
        logMethod(args, method) {
          const [first, ...rest] = args as unknown[];
          const cleanedRest = rest.map((arg) => scrub.value(arg));
          let cleanedFirst: unknown;
          if (typeof first === 'object' && first !== null && isErrorLike(first)) {
            // Keep pino's shape for logger.error(err): the error under `err`, its message as `msg`.
            const serialised = scrub.value(first) as { message?: unknown };
            cleanedFirst = { err: serialised };
            if (cleanedRest.length === 0) cleanedRest.push(serialised.message);
          } else {
            cleanedFirst = scrub.value(first);
          }
          (method as (...a: unknown[]) => void).apply(this, [cleanedFirst, ...cleanedRest]);
        },
        streamWrite: (line) => scrub.secretsOnly(line),
      },
    },
    options.destination ?? pino.destination({ dest: 1, sync: true }),
  );
}
