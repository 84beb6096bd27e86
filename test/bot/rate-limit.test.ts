import type { Context } from 'grammy';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userRateLimit } from '../../src/bot/middleware/rate-limit.ts';

/** An update from `userId` (a button's tap when `tap`), recording whether the limit answered it. */
function update(userId: number | undefined, tap = false) {
  const answered: string[] = [];
  const ctx = {
    from: userId === undefined ? undefined : { id: userId },
    callbackQuery: tap ? { id: 'q' } : undefined,
    answerCallbackQuery: () => {
      answered.push('answered');
      return Promise.resolve(true);
    },
  } as unknown as Context;
  return { ctx, answered };
}

describe('USER_UPDATE_LIMIT (userRateLimit)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets `limit` updates of a user through per window, drops the rest, and opens a new window after it', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const limited = userRateLimit<Context>(3, 10_000);
    const handled: number[] = [];
    const send = async (userId: number | undefined, tap = false) => {
      const u = update(userId, tap);
      await limited(u.ctx, async () => {
        handled.push(userId ?? 0);
      });
      return u.answered;
    };
    for (let i = 0; i < 3; i++) expect(await send(7)).toEqual([]);
    // The first tap past the limit is answered (its button stops spinning); later ones are not, nor handled.
    expect(await send(7, true)).toEqual(['answered']);
    expect(await send(7, true)).toEqual([]);
    expect(handled).toEqual([7, 7, 7]);
    // Another user, and an update with no user, have their own count.
    await send(8);
    await send(undefined);
    expect(handled).toEqual([7, 7, 7, 8, 0]);
    // The window opened with user 7's first update: just before its end still dropped, at its end a new one.
    vi.setSystemTime(1_009_999);
    await send(7);
    expect(handled).toHaveLength(5);
    vi.setSystemTime(1_010_000);
    await send(7);
    expect(handled).toEqual([7, 7, 7, 8, 0, 7]);
  });
});
