import type { Redis } from 'ioredis';
import type { Api } from 'grammy';
import type { RequestBudget } from '../merchant/budget.ts';
import type { CallPriority, LineView } from '../merchant/types.ts';
import { leaveLineData } from './callback-data/line.ts';

/**
 * What a chat sees while one of its steps waits in the shared line of the request budget: one "⏳ In line:
 * position N, about M s" message, sent by the waiter (never by the conversation, so nothing of it enters a
 * replay) and edited in place at most every `editEveryMs` as the place moves; and the ways to leave (❌ under
 * the message, or /cancel), which remove the place.
 */

export interface WaitingLineDeps {
  redis: Redis;
  /** REDIS_PREFIX. */
  prefix: string;
  budget: Pick<RequestBudget, 'leave' | 'estimate'>;
  translate: (locale: string, key: string, vars?: Record<string, string | number>) => string;
  /** Least time between two edits of one "In line" message. */
  editEveryMs?: number;
  /** A wait expected to be shorter than this shows no message. */
  showAfterMs?: number;
}

export interface LineNoticeOptions {
  api: Pick<Api, 'sendMessage' | 'editMessageText'>;
  chatId: number;
  locale: string;
  /** The place id in the line. */
  id: string;
  /** Offers ❌ and lets /cancel leave (a confirmed order keeps its place: it is not offered). */
  leavable: boolean;
}

/** How a wait ended, for the last edit of its message. */
export type LineEnd = 'served' | 'left' | 'stopped';

export interface LineNotice {
  /** The client's `onWait`: shows or moves the message (sends are chained, never awaited by the caller). */
  onWait(view: LineView): void;
  /** Ends the wait: the message (if one was shown) says how, loses its button; /cancel no longer finds it. */
  end(how: LineEnd): Promise<void>;
}

/** Creates the chat side of the shared line. */
export function createWaitingLine(deps: WaitingLineDeps) {
  const { redis, prefix } = deps;
  const editEveryMs = deps.editEveryMs ?? 3_000;
  const showAfterMs = deps.showAfterMs ?? 1_500;
  const chatKey = (chatId: number) => `${prefix}line:chat:${chatId}`;

  return {
    /** The place id of a chat's step: stable across a conversation's replays, unique per step. */
    placeOf: (chatId: number, flow: string, step: number): string => `chat:${chatId}:${flow}:${step}`,

    /** Where a call of `priority` would stand now. */
    estimate: (priority: CallPriority): Promise<LineView> => deps.budget.estimate(priority),

    /** The message of one wait. */
    notice(options: LineNoticeOptions): LineNotice {
      const { api, chatId, locale, id } = options;
      const t = (key: string, vars?: Record<string, string | number>) => deps.translate(locale, key, vars);
      const started = Date.now();
      let messageId: number | undefined;
      let shownText = '';
      let shownAt = 0;
      let chain: Promise<void> = Promise.resolve();
      let ended = false;
      const keyboard = () =>
        options.leavable
          ? { inline_keyboard: [[{ text: t('line-leave-button'), callback_data: leaveLineData(id) }]] }
          : undefined;

      const show = async (view: LineView) => {
        if (ended) return;
        const text = t('line-position', {
          position: view.position,
          seconds: Math.max(1, Math.ceil(view.etaMs / 1000)),
        });
        const markup = keyboard();
        if (messageId === undefined) {
          if (options.leavable) await redis.set(chatKey(chatId), id, 'PX', 86_400_000);
          const sent = await api.sendMessage(chatId, text, markup ? { reply_markup: markup } : {});
          messageId = sent.message_id;
        } else {
          if (text === shownText || Date.now() - shownAt < editEveryMs) return;
          await api.editMessageText(chatId, messageId, text, markup ? { reply_markup: markup } : {});
        }
        shownText = text;
        shownAt = Date.now();
      };

      return {
        onWait(view) {
          if (messageId === undefined && view.etaMs < showAfterMs && Date.now() - started < showAfterMs)
            return;
          chain = chain.then(() => show(view)).catch(() => undefined);
        },
        async end(how) {
          ended = true;
          await chain;
          if (messageId === undefined) return;
          await redis.del(chatKey(chatId)).catch(() => undefined);
          const key = how === 'served' ? 'line-served' : how === 'left' ? 'line-left' : 'line-stopped';
          await api.editMessageText(chatId, messageId, t(key)).catch(() => undefined);
        },
      };
    },

    /** ❌: leaves place `id` when it belongs to this chat; false when it was not waiting (any more). */
    async leave(chatId: number, id: string): Promise<boolean> {
      if (!id.startsWith(`chat:${chatId}:`)) return false;
      return deps.budget.leave(id);
    },

    /** /cancel: leaves the chat's leavable wait, if it has one; false when it has none. */
    async leaveChat(chatId: number): Promise<boolean> {
      const id = await redis.get(chatKey(chatId));
      if (id === null) return false;
      await redis.del(chatKey(chatId));
      return deps.budget.leave(id);
    },
  };
}

export type WaitingLine = ReturnType<typeof createWaitingLine>;
