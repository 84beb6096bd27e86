import type { Api } from 'grammy';
import type { Redis } from 'ioredis';
import type { LoggerLike } from '../domain/log.ts';
import type { Translate } from './i18n.ts';

export interface IdleFlowsDeps {
  redis: Redis;
  prefix: string;
  idleMs: number;
  api: Pick<Api, 'sendMessage'>;
  translate: Translate;
  /** Locale of a chat, for the goodbye message. */
  localeOf(chatId: number): Promise<string>;
  logger?: Pick<LoggerLike, 'warn'>;
}

/** Where the top-up conversation's state lives, one key per chat (the conversations plugin's storage). */
export function conversationPrefix(prefix: string): string {
  return `${prefix}conv:`;
}

// Claim one due chat atomically so exactly one replica ends it.
const CLAIM = `
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, 1)
if #due == 0 then return false end
redis.call('ZREM', KEYS[1], due[1])
return due[1]
`;

/**
 * Ends top-up flows left idle: every chat in a flow has a deadline in a Redis sorted set, pushed back by each
 * update; a sweeper on any replica claims due chats, drops their conversation state and says goodbye.
 */
export class IdleFlows {
  readonly #deps: IdleFlowsDeps;
  readonly #key: string;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;

  constructor(deps: IdleFlowsDeps) {
    this.#deps = deps;
    this.#key = `${deps.prefix}flows:idle`;
  }

  conversationKey(chatId: number): string {
    return `${conversationPrefix(this.#deps.prefix)}${chatId}`;
  }

  async touch(chatId: number, now = Date.now()): Promise<void> {
    await this.#deps.redis.zadd(this.#key, String(now + this.#deps.idleMs), String(chatId));
  }

  /** Pushes the deadline back only for chats already in a flow. */
  async refresh(chatId: number, now = Date.now()): Promise<void> {
    await this.#deps.redis.zadd(this.#key, 'XX', String(now + this.#deps.idleMs), String(chatId));
  }

  async forget(chatId: number): Promise<void> {
    await this.#deps.redis.zrem(this.#key, String(chatId));
  }

  /** Ends every flow whose deadline has passed; returns how many. */
  async sweep(now = Date.now()): Promise<number> {
    let ended = 0;
    for (;;) {
      const chat = (await this.#deps.redis.eval(CLAIM, 1, this.#key, String(now))) as string | null;
      if (chat === null) return ended;
      const chatId = Number(chat);
      const existed = await this.#deps.redis.del(this.conversationKey(chatId));
      if (existed > 0) {
        ended++;
        const locale = await this.#deps.localeOf(chatId).catch(() => 'en');
        await this.#deps.api
          .sendMessage(
            chatId,
            this.#deps.translate(locale, 'top-up-idle-ended', {
              // Never "0 minutes", even for the short idle times of tests and demos.
              minutes: Math.max(1, Math.round(this.#deps.idleMs / 60000)),
            }),
          )
          .catch((error: unknown) =>
            this.#deps.logger?.warn({ err: error, chatId }, 'idle goodbye not sent'),
          );
      }
    }
  }

  start(intervalMs = 5_000): void {
    const tick = () => {
      this.#running = this.sweep()
        .then(() => undefined)
        .catch((error: unknown) => this.#deps.logger?.warn({ err: error }, 'idle sweep failed'))
        .finally(() => {
          if (this.#timer !== undefined) this.#timer = setTimeout(tick, intervalMs);
        });
    };
    this.#timer = setTimeout(tick, intervalMs);
  }

  async stop(): Promise<void> {
    const timer = this.#timer;
    this.#timer = undefined;
    if (timer) clearTimeout(timer);
    await this.#running;
  }
}
