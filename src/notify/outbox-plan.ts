import { setTimeout as sleep } from 'node:timers/promises';
import type { Job, JobsOptions, Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { LoggerLike } from '../domain/log.ts';
import { KEEP_COMPLETED } from '../jobs/jobs.ts';
import { delayBefore, type RetrySchedule } from '../lib/retry-schedule.ts';
import { withinTime } from '../lib/within-time.ts';
import type { EnqueueOptions, EnqueueResult, OutboxMessage } from '../lib/telegram/outbox-message.ts';
import { claimSendScript, enqueueEditScript } from './outbox-scripts.ts';
import {
  PACE_WINDOW_MS,
  type createOutboxSender,
  type OutboxJob,
  type OutboxKeys,
  type OutboxTimings,
} from './outbox-sender.ts';

/**
 * What an enqueue of the outbox (outbox.ts) does with a message, before its job: an edit recorded in its
 * message's record, a new message's key claimed; either taken to send at once (`now`, see outbox.ts's header) by
 * sendAtOnce, which adds a job only when one is needed.
 */

/**
 * Records an edit's newest text in its message's record: `now` when the enqueue took the message's lock to send
 * the text at once (see outbox.ts's header), else what enqueuing answers.
 */
async function recordEdit(
  deps: { redis: Redis; k: OutboxKeys; ttl: number; timings: OutboxTimings },
  stored: Extract<OutboxMessage, { kind: 'edit' }>,
  version: number,
  jobId: string | undefined,
  options: EnqueueOptions,
): Promise<EnqueueResult | 'now'> {
  const { redis, k, ttl, timings } = deps;
  const { key } = options;
  const record = k.message(stored.chatId, stored.messageId);
  // Only a keyed edit is sent at once: its job's ID is the holder that the job itself can take over.
  const now = options.now === true && jobId !== undefined;
  return (await enqueueEditScript.run(
    redis,
    [record, key === null ? record : k.once(key), k.lock(stored.chatId, stored.messageId), k.paused, k.pace],
    [
      version,
      JSON.stringify(stored),
      options.webhookReceivedAt === undefined ? '' : String(options.webhookReceivedAt),
      ttl,
      jobId === undefined ? '' : '1',
      now ? '1' : '',
      jobId ?? '',
      timings.leaseMs,
      timings.messagesPerSecond,
      PACE_WINDOW_MS,
    ],
  )) as EnqueueResult | 'now';
}

/** How long an enqueue waits for Telegram to answer a message sent at once before it adds its safety-net job. */
const AT_ONCE_WAIT_MS = 1_000;

/**
 * Sends a message the enqueue took to send at once (`now`, see outbox.ts's header), adding its job only when one
 * is needed: to hand a failed attempt over (at once), or as the safety net of an attempt Telegram has not answered
 * within AT_ONCE_WAIT_MS (delayed, and removed once the message is sent and `sent` recorded it). Returns once the
 * message is sent (and recorded) or the job added: 'sent', 'handed-over', or the rest of a slow attempt. A process
 * that dies before either leaves no job: its caller's redelivery (the relay's change stream entry, acknowledged
 * only once the enqueue returned) enqueues the message again, and its job sends it.
 */
export async function sendAtOnce(
  deps: { queue: Queue<OutboxJob>; logger: LoggerLike; safetyNetDelayMs: number },
  message: {
    id: string;
    data: OutboxJob;
    jobOptions: JobsOptions;
    /** The attempt; calls `handOver` when it failed and resolves to whether it did. */
    send: (handOver: () => Promise<void>) => Promise<boolean>;
    /** Records the message sent once Telegram took it (never throws). */
    sent?: () => Promise<void>;
  },
): Promise<'sent' | 'handed-over' | { late: Promise<void> }> {
  const { queue, logger } = deps;
  let job: Promise<Job<OutboxJob>> | undefined;
  const addJob = (delay: number) =>
    (job ??= queue.add(message.data.message.kind, message.data, { ...message.jobOptions, delay }));
  const handOver = async () => {
    await (await addJob(0)).promote().catch(() => undefined);
  };
  const sending = message.send(handOver);
  const answer = await withinTime(
    sending.then((handedOver) => (handedOver ? ('handed-over' as const) : ('sent' as const))),
    AT_ONCE_WAIT_MS,
    'slow' as const,
  );
  if (answer === 'sent') await message.sent?.();
  if (answer !== 'slow') return answer;
  const safetyNet = await addJob(deps.safetyNetDelayMs);
  const late = sending.then(
    // Not needed once the message is sent (a handed-over one is that job's to send).
    async (handedOver) => {
      if (handedOver) return;
      await message.sent?.();
      await safetyNet.remove().catch(() => undefined);
    },
    (error: unknown) =>
      logger.warn({ err: error, id: message.id }, 'a message sent at once was left to its job'),
  );
  return { late };
}

/** Waits between tries to mark a new message sent at once while Redis does not answer (markSent). */
const MARK_RETRY: RetrySchedule = { kind: 'doubling', firstMs: 50, maxMs: 1_000 };

/**
 * Marks a new message sent at once (`sent`: enqueuing its key again is a duplicate, and a job of it sends
 * nothing), retrying while Redis does not answer until the lease its claim took ends: a process that outlives a
 * Redis restart after Telegram took the message still records it, so the relay's redelivery and any job waiting
 * for it find it sent. Past the lease another enqueue may take the key again: logged, not thrown (the enqueue
 * returns and its change is not redelivered).
 */
async function markSent(deps: { redis: Redis; logger: LoggerLike }, mark: string, leaseEnds: number) {
  for (let retry = 1; ; retry++) {
    try {
      await deps.redis.set(mark, 'sent', 'EX', KEEP_COMPLETED.age);
      return;
    } catch (error) {
      const wait = delayBefore(MARK_RETRY, retry);
      if (Date.now() + wait >= leaseEnds) {
        deps.logger.warn({ err: error, mark }, 'a message sent at once could not be marked sent');
        return;
      }
      await sleep(wait);
    }
  }
}

/**
 * Whether a new message may be queued under `key`: 'now' when this process is to send it at once (a keyed message
 * queued with `now`, see outbox.ts's header), else what enqueuing answers, or the ms its job must wait while another
 * process may still be sending it.
 */
async function claimSend(
  deps: { redis: Redis; k: OutboxKeys; timings: OutboxTimings },
  key: string | null,
  now: boolean,
): Promise<'now' | 'duplicate' | 'queued' | number> {
  const { redis, k, timings } = deps;
  if (key === null) return 'queued';
  if (!now) return (await redis.exists(k.once(key))) === 1 ? 'duplicate' : 'queued';
  const [state, ms] = (await claimSendScript.run(
    redis,
    [k.once(key), k.paused, k.pace],
    [timings.leaseMs, timings.messagesPerSecond, PACE_WINDOW_MS],
  )) as [string, number];
  return state === 'taken' ? ms : (state as 'now' | 'duplicate' | 'queued');
}

/** What an enqueue does: the job it adds (unless sent at once), after how long, and what it answers. */
export interface AddPlan {
  result: EnqueueResult;
  data: OutboxJob;
  /** The message this process took to send at once (sendAtOnce), and how it records it sent. */
  atOnce?: { send: (handOver: () => Promise<void>) => Promise<boolean>; sent?: () => Promise<void> };
  /** A job's wait for another process that took the message to send at once (its lease left). */
  delay?: number;
}

type OutboxSender = ReturnType<typeof createOutboxSender>;

/** What planning an enqueue reads and writes: the outbox's Redis, its keys and timings. */
interface PlanDeps {
  redis: Redis;
  k: OutboxKeys;
  timings: OutboxTimings;
}

/** An edit's plan: its record holds the newest text; the edit goes out at once when the record's script says so. */
export async function planEdit(
  deps: PlanDeps & { ttl: number; editNow: OutboxSender['editNow'] },
  stored: Extract<OutboxMessage, { kind: 'edit' }>,
  jobId: string | undefined,
  options: EnqueueOptions,
): Promise<AddPlan | 'duplicate'> {
  const version = options.version ?? 0;
  const answer = await recordEdit(deps, stored, version, jobId, options);
  if (answer === 'duplicate') return answer;
  // A stale edit still gets its job (which finds nothing newer to send), so its key counts as used.
  const data = { message: stored, version };
  if (answer !== 'now' || jobId === undefined) return { result: answer === 'now' ? 'queued' : answer, data };
  const send = (handOver: () => Promise<void>) =>
    deps.editNow(jobId, stored, version, options.webhookReceivedAt, handOver);
  return { result: 'queued', data, atOnce: { send } };
}

/**
 * A new message's plan: queued, or taken to send at once (then marked sent, markSent), or a job that waits out the
 * lease of another process that took it; the last two are `held` (OutboxJob).
 */
export async function planSend(
  deps: PlanDeps & { logger: LoggerLike; sendNow: OutboxSender['sendNow'] },
  stored: Exclude<OutboxMessage, { kind: 'edit' }>,
  jobId: string | undefined,
  options: EnqueueOptions,
): Promise<AddPlan | 'duplicate'> {
  const { key, webhookReceivedAt: webhookAt } = options;
  const leaseEnds = Date.now() + deps.timings.leaseMs;
  const claim = await claimSend(deps, key, options.now === true);
  if (claim === 'duplicate') return claim;
  const data: OutboxJob = webhookAt === undefined ? { message: stored } : { message: stored, wh: webhookAt };
  if (key === null || jobId === undefined || claim === 'queued') return { result: 'queued', data };
  const held = { ...data, held: key };
  if (typeof claim === 'number') return { result: 'queued', data: held, delay: claim };
  const send = (handOver: () => Promise<void>) => deps.sendNow(jobId, stored, webhookAt, handOver);
  const sent = () => markSent(deps, deps.k.once(key), leaseEnds);
  return { result: 'queued', data: held, atOnce: { send, sent } };
}
