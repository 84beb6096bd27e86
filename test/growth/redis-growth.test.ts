import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderKeys } from '../../src/orders/keys.ts';
import { createStreamConsumer } from '../../src/lib/redis/stream-consumer.ts';
import type { MerchantEvent } from '../../src/orders/webhook-signature.ts';
import { startRedisServer, type RedisServerHandle } from '../support/redis.ts';
import { createWorld, waitFor, type World } from '../orders/support/world.ts';
import { keysWithoutExpiry, usedMemory } from './redis-size.ts';

// Redis must not grow with traffic that leaves nothing worth keeping: events for orders we do not know,
// refusals of a busy number, and the stream consumers of every restart.

async function consumersOf(redis: Redis, stream: string): Promise<Record<string, number>> {
  const groups = (await redis.xinfo('GROUPS', stream)) as unknown[][];
  const out: Record<string, number> = {};
  for (const group of groups) {
    const info = Object.fromEntries(
      Array.from({ length: group.length / 2 }, (_, i) => [group[2 * i], group[2 * i + 1]]),
    );
    out[String(info['name'])] = Number(info['consumers']);
  }
  return out;
}

describe('redis growth', () => {
  let server: RedisServerHandle;
  let world: World;
  let redis: Redis;
  const prefix = 'gr:';
  const keys = orderKeys(prefix);

  beforeAll(async () => {
    server = await startRedisServer();
    world = await createWorld({ redisUrl: server.url, prefix, webhooks: false });
    redis = world.replicas[0]!.redis;
  });
  afterAll(async () => {
    await world?.close();
    await server?.dispose();
  });

  // First, before anything else queues alerts (their delivery would create the outbox's own keys).
  it('1,000 restarts of the workers leave at most one consumer per group and use less than 2 MB more', async () => {
    const { system } = world.replicas[0]!;
    const restart = async (times: number) => {
      for (let i = 0; i < times; i++) {
        // Something to read, as a service restarted under traffic finds (a consumer joins its group on a read).
        await redis.xadd(
          keys.changes,
          'MAXLEN',
          '~',
          '100',
          '*',
          'kind',
          'status',
          'ext',
          'none',
          'seq',
          '0',
        );
        await redis.xadd(keys.webhookEvents, 'MAXLEN', '~', '100', '*', 'body', '{}');
        const workers = await system.startWorkers();
        await workers.stop();
      }
    };
    // A few runs first, so the baseline holds what a running service always holds (groups, queues).
    await restart(10);
    const memoryBefore = await usedMemory(redis);
    const keysBefore = await keysWithoutExpiry(redis);
    await restart(990);
    const changes = await consumersOf(redis, keys.changes);
    const events = await consumersOf(redis, keys.webhookEvents);
    for (const count of [...Object.values(changes), ...Object.values(events)]) {
      expect(count).toBeLessThanOrEqual(1);
    }
    expect([...(await keysWithoutExpiry(redis))].filter((key) => !keysBefore.has(key))).toEqual([]);
    expect((await usedMemory(redis)) - memoryBefore).toBeLessThan(2 * 1024 * 1024);
  }, 600_000);

  it('events for orders we do not know are kept a while, not forever, and alert admins at most 20 times an hour', async () => {
    const { service } = world.replicas[0]!.system;
    const unknownEvents = async (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const event: MerchantEvent = {
          event: 'order.succeeded',
          orderId: `O-9${String(i).padStart(7, '0')}`,
          externalOrderId: `giftcard-${i}`,
          status: 'succeeded',
          currency: 'USD',
          totalAmount: '10.0000',
        };
        expect(await service.applyEvent(event)).toBe('unknown-order');
      }
    };
    // The first events may create the alert queue's own keys; the next hundred must add no lasting key.
    await unknownEvents(0, 100);
    const before = await keysWithoutExpiry(redis);
    await unknownEvents(100, 200);
    const added = [...(await keysWithoutExpiry(redis))].filter((key) => !before.has(key));
    expect(added).toEqual([]);
    const [, kept] = await redis.scan('0', 'MATCH', `${prefix}orders:webhook-unknown*`, 'COUNT', 10_000);
    expect(kept.length).toBeGreaterThan(0);
    for (const key of kept) expect(await redis.ttl(key), key).toBeGreaterThan(0);
    const [, alertKeys] = await redis.scan('0', 'MATCH', `${prefix}alerts:once:unknown:*`, 'COUNT', 10_000);
    expect(alertKeys.length).toBeGreaterThan(0);
    expect(alertKeys.length).toBeLessThanOrEqual(20);
  });

  it('a refusal because the number is busy expires and leaves no index entry', async () => {
    const { service, store } = world.replicas[0]!.system;
    const account = '2348031239999';
    const holder = await world.newIntent({ account, statusMessage: false });
    expect((await store.create(holder, { token: 'held', leaseMs: 600_000 })).kind).toBe('created');
    const before = await keysWithoutExpiry(redis);

    const busy = await world.newIntent({ account, statusMessage: false });
    const result = await service.submit(busy);
    expect(result.outcome).toBe('rejected');
    expect(result.order.rejection?.key).toBe('account-busy');

    const ttl = await redis.ttl(keys.order(busy.externalOrderId));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(8 * 86_400);
    expect(await redis.zscore(keys.reseller(busy.resellerId), busy.externalOrderId)).toBeNull();
    expect(await redis.zscore(keys.status('rejected'), busy.externalOrderId)).toBeNull();
    expect([...(await keysWithoutExpiry(redis))].filter((key) => !before.has(key))).toEqual([]);
    // The same order number asked again finds the same refusal (the flow's retry is idempotent).
    const again = await service.submit(busy);
    expect(again.order.rejection?.key).toBe('account-busy');
  });

  it('a consumer that died with an entry in hand: the entry is taken over, then the dead consumer is removed', async () => {
    const stream = `${prefix}test-stream`;
    await redis.xadd(stream, '*', 'n', '1');
    const dead = createStreamConsumer({ redis, stream, group: 'g', consumer: 'dead', claimIdleMs: 50 });
    expect(await dead.read()).toHaveLength(1); // read, never acknowledged, never closed: a crash
    const live = createStreamConsumer({
      redis,
      stream,
      group: 'g',
      consumer: 'live',
      claimIdleMs: 50,
      reapIdleMs: 100,
    });
    const taken = await waitFor(async () => {
      const entries = await live.read();
      return entries.length > 0 ? entries : null;
    }, 20_000);
    expect(taken.map((e) => e.fields['n'])).toEqual(['1']);
    await live.ack(taken[0]!.id);
    const names = async () =>
      ((await redis.xinfo('CONSUMERS', stream, 'g')) as unknown[][]).map((c) => String(c[1]));
    const next = createStreamConsumer({
      redis,
      stream,
      group: 'g',
      consumer: 'next',
      claimIdleMs: 50,
      reapIdleMs: 100,
    });
    await waitFor(async () => {
      await next.read();
      return !(await names()).includes('dead') || null;
    }, 20_000);
    await live.close();
    await next.close();
    expect(await names()).toEqual([]);
  });
});
