import { describe, expect } from 'vitest';
import type { CrashPoint, HookDetail } from '../../src/lib/hooks.ts';
import { FOLLOW_UP_QUEUE, readJobId, type FollowUpJob } from '../../src/orders/follow-ups.ts';
import { orderKeys } from '../../src/orders/keys.ts';
import { killChild } from '../support/child.ts';
import { freePort } from '../support/ports.ts';
import { expectToldOncePerStatus } from './support/checks.ts';
import { it } from './support/order-test.ts';
import { followUpReads } from './support/queues.ts';
import { waitFor, type World } from './support/world.ts';

interface RequestView {
  method: string;
  path: string;
}

/** GET reads of one order the sandbox has served. */
async function readsOf(w: World, orderId: string): Promise<number> {
  return (await w.control<{ results: RequestView[] }>('GET', '/requests')).results.filter(
    (r) => r.method === 'GET' && r.path === `/api/v1/recharge/orders/${orderId}`,
  ).length;
}

/** Every job of the follow-up queue for an order, whatever its state (completed ones are kept). */
async function allReadJobs(w: World, ext: string) {
  const queue = w.replicas[0]!.jobs.queue<FollowUpJob>(FOLLOW_UP_QUEUE);
  const jobs = await queue.getJobs(['completed', 'failed', 'active', 'delayed', 'wait', 'prioritized']);
  return jobs.filter((job) => job?.data.ext === ext);
}

