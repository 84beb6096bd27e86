import { Decimal } from 'decimal.js';
import { isFinished } from '../domain/status.ts';
import { MerchantUnexpectedError } from './errors.ts';
import type {
  Account,
  AmountOption,
  Country,
  CreateOrderResult,
  OperatorRef,
  Operator,
  OrderAttempt,
  Page,
  Quote,
  RechargeOrder,
} from './types.ts';

/**
 * Parsers from the service's JSON to the typed records of types.ts. Unknown fields are ignored, unknown
 * statuses kept as text; anything that does not fit becomes a `MerchantUnexpectedError` naming the field
 * (never its value: it could be a phone number).
 */

type Json = Record<string, unknown>;

const MONEY_PATTERN = /^-?\d+(?:\.\d+)?$/;

/** Parses a money string such as "12.3400" into a Decimal; no exponent, spaces or floats accepted. */
export function parseMoney(text: string): Decimal {
  if (!MONEY_PATTERN.test(text)) throw new RangeError('not a decimal money string');
  return new Decimal(text);
}

/** Formats a Decimal the way the service writes money: fixed 4 decimal places. */
export function formatMoney(value: Decimal): string {
  return value.toFixed(4, Decimal.ROUND_HALF_UP);
}

const TIME_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:[.,](\d+))?(?:([Zz])|([+-])(\d{2}):?(\d{2}))$/;

/** Parses an ISO 8601 UTC time with `Z` or a `±hh:mm` offset and any number of fractional digits. */
export function parseTime(text: string): Date {
  const m = TIME_PATTERN.exec(text);
  if (!m) throw new RangeError('not an ISO 8601 time');
  const [, y, mo, d, h, mi, s, frac = '', zulu, sign, oh = '00', om = '00'] = m;
  const ms = Number(frac.padEnd(3, '0').slice(0, 3));
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) {
    throw new RangeError('time out of range');
  }
  let epoch = Date.UTC(Number(y), month - 1, day, hour, minute, second, ms);
  if (!zulu) {
    const offsetMinutes = Number(oh) * 60 + Number(om);
    epoch -= (sign === '-' ? -1 : 1) * offsetMinutes * 60_000;
  }
  const date = new Date(epoch);
  if (Number.isNaN(date.getTime())) throw new RangeError('time out of range');
  return date;
}

class Reader {
  readonly where: string;
  readonly obj: Json;

  constructor(value: unknown, where: string) {
    this.where = where;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw bad(`${where} is not an object`);
    }
    this.obj = value as Json;
  }

  private fail(key: string, what: string): never {
    throw bad(`${this.where}.${key} ${what}`);
  }

  has(key: string): boolean {
    return this.obj[key] !== undefined && this.obj[key] !== null;
  }

  str(key: string): string {
    const v = this.obj[key];
    if (typeof v !== 'string') this.fail(key, 'is missing or not a string');
    return v;
  }

  /** A display or optional text field: missing or null reads as ''. */
  text(key: string): string {
    const v = this.obj[key];
    if (v === undefined || v === null) return '';
    if (typeof v !== 'string') this.fail(key, 'is not a string');
    return v;
  }

  int(key: string, fallback?: number): number {
    const v = this.obj[key];
    if ((v === undefined || v === null) && fallback !== undefined) return fallback;
    if (typeof v !== 'number' || !Number.isInteger(v)) this.fail(key, 'is missing or not an integer');
    return v;
  }

  bool(key: string, fallback?: boolean): boolean {
    const v = this.obj[key];
    if ((v === undefined || v === null) && fallback !== undefined) return fallback;
    if (typeof v !== 'boolean') this.fail(key, 'is missing or not a boolean');
    return v;
  }

  money(key: string): Decimal {
    const v = this.obj[key];
    if (typeof v !== 'string') this.fail(key, 'is missing or not a money string');
    try {
      return parseMoney(v);
    } catch {
      this.fail(key, 'is not a decimal money string');
    }
  }

  time(key: string): Date {
    const v = this.obj[key];
    if (typeof v !== 'string') this.fail(key, 'is missing or not a time string');
    try {
      return parseTime(v);
    } catch {
      this.fail(key, 'is not an ISO 8601 time');
    }
  }

  timeOrNull(key: string): Date | null {
    const v = this.obj[key];
    if (v === undefined || v === null || v === '') return null;
    return this.time(key);
  }

  strings(key: string): string[] {
    const v = this.obj[key];
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v) || !v.every((e) => typeof e === 'string'))
      this.fail(key, 'is not a list of strings');
    return v as string[];
  }

  list<T>(key: string, item: (value: unknown, where: string) => T, required = true): T[] {
    const v = this.obj[key];
    if ((v === undefined || v === null) && !required) return [];
    if (!Array.isArray(v)) this.fail(key, 'is missing or not a list');
    return v.map((entry, i) => item(entry, `${this.where}.${key}[${i}]`));
  }

  child(key: string): Reader {
    return new Reader(this.obj[key], `${this.where}.${key}`);
  }
}

function bad(message: string): MerchantUnexpectedError {
  return new MerchantUnexpectedError(`Merchant API sent an unexpected body: ${message}`);
}

/** Parses the raw text of a success answer; a non-JSON body is an 'unexpected' error, not a crash. */
export function parseJsonBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw bad('the body is not JSON');
  }
}

