import { randomBytes } from 'node:crypto';
import { Decimal } from 'decimal.js';
import type { Redis } from 'ioredis';
import { utcDay } from '../accounts/ledger.ts';
import { silentLogger, type LoggerLike } from '../domain/log.ts';
import { isOurMerchantOrderNumber } from '../domain/order-number.ts';
import { canMove, isFinished } from '../domain/status.ts';
import { csvLine } from '../lib/csv.ts';
import { defineScript } from '../lib/redis/redis-script.ts';
import type { MerchantApi, RechargeOrder } from '../merchant/types.ts';
import type { ApplyResult, OrderStore } from './store.ts';
import type { StoredOrder } from './types.ts';

/**
 * The daily reconciliation with the Merchant API's order list (`GET /recharge/orders`, newest first, 100 a page,
 * background priority of the shared request budget). It walks back to the last reconciled point (or to the
 * oldest order we still wait for, whichever is older) and compares each of our orders (`rb-…` numbers; the
 * others, e.g. gift cards or another system on the same merchant account, are counted and left alone) with
 * our store:
 * - the service has it and we do not: recorded with the service's status (no reseller: nobody is told);
 * - we wait for it and the service has moved it on: applied through the normal lifecycle (the store's
 *   compare-and-set; the reseller is told once, the credit settles or is released once);
 * - a status we cannot move to (theirs is behind ours, or ours is final) or a different merchant price: reported;
 * - credit held on a reseller's account beyond what their unfinished orders hold: reported, never released (a
 *   hold is a sum per reseller and cannot be tied to one order with certainty).
 * One run at a time across replicas (a Redis lock with a lease renewed per page); the daily run happens once per
 * UTC day after RECONCILE_AT (the day is marked done only after a run finished, so a replica that died mid-run is
 * taken over when its lease runs out).
 */

/** One difference found, as reported. */
export type ReconcileDifference =
  | { kind: 'missing'; externalOrderId: string; orderId: string; theirs: string; recorded: boolean }
  | {
      kind: 'missed-final';
      externalOrderId: string;
      orderId: string;
      ours: string;
      theirs: string;
      applied: boolean;
    }
  | {
      kind: 'status';
      externalOrderId: string;
      orderId: string;
      ours: string;
      theirs: string;
      applied: boolean;
    }
  | { kind: 'price'; externalOrderId: string; orderId: string; ours: string; theirs: string }
  | { kind: 'hold'; resellerId: number; ours: string; theirs: string };

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
  /** First read of an unfinished order recorded by the reconciliation, ms. */
  followUpDelayMs: number;
  /** RECONCILE_AT as minutes after midnight UTC; null: no daily run (only `run`). */
  atMinutes: number | null;
  clock?: () => number;
  logger?: LoggerLike;
  /** How far back the first run ever looks (default 7 days). */
  firstLookbackMs?: number;
  /** How long the run lock lives without renewal (default 5 minutes). */
  leaseMs?: number;
  /** How often each replica asks whether the daily run is due (default 60 s). */
  tickMs?: number;
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
/** Orders created this long before the last point are compared again (clock differences, slow commits). */
const OVERLAP_MS = 15 * 60_000;

const DIFFERENCE_COLUMNS = [
  'kind',
  'merchant_order_number',
  'service_order_id',
  'reseller_id',
  'ours',
  'theirs',
  'action',
] as const;

/** The differences as CSV (header first). */
export function differencesCsv(differences: readonly ReconcileDifference[]): string {
  const rows = [csvLine(DIFFERENCE_COLUMNS)];
  for (const d of differences) {
    switch (d.kind) {
      case 'missing':
        rows.push(
          csvLine([d.kind, d.externalOrderId, d.orderId, '', '', d.theirs, d.recorded ? 'recorded' : 'none']),
        );
        break;
      case 'missed-final':
      case 'status':
        rows.push(
          csvLine([
            d.kind,
            d.externalOrderId,
            d.orderId,
            '',
            d.ours,
            d.theirs,
            d.applied ? 'applied' : 'none',
          ]),
        );
        break;
      case 'price':
        rows.push(csvLine([d.kind, d.externalOrderId, d.orderId, '', d.ours, d.theirs, 'none']));
        break;
      case 'hold':
        rows.push(csvLine([d.kind, '', '', String(d.resellerId), d.ours, d.theirs, 'none']));
        break;
      default: {
        const never: never = d;
        throw new Error(`unhandled difference ${String(never)}`);
      }
    }
  }
  return rows.join('');
}

