/**
 * How long to wait before each retry, as data, read by one function (`delayBefore`), so every part states its
 * schedule instead of writing its own back-off:
 * - `list`: the delays in turn, the last repeating (the outbox's, placement re-sends', follow-up reads');
 * - `doubling`: `firstMs` doubling up to `maxMs`, optionally with equal jitter (half the step, plus up to half
 *   again at random: the Merchant API client's, so retries from many replicas spread out).
 */
export type RetrySchedule =
  | { kind: 'list'; delaysMs: readonly number[] }
  | { kind: 'doubling'; firstMs: number; maxMs: number; jitter?: 'equal' };

/** The delay before retry number `retry` (1-based; anything below 1 counts as 1) of `schedule`. */
export function delayBefore(
  schedule: RetrySchedule,
  retry: number,
  random: () => number = Math.random,
): number {
  const n = Math.max(1, Math.floor(retry));
  switch (schedule.kind) {
    case 'list': {
      const { delaysMs } = schedule;
      if (delaysMs.length === 0) throw new Error('a retry schedule of no delays');
      return delaysMs[Math.min(n, delaysMs.length) - 1]!;
    }
    case 'doubling': {
      // 2 ** 30 steps are far past any maximum: the exponent is capped so the product stays finite.
      const step = Math.min(schedule.maxMs, schedule.firstMs * 2 ** Math.min(n - 1, 30));
      if (schedule.jitter !== 'equal') return step;
      const r = Math.min(1, Math.max(0, random()));
      return Math.round(step / 2 + (r * step) / 2);
    }
    default: {
      const never: never = schedule;
      throw new Error(`unknown retry schedule ${String(never)}`);
    }
  }
}
