import { notifyKeys } from './keys.ts';
import { silentLogger, type LoggerLike } from '../domain/log.ts';
import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { FOREVER, KEEP_COMPLETED, type JobSystem } from '../jobs/jobs.ts';
import type { LifecycleHooks } from '../lib/hooks.ts';
import type { EnqueueOptions, EnqueueResult, OutboxMessage } from '../lib/telegram/outbox-message.ts';
import { planEdit, planSend, sendAtOnce } from './outbox-plan.ts';
import { markQueuedScript } from './outbox-scripts.ts';
import { createOutboxSender, PACE_WINDOW_MS, type OutboxJob, type OutboxTimings } from './outbox-sender.ts';
export type { OutboxTimings } from './outbox-sender.ts';
import { outboxBackoffMs, type OutboxTelegram } from './outbox-telegram.ts';

/**
 * Durable Telegram outbox on BullMQ (the `outbox` queue of src/jobs): one job per logical message, its
 * idempotency key (e.g. `final:<order>:<status>`) giving the job ID. Once its job is added, the key is marked
 * (`outbox:once:<key>`, kept as long as BullMQ keeps completed jobs, KEEP_COMPLETED), and enqueuing it again is
 * answered `duplicate`. The mark is set after the add: an add that failed (or a process that died before it)
 * leaves the key unmarked rather than marked with no job to send it, and a repeat is added again, which BullMQ
 * ignores for a job ID it holds (the second line, as for two enqueues at once).
 *
 * A job leaves the queue only after Telegram's answer: 429 pauses the queue for every replica for `retry_after`
 * (queue.rateLimit + RateLimitError: the job waits, uncounted), 5xx and network errors retry with OUTBOX delays for
 * ever, any other 4xx is final (the job fails: BullMQ's failed set is the dead letters). What each answer means is
 * outbox-telegram.ts; the paced call and what a job does with its answer, outbox-sender.ts.
 *
 * The pace: every replica together stays under Telegram's ~30 messages a second by a window of the outbox's own
 * (`outbox:pace`, a count per one-second window, as BullMQ's limiter keeps), from which every Telegram call takes a
 * slot, a job's and an edit's sent at once alike; a call finding the window full waits for the next. BullMQ's
 * limiter, at the same pace, leaves the jobs beyond it waiting in the queue. The outbox's scripts touch only its
 * own keys, none of BullMQ's (whose layout is BullMQ's to change).
 *
 * The one window that can duplicate: a `send` that Telegram accepted whose job was not marked completed because
 * the process died in between (or its job lock ran out, e.g. while Redis was unreachable); BullMQ then gives the
 * stalled job to another worker, which sends it again. Edits are immune (the repeat is "message is not
 * modified", counted as done).
 *
 * Edits of one message coalesce, which BullMQ cannot express (its jobs of one queue run in parallel, and its
 * deduplication drops the newer data): a small record per message (`outbox:msg:<chat>:<message>`) keeps the
 * newest text and its version and the version sent. An enqueue no newer than the record's text is `duplicate` when
 * that version was sent (an edit sent at once needs no key mark: the record says it) and `stale` otherwise; an edit job
 * sends whatever the record holds newest and not yet sent, under a per-message lock, and before letting go of the
 * lock sends again if a newer text came meanwhile, so the message never goes back to an earlier text, and a job
 * finding the lock taken leaves the message to its holder (outbox-edits.ts; the record's scripts are
 * outbox-scripts.ts).
 *
 * A keyed message of an order's change need not wait for a job's turn (`now`: the notices' status edits and final
 * messages): when no 429 pause runs and the pace window has a slot (which it takes, as a job's call would), and
 * for an edit nothing holds its message, the enqueue sends the message itself and returns once Telegram took it; no
 * job is added. An edit takes its message's lock under its job's ID; a new message marks its key `now` for a lease
 * (`outbox:once:<key>`), then `sent` once Telegram took it (retried while Redis does not answer, within the lease),
 * and an enqueue of the key meanwhile adds the job to wait out that lease, a job that sends nothing if the key is
 * marked `sent` by then. A failed attempt hands the message to its job; an attempt Telegram has not answered within
 * a second gets its job as a safety net, delayed by a third of the lease and removed once sent (a slower attempt
 * can make the job send it again: an edit is then "not modified", a new message is the one window above). The
 * helpers of an enqueue are outbox-plan.ts. A process that dies in the middle leaves no job:
 * `now` is for callers that are redelivered until their enqueue returned (the relay's handlers, whose change stream
 * entry stays pending), and the repeated enqueue finds the edit recorded but not sent, or the new message's mark
 * expired or taken, and adds the job that sends it (or sends it at once again).
 */

