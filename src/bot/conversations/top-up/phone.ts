import { maskPhone, parsePhone } from '../../../domain/phone.ts';
import type { BaseContext, RecentNumber } from '../../context.ts';
import type { PhoneChoice, TopUpState } from '../top-up-model.ts';

// The phone step's pure rules.

const MAX_RECENT = 5;

/** A stored number (digits with country code) as the flow shows and sends it. */
export function phoneChoice(digits: string, country: string): PhoneChoice | undefined {
  const parsed = parsePhone(`+${digits}`, country);
  if (!parsed.ok) return undefined;
  return {
    digits: parsed.phone.e164Digits,
    international: parsed.phone.international,
    masked: maskPhone(parsed.phone.e164Digits),
  };
}

/** A shared contact's number may lack the plus; digits that already carry the country code get one. */
export function contactNumber(phone: string, country: string): string {
  const trimmed = phone.trim();
  if (trimmed.startsWith('+')) return trimmed;
  const withCode = `+${trimmed.replace(/\D/g, '')}`;
  const parsed = parsePhone(withCode, country);
  return parsed.ok ? withCode : trimmed;
}

/** A typed or shared number with its plus. */
export function withPlus(phone: string): string {
  const trimmed = phone.trim();
  return trimmed.startsWith('+') ? trimmed : `+${trimmed}`;
}

/** Puts the order's country and number first in the chat's recent lists. */
export function rememberRecent(outer: BaseContext, state: TopUpState): void {
  const session = outer.session;
  if (!session || !state.country || !state.phone) return;
  session.recentCountries = [
    state.country.code,
    ...session.recentCountries.filter((c) => c !== state.country!.code),
  ].slice(0, MAX_RECENT);
  const entry: RecentNumber = { digits: state.phone.digits, country: state.country.code };
  session.recentNumbers = [entry, ...session.recentNumbers.filter((n) => n.digits !== entry.digits)].slice(
    0,
    MAX_RECENT,
  );
}
