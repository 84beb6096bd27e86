/**
 * Raw HTTP helpers for the sandbox conformance suite. Deliberately independent of src/: the signing rule and
 * the webhook verification are re-implemented here from the spec text, so a shared misunderstanding between
 * the sandbox and our client cannot hide.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { createMerchantSandbox, type MerchantSandboxOptions } from '../../../src/sandbox/merchant/index.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed JSON bodies of many shapes; the tests assert on them
export type Json = any;

export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON, or undefined when the body is not JSON. */
  body: Json;
}

async function toRaw(response: Response): Promise<RawResponse> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, text, body };
}

/** The spec's signing text: five lines joined by LF, no trailing LF; HMAC-SHA256 keyed with the API key. */
export function specSignature(
  apiKey: string,
  fullPath: string,
  ts: string,
  nonce: string,
  body: string,
): string {
  const bodyHash = createHash('sha256').update(Buffer.from(body, 'utf8')).digest('hex');
  const text = `POST\n${fullPath}\n${ts}\n${nonce}\n${bodyHash}`;
  return createHmac('sha256', apiKey).update(text).digest('hex');
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
export const newNonce = (): string => randomBytes(16).toString('hex');

export interface Credentials {
  merchantId: string;
  apiKey: string;
}

export interface SignedOptions {
  /** Bytes to send; by default JSON.stringify(body). */
  raw?: string;
  /** Bytes to sign when different from the bytes sent. */
  signRaw?: string;
  ts?: string;
  nonce?: string;
  signature?: string;
  headers?: Record<string, string>;
  credentials?: Credentials;
  /** Leave out these headers. */
  omit?: string[];
  signal?: AbortSignal;
}

export interface RawClient {
  readonly baseUrl: string;
  get(path: string, headers?: Record<string, string>, credentials?: Credentials): Promise<RawResponse>;
  post(path: string, body: unknown, options?: SignedOptions): Promise<RawResponse>;
  send(method: string, path: string, headers?: Record<string, string>): Promise<RawResponse>;
}

export function rawClient(baseUrl: string, credentials: Credentials): RawClient {
  const basePath = new URL(baseUrl).pathname;
  const auth = (c: Credentials) => ({ 'x-merchant-id': c.merchantId, 'x-api-key': c.apiKey });
  return {
    baseUrl,
    async get(path, headers = {}, creds = credentials) {
      return toRaw(await fetch(`${baseUrl}${path}`, { headers: { ...auth(creds), ...headers } }));
    },
    async send(method, path, headers = auth(credentials)) {
      return toRaw(await fetch(`${baseUrl}${path}`, { method, headers }));
    },
    async post(path, body, options = {}) {
      const creds = options.credentials ?? credentials;
      const raw = options.raw ?? JSON.stringify(body);
      const ts = options.ts ?? String(nowSeconds());
      const nonce = options.nonce ?? newNonce();
      const fullPath = `${basePath}${path.split('?')[0]}`;
      const signature =
        options.signature ?? specSignature(creds.apiKey, fullPath, ts, nonce, options.signRaw ?? raw);
      const headers: Record<string, string> = {
        ...auth(creds),
        'content-type': 'application/json',
        'x-timestamp': ts,
        'x-nonce': nonce,
        'x-signature': signature,
        ...(options.headers ?? {}),
      };
      for (const name of options.omit ?? []) delete headers[name];
      return toRaw(
        await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: raw, signal: options.signal }),
      );
    },
  };
}

export interface ControlClient {
  get(path: string): Promise<Json>;
  post(path: string, body?: unknown): Promise<Json>;
  postRaw(path: string, body?: unknown): Promise<RawResponse>;
  del(path: string): Promise<Json>;
}

