import { test } from 'vitest';
import { killChild, startChild, type Child } from '../../support/child.ts';
import { startRedisCluster } from '../../support/cluster.ts';
import { startRedisServer, type RedisServerOptions } from '../../support/redis.ts';
import { ADMIN_ID, createWorld, type World, type WorldOptions } from './world.ts';

/** What a replica process (`crash-child.ts`) needs beyond the world it joins. */
export interface ReplicaProcessOptions {
  prefix: string;
  webhookPort: number;
  /** A crash point to stop at, or 'none'. */
  crashAt: string;
  /** Further variables for the child (INTENT, PLACEMENT_LEASE_MS, ...). */
  env?: Record<string, string>;
}

/** Starts a bot replica process on the world's sandbox and stand-in; killed (SIGKILL) after the test. */
export type StartReplica = (world: World, options: ReplicaProcessOptions) => Child;

/**
 * The order tests' set-up in one place: a private redis-server per file (restart tests ask for AOF with
 * `it.override('redisOptions', { scope: 'file' }, { appendOnly: true })`), worlds opened by a test and
 * closed after it, and replica processes that are killed after it. Each file then states only what differs.
 */
export const it = test
  .extend('redisOptions', { scope: 'file' }, {} as RedisServerOptions)
  .extend('redis', { scope: 'file' }, async ({ redisOptions }, { onCleanup }) => {
    const redis = await startRedisServer(redisOptions);
    onCleanup(() => redis.dispose());
    return redis;
  })
  // registered before `startReplica`, so it is torn down after it: processes die before their world closes
  .extend('openWorld', async ({ redis }, { onCleanup }) => {
    const worlds: World[] = [];
    onCleanup(async () => {
      for (const world of worlds.splice(0).reverse()) await world.close();
    });
    return async (options: Omit<WorldOptions, 'redisUrl'>): Promise<World> => {
      const world = await createWorld({ ...options, redisUrl: redis.url });
      worlds.push(world);
      return world;
    };
  })
  // A three-master Redis Cluster for the file, started only by the tests that ask for it.
  // vitest reads a fixture's dependencies from its first parameter's pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  .extend('cluster', { scope: 'file' }, async ({}, { onCleanup }) => {
    const cluster = await startRedisCluster(3);
    onCleanup(() => cluster.close());
    return cluster;
  })
  .extend('openClusterWorld', async ({ cluster }, { onCleanup }) => {
    const worlds: World[] = [];
    onCleanup(async () => {
      for (const world of worlds.splice(0).reverse()) await world.close();
    });
    return async (options: Omit<WorldOptions, 'redisUrl' | 'clusterNodes'>): Promise<World> => {
      const world = await createWorld({
        ...options,
        redisUrl: cluster.masters[0]!.url,
        clusterNodes: cluster.nodes,
      });
      worlds.push(world);
      return world;
    };
  })
  .extend('startReplica', async ({ redis }, { onCleanup }) => {
    const children: Child[] = [];
    onCleanup(async () => {
      await Promise.all(children.splice(0).map(killChild));
    });
    const start: StartReplica = (world, options) => {
      const child = startChild('test/orders/support/crash-child.ts', {
        ...process.env,
        REDIS_URL: redis.url,
        PREFIX: options.prefix,
        SANDBOX_BASE_URL: world.sbx.baseUrl,
        MERCHANT_ID: world.sandbox.merchantId,
        MERCHANT_API_KEY: world.sandbox.apiKey,
        TG_API_ROOT: world.tgApiRoot,
        TG_TOKEN: world.standIn.token,
        WEBHOOK_SECRET: world.secrets[0]!,
        WEBHOOK_PORT: String(options.webhookPort),
        CRASH_AT: options.crashAt,
        ADMIN_ID: String(ADMIN_ID),
        ...options.env,
      });
      children.push(child);
      return child;
    };
    return start;
  });
