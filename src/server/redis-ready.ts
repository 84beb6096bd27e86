import type { Redis } from 'ioredis';
import { withinTime } from '../lib/within-time.ts';

/**
 * A cheap Redis readiness check: one PING shared by every caller while it runs, counted as failed after
 * `timeoutMs` (while Redis is down ioredis queues commands; a pile of PINGs must not grow with each request).
 */
export function createRedisReadiness(redis: Pick<Redis, 'ping'>, timeoutMs = 1_000) {
  let running: Promise<boolean> | undefined;
  return async (): Promise<boolean> => {
    running ??= redis
      .ping()
      .then((reply) => reply === 'PONG')
      .catch(() => false)
      .finally(() => {
        running = undefined;
      });
    return withinTime(running, timeoutMs, false);
  };
}
