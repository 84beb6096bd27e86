import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { newMerchantOrderNumber } from '../domain/order-number.ts';
import type { OrderRequest } from '../merchant/types.ts';
import { orderKeys } from './keys.ts';
import { defineScript, type RedisOp } from '../lib/redis/redis-script.ts';
import { decodeIntent, decodeOrder, encodeIntent } from './record.ts';
import type { OrderIntent, StoredOrder } from './types.ts';

/**
 * Merchant order numbers of confirmed quotes. A number is fixed once per user, flow and quote (the spec
 * calls quote tokens opaque and promises no uniqueness, so the token alone could name two orders) and kept:
 * a replayed conversation, a double tap or a crash after placing finds the same number.
 *
 * From the moment a number is fixed until its intent is stored, the number is "unresolved" and carries
 * the intent, so a crash in between is not silent: after a grace period the order service resolves it as
 * "not placed" (see `OrderServiceImpl.resolveUnplaced`). Storing the intent and that resolution are both
 * set-if-absent commits of the same order record, so exactly one of them wins.
 */

/** Which confirmation a number belongs to. */
export interface NumberScope {
  userId: number;
  /** The conversation's flow id and the quote's step within it (stable across replays). */
  flow: string;
  quoteToken: string;
}

/** The intent as known before the number is fixed. */
export type IntentDraft = Omit<OrderIntent, 'externalOrderId' | 'request' | 'statusMessageId'> & {
  request: Omit<OrderRequest, 'externalOrderId'>;
};

export interface FixedNumber {
  externalOrderId: string;
  /** The status message an earlier run of the same confirmation already attached, if it got that far. */
  statusMessageId?: number;
  /** Fixed by this call (not found from an earlier run of the same confirmation). */
  fresh?: boolean;
}

// ARGV[5]: the caller's clock (ms). The grace before a number counts as unplaced is minutes long, so the replicas'
// clocks, which also read the set (unresolved), serve as well as Redis's TIME, a command fewer a confirmation.
const FIX = defineScript(`
local stored = redis.call('GET', KEYS[1])
if stored then return {stored, 0} end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
redis.call('ZADD', KEYS[2], ARGV[5], ARGV[1])
if ARGV[4] ~= '' then redis.call('HSET', KEYS[3], 'intent', ARGV[3], 'msg', ARGV[4])
else redis.call('HSET', KEYS[3], 'intent', ARGV[3]) end
redis.call('EXPIRE', KEYS[3], ARGV[2])
return {ARGV[1], 1}
`);

const ATTACH = defineScript(`
if redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('HSET', KEYS[1], 'msg', ARGV[1])
  return 1
end
return 0
`);

/** The intent with its number (and the status message, when known). */
export function intentWithNumber(draft: IntentDraft, fixed: FixedNumber): OrderIntent {
  return {
    ...draft,
    externalOrderId: fixed.externalOrderId,
    request: { ...draft.request, externalOrderId: fixed.externalOrderId },
    ...(fixed.statusMessageId === undefined ? {} : { statusMessageId: fixed.statusMessageId }),
  };
}

/** The key part of one confirmation's number (user, flow and quote). */
function scopeHash(scope: NumberScope): string {
  return createHash('sha256')
    .update(`${scope.userId}\n${scope.flow}\n${scope.quoteToken}`)
    .digest('hex')
    .slice(0, 40);
}

