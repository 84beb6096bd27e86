import type { Job } from 'bullmq';
import { formatMoney } from '../domain/money.ts';
import {
  localDateTime,
  nextOccurrence,
  scheduledOrderNumber,
  type Occurrence,
} from '../domain/schedule-time.ts';
import { BULK_LINE_PRIORITY } from '../bulk/line-place.ts';
import type { JobSystem } from '../jobs/jobs.ts';
import { html } from '../lib/html.ts';
import type { LoggerLike } from '../domain/log.ts';
import { isMerchantError } from '../merchant/errors.ts';
import type { Translate } from '../orders/texts.ts';
import {
  placeUnattended,
  quoteUnattended,
  type PayerGates,
  type QuoteSource,
  stopKey,
  type StopReason,
  type UnattendedOutcome,
  type UnattendedResult,
} from '../orders/top-up.ts';
import type { OrderService } from '../orders/types.ts';
import type { AlertSink } from '../orders/alerts.ts';
import type { MessageQueue } from '../lib/telegram/outbox-message.ts';
import type { createScheduleStore, LastRun, ScheduleFacts } from './store.ts';

/** The runs of schedules (the design is told in schedules.ts): one delayed BullMQ job per (schedule, period). */

/** The BullMQ queue of schedule runs. */
export const SCHEDULE_QUEUE = 'schedules';
/** A run's quote asked again after a 429 the client could not wait out (the shared line pauses meanwhile). */
const QUOTE_TRIES = 5;
/** Runs one process works on at once (a run mostly waits in the shared request line). */
const RUN_CONCURRENCY = 4;

/** The data of a run's job. */
export interface ScheduleJob {
  id: string;
  period: string;
  at: number;
}

/** What `run` did with one period. */
export type RunResult = 'gone' | 'paused' | 'ended' | 'already-ran' | 'placed' | 'not-placed';

/** The job ID of a schedule's run in one period (BullMQ IDs hold no `:`). */
export function scheduleJobId(id: string, period: string): string {
  return `sched.${id}.${period}`;
}

type ScheduleStore = ReturnType<typeof createScheduleStore>;
type RunOutcome = UnattendedOutcome | { placed: false; reason: string; stopped?: StopReason };

/** What the runs need: the schedules' store and the parts a run places, tells and alerts through. */
export interface ScheduleRunDeps {
  store: ScheduleStore;
  jobs: Pick<JobSystem, 'queue' | 'work'>;
  /** The account's shared quotes. */
  quotes: QuoteSource;
  orders: Pick<OrderService, 'submit' | 'get'>;
  /** The payer's role, price and PIN policy, read again at every run. */
  gates: PayerGates;
  /** Admins hear of a schedule paused because its payer may no longer order. */
  alerts?: Pick<AlertSink, 'raise'> | undefined;
  /** The durable Telegram outbox (notify/outbox.ts): each run's report is one message, once per (schedule, period). */
  outbox: MessageQueue;
  translate: Translate;
  clock: () => number;
  logger: LoggerLike;
}

/** Adds the run's delayed job; a no-op when that (schedule, period) already has one. */
export async function enqueueRun(
  deps: { jobs: Pick<JobSystem, 'queue'>; clock: () => number },
  id: string,
  next: Occurrence,
): Promise<void> {
  await deps.jobs
    .queue<ScheduleJob>(SCHEDULE_QUEUE)
    .add(
      'run',
      { id, period: next.period, at: next.at },
      { jobId: scheduleJobId(id, next.period), delay: Math.max(0, next.at - deps.clock()) },
    );
}

