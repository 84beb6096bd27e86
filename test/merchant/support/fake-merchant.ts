import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Redis } from 'ioredis';
import { listenOnLoopback } from '../../support/http.ts';

/**
 * A small fake Merchant API for the client's tests. It checks credentials and verifies signatures with its own
 * implementation of the spec's signing rule (nothing imported from src/merchant), keeps recharge orders with
 * the spec's idempotency rules, records every request, and can be told to misbehave for the next requests.
 */

export interface RecordedRequest {
  method: string;
  /** Full path without the query, e.g. `/prefix/api/v1/recharge/orders`. */
  path: string;
  /** Path relative to the API root (`/recharge/orders`). */
  route: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Signed POSTs only: did the signature verify (independent implementation). */
  signatureOk?: boolean;
  /** Redis-clock minute (unix seconds / 60) at arrival, when the fake was given a Redis connection. */
  redisMinute?: number;
  /** Redis-clock milliseconds at arrival, when the fake was given a Redis connection. */
  redisMs?: number;
  /** Client port of the TCP connection: equal ports mean a reused keep-alive connection. */
  remotePort?: number;
}

export type Reply =
  | { status: number; json?: unknown; text?: string; headers?: Record<string, string> }
  | { action: 'reset' }
  /** Handle the request normally (an order is really created), then drop the connection unanswered. */
  | { action: 'process-then-reset' }
  | { action: 'hang' }
  /** Send the headers and part of the body, then go silent. */
  | { action: 'stall-body'; status: number; partial: string }
  /** Wait, then answer with `then` (the default behaviour when absent). */
  | { action: 'delay'; ms: number; then?: Reply }
  /** Hold the answer until `until` resolves, then answer with `then` (default behaviour when absent). */
  | { action: 'hold'; until: Promise<unknown>; then?: Reply }
  | { action: 'default' };

export interface FakeMerchantOptions {
  merchantId?: string;
  apiKey?: string;
  /** Path before `/recharge…`, default `/api/v1`. */
  basePath?: string;
  redis?: Redis;
}

export interface FakeMerchant {
  /** Base URL including the base path (what MERCHANT_API_BASE_URL would be). */
  readonly baseUrl: string;
  readonly merchantId: string;
  readonly apiKey: string;
  readonly requests: RecordedRequest[];
  /** The next matching requests get these replies in order; afterwards the default behaviour resumes. */
  enqueue(...replies: Reply[]): void;
  /** Like `enqueue`, only for requests whose route starts with `routePrefix`. */
  enqueueFor(routePrefix: string, ...replies: Reply[]): void;
  /** Orders as stored by the fake, by external_order_id. */
  readonly orders: Map<string, StoredOrder>;
  reset(): void;
  close(): Promise<void>;
}

export interface StoredOrder {
  body: Buffer;
  fields: Record<string, unknown>;
  record: Record<string, unknown>;
}

const COUNTRIES = [
  { code: 'NG', name: 'Nigeria', currency_codes: ['NGN'], operator_count: 2, offer_count: 9, flag: 'ng' },
  { code: 'KE', name: 'Kenya', currency_codes: ['KES'], operator_count: 1, offer_count: 3 },
];

const OPERATORS: Record<string, unknown[]> = {
  NG: [
    {
      operator_key: 'NG-mtn',
      name: 'MTN Nigeria',
      country: 'NG',
      country_name: 'Nigeria',
      logo_url: 'https://img.example/mtn.png',
      subtypes: ['airtime', 'data'],
      amount_model: 'range',
      currency_codes: ['NGN'],
      amounts: [
        { min: '50.0000', max: '50000.0000', currency: 'NGN', subtype: 'airtime', label: '50 - 50,000 NGN' },
        { min: '1000.0000', max: '1000.0000', currency: 'NGN', subtype: 'data', label: '1 GB' },
      ],
      offer_count: 7,
      brand_new_field: { ignored: true },
    },
    {
      operator_key: 'NG-airtel',
      name: 'Airtel Nigeria',
      country: 'NG',
      country_name: 'Nigeria',
      logo_url: '',
      subtypes: ['airtime'],
      amount_model: 'fixed',
      currency_codes: ['NGN'],
      amounts: [{ min: '100.0000', max: '100.0000', currency: 'NGN', subtype: 'airtime', label: '100 NGN' }],
      offer_count: 2,
    },
  ],
  KE: [
    {
      operator_key: 'KE-safaricom',
      name: 'Safaricom',
      country: 'KE',
      country_name: 'Kenya',
      logo_url: '',
      subtypes: ['airtime'],
      amount_model: 'range',
      currency_codes: ['KES'],
      amounts: [
        { min: '10.0000', max: '10000.0000', currency: 'KES', subtype: 'airtime', label: '10 - 10,000' },
      ],
      offer_count: 3,
    },
  ],
};

