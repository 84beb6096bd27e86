import { Composer, InlineKeyboard } from 'grammy';
import type { BotContext } from '../context.ts';
import { LOCALES } from '../../config.ts';
import { isLocale } from '../i18n.ts';
import { LANGUAGE_DATA, languageData, parseLanguage } from '../callback-data/language.ts';

const NAMES: Record<string, string> = { en: 'English', es: 'Español', fr: 'Français', ru: 'Русский' };

const composer = new Composer<BotContext>();

composer.command('language', async (ctx) => {
  const kb = new InlineKeyboard();
  for (const locale of LOCALES) kb.text(NAMES[locale] ?? locale, languageData(locale));
  await ctx.reply(ctx.t('language-choose'), { reply_markup: kb });
});

composer.callbackQuery(LANGUAGE_DATA, async (ctx) => {
  const locale = parseLanguage(ctx.callbackQuery.data) ?? undefined;
  if (!isLocale(locale)) {
    await ctx.answerCallbackQuery();
    return;
  }
  ctx.session.locale = locale;
  await ctx.i18n.renegotiateLocale();
  await ctx.answerCallbackQuery();
  await ctx.editMessageText(ctx.t('language-set', { language: NAMES[locale] ?? locale }));
});

export { composer as languageFeature };
