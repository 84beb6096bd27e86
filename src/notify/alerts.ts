import { notifyKeys } from './keys.ts';
import { silentLogger, type LoggerLike } from '../domain/log.ts';
import type { Job } from 'bullmq';
import { FOREVER, retryDelayMs, type JobSystem } from '../jobs/jobs.ts';
import { defineScript, LUA_NOW_MS } from '../lib/redis/redis-script.ts';
import type { AdminAlert, AlertSink } from '../orders/alerts.ts';
import type { ChangeEntry, ChangeHandler } from '../orders/changes.ts';
import { alertIdentity } from './alert-identity.ts';
import {
  createAlertDelivery,
  type AlertGrouping,
  type AlertRecipients,
  type PendingAlert,
} from './alert-delivery.ts';

/**
 * Admin alerts: at most one per identity (order + status, or per time window), held briefly so that a burst
 * arrives as one message listing every order, then delivered through the durable outbox to ALERT_CHAT_ID or
 * privately to each admin in their language, with a button per order (`ord:open:<external_order_id>`); what the
 * messages say is alert-text.ts.
 *
 * Durable at every step, the hold on BullMQ (src/jobs):
 * - `raise` appends the alert to the open burst (a Redis list) in one script with its identity's once-key; the
 *   first alert of a burst numbers it (a counter). The burst's flush is one delayed job, deduplicated by the
 *   burst's number (`alerts.burst.<n>`): every alert of the burst adds it again in BullMQ's debounce mode
 *   (`deduplication.reschedule`), which pushes the one job back to the quiet window from now, never past the
 *   burst's maximum hold. Two replicas raising into one burst add one job.
 * - The job closes its burst (renames the list to the burst's group, atomically with further raises, which then
 *   open the next burst) and queues the group's messages in the outbox under keys derived from the burst's
 *   number; the group is removed once they are all queued. A job retried after a crash finds the group and
 *   queues the same keys again (once each); it is never dropped (its worker dying only hands it to another).
 * - A process that died between storing an alert and adding its job leaves an open burst without a job: the
 *   workers add it at start-up (`work`), a no-op when it exists.
 * Where the messages go is alert-delivery.ts.
 */

/** The back-off of a burst's flush job that failed (Redis away…): a second, doubling, a minute at most. */
const BURST_BACKOFF = 'alert-burst';

/** A burst closes after 15 s of quiet or one minute at most. */
const DEFAULT_ALERT_GROUPING: AlertGrouping = {
  quietMs: 15_000,
  maxHoldMs: 60_000,
  maxLinesPerMessage: 30,
  maxButtons: 10,
};

export interface AlertsDeps extends AlertRecipients {
  /** REDIS_PREFIX. */
  prefix: string;
  /** The service's BullMQ jobs: any process adds a burst's job, those that run jobs run them (`work`). */
  jobs: Pick<JobSystem, 'queue' | 'work'>;
  grouping?: Partial<AlertGrouping>;
  clock?: () => number;
  logger?: LoggerLike;
}

type AlertedStatus = Extract<AdminAlert, { kind: 'order-status' }>['status'];
const ALERTED_STATUSES: ReadonlySet<string> = new Set<AlertedStatus>(['failed', 'refunded', 'manual_review']);

/** The BullMQ queue of the bursts' flushes. */
export const ALERT_QUEUE = 'alerts';

/** The data of a burst's flush job. */
export interface AlertBurstJob {
  burst: string;
}

/** The deduplication ID of a burst's flush job: one job per burst whatever the alerts and replicas. */
export function alertBurstJobKey(burst: string): string {
  return `alerts.burst.${burst}`;
}

// Returns {queued, burst, first, now}: burst '' when none is open (a duplicate after its burst closed).
const raiseScript = defineScript(`${LUA_NOW_MS}
-- KEYS: once, pending, meta, seq ; ARGV: ttl, json
local queued = 0
if redis.call('SET', KEYS[1], '1', 'NX', 'EX', tonumber(ARGV[1])) then
  queued = 1
  redis.call('RPUSH', KEYS[2], ARGV[2])
  if redis.call('HEXISTS', KEYS[3], 'burst') == 0 then
    redis.call('HSET', KEYS[3], 'burst', redis.call('INCR', KEYS[4]), 'first', ms(nowMs))
  end
end
local burst = redis.call('HGET', KEYS[3], 'burst') or ''
local first = redis.call('HGET', KEYS[3], 'first') or ms(nowMs)
return {queued, burst, first, ms(nowMs)}
`);

// The open burst at start-up, if any (alerts are stored and their burst numbered in one step: raiseScript).
const openScript = defineScript(`${LUA_NOW_MS}
-- KEYS: meta
if redis.call('HEXISTS', KEYS[1], 'burst') == 0 then return false end
return {redis.call('HGET', KEYS[1], 'burst'), redis.call('HGET', KEYS[1], 'first') or ms(nowMs), ms(nowMs)}
`);

// Closes burst ARGV[1] into its group, unless it was closed already (a retried job).
const closeScript = defineScript(`
-- KEYS: pending, meta, group, closed ; ARGV: burst
if redis.call('HGET', KEYS[2], 'burst') ~= ARGV[1] then return 0 end
if redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('RENAME', KEYS[1], KEYS[3])
  redis.call('SADD', KEYS[4], ARGV[1])
end
redis.call('DEL', KEYS[2])
return 1
`);

