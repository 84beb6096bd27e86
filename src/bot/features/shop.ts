import { Composer } from 'grammy';
import { code, escapeHtml, html as fragment } from '../../lib/html.ts';
import { SHOP_NAME_MAX, parseShopName, parseTimeZone, type ReceiptProfiles } from '../../receipts/profile.ts';
import type { BotContext } from '../context.ts';
import { requireRole } from './access.ts';

/** Typed to remove the shop name or the time zone. */
const CLEAR = '-';

/** `/shop [name|-]` and `/timezone [zone|-]`: what a reseller's receipts say about the shop, and when. */
/** The shop name now and how to change it (`/shop` alone, and its button in /settings). */
export async function showShopName(ctx: BotContext, profiles: Pick<ReceiptProfiles, 'get'>): Promise<void> {
  const { shopName } = await profiles.get(ctx.from!.id);
  const current =
    shopName === undefined
      ? ctx.t('shop-none')
      : ctx.t('shop-current', { name: fragment(`<b>${escapeHtml(shopName)}</b>`) });
  await ctx.reply(`${current}\n${ctx.t('shop-usage', { max: SHOP_NAME_MAX })}`, { parse_mode: 'HTML' });
}

/** The time zone now and how to change it (`/timezone` alone, and its button in /settings). */
export async function showTimeZone(ctx: BotContext, profiles: Pick<ReceiptProfiles, 'get'>): Promise<void> {
  const { timeZone } = await profiles.get(ctx.from!.id);
  await ctx.reply(
    `${ctx.t('timezone-current', { zone: code(timeZone ?? 'UTC') })}\n${ctx.t('timezone-usage')}`,
    {
      parse_mode: 'HTML',
    },
  );
}

export function createShopFeature(deps: { profiles: ReceiptProfiles }) {
  const composer = new Composer<BotContext>();
  const html = { parse_mode: 'HTML' } as const;

  composer.command('shop', requireRole('shop'), async (ctx) => {
    const userId = ctx.from!.id;
    const input = ctx.match;
    if (input.trim() === '') {
      await showShopName(ctx, deps.profiles);
      return;
    }
    if (input.trim() === CLEAR) {
      await deps.profiles.setShopName(userId, null);
      await ctx.reply(ctx.t('shop-cleared'), html);
      return;
    }
    const parsed = parseShopName(input);
    if (!parsed.ok) {
      await ctx.reply(ctx.t(`shop-invalid-${parsed.reason}`, { max: SHOP_NAME_MAX }), html);
      return;
    }
    await deps.profiles.setShopName(userId, parsed.name);
    await ctx.reply(ctx.t('shop-saved', { name: fragment(`<b>${escapeHtml(parsed.name)}</b>`) }), html);
  });

  composer.command('timezone', requireRole('timezone'), async (ctx) => {
    const userId = ctx.from!.id;
    const input = ctx.match.trim();
    if (input === '') {
      await showTimeZone(ctx, deps.profiles);
      return;
    }
    if (input === CLEAR) {
      await deps.profiles.setTimeZone(userId, null);
      // A plain string argument is escaped by the translation: markup must travel as Html.
      await ctx.reply(ctx.t('timezone-saved', { zone: code('UTC') }), html);
      return;
    }
    const zone = parseTimeZone(input);
    if (zone === null) {
      const shown = [...input].slice(0, 64).join('');
      await ctx.reply(ctx.t('timezone-invalid', { input: code(shown) }), html);
      return;
    }
    await deps.profiles.setTimeZone(userId, zone === 'UTC' ? null : zone);
    await ctx.reply(ctx.t('timezone-saved', { zone: code(zone) }), html);
  });

  return composer;
}
