import { orderKeys } from './keys.ts';
import { randomBytes } from 'node:crypto';
import { Decimal } from 'decimal.js';
import type { Redis } from 'ioredis';
import { utcDay } from '../accounts/ledger.ts';
import { silentLogger, type LoggerLike } from '../domain/log.ts';
import { isOurMerchantOrderNumber } from '../domain/order-number.ts';
import { canMove, isFinished } from '../domain/status.ts';
import { defineScript } from '../lib/redis/redis-script.ts';
import type { MerchantApi, RechargeOrder } from '../merchant/types.ts';
import type { Queue } from 'bullmq';
import type { JobSystem } from '../jobs/jobs.ts';
import type { AlertSink } from './alerts.ts';
import type { OrderStore } from './store.ts';
import type { ApplyResult } from './transitions.ts';
import { differencesCsv, type ReconcileDifference } from './reconcile-report.ts';
import type { StoredOrder } from './types.ts';

/**
 * The daily reconciliation with the Merchant API's order list (`GET /recharge/orders`, newest first, 100 a page,
 * background priority of the shared request budget). It walks back to the last reconciled point (or to the
 * oldest order we still wait for, whichever is older) and compares each of our orders (`rb-…` numbers; the
 * others, e.g. gift cards or another system on the same merchant account, are counted and left alone) with
 * our store:
 * - the service has it and we do not: admins are alerted, naming it (Redis lost it, e.g. a master that failed
 *   over before a replica had its intent, or it was placed outside this bot: nobody was charged), then it is
 *   recorded with the service's status (no reseller: no reseller is told);
 * - we wait for it and the service has moved it on: applied through the normal lifecycle (the store's
 *   compare-and-set; the reseller is told once, the credit settles or is released once);
 * - a status we cannot move to (theirs is behind ours, or ours is final) or a different merchant price: reported;
 * - credit held on a reseller's account beyond what their unfinished orders hold: reported, never released (a
 *   hold is a sum per reseller and cannot be tied to one order with certainty).
 * One run at a time across replicas (a Redis lock with a lease renewed per page). The daily run is a BullMQ job
 * (src/jobs) per UTC day, `daily-<YYYY-MM-DD>`, delayed until RECONCILE_AT: one job per day whatever the number
 * of worker replicas, kept in Redis while none runs, and run by another worker when the one running it died (its
 * job lock runs out). Each daily job queues the next day's, and every worker puts the next one back every ten
 * minutes (a no-op while it is there), so a failover that lost it delays the day's run by that much at most,
 * never ends the daily runs. The day is also marked done only after a run
 * finished, so a job that runs twice (a worker that stalled past its lock) walks once; a run that finds the lock
 * held (an admin's /reconcile, or a dead run's lease) is retried with back-off.
 */

export interface ReconcileSummary {
  runId: string;
  /** Orders created from this time (ms) were compared. */
  since: number;
  /** Our orders in the service's list that were compared. */
  checked: number;
  /** Orders in the list whose number is not ours. */
  foreign: number;
  differences: ReconcileDifference[];
}

export type ReconcileOutcome =
  { kind: 'done'; summary: ReconcileSummary } | { kind: 'busy' } | { kind: 'skipped' };

export interface ReconcilerDeps {
  redis: Redis;
  prefix: string;
  api: Pick<MerchantApi, 'listOrders'>;
  store: Pick<OrderStore, 'get' | 'recordFound' | 'unfinished'>;
  /** The lifecycle's way to apply what the service says (OrderServiceImpl.applyListed). */
  apply: (remote: RechargeOrder) => Promise<ApplyResult>;
  /** Accounts with credit on hold. */
  heldAccounts: () => Promise<Array<{ userId: number; holds: string }>>;
  /** Sends the differences to admins (alerts.report). */
  report: (summary: ReconcileSummary, csv: string) => Promise<void>;
  /** Alerts admins of each order of ours found at the service that we have no record of. */
  alerts: AlertSink;
  /** First read of an unfinished order recorded by the reconciliation, ms. */
  followUpDelayMs: number;
  /** RECONCILE_AT as minutes after midnight UTC; null: no daily run (only `run`). */
  atMinutes: number | null;
  clock?: () => number;
  logger?: LoggerLike;
}