/** The report of one run, in the reseller's language. */
function reportText(
  translate: Translate,
  facts: ScheduleFacts,
  run: LastRun,
  next: Occurrence | null | StopReason,
): string {
  const t = (key: string, vars?: Parameters<Translate>[2]) => translate(facts.payer.locale, key, vars);
  const what = {
    phone: facts.masked,
    operator: facts.product.operatorName,
    amount: formatMoney(facts.product.amount, facts.product.currency, facts.payer.locale),
  };
  const head = run.placed
    ? t('schedule-run-placed', { ...what, orderId: run.orderId ?? '—', number: run.externalOrderId })
    : t('schedule-run-not-placed', { ...what, reason: html(t(run.reason ?? 'bulk-line-refused-other')) });
  const tail =
    next === null
      ? t('schedule-run-ended')
      : typeof next === 'string'
        ? t('schedule-paused-stopped', { reason: html(t(stopKey(next))) })
        : t('schedule-run-next', { time: localDateTime(next.at, facts.zone), zone: facts.zone });
  return `${head}\n${tail}`;
}

/** How one period's run ended, as the record keeps it. */
function lastRunOf(job: ScheduleJob, externalOrderId: string, outcome: RunOutcome): LastRun {
  return {
    period: job.period,
    at: job.at,
    placed: outcome.placed,
    externalOrderId,
    ...('order' in outcome && outcome.order.orderId !== undefined ? { orderId: outcome.order.orderId } : {}),
    ...(outcome.placed ? {} : { reason: outcome.reason }),
  };
}

/** A quote for the schedule's product, asked again after a 429 the client could not wait out. */
async function quoteFor(quotes: ScheduleRunDeps['quotes'], facts: ScheduleFacts) {
  for (let tries = 1; ; tries++) {
    try {
      return await quoteUnattended(quotes, facts.product, BULK_LINE_PRIORITY, facts.payer.resellerId);
    } catch (error) {
      // A 429 the client could not wait out has paused the shared line: back in line, a few times.
      if (isMerchantError(error) && error.kind === 'rate-limited' && tries < QUOTE_TRIES) continue;
      throw error;
    }
  }
}

/**
 * Quotes and places one period's order under its derived number, through the one road (the payer's current
 * role, price and PIN policy): the outcome, why it could not be asked, or why the payer's runs stop.
 */
async function place(
  deps: Pick<ScheduleRunDeps, 'gates' | 'orders' | 'quotes' | 'logger'>,
  facts: ScheduleFacts,
  externalOrderId: string,
): Promise<RunOutcome> {
  let quoteFailure: { error: unknown } | undefined;
  let result: UnattendedResult;
  try {
    result = await placeUnattended(
      // A run retried after a crash finds its order (and asks no second quote).
      { gates: deps.gates, orders: deps.orders, quotes: deps.quotes },
      {
        who: { resellerId: facts.payer.resellerId, chatId: facts.payer.chatId, locale: facts.payer.locale },
        product: facts.product,
        account: facts.account,
        externalOrderId,
        quote: () =>
          quoteFor(deps.quotes, facts).catch((error: unknown) => {
            quoteFailure = { error };
            throw error;
          }),
        pinGiven: facts.pinGiven === true,
        from: { scheduleId: facts.id },
      },
    );
  } catch (error) {
    if (quoteFailure === undefined || !isMerchantError(error)) throw error;
    deps.logger.info({ scheduleId: facts.id, kind: error.kind }, 'scheduled run: no quote');
    // The offer is gone, or the service could not quote now: said so, and the next period tries again.
    return {
      placed: false,
      reason: error.kind === 'validation' ? 'top-up-offer-unavailable' : 'schedule-reason-no-quote',
    };
  }
  if ('stopped' in result) return { placed: false, reason: stopKey(result.stopped), stopped: result.stopped };
  return result;
}

/** The payer may no longer order: the schedule is paused (nothing more of it runs) and the admins told. */
async function stop(
  deps: Pick<ScheduleRunDeps, 'store' | 'alerts' | 'logger'>,
  facts: ScheduleFacts,
  reason: StopReason,
): Promise<void> {
  await deps.store.transition(facts.id, 'active', 'paused');
  deps.logger.warn(
    { scheduleId: facts.id, userId: facts.payer.resellerId, reason },
    'schedule paused: its payer may no longer order',
  );
  await deps.alerts
    ?.raise({
      kind: 'payer-stopped',
      userId: facts.payer.resellerId,
      what: 'schedule',
      id: facts.id,
      reason,
    })
    .catch((error: unknown) =>
      deps.logger.warn({ err: error, scheduleId: facts.id }, 'schedule stop alert not queued'),
    );
}

