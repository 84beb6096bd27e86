import type { IncomingHttpHeaders } from 'node:http';
import { Pool, type Dispatcher } from 'undici';
import { abortableSleep } from './abort.ts';
import { answerVerdict, createAnswerRecord, failureReason, type ServiceAnswer } from './answers.ts';
import type { LoggerLike } from '../domain/log.ts';
import type { RequestBudget } from './budget.ts';
import {
  MerchantAbortedError,
  MerchantInvalidRequestError,
  MerchantUnexpectedError,
  fromTransportError,
  isMerchantError,
  toMerchantError,
  type AnyMerchantError,
} from './errors.ts';
import {
  parseAccount,
  parseCountry,
  parseCreateOrder,
  parseJsonBody,
  parseOperator,
  parseOrder,
  parsePage,
  parseQuote,
} from './records.ts';
import { decideRetry, retryPolicy, type RetryPolicy } from './retry.ts';
import { fullPath, newNonce, sign } from './signer.ts';
import type { Account, CallOptions, CallPriority, MerchantApi, OrderRequest, QuoteRequest } from './types.ts';

export interface MerchantTimeouts {
  /** Establishing the TCP/TLS connection. */
  connect: number;
  /** From sending the request to the complete response headers. */
  headers: number;
  /** Longest silence while the body arrives. */
  body: number;
}

/** One HTTP attempt, for metrics. */
export interface AttemptEvent {
  method: string;
  /** Endpoint template, e.g. `/recharge/orders/{order_id}`. */
  route: string;
  attempt: number;
  httpStatus?: number;
  kind?: AnyMerchantError['kind'];
  durationMs: number;
}

export interface MerchantClientDeps {
  /** MERCHANT_API_BASE_URL: up to and including `/api/v1` (a path prefix before it is kept). */
  baseUrl: string;
  merchantId: string;
  apiKey: string;
  budget: Pick<RequestBudget, 'acquire' | 'tryAcquire' | 'pause'>;
  /** Never receives headers, bodies or the API key. */
  logger?: LoggerLike;
  /** Milliseconds since the epoch; for `X-Timestamp`. */
  clock?: () => number;
  timeouts?: Partial<MerchantTimeouts>;
  retry?: Partial<RetryPolicy>;
  /** An undici dispatcher the caller owns; by default the client opens its own keep-alive pool. */
  dispatcher?: Dispatcher;
  /** Pool size when the client opens its own pool. */
  connections?: number;
  random?: () => number;
  nonce?: () => string;
  userAgent?: string;
  /** Bigger success bodies are refused as unexpected; error bodies are cut. */
  maxResponseBytes?: number;
  onAttempt?: (event: AttemptEvent) => void;
}

/** What one readiness probe found; `busy` means no slot was free now (or a 429 pause is on): nothing was sent. */
export type ProbeOutcome =
  { kind: 'answered'; account: Account | null } | { kind: 'failed'; reason: string } | { kind: 'busy' };

export interface MerchantClient extends MerchantApi {
  /** The last answer this replica saw from the service, on any endpoint (none before the first call). */
  lastAnswer(): ServiceAnswer | undefined;
  /** The account settings last read by this replica, with when. */
  lastAccount(): { account: Account; at: number } | undefined;
  /**
   * One GET /account for readiness: takes a background slot only if one is free now, never retries, and
   * turns every outcome into a verdict instead of throwing (Redis trouble counts as busy: readiness checks it).
   */
  probeAccount(signal?: AbortSignal): Promise<ProbeOutcome>;
  /** Closes the client's own connection pool (not a dispatcher passed in). */
  close(): Promise<void>;
}

export const DEFAULT_TIMEOUTS: MerchantTimeouts = { connect: 5_000, headers: 15_000, body: 15_000 };

const ORDER_NUMBER = /^[A-Za-z0-9_.-]{1,120}$/;
const PHONE_DIGITS = /^\d{6,15}$/;
const AMOUNT = /^\d+(?:\.\d+)?$/;

