import { keyspace } from '../lib/redis/keyspace.ts';
import { Queue, Worker, type BackoffStrategy, type Job, type JobsOptions, type WorkerOptions } from 'bullmq';
import type { Redis, RedisOptions } from 'ioredis';
import { silentLogger, type LoggerLike } from '../domain/log.ts';
import { REDIS_RECONNECT_MAX_MS } from '../lib/redis/connect.ts';
import { delayBefore, type RetrySchedule } from '../lib/retry-schedule.ts';

/**
 * Durable jobs on BullMQ, on the service's own Redis (one server, a Sentinel group or a Cluster).
 *
 * - Keys: `<REDIS_PREFIX>jobs:<queue>:…`. The prefix is hash-tagged on a Cluster (config.ts), so every key of a
 *   queue lives in one slot, as BullMQ's scripts need.
 * - Connections: the queues of a process share one connection that fails a command fast (a caller adding a
 *   job is told, rather than waiting for ever); each worker gets its own, with `maxRetriesPerRequest: null`
 *   (BullMQ's blocking reads must wait through a reconnect or a failover). Neither pipelines automatically
 *   (ioredis' `enableAutoPipelining`): it cut a burst's latency a little, but on a Redis Cluster whose master
 *   restarted, BullMQ's script calls then failed with NOSCRIPT and jobs stayed active until they stalled (the
 *   Cluster soak's bulk runs did not end, 2 runs in 4).
 * - Exactly once per cause: a job's ID is derived from what caused it (`jobId`), and BullMQ adds a job whose ID
 *   already exists as a no-op. Completed and failed jobs are kept for a while so that a late duplicate of the
 *   same cause is still recognised, then trimmed.
 * - Only processes that run jobs (ROLE `all` or `worker`) call `work`; any process may add jobs.
 */
export interface JobSystemDeps {
  /** Opens a new connection to the service's Redis with these options (see createRedis). */
  connect: (options: RedisOptions) => Redis;
  /** The service's key prefix (REDIS_PREFIX, hash-tagged on a Cluster). */
  prefix: string;
  logger?: LoggerLike;
}

interface WorkOptions {
  /** Jobs of this queue run at once in this process (default 1). */
  concurrency?: number;
  /** How long a running job's lock lives without renewal before another worker may take it (default 30 s). */
  lockDurationMs?: number;
  /** At most `max` jobs per `durationMs`, across every worker of the queue. */
  limiter?: { max: number; durationMs: number };
  /** Delay before the next attempt of a job added with `backoff: { type: <a name of ours> }`. */
  backoffStrategy?: BackoffStrategy;
  /** How often a job may be found stalled (its worker died) before it fails (BullMQ's default 1). */
  maxStalledCount?: number;
}

/** The worker of a queue in this process (`work`): BullMQ's, replaced behind this handle when it hangs. */
export interface JobWorker {
  /** Stops taking jobs and lets the running ones finish (`force`: abandons them; their locks run out). */
  close(force?: boolean): Promise<void>;
}

export interface JobSystem {
  /** The queue `name` (one object per name and process). */
  queue<Data>(name: string): Queue<Data>;
  /** Runs the jobs of `name` in this process. */
  work<Data, Result = unknown>(
    name: string,
    processor: (job: Job<Data, Result>, token?: string) => Promise<Result>,
    options?: WorkOptions,
  ): JobWorker;
  /**
   * Runs `processor` once per `periodMs` across every process that calls this (BullMQ's job scheduler `name`): the
   * schedule lives in Redis, and calling this again (another worker, a restart, each caller now and then:
   * scheduleRewriteMs) adds no run; a slot missed while no worker ran is run once when one is up.
   */
  every<Result = unknown>(
    name: string,
    periodMs: number,
    processor: () => Promise<Result>,
    options?: WorkOptions,
  ): Promise<JobWorker>;
  /** Ends what `every(name, …)` scheduled: its schedule and its next run (a no-op when there is none). */
  stopEvery(name: string): Promise<void>;
  /** Closes the workers (letting running jobs finish) and the queues. */
  close(): Promise<void>;
}

/** Attempts and stalls (`maxStalledCount`) of a job that must never be dropped: in effect for ever. */
export const FOREVER = 1_000_000_000;

/** The longest delay of retryDelayMs. */
export const RETRY_DELAY_MAX_MS = 60_000;

/**
 * The delay before attempt `attemptsMade + 1` of a job whose run threw (Redis away for a moment…): 1 s, doubling,
 * a minute at most; the `backoffStrategy` of the queues whose jobs are retried for ever.
 */
