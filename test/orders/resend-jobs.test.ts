import { describe, expect } from 'vitest';
import { orderKeys } from '../../src/orders/keys.ts';
import { PLACEMENT_QUEUE, sendJobId, type PlacementJob } from '../../src/orders/placements.ts';
import { killChild } from '../support/child.ts';
import { freePort } from '../support/ports.ts';
import { expectToldOncePerStatus } from './support/checks.ts';
import { it } from './support/order-test.ts';
import { waitFor, type World } from './support/world.ts';

interface RequestView {
  method: string;
  external_order_id: string | null;
  status: number | null;
}

async function postsOf(w: World, ext: string): Promise<RequestView[]> {
  const body = await w.control<{ results: RequestView[] }>('GET', '/requests?path=/api/v1/recharge/orders');
  return body.results.filter((r) => r.method === 'POST' && r.external_order_id === ext);
}

async function debitsOf(w: World, ext: string): Promise<number> {
  return (await w.ledger()).filter((e) => e.kind === 'debit' && e.external_order_id === ext).length;
}

describe('placement re-sends as BullMQ jobs', () => {
  it('an intent whose sender died is re-sent once its lease ran out, by one job whatever the replicas sweeping', async ({
    openWorld,
  }) => {
    const prefix = 'rs1:';
    const w = await openWorld({ prefix, replicas: 2 });
    const store = w.replicas[0]!.system.service.store;
    const intent = await w.newIntent({ ending: '0000' });
    const ext = intent.externalOrderId;
    // saved as a sender that died before sending leaves it: its lock held for a lease nobody renews
    await store.create(intent, { token: 'gone', leaseMs: 500 });
    const redis = w.replicas[0]!.redis;
    expect(await redis.zscore(orderKeys(prefix).dueSends, ext)).not.toBeNull();
    // two replicas sweep the due set
    await w.startWorkers();
    const order = await waitFor(
      async () => {
        const o = await store.get(ext);
        return o?.status === 'succeeded' ? o : null;
      },
      60_000,
      `${ext} succeeded`,
    );
    expect(order.placement).toBe('placed');
    const queue = w.replicas[0]!.jobs.queue<PlacementJob>(PLACEMENT_QUEUE);
    const jobs = (await queue.getJobs(['completed', 'failed', 'active', 'delayed', 'wait'])).filter(
      (job) => job?.data.ext === ext,
    );
    expect(jobs.map((job) => job.id)).toEqual([sendJobId(ext, 0)]);
    expect(await postsOf(w, ext)).toHaveLength(1);
    expect(await debitsOf(w, ext)).toBe(1);
    expect(await redis.exists(orderKeys(prefix).sendLock(ext))).toBe(0);
    expect(await redis.zcard(orderKeys(prefix).dueSends)).toBe(0);
    await expectToldOncePerStatus(w, [ext]);
  });

  it('an intent its own sender placed leaves no re-send job waiting behind it', async ({ openWorld }) => {
    // A long lease: the first re-send would wait a minute, then run only to find the order placed.
    const w = await openWorld({ prefix: 'rs-drop:', timings: { placement: { leaseMs: 60_000 } } });
    await w.startWorkers();
    const service = w.replicas[0]!.system.service;
    const intent = await w.newIntent({ ending: '0000' });
    const ext = intent.externalOrderId;
    expect((await service.submit(intent)).outcome).toBe('placed');
    const queue = w.replicas[0]!.jobs.queue<PlacementJob>(PLACEMENT_QUEUE);
    // The intent's commit planned the re-send in the due set; the answer's commit dropped it there, so no job
    // was ever added.
    expect(await w.replicas[0]!.redis.zscore(orderKeys('rs-drop:').dueSends, ext)).toBeNull();
    expect(await queue.getJobState(sendJobId(ext, 0))).toBe('unknown');
    await waitFor(
      async () => ((await service.get(ext))?.status === 'succeeded' ? true : null),
      30_000,
      'done',
    );
    expect(await postsOf(w, ext)).toHaveLength(1);
    expect(await debitsOf(w, ext)).toBe(1);
    await expectToldOncePerStatus(w, [ext]);
  });

  it('a re-send that finds the send lock held waits until that lock runs out, not a whole lease more', async ({
    openWorld,
  }) => {
    const prefix = 'rs3:';
    // A long lease: a job that waited a whole one after finding the lock held would send 15 s late.
    const w = await openWorld({ prefix, timings: { placement: { leaseMs: 15_000 } } });
    const store = w.replicas[0]!.system.service.store;
    const redis = w.replicas[0]!.redis;
    const intent = await w.newIntent({ ending: '0000' });
    const ext = intent.externalOrderId;
    // Its re-send is planned 300 ms on, but the sender's lock (renewed, say, just before Redis went away) lives
    // 2.5 s: the job finds it held, and should send once it ran out.
    const stored = Date.now();
    await store.create(intent, { token: 'gone', leaseMs: 300 });
    await redis.pexpire(orderKeys(prefix).sendLock(ext), 2_500);
    await w.startWorkers();
    await waitFor(async () => ((await postsOf(w, ext)).length > 0 ? true : null), 30_000, `${ext} sent`);
    expect(Date.now() - stored).toBeLessThan(8_000);
    expect(await postsOf(w, ext)).toHaveLength(1);
  });

  it('a re-send whose worker process is killed (SIGKILL) before storing the answer is finished by another worker, charged once', async ({
    openWorld,
    startReplica,
  }) => {
    const prefix = 'rs2:';
    // no webhooks: only a re-send can tell us the order exists
    const w = await openWorld({ prefix, webhooks: false });
    const store = w.replicas[0]!.system.service.store;
    const intent = await w.newIntent({ ending: '0000' });
    const ext = intent.externalOrderId;
    await store.create(intent, { token: 'gone', leaseMs: 300 });
    // a worker process re-sends it and stops still after the service answered, before storing the answer
    const child = startReplica(w, {
      prefix,
      webhookPort: await freePort(),
      crashAt: 'after-send-before-store',
      env: { ROLE: 'worker' },
    });
    try {
      await waitFor(
        () => child.output.includes('AT after-send-before-store'),
        60_000,
        `worker inside a re-send: ${child.output.join(' | ')}`,
      );
    } finally {
      await killChild(child);
    }
    expect((await store.get(ext))?.placement).toBe('placing');
    await w.startWorkers();
    await waitFor(
      async () => ((await store.get(ext))?.status === 'succeeded' ? true : null),
      60_000,
      `${ext} succeeded after the worker was killed`,
    );
    // the killed worker's send reached the service; another worker sent it again (recognised as a repeat)
    expect((await postsOf(w, ext)).length).toBeGreaterThanOrEqual(2);
    expect(await debitsOf(w, ext)).toBe(1);
    await expectToldOncePerStatus(w, [ext]);
  }, 120_000);
});
