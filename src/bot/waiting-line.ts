import { botKeys } from './keys.ts';
import type { Redis } from 'ioredis';
import type { Api } from 'grammy';
import type { Update } from 'grammy/types';
import type { RequestBudget } from '../merchant/budget.ts';
import type { CallPriority, LineView } from '../merchant/types.ts';
import { leaveLineData } from './callback-data/line.ts';
import { updateStates } from './middleware/update-guard.ts';

/**
 * What a chat sees while one of its steps waits in the shared line of the request budget: one "⏳ In line:
 * position N, about M s" message, sent by the waiter (never by the conversation, so nothing of it enters a
 * replay) and edited in place at most every `EDIT_EVERY_MS` as the place moves; and the ways to leave (❌ under
 * the message, or /cancel), which remove the place.
 *
 * A wait outlives its replica: the update that waits is kept in Redis (`line:resume`, one field per place)
 * from the moment it starts waiting until it ends. Its webhook has long been answered (or its polling offset
 * confirmed), so Telegram never sends it again; when its handler dies (SIGKILL, a crash: the update guard's
 * marker expires), any replica that takes updates handles the update again (`resumeOrphans`). Handled again,
 * the step names the same place (a conversation's place is fixed by its replay), so it finds its kept position
 * in the line, and its "In line" message is the same message, edited.
 */

export interface WaitingLineDeps {
  redis: Redis;
  /** REDIS_PREFIX. */
  prefix: string;
  budget: Pick<RequestBudget, 'leave' | 'estimate'>;
  translate: (locale: string, key: string, vars?: Record<string, string | number>) => string;
}

export interface LineNoticeOptions {
  api: Pick<Api, 'sendMessage' | 'editMessageText'>;
  chatId: number;
  locale: string;
  /** The place id in the line. */
  id: string;
  /** Offers ❌ and lets /cancel leave (a confirmed order keeps its place: it is not offered). */
  leavable: boolean;
  /** The update that waits: kept while it waits, so another replica handles it again if this one dies. */
  update?: Update;
}

/** A waiting update as kept in Redis (`line:resume`). */
interface ResumeRecord {
  update: Update;
  chatId: number;
  locale: string;
  /** The "In line" message, once sent. */
  messageId?: number;
  /** When the wait started (ms). */
  at: number;
}

/** A wait expected to be shorter than this shows no "In line" message (unless it has already lasted this long). */
export const LINE_SHOW_AFTER_MS = 1_500;
/** Least time between two edits of one "In line" message. */
const EDIT_EVERY_MS = 3_000;

/** A kept update older than this is dropped, not handled again (the flows of a chat end after 15 idle minutes). */
const RESUME_MAX_AGE_MS = 15 * 60_000;
/** One replica handles a dead waiter's update again at a time; it may try again after this. */
const RESUME_LOCK_MS = 60_000;

/** The kept update, or null when the field is absent or unreadable. */
function readRecord(raw: string | null | undefined): ResumeRecord | null {
  if (raw === null || raw === undefined) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<ResumeRecord>;
    if (
      typeof parsed.update?.update_id !== 'number' ||
      typeof parsed.chatId !== 'number' ||
      typeof parsed.locale !== 'string'
    )
      return null;
    return parsed as ResumeRecord;
  } catch {
    return null;
  }
}

// Removes a kept update only if it is still the one read (a new wait of the same place may have replaced it).
const DROP_IF_SAME = `if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then return redis.call('HDEL', KEYS[1], ARGV[1]) end
return 0`;

/** How a wait ended, for the last edit of its message. */
export type LineEnd = 'served' | 'left' | 'stopped';

export interface LineNotice {
  /** The client's `onWait`: shows or moves the message (sends are chained, never awaited by the caller). */
  onWait(view: LineView): void;
  /** Ends the wait: the message (if one was shown) says how, loses its button; /cancel no longer finds it. */
  end(how: LineEnd): Promise<void>;
}

/** What the notices of waits and the resumer of dead waiters' updates share. */
interface LineParts {
  redis: Redis;
  prefix: string;
  translate: WaitingLineDeps['translate'];
  chatKey: (chatId: number) => string;
  resumeKey: string;
  resumeLockKey: (id: string) => string;
  /** Updates this process handles again for a dead waiter (resumeOrphans), until their wait ends. */
  resumed: Set<number>;
}

/** The message of one wait (WaitingLine.notice). */
function createLineNotice(parts: LineParts, options: LineNoticeOptions): LineNotice {
  const { redis, resumeKey, chatKey, resumed } = parts;
  const { api, chatId, locale, id } = options;
  const t = (key: string, vars?: Record<string, string | number>) => parts.translate(locale, key, vars);
  const started = Date.now();
  let messageId: number | undefined;
  let shownText = '';
  let shownAt = 0;
  let chain: Promise<void> = Promise.resolve();
  let ended = false;
  let kept: ResumeRecord | undefined;

  /** Keeps the waiting update; a message a dead waiter of the same place showed is taken over. */
  const keep = async (update: Update) => {
    const before = readRecord(await redis.hget(resumeKey, id));
    if (before?.chatId === chatId && before.messageId !== undefined && messageId === undefined) {
      messageId = before.messageId;
    }
    kept = { update, chatId, locale, at: Date.now(), ...(messageId === undefined ? {} : { messageId }) };
    await redis.hset(resumeKey, id, JSON.stringify(kept));
  };
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
      if (kept !== undefined) {
        kept = { ...kept, messageId };
        await redis.hset(resumeKey, id, JSON.stringify(kept));
      }
    } else {
      if (text === shownText || Date.now() - shownAt < EDIT_EVERY_MS) return;
      // A message taken over from a dead waiter is shown again as this wait's (and /cancel finds it).
      if (shownAt === 0 && options.leavable) await redis.set(chatKey(chatId), id, 'PX', 86_400_000);
      await api.editMessageText(chatId, messageId, text, markup ? { reply_markup: markup } : {});
    }
    shownText = text;
    shownAt = Date.now();
  };

  return {
    onWait(view) {
      const update = options.update;
      if (update !== undefined && kept === undefined && !ended) {
        kept = { update, chatId, locale, at: Date.now() };
        chain = chain.then(() => keep(update)).catch(() => undefined);
      }
      if (
        messageId === undefined &&
        view.etaMs < LINE_SHOW_AFTER_MS &&
        Date.now() - started < LINE_SHOW_AFTER_MS
      )
        return;
      chain = chain.then(() => show(view)).catch(() => undefined);
    },
    async end(how) {
      ended = true;
      await chain;
      const update = options.update;
      if (update !== undefined && resumed.delete(update.update_id) && kept === undefined) {
        const taken = await takeOverMessage(parts, id, chatId, update);
        messageId ??= taken;
      }
      if (kept !== undefined) await redis.hdel(resumeKey, id).catch(() => undefined);
      if (messageId === undefined) return;
      await redis.del(chatKey(chatId)).catch(() => undefined);
      const key = how === 'served' ? 'line-served' : how === 'left' ? 'line-left' : 'line-stopped';
      await api.editMessageText(chatId, messageId, t(key)).catch(() => undefined);
    },
  };
}

