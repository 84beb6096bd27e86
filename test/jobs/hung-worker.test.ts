import { createServer, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedis } from '../../src/lib/redis/connect.ts';
import { createJobSystem, HUNG_WORKER_CHECK_MS, type JobSystem } from '../../src/jobs/jobs.ts';
import { startRedisServer, type RedisServerHandle } from '../support/redis.ts';
import { until } from '../support/until.ts';

// A worker whose fetch loop hangs is replaced. The hang is made real: the first worker's blocking connection (the
// one BullMQ duplicates from the worker's own for its wake-up reads) reaches a peer that accepts and never answers,
// as a half-open connection to a restarted Redis would, so that worker idles for ever with a job waiting. A
// healthy worker that is busy (its concurrency taken) while jobs wait is left alone.

let server: RedisServerHandle;
let silent: Server;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startRedisServer();
  silent = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
  await server?.dispose();
});

describe('a worker whose fetch loop hangs', () => {
  let jobs: JobSystem | undefined;
  afterAll(async () => {
    await jobs?.close();
  });

  it('is replaced once a job waits through a whole look while it has room; a busy worker is not', async () => {
    const warnings: Array<{ queue?: string; msg?: string }> = [];
    const logger = {
      debug() {},
      info() {},
      error() {},
      warn(obj: object, msg?: string) {
        warnings.push({ ...(obj as { queue?: string }), ...(msg === undefined ? {} : { msg }) });
      },
    };
    let blockingConnections = 0;
    const silentPort = (silent.address() as { port: number }).port;
    jobs = createJobSystem({
      prefix: 'hw:',
      logger,
      connect: (options) => {
        const connection = createRedis({ url: server.url }, options);
        // Worker connections (no retry limit): the first one's duplicate, the blocking connection, is lost.
        if (options.maxRetriesPerRequest === null && blockingConnections === 0) {
          const duplicate = connection.duplicate.bind(connection);
          connection.duplicate = (...args: Parameters<Redis['duplicate']>) => {
            blockingConnections += 1;
            if (blockingConnections > 1) return duplicate(...args);
            const lost = new Redis({ host: '127.0.0.1', port: silentPort, maxRetriesPerRequest: null });
            lost.on('error', () => undefined);
            return lost;
          };
        }
        return connection;
      },
    });

    const ran: string[] = [];
    jobs.work('hung', async (job) => {
      ran.push(job.id!);
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    jobs.work('busy', async (job) => {
      ran.push(job.id!);
      if (job.id === 'busy-1') await held;
    });
    // The first worker has looked for a job with its own connection and found none: it now waits for a wake-up on
    // the lost connection.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await jobs.queue('busy').add('x', {}, { jobId: 'busy-1' });
    await until(() => ran.includes('busy-1'), 'the busy worker to take its first job', 10_000);
    await jobs.queue('busy').add('x', {}, { jobId: 'busy-2' });
    const added = Date.now();
    await jobs.queue('hung').add('x', {}, { jobId: 'hung-1' });

    // Two looks: the job is seen waiting at one and still waiting at the next.
    await until(
      () => ran.includes('hung-1'),
      'the replaced worker to run the waiting job',
      4 * HUNG_WORKER_CHECK_MS,
    );
    expect(Date.now() - added).toBeGreaterThanOrEqual(HUNG_WORKER_CHECK_MS - 1_000);
    const replaced = (queue: string) =>
      warnings.filter((w) => w.queue === queue && w.msg?.includes('took no job while jobs waited'));
    expect(replaced('hung')).toHaveLength(1);
    // The busy worker's second job waited as long, but the worker had no room: it was not replaced.
    expect(ran).not.toContain('busy-2');
    expect(replaced('busy')).toHaveLength(0);
    release();
    await until(() => ran.includes('busy-2'), 'the busy worker to take its second job', 10_000);
    expect(ran.filter((id) => id === 'hung-1')).toHaveLength(1);
  }, 120_000);
});
