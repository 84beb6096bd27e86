import type { LoggerLike } from '../domain/log.ts';
import { RateLimitError, UnrecoverableError, type Job, type Queue } from 'bullmq';
import { hookAt } from '../lib/hooks.ts';
import type { OutboxMessage } from '../lib/telegram/outbox-message.ts';
import type { notifyKeys } from './keys.ts';
import type { Redis } from 'ioredis';
import type { LifecycleHooks } from '../lib/hooks.ts';
import { atOnceNotDone, createEditSync, type EditSyncDeps } from './outbox-edits.ts';
import { paceScript } from './outbox-scripts.ts';
import {
  callTelegram,
  classifyTelegramError,
  TelegramRetryError,
  type OutboxTelegram,
  type SendVerdict,
} from './outbox-telegram.ts';

/**
 * The outbox's Telegram side (outbox.ts, whose header tells the whole story): one call paced by the outbox's
 * window, what a job does with Telegram's answer, and the edits (outbox-edits.ts) sent by a job or at once.
 */

/** The window of the outbox's pace (OutboxTimings.messagesPerSecond). */
export const PACE_WINDOW_MS = 1_000;

/** What an outbox job carries. Edits carry their text too, but send the newest text of their message's record. */
export interface OutboxJob {
  message: OutboxMessage;
  /** An edit's version. */
  version?: number;
  /** Wall-clock ms of the merchant webhook whose change this message shows (sends and documents). */
  wh?: number;
  /**
   * The key of a new message that a process took to send at once (`now`): its job sends nothing once that process
   * marked the key sent (a job added to wait out its lease, hand a failed attempt over, or as a safety net).
   */
  held?: string;
}

/** The outbox's Redis keys. */
export type OutboxKeys = ReturnType<typeof notifyKeys>['outbox'];

export interface OutboxTimings {
  /** How long a running job's lock (and an edited message's lock) lives unrenewed: longer than a Telegram call. */
  leaseMs: number;
  /** Delays between attempts after a 5xx or a network error; the last repeats. */
  retryDelaysMs: number[];
  /** Messages a second sent by all replicas together (Telegram allows a bot about 30, the chat's answers too). */
  messagesPerSecond: number;
  /**
   * Messages one process has in flight at once, to different chats: a burst of webhooks (one status edit and one
   * final message per order) would otherwise wait for one Telegram round trip after another. The pace above, not
   * this, keeps Telegram's limit.
   */
  concurrency: number;
}

export interface OutboxSenderDeps {
  redis: Redis;
  telegram: OutboxTelegram;
  hooks?: LifecycleHooks | undefined;
  /** Telegram took a message that showed a merchant webhook's change, this many seconds after it came. */
  onWebhookToChat?: ((seconds: number) => void) | undefined;
  k: OutboxKeys;
  timings: OutboxTimings;
  /** How long the latest-version record of an edited message is kept, in seconds. */
  ttl: number;
  logger: LoggerLike;
  queue: Queue<OutboxJob>;
}

/**
 * Sends a new message that the outbox's `add` took to send at once (its pace slot taken, no 429 pause found); an
 * attempt not done goes to atOnceNotDone. Whether it was handed over to its job.
 */
async function sendNewNow(
  deps: Pick<EditSyncDeps, 'attempt' | 'took' | 'pauseAll' | 'logger'>,
  id: string,
  message: Exclude<OutboxMessage, { kind: 'edit' }>,
  webhookAt: number | undefined,
  handOver: () => Promise<void>,
): Promise<boolean> {
  const verdict = await deps.attempt(message, true);
  if (verdict.kind !== 'done') return atOnceNotDone(deps, id, message.chatId, verdict, handOver);
  await deps.took(webhookAt, verdict.took === true);
  return false;
}

/**
 * Creates the outbox's sending: `processJob` for a job of its queue, `editNow` and `sendNow` for an edit and a new
 * message sent at once.
 */
