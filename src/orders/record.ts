import type { StoredOrder } from './types.ts';

/**
 * The stored form of an order (the `data` field of its hash), kept small: short field names, no field stored
 * twice (the merchant order number, which names the record's key, the quote's subtype and currency when they match the request's, the chat
 * when it is the reseller's, `updatedAt` when it is the last status change), no empty texts or lists, and
 * times as epoch milliseconds (when the ISO text is exactly what Date gives back for them). The quote token (a few
 * hundred bytes) is kept only while the order may be sent again, during its placement; it reads back as ''.
 * Records written before this form (plain StoredOrder JSON, no `v`) still read as they are.
 */
const VERSION = 2;

/** Long name -> short name, for every field name of a StoredOrder at any depth; no short name is a long one. */
const SHORT: Record<string, string> = {
  externalOrderId: 'x',
  placement: 'pl',
  orderId: 'o',
  status: 's',
  rejection: 'rj',
  request: 'rq',
  quote: 'q',
  resellerId: 'r',
  chatId: 'c',
  locale: 'l',
  statusMessageId: 'm',
  details: 'd',
  history: 'h',
  createdAt: 'ca',
  updatedAt: 'ua',
  syncedAt: 'sy',
  unansweredAt: 'un',
  answerUnreadable: 'ur',
  country: 'co',
  operatorKey: 'ok',
  amount: 'a',
  localCurrency: 'lc',
  subtype: 'st',
  account: 'ac',
  quoteToken: 'qt',
  countryName: 'cn',
  operatorName: 'on',
  localAmount: 'la',
  merchantPrice: 'mp',
  merchantCurrency: 'mc',
  resellerPrice: 'rp',
  expiresAt: 'ex',
  statusTitle: 'tt',
  statusMessage: 'sm',
  nextStep: 'ns',
  pollAfterSeconds: 'pa',
  maskedAccount: 'ma',
  attempts: 'at',
  attemptNo: 'an',
  errorMessage: 'em',
  submittedAt: 'sa',
  completedAt: 'ct',
  at: 't',
  source: 'so',
  key: 'k',
  code: 'cd',
  httpStatus: 'hs',
  message: 'me',
  holder: 'ho',
  figures: 'fg',
  credit: 'cr',
  currency: 'cu',
  day: 'dy',
  state: 'cs',
  foundBy: 'fb',
  above: 'ab',
  userId: 'u',
  price: 'p',
};
const LONG: Record<string, string> = Object.fromEntries(Object.entries(SHORT).map(([l, s]) => [s, l]));

/** Fields (long names) that hold an ISO time. */
const TIMES = new Set([
  'at',
  'createdAt',
  'updatedAt',
  'syncedAt',
  'unansweredAt',
  'expiresAt',
  'submittedAt',
  'completedAt',
]);

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** An ISO time as epoch ms when that gives the same text back, else the value as it is. */
function packTime(value: unknown): unknown {
  if (typeof value !== 'string' || !ISO.test(value)) return value;
  const ms = Date.parse(value);
  return Number.isFinite(ms) && new Date(ms).toISOString() === value ? ms : value;
}

function unpackTime(value: unknown): unknown {
  return typeof value === 'number' ? new Date(value).toISOString() : value;
}

/** Renames every field with `table`; `time` converts the fields named in TIMES (long names). */
function rename(value: unknown, table: Record<string, string>, time: (v: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => rename(item, table, time));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(value)) {
    const renamed = table[name] ?? name;
    const long = table === SHORT ? name : renamed;
    out[renamed] = TIMES.has(long) ? time(inner) : rename(inner, table, time);
  }
  return out;
}

/** Drops empty texts and empty lists from an object (one level). */
function withoutEmpty<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== '' && !(Array.isArray(v) && v.length === 0)),
  ) as Partial<T>;
}

/** The number, request, quote and chat of a stored order as the caller knows them (see encodeOrder). */
function expandOrder(rest: Partial<StoredOrder>, externalOrderId: string) {
  const request = { ...rest.request!, quoteToken: rest.request!.quoteToken ?? '', externalOrderId };
  const quote = {
    ...rest.quote!,
    subtype: rest.quote!.subtype ?? request.subtype,
    localCurrency: rest.quote!.localCurrency ?? request.localCurrency,
  };
  return { externalOrderId, request, quote, chatId: rest.chatId ?? rest.resellerId! };
}

/**
 * The stored text of an order: the version, no number (the key names it), the quote without the fields the request
 * has, the quote's token only while placing, no chat when it is the reseller's, no empty details.
 */
export function encodeOrder(order: StoredOrder): string {
  const { externalOrderId: _inTheKey, ...rest } = order;
  const { externalOrderId: _sameNumber, ...request } = order.request;
  if (order.placement !== 'placing') delete (request as Partial<typeof request>).quoteToken;
  const quote: Partial<StoredOrder['quote']> = { ...order.quote };
  if (quote.subtype === request.subtype) delete quote.subtype;
  if (quote.localCurrency === request.localCurrency) delete quote.localCurrency;
  const compact: Partial<StoredOrder> & { v: number } = {
    v: VERSION,
    ...rest,
    request: request as StoredOrder['request'],
    quote: quote as StoredOrder['quote'],
  };
  if (order.chatId === order.resellerId) delete compact.chatId;
  if (order.updatedAt === order.history.at(-1)?.at) delete compact.updatedAt;
  if (order.history.length === 0) delete compact.history;
  if (order.details) compact.details = withoutEmpty(order.details) as StoredOrder['details'];
  return JSON.stringify(rename(compact, SHORT, packTime));
}

/** An order from its stored text, in either form; `externalOrderId` is the one its key names. */
export function decodeOrder(text: string, externalOrderId: string): StoredOrder {
  const parsed = JSON.parse(text) as Record<string, unknown>;
  if (parsed.v !== VERSION) return parsed as unknown as StoredOrder;
  const { v: _version, ...rest } = rename(parsed, LONG, unpackTime) as Partial<StoredOrder> & { v: number };
  const history = rest.history ?? [];
  const details = rest.details && {
    ...rest.details,
    statusTitle: rest.details.statusTitle ?? '',
    statusMessage: rest.details.statusMessage ?? '',
    nextStep: rest.details.nextStep ?? '',
    maskedAccount: rest.details.maskedAccount ?? '',
    attempts: (rest.details.attempts ?? []).map((a) => ({ ...a, errorMessage: a.errorMessage ?? '' })),
  };
  return {
    ...rest,
    ...expandOrder(rest, externalOrderId),
    history,
    updatedAt: rest.updatedAt ?? history.at(-1)!.at,
    ...(details ? { details } : {}),
  } as StoredOrder;
}
