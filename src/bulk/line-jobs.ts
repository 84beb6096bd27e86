import { DelayedError, type Job } from 'bullmq';
import { silentLogger, type LoggerLike } from '../domain/log.ts';
import { FOREVER, retryDelayMs, type JobSystem } from '../jobs/jobs.ts';
import type { LifecycleHooks } from '../lib/hooks.ts';
import type { CallPriority, LinePlace } from '../merchant/types.ts';
import type { OrderService, StoredOrder } from '../orders/types.ts';
import type { AlertSink } from '../orders/alerts.ts';
import {
  quoteUnattended,
  type QuoteSource,
  type PayerGates,
  type UnattendedQuote,
} from '../orders/top-up.ts';
import { placeLine } from './line-place.ts';
import type { BulkStore, RunLine, RunRecord } from './store.ts';
import { type BulkProduct } from './validate.ts';
import { progressOf, type ProgressView } from './views.ts';

/**
 * The lines of a started bulk run (runs.ts) run as BullMQ jobs of the `bulk` queue (src/jobs), a chain per run:
 * the job `bulk.<run>.<round>.<line>` places one line, records it (moving the run's cursor) and adds the job of
 * the next line, which queues behind the other runs' lines, so runs take turns. A job whose worker died is run
 * again by another once its lock runs out: it finds its line recorded (and only adds the next job) or places it
 * again under the same number, which finds the order. A job finding the run paused parks it (no job comes); ▶️ or
 * ⏹ on a parked run starts a new round of the chain; otherwise the job in flight sees the change. A run that
 * ended sends its report once through the outbox (keyed by the run).
 */

/** The BullMQ queue of bulk lines. */
export const BULK_QUEUE = 'bulk';
/** Runs one process works on at once (a line mostly waits in the shared request line). */
const RUN_CONCURRENCY = 4;

/** The data of a line's job. */
export interface BulkJob {
  runId: string;
  round: number;
  line: number;
}

/** The job ID of line `line` of a run in one round of its chain (BullMQ IDs hold no `:`). */
function bulkJobId(runId: string, round: number, line: number): string {
  return `bulk.${runId}.${round}.${line}`;
}

/** What one job did. */
export type StepResult = 'gone' | 'superseded' | 'parked' | 'placed-line' | 'moved-on' | 'reported';

/** Timings of the bulk worker; tests shrink them. */
export interface BulkTimings {
  /** How long a line's job lock lives unrenewed before another worker takes the line over (BullMQ renews it). */
  leaseMs: number;
  /** The progress message is edited at most this often. */
  progressEveryMs: number;
  /** Wait before trying again after a quote the Merchant API could not give now. */
  retryMs: number;
}

const DEFAULT_BULK_TIMINGS: BulkTimings = {
  leaseMs: 60_000,
  progressEveryMs: 3_000,
  retryMs: 5_000,
};

/** What the bulk feature sends through Telegram: the progress edits and the report. */
export interface BulkTelegram {
  editProgress(run: RunRecord, view: ProgressView): Promise<void>;
  /** Queues the report once per run (the outbox, keyed by the run): a run reported again sends nothing more. */
  sendReport(run: RunRecord, csv: string, view: ProgressView): Promise<void>;
}

/** What the lines' jobs need of the bulk service's deps (runs.ts). */
export interface BulkLineDeps {
  /** The lines' jobs: any process adds them; `runJobs` (ROLE all or worker) runs them. */
  jobs: Pick<JobSystem, 'queue' | 'work'>;
  /** The account's shared quotes: one quote serves every line (and every seller) of a product. */
  quotes: QuoteSource;
  orders: Pick<OrderService, 'submit' | 'get'>;
  /** The payer's role, price and PIN policy, read again at ✅ and at every line. */
  gates: PayerGates;
  /** Admins hear of a run stopped because its payer may no longer order. */
  alerts?: Pick<AlertSink, 'raise'>;
  /** Set by the wiring once the bot's API exists. */
  telegram?: BulkTelegram;
  /** Builds the report CSV (texts are the feature's). */
  report?: (run: RunRecord, lines: RunLine[], orders: Map<string, StoredOrder | null>) => string;
  logger?: LoggerLike;
  hooks?: LifecycleHooks;
  clock?: () => number;
  timings?: Partial<BulkTimings>;
}

