import { Composer } from 'grammy';
import type { BotContext } from '../context.ts';

const composer = new Composer<BotContext>();

// Inside a flow /cancel is answered by the flow itself; this is what it means anywhere else.
composer.command('cancel', async (ctx) => {
  await ctx.conversation.exitAll();
  await ctx.reply(ctx.t('cancel-nothing'), { reply_markup: { remove_keyboard: true } });
});

export { composer as cancelFeature };
