import {
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
} from 'libphonenumber-js/max';
import type { CountryCode, PhoneNumber } from 'libphonenumber-js/max';
import { normaliseTypedText } from './money.ts';

/**
 * Phone number rules, with libphonenumber-js's full ("max") metadata so that mobile and fixed-line
 * ranges can be told apart.
 *
 * Accepted input: national or international (`+` and country code) format; spaces, dashes, brackets,
 * dots and slashes as separators; digits of any script. Anything else (letters, extensions) is `invalid`.
 * Accepted numbers are valid for the chosen country and of type MOBILE or FIXED_LINE_OR_MOBILE (or of no
 * type when the metadata cannot tell).
 */

export type PhoneProblem = 'empty' | 'invalid' | 'wrong-country' | 'not-mobile' | 'too-long';

interface ParsedPhone {
  /** Digits with the country code and no plus: what the Merchant API's `account` takes. */
  e164Digits: string;
  /** Display form, e.g. "+234 803 123 4567". */
  international: string;
  /** ISO 3166-1 alpha-2 code of the number's country. */
  country: string;
}

export type PhoneResult = { ok: true; phone: ParsedPhone } | { ok: false; reason: PhoneProblem };

/** E.164 allows 15 digits; a national trunk prefix or an international prefix may add a few. */
const MAX_DIGITS = 17;
const ALLOWED = /^\+?[\d\s().\-/]*$/;
const MOBILE_TYPES = new Set<string | undefined>(['MOBILE', 'FIXED_LINE_OR_MOBILE', undefined]);

type Prepared = { ok: true; text: string } | { ok: false; reason: PhoneProblem };

function prepare(input: string): Prepared {
  if (typeof input !== 'string') return { ok: false, reason: 'invalid' };
  if (input.length > 200) return { ok: false, reason: 'too-long' };
  const text = normaliseTypedText(input).replace(/\uFF0B/g, '+');
  if (text === '') return { ok: false, reason: 'empty' };
  if (!ALLOWED.test(text)) return { ok: false, reason: 'invalid' };
  const digits = text.replace(/\D/g, '');
  if (digits === '') return { ok: false, reason: 'invalid' };
  if (digits.length > MAX_DIGITS) return { ok: false, reason: 'too-long' };
  return { ok: true, text };
}

function toParsed(number: PhoneNumber, country: string): ParsedPhone {
  return {
    e164Digits: number.number.replace(/^\+/, ''),
    international: number.formatInternational(),
    country,
  };
}

/** Checks a number typed (or shared) for a given country; never throws. */
export function parsePhone(input: string, countryIso: string): PhoneResult {
  const prepared = prepare(input);
  if (!prepared.ok) return prepared;
  const country = typeof countryIso === 'string' ? countryIso.toUpperCase() : '';
  if (!isSupportedCountry(country)) return { ok: false, reason: 'invalid' };
  const first = parseFor(prepared.text, country);
  if (first.ok || prepared.text.startsWith('+')) return first;
  // Shared contacts and some habits drop the plus: "2348031234567" or "002348031234567".
  const digits = prepared.text.replace(/\D/g, '');
  const alternatives: string[] = [];
  if (digits.startsWith('00')) alternatives.push(`+${digits.slice(2)}`);
  if (digits.startsWith(getCountryCallingCode(country))) alternatives.push(`+${digits}`);
  for (const alternative of alternatives) {
    const again = parseFor(alternative, country);
    if (again.ok) return again;
  }
  return first;
}

function parseFor(text: string, country: CountryCode): PhoneResult {
  let number: PhoneNumber | undefined;
  try {
    number = parsePhoneNumberFromString(text, { defaultCountry: country });
  } catch {
    number = undefined;
  }
  if (number === undefined) return { ok: false, reason: lengthProblem(text, country) ?? 'invalid' };
  if (number.country !== country && number.countryCallingCode === getCountryCallingCode(country)) {
    // Shared calling codes (FI/AX, GB/JE, US/CA…): the parser names the first country whose ranges
    // match; ask the metadata whether the number is valid for the chosen one too.
    const detected = number.country;
    number.country = country;
    if (!number.isValid()) number.country = detected;
  }
  if (!number.isValid()) {
    // A number of another country typed with its own code is a clearer answer than "invalid".
    if (text.startsWith('+') && number.country !== undefined && number.country !== country) {
      return { ok: false, reason: 'wrong-country' };
    }
    if (text.startsWith('+') && number.countryCallingCode !== getCountryCallingCode(country)) {
      return { ok: false, reason: 'wrong-country' };
    }
    return { ok: false, reason: lengthProblem(text, country) ?? 'invalid' };
  }
  if (number.country !== country) return { ok: false, reason: 'wrong-country' };
  if (!MOBILE_TYPES.has(number.getType())) return { ok: false, reason: 'not-mobile' };
  return { ok: true, phone: toParsed(number, country) };
}

function lengthProblem(text: string, country: CountryCode): PhoneProblem | undefined {
  try {
    return validatePhoneNumberLength(text, { defaultCountry: country }) === 'TOO_LONG'
      ? 'too-long'
      : undefined;
  } catch {
    return undefined;
  }
}

export type InternationalCountryResult =
  | { ok: true; country: string }
  | { ok: false; reason: 'empty' | 'not-international' | 'unknown-country' | 'too-long' | 'invalid' };

/**
 * The country of a number typed in international format (`+` and country code), e.g. to pick the
 * country at the first step of a top-up; check the number itself with parsePhone afterwards.
 */
export function countryOfInternational(input: string): InternationalCountryResult {
  const prepared = prepare(input);
  if (!prepared.ok) {
    return {
      ok: false,
      reason: prepared.reason === 'too-long' || prepared.reason === 'empty' ? prepared.reason : 'invalid',
    };
  }
  if (!prepared.text.startsWith('+')) return { ok: false, reason: 'not-international' };
  let number: PhoneNumber | undefined;
  try {
    number = parsePhoneNumberFromString(prepared.text);
  } catch {
    number = undefined;
  }
  // For a number the metadata cannot place (e.g. not valid), the main country of its calling code.
  const country = number?.country ?? number?.getPossibleCountries()[0];
  if (country === undefined) return { ok: false, reason: 'unknown-country' };
  return { ok: true, country };
}

/**
 * Masked display form that keeps only the country code and the last 4 digits, e.g. "+234 *** *** 4567".
 * Takes digits with country code (with or without `+`).
 */
export function maskPhone(digitsOrE164: string): string {
  const digits = String(digitsOrE164).replace(/\D/g, '');
  if (digits.length < 7) return '***';
  // Every message about an order masks its phone again (each status edit, the final notice, a card), within
  // seconds of each other: the phones of the latest orders are parsed once. Bounded; full, it starts over.
  let masked = maskedPhones.get(digits);
  if (masked === undefined) {
    if (maskedPhones.size >= MASKED_PHONES_KEPT) maskedPhones.clear();
    masked = maskDigits(digits);
    maskedPhones.set(digits, masked);
  }
  return masked;
}

const MASKED_PHONES_KEPT = 2_000;
const maskedPhones = new Map<string, string>();

function maskDigits(digits: string): string {
  const last4 = digits.slice(-4);
  let callingCode: string | undefined;
  try {
    callingCode = parsePhoneNumberFromString(`+${digits}`)?.countryCallingCode;
  } catch {
    callingCode = undefined;
  }
  if (
    callingCode !== undefined &&
    digits.startsWith(callingCode) &&
    digits.length - callingCode.length >= 6
  ) {
    return `+${callingCode} *** *** ${last4}`;
  }
  return `+*** *** ${last4}`;
}
