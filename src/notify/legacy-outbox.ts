import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import type { LoggerLike } from '../domain/log.ts';
import { createDueQueue } from '../lib/redis/due-queue.ts';
import type { EnqueueOptions, EnqueueResult, OutboxMessage } from './outbox.ts';

/**
 * The upgrade from the hand-written outbox (a due-queue under `<prefix>outbox:q` and a hash per job, before
 * BullMQ): every outbox worker that starts moves what is left there into the BullMQ queue, so an upgrade loses no
 * message. A job is taken with the old queue's own claim, so an old replica still running (a rolling upgrade)
 * never sends one that is being moved, and is added under the key `legacy:<old id>`, so one moved twice (the
 * mover died before removing it) is a duplicate. Texts stay as they were queued (plain when they had no parse
 * mode). Remove this file once no deployment has the old keys.
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

/** Starts moving the old outbox's jobs (in the background, until none is left); `stop` ends it. */
export function adoptLegacyOutbox(deps: LegacyOutboxDeps): { stop(): Promise<void> } {
  const { redis, prefix } = deps;
  const old = createDueQueue(redis, `${prefix}outbox:q`);
  let stopped = false;

  async function moveAll(): Promise<void> {
    let moved = 0;
    while (!stopped && (await old.size()) > 0) {
      const claims = await old.claim(20, MOVE_LEASE_MS);
      for (const claim of claims) {
        const job = `${prefix}outbox:job:${claim.member}`;
        const [payload, version, webhookAt] = await redis.hmget(job, 'payload', 'version', 'wh');
        if (payload) {
          await deps.add(JSON.parse(payload) as OutboxMessage, {
            key: `legacy:${claim.member}`,
            ...(version ? { version: Number(version) } : {}),
            ...(webhookAt ? { webhookReceivedAt: Number(webhookAt) } : {}),
          });
          moved++;
        }
        await redis.del(job);
        await old.complete(claim, null);
      }
      if (claims.length === 0) await sleep(WAIT_MS);
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
