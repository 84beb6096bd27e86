import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { startRedisServer, type RedisServerHandle, type RedisServerOptions } from './redis.ts';

/**
 * A Redis Cluster of three masters on loopback (Debian's redis-server with cluster-enabled), each with `replicas`
 * replicas (default none).
 */
export interface RedisClusterHandle {
  readonly masters: readonly RedisServerHandle[];
  /** The replicas of each master, in the masters' order. */
  readonly replicas: ReadonlyArray<readonly RedisServerHandle[]>;
  /** `127.0.0.1:port,…` for REDIS_CLUSTER_NODES. */
  readonly nodes: string;
  /** The master that serves a key's slot. */
  masterOf(key: string): Promise<RedisServerHandle>;
  /** The replicas of the master that serves a key's slot. */
  replicasOf(key: string): Promise<readonly RedisServerHandle[]>;
  close(): Promise<void>;
}

const SLOTS = 16_384;

/** The slots master `i` of `size` serves: equal ranges, in the masters' order. */
function rangeOf(i: number, size: number): { from: number; to: number } {
  return { from: Math.floor((SLOTS * i) / size), to: Math.floor((SLOTS * (i + 1)) / size) - 1 };
}

/** A node unreachable this long is flagged failing (the soak's quiet period counts on it). */
export const CLUSTER_NODE_TIMEOUT_MS = 2_000;

const CLUSTER_ARGS = [
  '--cluster-enabled',
  'yes',
  // nodes.conf is written in the server's own data directory (Redis runs from --dir).
  '--cluster-config-file',
  'nodes.conf',
  '--cluster-node-timeout',
  String(CLUSTER_NODE_TIMEOUT_MS),
  // Tests put a replica to sleep (DEBUG SLEEP) to hold its acknowledgements.
  '--enable-debug-command',
  'local',
];

async function connectTo(server: RedisServerHandle): Promise<Redis> {
  const client = new Redis({
    host: '127.0.0.1',
    port: server.port,
    lazyConnect: true,
    maxRetriesPerRequest: 1,
  });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

export async function startRedisCluster(
  size = 3,
  options: Pick<RedisServerOptions, 'appendOnly'> & { replicas?: number } = {},
): Promise<RedisClusterHandle> {
  const { replicas: perMaster = 0, ...serverOptions } = options;
  const masters: RedisServerHandle[] = [];
  const replicas: RedisServerHandle[][] = [];
  const clients: Redis[] = [];
  const replicaClients: Redis[] = [];
  const all = () => [...masters, ...replicas.flat()];
  try {
    for (let i = 0; i < size; i++)
      masters.push(await startRedisServer({ ...serverOptions, extraArgs: CLUSTER_ARGS }));
    for (const m of masters) clients.push(await connectTo(m));
    // Each master serves a third of the slots; then they meet and agree.
    for (const [i, client] of clients.entries()) {
      const { from, to } = rangeOf(i, size);
      await client.call('CLUSTER', 'ADDSLOTSRANGE', String(from), String(to));
    }
    for (const m of masters.slice(1)) await clients[0]!.call('CLUSTER', 'MEET', '127.0.0.1', String(m.port));
    // Replicas meet the masters, then each is made a replica of its master once it knows that master's ID.
    for (const [i, client] of clients.entries()) {
      const masterId = String(await client.call('CLUSTER', 'MYID'));
      const own: RedisServerHandle[] = [];
      for (let r = 0; r < perMaster; r++) {
        const replica = await startRedisServer({ ...serverOptions, extraArgs: CLUSTER_ARGS });
        own.push(replica);
        const replicaClient = await connectTo(replica);
        replicaClients.push(replicaClient);
        await replicaClient.call('CLUSTER', 'MEET', '127.0.0.1', String(masters[i]!.port));
        await waitUntil(
          async () => String(await replicaClient.call('CLUSTER', 'NODES')).includes(masterId),
          `replica ${replica.port} to learn of master ${masters[i]!.port}`,
        );
        await replicaClient.call('CLUSTER', 'REPLICATE', masterId);
      }
      replicas.push(own);
    }
    const known = size * (1 + perMaster);
    await waitUntil(async () => {
      const infos = await Promise.all(
        [...clients, ...replicaClients].map((c) => c.call('CLUSTER', 'INFO') as Promise<string>),
      );
      return infos.every(
        (info) => /cluster_state:ok/.test(info) && new RegExp(`cluster_known_nodes:${known}\\b`).test(info),
      );
    }, 'the Redis Cluster to form');
    await waitUntil(async () => {
      const infos = await Promise.all(replicaClients.map((c) => c.info('replication')));
      return infos.every((info) => /master_link_status:up/.test(info));
    }, 'every replica to sync with its master');
  } catch (error) {
    for (const c of [...clients, ...replicaClients]) c.disconnect();
    for (const server of all()) await server.dispose().catch(() => undefined);
    throw error;
  }
  for (const c of replicaClients) c.disconnect();
  const slotOf = async (key: string): Promise<number> =>
    Number(await clients[0]!.call('CLUSTER', 'KEYSLOT', key));
  const indexOf = async (key: string): Promise<number> => {
    const keySlot = await slotOf(key);
    return masters.findIndex((_, i) => keySlot <= rangeOf(i, size).to);
  };
  for (const c of clients.slice(1)) c.disconnect();
  return {
    masters,
    replicas,
    nodes: masters.map((m) => `127.0.0.1:${m.port}`).join(','),
    async masterOf(key) {
      return masters[await indexOf(key)]!;
    },
    async replicasOf(key) {
      return replicas[await indexOf(key)] ?? [];
    },
    async close() {
      clients[0]!.disconnect();
      for (const server of all()) await server.dispose().catch(() => undefined);
    },
  };
}

async function waitUntil(done: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}
