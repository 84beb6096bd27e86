import type { IncomingMessage, ServerResponse } from 'node:http';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { AccountState } from './accounts.ts';
import { authenticate, verifySigned } from './auth.ts';
import {
  COUNTRIES,
  OPERATORS,
  SUBTYPES,
  findAmountOption,
  merchantPrice,
  operatorFacts,
  type CatalogueCountry,
  type CatalogueOperator,
  type Subtype,
} from './catalogue.ts';
import type { QuoteRecord, SandboxCore } from './core.ts';
import type { FaultRule } from './faults.ts';
import { Money, money, parseAmount, timestamp, type MoneyValue } from './format.ts';
import {
  BodyTooLargeError,
  detail,
  json,
  notFoundHtml,
  originOf,
  parseJsonObject,
  proxyErrorHtml,
  readBody,
  send,
  type Reply,
} from './http.ts';
import { outcomeForAccount } from './magic.ts';
import { orderView, type SandboxOrder } from './orders.ts';
import { QUOTE_TTL_SECONDS, type QuotePayload } from './quotes.ts';
import type { RequestEntry } from './request-log.ts';

export const API_PREFIX = '/api/v1';
const MAX_BODY_BYTES = 64 * 1024;
const REQUIRED = 'This field is required.';
const EXTERNAL_ID = /^[A-Za-z0-9_.-]+$/;

interface Ctx {
  req: IncomingMessage;
  url: URL;
  method: string;
  path: string;
  body: Buffer;
  json: Record<string, unknown>;
  account: AccountState;
  params: string[];
  origin: string;
  entry: RequestEntry;
}

type Handler = (ctx: Ctx) => Reply;

interface Route {
  pattern: RegExp;
  methods: Partial<Record<string, Handler>>;
  /** Methods that need X-Timestamp / X-Nonce / X-Signature. */
  signed?: readonly string[];
  portalOnly?: boolean;
}

export interface ApiHandler {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** Ends pending fault delays so close() is quick. */
  cancelDelays(): void;
}

type FieldErrors = Record<string, string[]>;

const fieldError = (errors: FieldErrors): Reply => json(400, errors);

function quoteTokenError(
  code: 'quote_required' | 'quote_expired' | 'quote_invalid' | 'price_changed',
  text: string,
) {
  return json(400, { quote_token: [text], code });
}

const countryByCode = new Map<string, CatalogueCountry>(COUNTRIES.map((c) => [c.code, c]));
const operatorByKey = new Map<string, CatalogueOperator>(OPERATORS.map((o) => [o.key, o]));

