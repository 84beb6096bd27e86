import { botKeys } from './keys.ts';
import type { StorageAdapter } from 'grammy';
import type { Redis } from 'ioredis';
import { initialSession, type SessionData } from './context.ts';

/**
 * Stored bytes (or null for none) read ahead for the chat whose update is running, by full Redis key. The update
 * holds its chat's lock, so nothing else writes these keys meanwhile; the storages below read from here, write
 * through it, and skip a write that would store what is already there.
 */
export type ReadAhead = Map<string, Buffer | null>;

/** How a storage turns its values into the bytes Redis keeps, and back. */
export interface Codec<T> {
  encode(value: T): Buffer;
  decode(bytes: Buffer): T;
}

const json = <T>(): Codec<T> => ({
  encode: (value) => Buffer.from(JSON.stringify(value), 'utf8'),
  decode: (bytes) => JSON.parse(bytes.toString('utf8')) as T,
});

/** Bytes kept as they are (the conversations' own packing, compact-replay.ts). */
export const asBytes: Codec<Buffer> = { encode: (value) => value, decode: (bytes) => bytes };

/** How often an unchanged value's TTL is pushed back (per key and replica). */
const TOUCH_EVERY_MS = 86_400_000;
const TOUCH_LIMIT = 100_000;

/** grammY storage adapter over Redis, with a TTL refreshed on every change (and daily when unchanged). */
export class RedisStorage<T> implements StorageAdapter<T> {
  readonly #redis: Redis;
  readonly #keyPrefix: string;
  readonly #ttlSeconds: number;
  readonly #codec: Codec<T>;
  readonly #readAhead: ReadAhead | undefined;
  /** When this replica last pushed back each key's TTL. */
  readonly #touched = new Map<string, number>();

  constructor(redis: Redis, prefix: string, ttlSeconds: number, codec: Codec<T>, readAhead?: ReadAhead) {
    this.#redis = redis;
    this.#keyPrefix = prefix;
    this.#ttlSeconds = ttlSeconds;
    this.#codec = codec;
    this.#readAhead = readAhead;
  }

  /** The full Redis key of a storage key. */
  keyOf(key: string): string {
    return this.#keyPrefix + key;
  }

  async read(key: string): Promise<T | undefined> {
    const full = this.#keyPrefix + key;
    const ahead = this.#readAhead?.get(full);
    const raw = ahead !== undefined ? ahead : await this.#redis.getBuffer(full);
    return raw === null ? undefined : this.#codec.decode(raw);
  }

  async write(key: string, value: T): Promise<void> {
    const full = this.#keyPrefix + key;
    const bytes = this.#codec.encode(value);
    if (this.#readAhead?.get(full)?.equals(bytes) === true) {
      const now = Date.now();
      if (now - (this.#touched.get(full) ?? 0) < TOUCH_EVERY_MS) return;
      await this.#redis.expire(full, this.#ttlSeconds);
      this.#touch(full, now);
      return;
    }
    await this.#redis.set(full, bytes, 'EX', this.#ttlSeconds);
    this.#touch(full, Date.now());
    if (this.#readAhead?.has(full)) this.#readAhead.set(full, bytes);
  }

  async delete(key: string): Promise<void> {
    const full = this.#keyPrefix + key;
    if (this.#readAhead?.get(full) === null) return;
    await this.#redis.del(full);
    this.#touched.delete(full);
    if (this.#readAhead?.has(full)) this.#readAhead.set(full, null);
  }

  #touch(full: string, now: number): void {
    if (this.#touched.size >= TOUCH_LIMIT) this.#touched.clear();
    this.#touched.set(full, now);
  }
}

/** An empty session is not stored (a missing one reads the same), so a stranger's update leaves none behind. */
class SessionStorage extends RedisStorage<SessionData> {
  override async write(key: string, value: SessionData): Promise<void> {
    if (JSON.stringify(value) === JSON.stringify(initialSession())) return this.delete(key);
    return super.write(key, value);
  }
}

/** Sessions (language, recent countries and numbers) per chat, kept 90 days after the last update. */
export function sessionStorage(redis: Redis, prefix: string, readAhead?: ReadAhead) {
  return new SessionStorage(
    redis,
    botKeys(prefix).sessionPrefix,
    90 * 86_400,
    json<SessionData>(),
    readAhead,
  );
}

/** The admins, each with the language they chose (`fallback` when none): whom the alerts go to. */
export function adminsInTheirLanguage(
  redis: Redis,
  prefix: string,
  roles: { adminIds(): Promise<number[]> },
  fallback: string,
): () => Promise<Array<{ id: number; locale: string }>> {
  const sessions = sessionStorage(redis, prefix);
  return async () =>
    Promise.all(
      (await roles.adminIds()).map(async (id) => ({
        id,
        locale: (await sessions.read(String(id)))?.locale ?? fallback,
      })),
    );
}
