/**
 * Control API of the Merchant API sandbox: no auth, JSON in and out, under /_sandbox (apart from /api/v1,
 * so it never counts against the rate limit and never appears in the request log). The sandbox's own books:
 * full phone numbers are shown here. `?account=M…` picks another merchant where it makes sense (default: the
 * primary one).
 *
 *   GET    /_sandbox/state                   settings, wallet, counts, clocks, faults
 *   GET    /_sandbox/magic                   the magic phone-number endings
 *   GET    /_sandbox/wallet                  { currency, balance, active }
 *   POST   /_sandbox/wallet                  { active: false } deactivates the wallet (`wallet` error)
 *   POST   /_sandbox/wallet/topup            { amount: "100.0000" }
 *   GET    /_sandbox/ledger                  every debit, refund and top-up, amounts as strings, with totals
 *   POST   /_sandbox/account                 { api_access_enabled, allowlist: [CIDR…], risk_block,
 *                                              risk_max_order_price, rate_limit_per_minute, default_currency,
 *                                              single_use_quotes (a token places one order, then quote_invalid) }
 *   GET    /_sandbox/orders                  ?status= &search=<order id, order number or phone> newest first,
 *                                              full account numbers, plan and history
 *   GET    /_sandbox/orders/{order_id}
 *   POST   /_sandbox/orders/{order_id}/outcome  { outcome: <magic outcome> } re-plans the rest of the order;
 *                                              { status: "succeeded" } moves it now through allowed steps (409 if not)
 *   POST   /_sandbox/orders/{order_id}/price    { merchant_price: "1.2345" } changes the order's recorded price
 *                                              (nothing is charged or refunded: a record that disagrees with ours)
 *   GET    /_sandbox/quotes                  every quote issued (token, fields, expiry, order placed with it)
 *   GET    /_sandbox/deliveries              ?order_id= &event= &state=  webhook messages, attempts, stored answers
 *   GET    /_sandbox/deliveries/{id}
 *   POST   /_sandbox/deliveries/{id}/resend  a new message (new delivery id), same body, freshly signed
 *   GET    /_sandbox/clock                   { wall, service, offset_seconds }
 *   POST   /_sandbox/clock/advance           { seconds } moves the service clock (quote expiry, due order steps
 *                                              and webhook retries run at once); signatures keep the wall clock
 *   GET    /_sandbox/faults                  active fault rules
 *   POST   /_sandbox/faults                  { kind: latency|error|reset|drop_response|rate_limit|late_answer|
 *                                              garbled_answer|webhook_lose|
 *                                              webhook_duplicate|webhook_delay, next: N | probability: p, path,
 *                                              method, latency_ms, jitter, status, body: html|json, retry_after,
 *                                              after_commit, copies }  -> the rule with its id
 *   DELETE /_sandbox/faults                  all rules off;  DELETE /_sandbox/faults/{id}: one
 *   GET    /_sandbox/requests                ?since=<seq> &path= every /api/v1 request (time, method, path,
 *                                              status, outcome, fault, retry_after) and per-minute counts
 *   GET    /_sandbox/webhooks                targets with their secrets
 *   POST   /_sandbox/webhooks                { targets: [{ url, secret? }] } replaces the targets
 *   POST   /_sandbox/prices                  { markup_percent: "2.5", fx: { "NGN": "1600" } } (price_changed)
 *   POST   /_sandbox/operators/{key}         { available: false } hides an operator (lists, quotes, orders)
 *   POST   /_sandbox/reset                   back to the start options: orders, books, logs, faults, clock
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AllowlistError, buildBlockList, ledgerView, type AccountState } from './accounts.ts';
import { FX_PER_USD, OPERATORS } from './catalogue.ts';
import type { SandboxCore } from './core.ts';
import { FaultSpecError, describeFault } from './faults.ts';
import { Money, money, parseAmount, timestamp } from './format.ts';
import {
  BodyTooLargeError,
  detail,
  json,
  originOf,
  parseJsonObject,
  readBody,
  send,
  type Reply,
} from './http.ts';
import { MAGIC_ENDINGS, isOutcome } from './magic.ts';
import { ORDER_STATUSES, TransitionError, orderControlView, type OrderStatus } from './orders.ts';
import { requestView } from './request-log.ts';
import { deliveryView } from './webhooks.ts';

export const CONTROL_PREFIX = '/_sandbox';

interface Ctx {
  url: URL;
  body: Record<string, unknown>;
  params: string[];
  origin: string;
  account: AccountState;
}

type Handler = (ctx: Ctx) => Reply;

const bad = (message: string): Reply => detail(400, message);

export function createControlHandler(core: SandboxCore) {
  const walletView = (account: AccountState) => ({
    merchant_id: account.merchantId,
    currency: account.defaultCurrency,
    balance: money(account.balance),
    active: account.walletActive,
  });

  const settingsView = (account: AccountState) => ({
    merchant_id: account.merchantId,
    default_currency: account.defaultCurrency,
    api_access_enabled: account.apiAccessEnabled,
    allowlist: account.allowlist,
    rate_limit_per_minute: account.rateLimitPerMinute,
    risk_block: account.riskBlock,
    risk_max_order_price: money(account.riskMaxOrderPrice),
    single_use_quotes: account.singleUseQuotes,
    webhook_targets: account.webhooks.map((t) => ({ id: t.id, url: t.url })),
  });

  const clockView = () => ({
    wall: timestamp(core.clock.wallNow()),
    service: timestamp(core.clock.now()),
    offset_seconds: core.clock.offsetMs() / 1000,
  });

  const findOrder = (ctx: Ctx) => {
    const order = core.orders.get(ctx.params[0] ?? '');
    return order && order.merchantId === ctx.account.merchantId ? order : undefined;
  };

  const handlers: Record<string, Handler> = {
    'GET state': ({ account }) =>
      json(200, {
        time_scale: core.timeScale,
        clock: clockView(),
        account: settingsView(account),
        wallet: walletView(account),
        accounts: [...core.accounts.keys()],
        orders: core.orders.list(account.merchantId).length,
        deliveries: core.webhooks.list().filter((d) => d.merchantId === account.merchantId).length,
        requests: core.requestLog.list().length,
        faults: core.faults.list().map(describeFault),
        pricing: {
          markup_percent: core.pricing.markupPercent.toString(),
          fx_overrides: Object.fromEntries(core.pricing.fxOverrides),
        },
        unavailable_operators: [...core.unavailableOperators],
      }),
    'GET magic': () => json(200, { results: MAGIC_ENDINGS }),
    'GET wallet': ({ account }) => json(200, walletView(account)),
    'POST wallet': ({ account, body }) => {
      if (typeof body.active !== 'boolean') return bad('active must be true or false');
      account.walletActive = body.active;
      return json(200, walletView(account));
    },
    'POST wallet/topup': ({ account, body }) => {
      const amount = parseAmount(body.amount);
      if (!amount.ok) return bad('amount must be a positive decimal string with at most 4 decimals');
      const entry = core.ledger.post(account, 'topup', money(amount.value), core.clock.now());
      return json(200, { ...walletView(account), entry: ledgerView(entry) });
    },
    'GET ledger': ({ account }) => {
      const totals = { debit: new Money(0), refund: new Money(0), topup: new Money(0) };
      for (const entry of account.ledger) totals[entry.kind] = totals[entry.kind].plus(entry.amount);
      return json(200, {
        ...walletView(account),
        count: account.ledger.length,
        totals: { debits: money(totals.debit), refunds: money(totals.refund), topups: money(totals.topup) },
        results: account.ledger.map(ledgerView),
      });
    },
    'POST account': ({ account, body }) => {
      if (body.api_access_enabled !== undefined) {
        if (typeof body.api_access_enabled !== 'boolean') return bad('api_access_enabled must be a boolean');
        account.apiAccessEnabled = body.api_access_enabled;
      }
      if (body.allowlist !== undefined) {
        if (!Array.isArray(body.allowlist)) return bad('allowlist must be an array of CIDR strings');
        try {
          account.blockList = buildBlockList(body.allowlist as string[]);
        } catch (error) {
          if (error instanceof AllowlistError) return bad(error.message);
          throw error;
        }
        account.allowlist = [...(body.allowlist as string[])];
      }
      if (body.risk_block !== undefined) {
        if (typeof body.risk_block !== 'boolean') return bad('risk_block must be a boolean');
        account.riskBlock = body.risk_block;
      }
      if (body.single_use_quotes !== undefined) {
        if (typeof body.single_use_quotes !== 'boolean') return bad('single_use_quotes must be a boolean');
        account.singleUseQuotes = body.single_use_quotes;
      }
      if (body.risk_max_order_price !== undefined) {
        const cap = parseAmount(body.risk_max_order_price);
        if (!cap.ok) return bad('risk_max_order_price must be a positive decimal string');
        account.riskMaxOrderPrice = cap.value;
      }
      if (body.rate_limit_per_minute !== undefined) {
        const limit = body.rate_limit_per_minute;
        if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1)
          return bad('rate_limit_per_minute must be a positive integer');
        account.rateLimitPerMinute = limit;
      }
      if (body.default_currency !== undefined) {
        if (typeof body.default_currency !== 'string' || FX_PER_USD[body.default_currency] === undefined)
          return bad(`default_currency must be one of ${Object.keys(FX_PER_USD).join(', ')}`);
        account.defaultCurrency = body.default_currency;
      }
      return json(200, settingsView(account));
    },
    'GET orders': ({ account, url, origin }) => {
      const status = url.searchParams.get('status');
      const search = url.searchParams.get('search');
      const results = core.orders
        .list(account.merchantId)
        .filter(
          (o) =>
            (!status || o.status === status) &&
            (!search || o.orderId === search || o.externalOrderId === search || o.account === search),
        )
        .map((o) => orderControlView(o, core.orders, origin));
      return json(200, { count: results.length, results });
    },
    'GET orders/:id': (ctx) => {
      const order = findOrder(ctx);
      return order
        ? json(200, orderControlView(order, core.orders, ctx.origin))
        : detail(404, 'No such order.');
    },
    'POST orders/:id/outcome': (ctx) => {
      const order = findOrder(ctx);
      if (!order) return detail(404, 'No such order.');
      const { outcome, status } = ctx.body;
      try {
        if (outcome !== undefined) {
          if (!isOutcome(outcome))
            return bad(`outcome must be one of ${MAGIC_ENDINGS.map((m) => m.outcome).join(', ')}`);
          core.orders.setOutcome(order, outcome);
        } else if (status !== undefined) {
          if (typeof status !== 'string' || !ORDER_STATUSES.includes(status as OrderStatus))
            return bad(`status must be one of ${ORDER_STATUSES.join(', ')}`);
          core.orders.moveTo(order, status as OrderStatus);
        } else {
          return bad('send { outcome } or { status }');
        }
      } catch (error) {
        if (error instanceof TransitionError) return detail(409, error.message);
        throw error;
      }
      return json(200, orderControlView(order, core.orders, ctx.origin));
    },
    'POST orders/:id/price': (ctx) => {
      const order = findOrder(ctx);
      if (!order) return detail(404, 'No such order.');
      const price = ctx.body.merchant_price;
      if (!parseAmount(price).ok) return bad('merchant_price must be a positive decimal string');
      order.merchantPrice = money(price as string);
      return json(200, orderControlView(order, core.orders, ctx.origin));
    },
    'GET quotes': ({ account }) => {
      const used = new Map(core.orders.list(account.merchantId).map((o) => [o.quoteToken, o.orderId]));
      const results = core.quoteLog
        .filter((q) => q.payload.merchantId === account.merchantId)
        .map((q) => ({
          quote_token: q.token,
          country: q.payload.country,
          operator_key: q.payload.operatorKey,
          subtype: q.payload.subtype,
          local_amount: q.payload.amount,
          local_currency: q.payload.currency,
          merchant_price: q.payload.price,
          merchant_currency: q.payload.walletCurrency,
          issued_at: timestamp(q.payload.issuedAt),
          expires_at: timestamp(q.expiresAt, 0, '+00:00'),
          order_id: used.get(q.token) ?? null,
        }));
      return json(200, { count: results.length, results });
    },
    'GET deliveries': ({ account, url }) => {
      const orderId = url.searchParams.get('order_id');
      const event = url.searchParams.get('event');
      const state = url.searchParams.get('state');
      const results = core.webhooks
        .list()
        .filter(
          (d) =>
            d.merchantId === account.merchantId &&
            (!orderId || d.orderId === orderId) &&
            (!event || d.event === event) &&
            (!state || d.state === state),
        )
        .map(deliveryView);
      return json(200, { count: results.length, results });
    },
    'GET deliveries/:id': ({ params }) => {
      const delivery = core.webhooks.get(params[0] ?? '');
      return delivery ? json(200, deliveryView(delivery)) : detail(404, 'No such delivery.');
    },
    'POST deliveries/:id/resend': ({ params }) => {
      const copy = core.webhooks.resend(params[0] ?? '');
      return copy ? json(201, deliveryView(copy)) : detail(404, 'No such delivery, or its target is gone.');
    },
    'GET clock': () => json(200, clockView()),
    'POST clock/advance': ({ body }) => {
      const seconds = body.seconds;
      if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0)
        return bad('seconds must be a non-negative number');
      core.clock.advance(seconds * 1000);
      core.scheduler.poke();
      return json(200, clockView());
    },
    'GET faults': () => json(200, { results: core.faults.list().map(describeFault) }),
    'POST faults': ({ body }) => {
      try {
        return json(201, describeFault(core.faults.add(body)));
      } catch (error) {
        if (error instanceof FaultSpecError) return bad(error.message);
        throw error;
      }
    },
    'DELETE faults': () => {
      core.faults.clear();
      return json(200, { results: [] });
    },
    'DELETE faults/:id': ({ params }) =>
      core.faults.remove(params[0] ?? '') ? json(200, { removed: params[0] }) : detail(404, 'No such fault.'),
    'GET requests': ({ url }) => {
      const since = Number(url.searchParams.get('since') ?? '0');
      const path = url.searchParams.get('path');
      const merchantId = url.searchParams.get('merchant_id');
      const entries = core.requestLog
        .list()
        .filter(
          (e) =>
            e.seq > (Number.isFinite(since) ? since : 0) &&
            (!path || e.path === path) &&
            (!merchantId || e.merchantId === merchantId),
        );
      const perMinute = new Map<number, number>();
      for (const e of entries) {
        const minute = Math.floor(e.at / 60_000) * 60_000;
        perMinute.set(minute, (perMinute.get(minute) ?? 0) + 1);
      }
      return json(200, {
        count: entries.length,
        results: entries.map(requestView),
        per_minute: [...perMinute].map(([minute, count]) => ({ minute: timestamp(minute), count })),
      });
    },
    'GET webhooks': ({ account }) => json(200, { targets: account.webhooks }),
    'POST webhooks': ({ account, body }) => {
      if (!Array.isArray(body.targets)) return bad('targets must be an array of { url, secret? }');
      for (const t of body.targets as unknown[]) {
        const target = t as Record<string, unknown>;
        if (typeof target !== 'object' || target === null || typeof target.url !== 'string')
          return bad('every target needs a url');
        if (target.secret !== undefined && (typeof target.secret !== 'string' || target.secret.length < 8))
          return bad('a secret must be a string of at least 8 characters');
      }
      try {
        account.webhooks = core.targetsFrom(body.targets as { url: string; secret?: string }[]);
      } catch (error) {
        return bad((error as Error).message);
      }
      return json(200, { targets: account.webhooks });
    },
    'POST prices': ({ body }) => {
      if (body.markup_percent !== undefined) {
        if (typeof body.markup_percent !== 'string' || !/^-?[0-9]+(\.[0-9]+)?$/.test(body.markup_percent))
          return bad('markup_percent must be a decimal string');
        core.pricing.markupPercent = new Money(body.markup_percent);
      }
      if (body.fx !== undefined) {
        if (typeof body.fx !== 'object' || body.fx === null)
          return bad('fx must be an object of currency: rate');
        for (const [code, rate] of Object.entries(body.fx as Record<string, unknown>)) {
          if (FX_PER_USD[code] === undefined) return bad(`unknown currency ${code}`);
          if (!parseAmount(rate).ok) return bad(`rate of ${code} must be a positive decimal string`);
          core.pricing.fxOverrides.set(code, rate as string);
        }
      }
      return json(200, {
        markup_percent: core.pricing.markupPercent.toString(),
        fx_overrides: Object.fromEntries(core.pricing.fxOverrides),
      });
    },
    'POST operators/:id': ({ params, body }) => {
      const key = params[0] ?? '';
      if (!OPERATORS.some((o) => o.key === key)) return detail(404, 'No such operator.');
      if (typeof body.available !== 'boolean') return bad('available must be a boolean');
      if (body.available) core.unavailableOperators.delete(key);
      else core.unavailableOperators.add(key);
      return json(200, { operator_key: key, available: body.available });
    },
    'POST reset': () => {
      core.reset();
      return json(200, { reset: true });
    },
  };

  const patterns = Object.keys(handlers).map((key) => {
    const [method = '', template = ''] = key.split(' ');
    const regex = new RegExp(`^${template.replace(/:id/g, '([^/]+)')}$`);
    return { method, template, regex, handler: handlers[key] as Handler };
  });

  const dispatch = async (req: IncomingMessage): Promise<Reply> => {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const rest = url.pathname.slice(CONTROL_PREFIX.length).replace(/^\/+/, '');
    const method = (req.method ?? 'GET').toUpperCase();
    const matching = patterns
      .map((p) => ({ p, match: p.regex.exec(rest) }))
      .filter((m): m is { p: (typeof patterns)[number]; match: RegExpExecArray } => m.match !== null);
    if (matching.length === 0) return detail(404, 'No such control route.');
    const hit = matching.find((m) => m.p.method === method);
    if (!hit)
      return detail(405, `Method "${method}" not allowed.`, {
        allow: matching.map((m) => m.p.method).join(', '),
      });
    let body: Record<string, unknown> = {};
    const raw = await readBody(req, 1024 * 1024);
    if (raw.length > 0) {
      const parsed = parseJsonObject(raw);
      if (!parsed.ok) return bad(parsed.message);
      body = parsed.value;
    }
    const account = core.account(url.searchParams.get('account'));
    if (!account) return detail(404, 'No such account.');
    return hit.p.handler({
      url,
      body,
      params: hit.match.slice(1).map((p) => decodeURIComponent(p)),
      origin: originOf(req),
      account,
    });
  };

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    let reply: Reply;
    try {
      reply = await dispatch(req);
    } catch (error) {
      reply =
        error instanceof BodyTooLargeError
          ? bad('body too large')
          : detail(500, `control API error: ${(error as Error).message}`);
    }
    send(res, reply);
  };
}