export function createApiHandler(core: SandboxCore): ApiHandler {
  const delays = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  /** `merchant\nnumber` of order requests held by a late_answer fault. */
  const heldNumbers = new Set<string>();
  const heldNumberKey = (merchantId: string, body: Buffer): string | null => {
    try {
      const parsed = JSON.parse(body.toString('utf8')) as { external_order_id?: unknown };
      return typeof parsed.external_order_id === 'string'
        ? `${merchantId}\n${parsed.external_order_id}`
        : null;
    } catch {
      return null;
    }
  };

  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const item = {
        timer: setTimeout(() => {
          delays.delete(item);
          resolve();
        }, ms),
        resolve,
      };
      delays.add(item);
    });

  const available = (operator: CatalogueOperator): boolean => !core.unavailableOperators.has(operator.key);

  const logoUrl = (origin: string, operator: CatalogueOperator): string =>
    operator.hasLogo ? `${origin}/static/logos/${operator.key.toLowerCase()}.svg` : '';

  const operatorRecord = (operator: CatalogueOperator, origin: string) => {
    const facts = operatorFacts(operator);
    const country = countryByCode.get(operator.country);
    return {
      operator_key: operator.key,
      name: operator.name,
      country: operator.country,
      country_name: country?.name ?? '',
      logo_url: logoUrl(origin, operator),
      subtypes: facts.subtypes,
      amount_model: facts.amountModel,
      currency_codes: facts.currencyCodes,
      amounts: operator.amounts.map((a) => ({ ...a })),
      offer_count: operator.amounts.length,
    };
  };

  const priceInputs = (account: AccountState) => ({
    walletCurrency: account.defaultCurrency,
    markupPercent: core.pricing.markupPercent,
    fxOverrides: core.pricing.fxOverrides,
  });

  // ---- recharge validation shared by quote and order ----

  interface Resolved {
    country: CatalogueCountry;
    operator: CatalogueOperator;
    subtype: Subtype;
    amount: MoneyValue;
    currency: string;
    price: string;
  }

  const amountMessage = (reason: string): string => {
    switch (reason) {
      case 'not_a_string':
        return 'Send the amount as a decimal string, for example "500.0000".';
      case 'too_many_decimals':
        return 'Ensure that there are no more than 4 decimal places.';
      case 'zero':
        return 'Ensure this value is greater than 0.';
      default:
        return 'A valid number is required.';
    }
  };

  /** Field checks first (all at once, like a form), then what the catalogue sells. */
  const resolveRecharge = (
    body: Record<string, unknown>,
    account: AccountState,
    mode: 'quote' | 'order',
  ): Resolved | Reply => {
    const errors: FieldErrors = {};
    const text = (name: string, required: boolean): string | undefined => {
      const value = body[name];
      if (value === undefined || value === null || value === '') {
        if (required) errors[name] = [REQUIRED];
        return undefined;
      }
      if (typeof value !== 'string') {
        errors[name] = ['Not a valid string.'];
        return undefined;
      }
      return value;
    };
    const countryCode = text('country', true);
    const operatorKey = text('operator_key', true);
    const currencyText = text('local_currency', mode === 'order');
    const subtypeText = text('subtype', mode === 'order');
    let amount: MoneyValue | undefined;
    if (body.amount === undefined || body.amount === null || body.amount === '') errors.amount = [REQUIRED];
    else {
      const parsed = parseAmount(body.amount);
      if (parsed.ok) amount = parsed.value;
      else errors.amount = [amountMessage(parsed.reason)];
    }
    if (currencyText !== undefined && !/^[A-Z]{3}$/.test(currencyText))
      errors.local_currency = ['Enter a 3-letter ISO 4217 currency code, for example "NGN".'];
    if (subtypeText !== undefined && !SUBTYPES.includes(subtypeText as Subtype))
      errors.subtype = [`"${subtypeText}" is not a valid choice.`];
    if (mode === 'order') {
      const accountText = text('account', true);
      if (accountText !== undefined && !/^[0-9]{6,15}$/.test(accountText))
        errors.account = [
          'Enter the phone number as digits only, with the country code, no plus sign or spaces.',
        ];
    }
    if (Object.keys(errors).length > 0) return fieldError(errors);
    if (countryCode === undefined || operatorKey === undefined || amount === undefined)
      return fieldError(errors);

    const country = countryByCode.get(countryCode);
    if (!country) return detail(400, `Country "${countryCode}" is not available.`);
    const operator = operatorByKey.get(operatorKey);
    if (!operator || operator.country !== country.code || !available(operator))
      return detail(400, `Operator "${operatorKey}" is not available in ${country.name}.`);
    const subtype = (subtypeText ?? 'airtime') as Subtype;
    const offers = operator.amounts.filter((a) => a.subtype === subtype);
    if (offers.length === 0) return detail(400, `${operator.name} does not sell ${subtype}.`);
    const currency = currencyText ?? offers[0]?.currency ?? '';
    if (!offers.some((a) => a.currency === currency))
      return detail(400, `${operator.name} does not sell ${subtype} in ${currency}.`);
    const option = findAmountOption(operator, subtype, currency, amount);
    if (!option.ok)
      return option.key === 'amount' ? fieldError({ amount: [option.message] }) : detail(400, option.message);

    if (mode === 'order') {
      const phone = parsePhoneNumberFromString(`+${String(body.account)}`);
      const type = phone?.getType();
      if (
        !phone ||
        !phone.isValid() ||
        phone.country !== country.code ||
        (type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE')
      )
        return fieldError({
          account: [
            `Enter a valid ${country.name} mobile number with the country code ${country.callingCode}.`,
          ],
        });
    }
    const price = merchantPrice(operator, amount, currency, priceInputs(account));
    return { country, operator, subtype, amount, currency, price };
  };

  const isReply = (value: Resolved | Reply): value is Reply => 'kind' in value;

  // ---- handlers ----

  const getAccount: Handler = ({ account }) =>
    json(200, {
      merchant_id: account.merchantId,
      name: account.name,
      default_currency: account.defaultCurrency,
      api_access_enabled: account.apiAccessEnabled,
      environment: 'sandbox',
    });

  const listCountries: Handler = () => {
    const results = COUNTRIES.map((country) => {
      const operators = OPERATORS.filter((o) => o.country === country.code && available(o));
      return {
        code: country.code,
        name: country.name,
        currency_codes: [...new Set(operators.flatMap((o) => o.amounts.map((a) => a.currency)))],
        operator_count: operators.length,
        offer_count: operators.reduce((sum, o) => sum + o.amounts.length, 0),
      };
    }).filter((c) => c.operator_count > 0);
    return json(200, { count: results.length, results });
  };

  const listOperators: Handler = ({ url, origin }) => {
    const code = url.searchParams.get('country');
    if (code === null || code === '') return fieldError({ country: ['This query parameter is required.'] });
    if (!/^[A-Z]{2}$/.test(code))
      return fieldError({ country: ['Enter a valid ISO 3166-1 alpha-2 country code.'] });
    if (!countryByCode.has(code)) return fieldError({ country: [`Country "${code}" is not available.`] });
    const search = (url.searchParams.get('search') ?? '').trim().toLowerCase();
    const results = OPERATORS.filter(
      (o) => o.country === code && available(o) && (search === '' || o.name.toLowerCase().includes(search)),
    ).map((o) => operatorRecord(o, origin));
    return json(200, { count: results.length, results });
  };

  /** A still valid earlier quote for the same recharge at the same price (the duplicate-token fault). */
  const sameQuote = (fields: Omit<QuotePayload, 'nonce' | 'issuedAt'>): QuoteRecord | undefined => {
    const now = core.clock.now();
    for (let i = core.quoteLog.length - 1; i >= 0; i--) {
      const q = core.quoteLog[i]!;
      if (q.expiresAt <= now) continue;
      const p = q.payload;
      if (
        p.merchantId === fields.merchantId &&
        p.country === fields.country &&
        p.operatorKey === fields.operatorKey &&
        p.subtype === fields.subtype &&
        p.amount === fields.amount &&
        p.currency === fields.currency &&
        p.price === fields.price &&
        p.walletCurrency === fields.walletCurrency
      )
        return q;
    }
    return undefined;
  };

  const quote: Handler = ({ json: body, account, origin, method, path }) => {
    const resolved = resolveRecharge(body, account, 'quote');
    if (isReply(resolved)) return resolved;
    const fields = {
      merchantId: account.merchantId,
      country: resolved.country.code,
      operatorKey: resolved.operator.key,
      subtype: resolved.subtype,
      amount: money(resolved.amount),
      currency: resolved.currency,
      price: resolved.price,
      walletCurrency: account.defaultCurrency,
    };
    const earlier = sameQuote(fields);
    const duplicate =
      earlier === undefined ? undefined : core.faults.take(['duplicate_quote_token'], method, path);
    const issued =
      earlier !== undefined && duplicate !== undefined
        ? { token: earlier.token, payload: earlier.payload }
        : core.quotes.issue({ ...fields, issuedAt: core.clock.now() });
    const expiresAt = issued.payload.issuedAt + QUOTE_TTL_SECONDS * 1000;
    core.quoteLog.push({ token: issued.token, payload: issued.payload, expiresAt });
    return json(200, {
      country: resolved.country.code,
      country_name: resolved.country.name,
      operator: {
        operator_key: resolved.operator.key,
        name: resolved.operator.name,
        logo_url: logoUrl(origin, resolved.operator),
      },
      subtype: resolved.subtype,
      local_amount: money(resolved.amount),
      local_currency: resolved.currency,
      merchant_price: resolved.price,
      merchant_currency: account.defaultCurrency,
      expires_at: timestamp(expiresAt, 0, '+00:00'),
      quote_token: issued.token,
    });
  };

  // The currency is part of the recharge: 5 USD and 5 HTG at a Haitian operator are different top-ups.
  const sameRecharge = (order: SandboxOrder, body: Record<string, unknown>): boolean => {
    const amount = parseAmount(body.amount);
    return (
      body.country === order.country &&
      body.operator_key === order.operatorKey &&
      body.subtype === order.subtype &&
      body.local_currency === order.localCurrency &&
      body.account === order.account &&
      amount.ok &&
      amount.value.eq(order.localAmount)
    );
  };

  const externalIdError = (value: unknown): string | undefined => {
    if (value === undefined || value === null || value === '') return REQUIRED;
    if (typeof value !== 'string') return 'Not a valid string.';
    if (value.length > 120) return 'Ensure this field has no more than 120 characters.';
    if (!EXTERNAL_ID.test(value)) return 'Use only letters, digits, hyphen, underscore and period.';
    return undefined;
  };

  const createOrder: Handler = ({ json: body, account, origin, entry }) => {
    const externalError = externalIdError(body.external_order_id);
    if (externalError) return fieldError({ external_order_id: [externalError] });
    const externalOrderId = body.external_order_id as string;
    entry.externalOrderId = externalOrderId;

    // A slow first request holds the number (late_answer fault): a resend racing it is refused, as a
    // uniqueness check on a row not yet committed would refuse it.
    if (heldNumbers.has(`${account.merchantId}\n${externalOrderId}`))
      return fieldError({
        external_order_id: ['This merchant order number is already used for another order.'],
      });
    // A repeat is recognised before the quote is checked: an expired token still finds the first order.
    const existing = core.orders.byExternalId(account.merchantId, externalOrderId);
    if (existing) {
      if (!sameRecharge(existing, body))
        return fieldError({
          external_order_id: ['This merchant order number is already used for another order.'],
        });
      entry.orderId = existing.orderId;
      return json(200, {
        idempotent_replay: true,
        order: orderView(existing, core.orders, origin, 'create'),
      });
    }

    const resolved = resolveRecharge(body, account, 'order');
    if (isReply(resolved)) return resolved;

    const token = body.quote_token;
    if (token === undefined || token === null || token === '')
      return quoteTokenError('quote_required', 'A quote token is required; ask for a quote first.');
    const read = typeof token === 'string' ? core.quotes.read(token) : ({ ok: false } as const);
    if (!read.ok) return quoteTokenError('quote_invalid', 'The quote token is not valid.');
    const q = read.payload;
    if (
      q.merchantId !== account.merchantId ||
      q.country !== resolved.country.code ||
      q.operatorKey !== resolved.operator.key ||
      q.subtype !== resolved.subtype ||
      q.currency !== resolved.currency ||
      !new Money(q.amount).eq(resolved.amount)
    )
      return quoteTokenError('quote_invalid', 'The quote token was issued for a different recharge.');
    if (core.clock.now() - q.issuedAt > QUOTE_TTL_SECONDS * 1000)
      return quoteTokenError('quote_expired', 'The quote has expired; ask for a new quote.');
    if (account.singleUseQuotes && core.orders.list(account.merchantId).some((o) => o.quoteToken === token))
      return quoteTokenError('quote_invalid', 'The quote token was already used for an order.');
    if (q.price !== resolved.price || q.walletCurrency !== account.defaultCurrency)
      return quoteTokenError('price_changed', 'The price changed since the quote; ask for a new quote.');

    if (!account.walletActive) return fieldError({ wallet: ['This account has no active wallet.'] });
    if (account.riskBlock)
      return fieldError({ risk: ['Orders are on hold for this account by a risk rule.'] });
    if (new Money(resolved.price).gt(account.riskMaxOrderPrice))
      return fieldError({
        risk: [
          `This order exceeds the per-order limit of ${money(account.riskMaxOrderPrice)} ${account.defaultCurrency}.`,
        ],
      });
    if (account.balance.lt(resolved.price))
      return fieldError({ balance: ['Insufficient available balance.'] });

    const order = core.orders.create(account, {
      merchantId: account.merchantId,
      externalOrderId,
      country: resolved.country.code,
      countryName: resolved.country.name,
      operatorKey: resolved.operator.key,
      operatorName: resolved.operator.name,
      hasLogo: resolved.operator.hasLogo,
      subtype: resolved.subtype,
      account: body.account as string,
      localAmount: money(resolved.amount),
      localCurrency: resolved.currency,
      merchantPrice: resolved.price,
      merchantCurrency: account.defaultCurrency,
      quoteToken: token as string,
      outcome: outcomeForAccount(body.account as string),
    });
    entry.orderId = order.orderId;
    return json(201, { idempotent_replay: false, order: orderView(order, core.orders, origin, 'create') });
  };

  const readOrder: Handler = ({ params, account, origin }) => {
    const order = core.orders.get(params[0] ?? '');
    if (!order || order.merchantId !== account.merchantId) return detail(404, 'Not found.');
    return json(200, orderView(order, core.orders, origin, 'read'));
  };

  const paging = (
    url: URL,
    defaultLimit: number,
    maxLimit: number,
  ): { limit: number; offset: number } | Reply => {
    const errors: FieldErrors = {};
    const read = (name: string, fallback: number): number => {
      const raw = url.searchParams.get(name);
      if (raw === null || raw === '') return fallback;
      if (!/^[0-9]{1,9}$/.test(raw)) {
        errors[name] = ['A valid non-negative integer is required.'];
        return fallback;
      }
      return Number(raw);
    };
    const limit = Math.min(read('limit', defaultLimit), maxLimit);
    const offset = read('offset', 0);
    return Object.keys(errors).length > 0 ? fieldError(errors) : { limit, offset };
  };

  const listOrders: Handler = ({ url, account, origin }) => {
    const page = paging(url, 20, 100);
    if ('kind' in page) return page;
    const status = url.searchParams.get('status');
    const search = (url.searchParams.get('search') ?? '').trim().toLowerCase();
    const matches = core.orders
      .list(account.merchantId)
      .filter(
        (o) =>
          (!status || o.status === status) &&
          (search === '' ||
            o.orderId.toLowerCase().includes(search) ||
            o.externalOrderId.toLowerCase().includes(search) ||
            o.operatorName.toLowerCase().includes(search)),
      );
    return json(200, {
      count: matches.length,
      limit: page.limit,
      results: matches
        .slice(page.offset, page.offset + page.limit)
        .map((o) => orderView(o, core.orders, origin, 'read')),
    });
  };

  // The gift card side: this sandbox sells no gift cards, but the paths behave as the spec says.
  const listSkus: Handler = ({ url }) => {
    const page = paging(url, 100, 500);
    if ('kind' in page) return page;
    return json(200, { count: 0, limit: page.limit, results: [], filter_options: {} });
  };

  const createGiftOrder: Handler = ({ json: body, account }) => {
    const externalError = externalIdError(body.external_order_id);
    if (externalError) return fieldError({ external_order_id: [externalError] });
    if (core.orders.byExternalId(account.merchantId, body.external_order_id as string))
      return fieldError({
        external_order_id: ['This merchant order number is already used for another order.'],
      });
    const items = body.items;
    if (!Array.isArray(items) || items.length === 0)
      return fieldError({ items: ['At least one order line is required.'] });
    return json(400, {
      items: items.map((line: unknown) => {
        const errors: FieldErrors = {};
        const l = (typeof line === 'object' && line !== null ? line : {}) as Record<string, unknown>;
        if (typeof l.sku_id !== 'string' || l.sku_id === '') errors.sku_id = [REQUIRED];
        else errors.sku_id = [`SKU "${l.sku_id}" is not available.`];
        if (!Number.isInteger(l.quantity) || (l.quantity as number) < 1)
          errors.quantity = ['Ensure this value is greater than or equal to 1.'];
        if (typeof l.expected_unit_price !== 'string') errors.expected_unit_price = [REQUIRED];
        return errors;
      }),
    });
  };

  const readGiftOrder: Handler = () => detail(404, 'Not found.');

  const PORTAL = 'This endpoint is available in the Portal only; it cannot be used with an API key.';
  const routes: Route[] = [
    { pattern: /^\/api\/v1\/account$/, methods: { GET: getAccount } },
    { pattern: /^\/api\/v1\/skus$/, methods: { GET: listSkus } },
    { pattern: /^\/api\/v1\/orders$/, methods: { POST: createGiftOrder }, signed: ['POST'] },
    { pattern: /^\/api\/v1\/orders\/([^/]+)$/, methods: { GET: readGiftOrder } },
    { pattern: /^\/api\/v1\/recharge\/countries$/, methods: { GET: listCountries } },
    { pattern: /^\/api\/v1\/recharge\/operators$/, methods: { GET: listOperators } },
    { pattern: /^\/api\/v1\/recharge\/quote$/, methods: { POST: quote }, signed: ['POST'] },
    {
      pattern: /^\/api\/v1\/recharge\/orders$/,
      methods: { GET: listOrders, POST: createOrder },
      signed: ['POST'],
    },
    { pattern: /^\/api\/v1\/recharge\/orders\/([^/]+)$/, methods: { GET: readOrder } },
    // Portal-only paths: a key gets 403 whatever the method.
    { pattern: /^\/api\/v1\/orders\/[^/]+\/(invoice|delivery-file)$/, methods: {}, portalOnly: true },
    {
      pattern: /^\/api\/v1\/account\/(api-keys|allowlist|webhooks|users)(\/[^/]+)?$/,
      methods: {},
      portalOnly: true,
    },
    { pattern: /^\/api\/v1\/wallet\/(transactions|funds)$/, methods: {}, portalOnly: true },
  ];

  const route = (
    req: IncomingMessage,
    url: URL,
    method: string,
    path: string,
    body: Buffer,
    entry: RequestEntry,
  ): Reply => {
    let found: { route: Route; params: string[] } | undefined;
    for (const candidate of routes) {
      const match = candidate.pattern.exec(path);
      if (match) {
        found = { route: candidate, params: match.slice(1).map((p) => safeDecode(p)) };
        break;
      }
    }
    if (!found) return notFoundHtml();
    const auth = authenticate(req.headers, req.socket.remoteAddress, core.accounts);
    if (!auth.ok) return detail(403, auth.detail);
    if (found.route.portalOnly) return detail(403, PORTAL);
    const handler = found.route.methods[method];
    if (!handler) {
      return detail(405, `Method "${method}" not allowed.`, {
        allow: Object.keys(found.route.methods).join(', '),
      });
    }
    let parsed: Record<string, unknown> = {};
    if (method === 'POST') {
      if (found.route.signed?.includes(method)) {
        const check = verifySigned(auth.account, req.headers, path, body, core.clock.wallNow());
        if (!check.ok) return detail(403, check.detail);
      }
      const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
      if (type !== 'application/json')
        return detail(400, `Unsupported media type "${type ?? ''}" in request; send application/json.`);
      const result = parseJsonObject(body);
      if (!result.ok) return detail(400, result.message);
      parsed = result.value;
    }
    return handler({
      req,
      url,
      method,
      path,
      body,
      json: parsed,
      account: auth.account,
      params: found.params,
      origin: originOf(req),
      entry,
    });
  };

  const finish = (res: ServerResponse, entry: RequestEntry, reply: Reply, startedAt: number): void => {
    entry.status = reply.status;
    const retryAfter = reply.headers?.['retry-after'];
    if (retryAfter !== undefined) entry.retryAfter = Number(retryAfter);
    entry.durationMs = core.clock.wallNow() - startedAt;
    // A client that gave up (aborted its call) never reads this answer, nor its Retry-After.
    if (res.destroyed) entry.outcome = 'abandoned';
    send(res, reply);
  };

  const faultReply = (rule: FaultRule): Reply =>
    rule.html ? proxyErrorHtml(rule.status) : detail(rule.status, 'The service is temporarily unavailable.');

  return {
    async handle(req, res) {
      const startedAt = core.clock.wallNow();
      const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
      const method = (req.method ?? 'GET').toUpperCase();
      const path = url.pathname;
      const merchantHeader = req.headers['x-merchant-id'];
      const named = typeof merchantHeader === 'string' ? core.accounts.get(merchantHeader) : undefined;
      const entry = core.requestLog.start(method, path, url.search, named?.merchantId ?? null, startedAt);
      // Every request counts against the named account's minute, rejected ones too.
      const rate = named ? core.rateLimiter.hit(named.merchantId, named.rateLimitPerMinute) : undefined;

      let body: Buffer;
      try {
        body = await readBody(req, MAX_BODY_BYTES);
      } catch (error) {
        if (error instanceof BodyTooLargeError) {
          finish(res, entry, detail(400, 'Request body too large.'), startedAt);
          req.resume();
          return;
        }
        entry.outcome = 'reset';
        return;
      }

      const delay = core.faults.take(['latency'], method, path, 'before');
      if (delay) {
        entry.fault = 'latency';
        await sleep(delay.latencyMs);
      }
      const early = core.faults.take(['reset', 'error', 'rate_limit'], method, path, 'before');
      if (early) {
        entry.fault = early.kind;
        switch (early.kind) {
          case 'reset':
            entry.outcome = 'reset';
            req.socket.resetAndDestroy();
            return;
          case 'rate_limit':
            finish(
              res,
              entry,
              detail(429, `Request was throttled. Expected available in ${early.retryAfter} seconds.`, {
                'retry-after': String(early.retryAfter),
              }),
              startedAt,
            );
            return;
          default:
            finish(res, entry, faultReply(early), startedAt);
            return;
        }
      }
      if (rate?.limited) {
        finish(
          res,
          entry,
          detail(429, `Request was throttled. Expected available in ${rate.retryAfter} seconds.`, {
            'retry-after': String(rate.retryAfter),
          }),
          startedAt,
        );
        return;
      }

      const lateAnswer = core.faults.take(['late_answer'], method, path);
      const heldKey = lateAnswer && named ? heldNumberKey(named.merchantId, body) : null;
      if (lateAnswer) {
        // The first answer comes after the client's time-out: the number is held while this request is slow,
        // then the order is committed and answered as usual (to a client that may have given up). Taken only
        // by a request past the early faults and the rate limit, so a held request is never a late 429.
        entry.fault = 'late_answer';
        if (heldKey !== null) heldNumbers.add(heldKey);
        try {
          await sleep(lateAnswer.latencyMs);
        } finally {
          if (heldKey !== null) heldNumbers.delete(heldKey);
        }
      }
      const reply = route(req, url, method, path, body, entry);

      const drop = core.faults.take(['drop_response'], method, path);
      if (drop) {
        // Committed (the order exists, the wallet is charged), but the client never hears back.
        entry.fault = 'drop_response';
        entry.outcome = 'dropped';
        entry.status = reply.status;
        req.socket.destroy();
        return;
      }
      const late = core.faults.take(['error'], method, path, 'after');
      if (late) {
        entry.fault = 'error_after_commit';
        finish(res, entry, faultReply(late), startedAt);
        return;
      }
      const garbled =
        reply.status >= 200 && reply.status <= 299 && reply.kind === 'json'
          ? core.faults.take(['garbled_answer'], method, path)
          : undefined;
      if (garbled && reply.kind === 'json') {
        // Committed, and the 2xx body is cut short: the client cannot read it.
        entry.fault = 'garbled_answer';
        const text = JSON.stringify(reply.body);
        finish(
          res,
          entry,
          {
            kind: 'raw',
            status: reply.status,
            contentType: 'application/json',
            text: text.slice(0, text.length >> 1),
          },
          startedAt,
        );
        return;
      }
      const lateDelay = core.faults.take(['latency'], method, path, 'after');
      if (lateDelay) {
        entry.fault = 'latency_after_commit';
        await sleep(lateDelay.latencyMs);
      }
      finish(res, entry, reply, startedAt);
    },
    cancelDelays() {
      for (const item of delays) {
        clearTimeout(item.timer);
        item.resolve();
      }
      delays.clear();
    },
  };
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
