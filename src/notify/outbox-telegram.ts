import { GrammyError, HttpError, InputFile, type Api } from 'grammy';
import { toHtmlPayload } from '../lib/telegram/html-mode.ts';
import { delayBefore } from '../lib/retry-schedule.ts';
import type { OutboxMessage } from '../lib/telegram/outbox-message.ts';

/**
 * The outbox's side of the Bot API (outbox.ts): the one call each message makes, and what Telegram's answer means
 * for the message (done, retried, given up), kept apart from the queue so the rules are tested on their own.
 */

/** The Bot API calls the outbox makes (grammY's `Api` fits). */
export type OutboxTelegram = Pick<Api, 'sendMessage' | 'editMessageText' | 'sendDocument'>;

/** Makes the message's one Bot API call; the message's ID when Telegram took it. */
export async function callTelegram(
  telegram: OutboxTelegram,
  message: OutboxMessage,
): Promise<number | undefined> {
  const plain = {
    ...(message.replyMarkup === undefined ? {} : { reply_markup: message.replyMarkup }),
  };
  // A message stored without a parse mode goes out as the plain text it is.
  const other = message.parseMode === undefined ? plain : toHtmlPayload('sendMessage', plain);
  switch (message.kind) {
    case 'send': {
      const sent = await telegram.sendMessage(message.chatId, message.text, other);
      return sent.message_id;
    }
    case 'edit':
      await telegram.editMessageText(message.chatId, message.messageId, message.text, other);
      return message.messageId;
    case 'document': {
      const file = new InputFile(Buffer.from(message.fileText, 'utf8'), message.fileName);
      const sent = await telegram.sendDocument(message.chatId, file, {
        ...other,
        caption: message.caption,
        ...(message.replyTo === undefined
          ? {}
          : { reply_parameters: { message_id: message.replyTo, allow_sending_without_reply: true } }),
      });
      return sent.message_id;
    }
    default: {
      const never: never = message;
      throw new Error(`unknown message ${String(never)}`);
    }
  }
}

/** What became of an attempt. */
export type SendVerdict =
  | { kind: 'done'; messageId?: number }
  | { kind: 'retry'; delayMs?: number; pauseAllMs?: number; reason: string }
  | { kind: 'give-up'; reason: string };

/** Maps a Bot API failure to done / retry / give up (pure, tested on its own). */
export function classifyTelegramError(error: unknown, message: OutboxMessage): SendVerdict {
  if (error instanceof GrammyError) {
    const description = error.description ?? '';
    if (error.error_code === 429) {
      const seconds = Number(error.parameters?.retry_after ?? 1);
      const ms = Math.max(1, Number.isFinite(seconds) ? seconds : 1) * 1000;
      return { kind: 'retry', delayMs: ms, pauseAllMs: ms, reason: '429' };
    }
    if (error.error_code >= 500) return { kind: 'retry', reason: String(error.error_code) };
    if (message.kind === 'edit' && description.includes('message is not modified')) return { kind: 'done' };
    return { kind: 'give-up', reason: `${error.error_code}: ${description.slice(0, 200)}` };
  }
  if (error instanceof HttpError) return { kind: 'retry', reason: 'network' };
  // Anything else (a Redis hiccup inside a hook, a bug): retry, never drop a message silently.
  return { kind: 'retry', reason: error instanceof Error ? error.name : 'unknown' };
}

/** Telegram answered with a 5xx or could not be reached: the message is tried again after the outbox's delays. */
export class TelegramRetryError extends Error {
  override readonly name = 'TelegramRetryError';
}

/**
 * The delay before attempt `attemptsMade + 1` (pure): after Telegram failed, the outbox's list, its last delay
 * repeating; after anything else (our Redis unreachable for a moment), the first delay, so that an outage of
 * ours does not push the messages behind it to the longest wait.
 */
export function outboxBackoffMs(delays: readonly number[], attemptsMade: number, error?: Error): number {
  return delayBefore(
    { kind: 'list', delaysMs: delays },
    error?.name === 'TelegramRetryError' ? attemptsMade : 1,
  );
}
