import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { newMerchantOrderNumber } from '../domain/order-number.ts';

/**
 * The merchant order number of a confirmed quote, made once and kept (set-if-absent): a replayed
 * conversation, a double tap or a crash after placing finds the same number, so the service sees a repeat
 * of the same order, never a second one.
 */
export function createOrderNumbers(redis: Redis, prefix: string, ttlSeconds = 2 * 86_400) {
  return async function orderNumberFor(quoteToken: string): Promise<string> {
    const key = `${prefix}quote-order:${createHash('sha256').update(quoteToken).digest('hex').slice(0, 32)}`;
    const candidate = newMerchantOrderNumber();
    const stored = (await redis.set(key, candidate, 'EX', ttlSeconds, 'NX', 'GET')) as string | null;
    return stored ?? candidate;
  };
}
