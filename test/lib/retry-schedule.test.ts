import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { delayBefore } from '../../src/lib/retry-schedule.ts';

describe('retry schedules', () => {
  it('a list gives its delays in turn, the last repeating; a retry below 1 counts as the first', () => {
    const list = { kind: 'list', delaysMs: [1_000, 5_000, 30_000] } as const;
    expect([0, 1, 2, 3, 4, 50].map((n) => delayBefore(list, n))).toEqual([
      1_000, 1_000, 5_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('doubling starts at its first delay and never passes its maximum, however many retries', () => {
    const doubling = { kind: 'doubling', firstMs: 250, maxMs: 4_000 } as const;
    expect([1, 2, 3, 4, 5, 6, 1_000].map((n) => delayBefore(doubling, n))).toEqual([
      250, 500, 1_000, 2_000, 4_000, 4_000, 4_000,
    ]);
  });

  it('equal jitter stays between half and all of the step', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, r) => {
        const step = delayBefore({ kind: 'doubling', firstMs: 100, maxMs: 10_000 }, n);
        const jittered = delayBefore(
          { kind: 'doubling', firstMs: 100, maxMs: 10_000, jitter: 'equal' },
          n,
          () => r,
        );
        return jittered >= Math.floor(step / 2) && jittered <= step;
      }),
    );
  });
});