/** The exact JSON of a recharge order: fixed key order, so one OrderRequest always gives the same bytes. */
export function orderBody(request: OrderRequest): string {
  return JSON.stringify({
    external_order_id: request.externalOrderId,
    country: request.country,
    operator_key: request.operatorKey,
    amount: request.amount,
    local_currency: request.localCurrency,
    subtype: request.subtype,
    account: request.account,
    quote_token: request.quoteToken,
  });
}

/** The exact JSON of a quote request, fixed key order; optional fields are left out when not given. */
export function quoteBody(request: QuoteRequest): string {
  return JSON.stringify({
    country: request.country,
    operator_key: request.operatorKey,
    amount: request.amount,
    ...(request.localCurrency !== undefined ? { local_currency: request.localCurrency } : {}),
    ...(request.subtype !== undefined ? { subtype: request.subtype } : {}),
  });
}

function invalid(what: string): MerchantInvalidRequestError {
  return new MerchantInvalidRequestError(`Refused before sending: ${what}`, { mayHaveReached: false });
}

/** Checks an order request locally so an obviously bad one never costs a budget slot (values never quoted). */
export function checkOrderRequest(request: OrderRequest): void {
  if (!ORDER_NUMBER.test(request.externalOrderId)) {
    throw invalid('external_order_id must be 1-120 of A-Z a-z 0-9 - _ .');
  }
  if (!PHONE_DIGITS.test(request.account)) {
    throw invalid('account must be digits only with the country code, no plus sign');
  }
  if (!AMOUNT.test(request.amount)) throw invalid('amount must be a plain decimal string');
  if (request.quoteToken === '') throw invalid('quote_token is empty');
}

/** Answers of the spec's 4xx rows are routine (info); 5xx, transport trouble and the unknown are errors. */
export function logLevelOf(kind: AnyMerchantError['kind']): 'debug' | 'info' | 'error' {
  switch (kind) {
    case 'validation':
    case 'quote-token':
    case 'forbidden':
    case 'edge-forbidden':
    case 'not-found':
    case 'method-not-allowed':
    case 'rate-limited':
    case 'invalid-request':
      return 'info';
    case 'aborted':
      return 'debug';
    case 'server':
    case 'timeout':
    case 'network':
    case 'budget-unavailable':
    case 'unexpected':
      return 'error';
    default: {
      const never: never = kind;
      return never;
    }
  }
}

type Operation = 'read' | 'quote' | 'placement';

interface CallSpec {
  method: 'GET' | 'POST';
  /** Endpoint path relative to the base URL, already encoded. */
  path: string;
  route: string;
  query?: URLSearchParams;
  /** Serialised once; every attempt sends these bytes. */
  body?: Buffer;
  operation: Operation;
  options: CallOptions | undefined;
}

interface Answer {
  status: number;
  json: unknown;
}

