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
  /**
   * Planned reads come due on multiples of this (wall clock), so reads of different orders come due together
   * and one list request reads them all (batched-reads.ts).
   */
  gridMs: number;
  /** How long a process gathers the reads that came due before reading them. */
  gatherMs: number;
}

/**
 * The spec's schedule: poll_after_seconds, 30 s, 60 s, then every 5 minutes; stale after one hour. Reads come
 * due on a 10-second grid: at most 6 list requests a minute per worker process however many orders are waiting
 * (a tenth of the default 60 a minute), for a read at most 10 s later than the spec's schedule allows.
 */
export const DEFAULT_FOLLOW_UP_TIMINGS: FollowUpTimings = {
  firstDelayMs: (seconds) => Math.max(1, seconds) * 1000,
  backoffMs: [30_000, 60_000],
  everyMs: 300_000,
  staleAfterMs: 3_600_000,
  leaseMs: 120_000,
  gridMs: 10_000,
  gatherMs: 250,
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
 * The delay that makes a read planned at `nowMs` after `delayMs` come due on the next multiple of `gridMs`: never
 * shorter than `delayMs`, less than a grid longer. A read wanted now (0) stays now.
 */
export function delayOnGrid(nowMs: number, delayMs: number, gridMs: number): number {
  if (delayMs <= 0 || gridMs <= 1) return Math.max(0, delayMs);
  return Math.ceil((nowMs + delayMs) / gridMs) * gridMs - nowMs;
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
