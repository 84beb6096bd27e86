import { randomBytes } from 'node:crypto';
import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { silentLogger, type LoggerLike } from '../domain/log.ts';
import { formatMoney } from '../domain/money.ts';
import {
  isKnownZone,
  localDateTime,
  nextOccurrence,
  scheduledOrderNumber,
  type Occurrence,
} from '../domain/schedule-time.ts';
import { BULK_LINE_PRIORITY } from '../bulk/line-jobs.ts';
import type { JobSystem } from '../jobs/jobs.ts';
import { html } from '../lib/html.ts';
import { isMerchantError } from '../merchant/errors.ts';
import type { Translate } from '../orders/texts.ts';
import type { OrderService } from '../orders/types.ts';
import type { AlertSink } from '../orders/alerts.ts';
import type { MessageQueue } from '../lib/telegram/outbox-message.ts';
import {
  placeUnattended,
  quoteUnattended,
  type QuoteSource,
  stopKey,
  type PayerGates,
  type StopReason,
  type UnattendedOutcome,
  type UnattendedResult,
} from '../orders/top-up.ts';
import { createScheduleStore, type LastRun, type ScheduleFacts, type ScheduleRecord } from './store.ts';

/**
 * Scheduled and recurring top-ups on BullMQ (src/jobs). Each run of a schedule is one delayed job whose ID is
 * derived from (schedule, period), the period being the run's local date (domain/schedule-time.ts); the order
 * it places has a merchant order number derived from the same pair. So two replicas adding the run, a job
 * retried after a crash, a restart re-queuing it, all name one job and one order: a period is placed at most
 * once, and, its job being durable in Redis until a worker ran it, never skipped (a run due while no worker was
 * up runs when one is, late). Each run first queues the next period's job, then quotes (the bulk lines'
 * priority, round-robin by reseller), and places through `OrderService.submit` (credit hold, limits, the
 * same-number guard, exactly-once placement). A run that cannot place is reported with the reason and not
 * retried: the schedule goes on to its next period; a one-time schedule ends.
 *
 * Why not BullMQ's job schedulers (repeatable jobs): a cron pattern cannot say "the 31st, or the month's last
 * day when it has none", and their job IDs are BullMQ's; a chain of delayed jobs keeps the period ours.
 */

/** The BullMQ queue of schedule runs. */
export const SCHEDULE_QUEUE = 'schedules';
/** Schedules one reseller may have (one-time schedules that ran count until they leave the list, a week later). */
export const MAX_SCHEDULES_PER_USER = 10;
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

export interface SchedulesDeps {
  redis: Redis;
  prefix: string;
  jobs: Pick<JobSystem, 'queue' | 'work'>;
  /** The account's shared quotes. */
  quotes: QuoteSource;
  orders: Pick<OrderService, 'submit' | 'get'>;
  /** The payer's role, price and PIN policy, read again at every run. */
  gates: PayerGates;
  /** Admins hear of a schedule paused because its payer may no longer order. */
  alerts?: Pick<AlertSink, 'raise'>;
  /** The durable Telegram outbox (notify/outbox.ts): each run's report is one message, once per (schedule, period). */
  outbox: MessageQueue;
  translate: Translate;
  /** Now, in ms; tests set it near a run (the delay until a run is real time: next run − now). */
  clock?: () => number;
  logger?: LoggerLike;
  maxPerUser?: number;
}

export type CreateResult =
  { kind: 'created'; schedule: ScheduleRecord } | { kind: 'past' } | { kind: 'limit'; max: number };

/** What `run` did with one period. */
export type RunResult = 'gone' | 'paused' | 'ended' | 'already-ran' | 'placed' | 'not-placed';

/** The job ID of a schedule's run in one period (BullMQ IDs hold no `:`). */
export function scheduleJobId(id: string, period: string): string {
  return `sched.${id}.${period}`;
}

