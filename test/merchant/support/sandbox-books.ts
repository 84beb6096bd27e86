/**
 * The Merchant API sandbox's own books, read through its control API (/_sandbox), and a recording undici
 * dispatcher that keeps every request our client puts on the wire. Integration tests compare what the client
 * returned with what the sandbox says happened: the ledger, the orders, the quotes it issued, the request log.
 */
import { Pool, type Dispatcher } from 'undici';

export interface LedgerEntryView {
  id: string;
  kind: 'debit' | 'refund' | 'topup';
  order_id: string | null;
  external_order_id: string | null;
  amount: string;
  balance_after: string;
  at: string;
}

export interface LedgerView {
  merchant_id: string;
  currency: string;
  balance: string;
  active: boolean;
  count: number;
  totals: { debits: string; refunds: string; topups: string };
  results: LedgerEntryView[];
}

export interface ControlOrderView {
  order_id: string;
  external_order_id: string;
  status: string;
  /** The full phone number: the control API is the sandbox's own books. */
  account: string;
  account_masked: string;
  local_amount: string;
  local_currency: string;
  merchant_price: string;
  merchant_currency: string;
  quote_token: string;
  outcome: string;
  pending_steps: string[];
  history: { status: string; at: string; by: string }[];
}

export interface QuoteView {
  quote_token: string;
  country: string;
  operator_key: string;
  subtype: string;
  local_amount: string;
  local_currency: string;
  merchant_price: string;
  merchant_currency: string;
  issued_at: string;
  expires_at: string;
  order_id: string | null;
}

export interface RequestView {
  seq: number;
  at_ms: number;
  method: string;
  path: string;
  query: string;
  merchant_id: string | null;
  status: number | null;
  outcome: 'answered' | 'reset' | 'dropped';
  fault: string | null;
  retry_after: number | null;
  external_order_id: string | null;
  order_id: string | null;
}

export interface FaultView {
  id: string;
  kind: string;
  remaining: number | null;
  hits: number;
}

export interface StateView {
  account: { merchant_id: string; default_currency: string; api_access_enabled: boolean };
  wallet: { currency: string; balance: string; active: boolean };
}

export interface ClockView {
  wall: string;
  service: string;
  offset_seconds: number;
}

export interface SandboxBooks {
  state(account?: string): Promise<StateView>;
  ledger(account?: string): Promise<LedgerView>;
  orders(query?: { status?: string; search?: string; account?: string }): Promise<{
    count: number;
    results: ControlOrderView[];
  }>;
  order(orderId: string): Promise<ControlOrderView>;
  quotes(account?: string): Promise<{ count: number; results: QuoteView[] }>;
  requests(query?: { path?: string; since?: number }): Promise<{ count: number; results: RequestView[] }>;
  clock(): Promise<ClockView>;
  advanceClock(seconds: number): Promise<ClockView>;
  addFault(spec: Record<string, unknown>): Promise<FaultView>;
  prices(body: { markup_percent?: string; fx?: Record<string, string> }): Promise<unknown>;
  wallet(active: boolean, account?: string): Promise<unknown>;
  topup(amount: string, account?: string): Promise<unknown>;
  settings(body: Record<string, unknown>, account?: string): Promise<unknown>;
  operator(key: string, available: boolean): Promise<unknown>;
  reset(): Promise<void>;
}

/** A typed client of the sandbox's control API; any non-2xx answer throws with the sandbox's detail. */
export function sandboxBooks(controlUrl: string): SandboxBooks {
  const call = async <T>(
    method: string,
    path: string,
    body?: unknown,
    query: Record<string, string | number | undefined> = {},
  ): Promise<T> => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined && value !== '') params.set(name, String(value));
    }
    const search = params.toString();
    const response = await fetch(`${controlUrl}${path}${search ? `?${search}` : ''}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`control API ${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  };
  return {
    state: (account) => call('GET', '/state', undefined, { account }),
    ledger: (account) => call('GET', '/ledger', undefined, { account }),
    orders: (query = {}) => call('GET', '/orders', undefined, query),
    order: (orderId) => call('GET', `/orders/${encodeURIComponent(orderId)}`),
    quotes: (account) => call('GET', '/quotes', undefined, { account }),
    requests: (query = {}) => call('GET', '/requests', undefined, query),
    clock: () => call('GET', '/clock'),
    advanceClock: (seconds) => call('POST', '/clock/advance', { seconds }),
    addFault: (spec) => call('POST', '/faults', spec),
    prices: (body) => call('POST', '/prices', body),
    wallet: (active, account) => call('POST', '/wallet', { active }, { account }),
    topup: (amount, account) => call('POST', '/wallet/topup', { amount }, { account }),
    settings: (body, account) => call('POST', '/account', body, { account }),
    operator: (key, available) => call('POST', `/operators/${encodeURIComponent(key)}`, { available }),
    async reset() {
      await call('POST', '/reset', {});
    },
  };
}

/** One request exactly as the client handed it to the transport. */
export interface SentRequest {
  method: string;
  path: string;
  body: Buffer | null;
  nonce: string | undefined;
  signature: string | undefined;
}

export interface RecordingPool {
  dispatcher: Dispatcher;
  sent: SentRequest[];
  close(): Promise<void>;
}

function headerOf(headers: Dispatcher.DispatchOptions['headers'], name: string): string | undefined {
  if (headers === null || headers === undefined || Array.isArray(headers)) return undefined;
  if (typeof (headers as Iterable<unknown>)[Symbol.iterator] === 'function') return undefined;
  const value = (headers as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? value[0] : value;
}

/** An undici pool whose every dispatch is recorded (method, path, body bytes, nonce, signature). */
export function recordingPool(origin: string): RecordingPool {
  const pool = new Pool(origin, { connections: 8 });
  const sent: SentRequest[] = [];
  const dispatcher = pool.compose((dispatch) => (options, handler) => {
    const body = options.body;
    sent.push({
      method: options.method,
      path: options.path,
      body: Buffer.isBuffer(body) || body instanceof Uint8Array ? Buffer.from(body) : null,
      nonce: headerOf(options.headers, 'x-nonce'),
      signature: headerOf(options.headers, 'x-signature'),
    });
    return dispatch(options, handler);
  });
  return { dispatcher, sent, close: () => pool.close() };
}
