import { createServer } from 'node:http';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback } from './http.ts';
import { startRedisServer, type RedisServerHandle } from './redis.ts';

describe('test harness', () => {
  let redis: RedisServerHandle;
  beforeAll(async () => {
    redis = await startRedisServer({ appendOnly: true });
  });
  afterAll(async () => {
    await redis.dispose();
  });

  it('starts a private redis-server that keeps AOF data across a hard restart', async () => {
    const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    client.on('error', () => {});
    await client.set('k', 'v');
    await redis.stop(true);
    await redis.start();
    const again = new Redis(redis.url);
    expect(await again.get('k')).toBe('v');
    client.disconnect();
    again.disconnect();
  });

  it('serves an HTTP server on a free loopback port', async () => {
    const running = await listenOnLoopback(createServer((_req, res) => res.end('pong')));
    const res = await fetch(`${running.url}/`);
    expect(await res.text()).toBe('pong');
    await running.close();
  });
});