describe('durable follow-up of unfinished orders', () => {
  it('a read job lost from Redis is planned again at start-up, and reads go on while the order is unfinished', async ({
    openWorld,
  }) => {
    const prefix = 'fu1:';
    const w = await openWorld({ prefix, webhooks: false });
    const service = w.replicas[0]!.system.service;
    const reads = followUpReads(w.replicas[0]!.jobs);
    const intent = await w.newIntent({ ending: '4444' }); // stays processing
    const placed = await service.submit(intent);
    expect(placed.outcome).toBe('placed');
    const ext = intent.externalOrderId;
    // the placement's commit planned the first read; the relay (it runs with the workers) adds its job
    await w.startWorkers();
    await waitFor(async () => (await reads.pending(ext)).length > 0, 30_000, 'read job relayed');
    await w.stopWorkers();
    // lose the planned read after the relay took its change, as a bug or a manual cleanup could
    await reads.lose(ext);
    expect(await reads.pending(ext)).toEqual([]);
    const before = await readsOf(w, placed.order.orderId!);
    await w.startWorkers();
    await waitFor(
      async () => (await readsOf(w, placed.order.orderId!)) >= before + 2,
      30_000,
      'follow-up reads resumed',
    );
    await waitFor(async () => (await reads.pending(ext)).length > 0, 30_000, 'next read planned');
    const order = await service.get(ext);
    expect(order?.history.map((h) => h.status)).toContain('processing');
    expect(order?.syncedAt).toBeDefined();
  });

  it('an order its webhook finished before its first read leaves no read job behind', async ({
    openWorld,
  }) => {
    const checks: HookDetail[] = [];
    const w = await openWorld({
      prefix: 'fu-drop:',
      // the first read far off: the webhook comes first
      timings: { followUp: { firstDelayMs: () => 60_000 } },
      hooks: {
        at(point: CrashPoint, detail) {
          if (point === 'follow-up-check') checks.push(detail);
        },
      },
    });
    await w.startWorkers();
    const service = w.replicas[0]!.system.service;
    const intent = await w.newIntent({ ending: '0000' });
    const ext = intent.externalOrderId;
    expect((await service.submit(intent)).outcome).toBe('placed');
    await waitFor(
      async () => (await service.get(ext))?.status === 'succeeded',
      30_000,
      'the order succeeded',
    );
    // the placement planned its read; the change that finished the order removed it, waiting
    await waitFor(async () => (await allReadJobs(w, ext)).length === 0, 30_000, 'the first read dropped');
    expect(checks.filter((c) => c.externalOrderId === ext)).toEqual([]);
    await expectToldOncePerStatus(w, [ext]);
  });

  it('the first read waits in the due set and runs once; a change entry delivered twice adds its read once', async ({
    openWorld,
  }) => {
    const prefix = 'fu2:';
    const checks: HookDetail[] = [];
    const w = await openWorld({
      prefix,
      webhooks: false,
      replicas: 2,
      hooks: {
        at(point: CrashPoint, detail) {
          if (point === 'follow-up-check') checks.push(detail);
        },
      },
    });
    const service = w.replicas[0]!.system.service;
    const intent = await w.newIntent({ ending: '4444' }); // stays processing
    const ext = intent.externalOrderId;
    expect((await service.submit(intent)).outcome).toBe('placed');
    const redis = w.replicas[0]!.redis;
    const stream = orderKeys(prefix).changes;
    const changes = async () =>
      ((await redis.xrange(stream, '-', '+')) as Array<[string, string[]]>).filter(([, f]) =>
        f.includes(ext),
      );
    const placedEntry = (await changes()).find(([, f]) => f.includes('placed'));
    expect(placedEntry).toBeDefined();
    const fields = placedEntry![1];
    const seq = Number(fields[fields.indexOf('seq') + 1]);
    // the placement's first read is in the due set, not in its change entry
    expect(fields).not.toContain('rd');
    expect(await redis.zscore(orderKeys(prefix).dueReads, `${ext}@${seq}`)).not.toBeNull();
    // two replicas sweep the due set, relay (one consumer group) and read
    await w.startWorkers();
    await waitFor(
      () => checks.some((c) => c.externalOrderId === ext && (c.step ?? 0) >= 1),
      30_000,
      'the reads went on past the first',
    );
    // the stream delivers at least once: an entry that plans a read comes again, as a copy
    const withRead = (await changes()).find(([, f]) => f.includes('rd'));
    if (withRead !== undefined) await redis.xadd(stream, '*', ...withRead[1]);
    await waitFor(
      () => checks.some((c) => c.externalOrderId === ext && (c.step ?? 0) >= 2),
      30_000,
      'the reads went on past the second',
    );
    const first = checks.filter((c) => c.externalOrderId === ext && c.step === 0);
    expect(first).toHaveLength(1);
    expect(first[0]!.job).toBe(readJobId(ext, seq, 0));
    const firstJobs = (await allReadJobs(w, ext)).filter((j) => j.data.seq === seq && j.data.step === 0);
    expect(firstJobs).toHaveLength(1);
    expect(await redis.zcard(orderKeys(prefix).dueReads)).toBe(0);
    // every read ran once
    const ids = checks.filter((c) => c.externalOrderId === ext).map((c) => c.job);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('a read whose worker process is killed (SIGKILL) mid-read is run by another worker, and the order finishes', async ({
    openWorld,
    startReplica,
  }) => {
    const prefix = 'fu3:';
    const checks: HookDetail[] = [];
    const w = await openWorld({
      prefix,
      webhooks: false,
      hooks: {
        at(point: CrashPoint, detail) {
          if (point === 'follow-up-check') checks.push(detail);
        },
      },
    });
    const intent = await w.newIntent({ ending: '0000' }); // succeeds, told only by reads (webhooks off)
    const ext = intent.externalOrderId;
    // A worker process runs the jobs; it stops still inside the first read, and is killed there.
    const child = startReplica(w, {
      prefix,
      webhookPort: await freePort(),
      crashAt: 'follow-up-check',
      env: { ROLE: 'worker' },
    });
    try {
      await waitFor(
        () => child.output.includes('READY'),
        60_000,
        `worker ready: ${child.output.join(' | ')}`,
      );
      expect((await w.replicas[0]!.system.service.submit(intent)).outcome).toBe('placed');
      await waitFor(() => child.output.includes('AT follow-up-check'), 60_000, 'worker inside a read');
    } finally {
      await killChild(child);
    }
    // the killed worker still holds its read: it is active, nobody runs it
    const active = (await allReadJobs(w, ext)).filter((j) => j.finishedOn === undefined);
    expect(active).toHaveLength(1);
    const held = active[0]!.id;
    expect(held).toBeDefined();
    expect(await w.replicas[0]!.jobs.queue(FOLLOW_UP_QUEUE).getJobState(held!)).toBe('active');
    // another worker takes the read over once the dead one's lock runs out
    await w.startWorkers();
    const takenOver = await waitFor(
      () => checks.find((c) => c.job === held),
      60_000,
      'the read taken over by another worker',
    );
    expect(takenOver.reclaimed).toBe(true);
    const order = await waitFor(
      async () => {
        const o = await w.replicas[0]!.system.service.get(ext);
        return o?.status === 'succeeded' ? o : null;
      },
      60_000,
      `${ext} succeeded`,
    );
    expect(order.history.every((h) => h.source !== 'webhook')).toBe(true);
    expect(checks.filter((c) => c.job === held)).toHaveLength(1);
    await expectToldOncePerStatus(w, [ext]);
  }, 120_000);
});
