import { merchantKeys } from './keys.ts';
import { randomBytes } from 'node:crypto';
import { Decimal } from 'decimal.js';
import type { Redis } from 'ioredis';
import type { LoggerLike } from '../domain/log.ts';
import { MerchantAbortedError, isMerchantError } from './errors.ts';
import type { CallOptions, CallPriority, Country, MerchantApi, Operator } from './types.ts';

/**
 * Countries and each country's operators, cached in Redis for every replica. A copy is "fresh" for `ttlSeconds`
 * (a separate key with a Redis expiry, so replica clocks do not matter) and is kept much longer to be served
 * stale. When it goes stale, the one replica that wins a Redis lock refreshes it in the background at
 * 'catalogue' priority (last in the line) while everyone keeps serving the cached copy; a failed refresh leaves the copy (and the
 * lock, as a back-off) in place. With no copy at all, the API is called directly.
 */

export interface CatalogueDeps {
  api: Pick<MerchantApi, 'listCountries' | 'listOperators'>;
  redis: Redis;
  /** REDIS_PREFIX. */
  prefix?: string;
  /** How long a copy is fresh; default 3 hours (CATALOGUE_TTL_SECONDS). */
  ttlSeconds?: number;
  /** Refresh lock lifetime; after a failed refresh, also the wait before the next try. */
  lockMs?: number;
  /**
   * How long this replica reuses a copy it read or loaded before reading Redis again (default 10 s; 0 turns it
   * off). A conversation replays its steps on every update; without it each update reads and parses the lists.
   */
  memoMs?: number;
  /** The clock for the memo (tests). */
  now?: () => number;
  logger?: LoggerLike;
}

export interface Catalogue {
  countries(options?: Pick<CallOptions, 'signal'>): Promise<Country[]>;
  operators(country: string, options?: Pick<CallOptions, 'signal'>): Promise<Operator[]>;
  /** Resolves when the background refreshes this instance started have ended (shutdown, tests). */
  idle(): Promise<void>;
}

const FORMAT = 1;
const MEMO_LIMIT = 512;

/** Freezes plain objects and arrays all the way down (Decimal values are immutable already). */
function deepFreeze<T>(value: T): T {
  if (Array.isArray(value)) {
    for (const item of value) deepFreeze(item);
    Object.freeze(value);
  } else if (
    value !== null &&
    typeof value === 'object' &&
    Object.getPrototypeOf(value) === Object.prototype
  ) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}

interface StoredOperator extends Omit<Operator, 'amounts'> {
  amounts: Array<Omit<Operator['amounts'][number], 'min' | 'max'> & { min: string; max: string }>;
}

function toStored(operators: Operator[]): StoredOperator[] {
  return operators.map((op) => ({
    ...op,
    // toFixed() without digits never uses exponent notation and loses nothing.
    amounts: op.amounts.map((a) => ({ ...a, min: a.min.toFixed(), max: a.max.toFixed() })),
  }));
}

function fromStored(operators: StoredOperator[]): Operator[] {
  return operators.map((op) => ({
    ...op,
    amounts: op.amounts.map((a) => ({ ...a, min: new Decimal(a.min), max: new Decimal(a.max) })),
  }));
}

