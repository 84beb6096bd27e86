import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createJobSystem, type JobSystem } from '../../src/jobs/jobs.ts';
import { orderKeys } from '../../src/orders/keys.ts';
import { createReconciler, DAILY_REQUEUE_MS, RECONCILE_QUEUE } from '../../src/orders/reconcile.ts';
import { redisPerFile, type RedisServerHandle } from '../support/redis.ts';
import { until } from '../support/until.ts';

// The daily run's job chain on a real Redis: each daily job queues the next day's, and a next job lost after it
// was written (a failover that lost the write) comes back from the workers' periodic requeue. Only the interval
// timer is faked, to reach the ten minutes at once; BullMQ and ioredis run on real time.

const unused = (): never => {
  throw new Error('not part of this test: no run is due');
};

describe('the daily reconciliation job', () => {
  let redis: Redis;
  let server: RedisServerHandle;
  redisPerFile((client, handle) => {
    redis = client;
    server = handle;
  });
  const systems: JobSystem[] = [];
  afterEach(async () => {
    vi.useRealTimers();
    await Promise.all(systems.splice(0).map((jobs) => jobs.close()));
  });

  it('a next day’s job lost after it was written is put back by the workers within ten minutes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const prefix = 'rd1:';
    const now = Date.now();
    const today = new Date(now).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    // Today's run is done: the next job is tomorrow's, delayed until RECONCILE_AT.
    await redis.set(orderKeys(prefix).reconcile.day(today), '1');
    const jobs = createJobSystem({ connect: (o) => new Redis(server.url, o), prefix });
    systems.push(jobs);
    const reconciler = createReconciler({
      redis,
      prefix,
      api: { listOrders: unused },
      store: { get: unused, recordFound: unused, unfinished: unused },
      apply: unused,
      heldAccounts: unused,
      report: unused,
      alerts: { raise: unused },
      followUpDelayMs: 1_000,
      atMinutes: 0,
    });
    await reconciler.start(jobs);
    const queue = jobs.queue(RECONCILE_QUEUE);
    const id = `daily-${tomorrow}`;
    expect(await (await queue.getJob(id))?.isDelayed()).toBe(true);

    // Lost: nothing queues tomorrow's run any more, until a worker puts it back.
    await queue.remove(id);
    expect(await queue.getJob(id)).toBeUndefined();
    vi.advanceTimersByTime(DAILY_REQUEUE_MS);
    await until(async () => (await queue.getJob(id)) !== undefined, 'the next daily job back');
    expect(await (await queue.getJob(id))!.isDelayed()).toBe(true);
    expect(await queue.getJobCounts('delayed', 'wait', 'active')).toEqual({ delayed: 1, wait: 0, active: 0 });

    // Put back while it is there: still one job.
    vi.advanceTimersByTime(DAILY_REQUEUE_MS);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await queue.getJobCounts('delayed', 'wait', 'active')).toEqual({ delayed: 1, wait: 0, active: 0 });
    await reconciler.stop();
  });
});
