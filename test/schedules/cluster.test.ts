import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleJobId, SCHEDULE_QUEUE, type ScheduleJob } from '../../src/schedules/runs.ts';
import { ADMIN, startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { startRedisCluster, type RedisClusterHandle } from '../support/cluster.ts';
import { FAST_USER, ordersTo, waitForOrders } from '../bot/flow/helpers.ts';
import { NG_MTN_500 } from './product.ts';

// Schedules on a Redis Cluster (three masters on loopback): the store's scripts and the BullMQ queue keep every
// key under the service's hash tag, so a schedule is stored, paused, resumed and run there as on one server.

const clock = { offset: 0 };
const now = () => Date.now() + clock.offset;
const USER = 710_000_301;

let cluster: RedisClusterHandle;
let world: BotWorld;

beforeAll(async () => {
  cluster = await startRedisCluster(3);
  world = await startBotWorld({
    env: { REDIS_CLUSTER_NODES: cluster.nodes, ...FAST_USER },
    overrides: { clock: now },
  });
  world.standIn.driver.user({ id: USER, firstName: 'Cleo', languageCode: 'en', started: true });
  await world.apps[0]!.roles.change(ADMIN, USER, 'reseller');
}, 120_000);

afterAll(async () => {
  await world?.close();
  await cluster?.close();
});

describe('schedules on a Redis Cluster', () => {
  it('stores, pauses, resumes and runs a schedule once, reporting it in the chat', async () => {
    const app = world.apps[0]!;
    const account = '2348031270001';
    clock.offset = Date.parse('2026-12-01T11:59:50Z') - Date.now();
    const made = await app.schedules.create({
      payer: { role: 'reseller', resellerId: USER, chatId: USER, locale: 'en' },
      product: NG_MTN_500,
      account,
      masked: '+234 *** *** 0001',
      repeat: { kind: 'daily', time: '12:00' },
      zone: 'Europe/London',
    });
    if (made.kind !== 'created') throw new Error(`not created: ${made.kind}`);
    const id = made.schedule.facts.id;
    // Paused and resumed before its run (due 10 s after it was made): the same run stays queued.
    expect(await app.schedules.pause(id, USER)).toBe('ok');
    expect(await app.schedules.resume(id, USER)).toBe('ok');
    const queue = app.jobs.queue<ScheduleJob>(SCHEDULE_QUEUE);
    expect(await (await queue.getJob(scheduleJobId(id, '2026-12-01')))?.isDelayed()).toBe(true);
    const user = world.standIn.driver.user({ id: USER });
    const report = await user.waitFor(
      (chat) => chat.find((m) => m.text.includes('Scheduled top-up placed')),
      { timeoutMs: 30_000 },
    );
    expect(report.text).toContain('Next run: 2026-12-02 12:00 (Europe/London)');
    expect(await waitForOrders(world, account, 1)).toHaveLength(1);
    const [schedule] = await app.schedules.list(USER);
    expect(schedule!.last).toMatchObject({ period: '2026-12-01', placed: true });
    expect(await queue.getJob(scheduleJobId(id, '2026-12-02'))).toBeDefined();
    expect(await app.schedules.remove(id, USER)).toBe('ok');
    expect(await queue.getJob(scheduleJobId(id, '2026-12-02'))).toBeUndefined();
    expect(await app.schedules.list(USER)).toEqual([]);
    expect(await ordersTo(world, account)).toHaveLength(1);
  });
});
