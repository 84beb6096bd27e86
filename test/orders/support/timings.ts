import type { NotifyTimings } from '../../../src/notify/notify.ts';
import type { OrderTimings } from '../../../src/orders/system.ts';

/** Timings that run the whole lifecycle in (milli)seconds against a sandbox at time scale 0.01. */
export const FAST_TIMINGS: OrderTimings & NotifyTimings = {
  placement: { leaseMs: 3_000, retryDelaysMs: [100, 200, 400], forbiddenDelayMs: 500 },
  followUp: {
    firstDelayMs: (seconds) => seconds * 100,
    backoffMs: [150, 300],
    everyMs: 500,
    staleAfterMs: 3_600_000,
    leaseMs: 3_000,
    gridMs: 50,
    gatherMs: 20,
  },
  outbox: { leaseMs: 3_000, retryDelaysMs: [50, 100, 200] },
  alertGrouping: { quietMs: 300, maxHoldMs: 1_500 },
  claimIdleMs: 2_000,
};
