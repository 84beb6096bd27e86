import { randomBytes } from 'node:crypto';

/**
 * Merchant order numbers (`external_order_id`): 1-120 characters of A-Z a-z 0-9 - _ . and unique across
 * all of the merchant's orders. Ours look like `rb-20261122-101112345-<26 random chars>`: a UTC
 * timestamp to the millisecond (sortable, readable in support tickets) and 130 random bits in
 * lowercase base32, so that two replicas can never make the same one.
 */

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const RANDOM_CHARS = 26;
const VALID = /^[A-Za-z0-9._-]{1,120}$/;

export type RandomSource = (size: number) => Uint8Array;

/** A new, unique merchant order number; `random` and `now` are injectable for tests. */
export function newMerchantOrderNumber(random: RandomSource = randomBytes, now: Date = new Date()): string {
  const bytes = random(RANDOM_CHARS);
  if (bytes.length < RANDOM_CHARS) throw new RangeError('random source returned too few bytes');
  let suffix = '';
  // 256 is a multiple of 32, so taking 5 bits of each byte keeps every character equally likely.
  for (let i = 0; i < RANDOM_CHARS; i += 1) suffix += ALPHABET[(bytes[i] ?? 0) & 31];
  const iso = now.toISOString(); // 2026-11-22T10:11:12.345Z
  const date = iso.slice(0, 10).replace(/-/g, '');
  const time = iso.slice(11, 23).replace(/[:.]/g, '');
  return `rb-${date}-${time}-${suffix}`;
}

/** Whether a string is acceptable to the service as `external_order_id`. */
export function isValidMerchantOrderNumber(value: string): boolean {
  return typeof value === 'string' && VALID.test(value);
}

/** Whether a merchant order number is one this bot makes (`rb-…`); others on the account are not ours. */
export function isOurMerchantOrderNumber(value: string): boolean {
  return value.startsWith('rb-');
}
