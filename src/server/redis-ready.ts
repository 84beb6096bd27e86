import type { Redis } from 'ioredis';

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
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      return await Promise.race([running, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  };
}
