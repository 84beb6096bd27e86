import { InlineKeyboard } from 'grammy';
import { CHOICE, choiceAction, choiceIndex } from '../../callback-data/top-up.ts';
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

/** An operator as the list shows it. */
interface Listed {
  operatorKey: string;
  name: string;
  subtypes: string[];
}

/** Asks for the operator: a paged list, or a search by name (the one-line `/topup` operator first). */
export async function askOperator(run: StepContext): Promise<StepResult> {
  if (run.state.operator) return 'next';
  const { ctx, deps, t, input, closePrompt } = run;
  const country = run.state.country!;
  const operators = await deps.catalogue.operators(country.code);
  const all: Listed[] = operators.map((o) => ({
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
  if (await tookPendingOperator(run, all, choose)) return 'next';
  const s = run.nextPrompt();
  let page = 0;
  const prompt =
    t('top-up-choose-operator', { country: country.name }) + '\n\n' + t('top-up-wrong-number-warning');
  const message = await ctx.reply(prompt, { reply_markup: operatorList(run, s, all, page) });
  for (;;) {
    const a = await input(s, message);
    if (a === 'back' || a === 'cancel') return a;
    let picked: Listed | undefined;
    if (a.kind === 'button') {
      const toPage = choiceIndex(a.action, CHOICE.page);
      if (toPage !== undefined) {
        page = toPage || 0;
        await ctx.api.editMessageText(ctx.chat!.id, message.message_id, prompt, {
          reply_markup: operatorList(run, s, all, page),
        });
        continue;
      }
      const index = choiceIndex(a.action, CHOICE.operator);
      if (index !== undefined) picked = all[index];
    } else {
      picked = await searchedOperator(run, s, all, a.kind === 'contact' ? a.phone : a.text);
    }
    if (!picked) continue;
    const chosen = choose(picked.operatorKey);
    if (!chosen) {
      await ctx.reply(t('top-up-offer-unavailable'));
      continue;
    }
    run.state.operator = chosen;
    await closePrompt(message, t('top-up-operator-chosen', { operator: chosen.name }));
    return 'next';
  }
}

/** Settles the operator from the one-line `/topup` when it names exactly one; true when it did. */
async function tookPendingOperator(
  run: StepContext,
  all: Listed[],
  choose: (key: string) => OperatorChoice | null,
): Promise<boolean> {
  const { ctx, t } = run;
  if (run.pendingOperator === undefined) return false;
  const typed = run.pendingOperator;
  const matches = searchOperators(all, typed);
  run.pendingOperator = undefined;
  // Say why the list is shown when the one-line operator did not settle it.
  if (matches.length === 0) await ctx.reply(t('top-up-operator-no-match', { query: clip(typed) }));
  if (matches.length !== 1) return false;
  const chosen = choose(matches[0]!.operatorKey);
  if (!chosen) return false;
  run.state.operator = chosen;
  await ctx.reply(
    t('top-up-operator-chosen', { operator: chosen.name }) + '\n' + t('top-up-wrong-number-warning'),
  );
  return true;
}

/** Page `page` of the operators (prompt `s`), each with its product kinds. */
function operatorList(run: StepContext, s: number, all: Listed[], page: number): InlineKeyboard {
  const { cb } = run;
  const listed = pageOf(all, page, PAGE);
  const kb = new InlineKeyboard();
  listed.items.forEach((o, i) => {
    kb.text(
      `${escapeHtml(o.name)} · ${o.subtypes.map(run.subtypeLabel).join(', ')}`,
      cb(s, choiceAction(CHOICE.operator, page * PAGE + i)),
    ).row();
  });
  return run.pagedNav(kb, s, listed, true);
}

/** The one operator a typed name finds; several are offered as buttons, none is said so. */
async function searchedOperator(
  run: StepContext,
  s: number,
  all: Listed[],
  typed: string,
): Promise<Listed | undefined> {
  const { ctx, t } = run;
  const matches = searchOperators(all, typed);
  if (matches.length === 0) {
    await ctx.reply(t('top-up-operator-no-match', { query: clip(typed) }));
    return undefined;
  }
  if (matches.length === 1) return matches[0];
  const kb = new InlineKeyboard();
  for (const o of matches.slice(0, PAGE))
    kb.text(escapeHtml(o.name), run.cb(s, choiceAction(CHOICE.operator, all.indexOf(o)))).row();
  await ctx.reply(t('top-up-operator-several', { query: clip(typed) }), { reply_markup: kb });
  return undefined;
}
