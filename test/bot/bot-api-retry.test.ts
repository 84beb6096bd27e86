import { describe, expect, it } from 'vitest';
import { DEFAULT_BOT_API_RETRY, botApiRetryDelay } from '../../src/bot/bot-api-retry.ts';

// The retry rule of Bot API calls, as a pure function.
describe('Bot API retry rule', () => {
  it('a dropped connection and a 5xx back off 250 ms, 500 ms, 1 s, 2 s, 4 s, then give up', () => {
    for (const failure of [{ kind: 'network' as const }, { kind: 'status' as const, status: 502 }]) {
      const delays = [1, 2, 3, 4, 5, 6].map((attempt) => botApiRetryDelay(failure, attempt));
      expect(delays).toEqual([250, 500, 1000, 2000, 4000, null]);
    }
  });

  it('a 429 waits what Telegram asks when it is short, and hands a long wait back', () => {
    expect(botApiRetryDelay({ kind: 'status', status: 429, retryAfterSeconds: 3 }, 1)).toBe(3000);
    expect(
      botApiRetryDelay(
        { kind: 'status', status: 429, retryAfterSeconds: DEFAULT_BOT_API_RETRY.maxRetryAfterSeconds + 1 },
        1,
      ),
    ).toBeNull();
    expect(botApiRetryDelay({ kind: 'status', status: 429 }, 1)).toBeNull();
  });

  it('a 4xx answer is final', () => {
    for (const status of [400, 401, 403, 404, 409]) {
      expect(botApiRetryDelay({ kind: 'status', status }, 1)).toBeNull();
    }
  });
});
