import type { Redis } from 'ioredis';
import type { LoggerLike } from '../domain/log.ts';
import { runLoop, type LoopHandle } from '../lib/loop.ts';
import { takeDue } from '../lib/redis/due-set.ts';
import type { ReadPlan } from './follow-up-timings.ts';
import { orderKeys } from './keys.ts';

/**
 * An order's first placement re-send and first follow-up read wait in two due sets (lib/redis/due-set.ts), not as
 * BullMQ jobs: most orders are answered, and finish, before either comes due, and the order commit (commit.ts) plans
 * and drops them there with a ZADD and a ZREM in the same step as the change that causes them. Every worker process
 * sweeps them (a loop, two reads a period) into their jobs, with the IDs they always had (`send.<number>.0`,
 * `read.<number>.<seq>.0`).
 */

/** The sweep's period: a second at most, shorter for the tests' short leases and grids. */
export const DUE_PERIOD_MAX_MS = 1_000;
const PERIOD_MIN_MS = 25;

/** A due read's member: the order and the change (its seq) whose first read it is. */
export function dueReadMember(externalOrderId: string, seq: number): string {
  return `${externalOrderId}@${seq}`;
}

/** How often the due entries are looked at: a second, or a quarter of a short lease, or a short read grid. */
export function duePeriodMs(timings: { leaseMs: number; gridMs: number }): number {
  const wanted = Math.min(DUE_PERIOD_MAX_MS, Math.floor(timings.leaseMs / 4), Math.max(1, timings.gridMs));
  return Math.max(PERIOD_MIN_MS, wanted);
}

export interface DueSweepDeps {
  redis: Redis;
  prefix: string;
  /** Adds re-send `step` of an order (placements.ts). */
  placements: { plan(externalOrderId: string, step: number, delayMs: number): Promise<void> };
  /** Adds a read of change `seq` of an order (follow-ups.ts). */
  planner: { plan(externalOrderId: string, seq: number, plan: ReadPlan): Promise<void> };
  /** The follow-up reads' grid: a read comes due on the first multiple of it at or after its due time. */
  gridMs: number;
  /** How often the sets are looked at (duePeriodMs). */
  periodMs: number;
  logger?: LoggerLike;
}

/** Sweeps the due sets in this process (ROLE all or worker) until stopped: each look adds the jobs now due. */
export function sweepDueSets(deps: DueSweepDeps): LoopHandle {
  const { redis } = deps;
  const keys = orderKeys(deps.prefix);
  const grid = Math.max(1, deps.gridMs);

  return runLoop({
    name: 'due-orders',
    idleMs: deps.periodMs,
    round: async () => {
      const now = Date.now();
      const sends = await takeDue(redis, keys.dueSends, now, (externalOrderId) =>
        deps.placements.plan(externalOrderId, 0, 0),
      );
      const reads = await takeDue(redis, keys.dueReads, Math.floor(now / grid) * grid, (member) => {
        const at = member.lastIndexOf('@');
        return deps.planner.plan(member.slice(0, at), Number(member.slice(at + 1)), { delayMs: 0, step: 0 });
      });
      return sends + reads;
    },
    logger: deps.logger,
  });
}
