import { Composer } from 'grammy';
import type { BotContext } from '../context.ts';
import { commandsFor } from './access.ts';

const composer = new Composer<BotContext>();

composer.command(['start', 'help'], async (ctx) => {
  const name = ctx.from?.first_name ?? '';
  if (ctx.role === null) {
    await ctx.reply(ctx.t('start-stranger', { name, id: String(ctx.from?.id ?? 0) }));
    return;
  }
  const lines = [ctx.t('start-greeting', { name, role: ctx.t(`role-${ctx.role}`) }), ''];
  for (const command of commandsFor(ctx.role)) {
    if (command === 'start') continue;
    lines.push(`/${command} — ${ctx.t(`command-${command}`)}`);
  }
  await ctx.reply(lines.join('\n'));
});

export { composer as startFeature };
