import { Composer, InlineKeyboard } from 'grammy';
import type { PinState } from '../../accounts/pin.ts';
import { escapeHtml, html } from '../../lib/html.ts';
import type { ReceiptProfiles } from '../../receipts/profile.ts';
import { SETTINGS_DATA, parseSettings, settingsData } from '../callback-data/settings.ts';
import { PIN_SETUP } from '../conversations/pin-setup.ts';
import type { BotContext } from '../context.ts';
import { requireRole } from './access.ts';
import { languageName, showLanguages } from './language.ts';
import { showShopName, showTimeZone } from './shop.ts';

export interface SettingsDeps {
  profiles: Pick<ReceiptProfiles, 'get'>;
  pins: { state(userId: number): Promise<Pick<PinState, 'hasPin'>> };
}

/**
 * `/settings`: the language, and for a reseller the time zone, the shop name and the PIN, on one screen with a
 * button each. A button does what its own command does alone (`/language`, `/timezone`, `/shop`, `/pin`), which
 * all keep working.
 */
export function createSettingsFeature(deps: SettingsDeps) {
  const composer = new Composer<BotContext>();

  composer.command('settings', requireRole('settings'), async (ctx) => {
    const locale = await ctx.i18n.getLocale();
    const lines = [ctx.t('settings-title'), ctx.t('settings-language', { language: languageName(locale) })];
    const kb = new InlineKeyboard().text(ctx.t('settings-button-language'), settingsData('language'));
    if (ctx.role === 'reseller') {
      const userId = ctx.from!.id;
      const [profile, pin] = await Promise.all([deps.profiles.get(userId), deps.pins.state(userId)]);
      lines.push(
        ctx.t('settings-timezone', { zone: profile.timeZone ?? 'UTC' }),
        profile.shopName === undefined
          ? ctx.t('settings-shop-none')
          : ctx.t('settings-shop', { name: html(`<b>${escapeHtml(profile.shopName)}</b>`) }),
        ctx.t(pin.hasPin ? 'settings-pin-set' : 'settings-pin-none'),
      );
      kb.text(ctx.t('settings-button-timezone'), settingsData('timezone'))
        .row()
        .text(ctx.t('settings-button-shop'), settingsData('shop'))
        .text(ctx.t('settings-button-pin'), settingsData('pin'));
    }
    await ctx.reply(lines.join('\n'), { reply_markup: kb });
  });

  composer.callbackQuery(SETTINGS_DATA, async (ctx) => {
    const item = parseSettings(ctx.callbackQuery.data);
    const reseller = ctx.role === 'reseller';
    // A forged or stale button of a setting this user does not have is only answered.
    if (item === null || (item !== 'language' && !reseller)) {
      await ctx.answerCallbackQuery({ text: ctx.t('command-not-for-role') });
      return;
    }
    await ctx.answerCallbackQuery();
    switch (item) {
      case 'language':
        return showLanguages(ctx);
      case 'timezone':
        return showTimeZone(ctx, deps.profiles);
      case 'shop':
        return showShopName(ctx, deps.profiles);
      case 'pin':
        await ctx.conversation.exitAll();
        await ctx.conversation.enter(PIN_SETUP);
        return;
      default: {
        const never: never = item;
        throw new Error(`unknown setting ${String(never)}`);
      }
    }
  });

  return composer;
}
