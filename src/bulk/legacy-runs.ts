import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import type { LoggerLike } from '../domain/log.ts';
import { defineScript, LUA_NOW_MS } from '../lib/redis/redis-script.ts';

/**
 * The upgrade from the hand-written bulk queue (a sorted set of run IDs due at a time, `<prefix>bulk:runs:due`,
 * with leased claims in `…:claims`, before BullMQ): every bulk worker that starts takes what is left there and
 * gives each run its BullMQ job, so an upgrade loses no run. Only entries that are due are taken: one an old
 * replica still works on (a rolling upgrade) has its lease as its due time, and is taken once that replica let
 * it go or died. An entry is removed as it is taken; a mover that dies before adding the job leaves the run in
 * the active set without one, and the next start-up gives it its job (runs.ts, `ensureQueued`). Remove this file
 * once no deployment has the old keys.
 */
export interface LegacyRunsDeps {
  redis: Redis;
  prefix: string;
  /** Gives a run its job (a no-op for one gone, reported or parked). */
  adopt: (runId: string) => Promise<unknown>;
  logger: LoggerLike;
}

/** Pause while old entries are left that are not due (held by an old replica, or waiting to retry). */
const WAIT_MS = 1_000;

function legacyKeys(prefix: string) {
  const base = `${prefix}bulk:runs`;
  return { due: `${base}:due`, claims: `${base}:claims`, steps: `${base}:steps` };
}

// KEYS: due, claims, steps ; ARGV: limit. Takes (removes) up to `limit` due entries.
const takeScript = defineScript(`${LUA_NOW_MS}
local items = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ms(nowMs), 'LIMIT', 0, tonumber(ARGV[1]))
for _, m in ipairs(items) do
  redis.call('ZREM', KEYS[1], m)
  redis.call('HDEL', KEYS[2], m)
  redis.call('HDEL', KEYS[3], m)
end
return items
`);

/** Whether a run still has an entry in the old queue (adopted when it is due, not before). */
export async function inLegacyQueue(redis: Redis, prefix: string, runId: string): Promise<boolean> {
  return (await redis.zscore(legacyKeys(prefix).due, runId)) !== null;
}

/** Starts adopting the old queue's runs (in the background, until none is left); `stop` ends it. */
export function adoptLegacyRuns(deps: LegacyRunsDeps): { stop(): Promise<void> } {
  const keys = legacyKeys(deps.prefix);
  let stopped = false;

  async function adoptAll(): Promise<void> {
    let adopted = 0;
    while (!stopped && (await deps.redis.zcard(keys.due)) > 0) {
      const taken = (await takeScript.run(deps.redis, [keys.due, keys.claims, keys.steps], [20])) as string[];
      for (const runId of taken) {
        await deps.adopt(runId);
        adopted++;
      }
      if (taken.length === 0) await sleep(WAIT_MS);
    }
    if (!stopped) await deps.redis.del(keys.claims, keys.steps);
    if (adopted > 0) deps.logger.info({ adopted }, 'bulk runs of the old queue moved to BullMQ');
  }

  const running = adoptAll().catch((error: unknown) => {
    deps.logger.error({ err: error }, 'could not adopt the old bulk queue; the next start tries again');
  });
  return {
    async stop() {
      stopped = true;
      await running;
    },
  };
}
