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

/** Receipt profiles in Redis: `<prefix>receipt-profile:<user id>`, a hash of `shop` and `tz`. */
export class RedisReceiptProfiles {
  readonly #redis: Redis;
  readonly #prefix: string;

  constructor(deps: { redis: Redis; prefix: string }) {
    this.#redis = deps.redis;
    this.#prefix = `${deps.prefix}receipt-profile:`;
  }

  /** The reseller's profile; empty when they set nothing. */
  async get(userId: number): Promise<ReceiptProfile> {
    const [shop, tz] = await this.#redis.hmget(`${this.#prefix}${userId}`, 'shop', 'tz');
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

  async #set(userId: number, field: string, value: string | null): Promise<void> {
    const key = `${this.#prefix}${userId}`;
    if (value === null) await this.#redis.hdel(key, field);
    else await this.#redis.hset(key, field, value);
  }
}

/** The receipt profiles as features see them. */
export type ReceiptProfiles = Pick<RedisReceiptProfiles, keyof RedisReceiptProfiles>;
