import { keyspace } from '../lib/redis/keyspace.ts';

/** Every Redis key of the receipts under `prefix`. */
export function receiptKeys(prefix: string) {
  const profile = keyspace(prefix, 'receipt-profile');
  const price = keyspace(prefix, 'receipt-price');
  return {
    /** Hash of one reseller's receipt profile: `shop` and `tz`. */
    profile: (userId: number) => profile(userId),
    /** The retail price set on one order's receipt. */
    price: (externalOrderId: string) => price(externalOrderId),
  };
}
