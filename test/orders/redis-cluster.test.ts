import { Decimal } from 'decimal.js';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { startRedisCluster, type RedisClusterHandle } from '../support/cluster.ts';
import { allOrders, FAST_USER, say, typeToQuote, WAIT } from '../bot/flow/helpers.ts';

// Redis Cluster (REDIS_CLUSTER_NODES): three masters on loopback. Every key of the service shares one hash tag,
// so each script, transaction and pipeline runs on one node; the bot is driven through the chat as anywhere else.

const RESELLERS = [710_000_201, 710_000_202, 710_000_203, 710_000_204];
/** Sandbox endings: succeeds; fails then refunded; its success webhook twice; no webhook (polling finds it). */
const PHONES = ['08032101234', '08032101111', '08032107777', '08032105555'];
const FINAL = ['✅', '↩️', '✅', '✅'];

let cluster: RedisClusterHandle;
let world: BotWorld;

beforeAll(async () => {
  cluster = await startRedisCluster(3);
  world = await startBotWorld({ env: { REDIS_CLUSTER_NODES: cluster.nodes, ...FAST_USER } });
  for (const id of RESELLERS) {
    world.standIn.driver.user({ id, firstName: `R${id}`, languageCode: 'en', started: true });
    await world.apps[0]!.roles.change(ADMIN, id, 'reseller');
  }
}, 120_000);

afterAll(async () => {
  await world?.close();
  await cluster?.close();
});

async function keysPerMaster(): Promise<number[]> {
  return Promise.all(
    cluster.masters.map(async (m) => {
      const client = new Redis(m.url, { maxRetriesPerRequest: 1 });
      try {
        return Number(await client.dbsize());
      } finally {
        client.disconnect();
      }
    }),
  );
}

describe('Redis Cluster', () => {
  it('top-ups of four resellers at once reach their final status in each chat, each charged once, the credit exact', async () => {
    const ready = (await (await fetch(`http://127.0.0.1:${world.apps[0]!.address!.port}/readyz`)).json()) as {
      redis: { topology: string; replicaAcks: { required: boolean } };
    };
    // No replicas at all: one copy of the data, as a single server; nothing to wait for.
    expect(ready.redis).toMatchObject({ topology: 'cluster', replicaAcks: { required: false } });
    const app = world.apps[0]!;
    const before = await Promise.all(RESELLERS.map((id) => app.accounts.view(id)));

    const told = await Promise.all(
      RESELLERS.map(async (id, i) => {
        const user = world.standIn.driver.user({ id });
        const quote = await typeToQuote(user, PHONES[i]!);
        user.press(quote, /✅/);
        const final = await user.waitForBotMessage(
          (m) => m.text.startsWith(FINAL[i]!) && /O-\d+/.test(m.text),
          { timeoutMs: 90_000, after: quote.id },
        );
        return /O-\d+/.exec(final.text)![0];
      }),
    );

    // Each chat was told about its own order, and the service has exactly one order per top-up.
    expect(new Set(told).size).toBe(RESELLERS.length);
    const orders = await allOrders(world);
    expect(orders.map((o) => o.order_id).sort()).toEqual([...told].sort());
    const numbers = orders.map((o) => o.external_order_id);
    expect(new Set(numbers).size).toBe(numbers.length);

    // The credit moved exactly: the refunded top-up gave its hold back, the others were each debited once.
    for (const [i, id] of RESELLERS.entries()) {
      const order = orders.find((o) => o.order_id === told[i])!;
      const stored = await app.orders.service.get(order.external_order_id);
      const after = await app.accounts.view(id);
      expect(after.holds).toBe('0');
      const spent = new Decimal(before[i]!.balance).minus(after.balance);
      expect(spent.toFixed(), `reseller ${id}`).toBe(
        FINAL[i] === '↩️' ? '0' : new Decimal(stored!.credit!.amount).toFixed(),
      );
    }

    // Every key of the service is under one hash tag: all of them on one master.
    const perMaster = await keysPerMaster();
    expect(perMaster.filter((n) => n > 0)).toHaveLength(1);
  }, 180_000);

  it('reads that walk the keyspace (/stats) and the one-line top-up work on the Cluster too', async () => {
    const admin = world.standIn.driver.user({ id: ADMIN });
    const stats = await say(admin, '/stats', /orders|Orders/);
    expect(stats.text).toMatch(/\d/);
    const user = world.standIn.driver.user({ id: RESELLERS[0]! });
    const quote = await say(user, '/topup +2348032101235 500 MTN', /Please check this top-up/);
    user.press(quote, /✅/);
    const final = await user.waitForBotMessage((m) => /^✅/u.test(m.text) && /O-\d+/.test(m.text), {
      ...WAIT,
      timeoutMs: 90_000,
      after: quote.id,
    });
    expect(final.text).toMatch(/O-\d+/);
  }, 180_000);
});
