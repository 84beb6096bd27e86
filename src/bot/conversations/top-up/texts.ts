import type { Country } from '../../../merchant/types.ts';
import type { CountryChoice } from '../../../orders/choices.ts';

// Small text helpers of the steps.

/** What a list of countries keeps: code and name. */
export function slimCountries(countries: Country[]): CountryChoice[] {
  return countries.map((c) => ({ code: c.code, name: c.name }));
}

/** A user's text, flattened and cut, for echoing it back. */
export function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 40 ? `${flat.slice(0, 40)}…` : flat;
}

/** A flag emoji from an ISO 3166-1 alpha-2 code. */
export function flag(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return '🏳️';
  return String.fromCodePoint(...[...code].map((ch) => 0x1f1e6 + ch.charCodeAt(0) - 65));
}
