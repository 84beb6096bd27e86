import type { Context, MiddlewareFn } from 'grammy';

/**
 * At most `limit` updates from one user in a window of `windowMs` that opens with their first; past it their updates
 * are dropped, and the first one dropped, when it is a button's tap, is answered so that the button stops spinning.
 * Counted in this replica's memory, so the count costs no Redis command: a user whose updates reach several
 * replicas (webhooks behind a balancer) may send up to that many times the limit. Its point is that no one user
 * floods a replica.
 */
export function userRateLimit<C extends Context>(limit: number, windowMs: number): MiddlewareFn<C> {
  const windows = new Map<number, { until: number; hits: number }>();
  let sweepAt = 0;
  return async (ctx, next) => {
    const userId = ctx.from?.id;
    if (userId === undefined) return next();
    const now = Date.now();
    if (now >= sweepAt) {
      for (const [id, window] of windows) if (window.until <= now) windows.delete(id);
      sweepAt = now + windowMs;
    }
    let window = windows.get(userId);
    if (window === undefined || window.until <= now) {
      window = { until: now + windowMs, hits: 0 };
      windows.set(userId, window);
    }
    window.hits += 1;
    if (window.hits <= limit) return next();
    if (window.hits === limit + 1 && ctx.callbackQuery)
      await ctx.answerCallbackQuery().catch(() => undefined);
  };
}
