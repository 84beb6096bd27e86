import { Composer, InlineKeyboard } from 'grammy';
import type { BotContext } from '../context.ts';
import { LOCALES } from '../../config.ts';
import { isLocale } from '../i18n.ts';
import { LANGUAGE_DATA, languageData, parseLanguage } from '../callback-data/language.ts';

/** Where CLDR's own name is not what speakers call the language on a button. */
const OWN_NAMES: Record<string, string> = { id: 'Bahasa Indonesia' };

/** A language's own name for itself ("Kiswahili", "العربية"), capitalised as a button label. */
export function languageName(locale: string): string {
  const name =
    OWN_NAMES[locale] ?? new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

const composer = new Composer<BotContext>();

/** The language picker (`/language`, and its button in /settings). */
export async function showLanguages(ctx: BotContext): Promise<void> {
  const kb = new InlineKeyboard();
  LOCALES.forEach((locale, i) => {
    kb.text(languageName(locale), languageData(locale));
    if (i % 3 === 2) kb.row();
  });
  await ctx.reply(ctx.t('language-choose'), { reply_markup: kb });
}

composer.command('language', showLanguages);

composer.callbackQuery(LANGUAGE_DATA, async (ctx) => {
  const locale = parseLanguage(ctx.callbackQuery.data) ?? undefined;
  if (!isLocale(locale)) {
    await ctx.answerCallbackQuery();
    return;
  }
  ctx.session.locale = locale;
  await ctx.i18n.renegotiateLocale();
  await ctx.answerCallbackQuery();
  await ctx.editMessageText(ctx.t('language-set', { language: languageName(locale) }));
});

export { composer as languageFeature };
