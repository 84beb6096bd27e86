/**
 * Two clocks. The wall clock (injectable) is what clients share with us: signature timestamps, rate-limit
 * minutes, webhook `t`, request log. The service clock is the wall clock plus an offset that only moves
 * forward (`POST /_sandbox/clock/advance`): quote expiry, order times and every scheduled step use it, so
 * advancing it expires quotes without making a fresh client signature look stale.
 */
export interface SandboxClock {
  wallNow(): number;
  now(): number;
  offsetMs(): number;
  advance(ms: number): void;
  reset(): void;
}

export function createSandboxClock(wall: () => number = Date.now): SandboxClock {
  let offset = 0;
  return {
    wallNow: () => wall(),
    now: () => wall() + offset,
    offsetMs: () => offset,
    advance(ms: number) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward');
      offset += ms;
    },
    reset() {
      offset = 0;
    },
  };
}
