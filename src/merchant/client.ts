import {
  answerVerdict,
  createAnswerRecord,
  failureReason,
  type AnswerRecord,
  type ServiceAnswer,
} from './answers.ts';
import type { RequestBudget } from './budget.ts';
import { MerchantInvalidRequestError, isMerchantError, type AnyMerchantError } from './errors.ts';
import { createExchange, type CallSpec, type ExchangeDeps, type MerchantExchange } from './exchange.ts';
import {
  parseAccount,
  parseCountry,
  parseCreateOrder,
  parseOperator,
  parseOrder,
  parsePage,
  parseQuote,
} from './records.ts';
import { createSender, type Sender, type SenderDeps } from './sender.ts';
import type {
  Account,
  CallOptions,
  ListOrdersQuery,
  MerchantApi,
  OrderRequest,
  QuoteRequest,
} from './types.ts';

/** The client's deps: its exchange's and its sender's; the budget also lets readiness probe (`tryAcquire`). */
export interface MerchantClientDeps extends ExchangeDeps, SenderDeps {
  budget: Pick<RequestBudget, 'acquire' | 'tryAcquire' | 'pause'>;
}

/** What one readiness probe found; `busy` means no slot was free now (or a 429 pause is on): nothing was sent. */
type ProbeOutcome =
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
function checkOrderRequest(request: OrderRequest): void {
  if (!ORDER_NUMBER.test(request.externalOrderId)) {
    throw invalid('external_order_id must be 1-120 of A-Z a-z 0-9 - _ .');
  }
  if (!PHONE_DIGITS.test(request.account)) {
    throw invalid('account must be digits only with the country code, no plus sign');
  }
  if (!AMOUNT.test(request.amount)) throw invalid('amount must be a plain decimal string');
  if (request.quoteToken === '') throw invalid('quote_token is empty');
}

/** A GET of the service's: `route` is the endpoint's template, for metrics and the answer record. */
function readSpec(
  path: string,
  route: string,
  query: URLSearchParams | undefined,
  options: CallOptions | undefined,
): CallSpec {
  return {
    method: 'GET',
    path,
    route,
    ...(query !== undefined ? { query } : {}),
    operation: 'read',
    options,
  };
}

/** The query of GET /recharge/orders: only the filters given (an empty text is no filter). */
function orderListParams(query: ListOrdersQuery | undefined): URLSearchParams {
  const params = new URLSearchParams();
  if (query?.status !== undefined && query.status !== '') params.set('status', query.status);
  if (query?.search !== undefined && query.search !== '') params.set('search', query.search);
  if (query?.limit !== undefined) params.set('limit', String(query.limit));
  if (query?.offset !== undefined) params.set('offset', String(query.offset));
  return params;
}

/** What the readiness probe uses of the client: its deps, answer record, exchange and failure log. */
interface ProbeParts {
  deps: MerchantClientDeps;
  clock: () => number;
  answers: AnswerRecord;
  attemptOnce: MerchantExchange['attemptOnce'];
  logFailure: Sender['logFailure'];
}

/** Creates the client's readiness probe (MerchantClient.probeAccount). */
function createAccountProbe(parts: ProbeParts): MerchantClient['probeAccount'] {
  const { deps, clock, answers, attemptOnce, logFailure } = parts;
  return async (signal) => {
    try {
      if ((await deps.budget.tryAcquire('background')) === null) return { kind: 'busy' };
    } catch (error) {
      if (isMerchantError(error)) return { kind: 'busy' };
      throw error;
    }
    const spec = readSpec('/account', '/account', undefined, {
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
  };
}

/**
 * Creates the Merchant API client: the typed endpoints and the readiness probe, on its exchange (transport and
 * signing, exchange.ts) and its sender (budget and retries, sender.ts).
 */
export function createMerchantClient(deps: MerchantClientDeps): MerchantClient {
  const clock = deps.clock ?? Date.now;
  const answers = createAnswerRecord();
  const exchange = createExchange(deps);
  const { attemptOnce } = exchange;
  const { send, logFailure } = createSender(deps, answers, exchange);

  return {
    async getAccount(options) {
      const account = await send(readSpec('/account', '/account', undefined, options), (a) =>
        parseAccount(a.json),
      );
      answers.noteAccount(account, clock());
      return account;
    },

    lastAnswer: () => answers.last(),
    lastAccount: () => answers.account(),
    probeAccount: createAccountProbe({ deps, clock, answers, attemptOnce, logFailure }),

    async listCountries(options) {
      const route = '/recharge/countries';
      const page = await send(readSpec(route, route, undefined, options), (a) =>
        parsePage(a.json, parseCountry, 'countries'),
      );
      return page.results;
    },

    async listOperators(country, query, options) {
      const params = new URLSearchParams({ country });
      if (query?.search !== undefined && query.search !== '') params.set('search', query.search);
      const route = '/recharge/operators';
      const page = await send(readSpec(route, route, params, options), (a) =>
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
      return send(readSpec(path, '/recharge/orders/{order_id}', undefined, options), (a) =>
        parseOrder(a.json),
      );
    },

    listOrders(query, options) {
      const route = '/recharge/orders';
      return send(readSpec(route, route, orderListParams(query), options), (a) =>
        parsePage(a.json, parseOrder, 'orders'),
      );
    },

    async close() {
      await exchange.close();
    },
  };
}
