import type { LoggerLike } from '../../domain/log.ts';
import {
  checkRedisPolicy,
  connectRedis,
  createRedis,
  readReplication,
  topologyOf,
  type RedisReplication,
  type RedisTarget,
} from './connect.ts';
import { startStage } from '../startup.ts';
import { createReplicaAcks } from './replica-acks.ts';

/** How long an order intent waits for a Redis replica's acknowledgement (Sentinel, Cluster) before it is refused. */
const REPLICA_ACK_TIMEOUT_MS = 1_000;

/**
 * The service's one command connection (lazy: `connect` opens it), how writes that move money wait for a replica,
 * and what /readyz says of them.
 */
export function createServiceRedis(target: RedisTarget & { prefix: string }, logger: LoggerLike) {
  const redis = createRedis(target, {
    maxRetriesPerRequest: 3,
    lazyConnect: true,
    enableAutoPipelining: true,
  });
  const topology = topologyOf(target);
  // Through Sentinel, and in a Cluster whose master of the keys' hash tag has replicas (on that master), an order intent
  // waits for one replica (WAIT) before it is sent; a second at most.
  const replicaAcks = createReplicaAcks(
    redis,
    topology === 'single'
      ? { kind: 'none' }
      : topology === 'sentinel'
        ? { kind: 'sentinel', replicas: 1, timeoutMs: REPLICA_ACK_TIMEOUT_MS }
        : { kind: 'cluster', replicas: 1, timeoutMs: REPLICA_ACK_TIMEOUT_MS, slotKey: target.prefix },
  );
  redis.on('error', (error) => logger.warn({ err: error }, 'redis connection problem'));
  return {
    redis,
    topology,
    replicaAcks,
    /**
     * Connects, waiting up to `waitMs` for a Redis that is (re)starting; then warns of what could lose data: an
     * evicting policy, a Cluster master with no replica.
     */
    async start(waitMs: number): Promise<void> {
      await startStage('Redis (REDIS_URL) is not reachable', () => connectRedis(redis, waitMs, logger));
      await checkRedisPolicy(redis, logger);
      if (topology === 'cluster' && !(await replicaAcks.requiredNow()))
        logger.warn(
          {},
          'the Redis Cluster master serving the keys has no replica: order intents are not held for one (a single copy)',
        );
    },
    replication: (): Promise<RedisReplication> =>
      readReplication(redis, topology, replicaAcks, target.prefix),
    /** Closes the connection (after the rest has stopped). */
    stop: () => redis.quit().catch(() => redis.disconnect()),
  };
}