/** The lines' jobs' deps with their defaults settled, and the store of the runs. */
type LineJobsDeps = BulkLineDeps & {
  store: BulkStore;
  logger: LoggerLike;
  clock: () => number;
  timings: BulkTimings;
};

/** Adds the job of one line in one round; a no-op when it exists (or existed, for BullMQ's keeping time). */
async function enqueueLine(
  jobs: BulkLineDeps['jobs'],
  runId: string,
  round: number,
  line: number,
): Promise<void> {
  await jobs
    .queue<BulkJob>(BULK_QUEUE)
    .add(
      'line',
      { runId, round, line },
      { jobId: bulkJobId(runId, round, line), attempts: FOREVER, backoff: { type: 'bulk' } },
    );
}

/** Edits the run's progress message, at most once per `progressEveryMs` unless `force`d (a pause, a control). */
async function showProgress(
  deps: Pick<LineJobsDeps, 'store' | 'telegram' | 'clock' | 'timings' | 'logger'>,
  runId: string,
  force: boolean,
): Promise<void> {
  const { store, clock } = deps;
  const run = await store.get(runId);
  if (run === null || run.messageId === undefined || deps.telegram === undefined) return;
  if (!force && clock() - run.progressAt < deps.timings.progressEveryMs) return;
  await store.setProgressAt(runId, clock());
  try {
    await deps.telegram.editProgress(run, progressOf(run, await store.lines(runId), clock()));
  } catch (error) {
    deps.logger.warn({ err: error, runId }, 'bulk progress not edited');
  }
}

/** Sends the report once the run ended (finished or cancelled); lines never placed are marked skipped. */
async function finalise(
  deps: Pick<LineJobsDeps, 'store' | 'telegram' | 'report' | 'orders' | 'clock' | 'logger'>,
  run: RunRecord,
): Promise<void> {
  const { store, logger } = deps;
  const runId = run.meta.runId;
  if (run.state === 'cancelled') {
    for (let i = run.next; i < run.meta.total; i++) {
      const line = await store.line(runId, i);
      if (line !== null && line.state === 'pending')
        await store.recordLine(runId, i, { ...line, state: 'skipped' });
    }
  }
  const ended = (await store.get(runId)) ?? run;
  const lines = await store.lines(runId);
  const view = progressOf(ended, lines, deps.clock());
  if (!ended.reported && deps.telegram !== undefined) {
    const orders = new Map<string, StoredOrder | null>();
    for (const l of lines) if (l.state === 'placed') orders.set(l.ext, await deps.orders.get(l.ext));
    const csv = deps.report?.(ended, lines, orders) ?? '';
    try {
      await deps.telegram.editProgress(ended, view);
    } catch (error) {
      logger.warn({ err: error, runId }, 'bulk progress not edited');
    }
    // Queued once per run: a job run again after a crash here queues nothing more. A failure retries the job.
    await deps.telegram.sendReport(ended, csv, view);
  }
  await store.markReported(runId);
  logger.info({ runId, ...view }, 'bulk run ended');
}

/** Makes sure a started, unreported run has the job that carries it on (a no-op when it has). */
async function ensureJob(deps: Pick<LineJobsDeps, 'store' | 'jobs'>, runId: string): Promise<boolean> {
  const run = await deps.store.get(runId);
  if (run === null || run.reported || run.state === 'draft' || run.parked) return false;
  await enqueueLine(deps.jobs, runId, run.round, run.next);
  return true;
}