/** Waits for a load shared by several callers; this caller's signal ends only its own wait. */
function waitShared<T>(shared: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return shared;
  const aborted = () =>
    new MerchantAbortedError('Merchant API call aborted while waiting for the catalogue', {
      mayHaveReached: false,
    });
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(aborted());
    signal.addEventListener('abort', onAbort, { once: true });
    shared.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

interface Entry<T> {
  name: string;
  key: string;
  load: (priority: CallPriority, signal: AbortSignal | undefined) => Promise<T>;
  encode: (value: T) => unknown;
  decode: (stored: unknown) => T;
}

/** The copies of one catalogue: Redis for every replica, a short memo for this one, and the refresh lock. */
interface CatalogueCopies {
  /** The copy of `entry` and whether it is fresh; undefined when there is none or it cannot be read. */
  read<T>(entry: Entry<T>): Promise<{ value: T; fresh: boolean } | undefined>;
  /** A copy this process read or saved within the memo's time, without asking Redis. */
  recent<T>(entry: Entry<T>): T | undefined;
  /** Stores `value` as the fresh copy of `entry`. */
  save<T>(entry: Entry<T>, value: T): Promise<void>;
  /** Takes the refresh lock of the copy at `key`: its token, or null when another holds it. */
  lock(key: string): Promise<string | null>;
  unlock(key: string, token: string): Promise<void>;
}

function createCatalogueCopies(deps: CatalogueDeps): CatalogueCopies {
  const { redis, logger } = deps;
  const ttlMs = Math.max(1, deps.ttlSeconds ?? 10_800) * 1000;
  // A copy is kept to be served stale for the larger of 7 days and twice the TTL.
  const keepMs = Math.max(ttlMs * 2, 7 * 24 * 3600 * 1000);
  const lockMs = deps.lockMs ?? 60_000;
  // Never long against the TTL: a copy going stale is noticed at most a tenth of a TTL late.
  const memoMs = Math.min(Math.max(0, deps.memoMs ?? 10_000), Math.floor(ttlMs / 10));
  const now = deps.now ?? Date.now;
  // Decoded copies, frozen so no caller can change what the next one reads. Bounded: countries + one per country.
  const memo = new Map<string, { value: unknown; fresh: boolean; until: number }>();
  const remember = (key: string, value: unknown, fresh: boolean): void => {
    if (memoMs === 0) return;
    if (memo.size >= MEMO_LIMIT && !memo.has(key)) memo.delete(memo.keys().next().value!);
    memo.set(key, { value: deepFreeze(value), fresh, until: now() + memoMs });
  };

  return {
    async read<T>(entry: Entry<T>) {
      const memoised = memo.get(entry.key);
      if (memoised !== undefined) {
        if (memoised.until > now()) return { value: memoised.value as T, fresh: memoised.fresh };
        memo.delete(entry.key);
      }
      let raw: string | null | undefined;
      let fresh: string | null | undefined;
      try {
        [raw, fresh] = await redis.mget(entry.key, `${entry.key}:fresh`);
      } catch {
        logger?.warn({ catalogue: entry.name }, 'catalogue cache unreadable; asking the API');
        return undefined;
      }
      if (raw === null || raw === undefined) return undefined;
      try {
        const parsed = JSON.parse(raw) as { v?: unknown; data?: unknown };
        if (parsed.v !== FORMAT) return undefined;
        const value = entry.decode(parsed.data);
        const isFresh = fresh !== null && fresh !== undefined;
        remember(entry.key, value, isFresh);
        return { value, fresh: isFresh };
      } catch {
        return undefined;
      }
    },
    recent<T>(entry: Entry<T>) {
      const landed = memo.get(entry.key);
      return landed !== undefined && landed.until > now() ? (landed.value as T) : undefined;
    },
    async save<T>(entry: Entry<T>, value: T) {
      const stored = JSON.stringify({ v: FORMAT, data: entry.encode(value) });
      await redis
        .multi()
        .set(entry.key, stored, 'PX', keepMs)
        .set(`${entry.key}:fresh`, '1', 'PX', ttlMs)
        .exec();
      remember(entry.key, value, true);
    },
    async lock(key) {
      const token = randomBytes(12).toString('hex');
      const locked = await redis.set(`${key}:lock`, token, 'PX', lockMs, 'NX');
      return locked === 'OK' ? token : null;
    },
    async unlock(key, token) {
      await redis.eval(RELEASE, 1, `${key}:lock`, token);
    },
  };
}

/** Refreshes the copy of `entry` at 'catalogue' priority, unless another replica holds its refresh lock. */
async function refreshCopy<T>(
  copies: CatalogueCopies,
  entry: Entry<T>,
  logger: LoggerLike | undefined,
): Promise<void> {
  const token = await copies.lock(entry.key);
  if (token === null) return;
  try {
    const value = await entry.load('catalogue', undefined);
    await copies.save(entry, value);
    await copies.unlock(entry.key, token);
    logger?.debug({ catalogue: entry.name }, 'catalogue refreshed');
  } catch (error) {
    // The lock stays until it expires: nobody hammers a failing API; the stale copy keeps being served.
    logger?.warn(
      { catalogue: entry.name, kind: isMerchantError(error) ? error.kind : 'redis' },
      'catalogue refresh failed; serving the cached copy',
    );
  }
}

/** The countries, stored as the API gave them. */
function countriesEntry(api: CatalogueDeps['api'], key: string): Entry<Country[]> {
  return {
    name: 'countries',
    key,
    load: (priority, signal) => api.listCountries({ priority, ...(signal ? { signal } : {}) }),
    encode: (value) => value,
    decode: (stored) => {
      if (!Array.isArray(stored)) throw new Error('bad cache entry');
      return stored as Country[];
    },
  };
}

/** The operators of `code` (a country code, upper case), stored with their Decimal amounts as strings. */
function operatorsEntry(api: CatalogueDeps['api'], code: string, key: string): Entry<Operator[]> {
  return {
    name: `operators:${code}`,
    key,
    load: (priority, signal) =>
      api.listOperators(code, undefined, { priority, ...(signal ? { signal } : {}) }),
    encode: toStored,
    decode: (stored) => {
      if (!Array.isArray(stored)) throw new Error('bad cache entry');
      return fromStored(stored as StoredOperator[]);
    },
  };
}

/** Creates the Redis-backed catalogue cache in front of the Merchant API. */
export function createCatalogue(deps: CatalogueDeps): Catalogue {
  const { api, logger } = deps;
  const keys = merchantKeys(deps.prefix ?? 'rb:');
  const copies = createCatalogueCopies(deps);
  const countries = countriesEntry(api, keys.countries);
  const loading = new Map<string, Promise<unknown>>();
  const refreshing = new Map<string, Promise<void>>();

  const refresh = <T>(entry: Entry<T>): void => {
    if (refreshing.has(entry.key)) return;
    const run = refreshCopy(copies, entry, logger)
      .catch(() => undefined)
      .finally(() => refreshing.delete(entry.key));
    refreshing.set(entry.key, run);
  };

  const get = async <T>(entry: Entry<T>, signal: AbortSignal | undefined): Promise<T> => {
    const loadingNow = loading.get(entry.key) as Promise<T> | undefined;
    if (loadingNow) return waitShared(loadingNow, signal);
    const cached = await copies.read(entry);
    if (cached) {
      if (!cached.fresh) refresh(entry);
      return cached.value;
    }
    // A load of this process may have ended while our read was on the wire (its miss is older than the copy).
    const landed = copies.recent(entry);
    if (landed !== undefined) return landed;
    // No copy at all: a user is waiting, so this is interactive. One load per key per process, shared by
    // every caller: it runs without any one caller's signal, so one caller giving up cannot fail the others.
    const pending = loading.get(entry.key) as Promise<T> | undefined;
    if (pending) return waitShared(pending, signal);
    const load = (async () => {
      const value = await entry.load('interactive', undefined);
      try {
        await copies.save(entry, value);
      } catch {
        logger?.warn({ catalogue: entry.name }, 'catalogue cache not writable');
      }
      return value;
    })().finally(() => loading.delete(entry.key));
    loading.set(entry.key, load);
    return waitShared(load, signal);
  };

  return {
    countries(options) {
      return get(countries, options?.signal);
    },
    operators(country, options) {
      const code = country.trim().toUpperCase();
      const entry = operatorsEntry(api, code, keys.operators(code));
      // Anything that is not a country code goes straight to the API (which refuses it) and is never cached.
      if (!/^[A-Z]{2}$/.test(code)) return entry.load('interactive', options?.signal);
      return get(entry, options?.signal);
    },
    async idle() {
      while (refreshing.size > 0) await Promise.all([...refreshing.values()]);
    },
  };
}
