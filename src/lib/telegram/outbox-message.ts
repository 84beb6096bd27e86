import type { InlineKeyboardMarkup } from 'grammy/types';

/**
 * What the durable Telegram outbox (notify/outbox.ts) sends, and what queuing one answers: plain types, so a part
 * that only queues messages (bulk reports, scheduled runs' reports) names them without importing notify/.
 */

export type OutboxMessage =
  | {
      kind: 'send';
      chatId: number;
      text: string;
      replyMarkup?: InlineKeyboardMarkup;
      parseMode?: 'HTML';
    }
  | {
      kind: 'edit';
      chatId: number;
      messageId: number;
      text: string;
      replyMarkup?: InlineKeyboardMarkup;
      parseMode?: 'HTML';
    }
  | {
      /** A small text file (a report) with a caption; the file's text travels inside the job. */
      kind: 'document';
      chatId: number;
      fileName: string;
      fileText: string;
      caption: string;
      /** A message of the chat it answers (sent anyway when that message is gone). */
      replyTo?: number;
      replyMarkup?: InlineKeyboardMarkup;
      parseMode?: 'HTML';
    };

export type EnqueueResult = 'queued' | 'duplicate' | 'stale';

export interface EnqueueOptions {
  key: string | null;
  version?: number;
  webhookReceivedAt?: number;
  /**
   * A keyed message: sent at once by this process when no 429 pause runs and the outbox's pace leaves room (and, for
   * an edit, nothing holds the message), instead of waiting for a job to be taken; the enqueue returns once it is
   * sent, and adds a job only when the attempt failed or was slow. Only for a caller that enqueues again after a
   * crash (the order changes' relay): a process dying in the middle leaves no job. Orders' status edits and final
   * messages use it.
   */
  now?: boolean;
}

/** What a part that only queues messages needs of the outbox. */
export interface MessageQueue {
  enqueue(message: OutboxMessage, options: EnqueueOptions): Promise<EnqueueResult>;
}
