import type { I18n } from '@grammyjs/i18n';
import { sequentialize } from '@grammyjs/runner';
import { session, type Bot, type Context } from 'grammy';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { UserDirectory } from '../accounts/names.ts';
import { isSuspended, type Network } from '../accounts/network.ts';
import type { Role, RoleStore } from '../accounts/roles.ts';
import type { Locale } from '../config.ts';
import { initialSession, type BotContext } from './context.ts';
import { createAccessFeature } from './features/access.ts';
import { createChatScope } from './features/chat-scope.ts';
import { createLeaveLineFeature } from './features/leave-line.ts';
import { menuCommands } from './features/start.ts';
import { matchLocale, type Translate } from './i18n.ts';
import type { IdleFlows } from './idle-flows.ts';
import { userRateLimit } from './middleware/rate-limit.ts';
import { typedDigits } from './middleware/typed-digits.ts';
import { updateGuard, type FirstRead } from './middleware/update-guard.ts';
import { recordUserNames } from './middleware/user-names.ts';
import type { ReadAhead, RedisStorage, sessionStorage } from './redis-storage.ts';
import type { WaitingLine } from './waiting-line.ts';

export interface PipelineParts {
  redis: Redis;
  prefix: string;
  defaultLocale: Locale;
  /** USER_UPDATE_LIMIT: updates one user may send in 10 seconds (against spam). */
  userUpdateLimit: number;
  /** ALERT_CHAT_ID: the one group where the bot answers (alert buttons only). */
  alertChatId: number | null;
  line: Pick<WaitingLine, 'leave' | 'leaveChat' | 'notice' | 'placeOf'>;
  translate: Translate;
  i18n: I18n<BotContext>;
  sessions: ReturnType<typeof sessionStorage>;
  flows: RedisStorage<Buffer>;
  /** What the running updates read ahead (session, conversation), shared with the two storages. */
  readAhead: ReadAhead;
  roles: RoleStore;
  network: Network;
  names: UserDirectory;
  idle: IdleFlows;
  logger: Logger;
}

/**
 * What every update reads, in the command that takes its chat's lock: the chat's session and flow state (read ahead
 * for the two storages), and the version of the roles (the user's role comes from this replica's cache when read at
 * that version).
 */
function chatRead(
  parts: Pick<PipelineParts, 'sessions' | 'flows' | 'readAhead' | 'roles'>,
  readRoles: Map<number, { role: Role | null; version: string | null }>,
): FirstRead<Context> {
  const { sessions, flows, readAhead, roles } = parts;
  const chatKeys = (ctx: Context) =>
    ctx.chatId === undefined ? [] : [sessions.keyOf(String(ctx.chatId)), flows.keyOf(String(ctx.chatId))];
  return {
    keysOf: (ctx) => [...chatKeys(ctx), roles.versionKey],
    async use(ctx, values, next) {
      const keys = chatKeys(ctx);
      const userId = ctx.from?.id;
      keys.forEach((key, i) => readAhead.set(key, values[i] ?? null));
      try {
        if (userId !== undefined) {
          const version = values[keys.length]?.toString('utf8') ?? null;
          readRoles.set(userId, { role: await roles.roleAt(userId, version), version });
        }
        await next();
      } finally {
        for (const key of keys) readAhead.delete(key);
        if (userId !== undefined) readRoles.delete(userId);
      }
    },
  };
}

/**
 * What every update goes through before the flows and the features, in order: typed digits, the waiting line's
 * ❌ and /cancel, one update per chat (in this process and across replicas) with one Redis read for the chat's
 * state and the roles' version, the rate limit (in memory), the session and the language, the menu's buttons as
 * commands, the caller's role, their name, the chat's scope, and the idle deadline of a chat in a flow.
 */
export function usePipeline(
  bot: Bot<BotContext>,
  parts: PipelineParts,
): { readOf(userId: number): { role: Role | null; version: string | null } | undefined } {
  const { redis, prefix, line, translate, defaultLocale, sessions, flows, readAhead, roles, network } = parts;
  const { names, idle, logger, i18n } = parts;
  /** Each running update's user: their role, and the roles' version it was read at. */
  const readRoles = new Map<number, { role: Role | null; version: string | null }>();

  bot.use(typedDigits);
  // Before the per-chat sequencing: a step waiting in line holds its chat until it is served or left.
  bot.use(
    createLeaveLineFeature({
      line,
      translate,
      localeOf: (ctx) => matchLocale(ctx.from?.language_code) ?? defaultLocale,
    }),
  );
  // One update per chat at a time inside this process; the Redis lock does the same across replicas, and reads
  // what every update reads with it (chatRead).
  bot.use(sequentialize((ctx: Context) => ctx.chatId?.toString()));
  bot.use(updateGuard({ redis, prefix, firstRead: chatRead(parts, readRoles) }));
  bot.use(userRateLimit(parts.userUpdateLimit, 10_000));
  bot.use(
    session({ initial: initialSession, storage: sessions, getSessionKey: (ctx) => ctx.chatId?.toString() }),
  );
  bot.use(i18n);
  // A tap on the /start keyboard ("💳 Top up") is its command for everything below, flows included.
  bot.use(menuCommands(translate));
  bot.use(
    createAccessFeature(
      {
        roleOf: async (userId) => {
          const read = readRoles.get(userId);
          return read === undefined ? roles.roleOf(userId) : read.role;
        },
      },
      async (userId) => {
        const read = readRoles.get(userId);
        return read ? network.suspendedAt(userId, read.version) : isSuspended(await network.standing(userId));
      },
    ),
  );
  bot.use(recordUserNames(names, logger));
  // Before flows and features: they all run in private chats only.
  bot.use(createChatScope(parts.alertChatId === null ? {} : { alertChatId: parts.alertChatId }));
  bot.use(async (ctx, next) => {
    // Only a chat in a flow has a deadline to push back (read ahead: no flow state, no flow).
    const chatId = ctx.chatId;
    // Sent before the update runs (so a flow ending in it removes the deadline after), not waited for first.
    const refreshed =
      chatId !== undefined && readAhead.get(flows.keyOf(String(chatId))) !== null
        ? // The update is handled even if this fails: a missed refresh can only end an idle flow a little early.
          idle
            .refresh(chatId)
            .catch((error: unknown) => logger.warn({ err: error, chatId }, 'idle deadline not pushed back'))
        : undefined;
    try {
      await next();
    } finally {
      await refreshed;
    }
  });
  // What a running update of the user read first: their role, and the roles' version (undefined outside one).
  return { readOf: (userId) => readRoles.get(userId) };
}
