import { botKeys } from '../keys.ts';
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** Telegram's limit on callback_data, in bytes. */
export const CALLBACK_DATA_LIMIT = 64;

// The `ord:` family of callback data, built and parsed here only: open an order, refresh its card, ask a new quote.
const OPEN = 'ord:open:';
const REFRESH = 'ord:rf:';
const REQUOTE = 'ord:requote';

const fits = (data: string) => Buffer.byteLength(data) <= CALLBACK_DATA_LIMIT;

/** Matchers for `composer.callbackQuery` (the requote one captures the merchant order number). */
export const ORDER_DATA = {
  open: /^ord:open:/,
  refresh: /^ord:rf:/,
  requote: /^ord:requote:(.+)$/,
} as const;

/** Whether this is the data of an order button (Open under alerts and order messages, Refresh under cards). */
export function isOrderCardButton(data: string): boolean {
  return data.startsWith(OPEN) || data.startsWith(REFRESH);
}

/** Refresh data naming a service order ID (O-…), or null when it does not fit in callback data. */
export function refreshDataForOrderId(orderId: string): string | null {
  const plain = `${REFRESH}${orderId}`;
  return fits(plain) ? plain : null;
}

/** The Refresh twin of Open data (same order, same short reference). */
export function refreshDataFromOpen(openData: string): string {
  return openData.replace(OPEN, REFRESH);
}

/** What Refresh data names: an order ID or merchant order number, or the Open data of a short reference. */
export function parseRefreshData(data: string): { query: string } | { open: string } | null {
  if (!data.startsWith(REFRESH)) return null;
  const rest = data.slice(REFRESH.length);
  if (rest === '') return null;
  return rest.startsWith('#') ? { open: `${OPEN}${rest}` } : { query: rest };
}

/** `ord:requote:<external_order_id>` (the bot offers a new quote for the same recharge), or `ord:requote` if too long. */
export function requoteData(externalOrderId: string): string {
  const data = `${REQUOTE}:${externalOrderId}`;
  return fits(data) ? data : REQUOTE;
}

/** Short stable id of a long order number (base64url of SHA-256, 16 chars). */
function shortOrderRef(externalOrderId: string): string {
  return createHash('sha256').update(externalOrderId).digest('base64url').slice(0, 16);
}

/**
 * The "open this order" button data: `ord:open:<external_order_id>` when it fits in 64 bytes, else
 * `ord:open:#<short id>` with the mapping kept in Redis (see `resolve`).
 */
export function createOrderCallbacks(deps: { redis: Redis; prefix: string }) {
  const mapKey = botKeys(deps.prefix).callbackRefs;
  return {
    /** callback_data for a button that opens the order. */
    async dataFor(externalOrderId: string): Promise<string> {
      const plain = `${OPEN}${externalOrderId}`;
      if (fits(plain)) return plain;
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