export function retryDelayMs(attemptsMade: number): number {
  return delayBefore(JOB_RETRY, attemptsMade);
}

/** The back-off of jobs retried for ever: 1 s, doubling, a minute at most. */
const JOB_RETRY = {
  kind: 'doubling',
  firstMs: 1_000,
  maxMs: RETRY_DELAY_MAX_MS,
} as const satisfies RetrySchedule;

/**
 * retryDelayMs, at most `maxMs`: the back-off of a job that must not wait past its lease once Redis is back (its
 * attempts count every failure of its life, so a few outages alone would take it to a minute).
 */
export function retryDelayWithin(maxMs: number): (attemptsMade: number) => number {
  const schedule: RetrySchedule = { ...JOB_RETRY, maxMs: Math.min(maxMs, RETRY_DELAY_MAX_MS) };
  return (attemptsMade) => delayBefore(schedule, attemptsMade);
}

/** A job lock's life when the queue names none (BullMQ's `lockDuration`). */
const DEFAULT_LOCK_MS = 30_000;

/** How often a worker looks for jobs whose lock ran out (BullMQ's `stalledInterval`): the lock's life, 30 s at most. */
function stalledIntervalMs(lockDurationMs: number): number {
  return Math.min(lockDurationMs, 30_000);
}

/**
 * How long a worker waits before fetching a job, or recording a finished one, again after a Redis connection error
 * (BullMQ's `runRetryDelay`, whose own default of 15 s would add itself to every recovery).
 */
const RUN_RETRY_DELAY_MS = 1_000;
/** The longest a worker blocks for a new job's marker before looking for due jobs itself (BullMQ's own 10 s cap). */
const BULLMQ_MAX_BLOCK_MS = 10_000;
/** BullMQ's pause after a stall check that failed (Redis away), before the next one is planned. */
const BULLMQ_STALL_CHECK_RETRY_MS = 5_000;

/**
 * How often each worker is looked at for a hung fetch loop (see `work`). On a Redis Cluster whose master restarted,
 * a BullMQ worker now and then stayed idle for good with every connection ready and jobs waiting (its blocking
 * connection never became usable again; the Cluster soak, about one run in ten under load, a bulk run left
 * running). Such a worker is replaced once a job that waited at one look still waits at the next.
 */
export const HUNG_WORKER_CHECK_MS = 15_000;

/**
 * How long after Redis answers again a worker takes a job that is due (see jobRecoveryBoundMs): 43 s, of which
 * 13 s for a worker that reconnects and 30 s more for one whose fetch loop hung and is replaced.
 */
export const JOB_FETCH_MAX_MS =
  REDIS_RECONNECT_MAX_MS + RUN_RETRY_DELAY_MS + BULLMQ_MAX_BLOCK_MS + 2 * HUNG_WORKER_CHECK_MS;

/**
 * The bound on how long a job waits, once Redis answers again after a restart or failover (R), before a worker
 * runs it (or the run that was going on when Redis went away goes on):
 * - a worker reconnects within REDIS_RECONNECT_MAX_MS and fetches within RUN_RETRY_DELAY_MS (after a connection
 *   error) plus BULLMQ_MAX_BLOCK_MS (a wake-up marker lost with the connection), or is replaced within two
 *   HUNG_WORKER_CHECK_MS when its fetch loop hung;
 * - a job whose run threw while Redis was away waits its back-off, at most `retryMaxMs`;
 * - a job whose finish could not be recorded, or whose worker died, stays active until its lock runs out (at most
 *   `lockDurationMs` after its last renewal, before R) and a stall check comes (every stalledIntervalMs, the first
 *   BULLMQ_STALL_CHECK_RETRY_MS later when the last one failed).
 * With the defaults (a 30 s lock, a minute's back-off): 2 + 1 + 10 + 30 + max(30 + 30 + 5, 60) = 108 s.
 */
export function jobRecoveryBoundMs(options: { lockDurationMs?: number; retryMaxMs?: number } = {}): number {
  const lock = options.lockDurationMs ?? DEFAULT_LOCK_MS;
  const stalled = lock + stalledIntervalMs(lock) + BULLMQ_STALL_CHECK_RETRY_MS;
  return JOB_FETCH_MAX_MS + Math.max(stalled, options.retryMaxMs ?? RETRY_DELAY_MAX_MS);
}

/** Completed jobs kept (a duplicate of their cause added meanwhile is a no-op). */
export const KEEP_COMPLETED = { age: 7 * 86_400, count: 10_000 } as const;
/** Failed jobs kept for a person to look at. */
const KEEP_FAILED = { age: 30 * 86_400, count: 10_000 } as const;