/** Creates the registry of merchant order numbers under `prefix` (REDIS_PREFIX). */
export function createOrderNumbers(deps: { redis: Redis; prefix: string; ttlSeconds?: number }) {
  const { redis } = deps;
  const keys = orderKeys(deps.prefix);
  const ttl = String(deps.ttlSeconds ?? 2 * 86_400);
  // The hash key of one number is this prefix + the number (built inside the script from the stored value).

  return {
    /**
     * Fixes the number of one confirmation (set-if-absent) and records the intent until it is stored, with
     * `messageId` (the confirmation's own message, to become the status message) when it is known already.
     */
    async fix(scope: NumberScope, draft: IntentDraft, messageId?: number): Promise<FixedNumber> {
      const candidate = newMerchantOrderNumber();
      const intent = encodeIntent(intentWithNumber(draft, { externalOrderId: candidate }));
      const [externalOrderId, isNew] = (await FIX.run(
        redis,
        [keys.numberFor(scopeHash(scope)), keys.unresolvedNumbers, keys.numberIntent(candidate)],
        [candidate, ttl, intent, messageId ?? '', Date.now()],
      )) as [string, number];
      if (isNew === 1)
        return {
          externalOrderId,
          fresh: true,
          ...(messageId === undefined ? {} : { statusMessageId: messageId }),
        };
      // Fixed by an earlier run of this confirmation: the key of its intent is known only now, so the status
      // message that run attached (after the number was fixed, never before) is read on its own; once the intent
      // is stored, the number's record is gone and the order's record holds the message.
      const msg = await redis.hget(keys.numberIntent(externalOrderId), 'msg');
      if (msg !== null) return { externalOrderId, statusMessageId: Number(msg) };
      const data = await redis.hget(keys.order(externalOrderId), 'data');
      const stored = data === null ? undefined : decodeOrder(data, externalOrderId).statusMessageId;
      return stored === undefined ? { externalOrderId } : { externalOrderId, statusMessageId: stored };
    },

    /**
     * The order an earlier run of this confirmation stored (a replay after its handler died), as far as the flow
     * needs it; null when none was stored.
     */
    async storedOrder(
      scope: NumberScope,
    ): Promise<Pick<StoredOrder, 'externalOrderId' | 'placement'> | null> {
      const externalOrderId = await redis.get(keys.numberFor(scopeHash(scope)));
      if (externalOrderId === null) return null;
      const data = await redis.hget(keys.order(externalOrderId), 'data');
      return data === null
        ? null
        : { externalOrderId, placement: decodeOrder(data, externalOrderId).placement };
    },

    /** Remembers the `⏳ Placing…` message of an unresolved number (nothing once it is resolved). */
    async attachMessage(externalOrderId: string, messageId: number): Promise<void> {
      await ATTACH.run(redis, [keys.numberIntent(externalOrderId)], [String(messageId)]);
    },

    /** Unresolved numbers fixed more than `olderThanMs` ago, oldest first. */
    async unresolved(olderThanMs: number, limit = 100): Promise<string[]> {
      return redis.zrangebyscore(keys.unresolvedNumbers, '-inf', Date.now() - olderThanMs, 'LIMIT', 0, limit);
    },

    /** The intent recorded with an unresolved number (with its status message when known), or null. */
    async intentOf(externalOrderId: string): Promise<OrderIntent | null> {
      const [raw, msg] = await redis.hmget(keys.numberIntent(externalOrderId), 'intent', 'msg');
      if (raw === null || raw === undefined) return null;
      const intent = decodeIntent(raw, externalOrderId);
      return msg === null || msg === undefined ? intent : { ...intent, statusMessageId: Number(msg) };
    },

    /** Forgets an unresolved number whose record is gone. */
    async forget(externalOrderId: string): Promise<void> {
      await redis
        .multi()
        .zrem(keys.unresolvedNumbers, externalOrderId)
        .del(keys.numberIntent(externalOrderId))
        .exec();
    },
  };
}

/** Writes that mark a number resolved, for the commit that stores its order (intent or "not placed"). */
export function resolvedOps(keys: ReturnType<typeof orderKeys>, externalOrderId: string): RedisOp[] {
  return [
    ['ZREM', keys.unresolvedNumbers, externalOrderId],
    ['DEL', keys.numberIntent(externalOrderId)],
  ];
}

export type OrderNumbers = ReturnType<typeof createOrderNumbers>;
