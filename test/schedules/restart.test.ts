import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleJobId, SCHEDULE_QUEUE, type ScheduleJob } from '../../src/schedules/runs.ts';
import type { StandInUser } from '../../src/sandbox/telegram/driver.ts';
import { RESELLER, startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { FAST_USER, PROMPT, WAIT, ordersTo, say, waitForOrders } from '../bot/flow/helpers.ts';
import { until } from '../support/until.ts';

// A schedule's run is durable in Redis (a delayed BullMQ job): no process that runs jobs is up when it is due,
// and a replica started later fires it, once. The schedules' clock is the test's, set a few seconds before the run.

const clock = { offset: 0 };
const now = () => Date.now() + clock.offset;

let world: BotWorld;

beforeAll(async () => {
  world = await startBotWorld({ env: FAST_USER, overrides: { clock: now } });
}, 60_000);

afterAll(async () => {
  await world?.close();
});

/** Resolves once `check` holds, looking every 50 ms. */
const tap = (user: StandInUser, message: { id: number }, button: string, expect: string) => {
  user.press(message.id, button);
  return user.waitFor(
    (chat) => chat.find((m) => m.from === 'bot' && m.id >= message.id && m.text.includes(expect)),
    WAIT,
  );
};

describe('a scheduled run across a restart', () => {
  it('fires once in a replica started after its time, when none that runs jobs was up at the time', async () => {
    // The replica that runs jobs stops; one that only takes updates (ROLE=bot) is where the reseller schedules.
    await world.apps[0]!.stop();
    const front = await world.startReplica({ ROLE: 'bot' });
    const user = world.standIn.driver.user({ id: RESELLER });
    const phone = '+2348031260001';
    clock.offset = Date.parse('2026-12-01T06:00:00Z') - Date.now();
    const list = await say(user, '/schedule', '🗓');
    await tap(user, list, '➕ New schedule', PROMPT.country);
    await say(user, 'Nigeria', PROMPT.operator);
    await say(user, 'MTN', PROMPT.subtype);
    await say(user, 'Airtime', PROMPT.amount);
    await say(user, '500', PROMPT.phone);
    const when = await say(user, phone, 'When should this top-up run');
    await tap(user, when, 'Every day', 'At what time');
    const summary = await say(user, '08:00', 'New scheduled top-up');
    // Saved 2 s before its first run (08:00 UTC).
    clock.offset = Date.parse('2026-12-01T07:59:58Z') - Date.now();
    const saved = await tap(user, summary, '✅ Save schedule', 'Scheduled. First run: 2026-12-01 08:00');
    const [schedule] = await front.schedules.list(RESELLER);
    const due = schedule!.next!.at - clock.offset;
    // The run waits in Redis as a delayed job.
    const job = await front.jobs
      .queue<ScheduleJob>(SCHEDULE_QUEUE)
      .getJob(scheduleJobId(schedule!.facts.id, schedule!.next!.period));
    expect(await job?.isDelayed()).toBe(true);
    await front.stop();

    // Its time passes with no process up that runs jobs: nothing is placed.
    await until(() => Date.now() > due + 1_000, 'the run to be due');
    expect(await ordersTo(world, phone.slice(1))).toEqual([]);

    // A replica started later (ROLE=all) fires it, once.
    const later = await world.startReplica();
    await world.control.post('webhooks', {
      targets: [
        {
          url: `http://127.0.0.1:${later.address!.port}/webhooks/merchant`,
          secret: world.env.MERCHANT_WEBHOOK_SECRETS!.split(',')[0],
        },
      ],
    });
    const report = await user.waitFor(
      (chat) => chat.find((m) => m.id > saved.id && m.text.includes('Scheduled top-up placed')),
      { timeoutMs: 30_000 },
    );
    expect(report.text).toContain('Next run: 2026-12-02 08:00 (UTC)');
    const orders = await waitForOrders(world, phone.slice(1), 1);
    expect(orders).toHaveLength(1);
    // The order's final message follows; by then a second run of the period would have shown too.
    await user.waitFor((chat) => chat.find((m) => m.id > report.id && m.text.includes(orders[0]!.order_id)), {
      timeoutMs: 30_000,
    });
    expect(await ordersTo(world, phone.slice(1))).toHaveLength(1);
    expect(user.chat().filter((m) => m.text.includes('Scheduled top-up placed'))).toHaveLength(1);
    const [after] = await later.schedules.list(RESELLER);
    expect(after!.last).toMatchObject({ period: '2026-12-01', placed: true });
    expect(after!.next?.period).toBe('2026-12-02');
  });
});