export function createOutboxSender(deps: OutboxSenderDeps) {
  const { redis, k, timings, ttl, logger, queue } = deps;

  /**
   * Telegram's answer to one call: done (and whether Telegram took the text now), or a verdict to act on. The call
   * first takes a slot of the pace window, waiting here for the next window when this one is full (the message
   * keeps its place, and its chat's later messages stay behind it), unless a 429 pause runs.
   */
  async function attempt(
    message: OutboxMessage,
    /** The caller took the call's slot already (and found no pause). */
    paced = false,
  ): Promise<SendVerdict & { took?: boolean }> {
    while (!paced) {
      const [state, ms] = (await paceScript.run(
        redis,
        [k.pace, k.paused],
        [timings.messagesPerSecond, PACE_WINDOW_MS],
      )) as [string, number];
      // BullMQ's rate limit stops replicas taking new jobs; jobs they took before it (several at a time) wait here.
      if (state === 'paused') return { kind: 'retry', pauseAllMs: ms, reason: 'paused after a 429' };
      if (state === 'go') paced = true;
      else await new Promise((resolve) => setTimeout(resolve, ms));
    }
    try {
      const messageId = await callTelegram(deps.telegram, message);
      return { kind: 'done', took: true, ...(messageId === undefined ? {} : { messageId }) };
    } catch (error) {
      return classifyTelegramError(error, message);
    }
  }

  /** A 429: every replica's outbox waits `retry_after` (jobs already taken wait on the pause key). */
  async function pauseAll(id: string | undefined, pauseAllMs: number): Promise<void> {
    const pauseMs = Math.ceil(pauseAllMs);
    logger.warn({ id, pauseMs }, 'telegram flood limit: every replica waits');
    await redis.set(k.paused, '1', 'PX', pauseMs);
    await queue.rateLimit(pauseMs);
  }

  /** Ends an attempt that was not done: a 429 pauses the queue for every replica, the rest retry or fail. */
  async function notDone(
    job: Job<OutboxJob>,
    verdict: Exclude<SendVerdict, { kind: 'done' }>,
  ): Promise<never> {
    const { message } = job.data;
    if (verdict.kind === 'give-up') {
      logger.warn(
        { id: job.id, chatId: message.chatId, reason: verdict.reason },
        'telegram refused a message',
      );
      throw new UnrecoverableError(`telegram refused the message: ${verdict.reason}`);
    }
    if (verdict.pauseAllMs !== undefined) {
      await pauseAll(job.id, verdict.pauseAllMs);
      // Back to the waiting jobs, its attempts not counted.
      throw new RateLimitError();
    }
    throw new TelegramRetryError(`telegram call will be retried (${verdict.reason})`);
  }

  /** Telegram took it: the crash point, then the webhook-to-chat time of a message that carried one. */
  async function took(webhookAt: number | undefined, timed: boolean): Promise<void> {
    const tookMs = webhookAt === undefined ? undefined : Date.now() - webhookAt;
    await hookAt(deps.hooks, 'outbox-after-send-before-record', {});
    if (timed && tookMs !== undefined && Number.isFinite(tookMs)) {
      deps.onWebhookToChat?.(Math.max(0, tookMs) / 1000);
    }
  }

  const { syncEdit, editNow } = createEditSync({
    redis,
    k,
    leaseMs: timings.leaseMs,
    ttl,
    logger,
    attempt,
    took,
    pauseAll,
  });

  async function processJob(job: Job<OutboxJob>): Promise<void> {
    const { message, held } = job.data;
    if (message.kind === 'edit') {
      return syncEdit(job.id ?? '', message, job.data.version ?? 0, (verdict) => notDone(job, verdict));
    }
    if (held !== undefined && (await redis.get(k.once(held))) === 'sent') return;
    const verdict = await attempt(message);
    if (verdict.kind !== 'done') return notDone(job, verdict);
    await took(job.data.wh, verdict.took === true);
  }

  const sendNow = sendNewNow.bind(null, { attempt, took, pauseAll, logger });

  return { processJob, editNow, sendNow };
}
