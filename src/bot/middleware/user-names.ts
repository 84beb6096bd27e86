import type { MiddlewareFn } from 'grammy';
import type { LoggerLike } from '../../domain/log.ts';
import { userNameOf, type UserDirectory } from '../../accounts/names.ts';
import type { BotContext } from '../context.ts';

/** Most users a replica remembers the recorded name of; past it the memo starts again (it only saves writes). */
const MEMO_LIMIT = 100_000;

/**
 * A name this replica recorded is written again after this long even if unchanged, so one that changed on another
 * replica and back is put right within the hour.
 */
const REWRITE_MS = 3_600_000;

/**
 * Records the Telegram name of each user with a role as they write (after the access check, which sets the
 * role): only when it differs from what this replica last recorded, so a chat's updates cost no Redis write each.
 * Strangers are left alone. The write goes out with the update's own work, and its failure only costs a stale name.
 */
export function recordUserNames(
  directory: Pick<UserDirectory, 'record'>,
  logger: Pick<LoggerLike, 'warn'>,
): MiddlewareFn<BotContext> {
  const recorded = new Map<number, { name: string; at: number }>();
  return async (ctx, next) => {
    const from = ctx.from;
    if (from === undefined || ctx.role === null || from.is_bot) return next();
    // Compared as Telegram sent it: the name is cut and cleaned only when it is written.
    const text = `${from.first_name}\n${from.last_name ?? ''}\n${from.username ?? ''}`;
    const now = Date.now();
    const memo = recorded.get(from.id);
    if (memo !== undefined && memo.name === text && now - memo.at < REWRITE_MS) return next();
    if (recorded.size >= MEMO_LIMIT) recorded.clear();
    recorded.set(from.id, { name: text, at: now });
    const written = directory.record(from.id, userNameOf(from)).catch((error: unknown) => {
      recorded.delete(from.id);
      logger.warn({ err: error, userId: from.id }, 'user name not recorded');
    });
    try {
      await next();
    } finally {
      await written;
    }
  };
}