/** The alert an order change raises: failed, refunded, manual review; refusals for balance, risk, wallet. */
function changeAlert(change: ChangeEntry): AdminAlert | null {
  const order = {
    externalOrderId: change.externalOrderId,
    ...(change.orderId === undefined ? {} : { orderId: change.orderId }),
  };
  if (change.kind === 'status' || change.kind === 'placed') {
    const status = change.status;
    if (ALERTED_STATUSES.has(status))
      return { kind: 'order-status', ...order, status: status as AlertedStatus };
  } else if (change.kind === 'rejected') {
    const key = change.key;
    if (key === 'balance' || key === 'risk' || key === 'wallet')
      return { kind: 'order-rejected', ...order, key };
  }
  return null;
}

/** Creates the admin alerts (a sink for the lifecycle, plus the flush/delivery and change-feed ticks). */
export function createAlerts(deps: AlertsDeps) {
  const { redis } = deps;
  const grouping: AlertGrouping = { ...DEFAULT_ALERT_GROUPING, ...deps.grouping };
  // Alerts identified per window (signature failures, 403s on reads) repeat at most once per ten minutes.
  const windowMs = 600_000;
  // How long an alert identity is remembered.
  const ttl = 30 * 24 * 3600;
  const clock = deps.clock ?? Date.now;
  const logger = deps.logger ?? silentLogger;
  const k = notifyKeys(deps.prefix).alerts;
  const queue = () => deps.jobs.queue<AlertBurstJob>(ALERT_QUEUE);

  /**
   * Adds the burst's flush job, due after the quiet window from now, at the burst's maximum hold at the latest;
   * `debounce`: an existing delayed job is pushed back to that time (a new alert), else left as it is.
   */
  async function holdBurst(burst: string, first: number, now: number, debounce: boolean): Promise<void> {
    const delay = Math.max(0, Math.min(grouping.quietMs, first + grouping.maxHoldMs - now));
    await queue().add(
      'flush',
      { burst },
      {
        delay,
        deduplication: { id: alertBurstJobKey(burst), ...(debounce ? { reschedule: true } : {}) },
        attempts: FOREVER,
        backoff: { type: BURST_BACKOFF },
      },
    );
  }
  const { deliverGroup, report } = createAlertDelivery({ ...deps, grouping, logger });

  /** Turns an order change into an alert (changeAlert). */
  const onChange: ChangeHandler = async (change) => {
    const alert = changeAlert(change);
    if (alert !== null) await sink.raise(alert);
  };

  /** The flush job of one burst: close it (unless a first try did) and deliver its group. */
  async function flushBurst(burst: string): Promise<void> {
    await closeScript.run(redis, [k.pending, k.meta, k.group(burst), k.closed], [burst]);
    await deliverGroup(`b${burst}`, k.group(burst));
    await redis.multi().del(k.group(burst)).srem(k.closed, burst).exec();
  }

  const sink: AlertSink = {
    async raise(alert) {
      const identity = alertIdentity(alert, (ms) => Math.floor(ms / windowMs), clock());
      const stored: PendingAlert = { alert, at: clock() };
      const [queued, burst, first, now] = (await raiseScript.run(
        redis,
        [k.once(identity), k.pending, k.meta, k.seq],
        [ttl, JSON.stringify(stored)],
      )) as [number, string, string, string];
      if (queued === 1) logger.info({ alert: alert.kind, identity }, 'admin alert queued');
      // A duplicate still makes sure its open burst has a job (its first raise may have died before adding it).
      if (burst !== '') await holdBurst(burst, Number(first), Number(now), queued === 1);
    },
  };

  return {
    ...sink,

    /**
     * Runs the bursts' flush jobs in this process (ROLE all or worker); first gives an open burst left without
     * a job (its process died in between) its job.
     */
    async work(): Promise<{ close(): Promise<void> }> {
      const worker = deps.jobs.work<AlertBurstJob>(
        ALERT_QUEUE,
        async (job: Job<AlertBurstJob>) => flushBurst(job.data.burst),
        {
          concurrency: 1,
          backoffStrategy: retryDelayMs,
          // A flush whose worker died is taken up again however often that happens: it is never dropped.
          maxStalledCount: FOREVER,
        },
      );
      try {
        const open = (await openScript.run(redis, [k.meta], [])) as [string, string, string] | null;
        if (open !== null) await holdBurst(open[0], Number(open[1]), Number(open[2]), false);
      } catch (error) {
        logger.error({ err: error }, 'could not check the open alert burst at start-up; its next alert does');
      }
      return { close: () => worker.close() };
    },

    /**
     * Sends one report (a caption and a CSV file) to the alert chat, or to each admin in their language, through
     * the outbox; once per `id` and chat whatever the retries.
     */
    report,

    /** What the relay calls with each order change (idempotent: one alert per identity). */
    onChange,

    /** Alerts not handed to the outbox yet: those of the open burst, and closed bursts being delivered. */
    async pending(): Promise<number> {
      const [open, closed] = await Promise.all([redis.llen(k.pending), redis.scard(k.closed)]);
      return open + closed;
    },
  };
}

export type Alerts = ReturnType<typeof createAlerts>;
