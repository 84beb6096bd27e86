import type { MessageQueue } from '../lib/telegram/outbox-message.ts';
import type { TranslationVars } from '../lib/html.ts';
import type { BotContext } from './context.ts';
import type { Translate } from './i18n.ts';

/**
 * Tells another user what a command did to them (a transfer, a move, a suspension, a grant), in their own
 * language, through the durable outbox: sent even if Telegram is away for a while, and once per command message
 * (a command handled again after a failure queues the same key).
 */
export type Tell = (ctx: BotContext, userId: number, key: string, vars?: TranslationVars) => Promise<void>;

export function createTell(deps: {
  outbox: MessageQueue;
  translate: Translate;
  /** The language a user reads (their chosen one, else the default). */
  localeOf: (userId: number) => Promise<string>;
}): Tell {
  return async (ctx, userId, key, vars) => {
    const text = deps.translate(await deps.localeOf(userId), key, vars);
    const cause = `${ctx.chatId ?? 0}:${ctx.msg?.message_id ?? ctx.callbackQuery?.id ?? ctx.update.update_id}`;
    await deps.outbox.enqueue(
      { kind: 'send', chatId: userId, text },
      { key: `tell:${cause}:${key}:${userId}` },
    );
  };
}
