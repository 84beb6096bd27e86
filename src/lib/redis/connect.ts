import { Redis, type RedisOptions } from 'ioredis';

/** Where Redis is: one server (`url`), or the master a group of Sentinels names (`url` gives only credentials and db). */
export interface RedisTarget {
  url: string;
  sentinel?: { nodes: ReadonlyArray<{ host: string; port: number }>; name: string };
}

export type RedisTopology = 'single' | 'sentinel';

/**
 * One ioredis client for the target. Through Sentinel, ioredis asks the Sentinels for the master, reconnects to
 * the new one after a failover and re-sends what was queued meanwhile.
 */
export function createRedis(target: RedisTarget, options: RedisOptions = {}): Redis {
  if (target.sentinel === undefined) return new Redis(target.url, options);
  const url = new URL(target.url);
  const db = Number(url.pathname.replace(/^\//, '') || '0');
  return new Redis({
    sentinels: target.sentinel.nodes.map(({ host, port }) => ({ host, port })),
    name: target.sentinel.name,
    ...(url.username === '' ? {} : { username: decodeURIComponent(url.username) }),
    ...(url.password === '' ? {} : { password: decodeURIComponent(url.password) }),
    ...(Number.isInteger(db) ? { db } : {}),
    ...(url.protocol === 'rediss:' ? { tls: {}, enableTLSForSentinelMode: true } : {}),
    ...options,
  });
}

export function topologyOf(target: RedisTarget): RedisTopology {
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
