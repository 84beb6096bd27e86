import { receiptKeys } from './keys.ts';
import type { Redis } from 'ioredis';

/**
 * What a reseller's receipts carry about the reseller: the shop name (`/shop`) and the time zone their times
 * are written in (`/timezone`). Kept in one small hash per reseller; features use this interface, never the key.
 */
export interface ReceiptProfile {
  shopName?: string;
  /** An IANA zone (`Africa/Lagos`) or `UTC`; absent means UTC. */
  timeZone?: string;
}

/** Most characters (code points) in a shop name: it must fit on one receipt line. */
export const SHOP_NAME_MAX = 40;
/** Longest time-zone name accepted (the longest IANA name is about 30). */
const TIME_ZONE_MAX = 64;

export type ShopNameResult =
  { ok: true; name: string } | { ok: false; reason: 'empty' | 'too-long' | 'control' };

/**
 * A shop name as typed: spaces trimmed and runs of spaces made one; refused when empty, longer than
 * SHOP_NAME_MAX, or holding control characters or direction overrides (they could disguise the receipt).
 */
export function parseShopName(input: string): ShopNameResult {
  const trimmed = input.trim();
  if (/[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069]/u.test(trimmed))
    return { ok: false, reason: 'control' };
  const name = trimmed.replace(/ {2,}/g, ' ');
  if (name === '') return { ok: false, reason: 'empty' };
  if ([...name].length > SHOP_NAME_MAX) return { ok: false, reason: 'too-long' };
  return { ok: true, name };
}

/** The canonical name of a time zone the runtime knows (`europe/paris` -> `Europe/Paris`), or null. */
export function parseTimeZone(input: string): string | null {
  const text = input.trim();
  if (text === '' || text.length > TIME_ZONE_MAX || !/^[A-Za-z0-9_+\-/]+$/.test(text)) return null;
  if (/^(utc|gmt|z)$/i.test(text)) return 'UTC';
  const known = Intl.supportedValuesOf('timeZone').find((zone) => zone.toLowerCase() === text.toLowerCase());
  if (known !== undefined) return known;
  // Current names the runtime's list still gives under an older one (Asia/Kolkata is listed as Asia/Calcutta,
  // Europe/Kyiv as Europe/Kiev) are accepted as the reseller typed them, each word capitalised.
  try {
    new Intl.DateTimeFormat('en', { timeZone: text });
  } catch {
    return null;
  }
  return text === text.toLowerCase()
    ? text.replace(/(^|[/_-])([a-z])/g, (_m, sep: string, letter: string) => sep + letter.toUpperCase())
    : text;
}

/** What the customer paid, as a reseller set it on one order's receipt (`/receipt <order> <price>`). */
export interface RetailPrice {
  /** A positive decimal with at most the currency's minor digits, as typed (`1050`, `2.5`). */
  amount: string;
  /** ISO 4217 code: the order's local currency unless the reseller named another. */
  currency: string;
}

/** Prices above this are refused as typing mistakes. */
const RETAIL_PRICE_MAX = 1_000_000_000;

/**
 * `<amount> [currency]` (`1050`, `1 050,50 NGN`, `2.50 usd`) as a retail price, the currency defaulting to
 * `defaultCurrency`; null when it is not a positive amount of at most the currency's minor digits or the code is
 * not a currency.
 */
export function parseRetailPrice(words: readonly string[], defaultCurrency: string): RetailPrice | null {
  if (words.length === 0 || words.length > 2) return null;
  const currency = (words[1] ?? defaultCurrency).toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency) || !Intl.supportedValuesOf('currency').includes(currency)) return null;
  const typed = words[0]!.replace(',', '.');
  if (!/^\d{1,10}(\.\d{1,4})?$/.test(typed)) return null;
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  const fraction = typed.split('.')[1] ?? '';
  if (fraction.length > digits) return null;
  const amount = typed.replace(/^0+(?=\d)/, '');
  if (/^[0.]+$/.test(amount) || Number(amount.split('.')[0]) >= RETAIL_PRICE_MAX) return null;
  return { amount, currency };
}

/** How long a retail price set on a receipt is kept (about as long as anyone asks for a receipt again). */
const RETAIL_PRICE_TTL_SECONDS = 400 * 86_400;

/** Receipt profiles (a hash of `shop` and `tz` per reseller) and the retail prices set on single receipts. */
export class RedisReceiptProfiles {
  readonly #redis: Redis;
  readonly #keys: ReturnType<typeof receiptKeys>;

  constructor(deps: { redis: Redis; prefix: string }) {
    this.#redis = deps.redis;
    this.#keys = receiptKeys(deps.prefix);
  }

  /** The reseller's profile; empty when they set nothing. */
  async get(userId: number): Promise<ReceiptProfile> {
    const [shop, tz] = await this.#redis.hmget(this.#keys.profile(userId), 'shop', 'tz');
    return { ...(shop ? { shopName: shop } : {}), ...(tz ? { timeZone: tz } : {}) };
  }

  /** Sets the shop name (already checked by parseShopName), or removes it with null. */
  async setShopName(userId: number, name: string | null): Promise<void> {
    await this.#set(userId, 'shop', name);
  }

  /** Sets the time zone (already checked by parseTimeZone), or removes it with null (UTC). */
  async setTimeZone(userId: number, zone: string | null): Promise<void> {
    await this.#set(userId, 'tz', zone);
  }

  /** The retail price set on the receipt of order `externalOrderId`, or null. */
  async retailPrice(externalOrderId: string): Promise<RetailPrice | null> {
    const text = await this.#redis.get(this.#keys.price(externalOrderId));
    const [amount, currency] = text?.split(' ') ?? [];
    return amount === undefined || currency === undefined ? null : { amount, currency };
  }

  /** Sets (already checked by parseRetailPrice) or removes the retail price on one order's receipt. */
  async setRetailPrice(externalOrderId: string, price: RetailPrice | null): Promise<void> {
    const key = this.#keys.price(externalOrderId);
    if (price === null) await this.#redis.del(key);
    else await this.#redis.set(key, `${price.amount} ${price.currency}`, 'EX', RETAIL_PRICE_TTL_SECONDS);
  }

  async #set(userId: number, field: string, value: string | null): Promise<void> {
    const key = this.#keys.profile(userId);
    if (value === null) await this.#redis.hdel(key, field);
    else await this.#redis.hset(key, field, value);
  }
}

/** The receipt profiles as features see them. */
export type ReceiptProfiles = Pick<RedisReceiptProfiles, keyof RedisReceiptProfiles>;
