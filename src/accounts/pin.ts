import { accountsKeys, type AccountsKeys } from './keys.ts';
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { Decimal } from 'decimal.js';
import type { Redis } from 'ioredis';
import { defineScript } from '../lib/redis/redis-script.ts';

/**
 * A reseller's PIN, asked before top-ups above a threshold. Only a salted scrypt hash is stored; the PIN
 * itself lives in memory for one call and is never logged or returned. Wrong tries are counted in Redis by
 * one script (atomic across replicas): five in a row lock PIN-protected top-ups, for 15 minutes the first
 * time, each further lock within 24 hours (a rolling day, not a UTC one) twice as long as the one before,
 * and the third lock within 24 hours holds until an admin lifts it.
 */

/** 4 to 8 ASCII digits. */
const PIN_FORMAT = /^\d{4,8}$/;

/** Whether `text` has the shape of a PIN (4–8 digits). */
export function isPinFormat(text: string): boolean {
  return PIN_FORMAT.test(text);
}

// N = 2^14, r = 8, p = 1: about 16 MB and a few tens of milliseconds per hash; the parameters travel with
// the hash so they can be raised later without invalidating stored PINs.
const SCRYPT = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(pin: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(pin, salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** A salted scrypt hash of the PIN: `scrypt$N$r$p$<salt b64>$<hash b64>`. */
export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(pin, salt, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Whether the PIN matches a hash made by hashPin; a malformed hash matches nothing. */
export async function pinMatches(pin: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || salt === undefined || hash === undefined) return false;
  const expected = Buffer.from(hash, 'base64');
  if (expected.length !== KEY_LENGTH) return false;
  const key = await derive(pin, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return timingSafeEqual(key, expected);
}

/** The threshold that applies: the reseller's own (a number or 'off') wins over PIN_REQUIRED_ABOVE. */
export function pinThreshold(own: string | undefined, fallback: string | undefined): string | undefined {
  if (own === 'off') return undefined;
  return own ?? fallback;
}

/** Whether a price (merchant currency) is above the threshold, so the PIN is asked. */
export function pinRequiredFor(price: string, threshold: string | undefined): boolean {
  return threshold !== undefined && new Decimal(price).gt(threshold);
}

/** What an admin may set as a threshold: a non-negative amount with at most 4 decimals, or 'off'. */
export function parseThreshold(text: string): string | 'off' | undefined {
  const value = text.trim().toLowerCase();
  if (value === 'off') return 'off';
  if (!/^\d{1,12}(?:\.\d{1,4})?$/.test(value)) return undefined;
  return new Decimal(value).toFixed();
}

/** The outcome of one PIN try. */
export type PinCheck =
  | { kind: 'ok' }
  | { kind: 'no-pin' }
  /** Not 4–8 digits: refused without counting a try. */
  | { kind: 'invalid' }
  | { kind: 'wrong'; triesLeft: number }
  /**
   * Locked (now or before): PIN-protected top-ups are refused for `ms` more; with `untilUnlock` until an admin
   * lifts the lock (`ms` is then PIN_HELD_MS, so a check of `ms > 0` still refuses).
   */
  | { kind: 'locked'; ms: number; untilUnlock?: true };

export interface PinState {
  hasPin: boolean;
  /** The reseller's own threshold (a decimal string or 'off'); absent: PIN_REQUIRED_ABOVE applies. */
  above: string | undefined;
  /** Milliseconds the lock still holds; 0 when not locked, PIN_HELD_MS when held until an admin lifts it. */
  lockedMs: number;
  /** Held until an admin lifts it (`/pin <user id> unlock`). */
  untilUnlock: boolean;
  /** Locks within the last 24 hours (an admin's unlock keeps them: the next lock counts on from there). */
  locksToday: number;
}

/** One lock, as the admins' alert tells it. */
export interface PinLockEvent {
  /** When it began (the store's clock, ms): one alert per lock. */
  at: number;
  /** Which lock within the last 24 hours, from 1. */
  number: number;
  /** Held until an admin lifts it; otherwise it lasts the `lockMs` handed beside this event. */
  untilUnlock: boolean;
}

export interface PinStoreDeps {
  redis: Redis;
  prefix: string;
  /** How long the first lock of a day lasts (default 15 minutes); each further one lasts twice the one before. */
  lockMs?: number;
  /** Now, in ms (default the system clock): tests move past a lock instead of waiting for it. */
  clock?: () => number;
  /** Told once per lock, by the replica whose try locked it (the admins' alert). */
  onLocked?: (userId: number, lockMs: number, lock: PinLockEvent) => Promise<void>;
}

const PIN_LOCK_MS = 15 * 60_000;
/** Wrong tries in a row that lock. */
export const PIN_MAX_TRIES = 5;
/** The lock within 24 hours that holds until an admin lifts it. */
const PIN_HOLD_AFTER_LOCKS = 3;
/** `ms` of a lock held until an admin lifts it: longer than any wait, and plain JSON. */
const PIN_HELD_MS = Number.MAX_SAFE_INTEGER;
/** Wrong tries are forgotten a day after the last one; locks count within a rolling day. */
const DAY_MS = 86_400_000;
/** The lock key's value while held until an admin lifts it (otherwise: the ms it ends at). */
const HELD = 'held';

// The lock key holds the time it ends (ms, the caller's clock) with a TTL to match, or 'held' with no TTL; the
// locks of the day are a sorted set scored by their start. Counting, escalating and locking are one script, so
// replicas trying at once lock once per five tries and never skip a step.
// KEYS: fails, lock, locks ; ARGV: correct ('1'/'0'), maxTries, lockMs, dayMs, nowMs, holdAfterLocks
// Returns {'ok'} | {'wrong', triesLeft} | {'locked', ms} | {'held'} | {'locked-now', ms, n} | {'held-now', n}
const TRY = defineScript(`
local now = tonumber(ARGV[5])
local lock = redis.call('GET', KEYS[2])
if lock == '${HELD}' then return {'held'} end
if lock and tonumber(lock) > now then return {'locked', tonumber(lock) - now} end
if ARGV[1] == '1' then
  redis.call('DEL', KEYS[1])
  return {'ok'}
end
local n = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
if n < tonumber(ARGV[2]) then return {'wrong', tonumber(ARGV[2]) - n} end
redis.call('DEL', KEYS[1])
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now - tonumber(ARGV[4]))
local locks = redis.call('ZCARD', KEYS[3]) + 1
redis.call('ZADD', KEYS[3], now, string.format('%.0f:%d', now, locks))
redis.call('PEXPIRE', KEYS[3], ARGV[4])
if locks >= tonumber(ARGV[6]) then
  redis.call('SET', KEYS[2], '${HELD}')
  return {'held-now', locks}
end
local ms = tonumber(ARGV[3]) * 2 ^ (locks - 1)
redis.call('SET', KEYS[2], string.format('%.0f', now + ms), 'PX', string.format('%.0f', ms))
return {'locked-now', ms, locks}
`);

/** Milliseconds a lock key still holds at `now` (PIN_HELD_MS when held; 0 when none or over). */
async function lockLeft(redis: Redis, key: string, now: number): Promise<number> {
  const value = await redis.get(key);
  if (value === null) return 0;
  if (value === HELD) return PIN_HELD_MS;
  return Math.max(0, Number(value) - now);
}

function locked(ms: number): Extract<PinCheck, { kind: 'locked' }> {
  return ms === PIN_HELD_MS ? { kind: 'locked', ms, untilUnlock: true } : { kind: 'locked', ms };
}

/** The PINs, thresholds, wrong-try counters and locks of resellers, in Redis. */
export class RedisPinStore {
  readonly #redis: Redis;
  readonly #keys: AccountsKeys;
  readonly #lockMs: number;
  readonly #clock: () => number;
  readonly #onLocked: PinStoreDeps['onLocked'];

  constructor(deps: PinStoreDeps) {
    this.#redis = deps.redis;
    this.#keys = accountsKeys(deps.prefix);
    this.#lockMs = deps.lockMs ?? PIN_LOCK_MS;
    this.#clock = deps.clock ?? Date.now;
    this.#onLocked = deps.onLocked;
  }

  /** Whether a PIN is set, the reseller's own threshold, the lock and the locks of the last 24 hours. */
  async state(userId: number): Promise<PinState> {
    const k = this.#keys.pin(userId);
    const now = this.#clock();
    const [setting, lockedMs, locksToday] = await Promise.all([
      this.setting(userId),
      this.lockedMs(userId),
      this.#redis.zcount(k.locks, `(${now - DAY_MS}`, '+inf'),
    ]);
    return { ...setting, lockedMs, untilUnlock: lockedMs === PIN_HELD_MS, locksToday };
  }

  /** Whether a PIN is set, and the reseller's own threshold. */
  async setting(userId: number): Promise<Pick<PinState, 'hasPin' | 'above'>> {
    const [hash, above] = await this.#redis.hmget(this.#keys.pin(userId).pin, 'hash', 'above');
    return { hasPin: hash !== null, above: above ?? undefined };
  }

  /** How long the PIN stays locked (0: not locked; PIN_HELD_MS: until an admin lifts it). */
  lockedMs(userId: number): Promise<number> {
    return lockLeft(this.#redis, this.#keys.pin(userId).lock, this.#clock());
  }

  /** Stores an already hashed PIN (hashPin), replacing the old one. */
  async setHash(userId: number, hash: string): Promise<void> {
    await this.#redis.hset(this.#keys.pin(userId).pin, 'hash', hash);
  }

  /** Sets the reseller's own threshold: an amount, 'off' (never asked), or null (PIN_REQUIRED_ABOVE again). */
  async setThreshold(userId: number, above: string | 'off' | null): Promise<void> {
    const key = this.#keys.pin(userId).pin;
    if (above === null) await this.#redis.hdel(key, 'above');
    else await this.#redis.hset(key, 'above', above);
  }

  /**
   * Clears the lock and the wrong tries, and the PIN too when `pin` is true (the reseller sets a new one). The
   * locks of the last 24 hours stay counted: a fourth lock that day holds until an admin lifts it again.
   */
  async reset(userId: number, options: { pin: boolean }): Promise<void> {
    const k = this.#keys.pin(userId);
    const tx = this.#redis.multi().del(k.fails, k.lock);
    if (options.pin) tx.hdel(k.pin, 'hash');
    await tx.exec();
  }

  /**
   * One try: checks the format, the lock and the PIN, and counts a wrong one. A lock is checked before the
   * PIN is hashed (no work, and no answer, for a locked account).
   */
  async check(userId: number, pin: string): Promise<PinCheck> {
    if (!isPinFormat(pin)) return { kind: 'invalid' };
    const k = this.#keys.pin(userId);
    const [hash, left] = await Promise.all([
      this.#redis.hget(k.pin, 'hash'),
      lockLeft(this.#redis, k.lock, this.#clock()),
    ]);
    if (left > 0) return locked(left);
    if (hash === null) return { kind: 'no-pin' };
    const correct = await pinMatches(pin, hash);
    // The clock is read after the hash (tens of ms), so a lock starts when it is written.
    const now = this.#clock();
    const [verdict, a, b] = (await TRY.run(
      this.#redis,
      [k.fails, k.lock, k.locks],
      [correct ? '1' : '0', PIN_MAX_TRIES, this.#lockMs, DAY_MS, now, PIN_HOLD_AFTER_LOCKS],
    )) as [string, number?, number?];
    switch (verdict) {
      case 'ok':
        return { kind: 'ok' };
      case 'wrong':
        return { kind: 'wrong', triesLeft: a! };
      case 'locked':
        return locked(a!);
      case 'held':
        return locked(PIN_HELD_MS);
      case 'locked-now':
        await this.#onLocked?.(userId, a!, { at: now, number: b!, untilUnlock: false });
        return locked(a!);
      case 'held-now':
        await this.#onLocked?.(userId, PIN_HELD_MS, { at: now, number: a!, untilUnlock: true });
        return locked(PIN_HELD_MS);
      default:
        throw new Error(`unexpected PIN verdict ${verdict}`);
    }
  }
}

/** What the bot needs of the PIN store. */
export type PinStore = Pick<RedisPinStore, keyof RedisPinStore>;

/** Whether a top-up at a price needs the PIN, and whether it can be asked now (`locked` as in PinCheck). */
export type PinNeed =
  | { kind: 'none' }
  | { kind: 'ask' }
  | { kind: 'no-pin' }
  | { kind: 'locked'; ms: number; untilUnlock?: true };

export interface PinGateDeps {
  store: Pick<PinStore, 'setting' | 'lockedMs' | 'check'>;
  /** PIN_REQUIRED_ABOVE (merchant currency); undefined: off. */
  requiredAbove: string | undefined;
  /** Admins are never asked. */
  isAdmin(userId: number): Promise<boolean>;
}

/** The PIN as the top-up sees it: whether to ask, and one try. */
export function createPinGate(deps: PinGateDeps) {
  return {
    /** Whether `userId` paying `price` (merchant currency) must give the PIN first. */
    async need(userId: number, price: string): Promise<PinNeed> {
      if (await deps.isAdmin(userId)) return { kind: 'none' };
      const setting = await deps.store.setting(userId);
      if (!pinRequiredFor(price, pinThreshold(setting.above, deps.requiredAbove))) return { kind: 'none' };
      // The lock only matters when the PIN is asked.
      const lockedMs = await deps.store.lockedMs(userId);
      if (lockedMs > 0) return locked(lockedMs);
      return setting.hasPin ? { kind: 'ask' } : { kind: 'no-pin' };
    },
    /** One try of a typed PIN (see RedisPinStore.check). */
    check: (userId: number, pin: string): Promise<PinCheck> => deps.store.check(userId, pin),
  };
}

export type PinGate = ReturnType<typeof createPinGate>;
