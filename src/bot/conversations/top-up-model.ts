import { Decimal } from 'decimal.js';
import {
  currenciesOf,
  isFixed,
  optionsOf,
  subtypesOf,
  type AmountChoice,
  type CountryChoice,
  type OperatorChoice,
} from '../../orders/choices.ts';

/** The top-up conversation's state: what the reseller chose so far, and which step asks what. */

export interface PhoneChoice {
  /** Digits with country code, no plus: the one form sent to the service. */
  digits: string;
  international: string;
  masked: string;
}

/** Everything the reseller has chosen so far; plain JSON. */
export interface TopUpState {
  country?: CountryChoice;
  operator?: OperatorChoice;
  subtype?: string;
  currency?: string;
  amount?: string;
  phone?: PhoneChoice;
}

export type Step = 'country' | 'operator' | 'subtype' | 'currency' | 'amount' | 'phone' | 'quote';

export const STEPS: readonly Step[] = [
  'country',
  'operator',
  'subtype',
  'currency',
  'amount',
  'phone',
  'quote',
];

/** The fixed amount option the state has chosen, if its amount is one (it names the product: "1.5 GB, 3 days"). */
export function chosenFixedOption(state: TopUpState): AmountChoice | undefined {
  const { operator, subtype, currency, amount } = state;
  if (!operator || !subtype || !currency || amount === undefined) return undefined;
  return optionsOf(operator, subtype, currency).find((o) => isFixed(o) && new Decimal(o.min).eq(amount));
}

/** Whether the step offers the reseller a real choice (steps with one possibility are filled in silently). */
export function isAskable(step: Step, state: TopUpState): boolean {
  switch (step) {
    case 'subtype':
      return state.operator !== undefined && subtypesOf(state.operator).length > 1;
    case 'currency':
      return (
        state.operator !== undefined &&
        state.subtype !== undefined &&
        currenciesOf(state.operator, state.subtype).length > 1
      );
    case 'country':
    case 'operator':
    case 'amount':
    case 'phone':
    case 'quote':
      return true;
  }
}

/** The step Back returns to from `step`, or undefined at the first step. */
export function previousStep(step: Step, state: TopUpState): Step | undefined {
  for (let i = STEPS.indexOf(step) - 1; i >= 0; i--) {
    const candidate = STEPS[i]!;
    if (isAskable(candidate, state)) return candidate;
  }
  return undefined;
}

/** Forgets the answer to `step` and what depends on it, so that step is asked again. */
export function clearFrom(step: Step, state: TopUpState): TopUpState {
  const next = { ...state };
  switch (step) {
    case 'country':
      delete next.country;
      delete next.operator;
      delete next.subtype;
      delete next.currency;
      delete next.amount;
      delete next.phone;
      break;
    case 'operator':
      delete next.operator;
      delete next.subtype;
      delete next.currency;
      break;
    case 'subtype':
      delete next.subtype;
      delete next.currency;
      break;
    case 'currency':
      delete next.currency;
      break;
    case 'amount':
      delete next.amount;
      break;
    case 'phone':
      delete next.phone;
      break;
    case 'quote':
      break;
  }
  return next;
}

/** Slices a list into pages. */
export function pageOf<T>(
  items: T[],
  page: number,
  size: number,
): { items: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const p = Math.min(Math.max(0, page), pages - 1);
  return { items: items.slice(p * size, p * size + size), page: p, pages };
}
