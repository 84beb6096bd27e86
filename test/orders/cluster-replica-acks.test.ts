import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { startRedisCluster, type RedisClusterHandle } from '../support/cluster.ts';
import {
  allOrders,
  confirmToRefusal,
  FAST_USER,
  requestLog,
  typeToQuote,
  WAIT,
} from '../bot/flow/helpers.ts';

// A Redis Cluster with replicas (three masters, one replica each): an order intent is held until a replica of the
// master serving the keys' hash tag has it (WAIT on that master), as under Sentinel, before anything is sent.

const RESELLER = 710_000_301;
const TAG = '{rb:}';

let cluster: RedisClusterHandle;
let world: BotWorld;

beforeAll(async () => {
  cluster = await startRedisCluster(3, { replicas: 1 });
  world = await startBotWorld({ env: { REDIS_CLUSTER_NODES: cluster.nodes, ...FAST_USER } });
  world.standIn.driver.user({ id: RESELLER, firstName: 'Rosa', languageCode: 'en', started: true });
  await world.apps[0]!.roles.change(ADMIN, RESELLER, 'reseller');
}, 120_000);

afterAll(async () => {
  await world?.close();
  await cluster?.close();
});

interface Ready {
  redis: { topology: string; replicaAcks: { required: boolean; lastAcknowledged: boolean | null } };
}

async function readyz(): Promise<Ready> {
  return (await (await fetch(`http://127.0.0.1:${world.apps[0]!.address!.port}/readyz`)).json()) as Ready;
}

const orderPosts = async () =>
  (await requestLog(world)).filter((r) => r.method === 'POST' && r.path.endsWith('/recharge/orders')).length;

describe('Redis Cluster with replicas', () => {
  it('an order intent waits for a replica of the master serving the keys, then the top-up is placed', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    const quote = await typeToQuote(user, '08032101234');
    user.press(quote, /✅/);
    const final = await user.waitForBotMessage((m) => /^✅/u.test(m.text) && /O-\d+/.test(m.text), {
      timeoutMs: 90_000,
      after: quote.id,
    });
    expect(final.text).toMatch(/O-\d+/);
    expect((await readyz()).redis).toMatchObject({
      topology: 'cluster',
      replicaAcks: { required: true, lastAcknowledged: true },
    });
  }, 120_000);

  it('with the replica of that master connected but not acknowledging (asleep), the top-up is refused and nothing reaches the service', async () => {
    const [replica] = await cluster.replicasOf(TAG);
    const app = world.apps[0]!;
    const postsBefore = await orderPosts();
    const user = world.standIn.driver.user({ id: RESELLER });
    const quote = await typeToQuote(user, '08032000901');
    // The replica stays connected (WAIT on a connection without our writes would count it at once) but cannot
    // acknowledge the intent within the second WAIT allows.
    const sleeper = new Redis(replica!.url, { maxRetriesPerRequest: 1 });
    const asleep = sleeper.call('DEBUG', 'SLEEP', '4').catch(() => undefined);
    try {
      user.press(quote, /✅/);
      const refused = await user.waitForBotMessage((m) => m.text.includes('was refused'), {
        ...WAIT,
        after: quote.id - 1,
      });
      const ext = /(\S+) was refused/.exec(refused.text)?.[1];
      expect(await app.orders.service.get(ext ?? '')).toMatchObject({ rejection: { key: 'not-durable' } });
      expect(await orderPosts()).toBe(postsBefore);
    } finally {
      await asleep;
      sleeper.disconnect();
    }
  }, 120_000);

  it('with the replica of that master stopped, the top-up is refused before any order call and nothing is held', async () => {
    const [replica] = await cluster.replicasOf(TAG);
    await replica!.stop(true);
    const app = world.apps[0]!;
    const ordersBefore = (await allOrders(world)).length;
    const postsBefore = await orderPosts();

    const ext = await confirmToRefusal(world.standIn.driver.user({ id: RESELLER }), '08032000900');
    expect(await app.orders.service.get(ext)).toMatchObject({
      placement: 'rejected',
      rejection: { key: 'not-durable' },
    });
    expect(await orderPosts()).toBe(postsBefore);
    expect(await allOrders(world)).toHaveLength(ordersBefore);
    expect((await app.accounts.view(RESELLER)).holds).toBe('0');
    expect((await readyz()).redis.replicaAcks).toEqual({ required: true, lastAcknowledged: false });
  }, 120_000);
});
