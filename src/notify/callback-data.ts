import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** Telegram's limit on callback_data, in bytes. */
export const CALLBACK_DATA_LIMIT = 64;
const OPEN = 'ord:open:';

/** Short stable id of a long order number (base64url of SHA-256, 16 chars). */
export function shortOrderRef(externalOrderId: string): string {
  return createHash('sha256').update(externalOrderId).digest('base64url').slice(0, 16);
}

/**
 * The "open this order" button data: `ord:open:<external_order_id>` when it fits in 64 bytes, else
 * `ord:open:#<short id>` with the mapping kept in Redis (see `resolve`).
 */
export function createOrderCallbacks(deps: { redis: Redis; prefix: string }) {
  const mapKey = `${deps.prefix}orders:callback-refs`;
  return {
    /** callback_data for a button that opens the order. */
    async dataFor(externalOrderId: string): Promise<string> {
      const plain = `${OPEN}${externalOrderId}`;
      if (Buffer.byteLength(plain) <= CALLBACK_DATA_LIMIT) return plain;
      const ref = shortOrderRef(externalOrderId);
      await deps.redis.hset(mapKey, ref, externalOrderId);
      return `${OPEN}#${ref}`;
    },
    /** The merchant order number behind `ord:open:…` data, or null when the data is not ours or unknown. */
    async resolve(data: string): Promise<string | null> {
      if (!data.startsWith(OPEN)) return null;
      const rest = data.slice(OPEN.length);
      if (!rest.startsWith('#')) return rest === '' ? null : rest;
      return deps.redis.hget(mapKey, rest.slice(1));
    },
  };
}

export type OrderCallbacks = ReturnType<typeof createOrderCallbacks>;
