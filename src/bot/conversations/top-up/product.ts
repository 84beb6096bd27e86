import { Decimal } from 'decimal.js';
import { InlineKeyboard } from 'grammy';
import { CHOICE, choiceAction, choiceIndex } from '../../callback-data/top-up.ts';
import { currenciesOf, fold, pairsForAmount, subtypesOf } from '../../../orders/choices.ts';
import type { StepContext, StepResult } from './step-context.ts';
import { escapeHtml, htmlToPlain } from '../../../lib/html.ts';

/** The subtype step: settled by the one-line amount or a single subtype, else asked. */
export async function askSubtype(run: StepContext): Promise<StepResult> {
  const operator = run.state.operator!;
  const fitting = fittingPairs(run).map((p) => p.subtype);
  const text = run.t('top-up-choose-subtype', { operator: operator.name });
  return settle(run, 'subtype', subtypesOf(operator), [...new Set(fitting)], text, run.subtypeLabel);
}

/** The currency step: settled by the one-line amount or a single currency, else asked. */
export async function askCurrency(run: StepContext): Promise<StepResult> {
  const { operator, subtype } = run.state;
  const fitting = fittingPairs(run).filter((p) => p.subtype === subtype);
  const text = run.t('top-up-choose-currency', { operator: operator!.name });
  return settle(
    run,
    'currency',
    currenciesOf(operator!, subtype!),
    fitting.map((p) => p.currency),
    text,
    (c) => escapeHtml(c),
  );
}

/** Subtype and currency pairs that sell the one-line amount, if there is one. */
function fittingPairs(run: StepContext): Array<{ subtype: string; currency: string }> {
  return run.pendingAmount === undefined
    ? []
    : pairsForAmount(run.state.operator!, new Decimal(run.pendingAmount));
}

/**
 * Keeps a still offered answer, takes the one option the one-line amount fits or the only option offered,
 * and asks otherwise.
 */
async function settle(
  run: StepContext,
  kind: 'subtype' | 'currency',
  offered: string[],
  fitting: string[],
  text: string,
  /** A choice in words, as HTML (button labels are HTML like every text; the transformer shows them plain). */
  label: (value: string) => string,
): Promise<StepResult> {
  const current = run.state[kind];
  if (current && offered.includes(current)) return 'next';
  const only = fitting.length === 1 ? fitting[0] : offered.length === 1 ? offered[0] : undefined;
  const got =
    only !== undefined
      ? { value: only }
      : await askChoice(
          run,
          kind,
          text,
          offered.map((v) => ({ text: label(v), value: v })),
        );
  if (got === 'back' || got === 'cancel') return got;
  run.state[kind] = got.value;
  return 'next';
}

/** Asks for one of a few products' options (the subtype or the currency), by button or by typing it. */
async function askChoice(
  run: StepContext,
  kind: 'subtype' | 'currency',
  text: string,
  choices: Array<{ text: string; value: string }>,
): Promise<{ value: string } | 'back' | 'cancel'> {
  const { ctx, t, cb, input, navRow, closePrompt } = run;
  const s = run.nextPrompt();
  const kb = new InlineKeyboard();
  choices.forEach((c, i) => kb.text(c.text, cb(s, choiceAction(CHOICE.value, i))));
  const message = await ctx.reply(text, { reply_markup: navRow(kb, s, true) });
  for (;;) {
    const a = await input(s, message);
    if (a === 'back' || a === 'cancel') return a;
    let choice: { text: string; value: string } | undefined;
    if (a.kind === 'button') {
      choice = choices[choiceIndex(a.action, CHOICE.value) ?? -1];
      if (!choice) continue;
    } else {
      // The same rule as the country and operator search: people type without accents or punctuation.
      const typed = fold(a.kind === 'contact' ? a.phone : a.text);
      choice =
        typed === ''
          ? undefined
          : choices.find((c) => fold(htmlToPlain(c.text)) === typed || fold(c.value) === typed);
      if (!choice) {
        await ctx.reply(t(kind === 'subtype' ? 'top-up-subtype-unknown' : 'top-up-currency-unknown'));
        continue;
      }
    }
    await closePrompt(message, `${text}\n→ ${choice.text}`);
    return { value: choice.value };
  }
}
