import { InlineKeyboard } from 'grammy';
import { countryOfInternational, parsePhone } from '../../../domain/phone.ts';
import type { BaseContext } from '../../context.ts';
import { ACTION, CHOICE, choiceAction, choiceIndex, choiceOf } from '../../callback-data/top-up.ts';
import { pageOf } from '../top-up-model.ts';
import { searchCountries, type CountryChoice } from '../../../orders/choices.ts';
import { phoneChoice, withPlus } from './phone.ts';
import { PAGE, type Input, type StepContext, type StepResult } from './step-context.ts';
import { clip, flag, slimCountries } from './texts.ts';
import { escapeHtml } from '../../../lib/html.ts';

/** Asks for the country: a list with recent ones first, a search by name, or a number in international format. */
export async function askCountry(run: StepContext): Promise<StepResult> {
  if (run.state.country) return 'next';
  const { conversation, ctx, deps, t, input, closePrompt } = run;
  const s = run.nextPrompt();
  // The catalogue is read from its cache on every replay; only the session's codes enter the log.
  const codes = await conversation.external((outer: BaseContext) => outer.session?.recentCountries ?? []);
  const countries = slimCountries(await deps.catalogue.countries());
  const recent = codes
    .map((code) => countries.find((c) => c.code === code))
    .filter((c): c is CountryChoice => c !== undefined);
  let page = 0;
  const list = () => countryList(run, s, countries, recent, page);
  const message = await ctx.reply(t('top-up-choose-country'), { reply_markup: list() });
  const choose = async (chosen: CountryChoice): Promise<StepResult> => {
    run.state.country = chosen;
    await closePrompt(
      message,
      `${t('top-up-country-chosen')} ${flag(chosen.code)} ${escapeHtml(chosen.name)}`,
    );
    return 'next';
  };
  for (;;) {
    // The first step has no Back button: a Back answer is passed over.
    const a = await input(s, undefined);
    if (a === 'back' || a === 'cancel') return a;
    if (a.kind !== 'button') {
      const chosen = await typedCountry(run, s, countries, a);
      if (chosen) return choose(chosen);
      continue;
    }
    if (a.action === ACTION.noop) continue;
    const toPage = choiceIndex(a.action, CHOICE.page);
    if (toPage !== undefined) {
      page = toPage || 0;
      await ctx.api.editMessageText(ctx.chat!.id, message.message_id, t('top-up-choose-country'), {
        reply_markup: list(),
      });
      continue;
    }
    const code = choiceOf(a.action, CHOICE.country);
    if (code === undefined) continue;
    const chosen = countries.find((c) => c.code === code);
    if (chosen) return choose(chosen);
    await ctx.reply(t('top-up-country-not-sold'));
  }
}

/** Page `page` of the countries (prompt `s`), two a row, after the recent ones on the first page. */
function countryList(
  run: StepContext,
  s: number,
  countries: CountryChoice[],
  recent: CountryChoice[],
  page: number,
): InlineKeyboard {
  const { cb } = run;
  const listed = pageOf(countries, page, PAGE);
  const kb = new InlineKeyboard();
  if (page === 0 && recent.length > 0) {
    for (const c of recent)
      kb.text(`⭐ ${flag(c.code)} ${escapeHtml(c.name)}`, cb(s, choiceAction(CHOICE.country, c.code))).row();
  }
  listed.items.forEach((c, i) => {
    kb.text(`${flag(c.code)} ${escapeHtml(c.name)}`, cb(s, choiceAction(CHOICE.country, c.code)));
    if (i % 2 === 1) kb.row();
  });
  kb.row();
  return run.pagedNav(kb, s, listed, false);
}

/** The country a text or a shared contact names, or undefined when it names none (told why) or several (offered). */
async function typedCountry(
  run: StepContext,
  s: number,
  countries: CountryChoice[],
  a: Exclude<Input, { kind: 'button' }>,
): Promise<CountryChoice | undefined> {
  const { ctx, deps, t } = run;
  const typed = a.kind === 'contact' ? a.phone : a.text;
  // A number in international format picks its country and is kept for the phone step.
  if (/^\s*(\+|00)/.test(typed) || a.kind === 'contact') {
    const number = a.kind === 'contact' ? withPlus(typed) : typed;
    const found = countryOfInternational(number);
    if (!found.ok) {
      await ctx.reply(t('top-up-one-line-bad-phone'));
      return undefined;
    }
    const chosen = countries.find((c) => c.code === found.country);
    if (!chosen) {
      await ctx.reply(t('top-up-country-not-sold'));
      return undefined;
    }
    const parsed = parsePhone(number, chosen.code);
    if (parsed.ok) run.state.phone = phoneChoice(parsed.phone.e164Digits, chosen.code)!;
    return chosen;
  }
  const matches = slimCountries(searchCountries(await deps.catalogue.countries(), typed).slice(0, PAGE));
  if (matches.length === 1) return matches[0];
  if (matches.length === 0) {
    await ctx.reply(t('top-up-country-no-match', { query: clip(typed) }));
    return undefined;
  }
  const kb = new InlineKeyboard();
  for (const c of matches)
    kb.text(`${flag(c.code)} ${escapeHtml(c.name)}`, run.cb(s, choiceAction(CHOICE.country, c.code))).row();
  await ctx.reply(t('top-up-country-several', { query: clip(typed) }), { reply_markup: kb });
  return undefined;
}
