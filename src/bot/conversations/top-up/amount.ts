import { Decimal } from 'decimal.js';
import { InlineKeyboard } from 'grammy';
import { checkAmountRange, formatAmount, formatMoney, parseTypedAmount } from '../../../domain/money.ts';
import { CHOICE, choiceAction, choiceIndex } from '../../callback-data/top-up.ts';
import { payerNow } from '../../../orders/top-up.ts';
import { boundsOf, fitsOptions, isFixed, optionsOf } from '../../../orders/choices.ts';
import type { StepContext, StepResult } from './step-context.ts';
import { escapeHtml, html } from '../../../lib/html.ts';

type Options = ReturnType<typeof optionsOf>;

/** The amount step: a still offered amount is kept, the one-line amount taken if offered, else asked. */
export async function askAmount(run: StepContext): Promise<StepResult> {
  const { state } = run;
  const options = optionsOf(state.operator!, state.subtype!, state.currency!);
  if (state.amount && fitsOptions(new Decimal(state.amount), options)) return 'next';
  if (run.pendingAmount !== undefined) {
    const value = new Decimal(run.pendingAmount);
    run.pendingAmount = undefined;
    if (fitsOptions(value, options)) {
      state.amount = value.toFixed();
      return 'next';
    }
    await run.ctx.reply(amountRefusal(run, value, options, state.currency!));
  }
  return promptAmount(run, options);
}

/** Asks for the amount: a button per fixed value, or a typed amount inside a range. */
async function promptAmount(run: StepContext, options: Options): Promise<StepResult> {
  const { ctx, locale, t, cb, input, navRow, closePrompt, subtypeLabel } = run;
  const s = run.nextPrompt();
  const currency = run.state.currency!;
  const fixed = options.filter(isFixed);
  const ranges = options.filter((o) => !isFixed(o));
  const prices = await buttonPrices(
    run,
    fixed.map((o) => o.min),
  );
  const kb = new InlineKeyboard();
  // With prices the labels are long: two buttons a row.
  const perRow = prices === null ? 3 : 2;
  fixed.forEach((o, i) => {
    const receives = escapeHtml(o.label || formatMoney(o.min, currency, locale));
    const pays = prices?.prices[new Decimal(o.min).toFixed()];
    kb.text(
      pays === undefined ? receives : `${receives} · ${formatMoney(pays, prices!.currency, locale)}`,
      cb(s, choiceAction(CHOICE.amount, options.indexOf(o))),
    );
    if (i % perRow === perRow - 1) kb.row();
  });
  const lines = [
    t('top-up-choose-amount', {
      operator: run.state.operator!.name,
      subtype: html(subtypeLabel(run.state.subtype!)),
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
    const a = await input(s, message);
    if (a === 'back' || a === 'cancel') return a;
    let value: Decimal;
    if (a.kind === 'button') {
      const option = options[choiceIndex(a.action, CHOICE.amount) ?? -1];
      if (!option) continue;
      value = new Decimal(option.min);
    } else {
      const parsed = parseTypedAmount(a.kind === 'contact' ? a.phone : a.text);
      if (!parsed.ok) {
        await ctx.reply(t(`amount-error-${parsed.reason}`));
        continue;
      }
      if (!fitsOptions(parsed.value, options)) {
        await ctx.reply(amountRefusal(run, parsed.value, options, currency));
        continue;
      }
      value = parsed.value;
    }
    run.state.amount = value.toFixed();
    await closePrompt(message, t('top-up-amount-chosen', { amount: formatMoney(value, currency, locale) }));
    return 'next';
  }
}

/**
 * What the viewer pays for each fixed amount (a reseller their price, an admin the merchant price), as far as
 * it is known in time; null when no price is (or the deps cannot tell). Small JSON: it stays in the replay log.
 */
async function buttonPrices(
  run: StepContext,
  amounts: string[],
): Promise<{ currency: string; prices: Record<string, string> } | null> {
  const { deps, state } = run;
  const fixedPrices = deps.fixedPrices;
  if (fixedPrices === undefined || amounts.length === 0) return null;
  return run.conversation.external(async () => {
    const product = {
      country: state.country!.code,
      operatorKey: state.operator!.operatorKey,
      subtype: state.subtype!,
      currency: state.currency!,
    };
    try {
      const known = await fixedPrices.pricesOf(
        product,
        amounts.map((a) => new Decimal(a).toFixed()),
      );
      const entries = Object.entries(known);
      if (entries.length === 0) return null;
      const currency = entries[0]![1].currency;
      const payer = await payerNow(deps.shown, run.userId);
      const same = entries.filter(([, p]) => p.currency === currency);
      const merchantPrices = same.map(([, p]) => p.price);
      // A reseller's prices down their chain, read once for every button.
      const paid =
        payer?.role === 'reseller'
          ? (
              await deps.pricing.priceChains(
                { country: product.country, operatorKey: product.operatorKey, resellerId: run.userId },
                merchantPrices,
                currency,
                payer.chain,
              )
            ).map((chain) => chain.price)
          : merchantPrices;
      return { currency, prices: Object.fromEntries(same.map(([amount], i) => [amount, paid[i]!])) };
    } catch {
      // Prices on buttons are a help: without them the amounts are still offered.
      return null;
    }
  });
}

/** Why an amount is refused: below, above, or between the offered values. */
function amountRefusal(run: StepContext, value: Decimal, options: Options, currency: string): string {
  const { locale, t } = run;
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
