import { Decimal } from 'decimal.js';
import { InlineKeyboard } from 'grammy';
import { checkAmountRange, formatAmount, formatMoney, parseTypedAmount } from '../../../domain/money.ts';
import { ACTION, CHOICE, choiceAction, choiceIndex } from '../../callback-data/top-up.ts';
import { boundsOf, fitsOptions, isFixed, type optionsOf } from '../top-up-model.ts';
import type { StepContext } from './step-context.ts';

/** Asks for the amount: a button per fixed value, or a typed amount inside a range. */
export async function askAmount(
  sc: StepContext,
  options: ReturnType<typeof optionsOf>,
): Promise<'ok' | 'back' | 'cancel'> {
  const { ctx, locale, t, cb, answer, navRow, closePrompt, subtypeLabel } = sc;
  const s = sc.nextPrompt();
  const currency = sc.state.currency!;
  const fixed = options.filter(isFixed);
  const ranges = options.filter((o) => !isFixed(o));
  const kb = new InlineKeyboard();
  fixed.forEach((o, i) => {
    kb.text(
      o.label || formatMoney(o.min, currency, locale),
      cb(s, choiceAction(CHOICE.amount, options.indexOf(o))),
    );
    if (i % 3 === 2) kb.row();
  });
  const lines = [
    t('top-up-choose-amount', {
      operator: sc.state.operator!.name,
      subtype: subtypeLabel(sc.state.subtype!),
    }),
  ];
  for (const r of ranges) {
    lines.push(
      t('top-up-amount-range', {
        // The message names the currency once, after the maximum.
        min: formatAmount(r.min, currency, locale),
        max: formatAmount(r.max, currency, locale),
        currency,
      }),
    );
  }
  if (fixed.length > 0)
    lines.push(t(ranges.length > 0 ? 'top-up-amount-buttons-or-type' : 'top-up-amount-buttons'));
  const message = await ctx.reply(lines.join('\n'), { reply_markup: navRow(kb, s, true) });
  for (;;) {
    const a = await answer(s);
    if (a.kind === 'cancel') return 'cancel';
    if (a.kind === 'button') {
      if (a.action === ACTION.cancel) return 'cancel';
      if (a.action === ACTION.back) {
        await closePrompt(message);
        return 'back';
      }
      const option = options[choiceIndex(a.action, CHOICE.amount) ?? -1];
      if (!option) continue;
      sc.state.amount = new Decimal(option.min).toFixed();
      await closePrompt(
        message,
        t('top-up-amount-chosen', { amount: formatMoney(option.min, currency, locale) }),
      );
      return 'ok';
    }
    const typed = a.kind === 'contact' ? a.phone : a.text;
    const parsed = parseTypedAmount(typed);
    if (!parsed.ok) {
      await ctx.reply(t(`amount-error-${parsed.reason}`));
      continue;
    }
    if (!fitsOptions(parsed.value, options)) {
      await ctx.reply(amountRefusal(sc, parsed.value, options, currency));
      continue;
    }
    sc.state.amount = parsed.value.toFixed();
    await closePrompt(
      message,
      t('top-up-amount-chosen', { amount: formatMoney(parsed.value, currency, locale) }),
    );
    return 'ok';
  }
}

/** Why an amount is refused: below, above, or between the offered values. */
export function amountRefusal(
  sc: StepContext,
  value: Decimal,
  options: ReturnType<typeof optionsOf>,
  currency: string,
): string {
  const { locale, t } = sc;
  const bounds = boundsOf(options);
  if (!bounds) return t('top-up-offer-unavailable');
  const check = checkAmountRange(value, bounds.min, bounds.max);
  const vars = {
    min: formatAmount(bounds.min, currency, locale),
    max: formatAmount(bounds.max, currency, locale),
    currency,
  };
  if (check === 'below') return t('amount-error-below', vars);
  if (check === 'above') return t('amount-error-above', vars);
  // Inside the bounds but between fixed values.
  return t('amount-error-not-offered', {
    values: options
      .map((o) =>
        isFixed(o)
          ? formatAmount(o.min, currency, locale)
          : `${formatAmount(o.min, currency, locale)}–${formatAmount(o.max, currency, locale)}`,
      )
      .join(', '),
    currency,
  });
}
