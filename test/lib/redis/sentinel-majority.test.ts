import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedis } from '../../../src/lib/redis/connect.ts';
import { startRedisServer, type RedisServerHandle } from '../../support/redis.ts';
import { startSentinelGroup, type SentinelGroup } from '../../support/sentinel.ts';

// A Sentinel that has not heard of a failover names the old master, which may be back already, empty and calling
// itself master. ioredis alone takes the first Sentinel's word; the service connects only where most Sentinels
// point.

describe('the master through Sentinel is the one most Sentinels name', () => {
  let group: SentinelGroup;
  let stray: RedisServerHandle;
  let first: Redis;

  beforeAll(async () => {
    group = await startSentinelGroup();
    stray = await startRedisServer();
    // The first Sentinel of the list is made to name another server, an empty master, as a lagging one would.
    const [host, port] = group.sentinels.split(',')[0]!.split(':');
    first = new Redis({ host: host!, port: Number(port) });
    await first.call('SENTINEL', 'REMOVE', group.name);
    await first.call('SENTINEL', 'MONITOR', group.name, '127.0.0.1', String(stray.port), '2');
    expect(await first.call('SENTINEL', 'get-master-addr-by-name', group.name)).toEqual([
      '127.0.0.1',
      String(stray.port),
    ]);
  }, 90_000);

  afterAll(async () => {
    first?.disconnect();
    await stray?.dispose();
    await group?.close();
  });

  it('connects to the majority’s master although the first Sentinel names another server', async () => {
    const nodes = group.sentinels.split(',').map((s) => {
      const [host, port] = s.split(':');
      return { host: host!, port: Number(port) };
    });
    const redis = createRedis({ url: 'redis://', sentinel: { nodes, name: group.name } });
    redis.on('error', () => undefined);
    try {
      await redis.set('where', 'here');
      const master = new Redis(group.master.url);
      const other = new Redis(stray.url);
      try {
        expect(await master.get('where')).toBe('here');
        expect(await other.dbsize()).toBe(0);
      } finally {
        master.disconnect();
        other.disconnect();
      }
    } finally {
      redis.disconnect();
    }
  }, 60_000);
});
