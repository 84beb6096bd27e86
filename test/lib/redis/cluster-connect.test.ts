import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedis } from '../../../src/lib/redis/connect.ts';
import { startRedisCluster, type RedisClusterHandle } from '../../support/cluster.ts';

// BullMQ resets a worker's blocking connection by disconnecting it and awaiting `connect()`. ioredis' Cluster could
// leave that promise pending for ever when a master was down at that moment, while the client itself became ready:
// the worker took no job again (the Cluster soak, one run in three under load; 1 in 5 of the rounds below
// hung before createRedis made `connect()` settle).
let cluster: RedisClusterHandle;

beforeAll(async () => {
  cluster = await startRedisCluster(3);
});
afterAll(async () => {
  await cluster?.close();
});

describe('a Cluster client connecting while the master of the keys restarts', () => {
  it("settles connect() every time, once the client is ready, and the client answers for the restarted master's slots", async () => {
    const nodes = cluster.nodes
      .split(',')
      .map((hostPort) => ({ host: '127.0.0.1', port: Number(hostPort.split(':')[1]) }));
    const master = await cluster.masterOf('{recharge}');
    const outcomes: string[] = [];
    for (let round = 0; round < 8; round++) {
      const client = createRedis(
        { url: 'redis://127.0.0.1', cluster: { nodes } },
        { maxRetriesPerRequest: null, enableOfflineQueue: true, lazyConnect: true },
      );
      client.on('error', () => undefined);
      await client.connect();
      await master.stop(true);
      await sleep(200);
      const ended = new Promise((resolve) => client.once('end', resolve));
      client.disconnect();
      await ended;
      const restarted = sleep(1_500).then(() => master.start());
      outcomes.push(
        await Promise.race([
          client.connect().then(
            () => 'settled',
            () => 'settled',
          ),
          sleep(30_000).then(() => `pending while ${client.status}`),
        ]),
      );
      await restarted;
      // The cluster says it is down until its nodes see the master back; then the client writes to it.
      const deadline = Date.now() + 30_000;
      let written = await client.set('{recharge}:round', String(round)).catch(() => null);
      while (written === null && Date.now() < deadline) {
        await sleep(200);
        written = await client.set('{recharge}:round', String(round)).catch(() => null);
      }
      expect(written).toBe('OK');
      client.disconnect();
    }
    expect(outcomes).toEqual(Array(8).fill('settled'));
  }, 400_000);
});