export function controlClient(controlUrl: string): ControlClient {
  const call = async (method: string, path: string, body?: unknown): Promise<RawResponse> =>
    toRaw(
      await fetch(`${controlUrl}${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  const ok = async (response: Promise<RawResponse>) => {
    const r = await response;
    if (r.status >= 300) throw new Error(`control call failed: ${r.status} ${r.text}`);
    return r.body;
  };
  return {
    get: (path) => ok(call('GET', path)),
    post: (path, body = {}) => ok(call('POST', path, body)),
    postRaw: (path, body = {}) => call('POST', path, body),
    del: (path) => ok(call('DELETE', path)),
  };
}

export interface RunningSandbox {
  sandbox: ReturnType<typeof createMerchantSandbox>;
  baseUrl: string;
  controlUrl: string;
  client: RawClient;
  control: ControlClient;
  close(): Promise<void>;
}

export async function startSandbox(
  options: MerchantSandboxOptions = {},
  host = '127.0.0.1',
): Promise<RunningSandbox> {
  const sandbox = createMerchantSandbox({ rateLimitPerMinute: 100_000, ...options });
  const address = await sandbox.listen(0, host);
  return {
    sandbox,
    baseUrl: address.baseUrl,
    controlUrl: address.controlUrl,
    client: rawClient(address.baseUrl, { merchantId: sandbox.merchantId, apiKey: sandbox.apiKey }),
    control: controlClient(address.controlUrl),
    close: () => sandbox.close(),
  };
}

/** Polls `check` until it returns a truthy value; fails after `timeoutMs` with the last value seen. */
export async function waitFor<T>(
  check: () => Promise<T> | T,
  timeoutMs = 30_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    last = await check();
    if (last) return last;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)}`);
    await sleep(20);
  }
}

export interface RechargeInput {
  country: string;
  operator_key: string;
  amount: string;
  local_currency?: string;
  subtype?: string;
}

/** Quote then order, the way a client must. Returns both raw answers. */
export async function quoteAndOrder(
  client: RawClient,
  recharge: RechargeInput,
  account: string,
  externalOrderId: string,
  credentials?: Credentials,
): Promise<{ quote: RawResponse; order: RawResponse; orderBody: Record<string, unknown> }> {
  const quote = await client.post('/recharge/quote', recharge, credentials ? { credentials } : {});
  if (quote.status !== 200) throw new Error(`quote failed: ${quote.status} ${quote.text}`);
  const orderBody = {
    external_order_id: externalOrderId,
    country: recharge.country,
    operator_key: recharge.operator_key,
    amount: recharge.amount,
    local_currency: quote.body.local_currency,
    subtype: quote.body.subtype,
    account,
    quote_token: quote.body.quote_token,
  };
  const order = await client.post('/recharge/orders', orderBody, credentials ? { credentials } : {});
  return { quote, order, orderBody };
}

export const MTN_500 = { country: 'NG', operator_key: 'NG-MTN', amount: '500' } as const;
/** A valid Nigerian mobile number with a chosen last-4 ending. */
export const ngNumber = (ending: string): string => `234803123${ending}`;

export interface ReceivedWebhook {
  at: number;
  headers: IncomingHttpHeaders;
  raw: string;
  /** Verified independently against one of the secrets, with the 300-second tolerance. */
  verified: boolean;
  secretIndex: number;
  body: Json;
}

export interface Receiver {
  url: string;
  received: ReceivedWebhook[];
  /** Sets how the next requests are answered (default: 200 "ok"). */
  respond(handler: (res: ServerResponse, hit: ReceivedWebhook) => void): void;
  close(): Promise<void>;
}

/** Independent webhook verification, per the spec's steps. */
export function verifyWebhook(secrets: readonly string[], header: string | undefined, raw: string): number {
  if (!header) return -1;
  const parts = new Map(
    header.split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()] as const;
    }),
  );
  const t = parts.get('t');
  const v1 = parts.get('v1');
  if (!t || !v1 || !/^\d+$/.test(t) || Math.abs(Number(t) - nowSeconds()) > 300) return -1;
  const given = Buffer.from(v1, 'hex');
  for (const [index, secret] of secrets.entries()) {
    const expected = createHmac('sha256', secret).update(`${t}.${raw}`).digest();
    if (given.length === expected.length && timingSafeEqual(given, expected) && v1 === v1.toLowerCase())
      return index;
  }
  return -1;
}

export async function startReceiver(
  secrets: readonly string[],
  path = '/webhooks/merchant',
): Promise<Receiver> {
  const received: ReceivedWebhook[] = [];
  let handler: (res: ServerResponse, hit: ReceivedWebhook) => void = (res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const header = req.headers['x-svc-signature'];
      const secretIndex = verifyWebhook(secrets, typeof header === 'string' ? header : undefined, raw);
      const hit: ReceivedWebhook = {
        at: Date.now(),
        headers: req.headers,
        raw,
        verified: secretIndex >= 0,
        secretIndex,
        body: secretIndex >= 0 ? JSON.parse(raw) : undefined,
      };
      received.push(hit);
      handler(res, hit);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    respond(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