/** Queues again any started, unreported run that lacks its job (one started just before a crash). */
async function carryOnRuns(deps: Pick<LineJobsDeps, 'store' | 'jobs' | 'logger'>): Promise<void> {
  let queued = 0;
  try {
    for (const id of await deps.store.active()) {
      if (await ensureJob(deps, id)) queued++;
    }
  } catch (error) {
    deps.logger.error(
      { err: error },
      'could not check the bulk runs at start-up; their queued lines still run',
    );
  }
  if (queued > 0) deps.logger.info({ queued }, 'bulk runs carried on');
}

/**
 * Creates the lines' jobs of the bulk runs in `store`: adding a line's job, the quotes the lines and the estimates
 * share, the progress edits, and `runJobs` (in processes that run jobs).
 */
export function createBulkLineJobs(deps: BulkLineDeps, store: BulkStore) {
  const timings: BulkTimings = { ...DEFAULT_BULK_TIMINGS, ...deps.timings };
  const logger = deps.logger ?? silentLogger;
  const chain: LineJobsDeps = { ...deps, store, logger, clock: deps.clock ?? Date.now, timings };
  const enqueue = (runId: string, round: number, line: number) => enqueueLine(deps.jobs, runId, round, line);

  /** A quote of `product` for a line or an estimate: the account's shared one while enough of it is left. */
  function quote(
    product: BulkProduct,
    priority: CallPriority,
    owner: number,
    place?: Pick<LinePlace, 'id' | 'onWait'>,
  ): Promise<UnattendedQuote> {
    return quoteUnattended(deps.quotes, product, priority, owner, place);
  }

  /** One job: line `line` of the run, in round `round` of its chain. */
  async function step(job: Job<BulkJob, StepResult>, token?: string): Promise<StepResult> {
    const { runId, round, line } = job.data;
    for (;;) {
      const run = await store.get(runId);
      if (run === null || run.reported) return 'gone';
      // A job of an earlier round (the run was parked and started again since): the new round carries on.
      if (run.round !== round) return 'superseded';
      switch (run.state) {
        case 'draft':
          return 'gone';
        case 'paused':
          // Parked only while still paused: a resume that came first is seen on the next turn of the loop.
          if (!(await store.park(runId, round))) continue;
          await showProgress(chain, runId, true);
          return 'parked';
        case 'cancelled':
        case 'finished':
          await finalise(chain, run);
          return 'reported';
        case 'running':
          break;
      }
      if (run.next !== line) {
        // This line was recorded (a job run again after its worker died after recording it): the next one's job.
        if (run.next < line) return 'superseded';
        await enqueue(runId, round, run.next);
        return 'moved-on';
      }
      if (run.next >= run.meta.total) {
        await store.finish(runId);
        continue;
      }
      await showProgress(chain, runId, false);
      const placed = await placeLine(chain, run, line);
      if (placed === 'again' || placed === 'stopped') continue;
      if (placed === 'wait') {
        // The line waits and tries again; meanwhile the other runs' lines go on.
        await job.moveToDelayed(Date.now() + timings.retryMs, token);
        throw new DelayedError();
      }
      await enqueue(runId, round, line + 1);
      return 'placed-line';
    }
  }

  return {
    timings,
    enqueue,
    quote,
    showProgress: (runId: string, force: boolean) => showProgress(chain, runId, force),

    /**
     * Runs the lines' jobs in this process (ROLE all or worker), then queues again any started, unreported run
     * that lacks its job (one started just before a crash); a no-op for the rest.
     */
    async runJobs(): Promise<void> {
      deps.jobs.work<BulkJob, StepResult>(BULK_QUEUE, step, {
        concurrency: RUN_CONCURRENCY,
        lockDurationMs: timings.leaseMs,
        // Redis failed mid-line (or the report could not be queued): again, 1 s doubling to a minute, for ever.
        backoffStrategy: retryDelayMs,
        // A line whose worker died is taken over however often that happens: a run is never dropped.
        maxStalledCount: FOREVER,
      });
      await carryOnRuns(chain);
    },
  };
}
