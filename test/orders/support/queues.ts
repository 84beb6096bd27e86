import type { Redis } from 'ioredis';
import { createDueQueue } from '../../../src/lib/redis/due-queue.ts';
import { orderKeys } from '../../../src/orders/keys.ts';

/**
 * The order system's two due-queues, built the way system.ts builds them (on the key names the store's commits
 * write), so a test can look at or drive a queue that the service and the scheduler hold as narrow ports.
 */
export function orderQueues(redis: Redis, prefix: string) {
  const keys = orderKeys(prefix);
  return {
    placements: createDueQueue(redis, keys.placementQueue),
    followUps: createDueQueue(redis, keys.followUpQueue),
  };
}
