import type { LinePlace } from '../merchant/types.ts';
import type { BotContext } from './context.ts';
import { LINE_SHOW_AFTER_MS, type LineEnd, type WaitingLine } from './waiting-line.ts';

/** The chat side of the line a read needs: its place id and its "In line" message. */
export type ReadLine = Pick<WaitingLine, 'notice' | 'placeOf'>;

/** A read's outcome as the order desk gives it: `left` (❌, /cancel) and `unavailable` end the wait so. */
interface ReadOutcome {
  kind: string;
}

/**
 * Runs a read a person waits for (`/status`, `/orders`, Refresh, `/balance`…) with their place in the shared
 * line: the same "⏳ In line" message as a quote, edited in place while it waits, with ❌ (and /cancel) to
 * leave. The place is named after the update, so a repeat of the update finds the same place. A button's
 * callback query is answered as soon as a wait that is not over in a moment starts (Telegram stops waiting for
 * the answer after a few seconds); `answered` tells the caller, whose own answer would come too late.
 */
export async function readInLine<T extends ReadOutcome>(
  ctx: BotContext,
  line: ReadLine,
  read: (place: LinePlace | undefined) => Promise<T>,
): Promise<{ result: T; answered: boolean }> {
  const chatId = ctx.chatId;
  const userId = ctx.from?.id;
  if (chatId === undefined || userId === undefined) {
    return { result: await read(undefined), answered: false };
  }
  const id = line.placeOf(chatId, 'read', ctx.update.update_id);
  const notice = line.notice({
    api: ctx.api,
    chatId,
    locale: await ctx.i18n.getLocale(),
    id,
    leavable: true,
    update: ctx.update,
  });
  let answered = false;
  const started = Date.now();
  const onWait: NonNullable<LinePlace['onWait']> = (view) => {
    // As the "In line" message does: a wait that will be over in a moment keeps the button's own answer.
    const long = view.etaMs >= LINE_SHOW_AFTER_MS || Date.now() - started >= LINE_SHOW_AFTER_MS;
    if (ctx.callbackQuery !== undefined && !answered && long) {
      answered = true;
      ctx.answerCallbackQuery().catch(() => undefined);
    }
    notice.onWait(view);
  };
  let how: LineEnd = 'stopped';
  try {
    const result = await read({ id, owner: String(userId), onWait });
    how = result.kind === 'left' ? 'left' : result.kind === 'unavailable' ? 'stopped' : 'served';
    return { result, answered };
  } finally {
    await notice.end(how);
  }
}