/**
 * A wait handled again for a dead waiter and served without waiting: the dead waiter's "In line" message becomes
 * this wait's (undefined when it showed none, or the kept update is another's), and its kept update is dropped.
 */
async function takeOverMessage(
  parts: Pick<LineParts, 'redis' | 'resumeKey'>,
  id: string,
  chatId: number,
  update: Update,
): Promise<number | undefined> {
  const { redis, resumeKey } = parts;
  const raw = await redis.hget(resumeKey, id).catch(() => null);
  const before = readRecord(raw);
  if (before?.chatId !== chatId || before.update.update_id !== update.update_id) return undefined;
  await redis.eval(DROP_IF_SAME, 1, resumeKey, id, raw!).catch(() => undefined);
  return before.messageId;
}

/** Hands the updates of dead waiters to `handle` (WaitingLine.resumeOrphans). */
async function handOrphans(
  parts: LineParts,
  handle: (update: Update) => void,
  api: Pick<Api, 'editMessageText'>,
): Promise<number> {
  const { redis, prefix, resumeKey, resumeLockKey, resumed } = parts;
  const kept = Object.entries(await redis.hgetall(resumeKey));
  if (kept.length === 0) return 0;
  const records = kept.map(([id, raw]) => ({ id, raw, record: readRecord(raw) }));
  const readable = records.filter((r) => r.record !== null);
  const states = await updateStates(
    redis,
    prefix,
    readable.map((r) => ({ updateId: r.record!.update.update_id, chatId: r.record!.chatId })),
  );
  let handed = 0;
  for (const [i, { id, raw, record }] of readable.entries()) {
    const state = states[i];
    if (state === 'running') continue;
    if (state === 'done' || Date.now() - record!.at > RESUME_MAX_AGE_MS) {
      const dropped = await redis.eval(DROP_IF_SAME, 1, resumeKey, id, raw);
      const { chatId, messageId, locale } = record!;
      if (dropped === 1 && messageId !== undefined) {
        await api
          .editMessageText(chatId, messageId, parts.translate(locale, 'line-stopped'))
          .catch(() => undefined);
      }
      continue;
    }
    if ((await redis.set(resumeLockKey(id), '1', 'PX', RESUME_LOCK_MS, 'NX')) === null) continue;
    resumed.add(record!.update.update_id);
    handle(record!.update);
    handed++;
  }
  for (const { id, raw } of records.filter((r) => r.record === null)) {
    await redis.eval(DROP_IF_SAME, 1, resumeKey, id, raw);
  }
  return handed;
}

/** Creates the chat side of the shared line. */
export function createWaitingLine(deps: WaitingLineDeps) {
  const { redis } = deps;
  const keys = botKeys(deps.prefix);
  const chatKey = keys.lineChat;
  const parts: LineParts = {
    redis,
    prefix: deps.prefix,
    translate: deps.translate,
    chatKey,
    resumeKey: keys.lineResume,
    resumeLockKey: keys.lineResumeLock,
    resumed: new Set<number>(),
  };

  return {
    /** The place id of a chat's step: stable across a conversation's replays, unique per step. */
    placeOf: (chatId: number, flow: string, step: number): string => `chat:${chatId}:${flow}:${step}`,

    /** Where a call of `priority` would stand now. */
    estimate: (priority: CallPriority): Promise<LineView> => deps.budget.estimate(priority),

    /** The message of one wait. */
    notice: (options: LineNoticeOptions): LineNotice => createLineNotice(parts, options),

    /** ❌: leaves place `id` when it belongs to this chat; false when it was not waiting (any more). */
    async leave(chatId: number, id: string): Promise<boolean> {
      if (!id.startsWith(`chat:${chatId}:`)) return false;
      return deps.budget.leave(id);
    },

    /**
     * Hands the updates of waits whose handler died (a replica killed mid-wait) to `handle`, once each (a lock
     * per place); drops the kept updates that were handled meanwhile or are too old. An update handled again
     * without waiting for that place (a confirmed order the placement worker took over, a flow that moved on)
     * leaves the dead waiter's "In line" message behind: it is closed here. A wait of the same place served at
     * once takes that message over when it ends. Returns how many it handed.
     */
    resumeOrphans: (handle: (update: Update) => void, api: Pick<Api, 'editMessageText'>): Promise<number> =>
      handOrphans(parts, handle, api),

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
