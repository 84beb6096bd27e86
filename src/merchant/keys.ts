import { keyspace, slot } from '../lib/redis/keyspace.ts';
import { CALL_PRIORITIES } from './types.ts';

/** Every Redis key of the merchant part (catalogue cache, prices, shared quotes, the request budget) under `prefix`. */
export function merchantKeys(prefix: string) {
  const catalogue = keyspace(prefix, 'catalogue');
  const quotes = keyspace(prefix, 'quotes');
  const price = keyspace(prefix, 'price');
  // One hash tag for the budget and its line, so every script's keys live in one Cluster slot.
  const budget = keyspace(prefix, slot('budget'));
  return {
    countries: catalogue('countries'),
    operators: (country: string) => catalogue('operators', country),
    /** A fixed amount's price, as the last quote gave it: `<price> <currency>`. */
    fixedPrice: (product: string, amount: string) => price(product, amount),
    /** The quote every seller of one product shares (QUOTE_SHARING). */
    sharedQuote: (product: string) => quotes('shared', product),
    /** Set (to the time it was seen) once the account's quote tokens proved single-use: quotes are not shared. */
    singleUseQuotes: quotes('single-use'),
    /** Marks a shared quote token (hashed) already used by an order. */
    usedQuote: (tokenHash: string) => quotes('used', tokenHash),
    /** The budget's keys in the order its scripts take them: state, tickets, lease, owners, left, one line each. */
    budget: [
      budget('state'),
      budget('tickets'),
      budget('lease'),
      budget('owners'),
      budget('left'),
      ...CALL_PRIORITIES.map((p) => budget('line', p)),
    ],
  };
}
