import { InlineKeyboard } from 'grammy';
import { ACTION, CHOICE, choiceAction, choiceIndex } from '../../callback-data/top-up.ts';
import { appendPager } from '../../keyboards/paged-list.ts';
import { pageOf } from '../top-up-model.ts';
import {
  searchOperators,
  subtypesOf,
  toOperatorChoice,
  type OperatorChoice,
} from '../../../orders/choices.ts';
import { PAGE, type StepContext, type StepResult } from './step-context.ts';
import { clip } from './texts.ts';
import { escapeHtml } from '../../../lib/html.ts';

/** Asks for the operator: a paged list, or a search by name (the one-line `/topup` operator first). */
export async function askOperator(sc: StepContext): Promise<StepResult> {
  if (sc.state.operator) return 'next';
  const { ctx, deps, t, cb, input, navRow, pager, closePrompt, subtypeLabel } = sc;
  const country = sc.state.country!;
  const operators = await deps.catalogue.operators(country.code);
  const all = operators.map((o) => ({
    operatorKey: o.operatorKey,
    name: o.name,
    subtypes: subtypesOf(toOperatorChoice(o)),
  }));
  if (all.length === 0) {
    await ctx.reply(t('top-up-no-operators', { country: country.name }));
    return 'back';
  }
  const choose = (key: string): OperatorChoice | null => {
    const found = operators.find((o) => o.operatorKey === key);
    return found ? toOperatorChoice(found) : null;
  };
  if (sc.pendingOperator !== undefined) {
    const typed = sc.pendingOperator;
    const matches = searchOperators(all, typed);
    sc.pendingOperator = undefined;
    // Say why the list is shown when the one-line operator did not settle it.
    if (matches.length === 0) await ctx.reply(t('top-up-operator-no-match', { query: clip(typed) }));
    if (matches.length === 1) {
      const chosen = choose(matches[0]!.operatorKey);
      if (chosen) {
        sc.state.operator = chosen;
        await ctx.reply(
          t('top-up-operator-chosen', { operator: chosen.name }) + '\n' + t('top-up-wrong-number-warning'),
        );
        return 'next';
      }
    }
  }
  const s = sc.nextPrompt();
  let page = 0;
  const render = () => {
    const listed = pageOf(all, page, PAGE);
    const kb = new InlineKeyboard();
    listed.items.forEach((o, i) => {
      kb.text(
        `${escapeHtml(o.name)} · ${o.subtypes.map(subtypeLabel).join(', ')}`,
        cb(s, choiceAction(CHOICE.operator, page * PAGE + i)),
      ).row();
    });
    appendPager(kb, listed, pager, (p) =>
      cb(s, p === undefined ? ACTION.noop : choiceAction(CHOICE.page, p)),
    );
    return navRow(kb, s, true);
  };
  const prompt = () =>
    t('top-up-choose-operator', { country: country.name }) + '\n\n' + t('top-up-wrong-number-warning');
  const message = await ctx.reply(prompt(), { reply_markup: render() });
  for (;;) {
    const a = await input(s, message);
    if (a === 'back' || a === 'cancel') return a;
    let picked: { operatorKey: string } | undefined;
    if (a.kind === 'button') {
      const toPage = choiceIndex(a.action, CHOICE.page);
      if (toPage !== undefined) {
        page = toPage || 0;
        await ctx.api.editMessageText(ctx.chat!.id, message.message_id, prompt(), {
          reply_markup: render(),
        });
        continue;
      }
      const index = choiceIndex(a.action, CHOICE.operator);
      if (index !== undefined) picked = all[index];
      if (!picked) continue;
    } else {
      const typed = a.kind === 'contact' ? a.phone : a.text;
      const matches = searchOperators(all, typed);
      if (matches.length === 0) {
        await ctx.reply(t('top-up-operator-no-match', { query: clip(typed) }));
        continue;
      }
      if (matches.length > 1) {
        const kb = new InlineKeyboard();
        for (const o of matches.slice(0, PAGE))
          kb.text(escapeHtml(o.name), cb(s, choiceAction(CHOICE.operator, all.indexOf(o)))).row();
        await ctx.reply(t('top-up-operator-several', { query: clip(typed) }), { reply_markup: kb });
        continue;
      }
      picked = matches[0]!;
    }
    const chosen = choose(picked.operatorKey);
    if (!chosen) {
      await ctx.reply(t('top-up-offer-unavailable'));
      continue;
    }
    sc.state.operator = chosen;
    await closePrompt(message, t('top-up-operator-chosen', { operator: chosen.name }));
    return 'next';
  }
}