/** Runs of a job scheduler (`every`) kept, finished or failed. */
const EVERY_KEEP = { age: KEEP_FAILED.age, count: 100 } as const;
const EVERY_OPTS = { removeOnComplete: EVERY_KEEP, removeOnFail: EVERY_KEEP };

/**
 * How often `every` writes its schedule again: ten periods, a second to a minute. BullMQ writes the next run after a
 * run began, in a call of its own; lost with Redis (away then, or a failover), the schedule would end.
 */
function scheduleRewriteMs(periodMs: number): number {
  return Math.min(60_000, Math.max(1_000, periodMs * 10));
}

/** Writes `name`'s schedule (a no-op while it is there with its next run), keeping its last 100 runs to look at. */
function writeSchedule(queue: Queue, name: string, periodMs: number) {
  return queue.upsertJobScheduler(name, { every: periodMs }, { name, opts: EVERY_OPTS });
}

/** Defaults for every job: kept as above; retried with back-off when the processor throws. */
const DEFAULT_JOB_OPTIONS: JobsOptions = {
  removeOnComplete: KEEP_COMPLETED,
  removeOnFail: KEEP_FAILED,
  attempts: 5,
  backoff: { type: 'exponential', delay: 2_000 },
};

export function jobsPrefix(prefix: string): string {
  return keyspace(prefix, 'jobs')();
}

/** BullMQ's options for a worker of ours, WorkOptions' defaults applied (its connection and concurrency apart). */
function workerOptions(options: WorkOptions): Omit<WorkerOptions, 'connection'> {
  const lockDuration = options.lockDurationMs ?? DEFAULT_LOCK_MS;
  return {
    lockDuration,
    stalledInterval: stalledIntervalMs(lockDuration),
    runRetryDelay: RUN_RETRY_DELAY_MS,
    ...(options.limiter
      ? { limiter: { max: options.limiter.max, duration: options.limiter.durationMs } }
      : {}),
    ...(options.backoffStrategy ? { settings: { backoffStrategy: options.backoffStrategy } } : {}),
    ...(options.maxStalledCount === undefined ? {} : { maxStalledCount: options.maxStalledCount }),
  };
}

/** What a worker of ours needs of its job system. */
interface WorkerContext {
  connect: JobSystemDeps['connect'];
  /** The queues' key prefix (jobsPrefix). */
  prefix: string;
  logger: LoggerLike;
  /** The queue `name` of the job system (for the hung-loop look). */
  queue: (name: string) => Queue;
  /** Whether the job system was closed. */
  closed: () => boolean;
}

/** BullMQ's worker of `name` on a connection of its own, whose problems and failed jobs are logged. */
function openWorker<Data, Result>(
  context: WorkerContext,
  name: string,
  processor: (job: Job<Data, Result>, token?: string) => Promise<Result>,
  options: WorkOptions,
  concurrency: number,
): Worker<Data, Result> {
  const { logger, prefix } = context;
  const connection = context.connect({ maxRetriesPerRequest: null, enableOfflineQueue: true });
  connection.on('error', (error) =>
    logger.warn({ err: error, queue: name }, 'jobs: redis connection problem'),
  );
  const worker = new Worker<Data, Result>(name, processor, {
    ...workerOptions(options),
    connection,
    prefix,
    concurrency,
  });
  worker.on('error', (error) => logger.warn({ err: error, queue: name }, 'jobs: worker problem'));
  worker.on('failed', (job, error) =>
    logger.warn({ err: error, queue: name, job: job?.id, attempts: job?.attemptsMade }, 'jobs: job failed'),
  );
  // BullMQ closes a connection it was given only when it duplicated it; this one is ours.
  worker.on('closed', () => connection.disconnect());
  return worker;
}

