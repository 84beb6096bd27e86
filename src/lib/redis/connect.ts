import { lookup } from 'node:dns/promises';
import { isIP, type Socket } from 'node:net';
import { Cluster, Redis, SentinelConnector, type RedisOptions } from 'ioredis';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LoggerLike } from '../../domain/log.ts';
import type { ReplicaAcks } from './replica-acks.ts';

/**
 * Where Redis is: one server (`url`), the master a group of Sentinels names, or a Cluster's seed nodes (with
 * either of the two, `url` gives only credentials and the database).
 */
export interface RedisTarget {
  url: string;
  sentinel?: { nodes: ReadonlyArray<{ host: string; port: number }>; name: string };
  cluster?: { nodes: ReadonlyArray<{ host: string; port: number }> };
}

export type RedisTopology = 'single' | 'sentinel' | 'cluster';

/** A client that lost Redis tries again at most this long after its last try (ioredis' own default steps). */
export const REDIS_RECONNECT_MAX_MS = 2_000;
const reconnectDelayMs = (times: number): number => Math.min(times * 50, REDIS_RECONNECT_MAX_MS);
const clusterReconnectDelayMs = (times: number): number => Math.min(100 + times * 2, REDIS_RECONNECT_MAX_MS);

/**
 * One ioredis client for the target. Through Sentinel, ioredis asks the Sentinels for the master, reconnects to
 * the new one after a failover and re-sends what was queued meanwhile; we add two guards (MajoritySentinelConnector,
 * and a reconnect when a server answers READONLY: it was made a replica under our connection).
 */