/** The spec's rule, written independently of src/merchant/signer.ts. */
function expectedSignature(
  apiKey: string,
  path: string,
  timestamp: string,
  nonce: string,
  body: Buffer,
): string {
  const hash = createHash('sha256').update(body).digest('hex');
  const text = 'POST' + '\n' + path + '\n' + timestamp + '\n' + nonce + '\n' + hash;
  return createHmac('sha256', Buffer.from(apiKey, 'utf8')).update(Buffer.from(text, 'utf8')).digest('hex');
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function maskPhone(digits: string): string {
  return `${digits.slice(0, 3)}*****${digits.slice(-2)}`;
}

/** Starts the fake on a free loopback port. */
export async function startFakeMerchant(options: FakeMerchantOptions = {}): Promise<FakeMerchant> {
  const merchantId = options.merchantId ?? 'M1000001';
  const apiKey = options.apiKey ?? 'sk_test_Zq9!"$`\\\'key with spaces';
  const basePath = (options.basePath ?? '/api/v1').replace(/\/+$/, '');
  const requests: RecordedRequest[] = [];
  const queue: Array<{ prefix: string; reply: Reply }> = [];
  const orders = new Map<string, StoredOrder>();
  const byOrderId = new Map<string, StoredOrder>();
  const usedNonces = new Set<string>();
  let nextOrder = 1000;

  const sendJson = (
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(text);
  };

  const handleDefault = (req: RecordedRequest, res: ServerResponse): void => {
    if (header(req.headers, 'x-merchant-id') !== merchantId || header(req.headers, 'x-api-key') !== apiKey) {
      sendJson(res, 403, { detail: 'Authentication credentials were not provided or are invalid.' });
      return;
    }
    if (req.method === 'POST') {
      if (!req.signatureOk) {
        sendJson(res, 403, { detail: 'Invalid signature.' });
        return;
      }
      const ts = Number(header(req.headers, 'x-timestamp'));
      if (!Number.isInteger(ts) || Math.abs(ts - Date.now() / 1000) > 300) {
        sendJson(res, 403, { detail: 'Timestamp outside the allowed window.' });
        return;
      }
      const nonce = header(req.headers, 'x-nonce') ?? '';
      if (usedNonces.has(nonce)) {
        sendJson(res, 403, { detail: 'Nonce already used.' });
        return;
      }
      usedNonces.add(nonce);
      if (header(req.headers, 'content-type') !== 'application/json') {
        sendJson(res, 400, { detail: 'JSON expected.' });
        return;
      }
    }
    const route = req.route;
    if (route === '/account') {
      if (req.method !== 'GET') return sendJson(res, 405, { detail: 'Method not allowed.' });
      return sendJson(res, 200, { default_currency: 'USD', api_access_enabled: true, company: 'Test Ltd' });
    }
    if (route === '/recharge/countries') {
      if (req.method !== 'GET') return sendJson(res, 405, { detail: 'Method not allowed.' });
      return sendJson(res, 200, { count: COUNTRIES.length, results: COUNTRIES });
    }
    if (route === '/recharge/operators') {
      if (req.method !== 'GET') return sendJson(res, 405, { detail: 'Method not allowed.' });
      const country = req.query.get('country') ?? '';
      const list = OPERATORS[country];
      if (!list) return sendJson(res, 400, { country: ['Unknown country.'] });
      const search = (req.query.get('search') ?? '').toLowerCase();
      const results = list.filter((o) => (o as { name: string }).name.toLowerCase().includes(search));
      return sendJson(res, 200, { count: results.length, results });
    }
    if (route === '/recharge/quote') {
      if (req.method !== 'POST') return sendJson(res, 405, { detail: 'Method not allowed.' });
      const body = JSON.parse(req.body.toString('utf8')) as Record<string, string>;
      return sendJson(res, 200, {
        country: body['country'],
        country_name: 'Nigeria',
        operator: { operator_key: body['operator_key'], name: 'MTN Nigeria', logo_url: '' },
        subtype: body['subtype'] ?? 'airtime',
        local_amount: Number(body['amount']).toFixed(4),
        local_currency: body['local_currency'] ?? 'NGN',
        merchant_price: '0.6731',
        merchant_currency: 'USD',
        expires_at: new Date(Date.now() + 300_000).toISOString().replace('Z', '123+00:00'),
        quote_token: `qt_${body['operator_key']}_${body['amount']}`,
      });
    }
    if (route === '/recharge/orders') {
      if (req.method === 'GET') {
        const all = [...orders.values()].map((o) => o.record).reverse();
        const status = req.query.get('status');
        const filtered = status ? all.filter((o) => o['status'] === status) : all;
        const limit = Math.min(100, Number(req.query.get('limit') ?? '20'));
        const offset = Number(req.query.get('offset') ?? '0');
        if (!Number.isInteger(limit) || limit < 0)
          return sendJson(res, 400, { limit: ['A valid integer is required.'] });
        if (!Number.isInteger(offset) || offset < 0) {
          return sendJson(res, 400, { offset: ['A valid integer is required.'] });
        }
        return sendJson(res, 200, {
          count: filtered.length,
          limit,
          results: filtered.slice(offset, offset + limit),
        });
      }
      if (req.method !== 'POST') return sendJson(res, 405, { detail: 'Method not allowed.' });
      const fields = JSON.parse(req.body.toString('utf8')) as Record<string, string>;
      const ext = fields['external_order_id'] ?? '';
      const existing = orders.get(ext);
      const same = (a: Record<string, unknown>, b: Record<string, unknown>) =>
        ['country', 'operator_key', 'subtype', 'amount', 'account'].every((k) => a[k] === b[k]);
      if (existing) {
        if (!same(existing.fields, fields)) {
          return sendJson(res, 400, { external_order_id: ['Already used for another order.'] });
        }
        return sendJson(res, 200, { idempotent_replay: true, order: existing.record });
      }
      if (!fields['quote_token']) {
        return sendJson(res, 400, { quote_token: ['A quote is required.'], code: 'quote_required' });
      }
      const orderId = `O-${nextOrder++}`;
      const now = new Date().toISOString();
      const record = {
        id: nextOrder,
        order_id: orderId,
        external_order_id: ext,
        status: 'accepted',
        order_status: 'accepted',
        status_title: 'Accepted',
        poll_after_seconds: 15,
        country: fields['country'],
        operator: { operator_key: fields['operator_key'], name: 'MTN Nigeria', logo_url: '' },
        subtype: fields['subtype'],
        account: maskPhone(fields['account'] ?? ''),
        local_amount: Number(fields['amount']).toFixed(4),
        local_currency: fields['local_currency'],
        merchant_price: '0.6731',
        merchant_currency: 'USD',
        attempts: [],
        created_at: now,
        updated_at: now,
      };
      const stored = { body: req.body, fields, record };
      orders.set(ext, stored);
      byOrderId.set(orderId, stored);
      return sendJson(res, 201, { idempotent_replay: false, order: record });
    }
    const one = /^\/recharge\/orders\/([^/]+)$/.exec(route);
    if (one) {
      if (req.method !== 'GET') return sendJson(res, 405, { detail: 'Method not allowed.' });
      const stored = byOrderId.get(decodeURIComponent(one[1] ?? ''));
      if (!stored) return sendJson(res, 404, { detail: 'Not found.' });
      return sendJson(res, 200, {
        ...stored.record,
        status_message: 'The top-up is on its way.',
        next_step: 'Check again later.',
      });
    }
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end('<!doctype html><html><body><h1>Not Found</h1></body></html>');
  };

  const respond = (reply: Reply, req: RecordedRequest, res: ServerResponse, raw: IncomingMessage): void => {
    if ('status' in reply && !('action' in reply)) {
      if (reply.json !== undefined) {
        sendJson(res, reply.status, reply.json, reply.headers);
      } else {
        res.writeHead(reply.status, { 'content-type': 'text/plain', ...reply.headers });
        res.end(reply.text ?? '');
      }
      return;
    }
    switch (reply.action) {
      case 'default':
        handleDefault(req, res);
        return;
      case 'reset':
        raw.socket.destroy();
        return;
      case 'process-then-reset': {
        // Run the real handler against a response that is never delivered.
        const sink = Object.assign(Object.create(res) as ServerResponse, {
          writeHead: () => sink,
          end: () => sink,
        });
        handleDefault(req, sink);
        raw.socket.destroy();
        return;
      }
      case 'hang':
        return;
      case 'hold':
        void reply.until.then(() => respond(reply.then ?? { action: 'default' }, req, res, raw));
        return;
      case 'delay':
        setTimeout(() => respond(reply.then ?? { action: 'default' }, req, res, raw), reply.ms);
        return;
      case 'stall-body':
        res.writeHead(reply.status, { 'content-type': 'application/json', 'content-length': '100000' });
        res.write(reply.partial);
        return;
      default: {
        const never: never = reply;
        throw new Error(`unknown reply ${String(never)}`);
      }
    }
  };

  const server = createServer((raw, res) => {
    const chunks: Buffer[] = [];
    raw.on('data', (c: Buffer) => chunks.push(c));
    raw.on('end', () => {
      void (async () => {
        const url = new URL(raw.url ?? '/', 'http://fake');
        const body = Buffer.concat(chunks);
        const path = url.pathname;
        const route = path.startsWith(basePath) ? path.slice(basePath.length) : path;
        const rec: RecordedRequest = {
          method: raw.method ?? 'GET',
          path,
          route,
          query: url.searchParams,
          headers: raw.headers,
          body,
          ...(raw.socket.remotePort !== undefined ? { remotePort: raw.socket.remotePort } : {}),
        };
        if (rec.method === 'POST') {
          const ts = header(raw.headers, 'x-timestamp') ?? '';
          const nonce = header(raw.headers, 'x-nonce') ?? '';
          const got = Buffer.from(header(raw.headers, 'x-signature') ?? '', 'utf8');
          const want = Buffer.from(expectedSignature(apiKey, path, ts, nonce, body), 'utf8');
          rec.signatureOk = got.length === want.length && timingSafeEqual(got, want);
        }
        if (options.redis) {
          const [sec, micro] = await options.redis.time();
          rec.redisMinute = Math.floor(Number(sec) / 60);
          rec.redisMs = Number(sec) * 1000 + Math.floor(Number(micro) / 1000);
        }
        requests.push(rec);
        const index = queue.findIndex((q) => route.startsWith(q.prefix));
        const reply = index >= 0 ? queue.splice(index, 1)[0]!.reply : ({ action: 'default' } as const);
        respond(reply, rec, res, raw);
      })();
    });
  });
  const running = await listenOnLoopback(server);

  return {
    baseUrl: `${running.url}${basePath}`,
    merchantId,
    apiKey,
    requests,
    orders,
    enqueue: (...replies) => queue.push(...replies.map((reply) => ({ prefix: '', reply }))),
    enqueueFor: (prefix, ...replies) => queue.push(...replies.map((reply) => ({ prefix, reply }))),
    reset() {
      requests.length = 0;
      queue.length = 0;
    },
    close: () => running.close(),
  };
}