/** Our status text of an order (index form: placing, rejected or the service's status). */
function ourStatus(order: StoredOrder): string {
  if (order.placement === 'rejected') return 'rejected';
  return order.status ?? 'placing';
}

/** Creates the reconciler: `run` now (admins), `tick` for the daily run, `start`/`stop` for the worker. */
export function createReconciler(deps: ReconcilerDeps) {
  const { redis } = deps;
  const clock = deps.clock ?? Date.now;
  const logger = deps.logger ?? silentLogger;
  const leaseMs = deps.leaseMs ?? 5 * 60_000;
  const base = `${deps.prefix}reconcile:`;
  const k = { lock: `${base}lock`, point: `${base}point`, day: (day: string) => `${base}day:${day}` };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  async function renew(token: string): Promise<void> {
    const held = await renewScript.run(redis, [k.lock], [token, String(leaseMs)]);
    if (held !== 1) throw new Error('reconciliation lock lost (lease ran out)');
  }

  async function release(token: string): Promise<void> {
    await releaseScript.run(redis, [k.lock], [token]);
  }

  async function compare(remote: RechargeOrder, differences: ReconcileDifference[]): Promise<void> {
    const ext = remote.externalOrderId;
    const ids = { externalOrderId: ext, orderId: remote.orderId };
    const local = await deps.store.get(ext);
    if (local === null) {
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
  async function excessHolds(): Promise<Map<number, { ours: string; theirs: string }>> {
    // Accounts first: an order stored after this read only adds to our side, never to a false report.
    const accounts = await deps.heldAccounts();
    const held = new Map<number, Decimal>();
    for (const ext of await deps.store.unfinished()) {
      const order = await deps.store.get(ext);
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

  async function checkHolds(differences: ReconcileDifference[]): Promise<void> {
    const first = await excessHolds();
    if (first.size === 0) return;
    // An order that closed between the two reads looks like a stray hold once: only a repeated finding counts.
    const second = await excessHolds();
    for (const [resellerId, figures] of second) {
      if (first.has(resellerId)) differences.push({ kind: 'hold', resellerId, ...figures });
    }
  }

  async function walk(token: string): Promise<ReconcileSummary> {
    const runId = `${new Date(clock()).toISOString().replace(/[:.]/g, '')}-${randomBytes(3).toString('hex')}`;
    const pointText = await redis.get(k.point);
    let since = pointText === null ? clock() - (deps.firstLookbackMs ?? 7 * 86_400_000) : Number(pointText);
    // Orders we still wait for are compared however old they are.
    const [oldestUnfinished] = await deps.store.unfinished();
    if (oldestUnfinished !== undefined) {
      const order = await deps.store.get(oldestUnfinished);
      if (order !== null) since = Math.min(since, Date.parse(order.createdAt));
    }
    since -= OVERLAP_MS;
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
        await compare(remote, differences);
      }
      if (older || page.results.length === 0 || page.results.length < Math.min(page.limit, PAGE)) break;
      offset += page.results.length;
    }
    await checkHolds(differences);
    if (newest !== null) await redis.set(k.point, String(newest));
    return { runId, since, checked, foreign, differences };
  }

  /** Runs once under the lock; `daily`: only if today's run is due and not done yet. */
  async function runLocked(daily: boolean): Promise<ReconcileOutcome> {
    const token = randomBytes(8).toString('hex');
    if ((await redis.set(k.lock, token, 'PX', leaseMs, 'NX')) === null) return { kind: 'busy' };
    try {
      const day = utcDay(clock());
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
  }

  /** Whether today's run time (UTC) has come. */
  function due(): boolean {
    if (deps.atMinutes === null) return false;
    const now = new Date(clock());
    return now.getUTCHours() * 60 + now.getUTCMinutes() >= deps.atMinutes;
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

    start(): void {
      if (deps.atMinutes === null) return;
      timer ??= setInterval(() => {
        if (running !== undefined) return;
        running = this.tick()
          .catch((error: unknown) =>
            logger.warn({ err: error }, 'daily reconciliation failed; retried later'),
          )
          .finally(() => {
            running = undefined;
          });
      }, deps.tickMs ?? 60_000);
      timer.unref();
    },

    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

export type Reconciler = ReturnType<typeof createReconciler>;
