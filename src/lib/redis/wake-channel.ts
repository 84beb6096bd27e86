import { duplicateRedis } from './connect.ts';
import type { Redis } from 'ioredis';
import { silentLogger, type LoggerLike } from '../../domain/log.ts';

/**
 * Wakes loops in other processes: a `bot` replica that stored a webhook or placed an order publishes the name
 * of the loop that takes it further, and every process running that loop (a `worker`) runs its next round now
 * instead of after its idle pause. Pub/sub is fire-and-forget: a message lost in a reconnect costs only that
 * pause, never the work, which stays in Redis for the loop's own poll.
 */
export interface WakeChannel {
  /** Announces work for the loop `name`; never throws. */
  publish(name: string): void;
  /** Calls `onWake` for every announcement until the returned stop is called. */
  subscribe(onWake: (name: string) => void): Promise<() => Promise<void>>;
}

export function createWakeChannel(
  redis: Redis,
  channel: string,
  logger: LoggerLike = silentLogger,
): WakeChannel {
  return {
    publish(name) {
      redis.publish(channel, name).catch((error: unknown) => {
        logger.warn({ err: error, loop: name }, 'could not announce work to other processes');
      });
    },
    async subscribe(onWake) {
      // A subscribed connection can do nothing else: its own connection, re-subscribed by ioredis on reconnect.
      const subscriber = duplicateRedis(redis, { lazyConnect: true, enableAutoPipelining: false });
      subscriber.on('error', (error: unknown) =>
        logger.warn({ err: error }, 'wake channel connection problem'),
      );
      subscriber.on('message', (_channel: string, message: string) => onWake(message));
      await subscriber.connect();
      await subscriber.subscribe(channel);
      return async () => {
        await subscriber.quit().catch(() => subscriber.disconnect());
      };
    },
  };
}