/** Reads `GET /account`. */
export function parseAccount(value: unknown): Account {
  const r = new Reader(value, 'account');
  const defaultCurrency = r.str('default_currency');
  const apiAccessEnabled = r.bool('api_access_enabled');
  const raw = value as Record<string, unknown>;
  const balance = [raw['balance'], raw['wallet_balance']].find(
    (v): v is string => typeof v === 'string' && /^-?\d{1,20}(?:\.\d{1,20})?$/.test(v),
  );
  return { defaultCurrency, apiAccessEnabled, ...(balance === undefined ? {} : { balance }) };
}

/** Reads one recharge country. */
export function parseCountry(value: unknown, where = 'country'): Country {
  const r = new Reader(value, where);
  return {
    code: r.str('code'),
    name: r.text('name'),
    currencyCodes: r.strings('currency_codes'),
    operatorCount: r.int('operator_count', 0),
    offerCount: r.int('offer_count', 0),
  };
}

function parseAmountOption(value: unknown, where: string): AmountOption {
  const r = new Reader(value, where);
  const min = r.money('min');
  const max = r.has('max') ? r.money('max') : min;
  return { min, max, currency: r.str('currency'), subtype: r.text('subtype'), label: r.text('label') };
}

/** Reads one recharge operator. */
export function parseOperator(value: unknown, where = 'operator'): Operator {
  const r = new Reader(value, where);
  return {
    operatorKey: r.str('operator_key'),
    name: r.text('name'),
    country: r.text('country'),
    countryName: r.text('country_name'),
    logoUrl: r.text('logo_url'),
    subtypes: r.strings('subtypes'),
    amountModel: r.text('amount_model'),
    currencyCodes: r.strings('currency_codes'),
    amounts: r.list('amounts', parseAmountOption, false),
    offerCount: r.int('offer_count', 0),
  };
}

function parseOperatorRef(value: unknown, where: string): OperatorRef {
  const r = new Reader(value, where);
  return { operatorKey: r.str('operator_key'), name: r.text('name'), logoUrl: r.text('logo_url') };
}

/** Reads the answer of `POST /recharge/quote`. */
export function parseQuote(value: unknown): Quote {
  const r = new Reader(value, 'quote');
  return {
    country: r.str('country'),
    countryName: r.text('country_name'),
    operator: parseOperatorRef(r.obj['operator'], 'quote.operator'),
    subtype: r.text('subtype'),
    localAmount: r.money('local_amount'),
    localCurrency: r.str('local_currency'),
    merchantPrice: r.money('merchant_price'),
    merchantCurrency: r.str('merchant_currency'),
    expiresAt: r.time('expires_at'),
    quoteToken: r.str('quote_token'),
  };
}

function parseAttempt(value: unknown, where: string): OrderAttempt {
  const r = new Reader(value, where);
  return {
    attemptNo: r.int('attempt_no', 0),
    status: r.text('status'),
    errorMessage: r.text('error_message'),
    submittedAt: r.timeOrNull('submitted_at'),
    completedAt: r.timeOrNull('completed_at'),
  };
}

/** Reads a recharge order (top level of a read, or `order` of a create answer). */
export function parseOrder(value: unknown, where = 'order'): RechargeOrder {
  const r = new Reader(value, where);
  const status = r.has('status') ? r.str('status') : r.str('order_status');
  const pollAfter = r.obj['poll_after_seconds'];
  return {
    orderId: r.str('order_id'),
    externalOrderId: r.str('external_order_id'),
    status,
    statusTitle: r.text('status_title'),
    statusMessage: r.text('status_message'),
    nextStep: r.text('next_step'),
    // A missing hint on an unfinished order must not read as "finished" (0).
    pollAfterSeconds:
      typeof pollAfter === 'number' && Number.isFinite(pollAfter) && pollAfter >= 0
        ? Math.ceil(pollAfter)
        : isFinished(status)
          ? 0
          : 30,
    country: r.text('country'),
    operator: r.has('operator')
      ? parseOperatorRef(r.obj['operator'], `${where}.operator`)
      : { operatorKey: '', name: '', logoUrl: '' },
    subtype: r.text('subtype'),
    account: r.text('account'),
    localAmount: r.money('local_amount'),
    localCurrency: r.text('local_currency'),
    merchantPrice: r.money('merchant_price'),
    merchantCurrency: r.text('merchant_currency'),
    attempts: r.list('attempts', parseAttempt, false),
    createdAt: r.timeOrNull('created_at'),
    updatedAt: r.timeOrNull('updated_at'),
  };
}

/** Reads the answer of `POST /recharge/orders` (201 new, 200 replay). */
export function parseCreateOrder(value: unknown, httpStatus: number): CreateOrderResult {
  const r = new Reader(value, 'create-order');
  return {
    httpStatus,
    idempotentReplay: r.bool('idempotent_replay', httpStatus === 200),
    order: parseOrder(r.obj['order'], 'create-order.order'),
  };
}

/** Reads a `count`/`results` list; `limit` defaults to the number of results when absent. */
export function parsePage<T>(
  value: unknown,
  item: (value: unknown, where: string) => T,
  where: string,
): Page<T> {
  const r = new Reader(value, where);
  const results = r.list('results', item);
  return { count: r.int('count', results.length), limit: r.int('limit', results.length), results };
}
