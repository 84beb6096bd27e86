import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { botKeys } from './keys.ts';

/** How long a typed search stays behind the page buttons, and how long the bot waits for one. */
const SEARCH_TTL_SECONDS = 86_400;
const AWAIT_SEARCH_SECONDS = 600;

/** Staff's typed order searches: kept behind a short reference the page buttons carry, and the Search prompt. */
export function createOrderSearches(deps: { redis: Redis; prefix: string }) {
  const { redis } = deps;
  const keys = botKeys(deps.prefix);
  return {
    /** The short reference of `search` for the page buttons ('' for none). */
    async remember(search: string | undefined): Promise<string> {
      if (search === undefined || search === '') return '';
      const ref = createHash('sha256').update(search).digest('base64url').slice(0, 12);
      await redis.set(keys.orderSearch(ref), search, 'EX', SEARCH_TTL_SECONDS);
      return ref;
    },
    async recall(ref: string): Promise<string | undefined> {
      return ref === '' ? undefined : ((await redis.get(keys.orderSearch(ref))) ?? undefined);
    },
    /** The chat's next plain text is a search (the Search button). */
    async awaitTyped(chatId: number): Promise<void> {
      await redis.set(keys.awaitSearch(chatId), '1', 'EX', AWAIT_SEARCH_SECONDS);
    },
    async stopAwaiting(chatId: number): Promise<void> {
      await redis.del(keys.awaitSearch(chatId));
    },
    /** Whether the chat's text is the awaited search; it is awaited no longer. */
    async takeAwaited(chatId: number): Promise<boolean> {
      return (await redis.getdel(keys.awaitSearch(chatId))) !== null;
    },
  };
}

export type OrderSearches = ReturnType<typeof createOrderSearches>;
