import type { Redis } from 'ioredis';
import { defineScript } from './redis-script.ts';

/**
 * A sorted set of deadlines (member -> ms) that a loop turns into BullMQ jobs as they come due: what waits there
 * costs one ZADD to plan and one ZREM to drop, where a delayed job costs a dozen commands each way, and most of it
 * never comes due (an order answered, a flow finished or pushed back). The loop keeps nothing in Redis that could
 * be lost, where a BullMQ job scheduler writes its next run in a call of its own.
 */

/** Entries one look takes; `takeDue` looks again while it finds that many. */
const BATCH = 100;

// KEYS: the set ; ARGV: member, score, member, score, … Drops each member whose score is still the one taken (one
// planned again meanwhile keeps its new deadline).
const dropTakenScript = defineScript(`
for i = 1, #ARGV, 2 do
  if redis.call('ZSCORE', KEYS[1], ARGV[i]) == ARGV[i + 1] then redis.call('ZREM', KEYS[1], ARGV[i]) end
end
return 1
`);

/**
 * Hands each member of `key` due by `upTo` (and its deadline) to `toJob`, which adds its job with an ID that the
 * member and deadline fix, then drops it from the set; how many. Two takes at once, or one that died half way and
 * the next, add the same jobs again, which BullMQ ignores.
 */
export async function takeDue(
  redis: Redis,
  key: string,
  upTo: number,
  toJob: (member: string, deadline: string) => Promise<unknown>,
): Promise<number> {
  let taken = 0;
  for (;;) {
    const flat = await redis.zrangebyscore(key, '-inf', upTo, 'WITHSCORES', 'LIMIT', 0, BATCH);
    if (flat.length === 0) return taken;
    const jobs: Array<Promise<unknown>> = [];
    for (let i = 0; i + 1 < flat.length; i += 2) jobs.push(toJob(flat[i]!, flat[i + 1]!));
    await Promise.all(jobs);
    await dropTakenScript.run(redis, [key], flat);
    taken += flat.length / 2;
    if (flat.length / 2 < BATCH) return taken;
  }
}
