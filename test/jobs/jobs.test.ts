import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedis, type RedisTarget } from '../../src/lib/redis/connect.ts';
import { createJobSystem, type JobSystem } from '../../src/jobs/jobs.ts';
import { startRedisServer, type RedisServerHandle } from '../support/redis.ts';
import { startRedisCluster, type RedisClusterHandle } from '../support/cluster.ts';
import { until } from '../support/until.ts';

// The job system on a real redis-server and on a real 3-master Cluster: a job runs once per cause (its ID), it
// outlives the process that added it, and a job whose worker died is run by another worker.

let server: RedisServerHandle;
let cluster: RedisClusterHandle;

beforeAll(async () => {
  server = await startRedisServer();
  cluster = await startRedisCluster(3);
}, 120_000);

afterAll(async () => {
  await server?.dispose();
  await cluster?.close();
});

const topologies: Array<[string, () => { target: RedisTarget; prefix: string }]> = [
  ['one server', () => ({ target: { url: server.url }, prefix: 'jt:' })],
  [
    'a Cluster',
    () => ({
      target: {
        url: 'redis://127.0.0.1',
        cluster: {
          nodes: cluster.nodes.split(',').map((hostPort) => {
            const [host, port] = hostPort.split(':');
            return { host: host!, port: Number(port) };
          }),
        },
      },
      prefix: '{jt}:',
    }),
  ],
];

describe.each(topologies)('jobs on %s', (_name, where) => {
  const systems: JobSystem[] = [];
  const open = (): JobSystem => {
    const { target, prefix } = where();
    const jobs = createJobSystem({ connect: (options) => createRedis(target, options), prefix });
    systems.push(jobs);
    return jobs;
  };
  afterAll(async () => {
    await Promise.all(systems.map((jobs) => jobs.close()));
  });

  it('runs a job once per ID, even when its cause adds it twice from two processes', async () => {
    const a = open();
    const b = open();
    const seen: string[] = [];
    a.work<{ n: number }>('once', async (job) => {
      seen.push(`${job.id}:${job.data.n}`);
    });
    await a.queue<{ n: number }>('once').add('x', { n: 1 }, { jobId: 'cause-1' });
    await b.queue<{ n: number }>('once').add('x', { n: 2 }, { jobId: 'cause-1' });
    await b.queue<{ n: number }>('once').add('x', { n: 3 }, { jobId: 'cause-2' });
    await until(() => seen.length >= 2, 'two jobs');
    // Added again after it ran: still the same cause, still not run again.
    await b.queue<{ n: number }>('once').add('x', { n: 4 }, { jobId: 'cause-1' });
    await b.queue<{ n: number }>('once').add('x', { n: 5 }, { jobId: 'cause-3' });
    await until(() => seen.length >= 3, 'the third job');
    expect(seen.sort()).toEqual(['cause-1:1', 'cause-2:3', 'cause-3:5']);
  });

  it('a schedule whose next run was lost (a failover that lost the write) comes back by itself', async () => {
    const scheduler = open();
    let ticks = 0;
    await scheduler.every('heal', 200, async () => {
      ticks++;
    });
    await until(() => ticks >= 2, 'two runs');
    // BullMQ writes a schedule's next run after the run before began, in a call of its own: lose it, as a
    // failover that lost that write would, until nothing of the schedule waits or runs
    // (BullMQ refuses to remove a scheduler's run, so its keys go, as they would with the write)
    const queue = scheduler.queue('heal');
    const redis = createRedis(where().target, {});
    await until(async () => {
      for (const id of await redis.zrange(queue.keys.delayed!, '0', '-1')) {
        await redis.zrem(queue.keys.delayed!, id);
        await redis.del(queue.toKey(id));
      }
      const counts = await queue.getJobCounts('delayed', 'wait', 'active', 'prioritized');
      return Object.values(counts).every((n) => n === 0);
    }, 'the next run lost');
    redis.disconnect();
    const lost = ticks;
    await until(() => ticks > lost, 'a run after the loss');
  });

  it('stopEvery ends a schedule that every() left in Redis, with its next run, from another process', async () => {
    const scheduler = open();
    await scheduler.every('tick', 3_600_000, async () => undefined);
    const observer = open();
    const queue = observer.queue('tick');
    expect(await queue.getJobSchedulersCount()).toBe(1);
    await scheduler.close();
    await observer.stopEvery('tick');
    expect(await queue.getJobSchedulersCount()).toBe(0);
    expect(await queue.getJobCounts('wait', 'delayed', 'prioritized')).toEqual({
      wait: 0,
      delayed: 0,
      prioritized: 0,
    });
    await observer.stopEvery('tick'); // nothing left: a no-op
  });

  it('keeps a delayed job when its process closes, and another process runs it when due', async () => {
    const adder = open();
    await adder.queue<{ n: number }>('later').add('x', { n: 7 }, { jobId: 'later-1', delay: 300 });
    await adder.close();
    const runner = open();
    const seen: number[] = [];
    runner.work<{ n: number }>('later', async (job: Job<{ n: number }>) => {
      seen.push(job.data.n);
    });
    await until(() => seen.length === 1, 'the delayed job');
    expect(seen).toEqual([7]);
  });

  it('gives a job whose worker stopped without finishing it to another worker (its lock ran out)', async () => {
    const dying = open();
    const survivor = open();
    let started = 0;
    const quick = { lockDurationMs: 1_000, stalledIntervalMs: 500 };
    // The first worker takes the job and never ends it (as a process frozen or killed mid-job would).
    const frozen = dying.work(
      'taken',
      async () => {
        started += 1;
        await new Promise(() => undefined);
      },
      quick,
    );
    await survivor.queue('taken').add('x', {}, { jobId: 'taken-1' });
    await until(() => started === 1, 'the first worker to take the job');
    // Forced: the running job is abandoned and its lock no longer renewed.
    await frozen.close(true);
    let ran = 0;
    survivor.work(
      'taken',
      async () => {
        ran += 1;
      },
      quick,
    );
    await until(() => ran === 1, 'the stalled job to run on the other worker', 60_000);
    expect(started).toBe(1);
  });
});
