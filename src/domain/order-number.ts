import { createHash, randomBytes } from 'node:crypto';

/**
 * Merchant order numbers (`external_order_id`): 1-120 characters of A-Z a-z 0-9 - _ . and unique across
 * all of the merchant's orders. Ours are short enough to read aloud and type, like `rb-1f3kq-7xm2-9d4e-hp6w`
 * (23 characters): the minute of creation (UTC, five characters, so numbers sort by creation time until
 * 2087) and 60 random bits, in lowercase Crockford base32 (digits and letters without i, l, o and u, which are
 * easily mistaken for 1, 0 and v), grouped by four. 60 random bits per minute keep two replicas, or a
 * restarted one, from ever making the same number (a clash needs about a billion orders in one minute).
 *
 * Older numbers (`rb-20261122-101112345-<26 random chars>`) stay valid everywhere: they are only ever looked
 * up, never parsed.
 */

/** Crockford's base32 alphabet, lowercase. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const RANDOM_CHARS = 12;
const TIME_CHARS = 5;
/** The time part counts minutes from here. */
const EPOCH_MS = Date.UTC(2024, 0, 1);
const VALID = /^[A-Za-z0-9._-]{1,120}$/;
/** Our current format, as generated. */
const SHORT = /^rb-[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}$/;

export type RandomSource = (size: number) => Uint8Array;

/** A new, unique merchant order number; `random` and `now` are injectable for tests. */
export function newMerchantOrderNumber(random: RandomSource = randomBytes, now: Date = new Date()): string {
  const bytes = random(RANDOM_CHARS);
  if (bytes.length < RANDOM_CHARS) throw new RangeError('random source returned too few bytes');
  let suffix = '';
  // 256 is a multiple of 32, so taking 5 bits of each byte keeps every character equally likely.
  for (let i = 0; i < RANDOM_CHARS; i += 1) suffix += ALPHABET[(bytes[i] ?? 0) & 31];
  const minutes = Math.floor((now.getTime() - EPOCH_MS) / 60_000);
  if (!(minutes >= 0 && minutes < 32 ** TIME_CHARS)) throw new RangeError('clock outside 2024-2087');
  let time = '';
  for (let rest = minutes, i = 0; i < TIME_CHARS; i += 1, rest = Math.floor(rest / 32))
    time = ALPHABET[rest % 32] + time;
  return `rb-${time}-${suffix.slice(0, 4)}-${suffix.slice(4, 8)}-${suffix.slice(8)}`;
}

/**
 * A merchant order number derived from `seed` (the same seed always names the same order) at the minute `atMs`,
 * in our short format: 60 bits of the seed's SHA-256. `atMs` is clamped into the format's years.
 */
export function derivedMerchantOrderNumber(seed: string, atMs: number): string {
  const digest = createHash('sha256').update(seed).digest();
  const at = Number.isFinite(atMs)
    ? Math.min(Math.max(atMs, EPOCH_MS), EPOCH_MS + (32 ** TIME_CHARS - 1) * 60_000)
    : EPOCH_MS;
  return newMerchantOrderNumber(() => digest, new Date(at));
}

/** Whether a string is acceptable to the service as `external_order_id`. */
export function isValidMerchantOrderNumber(value: string): boolean {
  return typeof value === 'string' && VALID.test(value);
}

/** Whether a merchant order number is one this bot makes (`rb-…`); others on the account are not ours. */
export function isOurMerchantOrderNumber(value: string): boolean {
  return value.startsWith('rb-');
}

/**
 * A merchant order number as a person typed it (read aloud, copied with spaces, in capitals, with `o` for 0 or
 * `l` for 1) in our current format, or the text unchanged when it is not one (an older number, an O-… ID, a
 * number made outside this bot): those are looked up exactly as given.
 */
export function normaliseMerchantOrderNumber(typed: string): string {
  const trimmed = typed.trim();
  const body = /^rb[\s-]*([0-9a-z][0-9a-z\s-]*)$/i.exec(trimmed)?.[1];
  if (body === undefined) return trimmed;
  const chars = body.toLowerCase().replace(/[\s-]/g, '').replace(/[il]/g, '1').replace(/o/g, '0');
  if (chars.length !== TIME_CHARS + RANDOM_CHARS) return trimmed;
  const canonical = `rb-${chars.slice(0, 5)}-${chars.slice(5, 9)}-${chars.slice(9, 13)}-${chars.slice(13)}`;
  return SHORT.test(canonical) ? canonical : trimmed;
}
