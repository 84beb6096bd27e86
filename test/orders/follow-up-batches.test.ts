import { describe, expect } from 'vitest';
import type { CrashPoint } from '../../src/lib/hooks.ts';
import {
  delayOnGrid,
  nextFollowUpDelay,
  resolveFollowUpTimings,
} from '../../src/orders/follow-up-timings.ts';
import { createFollowUpPlanner, readJobId } from '../../src/orders/follow-ups.ts';
import { expectToldOncePerStatus } from './support/checks.ts';
import { it } from './support/order-test.ts';
import { FAST_TIMINGS, waitFor, type World } from './support/world.ts';

interface RequestView {
  seq: number;
  method: string;
  path: string;
  status: number;
}

const LIST = '/api/v1/recharge/orders';

/** The reads the sandbox served after `since`: list pages and single orders. */
async function readsSince(w: World, since: number) {
  const log = await w.control<{ results: RequestView[] }>('GET', `/requests?since=${since}`);
  const gets = log.results.filter((r) => r.method === 'GET');
  return {
    lists: gets.filter((r) => r.path === LIST),
    singles: gets.filter((r) => r.path.startsWith(`${LIST}/`)),
  };
}

async function lastSeq(w: World): Promise<number> {
  return (await w.control<{ results: RequestView[] }>('GET', '/requests')).results.at(-1)?.seq ?? 0;
}

/**
 * Places `count` orders that succeed, with the workers stopped and no webhook sent, and waits until the sandbox
 * has finished them all: their first reads then all come due as soon as the workers start. `statusMessage`: each
 * has its ⏳ message for the bot to edit.
 */
async function placeFinished(w: World, count: number, statusMessage = true): Promise<string[]> {
  const service = w.replicas[0]!.system.service;
  const exts: string[] = [];
  for (let i = 0; i < count; i++) {
    const intent = await w.newIntent({ ending: '0000', statusMessage });
    expect((await service.submit(intent)).outcome).toBe('placed');
    exts.push(intent.externalOrderId);
  }
  await waitFor(
    async () => (await w.control<{ count: number }>('GET', '/orders?status=succeeded')).count >= count,
    60_000,
    'every order succeeded at the sandbox',
  );
  return exts;
}

async function allSucceededByPolls(w: World, exts: readonly string[]): Promise<void> {
  const service = w.replicas[0]!.system.service;
  for (const ext of exts) {
    const order = await waitFor(
      async () => {
        const o = await service.get(ext);
        return o?.status === 'succeeded' ? o : null;
      },
      60_000,
      `${ext} succeeded`,
    );
    expect(order.history.at(-1)?.source).toBe('poll');
  }
}

/** Reads due as soon as they are planned, gathered for long enough that a slow machine still batches them. */
const DUE_AT_ONCE = { followUp: { ...FAST_TIMINGS.followUp, firstDelayMs: () => 0, gatherMs: 300 } };

describe('batched follow-up reads of orders whose webhooks were lost', () => {
  it('orders due together are read back with one list request, not one request each', async ({
    openWorld,
  }) => {
    const w = await openWorld({ prefix: 'fb1:', webhooks: false, timings: DUE_AT_ONCE });
    const exts = await placeFinished(w, 6);
    const since = await lastSeq(w);
    await w.startWorkers();
    await allSucceededByPolls(w, exts);
    const { lists, singles } = await readsSince(w, since);
    expect(lists).toHaveLength(1);
    expect(singles).toEqual([]);
    await expectToldOncePerStatus(w, exts);
  });

  it('a list request that fails leaves every read to its back-off, and the orders still finish', async ({
    openWorld,
  }) => {
    const w = await openWorld({
      prefix: 'fb2:',
      webhooks: false,
      timings: DUE_AT_ONCE,
      clientRetryAttempts: 2,
    });
    const exts = await placeFinished(w, 4);
    const since = await lastSeq(w);
    // the first list call fails, retry included
    await w.control('POST', '/faults', { kind: 'error', path: LIST, method: 'GET', status: 503, next: 2 });
    await w.startWorkers();
    await allSucceededByPolls(w, exts);
    const { lists, singles } = await readsSince(w, since);
    expect(lists.slice(0, 3).map((r) => r.status)).toEqual([503, 503, 200]);
    expect(singles).toEqual([]);
    await expectToldOncePerStatus(w, exts);
  });

  it('250 orders whose webhooks were all lost finish with a handful of list requests', async ({
    openWorld,
  }) => {
    const w = await openWorld({ prefix: 'fb3:', webhooks: false, timings: DUE_AT_ONCE });
    const exts = await placeFinished(w, 250, false);
    const since = await lastSeq(w);
    await w.startWorkers();
    await allSucceededByPolls(w, exts);
    const { lists, singles } = await readsSince(w, since);
    // three pages hold them all; each batch of up to 100 reads pages as far as its oldest order (6 pages when
    // the batches are the oldest, middle and newest hundred), against 250 reads one by one
    expect(lists.length).toBeGreaterThanOrEqual(3);
    expect(lists.length + singles.length).toBeLessThanOrEqual(10);
  }, 180_000);
});

