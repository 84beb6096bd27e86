import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { freePort } from './ports.ts';

export interface RedisServerHandle {
  readonly url: string;
  readonly port: number;
  /** Stops the server (SIGKILL when `hard`), keeping its data directory. */
  stop(hard?: boolean): Promise<void>;
  /** Starts the server again on the same port (AOF data survives when enabled). */
  start(): Promise<void>;
  /** Stops the server and removes its data directory. */
  dispose(): Promise<void>;
}

export interface RedisServerOptions {
  /** Turn on AOF persistence (appendfsync always), for restart tests. */
  appendOnly?: boolean;
  /** More redis-server arguments (e.g. `--replicaof 127.0.0.1 <port>`). */
  extraArgs?: readonly string[];
}

/**
 * Starts a private `redis-server` on a free loopback port, for one test file or run.
 * Nothing else ever talks to it, so tests never touch a Redis they did not start.
 */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisServerHandle> {
  const dir = await mkdtemp(join(tmpdir(), 'rb-redis-'));
  let port = 0;
  let child: ChildProcess | undefined;

  const launch = async (): Promise<void> => {
    const args = [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--save',
      '',
      '--appendonly',
      options.appendOnly ? 'yes' : 'no',
      '--appendfsync',
      'always',
      '--maxmemory-policy',
      'noeviction',
      '--daemonize',
      'no',
      '--loglevel',
      'warning',
      ...(options.extraArgs ?? []),
    ];
    const proc = spawn('redis-server', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    child = proc;
    let exited = false;
    proc.once('exit', () => {
      exited = true;
    });
    for (let i = 0; i < 200; i++) {
      if (exited) throw new Error(`redis-server exited on port ${port}`);
      const probe = new Redis({
        port,
        host: '127.0.0.1',
        lazyConnect: true,
        retryStrategy: () => null,
        maxRetriesPerRequest: 0,
      });
      probe.on('error', () => {});
      try {
        await probe.connect();
        // With several vitest workers, another file's server may hold the port we were given:
        // only our own process counts as started.
        const info = await probe.info('server');
        probe.disconnect();
        if (info.includes(`process_id:${String(proc.pid)}\r\n`)) return;
        if (exited) throw new Error(`redis-server exited on port ${port}`);
        await sleep(25);
      } catch {
        probe.disconnect();
        await sleep(25);
      }
    }
    throw new Error('redis-server did not start');
  };

  for (let attempt = 0; ; attempt++) {
    port = await freePort();
    try {
      await launch();
      break;
    } catch (error) {
      child?.kill('SIGKILL');
      if (attempt >= 4) throw error;
    }
  }

  const stop = async (hard = false): Promise<void> => {
    const proc = child;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill(hard ? 'SIGKILL' : 'SIGTERM');
    await gone;
  };

  return {
    get url() {
      return `redis://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    stop,
    start: launch,
    async dispose() {
      await stop(true);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A private redis-server and one client for the calling test file: started before its tests, closed after them.
 * `use` receives both once they are up.
 */
export function redisPerFile(use: (redis: Redis, server: RedisServerHandle) => void): void {
  let server: RedisServerHandle | undefined;
  let redis: Redis | undefined;
  beforeAll(async () => {
    server = await startRedisServer();
    redis = new Redis(server.url);
    use(redis, server);
  });
  afterAll(async () => {
    redis?.disconnect();
    await server?.dispose();
  });
}
