import { Decimal } from 'decimal.js';
import type { CreditAmount } from '../accounts/amount.ts';
import { currencyDigits } from '../domain/money.ts';
import type { BotContext } from './context.ts';

/** An amount that parseCreditAmount refused. */
export type RefusedAmount = Extract<CreditAmount, { ok: false }>;

/**
 * Why a typed credit amount was refused (the `credit-amount-*` answers): an ambiguous `1,000` names both of its
 * readings as amounts with the currency's minor digits and no grouping (`1000.00 USD`), and how to write each.
 */
export function amountProblemText(
  ctx: BotContext,
  refused: RefusedAmount,
  typed: string,
  currency: string,
): string {
  if (refused.problem !== 'ambiguous') {
    return ctx.t(`credit-amount-${refused.problem}`, { digits: currencyDigits(currency), currency });
  }
  const reading = (text: string) => {
    const value = new Decimal(text);
    return `${value.toFixed(Math.max(currencyDigits(currency), value.decimalPlaces()))} ${currency}`;
  };
  const { whole, point } = refused.readings;
  return ctx.t('credit-amount-ambiguous', {
    typed: typed.trim(),
    thousands: reading(whole),
    decimal: reading(point),
    whole,
    point,
  });
}