export function createRedis(target: RedisTarget, options: RedisOptions = {}): Redis {
  if (target.cluster !== undefined) return createCluster(target.url, target.cluster.nodes, options);
  if (target.sentinel === undefined)
    return new Redis(target.url, { retryStrategy: reconnectDelayMs, ...options });
  const url = new URL(target.url);
  const db = Number(url.pathname.replace(/^\//, '') || '0');
  return new Redis({
    sentinels: target.sentinel.nodes.map(({ host, port }) => ({ host, port })),
    name: target.sentinel.name,
    ...credentials(url),
    ...(Number.isInteger(db) ? { db } : {}),
    ...(url.protocol === 'rediss:' ? { tls: {}, enableTLSForSentinelMode: true } : {}),
    Connector: MajoritySentinelConnector,
    retryStrategy: reconnectDelayMs,
    // A master demoted under our connection refuses writes (nothing done): reconnect through the Sentinels and
    // send the command again.
    reconnectOnError: (error) => (error.message.startsWith('READONLY') ? 2 : false),
    ...options,
  });
}

type SentinelOptions = ConstructorParameters<typeof SentinelConnector>[0];

/**
 * ioredis' Sentinel connector, with the master's address checked by a majority of the configured Sentinels.
 * ioredis takes the address from the first Sentinel that answers; one that has not yet heard of a failover
 * names the old master, which may be back already, empty, still calling itself master for the seconds before
 * the Sentinels turn it into a replica. Reads there find nothing (no roles, no orders) and writes there are lost
 * when it is turned. So a connection is kept only when most Sentinels name the server it reached; otherwise it is
 * closed as failed and ioredis connects again after its retry delay, starting at the next Sentinel.
 */
class MajoritySentinelConnector extends SentinelConnector {
  readonly #sentinelOptions: SentinelOptions;

  // ioredis hands a connector the client's own options (ConnectorConstructor takes them as unknown).
  constructor(options: unknown) {
    super(options as SentinelOptions);
    this.#sentinelOptions = options as SentinelOptions;
  }

  override async connect(
    ...args: Parameters<SentinelConnector['connect']>
  ): ReturnType<SentinelConnector['connect']> {
    const stream = await super.connect(...args);
    const reached = await reachedAddress(stream as Socket);
    // Not connected: ioredis handles the failed stream as it would have.
    if (reached === null) return stream;
    const named = await majorityMaster(this.#sentinelOptions);
    if (named !== null && (await sameServer(named, reached))) return stream;
    // The next try starts at the Sentinel after the one that named this server.
    this.sentinelIterator.next();
    this.sentinelIterator.reset(true);
    const [emit] = args;
    emit(
      'error',
      new Error(
        `connected to ${reached.host}:${reached.port}, but ${named === null ? 'no master is named by most Sentinels' : `most Sentinels name ${named.host}:${named.port}`}; connecting again`,
      ),
    );
    // A closed stream is a failed connection to ioredis: it connects again after its retry delay, keeping the
    // commands waiting (an error thrown here would fail them and end the client).
    stream.destroy();
    return stream;
  }
}

/** Where a socket got to, once it connected (null when it failed). */
function reachedAddress(socket: Socket): Promise<{ host: string; port: number } | null> {
  const read = () =>
    socket.remoteAddress === undefined || socket.remotePort === undefined
      ? null
      : { host: socket.remoteAddress.replace(/^::ffff:/, ''), port: socket.remotePort };
  if (!socket.connecting) return Promise.resolve(socket.destroyed ? null : read());
  return new Promise((resolve) => {
    const done = (connected: boolean) => {
      socket.off('connect', onConnect);
      socket.off('close', onClose);
      resolve(connected ? read() : null);
    };
    const onConnect = () => done(true);
    const onClose = () => done(false);
    socket.once('connect', onConnect);
    socket.once('close', onClose);
  });
}

/** The master's address as more than half of the configured Sentinels name it, or null. */
async function majorityMaster(options: SentinelOptions): Promise<{ host: string; port: number } | null> {
  const sentinels = options.sentinels ?? [];
  const timeoutMs = Math.min(options.connectTimeout ?? 2_000, 2_000);
  const answers = await Promise.all(
    sentinels.map(async ({ host, port }) => {
      const client = new Redis({
        host: host ?? '127.0.0.1',
        port: port ?? 26379,
        ...(options.sentinelUsername ? { username: options.sentinelUsername } : {}),
        ...(options.sentinelPassword ? { password: options.sentinelPassword } : {}),
        ...(options.sentinelTLS ? { tls: options.sentinelTLS } : {}),
        lazyConnect: true,
        enableReadyCheck: false,
        retryStrategy: () => null,
        maxRetriesPerRequest: 0,
        connectTimeout: timeoutMs,
        commandTimeout: timeoutMs,
      });
      client.on('error', () => undefined);
      try {
        await client.connect();
        const reply = await client.call('SENTINEL', 'get-master-addr-by-name', options.name ?? '');
        return Array.isArray(reply) ? `${String(reply[0])}:${String(reply[1])}` : null;
      } catch {
        return null;
      } finally {
        client.disconnect();
      }
    }),
  );
  const counts = new Map<string, number>();
  for (const answer of answers) if (answer !== null) counts.set(answer, (counts.get(answer) ?? 0) + 1);
  for (const [address, count] of counts) {
    if (count * 2 > sentinels.length) {
      const at = address.lastIndexOf(':');
      return { host: address.slice(0, at), port: Number(address.slice(at + 1)) };
    }
  }
  return null;
}

/** Whether a Sentinel's address (an IP or a name) is the server a socket reached. */
async function sameServer(
  named: { host: string; port: number },
  reached: { host: string; port: number },
): Promise<boolean> {
  if (named.port !== reached.port) return false;
  if (isIP(named.host) !== 0) return named.host === reached.host;
  const addresses = await lookup(named.host, { all: true }).catch(() => []);
  return addresses.some((a) => a.address.replace(/^::ffff:/, '') === reached.host);
}

function credentials(url: URL): Pick<RedisOptions, 'username' | 'password'> {
  return {
    ...(url.username === '' ? {} : { username: decodeURIComponent(url.username) }),
    ...(url.password === '' ? {} : { password: decodeURIComponent(url.password) }),
  };
}

/**
 * Makes a Cluster client's `connect()` settle once the client is ready (or has ended) even when ioredis' own promise
 * does not: when a master is down while the client connects, ioredis may give up that attempt, become ready
 * through its own retry and leave the first promise pending for ever. BullMQ awaits `connect()` when it resets a
 * worker's blocking connection, so that worker took no job again (the Cluster soak, about one run in three under
 * load; reproduced with a client that connects while a master restarts). Duplicates (BullMQ's blocking
 * connections) settle too.
 */
function settling(cluster: Cluster): Cluster {
  const waiting = new Set<{ resolve: () => void; reject: (error: Error) => void }>();
  const settle = (how: (waiter: { resolve: () => void; reject: (error: Error) => void }) => void) => {
    for (const waiter of waiting) how(waiter);
    waiting.clear();
  };
  cluster.on('ready', () => settle((waiter) => waiter.resolve()));
  cluster.on('end', () => settle((waiter) => waiter.reject(new Error('Connection is closed.'))));
  const connect = cluster.connect.bind(cluster);
  cluster.connect = () =>
    new Promise<void>((resolve, reject) => {
      const waiter = { resolve, reject };
      waiting.add(waiter);
      connect().then(
        () => {
          waiting.delete(waiter);
          resolve();
        },
        (error: unknown) => {
          waiting.delete(waiter);
          reject(error as Error);
        },
      );
    });
  const duplicate = cluster.duplicate.bind(cluster);
  cluster.duplicate = ((...args: Parameters<Cluster['duplicate']>) =>
    settling(duplicate(...args))) as Cluster['duplicate'];
  return cluster;
}

/**
 * A Redis Cluster client, typed as the one-server client: the commands we use take the same arguments, every key
 * of the service shares one hash tag (config.ts), so each script, MULTI and pipeline lands on one node, and
 * ioredis follows the slot moves (MOVED, ASK) and a failover to a promoted replica by itself.
 */
function createCluster(
  urlText: string,
  nodes: ReadonlyArray<{ host: string; port: number }>,
  options: RedisOptions,
): Redis {
  const url = new URL(urlText);
  const { enableAutoPipelining, lazyConnect, maxRetriesPerRequest, ...rest } = options;
  const cluster = new Cluster(
    nodes.map(({ host, port }) => ({ host, port })),
    {
      ...(enableAutoPipelining === undefined ? {} : { enableAutoPipelining }),
      ...(lazyConnect === undefined ? {} : { lazyConnect }),
      clusterRetryStrategy: clusterReconnectDelayMs,
      redisOptions: {
        ...rest,
        ...credentials(url),
        ...(maxRetriesPerRequest === undefined ? {} : { maxRetriesPerRequest }),
        ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
      },
    },
  );
  return settling(cluster) as unknown as Redis;
}

export function topologyOf(target: RedisTarget): RedisTopology {
  if (target.cluster !== undefined) return 'cluster';
  return target.sentinel === undefined ? 'single' : 'sentinel';
}

/** What /readyz and /health show about the Redis in use. */
export interface RedisReplication {
  topology: RedisTopology;
  /** `master` or `slave` (Redis' words), as the server we talk to says (in a Cluster: the master of the keys). */
  role: string | null;
  /** Replicas connected to that master. */
  replicas: number | null;
  /**
   * Whether writes that move money are held until a replica acknowledges them (Sentinel; a Cluster with
   * replicas), and whether the last such write was acknowledged (null before the first).
   */
  replicaAcks: { required: boolean; lastAcknowledged: boolean | null };
}

/**
 * Reads INFO replication (in a Cluster, of the master serving `slotKey`'s slot); never throws (nulls when Redis
 * does not answer or forbids INFO).
 */
export async function readReplication(
  redis: Redis,
  topology: RedisTopology,
  acks: Pick<ReplicaAcks, 'requiredNow' | 'lastAcknowledged'>,
  slotKey: string,
): Promise<RedisReplication> {
  let role: string | null = null;
  let replicas: number | null = null;
  try {
    const info =
      redis instanceof Cluster
        ? // A pipeline goes to the master of its keys' slot; EXISTS only routes it there.
          String((await (redis as Cluster).pipeline().exists(slotKey).info('replication').exec())?.[1]?.[1])
        : await redis.info('replication');
    role = /^role:(\w+)/m.exec(info)?.[1] ?? null;
    const connected = /^connected_slaves:(\d+)/m.exec(info)?.[1];
    replicas = connected === undefined ? null : Number(connected);
  } catch {
    // unreachable or INFO forbidden: say what we know
  }
  const required = await acks.requiredNow().catch(() => topology !== 'single');
  return { topology, role, replicas, replicaAcks: { required, lastAcknowledged: acks.lastAcknowledged } };
}

/** A second connection like `redis` (for a subscriber), one server's or a Cluster's. */
export function duplicateRedis(
  redis: Redis,
  options: { lazyConnect?: boolean; enableAutoPipelining?: boolean },
): Redis {
  if (redis instanceof Cluster) {
    const cluster: Cluster = redis;
    return cluster.duplicate([], options) as unknown as Redis;
  }
  return redis.duplicate(options);
}

/**
 * The keys matching a pattern, a batch at a time: SCAN on the one server, or on every master of a Cluster (a
 * SCAN sent to a Cluster client reaches one node only).
 */
export async function* scanKeys(redis: Redis, match: string, count = 200): AsyncGenerator<string[]> {
  const servers = redis instanceof Cluster ? (redis as Cluster).nodes('master') : [redis];
  for (const server of servers) {
    let cursor = '0';
    do {
      const [next, names] = await server.scan(cursor, 'MATCH', match, 'COUNT', count);
      cursor = next;
      if (names.length > 0) yield names;
    } while (cursor !== '0');
  }
}

/**
 * Connects, waiting up to `waitMs` for a Redis that is restarting or starting beside us (ioredis keeps
 * reconnecting after a failed first connect), so a replica started during a Redis restart does not die of it.
 */
export async function connectRedis(redis: Redis, waitMs: number, logger: LoggerLike): Promise<void> {
  const deadline = Date.now() + waitMs;
  try {
    await redis.connect();
    return;
  } catch (error) {
    logger.warn({ waitSeconds: Math.round(waitMs / 1000) }, 'Redis not reachable yet; waiting for it');
    for (;;) {
      if (redis.status === 'ready') return;
      if (Date.now() >= deadline || redis.status === 'end') throw error;
      await sleep(200);
    }
  }
}

/** Orders and sessions must never be evicted: warn loudly unless Redis says `noeviction`. */
export async function checkRedisPolicy(redis: Redis, logger: LoggerLike): Promise<void> {
  try {
    const reply = (await redis.config('GET', 'maxmemory-policy')) as string[];
    const policy = reply[1];
    if (policy !== 'noeviction') {
      logger.warn(
        { policy },
        'REDIS maxmemory-policy is not noeviction: Redis may evict orders and sessions under memory pressure. Set maxmemory-policy noeviction.',
      );
    }
  } catch (error) {
    // Managed Redis services often forbid CONFIG; say we could not check.
    logger.warn({ err: error }, 'could not read the Redis maxmemory-policy; make sure it is noeviction');
  }
}
