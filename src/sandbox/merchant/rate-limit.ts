/** Requests per account per clock minute (windows start at :00; `windowMs` shortens the minute in tests); every request counts, rejected ones too. */
export interface RateLimiter {
  /** Counts one request; `limited` when it is over the account's budget for this minute. */
  hit(merchantId: string, limit: number): { limited: boolean; retryAfter: number; count: number };
  clear(): void;
}

export function createRateLimiter(wallNow: () => number, windowMs = 60_000): RateLimiter {
  const windows = new Map<string, { minute: number; count: number }>();
  return {
    hit(merchantId, limit) {
      const now = wallNow();
      const minute = Math.floor(now / windowMs);
      let window = windows.get(merchantId);
      if (!window || window.minute !== minute) {
        window = { minute, count: 0 };
        windows.set(merchantId, window);
      }
      window.count += 1;
      const retryAfter = Math.max(1, Math.ceil(((minute + 1) * windowMs - now) / 1000));
      return { limited: window.count > limit, retryAfter, count: window.count };
    },
    clear: () => windows.clear(),
  };
}
