// The bot's update queue. An update stays until it is confirmed: by a getUpdates call with a higher
// offset, or by a 2xx answer of the webhook. Long polling follows the Bot API server: a getUpdates
// that has to wait ends the wait of an older one with 409 Conflict.

import { conflict, type BotApiError } from './errors.ts';
import type { TgCallbackQuery, TgChatMemberUpdated, TgMessage, TgUpdate, UpdateKind } from './types.ts';

/** The update types a bot gets when allowed_updates is empty or never set. */
const EVERY_TYPE_BUT_OPT_IN = (kind: string): boolean =>
  kind !== 'chat_member' && kind !== 'message_reaction' && kind !== 'message_reaction_count';

export interface QueuedUpdate {
  readonly update: TgUpdate;
  readonly kind: UpdateKind;
  /** Updates of one chat are delivered to a webhook one at a time, in order. */
  readonly chatId: number;
}

type UpdatePayload =
  | { kind: 'message'; message: TgMessage }
  | { kind: 'callback_query'; callback_query: TgCallbackQuery }
  | { kind: 'my_chat_member'; my_chat_member: TgChatMemberUpdated };

interface GetUpdatesArgs {
  offset: number;
  limit: number;
  timeoutSeconds: number;
}

export interface UpdateQueue {
  /** Queues an update; undefined when allowed_updates filters its type out (it is then lost, as on Telegram). */
  push(payload: UpdatePayload, chatId: number): TgUpdate | undefined;
  setAllowedUpdates(list: string[] | undefined): void;
  allowedUpdates(): string[] | undefined;
  pending(): readonly QueuedUpdate[];
  /** Every update ever queued, confirmed or not. */
  history(): readonly TgUpdate[];
  /** A webhook delivery succeeded. */
  confirm(updateId: number): void;
  /**
   * Puts an update that was already confirmed back in the queue, with its update_id, as Telegram
   * does when it never saw the webhook's answer. False when it is unknown or still pending.
   */
  redeliver(updateId: number): boolean;
  dropPending(): void;
  getUpdates(args: GetUpdatesArgs, signal: AbortSignal): Promise<TgUpdate[]>;
  /** Whether a getUpdates long poll is waiting now. */
  isLongPolling(): boolean;
  /** Fails the pending long poll, if any (setWebhook, a newer getUpdates). */
  interruptLongPoll(error: BotApiError | 'end'): void;
  onPush(listener: (queued: QueuedUpdate) => void): () => void;
}

export interface UpdateQueueOptions {
  firstUpdateId: number;
  onChange: () => void;
}

export function createUpdateQueue(options: UpdateQueueOptions): UpdateQueue {
  let nextId = options.firstUpdateId;
  let queue: QueuedUpdate[] = [];
  const all: QueuedUpdate[] = [];
  let allowed: string[] | undefined;
  const listeners = new Set<(queued: QueuedUpdate) => void>();
  let waiter: { fail: (error: BotApiError | 'end') => void } | undefined;

  const isAllowed = (kind: string): boolean =>
    allowed === undefined || allowed.length === 0 ? EVERY_TYPE_BUT_OPT_IN(kind) : allowed.includes(kind);

  const head = (): number => queue[0]?.update.update_id ?? nextId;

  // Confirms everything below `offset` and answers the batch from there (Bot API offset rules).
  const take = (offset: number, limit: number): { from: number; updates: TgUpdate[] } => {
    let from = offset;
    if (from < 0) {
      queue = queue.slice(Math.max(0, queue.length + from));
      from = head();
    } else if (from === 0 || from > nextId) {
      from = head();
    } else {
      const before = queue.length;
      queue = queue.filter((q) => q.update.update_id >= from);
      if (queue.length !== before) options.onChange();
    }
    const updates = queue
      .filter((q) => q.update.update_id >= from)
      .slice(0, limit)
      .map((q) => structuredClone(q.update));
    return { from, updates };
  };

  return {
    push(payload, chatId) {
      if (!isAllowed(payload.kind)) return undefined;
      const update_id = nextId++;
      const update: TgUpdate =
        payload.kind === 'message'
          ? { update_id, message: payload.message }
          : payload.kind === 'callback_query'
            ? { update_id, callback_query: payload.callback_query }
            : { update_id, my_chat_member: payload.my_chat_member };
      const queued: QueuedUpdate = { update, kind: payload.kind, chatId };
      queue.push(queued);
      all.push(queued);
      options.onChange();
      for (const listener of [...listeners]) listener(queued);
      return structuredClone(update);
    },
    setAllowedUpdates(list) {
      allowed = list;
    },
    allowedUpdates: () => (allowed === undefined ? undefined : [...allowed]),
    pending: () => queue,
    history: () => all.map((q) => q.update),
    confirm(updateId) {
      queue = queue.filter((q) => q.update.update_id !== updateId);
      options.onChange();
    },
    redeliver(updateId) {
      const queued = all.find((q) => q.update.update_id === updateId);
      if (queued === undefined || queue.includes(queued)) return false;
      queue = [...queue, queued].sort((a, b) => a.update.update_id - b.update.update_id);
      options.onChange();
      for (const listener of [...listeners]) listener(queued);
      return true;
    },
    dropPending() {
      queue = [];
      options.onChange();
    },
    getUpdates({ offset, limit, timeoutSeconds }, signal) {
      const first = take(offset, limit);
      if (first.updates.length > 0 || timeoutSeconds <= 0) return Promise.resolve(first.updates);
      if (signal.aborted) return Promise.reject(new Error('long poll aborted by the client'));
      waiter?.fail(
        conflict('terminated by other getUpdates request; make sure that only one bot instance is running'),
      );
      return new Promise<TgUpdate[]>((resolve, reject) => {
        const finish = (settle: () => void): void => {
          clearTimeout(timer);
          listeners.delete(onPushed);
          signal.removeEventListener('abort', onAbort);
          if (waiter === self) {
            waiter = undefined;
            options.onChange();
          }
          settle();
        };
        const onPushed = (): void => {
          const batch = take(first.from, limit);
          if (batch.updates.length > 0) finish(() => resolve(batch.updates));
        };
        const onAbort = (): void => finish(() => reject(new Error('long poll aborted by the client')));
        const self = {
          fail: (error: BotApiError | 'end') => finish(() => (error === 'end' ? resolve([]) : reject(error))),
        };
        const timer = setTimeout(() => finish(() => resolve([])), timeoutSeconds * 1000);
        listeners.add(onPushed);
        signal.addEventListener('abort', onAbort, { once: true });
        waiter = self;
        options.onChange();
      });
    },
    isLongPolling: () => waiter !== undefined,
    interruptLongPoll(error) {
      waiter?.fail(error);
    },
    onPush(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
