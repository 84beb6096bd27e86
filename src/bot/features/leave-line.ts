import { Composer, type Context } from 'grammy';
import type { BotContext } from '../context.ts';
import { LINE_BUTTON, parseLeaveLineData } from '../callback-data/line.ts';
import type { WaitingLine } from '../waiting-line.ts';

export interface LeaveLineDeps {
  line: Pick<WaitingLine, 'leave' | 'leaveChat'>;
  /** The user's language for the button's answer (this runs before sessions are read). */
  localeOf(ctx: Context): string;
  translate: (locale: string, key: string, vars?: Record<string, string | number>) => string;
}

/**
 * Leaving the line. Registered before the per-chat sequencing: the chat's update that waits in line holds
 * the chat, so ❌ and /cancel must be heard beside it. The waiter sees its place gone and ends its step.
 */
export function createLeaveLineFeature(deps: LeaveLineDeps) {
  const composer = new Composer<BotContext>();
  composer.callbackQuery(LINE_BUTTON, async (ctx) => {
    const id = parseLeaveLineData(ctx.callbackQuery.data);
    const chatId = ctx.chatId;
    const left = id !== undefined && chatId !== undefined && (await deps.line.leave(chatId, id));
    const text = deps.translate(deps.localeOf(ctx), left ? 'line-left' : 'line-gone');
    await ctx.answerCallbackQuery({ text }).catch(() => undefined);
  });
  // /cancel while a step waits in line: leaving ends the step (it says so). Otherwise /cancel goes on as usual.
  composer.command('cancel', async (ctx, next) => {
    const chatId = ctx.chatId;
    if (chatId !== undefined && ctx.chat?.type === 'private' && (await deps.line.leaveChat(chatId))) return;
    await next();
  });
  return composer;
}
