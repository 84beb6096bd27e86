import { Composer, InlineKeyboard } from 'grammy';
import type { BotContext } from '../context.ts';
import { LOCALES } from '../../config.ts';
import { isLocale } from '../i18n.ts';

const NAMES: Record<string, string> = { en: 'English', es: 'Español', fr: 'Français', ru: 'Русский' };

const composer = new Composer<BotContext>();

composer.command('language', async (ctx) => {
  const kb = new InlineKeyboard();
  for (const locale of LOCALES) kb.text(NAMES[locale] ?? locale, `lang:${locale}`);
  await ctx.reply(ctx.t('language-choose'), { reply_markup: kb });
});

composer.callbackQuery(/^lang:(.+)$/, async (ctx) => {
  const locale = ctx.match[1];
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