/** Daily jobs (`start`): the queue's name, and how a run that found the lock held is retried. */
export const RECONCILE_QUEUE = 'reconcile';
const DAILY_ATTEMPTS = 12;
const DAILY_BACKOFF_MS = 1_000;
/** How often each worker puts the next daily job back (one lost in a failover comes back within this). */
export const DAILY_REQUEUE_MS = 10 * 60_000;

interface DailyJob {
  /** The UTC day (YYYY-MM-DD) this job reconciles for. */
  day: string;
}

const renewScript = defineScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`);

const releaseScript = defineScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`);

const PAGE = 100;
/** How far back the first run ever looks. */
const FIRST_LOOKBACK_MS = 7 * 86_400_000;
/** How long the run lock lives without renewal. */
const LEASE_MS = 5 * 60_000;
/** Orders created this long before the last point are compared again (clock differences, slow commits). */
const OVERLAP_MS = 15 * 60_000;

/** Our status text of an order (index form: placing, rejected or the service's status). */
function ourStatus(order: StoredOrder): string {
  if (order.placement === 'rejected') return 'rejected';
  return order.status ?? 'placing';
}

/** Compares one of our orders in the service's list with our copy, applying what moved forward. */
async function compare(
  deps: Pick<ReconcilerDeps, 'store' | 'alerts' | 'apply' | 'followUpDelayMs'>,
  remote: RechargeOrder,
  differences: ReconcileDifference[],
): Promise<void> {
  const externalOrderId = remote.externalOrderId;
  const ids = { externalOrderId, orderId: remote.orderId };
  const local = await deps.store.get(externalOrderId);
  if (local === null) {
    // Alerted before it is recorded: a run that dies in between alerts again (once, by the alert's identity)
    // rather than never, since the next run finds it recorded.
    await deps.alerts.raise({ kind: 'unrecorded-order', ...ids, status: remote.status });
    const recorded = (await deps.store.recordFound(remote, deps.followUpDelayMs)) !== null;
    differences.push({ kind: 'missing', ...ids, theirs: remote.status, recorded });
    return;
  }
  const ours = ourStatus(local);
  if (ours !== remote.status) {
    // Forward moves only (a placing or refused copy takes the service's word): the same rule as events.
    const safe = local.status === undefined || canMove(local.status, remote.status);
    const applied = safe ? ((await deps.apply(remote))?.applied ?? false) : false;
    const missedFinal =
      isFinished(remote.status) && (local.status === undefined || !isFinished(local.status));
    differences.push({
      kind: missedFinal ? 'missed-final' : 'status',
      ...ids,
      ours,
      theirs: remote.status,
      applied,
    });
  }
  if (
    local.quote.merchantCurrency !== remote.merchantCurrency ||
    !new Decimal(local.quote.merchantPrice).eq(remote.merchantPrice)
  ) {
    differences.push({
      kind: 'price',
      ...ids,
      ours: `${local.quote.merchantPrice} ${local.quote.merchantCurrency}`,
      theirs: `${remote.merchantPrice.toString()} ${remote.merchantCurrency}`,
    });
  }
}

/** Resellers whose account holds more than their unfinished orders do, with both figures. */
async function excessHolds(
  deps: Pick<ReconcilerDeps, 'store' | 'heldAccounts'>,
): Promise<Map<number, { ours: string; theirs: string }>> {
  // Accounts first: an order stored after this read only adds to our side, never to a false report.
  const accounts = await deps.heldAccounts();
  const held = new Map<number, Decimal>();
  for (const externalOrderId of await deps.store.unfinished()) {
    const order = await deps.store.get(externalOrderId);
    if (order?.credit?.state !== 'held') continue;
    held.set(order.resellerId, (held.get(order.resellerId) ?? new Decimal(0)).plus(order.credit.amount));
  }
  const excess = new Map<number, { ours: string; theirs: string }>();
  for (const account of accounts) {
    const ours = held.get(account.userId) ?? new Decimal(0);
    if (new Decimal(account.holds).gt(ours))
      excess.set(account.userId, { ours: ours.toFixed(), theirs: account.holds });
  }
  return excess;
}

