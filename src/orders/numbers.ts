import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { derivedMerchantOrderNumber } from '../domain/order-number.ts';
import { orderKeys } from './keys.ts';
import { decodeOrder } from './record.ts';
import type { StoredOrder } from './types.ts';

/**
 * Merchant order numbers of confirmed quotes, derived from the confirmation (user, flow and quote: the spec calls
 * quote tokens opaque and promises no uniqueness, so the token alone could name two orders). A replayed
 * conversation, a double tap or a crash anywhere finds the same number, and storing the intent is set-if-absent
 * under it: nothing is kept before that, so a crash before it leaves nothing to resolve (the quote's ✅ is still
 * there to press).
 */

/** Which confirmation a number belongs to. */
export interface NumberScope {
  userId: number;
  /** The conversation's flow id and the quote's step within it (stable across replays). */
  flow: string;
  quoteToken: string;
  /** The quote's expiry: the number's minute (the number must not depend on when the ✅ is handled). */
  expiresAt: string;
}

/** A confirmation's number and what an earlier run of it stored under it, if anything. */
export interface ConfirmationNumber {
  externalOrderId: string;
  stored: Pick<StoredOrder, 'placement'> | null;
}

/** The key part of one confirmation (user, flow and quote). */
function scopeSeed(scope: NumberScope): string {
  return `${scope.userId}\n${scope.flow}\n${scope.quoteToken}`;
}

/** Creates the reader of confirmations' numbers under `prefix` (REDIS_PREFIX). */
export function createOrderNumbers(deps: { redis: Redis; prefix: string }) {
  const { redis } = deps;
  const keys = orderKeys(deps.prefix);
  return {
    /**
     * The number of one confirmation and its order when an earlier run stored it. A number the release before
     * fixed at random for the same confirmation (kept two days under its scope's hash) names it instead, so a
     * conversation going on across the upgrade never orders twice.
     */
    async of(scope: NumberScope): Promise<ConfirmationNumber> {
      const seed = scopeSeed(scope);
      const derived = derivedMerchantOrderNumber(seed, Date.parse(scope.expiresAt));
      const legacyKey = keys.numberFor(createHash('sha256').update(seed).digest('hex').slice(0, 40));
      const [[, legacy], [, data]] = (await redis
        .pipeline()
        .get(legacyKey)
        .hget(keys.order(derived), 'data')
        .exec()) as [[null, string | null], [null, string | null]];
      const externalOrderId = legacy ?? derived;
      const text = legacy === null ? data : await redis.hget(keys.order(legacy), 'data');
      return {
        externalOrderId,
        stored: text === null ? null : { placement: decodeOrder(text, externalOrderId).placement },
      };
    },
  };
}

export type OrderNumbers = ReturnType<typeof createOrderNumbers>;
