import type { StorageAdapter } from 'grammy';
import type { Redis } from 'ioredis';

/** grammY storage adapter over Redis, JSON values, with a TTL refreshed on every write. */
export class RedisJsonStorage<T> implements StorageAdapter<T> {
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #ttlSeconds: number;

  constructor(redis: Redis, prefix: string, ttlSeconds: number) {
    this.#redis = redis;
    this.#prefix = prefix;
    this.#ttlSeconds = ttlSeconds;
  }

  async read(key: string): Promise<T | undefined> {
    const raw = await this.#redis.get(this.#prefix + key);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  }

  async write(key: string, value: T): Promise<void> {
    await this.#redis.set(this.#prefix + key, JSON.stringify(value), 'EX', this.#ttlSeconds);
  }

  async delete(key: string): Promise<void> {
    await this.#redis.del(this.#prefix + key);
  }
}
