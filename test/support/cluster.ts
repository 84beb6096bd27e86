import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { startRedisServer, type RedisServerHandle, type RedisServerOptions } from './redis.ts';

/** A Redis Cluster of three masters (no replicas) on loopback: Debian's redis-server with cluster-enabled. */
export interface RedisClusterHandle {
  readonly masters: readonly RedisServerHandle[];
  /** `127.0.0.1:port,…` for REDIS_CLUSTER_NODES. */
  readonly nodes: string;
  /** The master that serves a key's slot. */
  masterOf(key: string): Promise<RedisServerHandle>;
  close(): Promise<void>;
}

const SLOTS = 16_384;

/** The slots master `i` of `size` serves: equal ranges, in the masters' order. */
function rangeOf(i: number, size: number): { from: number; to: number } {
  return { from: Math.floor((SLOTS * i) / size), to: Math.floor((SLOTS * (i + 1)) / size) - 1 };
}

export async function startRedisCluster(
  size = 3,
  options: Pick<RedisServerOptions, 'appendOnly'> = {},
): Promise<RedisClusterHandle> {
  const masters: RedisServerHandle[] = [];
  const clients: Redis[] = [];
  try {
    for (let i = 0; i < size; i++) {
      masters.push(
        await startRedisServer({
          ...options,
          // nodes.conf is written in the server's own data directory (Redis runs from --dir).
          extraArgs: [
            '--cluster-enabled',
            'yes',
            '--cluster-config-file',
            'nodes.conf',
            '--cluster-node-timeout',
            '2000',
          ],
        }),
      );
    }
    for (const m of masters) {
      const client = new Redis({
        host: '127.0.0.1',
        port: m.port,
        lazyConnect: true,
        maxRetriesPerRequest: 1,
      });
      client.on('error', () => undefined);
      await client.connect();
      clients.push(client);
    }
    // Each master serves a third of the slots; then they meet and agree.
    for (const [i, client] of clients.entries()) {
      const { from, to } = rangeOf(i, size);
      await client.call('CLUSTER', 'ADDSLOTSRANGE', String(from), String(to));
    }
    for (const m of masters.slice(1)) await clients[0]!.call('CLUSTER', 'MEET', '127.0.0.1', String(m.port));
    const deadline = Date.now() + 60_000;
    for (;;) {
      const infos = await Promise.all(clients.map((c) => c.call('CLUSTER', 'INFO') as Promise<string>));
      const ready = infos.every(
        (info) => /cluster_state:ok/.test(info) && new RegExp(`cluster_known_nodes:${size}\\b`).test(info),
      );
      if (ready) break;
      if (Date.now() > deadline) throw new Error(`Redis Cluster did not form: ${infos.join(' | ')}`);
      await sleep(100);
    }
  } catch (error) {
    for (const c of clients) c.disconnect();
    for (const m of masters) await m.dispose().catch(() => undefined);
    throw error;
  }
  const slotOf = async (key: string): Promise<number> =>
    Number(await clients[0]!.call('CLUSTER', 'KEYSLOT', key));
  for (const c of clients.slice(1)) c.disconnect();
  return {
    masters,
    nodes: masters.map((m) => `127.0.0.1:${m.port}`).join(','),
    async masterOf(key) {
      const keySlot = await slotOf(key);
      const index = masters.findIndex((_, i) => keySlot <= rangeOf(i, size).to);
      return masters[index]!;
    },
    async close() {
      clients[0]!.disconnect();
      for (const m of masters) await m.dispose().catch(() => undefined);
    },
  };
}
