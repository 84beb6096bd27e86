import { InlineKeyboard } from 'grammy';
import { ACTION, CHOICE, choiceAction, choiceIndex } from '../../callback-data/top-up.ts';
import { fold } from '../top-up-model.ts';
import type { StepContext } from './step-context.ts';

/** Asks for one of a few products' options (the subtype or the currency), by button or by typing it. */
export async function askChoice(
  sc: StepContext,
  kind: 'subtype' | 'currency',
  text: string,
  choices: Array<{ text: string; value: string }>,
): Promise<{ kind: 'ok'; value: string } | { kind: 'back' } | { kind: 'cancel' }> {
  const { ctx, t, cb, answer, navRow, closePrompt } = sc;
  const s = sc.nextPrompt();
  const kb = new InlineKeyboard();
  choices.forEach((c, i) => kb.text(c.text, cb(s, choiceAction(CHOICE.value, i))));
  const message = await ctx.reply(text, { reply_markup: navRow(kb, s, true) });
  for (;;) {
    const a = await answer(s);
    if (a.kind === 'cancel') return { kind: 'cancel' };
    if (a.kind === 'button') {
      if (a.action === ACTION.cancel) return { kind: 'cancel' };
      if (a.action === ACTION.back) {
        await closePrompt(message);
        return { kind: 'back' };
      }
      const choice = choices[choiceIndex(a.action, CHOICE.value) ?? -1];
      if (!choice) continue;
      await closePrompt(message, `${text}\n→ ${choice.text}`);
      return { kind: 'ok', value: choice.value };
    }
    // The same rule as the country and operator search: people type without accents or punctuation.
    const typed = fold(a.kind === 'contact' ? a.phone : a.text);
    const choice =
      typed === '' ? undefined : choices.find((c) => fold(c.text) === typed || fold(c.value) === typed);
    if (choice) {
      await closePrompt(message, `${text}\n→ ${choice.text}`);
      return { kind: 'ok', value: choice.value };
    }
    await ctx.reply(t(kind === 'subtype' ? 'top-up-subtype-unknown' : 'top-up-currency-unknown'));
  }
}