/** Reports each reseller whose account holds too much in two reads running. */
async function checkHolds(
  deps: Pick<ReconcilerDeps, 'store' | 'heldAccounts'>,
  differences: ReconcileDifference[],
): Promise<void> {
  const first = await excessHolds(deps);
  if (first.size === 0) return;
  // An order that closed between the two reads looks like a stray hold once: only a repeated finding counts.
  const second = await excessHolds(deps);
  for (const [resellerId, figures] of second) {
    if (first.has(resellerId)) differences.push({ kind: 'hold', resellerId, ...figures });
  }
}

/**
 * Where a walk goes back to: the last reconciled point (or the first run's look-back), or the oldest order we
 * still wait for when that is older, less the overlap.
 */
async function sinceOf(
  deps: Pick<ReconcilerDeps, 'redis' | 'store'>,
  pointKey: string,
  clock: () => number,
): Promise<number> {
  const pointText = await deps.redis.get(pointKey);
  let since = pointText === null ? clock() - FIRST_LOOKBACK_MS : Number(pointText);
  // Orders we still wait for are compared however old they are.
  const [oldestUnfinished] = await deps.store.unfinished();
  if (oldestUnfinished !== undefined) {
    const order = await deps.store.get(oldestUnfinished);
    if (order !== null) since = Math.min(since, Date.parse(order.createdAt));
  }
  return since - OVERLAP_MS;
}

/** The next daily run: today's if RECONCILE_AT (`atMinutes`) passed and it is not done, else the next day's. */
async function nextDailyRun(
  redis: Redis,
  dayKey: (day: string) => string,
  atMinutes: number,
  now: number,
): Promise<{ id: string; day: string; delayMs: number }> {
  const today = utcDay(now);
  const midnight = Date.parse(`${today}T00:00:00Z`);
  const at = midnight + atMinutes * 60_000;
  if (now >= at && (await redis.exists(dayKey(today))) === 0)
    return { id: `daily-${today}`, day: today, delayMs: 0 };
  const next = now >= at ? at + 86_400_000 : at;
  const day = utcDay(next);
  return { id: `daily-${day}`, day, delayMs: next - now };
}

/** One run under the run lock: the walk of the service's list, the report, and the day marked done. */
function createReconcileRun(deps: ReconcilerDeps) {
  const { redis } = deps;
  const clock = deps.clock ?? Date.now;
  const logger = deps.logger ?? silentLogger;
  const k = orderKeys(deps.prefix).reconcile;

  async function renew(token: string): Promise<void> {
    const held = await renewScript.run(redis, [k.lock], [token, String(LEASE_MS)]);
    if (held !== 1) throw new Error('reconciliation lock lost (lease ran out)');
  }

  async function release(token: string): Promise<void> {
    await releaseScript.run(redis, [k.lock], [token]);
  }

  async function walk(token: string): Promise<ReconcileSummary> {
    const runId = `${new Date(clock()).toISOString().replace(/[:.]/g, '')}-${randomBytes(3).toString('hex')}`;
    const since = await sinceOf(deps, k.point, clock);
    const differences: ReconcileDifference[] = [];
    const seen = new Set<string>();
    let checked = 0;
    let foreign = 0;
    let newest: number | null = null;
    for (let offset = 0; ;) {
      const page = await deps.api.listOrders({ limit: PAGE, offset }, { priority: 'background' });
      await renew(token);
      let older = false;
      for (const remote of page.results) {
        // New orders push the list down while we page: one seen twice is compared once.
        if (seen.has(remote.orderId)) continue;
        seen.add(remote.orderId);
        const created = remote.createdAt?.getTime() ?? clock();
        newest = Math.max(newest ?? created, created);
        if (created < since) {
          older = true;
          continue;
        }
        if (!isOurMerchantOrderNumber(remote.externalOrderId)) {
          foreign += 1;
          continue;
        }
        checked += 1;
        await compare(deps, remote, differences);
      }
      if (older || page.results.length === 0 || page.results.length < Math.min(page.limit, PAGE)) break;
      offset += page.results.length;
    }
    await checkHolds(deps, differences);
    if (newest !== null) await redis.set(k.point, String(newest));
    return { runId, since, checked, foreign, differences };
  }

  /** Runs once under the lock; `daily`: only if that day's run is not done yet. */
  return async function runLocked(daily: boolean, day = utcDay(clock())): Promise<ReconcileOutcome> {
    const token = randomBytes(8).toString('hex');
    if ((await redis.set(k.lock, token, 'PX', LEASE_MS, 'NX')) === null) return { kind: 'busy' };
    try {
      // Checked under the lock: a replica that saw "not done" before another finished does not run it again.
      if (daily && (await redis.get(k.day(day))) !== null) return { kind: 'skipped' };
      const summary = await walk(token);
      if (summary.differences.length > 0) await deps.report(summary, differencesCsv(summary.differences));
      // Only the daily run marks the day: an admin's /reconcile earlier does not stand in for it.
      if (daily) await redis.set(k.day(day), summary.runId, 'EX', 3 * 86_400);
      logger.info(
        { runId: summary.runId, checked: summary.checked, differences: summary.differences.length, daily },
        'reconciliation finished',
      );
      return { kind: 'done', summary };
    } finally {
      await release(token).catch(() => undefined);
    }
  };
}

