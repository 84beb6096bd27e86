import { Composer } from 'grammy';
import type { BotContext } from '../context.ts';
import { isOrderCardButton } from '../callback-data/order.ts';

export interface ChatScopeOptions {
  /** ALERT_CHAT_ID: alerts are sent there, so their buttons work there (for agents and admins). */
  alertChatId?: number;
}

/**
 * Where the bot works: private chats. Flows, sessions (recent numbers) and buttons are keyed by chat, so in a
 * group any member could act on someone else's top-up; there the bot only points to a private chat. In
 * ALERT_CHAT_ID only the alerts' order buttons work, each press checked against the presser's role.
 * Runs after the access check, so a stranger's update has already had its one refusal.
 */
export function createChatScope(options: ChatScopeOptions = {}) {
  const composer = new Composer<BotContext>();
  composer.use(async (ctx, next) => {
    const chat = ctx.chat;
    // A private chat's id is its user's id: a flow kept per chat belongs to the one user who can write or
    // press there. Anything else (an inline message's button, a forged update) is not a private chat's.
    if (chat?.type === 'private' && ctx.from !== undefined && chat.id === ctx.from.id) return next();

    const inAlertChat = chat !== undefined && chat.id === options.alertChatId;
    if (ctx.callbackQuery) {
      if (inAlertChat && isOrderCardButton(ctx.callbackQuery.data ?? '')) {
        if (ctx.role === 'agent' || ctx.role === 'admin') return next();
        await ctx.answerCallbackQuery({ text: ctx.t('access-denied-short') });
        return;
      }
      await ctx.answerCallbackQuery({ text: ctx.t('private-only-short') });
      return;
    }
    // Messages in the alert chat are the admins' own talk; channel posts and membership changes need nothing.
    if (inAlertChat || chat === undefined || chat.type === 'channel') return;
    const text = ctx.message?.text;
    if (text === undefined || !isCommandForMe(text, ctx.me.username)) return;
    await ctx.reply(ctx.t('private-only', { link: `https://t.me/${ctx.me.username}` }), {
      link_preview_options: { is_disabled: true },
    });
  });
  return composer;
}

/** `/command` or `/command@thisbot`: a group may hold other bots, whose commands are not ours to answer. */
function isCommandForMe(text: string, username: string): boolean {
  const match = /^\/[A-Za-z0-9_]+(?:@([A-Za-z0-9_]+))?(?:\s|$)/.exec(text);
  if (match === null) return false;
  const target = match[1];
  return target === undefined || target.toLowerCase() === username.toLowerCase();
}