async function readText(
  body: Dispatcher.ResponseData['body'],
  limit: number,
): Promise<{ text: string; cut: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    const remaining = limit - size;
    if (chunk.length > remaining) {
      chunks.push(chunk.subarray(0, Math.max(0, remaining)));
      body.destroy();
      return { text: Buffer.concat(chunks).toString('utf8'), cut: true };
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return { text: Buffer.concat(chunks).toString('utf8'), cut: false };
}

/** Creates the Merchant API client: transport, signing, budget, retries and typed resources. */
export function createMerchantClient(deps: MerchantClientDeps): MerchantClient {
  const base = new URL(deps.baseUrl);
  const timeouts: MerchantTimeouts = { ...DEFAULT_TIMEOUTS, ...deps.timeouts };
  const policy = retryPolicy(deps.retry);
  const clock = deps.clock ?? Date.now;
  const random = deps.random ?? Math.random;
  const makeNonce = deps.nonce ?? newNonce;
  const userAgent = deps.userAgent ?? 'recharge-bot/0.1';
  const maxResponseBytes = deps.maxResponseBytes ?? 10 * 1024 * 1024;
  const ownPool =
    deps.dispatcher === undefined
      ? new Pool(base.origin, {
          connections: deps.connections ?? 8,
          connectTimeout: timeouts.connect,
          headersTimeout: timeouts.headers,
          bodyTimeout: timeouts.body,
          keepAliveTimeout: 10_000,
        })
      : undefined;
  const dispatcher: Dispatcher = deps.dispatcher ?? (ownPool as Pool);
  const log = deps.logger;
  const answers = createAnswerRecord();

  const headersFor = (spec: CallSpec, requestPath: string): Record<string, string> => {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': userAgent,
      'x-merchant-id': deps.merchantId,
      'x-api-key': deps.apiKey,
    };
    if (spec.method === 'POST' && spec.body !== undefined) {
      const timestamp = Math.floor(clock() / 1000);
      const nonce = makeNonce();
      headers['content-type'] = 'application/json';
      headers['x-timestamp'] = String(timestamp);
      headers['x-nonce'] = nonce;
      headers['x-signature'] = sign({
        method: 'POST',
        path: requestPath,
        body: spec.body,
        timestamp,
        nonce,
        apiKey: deps.apiKey,
      });
    }
    return headers;
  };

  /** One HTTP exchange: resolves with the parsed 2xx answer or rejects with a typed error. */
  const attemptOnce = async <T>(spec: CallSpec, parse: (answer: Answer) => T): Promise<T> => {
    const signedPath = fullPath(base, spec.path);
    const query = spec.query?.toString();
    const signal = spec.options?.signal;
    let response: Dispatcher.ResponseData;
    try {
      response = await dispatcher.request({
        origin: base.origin,
        path: query ? `${signedPath}?${query}` : signedPath,
        method: spec.method,
        headers: headersFor(spec, signedPath),
        body: spec.body ?? null,
        signal: signal ?? null,
        headersTimeout: timeouts.headers,
        bodyTimeout: timeouts.body,
      });
    } catch (error) {
      throw fromTransportError(error, signal?.aborted === true);
    }
    let text: string;
    let cut: boolean;
    try {
      ({ text, cut } = await readText(response.body, maxResponseBytes));
    } catch (error) {
      throw fromTransportError(error, signal?.aborted === true);
    }
    const status = response.statusCode;
    if (status < 200 || status > 299) {
      throw toMerchantError(status, response.headers as IncomingHttpHeaders, text, { nowMs: clock() });
    }
    if (cut) {
      throw new MerchantUnexpectedError(`Merchant API sent a success body over ${maxResponseBytes} bytes`, {
        httpStatus: status,
      });
    }
    try {
      return parse({ status, json: parseJsonBody(text) });
    } catch (error) {
      // Keep the 2xx status: on a placement it means the order may well exist.
      if (error instanceof MerchantUnexpectedError) {
        throw new MerchantUnexpectedError(error.message, { httpStatus: status });
      }
      throw error;
    }
  };

  const logFailure = (spec: CallSpec, error: AnyMerchantError, attempt: number, final: boolean): void => {
    if (!log) return;
    const fields: Record<string, unknown> = {
      merchantApi: { method: spec.method, route: spec.route, attempt },
      kind: error.kind,
      httpStatus: error.httpStatus,
      key: error.key,
      code: error.code,
      causeCode: error.causeCode,
      retryAfterSeconds: error.retryAfterSeconds,
      outcomeUnknown: error.outcomeUnknown || undefined,
    };
    const what = `Merchant API ${spec.method} ${spec.route}`;
    if (!final) {
      log.warn(fields, `${what} failed (${error.kind}); retrying`);
      return;
    }
    const level = logLevelOf(error.kind);
    log[level](fields, `${what} ${level === 'info' ? 'refused' : 'failed'} (${error.kind})`);
  };

  /** The sender: takes a budget slot for every attempt, retries by the rules, resends the same bytes. */
  const send = async <T>(spec: CallSpec, parse: (answer: Answer) => T): Promise<T> => {
    const priority: CallPriority =
      spec.options?.priority ?? (spec.operation === 'placement' ? 'placement' : 'interactive');
    const signal = spec.options?.signal;
    const placement = spec.operation === 'placement';
    let failures = 0;
    let rateLimited = 0;
    // Placement only: did any attempt possibly reach the service and create the order?
    let maybeCreated = false;
    // Placement only: did an attempt get no readable answer (it may still be running at the service)?
    let unanswered = false;
    for (let attempt = 1; ; attempt++) {
      let error: AnyMerchantError;
      let started: number | undefined;
      try {
        await deps.budget.acquire(priority, signal, spec.options?.line);
        started = performance.now();
        const result = await attemptOnce(spec, parse);
        answers.note(spec.route, clock());
        deps.onAttempt?.({
          method: spec.method,
          route: spec.route,
          attempt,
          durationMs: performance.now() - started,
        });
        return result;
      } catch (caught) {
        if (!isMerchantError(caught)) throw caught;
        error = caught;
      }
      if (started !== undefined) {
        answers.note(spec.route, clock(), error.kind, error.httpStatus);
        deps.onAttempt?.({
          method: spec.method,
          route: spec.route,
          attempt,
          ...(error.httpStatus !== undefined ? { httpStatus: error.httpStatus } : {}),
          kind: error.kind,
          durationMs: performance.now() - started,
        });
      }
      if (placement) {
        const status = error.httpStatus;
        if (
          (status !== undefined && (status >= 500 || (status >= 200 && status <= 299))) ||
          (status === undefined && started !== undefined && error.mayHaveReached)
        ) {
          maybeCreated = true;
        }
        if (
          (status === undefined && started !== undefined && error.mayHaveReached) ||
          (status !== undefined && status >= 200 && status <= 299)
        ) {
          unanswered = true;
        }
        error.outcomeUnknown = maybeCreated;
        error.unanswered = unanswered;
      }
      if (error.kind === 'rate-limited') {
        rateLimited += 1;
        try {
          await deps.budget.pause(error.retryAfterSeconds);
        } catch (pauseError) {
          // The next acquire fails the same way and says so; nothing is ever sent unthrottled.
          log?.warn(
            { kind: isMerchantError(pauseError) ? pauseError.kind : 'unknown' },
            'could not share a 429 pause through Redis',
          );
        }
      } else if (error.kind === 'server' || error.kind === 'timeout' || error.kind === 'network') {
        failures += 1;
      }
      const decision = decideRetry(
        error.kind,
        error.retryAfterSeconds,
        { failures, rateLimited },
        policy,
        random,
      );
      if (decision.action === 'stop' || signal?.aborted === true) {
        logFailure(spec, error, attempt, true);
        throw error;
      }
      logFailure(spec, error, attempt, false);
      try {
        await abortableSleep(decision.delayMs, signal, 'waiting to retry');
      } catch (abortError) {
        if (abortError instanceof MerchantAbortedError) {
          abortError.outcomeUnknown = placement && maybeCreated;
          abortError.unanswered = placement && unanswered;
        }
        throw abortError;
      }
    }
  };

  const get = (
    path: string,
    route: string,
    query: URLSearchParams | undefined,
    options: CallOptions | undefined,
  ): CallSpec => ({
    method: 'GET',
    path,
    route,
    ...(query !== undefined ? { query } : {}),
    operation: 'read',
    options,
  });

  return {
    async getAccount(options) {
      const account = await send(get('/account', '/account', undefined, options), (a) =>
        parseAccount(a.json),
      );
      answers.noteAccount(account, clock());
      return account;
    },

    lastAnswer: () => answers.last(),
    lastAccount: () => answers.account(),

    async probeAccount(signal) {
      try {
        if ((await deps.budget.tryAcquire('background')) === null) return { kind: 'busy' };
      } catch (error) {
        if (isMerchantError(error)) return { kind: 'busy' };
        throw error;
      }
      const spec = get('/account', '/account', undefined, {
        priority: 'background',
        ...(signal ? { signal } : {}),
      });
      const started = performance.now();
      const attempted = (kind?: AnyMerchantError['kind'], httpStatus?: number): void =>
        deps.onAttempt?.({
          method: spec.method,
          route: spec.route,
          attempt: 1,
          ...(httpStatus !== undefined ? { httpStatus } : {}),
          ...(kind !== undefined ? { kind } : {}),
          durationMs: performance.now() - started,
        });
      try {
        const account = await attemptOnce(spec, (a) => parseAccount(a.json));
        answers.note(spec.route, clock());
        answers.noteAccount(account, clock());
        attempted();
        return { kind: 'answered', account };
      } catch (caught) {
        if (!isMerchantError(caught)) throw caught;
        const error: AnyMerchantError = caught;
        attempted(error.kind, error.httpStatus);
        logFailure(spec, error, 1, true);
        if (error.kind === 'aborted') {
          // Our own probe deadline: the service did not answer in time, which is a failure of the service.
          answers.note(spec.route, clock(), 'timeout');
          return { kind: 'failed', reason: 'timeout' };
        }
        answers.note(spec.route, clock(), error.kind, error.httpStatus);
        if (error.kind === 'rate-limited') {
          // Shared like any 429; a busy service is not a failing one.
          await deps.budget.pause(error.retryAfterSeconds).catch(() => undefined);
          return { kind: 'busy' };
        }
        switch (answerVerdict(error.kind, error.httpStatus)) {
          case true:
            return { kind: 'answered', account: null };
          case false:
            return { kind: 'failed', reason: failureReason(error.kind, error.httpStatus) };
          default:
            return { kind: 'busy' };
        }
      }
    },

    async listCountries(options) {
      const route = '/recharge/countries';
      const page = await send(get(route, route, undefined, options), (a) =>
        parsePage(a.json, parseCountry, 'countries'),
      );
      return page.results;
    },

    async listOperators(country, query, options) {
      const params = new URLSearchParams({ country });
      if (query?.search !== undefined && query.search !== '') params.set('search', query.search);
      const route = '/recharge/operators';
      const page = await send(get(route, route, params, options), (a) =>
        parsePage(a.json, parseOperator, 'operators'),
      );
      return page.results;
    },

    async createQuote(request, options) {
      if (!AMOUNT.test(request.amount)) throw invalid('amount must be a plain decimal string');
      const spec: CallSpec = {
        method: 'POST',
        path: '/recharge/quote',
        route: '/recharge/quote',
        body: Buffer.from(quoteBody(request), 'utf8'),
        operation: 'quote',
        options,
      };
      return send(spec, (a) => parseQuote(a.json));
    },

    async createOrder(request, options) {
      checkOrderRequest(request);
      const spec: CallSpec = {
        method: 'POST',
        path: '/recharge/orders',
        route: '/recharge/orders',
        // Serialised once: every retry sends exactly these bytes, signed anew.
        body: Buffer.from(orderBody(request), 'utf8'),
        operation: 'placement',
        options,
      };
      return send(spec, (a) => parseCreateOrder(a.json, a.status));
    },

    getOrder(orderId, options) {
      const path = `/recharge/orders/${encodeURIComponent(orderId)}`;
      return send(get(path, '/recharge/orders/{order_id}', undefined, options), (a) => parseOrder(a.json));
    },

    listOrders(query, options) {
      const params = new URLSearchParams();
      if (query?.status !== undefined && query.status !== '') params.set('status', query.status);
      if (query?.search !== undefined && query.search !== '') params.set('search', query.search);
      if (query?.limit !== undefined) params.set('limit', String(query.limit));
      if (query?.offset !== undefined) params.set('offset', String(query.offset));
      const route = '/recharge/orders';
      return send(get(route, route, params, options), (a) => parsePage(a.json, parseOrder, 'orders'));
    },

    async close() {
      await ownPool?.close();
    },
  };
}