export type { EnqueueOptions, EnqueueResult, OutboxMessage } from '../lib/telegram/outbox-message.ts';

/** Production timings of the outbox. */
const DEFAULT_OUTBOX_TIMINGS: OutboxTimings = {
  leaseMs: 30_000,
  retryDelaysMs: [1_000, 2_000, 5_000, 15_000, 30_000, 60_000],
  messagesPerSecond: 25,
  concurrency: 32,
};

/** The BullMQ queue of the outbox. */
export const OUTBOX_QUEUE = 'outbox';
/** Name of the outbox's back-off (OutboxTimings.retryDelaysMs), given to its worker. */
const BACKOFF = 'outbox';

export interface OutboxDeps {
  /** The service's job system: any process adds to the queue; `work` runs it. */
  jobs: JobSystem;
  redis: Redis;
  /** REDIS_PREFIX. */
  prefix: string;
  telegram: OutboxTelegram;
  timings?: Partial<OutboxTimings>;
  logger?: LoggerLike;
  hooks?: LifecycleHooks;
  /**
   * Called once Telegram took a message queued with `webhookReceivedAt`, with the seconds since that merchant
   * webhook was received (the webhook-to-chat metric); whichever replica sends it.
   */
  onWebhookToChat?: (seconds: number) => void;
}

/**
 * A job ID from an idempotency key: BullMQ refuses IDs that are integers or hold ':', so ':' and '%' are
 * percent-encoded (one key, one ID) and the ID starts with a letter.
 */
export function outboxJobId(key: string): string {
  return `k-${key.replaceAll('%', '%25').replaceAll(':', '%3A')}`;
}

/** A running outbox worker (one per process that runs jobs). */
export interface OutboxWorker {
  /** Stops taking jobs; the one in flight finishes first. */
  close(): Promise<void>;
}

/**
 * Runs `processJob` for new messages one chat at a time: the new messages a process has taken for one chat go out
 * one after another, in the order taken (BullMQ hands jobs out oldest first); different chats' side by side.
 * Edits need no turn: the message's lock orders them.
 */
function inChatTurns(
  processJob: (job: Job<OutboxJob>) => Promise<void>,
): (job: Job<OutboxJob>) => Promise<void> {
  const chatTurns = new Map<number, Promise<void>>();
  return function inChatTurn(job: Job<OutboxJob>): Promise<void> {
    const chatId = job.data.message.chatId;
    if (job.data.message.kind === 'edit') return processJob(job);
    const before = chatTurns.get(chatId) ?? Promise.resolve();
    const mine = before.then(() => processJob(job));
    const settled = mine.then(
      () => undefined,
      () => undefined,
    );
    chatTurns.set(chatId, settled);
    void settled.then(() => {
      if (chatTurns.get(chatId) === settled) chatTurns.delete(chatId);
    });
    return mine;
  };
}