/** Creates the reconciler: `run` now (admins), `tick` for the daily run, `start`/`stop` for the worker. */
export function createReconciler(deps: ReconcilerDeps) {
  const { redis } = deps;
  const clock = deps.clock ?? Date.now;
  const k = orderKeys(deps.prefix).reconcile;
  const runLocked = createReconcileRun(deps);
  let queue: Queue<DailyJob> | undefined;
  let requeue: NodeJS.Timeout | undefined;

  /** Whether today's run time (UTC) has come. */
  function due(): boolean {
    if (deps.atMinutes === null) return false;
    const now = new Date(clock());
    return now.getUTCHours() * 60 + now.getUTCMinutes() >= deps.atMinutes;
  }

  async function queueNext(): Promise<void> {
    if (queue === undefined) return;
    const next = await nextDailyRun(redis, k.day, deps.atMinutes!, clock());
    // One job per day: adding it again from another replica, or after a restart, is a no-op.
    await queue.add(
      'daily',
      { day: next.day },
      {
        jobId: next.id,
        delay: next.delayMs,
        attempts: DAILY_ATTEMPTS,
        backoff: { type: 'exponential', delay: DAILY_BACKOFF_MS },
      },
    );
  }

  return {
    /** Runs now (an admin's /reconcile); `busy` when a run is going on somewhere. */
    run: (): Promise<ReconcileOutcome> => runLocked(false),

    /** The daily run, when RECONCILE_AT has passed today and no replica has done it yet. */
    async tick(): Promise<ReconcileOutcome> {
      if (!due()) return { kind: 'skipped' };
      if ((await redis.exists(k.day(utcDay(clock())))) === 1) return { kind: 'skipped' };
      return runLocked(true);
    },

    /**
     * Runs the daily jobs in this process (a replica that runs jobs) and queues the next one: today's at once
     * when RECONCILE_AT has passed and today's run is not done, else the next RECONCILE_AT.
     */
    async start(jobs: JobSystem): Promise<void> {
      if (deps.atMinutes === null) return;
      queue = jobs.queue<DailyJob>(RECONCILE_QUEUE);
      jobs.work<DailyJob>(RECONCILE_QUEUE, async (job) => {
        const outcome = await runLocked(true, job.data.day);
        // Held by an admin's run or a dead run's lease: BullMQ tries again after a back-off.
        if (outcome.kind === 'busy') throw new Error('reconciliation lock held; retried');
        await queueNext();
        return outcome.kind;
      });
      await queueNext();
      requeue = setInterval(() => {
        queueNext().catch((error: unknown) =>
          deps.logger?.warn({ err: error }, 'next daily reconciliation not queued; tried again later'),
        );
      }, DAILY_REQUEUE_MS);
      requeue.unref();
    },

    /** The daily job queued now (its ID and delay), for /health and tests. */
    async nextDaily(): Promise<{ id: string; delayMs: number } | null> {
      if (queue === undefined || deps.atMinutes === null) return null;
      return nextDailyRun(redis, k.day, deps.atMinutes, clock());
    },

    async stop(): Promise<void> {
      // The workers close with the job system (src/jobs), letting a running walk finish.
      queue = undefined;
      clearInterval(requeue);
      requeue = undefined;
    },
  };
}

export type Reconciler = ReturnType<typeof createReconciler>;
