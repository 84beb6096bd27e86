import { Composer } from 'grammy';
import type { BotContext } from '../context.ts';

const composer = new Composer<BotContext>();

composer.on('callback_query', async (ctx) => {
  await ctx.answerCallbackQuery({ text: ctx.t('button-expired') });
});

composer.on('message', async (ctx) => {
  if (ctx.chat.type !== 'private') return;
  await ctx.reply(ctx.t('unhandled'));
});

export { composer as unhandledFeature };
