import { keyspace } from '../lib/redis/keyspace.ts';

/** Every Redis key of the receipts under `prefix`. */
export function receiptKeys(prefix: string) {
  return {
    /** Hash of one reseller's receipt profile: `shop` and `tz`. */
    profile: (userId: number) => keyspace(prefix, 'receipt-profile')(userId),
    /** The retail price set on one order's receipt. */
    price: (externalOrderId: string) => keyspace(prefix, 'receipt-price')(externalOrderId),
  };
}
