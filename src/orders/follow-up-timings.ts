import { delayBefore } from '../lib/retry-schedule.ts';

/** The schedule of follow-up reads of unfinished orders (webhooks can be lost). */

/** When follow-up reads happen; injectable so tests run the schedule in milliseconds. */
export interface FollowUpTimings {
  /** Delay of the first read after placement, from the service's `poll_after_seconds`. */
  firstDelayMs: (pollAfterSeconds: number) => number;
  /** Delays after the 1st, 2nd… read that found the order unfinished (spec: 30 s, 60 s). */
  backoffMs: number[];
  /** Delay after that (spec: every 5 minutes). */
  everyMs: number;
  /** Unfinished orders older than this are reported to admins once (ORDER_STALE_ALERT_SECONDS). */
  staleAfterMs: number;
  /** How long a running read's job lock lives without renewal before another worker takes the read over. */
  leaseMs: number;
}

/** The spec's schedule: poll_after_seconds, 30 s, 60 s, then every 5 minutes; stale after one hour. */
export const DEFAULT_FOLLOW_UP_TIMINGS: FollowUpTimings = {
  firstDelayMs: (seconds) => Math.max(1, seconds) * 1000,
  backoffMs: [30_000, 60_000],
  everyMs: 300_000,
  staleAfterMs: 3_600_000,
  leaseMs: 120_000,
};

/** Fills the defaults in. */
export function resolveFollowUpTimings(partial: Partial<FollowUpTimings> = {}): FollowUpTimings {
  return { ...DEFAULT_FOLLOW_UP_TIMINGS, ...partial };
}

/** Delay before the next read after read number `step` (0-based) found the order unfinished. */
export function nextFollowUpDelay(step: number, timings: FollowUpTimings): number {
  return delayBefore({ kind: 'list', delaysMs: [...timings.backoffMs, timings.everyMs] }, step + 1);
}

/**
 * A follow-up read an order commit plans: read number `step` (0-based, for the back-off) of the order's current
 * change, due after `delayMs`. The commit writes it into its change entry; the relay turns it into a job.
 */
export interface ReadPlan {
  delayMs: number;
  step: number;
}

/** The plan after read number `step` found the order unfinished: the back-off's next delay, one step further. */
export function nextReadPlan(step: number, timings: FollowUpTimings): ReadPlan {
  return { delayMs: nextFollowUpDelay(step, timings), step: step + 1 };
}
