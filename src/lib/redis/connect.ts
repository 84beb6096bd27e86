import { Cluster, Redis, type RedisOptions } from 'ioredis';

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

/**
 * One ioredis client for the target. Through Sentinel, ioredis asks the Sentinels for the master, reconnects to
 * the new one after a failover and re-sends what was queued meanwhile.
 */
export function createRedis(target: RedisTarget, options: RedisOptions = {}): Redis {
  if (target.cluster !== undefined) return createCluster(target.url, target.cluster.nodes, options);
  if (target.sentinel === undefined) return new Redis(target.url, options);
  const url = new URL(target.url);
  const db = Number(url.pathname.replace(/^\//, '') || '0');
  return new Redis({
    sentinels: target.sentinel.nodes.map(({ host, port }) => ({ host, port })),
    name: target.sentinel.name,
    ...credentials(url),
    ...(Number.isInteger(db) ? { db } : {}),
    ...(url.protocol === 'rediss:' ? { tls: {}, enableTLSForSentinelMode: true } : {}),
    ...options,
  });
}

function credentials(url: URL): Pick<RedisOptions, 'username' | 'password'> {
  return {
    ...(url.username === '' ? {} : { username: decodeURIComponent(url.username) }),
    ...(url.password === '' ? {} : { password: decodeURIComponent(url.password) }),
  };
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
      redisOptions: {
        ...rest,
        ...credentials(url),
        ...(maxRetriesPerRequest === undefined ? {} : { maxRetriesPerRequest }),
        ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
      },
    },
  );
  return cluster as unknown as Redis;
}

export function topologyOf(target: RedisTarget): RedisTopology {
  if (target.cluster !== undefined) return 'cluster';
  return target.sentinel === undefined ? 'single' : 'sentinel';
}

/** What /readyz and /health show about the Redis in use. */
export interface RedisReplication {
  topology: RedisTopology;
  /** `master` or `slave` (Redis' words), as the server we talk to says. */
  role: string | null;
  /** Replicas connected to that master. */
  replicas: number | null;
  /**
   * Whether writes that move money are held until a replica acknowledges them (Sentinel), and whether the
   * last such write was acknowledged (null before the first).
   */
  replicaAcks: { required: boolean; lastAcknowledged: boolean | null };
}

/** Reads INFO replication; never throws (nulls when Redis does not answer or forbids INFO). */
export async function readReplication(
  redis: Pick<Redis, 'info'>,
  topology: RedisTopology,
  lastAcknowledged: boolean | null,
): Promise<RedisReplication> {
  let role: string | null = null;
  let replicas: number | null = null;
  try {
    const info = await redis.info('replication');
    role = /^role:(\w+)/m.exec(info)?.[1] ?? null;
    const connected = /^connected_slaves:(\d+)/m.exec(info)?.[1];
    replicas = connected === undefined ? null : Number(connected);
  } catch {
    // unreachable or INFO forbidden: say what we know
  }
  return { topology, role, replicas, replicaAcks: { required: topology === 'sentinel', lastAcknowledged } };
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
