import { keyspace } from '../lib/redis/keyspace.ts';

/** Every Redis key of the bot part (updates, sessions, flows, menus, the waiting line, staff searches) under `prefix`. */
export function botKeys(prefix: string) {
  const bot = keyspace(prefix, 'bot');
  const line = keyspace(prefix, 'line');
  const update = keyspace(prefix, 'upd');
  const lock = keyspace(prefix, 'lock');
  const conversationPrefix = `${prefix}conv:`;
  return {
    /** One update's mark: `d` once handled (its handler holds its chat's lock until then). */
    update: (updateId: number) => update(updateId),
    /** The lock of one chat: one update of a chat at a time across the replicas; `<update_id>:<token>`. */
    chatLock: (chatId: number) => lock('chat', chatId),
    /** The lock of an update with neither chat nor user (it has no chat to lock). */
    updateLock: (updateId: number) => lock('update', updateId),
    /** Where the sessions live, one key per chat (the plugin appends the chat). */
    sessionPrefix: `${prefix}session:`,
    /** Where the top-up conversation's state lives, one key per chat (the conversations plugin's storage). */
    conversationPrefix,
    conversation: (chatId: number) => conversationPrefix + chatId,
    /** Sorted set: chat ID -> when its flow ends if left idle (ms). */
    idleFlows: bot('idle-flows'),
    /** Hash: user ID -> the last Telegram language seen, for menus set from someone else's update. */
    telegramLanguage: bot('telegram-language'),
    /** A staff member's typed order search, behind the page buttons' short reference. */
    orderSearch: (ref: string) => bot('order-search', ref),
    /** Set while the bot waits for a staff member to type a search in this chat. */
    awaitSearch: (chatId: number) => bot('await-search', chatId),
    /** Hash: short ID -> external order ID, for "open this order" buttons whose ID does not fit callback data. */
    callbackRefs: keyspace(prefix, 'orders')('callback-refs'),
    /** A chat's place in the shared line. */
    lineChat: (chatId: number) => line('chat', chatId),
    /** Hash: place ID -> a wait to resume when its replica died. */
    lineResume: line('resume'),
    /** The lock of one resumed wait. */
    lineResumeLock: (id: string) => line('resume-lock', id),
  };
}