/** Runs the jobs of `name` (JobSystem.work) behind a handle that replaces BullMQ's worker when its loop hangs. */
function superviseWorker<Data, Result>(
  context: WorkerContext,
  name: string,
  processor: (job: Job<Data, Result>, token?: string) => Promise<Result>,
  options: WorkOptions,
): JobWorker {
  const { logger, closed } = context;
  const concurrency = options.concurrency ?? 1;
  let running = 0;
  let started = 0;
  const counted = async (job: Job<Data, Result>, token?: string): Promise<Result> => {
    running += 1;
    started += 1;
    try {
      return await processor(job, token);
    } finally {
      running -= 1;
    }
  };
  const startWorker = (): Worker<Data, Result> => openWorker(context, name, counted, options, concurrency);
  let worker = startWorker();

  // A hung fetch loop (HUNG_WORKER_CHECK_MS): this worker had room for a job, started none since the last look,
  // and a job that waited then waits still, in a queue neither paused nor held by a rate limit. The old
  // worker is closed (which frees its loop: a job it takes meanwhile runs as any other) and a new one started.
  let waitingBefore = new Set<string>();
  let startedBefore = started;
  const look = async (): Promise<void> => {
    if (closed()) return;
    const queue = context.queue(name);
    const waiting = new Set(
      (await queue.getJobs(['wait', 'prioritized'], 0, 9, true)).flatMap((job) => job?.id ?? []),
    );
    const idle = running < concurrency && started === startedBefore;
    const hung =
      idle &&
      [...waiting].some((id) => waitingBefore.has(id)) &&
      !(await queue.isPaused()) &&
      (await queue.getRateLimitTtl()) <= 0;
    waitingBefore = waiting;
    startedBefore = started;
    if (!hung || closed()) return;
    logger.warn({ queue: name }, 'jobs: a worker took no job while jobs waited; replacing it');
    const old = worker;
    worker = startWorker();
    waitingBefore = new Set();
    void Promise.race([old.close(), new Promise((resolve) => setTimeout(resolve, HUNG_WORKER_CHECK_MS))])
      .then(() => old.disconnect())
      .catch(() => undefined);
  };
  const looking = setInterval(() => {
    look().catch((error: unknown) =>
      logger.warn({ err: error, queue: name }, 'jobs: could not look at a worker'),
    );
  }, HUNG_WORKER_CHECK_MS);
  looking.unref();
  return {
    close: async (force) => {
      clearInterval(looking);
      await worker.close(force);
    },
  };
}

export function createJobSystem(deps: JobSystemDeps): JobSystem {
  const logger = deps.logger ?? silentLogger;
  const prefix = jobsPrefix(deps.prefix);
  let shared: Redis | undefined;
  const queues = new Map<string, Queue>();
  const workers: JobWorker[] = [];
  let closed = false;
  /** The timers of `every` that write their schedules again. */
  const rewrites: NodeJS.Timeout[] = [];

  const sharedConnection = (): Redis => {
    if (shared === undefined) {
      shared = deps.connect({ maxRetriesPerRequest: 3, enableOfflineQueue: true });
      shared.on('error', (error) => logger.warn({ err: error }, 'jobs: redis connection problem'));
    }
    return shared;
  };

  const system: JobSystem = {
    queue<Data>(name: string): Queue<Data> {
      if (closed) throw new Error('the job system is closed');
      let queue = queues.get(name);
      if (queue === undefined) {
        queue = new Queue(name, {
          connection: sharedConnection(),
          prefix,
          defaultJobOptions: DEFAULT_JOB_OPTIONS,
        });
        queue.on('error', (error) => logger.warn({ err: error, queue: name }, 'jobs: queue problem'));
        queues.set(name, queue);
      }
      return queue as unknown as Queue<Data>;
    },

    work<Data, Result = unknown>(
      name: string,
      processor: (job: Job<Data, Result>, token?: string) => Promise<Result>,
      options: WorkOptions = {},
    ): JobWorker {
      if (closed) throw new Error('the job system is closed');
      const context = {
        connect: deps.connect,
        prefix,
        logger,
        queue: (queueName: string) => system.queue(queueName),
        closed: () => closed,
      };
      const handle = superviseWorker(context, name, processor, options);
      workers.push(handle);
      return handle;
    },

    async every<Result = unknown>(
      name: string,
      periodMs: number,
      processor: () => Promise<Result>,
      options: WorkOptions = {},
    ): Promise<JobWorker> {
      const queue = system.queue(name);
      await writeSchedule(queue, name, periodMs);
      const worker = system.work<unknown, Result>(name, processor, options);
      const again = () => void writeSchedule(queue, name, periodMs).catch(() => undefined);
      const rewrite = setInterval(again, scheduleRewriteMs(periodMs));
      rewrites.push(rewrite);
      return {
        close: async (force) => {
          clearInterval(rewrite);
          await worker.close(force);
        },
      };
    },

    async stopEvery(name: string): Promise<void> {
      await system.queue(name).removeJobScheduler(name);
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      for (const rewrite of rewrites) clearInterval(rewrite);
      await Promise.allSettled(workers.map((worker) => worker.close()));
      await Promise.allSettled([...queues.values()].map((queue) => queue.close()));
      shared?.disconnect();
    },
  };
  return system;
}