/** Creates the runs side of the schedules: one period's run, the worker, and the start-up check of the chain. */
export function createScheduleRuns(deps: ScheduleRunDeps) {
  const { store, clock, logger } = deps;

  /** One period of one schedule: queue the next, place once, report once. */
  async function run(job: ScheduleJob): Promise<RunResult> {
    const { id, period, at } = job;
    const record = await store.get(id);
    if (record === null) return 'gone';
    if (record.state !== 'active') return record.state;
    if (await store.ran(id, period)) return 'already-ran';
    const { facts } = record;
    // The next period's job first: whatever happens to this run, the schedule goes on.
    const next =
      facts.repeat.kind === 'once' ? null : nextOccurrence(facts.repeat, facts.zone, Math.max(clock(), at));
    if ((await store.advance(id, period, next)) && next !== null) await enqueueRun(deps, id, next);
    let externalOrderId = scheduledOrderNumber(id, period, at);
    let outcome = await place(deps, facts, externalOrderId);
    if (!outcome.placed && 'quoteRefused' in outcome && outcome.quoteRefused) {
      // Refused for its quote (expired, changed: nothing charged): one fresh quote under a second number derived
      // from the first, so a run retried after a crash finds whichever it placed.
      externalOrderId = `${externalOrderId}-Q`;
      outcome = await place(deps, facts, externalOrderId);
    }
    const stopped = 'stopped' in outcome ? outcome.stopped : undefined;
    if (stopped !== undefined) await stop(deps, facts, stopped);
    const last = lastRunOf(job, externalOrderId, outcome);
    // The report before the record: a run retried after a crash between them reports under the same key (once).
    await deps.outbox.enqueue(
      {
        kind: 'send',
        chatId: facts.payer.chatId,
        text: reportText(
          deps.translate,
          facts,
          last,
          stopped !== undefined && next !== null ? stopped : next,
        ),
      },
      { key: `schedule:${id}:${period}` },
    );
    await store.recordRun(id, last, facts.repeat.kind === 'once');
    logger.info({ scheduleId: id, period, placed: last.placed, externalOrderId }, 'scheduled run');
    return outcome.placed ? 'placed' : 'not-placed';
  }

  /**
   * At start-up: every active schedule has its next run queued. A missing job is added again (a schedule stored
   * just before a crash; a run already past then fires late, once); a run whose job ended without moving the
   * schedule on (failed after its retries) gives way to the next run from now, so the chain never stays broken.
   */
  async function ensureQueued(): Promise<number> {
    let queued = 0;
    for (const id of await store.all()) {
      const record = await store.get(id);
      if (record?.state !== 'active' || record.next === undefined) continue;
      const job = await deps.jobs
        .queue<ScheduleJob>(SCHEDULE_QUEUE)
        .getJob(scheduleJobId(id, record.next.period));
      const state = job === undefined ? 'missing' : await job.getState();
      if (state === 'failed' || state === 'completed') {
        const fresh = nextOccurrence(record.facts.repeat, record.facts.zone, clock());
        logger.warn(
          { scheduleId: id, period: record.next.period, state },
          'scheduled run ended without a next one',
        );
        if (fresh === null || (await store.transition(id, 'active', 'active', fresh)) !== 'ok') continue;
        await enqueueRun(deps, id, fresh);
      } else if (state === 'missing') {
        await enqueueRun(deps, id, record.next);
      }
      queued++;
    }
    return queued;
  }

  return {
    run,
    ensureQueued,

    /** Runs the schedules' jobs in this process (ROLE all or worker), and checks every schedule has its next run. */
    async runJobs(): Promise<void> {
      deps.jobs.work<ScheduleJob, RunResult>(
        SCHEDULE_QUEUE,
        async (job: Job<ScheduleJob, RunResult>) => run(job.data),
        { concurrency: RUN_CONCURRENCY },
      );
      await ensureQueued().catch((error: unknown) => {
        logger.error(
          { err: error },
          'could not check the schedules at start-up; their queued runs still fire',
        );
      });
    },
  };
}