/** Creates the schedules service: what the chat asks, and the runs (`startWorker`, in processes that run jobs). */
export function createSchedules(deps: SchedulesDeps) {
  const store = createScheduleStore(deps.redis, deps.prefix);
  const clock = deps.clock ?? Date.now;
  const logger = deps.logger ?? silentLogger;
  const max = deps.maxPerUser ?? MAX_SCHEDULES_PER_USER;
  const queue = () => deps.jobs.queue<ScheduleJob>(SCHEDULE_QUEUE);

  /** Adds the run's delayed job; a no-op when that (schedule, period) already has one. */
  async function enqueue(id: string, next: Occurrence): Promise<void> {
    await queue().add(
      'run',
      { id, period: next.period, at: next.at },
      { jobId: scheduleJobId(id, next.period), delay: Math.max(0, next.at - clock()) },
    );
  }

  async function own(id: string, userId: number): Promise<ScheduleRecord | null> {
    const record = await store.get(id);
    return record !== null && record.facts.payer.resellerId === userId ? record : null;
  }

  /** The report of one run, in the reseller's language. */
  function reportText(facts: ScheduleFacts, run: LastRun, next: Occurrence | null | StopReason): string {
    const t = (key: string, vars?: Parameters<Translate>[2]) => deps.translate(facts.payer.locale, key, vars);
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

  /** A quote for the schedule's product, asked again after a 429 the client could not wait out. */
  async function quoteFor(facts: ScheduleFacts) {
    for (let tries = 1; ; tries++) {
      try {
        return await quoteUnattended(deps.quotes, facts.product, BULK_LINE_PRIORITY, facts.payer.resellerId);
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
    facts: ScheduleFacts,
    ext: string,
  ): Promise<UnattendedOutcome | { placed: false; reason: string; stopped?: StopReason }> {
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
          externalOrderId: ext,
          quote: () =>
            quoteFor(facts).catch((error: unknown) => {
              quoteFailure = { error };
              throw error;
            }),
          pinGiven: facts.pinGiven === true,
          from: { scheduleId: facts.id },
        },
      );
    } catch (error) {
      if (quoteFailure === undefined || !isMerchantError(error)) throw error;
      logger.info({ scheduleId: facts.id, kind: error.kind }, 'scheduled run: no quote');
      // The offer is gone, or the service could not quote now: said so, and the next period tries again.
      return {
        placed: false,
        reason: error.kind === 'validation' ? 'top-up-offer-unavailable' : 'schedule-reason-no-quote',
      };
    }
    if ('stopped' in result)
      return { placed: false, reason: stopKey(result.stopped), stopped: result.stopped };
    return result;
  }

  /** The payer may no longer order: the schedule is paused (nothing more of it runs) and the admins told. */
  async function stop(facts: ScheduleFacts, reason: StopReason): Promise<void> {
    await store.transition(facts.id, 'active', 'paused');
    logger.warn(
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
        logger.warn({ err: error, scheduleId: facts.id }, 'schedule stop alert not queued'),
      );
  }

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
    if ((await store.advance(id, period, next)) && next !== null) await enqueue(id, next);
    let ext = scheduledOrderNumber(id, period, at);
    let outcome = await place(facts, ext);
    if (!outcome.placed && 'quoteRefused' in outcome && outcome.quoteRefused) {
      // Refused for its quote (expired, changed: nothing charged): one fresh quote under a second number derived
      // from the first, so a run retried after a crash finds whichever it placed.
      ext = `${ext}-Q`;
      outcome = await place(facts, ext);
    }
    const stopped = 'stopped' in outcome ? outcome.stopped : undefined;
    if (stopped !== undefined) await stop(facts, stopped);
    const last: LastRun = {
      period,
      at,
      placed: outcome.placed,
      externalOrderId: ext,
      ...('order' in outcome && outcome.order.orderId !== undefined
        ? { orderId: outcome.order.orderId }
        : {}),
      ...(outcome.placed ? {} : { reason: outcome.reason }),
    };
    // The report before the record: a run retried after a crash between them reports under the same key (once).
    await deps.outbox.enqueue(
      {
        kind: 'send',
        chatId: facts.payer.chatId,
        text: reportText(facts, last, stopped !== undefined && next !== null ? stopped : next),
      },
      { key: `schedule:${id}:${period}` },
    );
    await store.recordRun(id, last, facts.repeat.kind === 'once');
    logger.info({ scheduleId: id, period, placed: last.placed, externalOrderId: ext }, 'scheduled run');
    return outcome.placed ? 'placed' : 'not-placed';
  }

  return {
    store,
    run,

    /** Stores a schedule and queues its first run; refused when its time has passed or at the reseller's maximum. */
    async create(input: Omit<ScheduleFacts, 'id' | 'createdAt'>): Promise<CreateResult> {
      const zone = isKnownZone(input.zone) ? input.zone : 'UTC';
      const next = nextOccurrence(input.repeat, zone, clock());
      if (next === null) return { kind: 'past' };
      const facts: ScheduleFacts = {
        id: randomBytes(9).toString('base64url'),
        payer: input.payer,
        product: input.product,
        account: input.account,
        masked: input.masked,
        repeat: input.repeat,
        zone,
        createdAt: new Date(clock()).toISOString(),
        ...(input.pinGiven === true ? { pinGiven: true } : {}),
      };
      if (!(await store.create(facts, next, max))) return { kind: 'limit', max };
      await enqueue(facts.id, next);
      return { kind: 'created', schedule: { facts, state: 'active', next } };
    },

    /** The reseller's own schedules, oldest first. */
    list: (userId: number) => store.listOf(userId),

    /** One of the reseller's own schedules, or null. */
    get: own,

    async pause(id: string, userId: number) {
      if ((await own(id, userId)) === null) return 'gone' as const;
      // The queued run stays: it finds the schedule paused and does nothing; resuming before it keeps it.
      return store.transition(id, 'active', 'paused');
    },

    async resume(id: string, userId: number) {
      const record = await own(id, userId);
      if (record === null) return 'gone' as const;
      const next = nextOccurrence(record.facts.repeat, record.facts.zone, clock());
      if (next === null) {
        // A one-time schedule whose time passed while it was paused: it ends.
        await store.transition(id, 'paused', 'ended');
        return 'past' as const;
      }
      const result = await store.transition(id, 'paused', 'active', next);
      if (result === 'ok') await enqueue(id, next);
      return result;
    },

    async remove(id: string, userId: number) {
      const record = await own(id, userId);
      if (record === null) return 'gone' as const;
      await store.remove(id, userId);
      // The queued run would find nothing and do nothing; removed to leave nothing behind (a running one stays).
      if (record.next !== undefined) {
        await queue()
          .remove(scheduleJobId(id, record.next.period))
          .catch(() => undefined);
      }
      return 'ok' as const;
    },

    /** Runs the schedules' jobs in this process (ROLE all or worker), and checks every schedule has its next run. */
    async runJobs(): Promise<void> {
      deps.jobs.work<ScheduleJob, RunResult>(
        SCHEDULE_QUEUE,
        async (job: Job<ScheduleJob, RunResult>) => run(job.data),
        { concurrency: RUN_CONCURRENCY },
      );
      await this.ensureQueued().catch((error: unknown) => {
        logger.error(
          { err: error },
          'could not check the schedules at start-up; their queued runs still fire',
        );
      });
    },

    /**
     * At start-up: every active schedule has its next run queued. A missing job is added again (a schedule stored
     * just before a crash; a run already past then fires late, once); a run whose job ended without moving the
     * schedule on (failed after its retries) gives way to the next run from now, so the chain never stays broken.
     */
    async ensureQueued(): Promise<number> {
      let queued = 0;
      for (const id of await store.all()) {
        const record = await store.get(id);
        if (record?.state !== 'active' || record.next === undefined) continue;
        const job = await queue().getJob(scheduleJobId(id, record.next.period));
        const state = job === undefined ? 'missing' : await job.getState();
        if (state === 'failed' || state === 'completed') {
          const fresh = nextOccurrence(record.facts.repeat, record.facts.zone, clock());
          logger.warn(
            { scheduleId: id, period: record.next.period, state },
            'scheduled run ended without a next one',
          );
          if (fresh === null || (await store.transition(id, 'active', 'active', fresh)) !== 'ok') continue;
          await enqueue(id, fresh);
        } else if (state === 'missing') {
          await enqueue(id, record.next);
        }
        queued++;
      }
      return queued;
    },
  };
}

export type Schedules = ReturnType<typeof createSchedules>;
