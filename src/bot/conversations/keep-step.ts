import type { Conversation } from '@grammyjs/conversations';
import { GrammyError, HttpError, type Context } from 'grammy';

/** A Bot API failure worth waiting out: no connection, Telegram's 5xx, or flood control. */
function isTransientBotApiError(error: unknown): boolean {
  if (error instanceof HttpError) return true;
  return error instanceof GrammyError && (error.error_code >= 500 || error.error_code === 429);
}

/**
 * Wraps a conversation so a Bot API call that still fails after the client's retries does not end it: the
 * update is dropped and the flow stays at the step it was waiting at, so the user's next message picks it
 * up there. Any other error ends the flow, and the user is told (`onEnd`) instead of meeting a bare
 * "I did not understand" on their next message.
 */
export function keepStepOnBotApiFailure<OC extends Context, C extends Context, A extends unknown[]>(
  builder: (conversation: Conversation<OC, C>, ctx: C, ...args: A) => Promise<void>,
  onEnd: (ctx: C) => Promise<unknown>,
) {
  return async (conversation: Conversation<OC, C>, ctx: C, ...args: A): Promise<void> => {
    try {
      await builder(conversation, ctx, ...args);
    } catch (error) {
      if (isTransientBotApiError(error)) await conversation.skip({ next: false });
      await onEnd(ctx).catch(() => undefined);
      throw error;
    }
  };
}