describe('when follow-up reads come due', () => {
  it('a planned read comes due on the grid, never before its delay; a read asked for now is not held back', async ({
    openWorld,
  }) => {
    const w = await openWorld({ prefix: 'fb4:', webhooks: false });
    const gridMs = 1_000;
    const jobs = w.replicas[0]!.jobs;
    const planner = createFollowUpPlanner({
      jobs,
      redis: w.replicas[0]!.redis,
      prefix: 'fb4:',
      timings: resolveFollowUpTimings({ gridMs }),
    });
    for (const [i, delayMs] of [1, 150, 999, 1_000, 30_000, 300_000].entries()) {
      const ext = `rb-grid-${i}`;
      const before = Date.now();
      await planner.plan(ext, 1, { delayMs, step: 0 });
      const after = Date.now();
      const job = (await planner.queue.getJob(readJobId(ext, 1, 0)))!;
      const dueAt = job.timestamp + (job.opts.delay ?? 0);
      expect(dueAt).toBeGreaterThanOrEqual(before + delayMs);
      expect(dueAt).toBeLessThan(after + delayMs + gridMs);
      // on the grid, up to the moment between our clock reading and BullMQ's
      expect(dueAt % gridMs).toBeLessThanOrEqual(after - before);
    }
    await planner.readNow('rb-grid-now', 1, 'order.unknown');
    const now = (await planner.queue.getJob(readJobId('rb-grid-now', 1, 'now-order.unknown')))!;
    expect(now.opts.delay ?? 0).toBe(0);
  });

  it('the grid delays a read by less than one grid, and never shortens it', () => {
    for (const now of [0, 1, 4_999, 5_000, 1_764_000_123_456]) {
      for (const delay of [1, 100, 5_000, 30_000, 300_000]) {
        const onGrid = delayOnGrid(now, delay, 10_000);
        expect(onGrid).toBeGreaterThanOrEqual(delay);
        expect(onGrid).toBeLessThan(delay + 10_000);
        expect((now + onGrid) % 10_000).toBe(0);
      }
    }
    expect(delayOnGrid(1_234, 0, 10_000)).toBe(0);
    expect(delayOnGrid(1_234, 700, 0)).toBe(700);
  });

  it('each read of an unfinished order comes no earlier than the back-off says after the one before', async ({
    openWorld,
  }) => {
    const checks = new Map<string, Array<{ step: number; at: number }>>();
    const followUp = {
      firstDelayMs: () => 200,
      backoffMs: [300, 400],
      everyMs: 500,
      staleAfterMs: 3_600_000,
      leaseMs: 3_000,
      gridMs: 250,
      gatherMs: 20,
    };
    const w = await openWorld({
      prefix: 'fb5:',
      webhooks: false,
      timings: { followUp },
      hooks: {
        at(point: CrashPoint, detail) {
          if (point !== 'follow-up-check' || detail.step === undefined) return;
          const ext = String(detail.externalOrderId);
          checks.set(ext, [...(checks.get(ext) ?? []), { step: Number(detail.step), at: Date.now() }]);
        },
      },
    });
    await w.startWorkers();
    const service = w.replicas[0]!.system.service;
    const placed: Array<{ ext: string; at: number }> = [];
    for (let i = 0; i < 3; i++) {
      const intent = await w.newIntent({ ending: '4444', statusMessage: false }); // processing for long
      const at = Date.now();
      expect((await service.submit(intent)).outcome).toBe('placed');
      placed.push({ ext: intent.externalOrderId, at });
    }
    await waitFor(
      () => placed.every(({ ext }) => (checks.get(ext) ?? []).some((c) => c.step >= 3)),
      60_000,
      'four reads of every order',
    );
    await w.stopWorkers();
    for (const { ext, at } of placed) {
      const reads = checks.get(ext)!;
      expect(reads.map((c) => c.step).slice(0, 4)).toEqual([0, 1, 2, 3]);
      expect(reads[0]!.at - at).toBeGreaterThanOrEqual(followUp.firstDelayMs());
      for (let k = 0; k + 1 < reads.length; k++) {
        const wait = reads[k + 1]!.at - reads[k]!.at;
        expect(wait, `${ext}: after read ${k}`).toBeGreaterThanOrEqual(
          nextFollowUpDelay(k, resolveFollowUpTimings(followUp)),
        );
      }
    }
  });
});