/** Creates the durable Telegram outbox. */
export function createOutbox(deps: OutboxDeps) {
  const { redis } = deps;
  const timings: OutboxTimings = { ...DEFAULT_OUTBOX_TIMINGS, ...deps.timings };
  // How long the latest-version record of an edited message is kept.
  const ttl = 30 * 24 * 3600;
  const logger = deps.logger ?? silentLogger;
  const queue = deps.jobs.queue<OutboxJob>(OUTBOX_QUEUE);
  const k = notifyKeys(deps.prefix).outbox;
  const { processJob, editNow, sendNow } = createOutboxSender({ ...deps, k, timings, ttl, logger, queue });
  const inChatTurn = inChatTurns(processJob);
  // Messages sent at once (`now`) that Telegram was slow to answer: a clean stop lets them finish.
  const inFlight = new Set<Promise<void>>();
  const atOnce = { queue, logger, safetyNetDelayMs: Math.ceil(timings.leaseMs / 3) };

  /** Queues `stored` as it is (see enqueue). */
  async function add(stored: OutboxMessage, options: EnqueueOptions): Promise<EnqueueResult> {
    const { key } = options;
    const jobId = key === null ? undefined : outboxJobId(key);
    const plan =
      stored.kind === 'edit'
        ? await planEdit({ redis, k, ttl, timings, editNow }, stored, jobId, options)
        : await planSend({ redis, k, timings, logger, sendNow }, stored, jobId, options);
    if (plan === 'duplicate') return plan;
    const { data, result } = plan;
    const jobOptions = {
      ...(jobId === undefined ? {} : { jobId }),
      attempts: FOREVER,
      backoff: { type: BACKOFF },
    };
    if (plan.atOnce !== undefined && jobId !== undefined) {
      const { send, sent } = plan.atOnce;
      const done = await sendAtOnce(atOnce, { id: jobId, data, jobOptions, send, sent });
      // Sent and marked so (an edit by its record's version sent): no job, nothing more to mark.
      if (done === 'sent' && (sent !== undefined || stored.kind === 'edit')) return result;
      if (typeof done === 'object') {
        inFlight.add(done.late);
        void done.late.finally(() => inFlight.delete(done.late));
      }
    } else {
      // Two enqueues of one key at the very same time may both answer `queued`; BullMQ adds one job.
      await queue.add(stored.kind, data, { ...jobOptions, delay: plan.delay ?? 0 });
    }
    if (key === null) return result;
    const mark = k.once(key);
    await (data.held === undefined
      ? redis.set(mark, '1', 'EX', KEEP_COMPLETED.age)
      : markQueuedScript.run(redis, [mark], [KEEP_COMPLETED.age]));
    return result;
  }

  return {
    /**
     * Queues a message once per `key` (null: no deduplication). An edit's `version` (e.g. the order's
     * history length) must grow with each newer text of the same message; older versions are dropped.
     * `webhookReceivedAt`: the message shows a change caused by a merchant webhook received then (wall-clock ms).
     */
    enqueue(message: OutboxMessage, options: EnqueueOptions): Promise<EnqueueResult> {
      // Every text is HTML (src/lib/html.ts); the job records it.
      return add({ ...message, parseMode: message.parseMode ?? 'HTML' }, options);
    },

    /** Runs the outbox's jobs in this process (ROLE all or worker). */
    work(): OutboxWorker {
      const worker = deps.jobs.work<OutboxJob>(OUTBOX_QUEUE, inChatTurn, {
        // Several chats at a time per process; one chat's messages one after another, in the order queued.
        concurrency: timings.concurrency,
        lockDurationMs: timings.leaseMs,
        // BullMQ's limiter: jobs beyond the pace wait in Redis, in their order, rather than taken and held here; and
        // a 429's queue.rateLimit stops every replica taking jobs (BullMQ checks it only for a worker with a
        // limiter). The pace window above, not this, counts what is sent.
        limiter: { max: timings.messagesPerSecond, durationMs: PACE_WINDOW_MS },
        backoffStrategy: (attemptsMade, _type, error) =>
          outboxBackoffMs(timings.retryDelaysMs, attemptsMade, error),
        // A job whose worker died is taken up again however often that happens: it is never dropped.
        maxStalledCount: FOREVER,
      });
      return {
        async close() {
          await Promise.all(inFlight);
          await worker.close();
        },
      };
    },

    /** Jobs not finished yet (waiting, running, waiting to retry). */
    async pending(): Promise<number> {
      const counts = await queue.getJobCounts('wait', 'active', 'delayed', 'prioritized');
      return Object.values(counts).reduce((sum, n) => sum + n, 0);
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
