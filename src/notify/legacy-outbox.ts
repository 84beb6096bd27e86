import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import type { LoggerLike } from '../domain/log.ts';
import { defineScript, LUA_NOW_MS } from '../lib/redis/redis-script.ts';
import type { EnqueueOptions, EnqueueResult, OutboxMessage } from './outbox-message.ts';

/**
 * The upgrade from the hand-written outbox (a due-queue under `<prefix>outbox:q` and a hash per job, before
 * BullMQ): every outbox worker that starts moves what is left there into the BullMQ queue, so an upgrade loses no
 * message. A job is taken with the old queue's own claim, so an old replica still running (a rolling upgrade)
 * never sends one that is being moved, and is added under the key `legacy:<old id>`, so one moved twice (the
 * mover died before removing it) is a duplicate. Texts stay as they were queued (plain when they had no parse
 * mode). The old queue is read directly (a sorted set `…:due` of job IDs by due time, their claims in `…:claims`),
 * with the same claim the old replicas make. Remove this file once no deployment has the old keys.
 */
export interface LegacyOutboxDeps {
  redis: Redis;
  prefix: string;
  /** The outbox's add, taking the message as it is. */
  add: (message: OutboxMessage, options: EnqueueOptions) => Promise<EnqueueResult>;
  logger: LoggerLike;
}

/** How long a job being moved is hidden from other movers and old replicas. */
const MOVE_LEASE_MS = 60_000;
/** Pause while old jobs are left that are not due yet (waiting to retry) or held by an old replica. */
const WAIT_MS = 1_000;

// KEYS: due, claims ; ARGV: limit, lease ms, token. Claims up to `limit` due jobs as the old queue did: hidden for
// the lease (they come back if the mover dies), each marked with this mover's token.
const claimScript = defineScript(`${LUA_NOW_MS}
local items = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ms(nowMs), 'LIMIT', 0, tonumber(ARGV[1]))
for _, m in ipairs(items) do
  redis.call('HSET', KEYS[2], m, ARGV[3])
  redis.call('ZADD', KEYS[1], ms(nowMs + tonumber(ARGV[2])), m)
end
return items
`);

// KEYS: due, claims, steps ; ARGV: job id, token. Removes a moved job while this mover still holds it.
const doneScript = defineScript(`
if redis.call('HGET', KEYS[2], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('HDEL', KEYS[3], ARGV[1])
return 1
`);

/** Starts moving the old outbox's jobs (in the background, until none is left); `stop` ends it. */
export function adoptLegacyOutbox(deps: LegacyOutboxDeps): { stop(): Promise<void> } {
  const { redis, prefix } = deps;
  const old = {
    due: `${prefix}outbox:q:due`,
    claims: `${prefix}outbox:q:claims`,
    steps: `${prefix}outbox:q:steps`,
  };
  let stopped = false;

  async function moveAll(): Promise<void> {
    let moved = 0;
    while (!stopped && (await redis.zcard(old.due)) > 0) {
      const token = randomBytes(8).toString('hex');
      const ids = (await claimScript.run(
        redis,
        [old.due, old.claims],
        [20, MOVE_LEASE_MS, token],
      )) as string[];
      for (const id of ids) {
        const job = `${prefix}outbox:job:${id}`;
        const [payload, version, webhookAt] = await redis.hmget(job, 'payload', 'version', 'wh');
        if (payload) {
          await deps.add(JSON.parse(payload) as OutboxMessage, {
            key: `legacy:${id}`,
            ...(version ? { version: Number(version) } : {}),
            ...(webhookAt ? { webhookReceivedAt: Number(webhookAt) } : {}),
          });
          moved++;
        }
        await redis.del(job);
        await doneScript.run(redis, [old.due, old.claims, old.steps], [id, token]);
      }
      if (ids.length === 0) await sleep(WAIT_MS);
    }
    if (moved > 0) deps.logger.info({ moved }, 'messages of the old outbox moved to its BullMQ queue');
  }

  const running = moveAll().catch((error: unknown) => {
    deps.logger.error({ err: error }, 'could not move the old outbox; the next start tries again');
  });
  return {
    async stop() {
      stopped = true;
      await running;
    },
  };
}
