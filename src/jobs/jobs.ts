import { Queue, Worker, type BackoffStrategy, type Job, type JobsOptions, type WorkerOptions } from 'bullmq';
import type { Redis, RedisOptions } from 'ioredis';
import { silentLogger, type LoggerLike } from '../domain/log.ts';

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

export interface WorkOptions {
  /** Jobs of this queue run at once in this process (default 1). */
  concurrency?: number;
  /** How long a running job's lock lives without renewal before another worker may take it (default 30 s). */
  lockDurationMs?: number;
  /** How often this worker looks for jobs whose lock ran out, to run them again (default: the lock's life, 30 s at most). */
  stalledIntervalMs?: number;
  /** At most `max` jobs per `durationMs`, across every worker of the queue. */
  limiter?: { max: number; durationMs: number };
  /** Delay before the next attempt of a job added with `backoff: { type: <a name of ours> }`. */
  backoffStrategy?: BackoffStrategy;
  /** How often a job may be found stalled (its worker died) before it fails (BullMQ's default 1). */
  maxStalledCount?: number;
}

export interface JobSystem {
  /** The queue `name` (one object per name and process). */
  queue<Data>(name: string): Queue<Data>;
  /** Runs the jobs of `name` in this process. */
  work<Data, Result = unknown>(
    name: string,
    processor: (job: Job<Data, Result>, token?: string) => Promise<Result>,
    options?: WorkOptions,
  ): Worker<Data, Result>;
  /**
   * Runs `processor` once per `periodMs` across every process that calls this (BullMQ's job scheduler `name`,
   * its jobs `repeat:<name>:<slot ms>`): the schedule lives in Redis, so calling this again (another worker, a
   * restart) keeps it and adds no run; a slot missed while no worker ran is run once when one is up.
   */
  every<Result = unknown>(
    name: string,
    periodMs: number,
    processor: () => Promise<Result>,
    options?: WorkOptions,
  ): Promise<Worker<unknown, Result>>;
  /** Ends what `every(name, …)` scheduled: its schedule and its next run (a no-op when there is none). */
  stopEvery(name: string): Promise<void>;
  /** Closes the workers (letting running jobs finish) and the queues. */
  close(): Promise<void>;
}

/** Attempts and stalls (`maxStalledCount`) of a job that must never be dropped: in effect for ever. */
export const FOREVER = 1_000_000_000;

/**
 * The delay before attempt `attemptsMade + 1` of a job whose run threw (Redis away for a moment…): 1 s, doubling,
 * a minute at most; the `backoffStrategy` of the queues whose jobs are retried for ever.
 */
export function retryDelayMs(attemptsMade: number): number {
  return Math.min(60_000, 1_000 * 2 ** Math.max(0, Math.min(attemptsMade - 1, 6)));
}

/** Completed jobs kept (a duplicate of their cause added meanwhile is a no-op). */
export const KEEP_COMPLETED = { age: 7 * 86_400, count: 10_000 } as const;
/** Failed jobs kept for a person to look at. */
export const KEEP_FAILED = { age: 30 * 86_400, count: 10_000 } as const;

/** Defaults for every job: kept as above; retried with back-off when the processor throws. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  removeOnComplete: KEEP_COMPLETED,
  removeOnFail: KEEP_FAILED,
  attempts: 5,
  backoff: { type: 'exponential', delay: 2_000 },
};

export function jobsPrefix(prefix: string): string {
  return `${prefix}jobs`;
}

export function createJobSystem(deps: JobSystemDeps): JobSystem {
  const logger = deps.logger ?? silentLogger;
  const prefix = jobsPrefix(deps.prefix);
  let shared: Redis | undefined;
  const queues = new Map<string, Queue>();
  const workers: Worker[] = [];
  let closed = false;

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
    ): Worker<Data, Result> {
      if (closed) throw new Error('the job system is closed');
      const connection = deps.connect({ maxRetriesPerRequest: null, enableOfflineQueue: true });
      connection.on('error', (error) =>
        logger.warn({ err: error, queue: name }, 'jobs: redis connection problem'),
      );
      const workerOptions: WorkerOptions = {
        connection,
        prefix,
        concurrency: options.concurrency ?? 1,
        lockDuration: options.lockDurationMs ?? 30_000,
        stalledInterval: options.stalledIntervalMs ?? Math.min(options.lockDurationMs ?? 30_000, 30_000),
        ...(options.limiter
          ? { limiter: { max: options.limiter.max, duration: options.limiter.durationMs } }
          : {}),
        ...(options.backoffStrategy ? { settings: { backoffStrategy: options.backoffStrategy } } : {}),
        ...(options.maxStalledCount === undefined ? {} : { maxStalledCount: options.maxStalledCount }),
      };
      const worker = new Worker<Data, Result>(name, processor, workerOptions);
      worker.on('error', (error) => logger.warn({ err: error, queue: name }, 'jobs: worker problem'));
      worker.on('failed', (job, error) =>
        logger.warn(
          { err: error, queue: name, job: job?.id, attempts: job?.attemptsMade },
          'jobs: job failed',
        ),
      );
      // BullMQ closes a connection it was given only when it duplicated it; this one is ours.
      worker.on('closed', () => connection.disconnect());
      workers.push(worker);
      return worker;
    },

    async every<Result = unknown>(
      name: string,
      periodMs: number,
      processor: () => Promise<Result>,
      options: WorkOptions = {},
    ): Promise<Worker<unknown, Result>> {
      await system.queue(name).upsertJobScheduler(name, { every: periodMs }, { name });
      return system.work<unknown, Result>(name, processor, options);
    },

    async stopEvery(name: string): Promise<void> {
      await system.queue(name).removeJobScheduler(name);
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await Promise.allSettled(workers.map((worker) => worker.close()));
      await Promise.allSettled([...queues.values()].map((queue) => queue.close()));
      shared?.disconnect();
    },
  };
  return system;
}
