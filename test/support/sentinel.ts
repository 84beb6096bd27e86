import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { freePort } from './ports.ts';
import { startRedisServer, type RedisServerHandle } from './redis.ts';

/** A Redis master, one replica and three Sentinels (quorum 2) on loopback: Debian's redis-server in sentinel mode. */
export interface SentinelGroup {
  readonly name: string;
  readonly master: RedisServerHandle;
  readonly replica: RedisServerHandle;
  /** `127.0.0.1:port,…` for REDIS_SENTINELS. */
  readonly sentinels: string;
  /** The master's port as the Sentinels name it now. */
  masterPort(): Promise<number | null>;
  /**
   * Waits until every Sentinel names another server than `oldPort` as the master, and that server says it is one;
   * returns its port. Only then may the old master come back empty: a Sentinel still naming it would send
   * clients to an empty server (or make the promoted one its replica, emptying it too).
   */
  waitForFailover(oldPort: number, timeoutMs?: number): Promise<number>;
  /**
   * Waits until the server on `port` (an old master started again) is a replica of the master the Sentinels name,
   * in sync; only then can an order intent be acknowledged again. Fails with what the server and every Sentinel
   * say when that does not come, rather than leaving the test to time out on refused top-ups.
   */
  waitForReplica(port: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const NAME = 'rbmaster';

/** `logDir`: where each Sentinel writes its log (`sentinel-<i>.log`, kept after close), for a failure to print. */
export async function startSentinelGroup(options: { logDir?: string } = {}): Promise<SentinelGroup> {
  const master = await startRedisServer();
  const replica = await startRedisServer({ extraArgs: ['--replicaof', '127.0.0.1', String(master.port)] });
  const dir = await mkdtemp(join(tmpdir(), 'rb-sentinel-'));
  const procs: ChildProcess[] = [];
  const ports: number[] = [];
  for (let i = 0; i < 3; i++) {
    const port = await freePort();
    const file = join(dir, `sentinel-${i}.conf`);
    // Sentinel rewrites its own file (known replicas and peers), so each has one of its own.
    await writeFile(
      file,
      [
        `port ${port}`,
        'bind 127.0.0.1',
        `dir ${dir}`,
        `sentinel monitor ${NAME} 127.0.0.1 ${master.port} 2`,
        `sentinel down-after-milliseconds ${NAME} 1000`,
        `sentinel failover-timeout ${NAME} 10000`,
        `sentinel parallel-syncs ${NAME} 1`,
        '',
      ].join('\n'),
    );
    const log = options.logDir === undefined ? [] : ['--logfile', join(options.logDir, `sentinel-${i}.log`)];
    procs.push(
      spawn('redis-server', [file, '--sentinel', '--loglevel', 'notice', ...log], { stdio: 'ignore' }),
    );
    ports.push(port);
  }
  const clients = ports.map(
    (port) => new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 1 }),
  );
  for (const client of clients) client.on('error', () => undefined);

  const ask = async (client: Redis, ...args: string[]): Promise<unknown> => {
    try {
      return await client.call('SENTINEL', ...args);
    } catch {
      return null;
    }
  };
  const masterPort = async (): Promise<number | null> => {
    const answers = await Promise.all(clients.map((c) => ask(c, 'get-master-addr-by-name', NAME)));
    const ports = answers.flatMap((a) => (Array.isArray(a) ? [Number(a[1])] : []));
    // The view of the majority.
    const counts = new Map<number, number>();
    for (const p of ports) counts.set(p, (counts.get(p) ?? 0) + 1);
    const top = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
    return top !== undefined && top[1] >= 2 ? top[0] : null;
  };

  // Ready when every Sentinel knows the replica and its two peers (a failover needs the quorum to talk).
  const deadline = Date.now() + 60_000;
  for (;;) {
    const views = await Promise.all(
      clients.map(async (c) => {
        const replicas = await ask(c, 'replicas', NAME);
        const peers = await ask(c, 'sentinels', NAME);
        return Array.isArray(replicas) && replicas.length === 1 && Array.isArray(peers) && peers.length === 2;
      }),
    );
    if (views.every(Boolean)) break;
    if (Date.now() > deadline) throw new Error('the Sentinels did not see the replica and each other');
    await sleep(200);
  }

  return {
    name: NAME,
    master,
    replica,
    sentinels: ports.map((p) => `127.0.0.1:${p}`).join(','),
    masterPort,
    async waitForFailover(oldPort, timeoutMs = 60_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const answers = await Promise.all(clients.map((c) => ask(c, 'get-master-addr-by-name', NAME)));
        const ports = new Set(answers.map((a) => (Array.isArray(a) ? Number(a[1]) : null)));
        const [port] = [...ports];
        if (ports.size === 1 && port !== null && port !== undefined && port !== oldPort) {
          const promoted = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 1 });
          promoted.on('error', () => undefined);
          const role = (await promoted.role().catch(() => null)) as unknown[] | null;
          promoted.disconnect();
          if (role?.[0] === 'master') return port;
        }
        if (Date.now() > until) throw new Error('no failover happened');
        await sleep(200);
      }
    },
    async waitForReplica(port, timeoutMs = 90_000) {
      const server = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 1 });
      server.on('error', () => undefined);
      const until = Date.now() + timeoutMs;
      try {
        for (;;) {
          const master = await masterPort();
          const role = (await server.role().catch(() => null)) as unknown[] | null;
          // ROLE of a replica: ['slave', master host, master port, 'connected' once in sync, offset].
          if (role?.[0] === 'slave' && Number(role[2]) === master && role[3] === 'connected') return;
          if (Date.now() > until) {
            const views = await Promise.all(
              clients.map(async (c, i) => {
                const info = String(await c.info('sentinel').catch(() => '')).replaceAll('\r\n', ' ');
                const known = await ask(c, 'replicas', NAME);
                return `sentinel ${ports[i]}: ${info} replicas ${JSON.stringify(known)}`;
              }),
            );
            const replication = String(await server.info('replication').catch((e: unknown) => String(e)));
            throw new Error(
              `the server on ${port} did not become a replica of ${master} in ${timeoutMs} ms: ROLE ` +
                `${JSON.stringify(role)}; ${replication.replaceAll('\r\n', ' ')}\n${views.join('\n')}`,
            );
          }
          await sleep(200);
        }
      } finally {
        server.disconnect();
      }
    },
    async close() {
      for (const client of clients) client.disconnect();
      await Promise.all(
        procs.map(
          (proc) =>
            new Promise<void>((resolve) => {
              if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
              proc.once('exit', () => resolve());
              proc.kill('SIGKILL');
            }),
        ),
      );
      await replica.dispose();
      await master.dispose();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
