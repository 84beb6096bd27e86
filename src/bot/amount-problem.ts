import { Decimal } from 'decimal.js';
import { parseCreditAmount, type CreditAmount } from '../accounts/amount.ts';
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

/** A money command as typed: `/<command> <user id> <amount> [note]` with the amount read in the currency. */
export interface MoneyCommand {
  /** The user ID as typed (checked by the caller, who answers about a bad one in its own words). */
  idText: string | undefined;
  amount: Decimal;
  /** At most 200 characters. */
  note: string;
  currency: string;
  /** The command's own message: a move named by it is made once, however often the update is handled. */
  request: string;
}

/**
 * Reads `/credit` and `/transfer`'s arguments: answers the usage (`usageKey`) when the amount is missing and why
 * the amount is refused, and gives undefined then.
 */
export async function readMoneyCommand(
  ctx: BotContext,
  currencyOf: () => Promise<string>,
  usageKey: string,
): Promise<MoneyCommand | undefined> {
  const [idText, amountText, ...noteWords] = ctx.match!.toString().trim().split(/\s+/);
  if (amountText === undefined) {
    await ctx.reply(ctx.t(usageKey));
    return undefined;
  }
  const currency = await currencyOf();
  const parsed = parseCreditAmount(amountText, currency, true);
  if (!parsed.ok) {
    await ctx.reply(amountProblemText(ctx, parsed, amountText, currency));
    return undefined;
  }
  return {
    idText,
    amount: parsed.value,
    note: noteWords.join(' ').slice(0, 200),
    currency,
    request: `tg:${ctx.chat!.id}:${ctx.msg!.message_id}`,
  };
}
