import { Composer } from 'grammy';
import { LANGUAGE_DATA } from '../callback-data/language.ts';
import type { BotContext } from '../context.ts';
import type { Menus } from '../menus.ts';
import { commandsFor } from './access.ts';
import { html } from '../../lib/html.ts';

/**
 * `/start` and `/help`: greeting and what this user may do; /start also sets the command menu of a user with a
 * role. A stranger gets the refusal and nothing else (CONTRACT.md): their chat keeps the default menu, and a
 * grant sets their menu then.
 */
export function createStartFeature(menus?: Menus, onMenuError?: (error: unknown) => void) {
  const composer = new Composer<BotContext>();

  composer.command(['start', 'help'], async (ctx) => {
    const name = ctx.from?.first_name ?? '';
    if (
      menus &&
      ctx.role !== null &&
      ctx.from &&
      ctx.chat?.type === 'private' &&
      ctx.message?.text.startsWith('/start')
    ) {
      await menus
        .setFor(ctx.from.id, ctx.role, ctx.from.language_code)
        .catch((error: unknown) => onMenuError?.(error));
    }
    if (ctx.role === null) {
      await ctx.reply(ctx.t('start-stranger', { name, id: String(ctx.from?.id ?? 0) }));
      return;
    }
    const lines = [ctx.t('start-greeting', { name, role: html(ctx.t(`role-${ctx.role}`)) }), ''];
    for (const command of commandsFor(ctx.role)) {
      if (command === 'start') continue;
      lines.push(`/${command} — ${ctx.t(`command-${command}`)}`);
    }
    await ctx.reply(lines.join('\n'));
  });

  if (menus) {
    // After /language the menu speaks the new language too (the language feature runs inside next()).
    composer.callbackQuery(LANGUAGE_DATA, async (ctx, next) => {
      await next();
      const chosen = ctx.session.locale;
      if (ctx.role !== null && ctx.from && ctx.chat?.type === 'private' && chosen !== undefined) {
        await menus
          .setFor(ctx.from.id, ctx.role, ctx.from.language_code, chosen)
          .catch((error: unknown) => onMenuError?.(error));
      }
    });
  }

  return composer;
}
