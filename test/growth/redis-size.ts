import type { Redis } from 'ioredis';

/**
 * Keys that never expire (TTL -1), read with SCAN and one pipelined TTL per batch. The runs of a BullMQ job
 * scheduler (`…:repeat:<scheduler>:<time>`) are read as one key, `…:repeat:<scheduler>:<run>`: it keeps its next
 * run and at most EVERY_KEEP finished ones (src/jobs/jobs.ts), so its moving on is not growth. A queue's
 * `…:marker` is left out: BullMQ sets it while a job is due and its workers take it, one per queue.
 */
export async function keysWithoutExpiry(redis: Redis): Promise<Set<string>> {
  const out = new Set<string>();
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'COUNT', 1000);
    cursor = next;
    const pipeline = redis.pipeline();
    for (const key of keys) pipeline.ttl(key);
    const ttls = (await pipeline.exec()) ?? [];
    keys.forEach((key, i) => {
      if (ttls[i]?.[1] !== -1) return;
      if (/:jobs:[^:]+:marker$/.test(key)) return;
      out.add(key.replace(/:repeat:([^:]+):\d+$/, ':repeat:$1:<run>'));
    });
  } while (cursor !== '0');
  return out;
}

/** Redis's own `used_memory`, in bytes. */
export async function usedMemory(redis: Redis): Promise<number> {
  return Number(/used_memory:(\d+)/.exec(await redis.info('memory'))![1]);
}
