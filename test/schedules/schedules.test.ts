import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { scheduleJobId, SCHEDULE_QUEUE, type ScheduleJob } from '../../src/schedules/runs.ts';
import type { StandInUser } from '../../src/sandbox/telegram/driver.ts';
import type { ChatMessage } from '../../src/sandbox/telegram/types.ts';
import { ADMIN, startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { startRoundRobin, type RoundRobin } from '../support/round-robin.ts';
import { FAST_CHATS, FAST_USER, PROMPT, WAIT, ordersTo, say, waitForOrders } from '../bot/flow/helpers.ts';
import { NG_MTN_500 } from './product.ts';
import { merchantKeys } from '../../src/merchant/keys.ts';
import { waitFor } from '../orders/support/world.ts';

// /schedule end to end: real apps (two replicas) on a private Redis, the Merchant API sandbox and the Bot API
// stand-in, driven through the chat. The schedules' clock is the test's: it is set near a run, so a run due
// "at 09:00 in Kolkata" fires seconds later in real time (the delay until a run is real time).

/** The schedules' now: real time moved by `offset`. */
const clock = { offset: 0 };
const now = () => Date.now() + clock.offset;
/** Moves the schedules' now to `iso` (the real time keeps running from there). */
const setNow = (iso: string) => {
  clock.offset = Date.parse(iso) - Date.now();
};

let world: BotWorld;
let proxy: RoundRobin;

beforeAll(async () => {
  // Two replicas in webhook mode behind a round-robin balancer (a flow's steps alternate between them), both
  // running the jobs.
  proxy = await startRoundRobin();
  world = await startBotWorld({
    mode: 'webhook',
    env: { PUBLIC_URL: proxy.url, ...FAST_USER },
    replicas: 2,
    overrides: { ...FAST_CHATS, clock: now },
  });
  proxy.setTargets(world.apps.map((app) => `http://127.0.0.1:${app.address!.port}`));
}, 60_000);

afterAll(async () => {
  await world?.close();
  await proxy?.close();
});

let nextUser = 730_000_100;
/** A fresh reseller (their own chat, credit and schedules). */
async function reseller(languageCode = 'en'): Promise<StandInUser> {
  const id = nextUser++;
  const user = world.standIn.driver.user({ id, firstName: `S${id}`, languageCode, started: true });
  await world.apps[0]!.roles.change(ADMIN, id, 'reseller');
  return user;
}

/** A daily 23:59 (UTC) schedule of NG_MTN_500 to `phone` paid by `userId`, stored directly; its first run's job. */
async function dailyAt2359(userId: number, role: 'reseller' | 'admin', phone: string) {
  const made = await world.apps[0]!.schedules.create({
    payer: { role, resellerId: userId, chatId: userId, locale: 'en' },
    product: NG_MTN_500,
    account: digits(phone),
    masked: '+234 *** *** 0000',
    repeat: { kind: 'daily', time: '23:59' },
    zone: 'UTC',
  });
  if (made.kind !== 'created') throw new Error(`schedule not created: ${made.kind}`);
  const { facts, next } = made.schedule;
  return { id: facts.id, job: { id: facts.id, period: next!.period, at: next!.at } };
}

/** Valid Nigerian MTN numbers with distinct endings (no magic ending: they succeed). */
let nextNumber = 50_000;
const ngNumber = () => `+23480312${String(nextNumber++).padStart(5, '0')}`;
const digits = (phone: string) => phone.replace(/\D/g, '');

/** Presses a button and waits until message `id` (edited in place) or a later message contains `expect`. */
async function pressAndSee(
  user: StandInUser,
  message: ChatMessage | number,
  button: string | RegExp,
  expect: string,
): Promise<ChatMessage> {
  const id = typeof message === 'number' ? message : message.id;
  user.press(message, button);
  return user.waitFor(
    (chat) => chat.find((m) => m.from === 'bot' && m.id >= id && m.text.includes(expect)),
    WAIT,
  );
}

/** /schedule, ➕, then the top-up's own steps for NG-MTN airtime 500 to `phone`; stops at "When". */
async function startNew(user: StandInUser, phone: string): Promise<ChatMessage> {
  const list = await say(user, '/schedule', '🗓');
  await pressAndSee(user, list, '➕ New schedule', PROMPT.country);
  await say(user, 'Nigeria', PROMPT.operator);
  await say(user, 'MTN', PROMPT.subtype);
  await say(user, 'Airtime', PROMPT.amount);
  await say(user, '500', PROMPT.phone);
  return say(user, phone, 'When should this top-up run');
}

/** A daily schedule at `time`, saved once `beforeSave` has run (a test moves the clock there). */
async function createDaily(
  user: StandInUser,
  phone: string,
  time: string,
  beforeSave: () => void = () => undefined,
): Promise<ChatMessage> {
  const when = await startNew(user, phone);
  await pressAndSee(user, when, 'Every day', 'At what time');
  const summary = await say(user, time, 'New scheduled top-up');
  beforeSave();
  return pressAndSee(user, summary, '✅ Save schedule', 'Scheduled. First run');
}

/** The one schedule of `user`, from the store. */
async function onlySchedule(user: StandInUser) {
  const list = await world.apps[0]!.schedules.list(user.id);
  expect(list).toHaveLength(1);
  return list[0]!;
}

/** Waits for a bot message after `after` containing `text`. */
const botSays = (user: StandInUser, text: string, after = 0, timeoutMs = 30_000) =>
  user.waitFor((chat) => chat.find((m) => m.from === 'bot' && m.id > after && m.text.includes(text)), {
    timeoutMs,
  });

describe('/schedule', () => {
  it('creates, lists, pauses, resumes and deletes a schedule, all through the chat', async () => {
    setNow('2026-12-01T06:00:00Z');
    const user = await reseller();
    const empty = await say(user, '/schedule', '🗓');
    expect(empty.text).toContain('You have no scheduled top-ups');
    const phone = ngNumber();
    const created = await createDaily(user, phone, '18:45');
    expect(created.text).toContain('First run: 2026-12-01 18:45 (UTC)');

    const list = await say(user, '/schedule', 'Your scheduled top-ups');
    expect(list.text).toContain('1 of at most 10');
    expect(list.text).toContain(`+234 *** *** ${digits(phone).slice(-4)}`);
    expect(list.text).not.toContain(digits(phone).slice(3, 9));
    expect(list.text).toContain('MTN Nigeria');
    expect(list.text).toContain('500.00 NGN');
    expect(list.text).toContain('every day at 18:45 (UTC)');
    expect(list.text).toContain('Next run: 2026-12-01 18:45');

    await pressAndSee(user, list, '⏸ Pause 1', '⏸ Paused');
    expect((await onlySchedule(user)).state).toBe('paused');
    await pressAndSee(user, list, '▶️ Resume 1', 'Next run: 2026-12-01 18:45');
    expect((await onlySchedule(user)).state).toBe('active');

    await pressAndSee(user, list, '🗑 Delete 1', 'Delete this scheduled top-up?');
    // Kept: back to the list, nothing deleted.
    await pressAndSee(user, list, '⬅️ Keep it', 'Your scheduled top-ups');
    const { facts, next } = await onlySchedule(user);
    const queue = world.apps[0]!.jobs.queue<ScheduleJob>(SCHEDULE_QUEUE);
    expect(await queue.getJob(scheduleJobId(facts.id, next!.period))).toBeDefined();
    await pressAndSee(user, list, '🗑 Delete 1', 'Delete this scheduled top-up?');
    await pressAndSee(user, list, '🗑 Yes, delete it', 'You have no scheduled top-ups');
    expect(await world.apps[0]!.schedules.list(user.id)).toEqual([]);
    // Its queued run is gone too, and nothing was ever ordered.
    expect(await queue.getJob(scheduleJobId(facts.id, next!.period))).toBeUndefined();
    expect(await world.apps[1]!.schedules.store.all()).not.toContain(facts.id);
    expect(await ordersTo(world, digits(phone))).toEqual([]);
  });

  it('shows and changes only the reseller’s own schedules', async () => {
    setNow('2026-12-01T06:00:00Z');
    const owner = await reseller();
    await createDaily(owner, ngNumber(), '20:00');
    const schedule = await onlySchedule(owner);
    const other = await reseller();
    const list = await say(other, '/schedule', '🗓');
    expect(list.text).toContain('You have no scheduled top-ups');
    // A button naming someone else's schedule is refused and changes nothing.
    const pressed = other.pressData(list.id, `sc:pause:${schedule.facts.id}`);
    const answer = await other.waitForCallbackAnswer(pressed.queryId, WAIT);
    expect(answer.text).toContain('no longer exists');
    expect((await onlySchedule(owner)).state).toBe('active');
    expect(await world.apps[0]!.schedules.remove(schedule.facts.id, other.id)).toBe('gone');
    expect(await onlySchedule(owner)).toBeDefined();
  });

  it('answers a bad time, an impossible date and a past date in the reader’s language, and saves nothing', async () => {
    setNow('2026-12-01T06:00:00Z');
    const user = await reseller();
    let when = await startNew(user, ngNumber());
    await pressAndSee(user, when, 'Every day', 'At what time');
    await say(user, '25:99', 'That is not a time');
    await say(user, 'noon', 'That is not a time');
    const back = await say(user, '/cancel', 'Schedule cancelled');
    expect(back.text).toContain('Nothing was saved');

    when = await startNew(user, ngNumber());
    const date = await pressAndSee(user, when, '📅 Once', 'On which date and at what time');
    await say(user, '2026-02-30 10:00', 'That is not a date and time');
    await say(user, '2026-11-30 10:00', 'That time has already passed');
    // Back to "when", then a monthly day that does not exist.
    when = await pressAndSee(user, date, '⬅️ Back', 'When should this top-up run');
    await pressAndSee(user, when, 'Every month', 'On which day of the month');
    await say(user, '32', 'That is not a day of the month');
    await say(user, '/cancel', 'Schedule cancelled');
    expect(await world.apps[0]!.schedules.list(user.id)).toEqual([]);

    const french = await reseller('fr');
    const list = await say(french, '/schedule', '🗓');
    await pressAndSee(french, list, '➕', 'Dans quel pays');
    await say(french, 'Nigeria', 'Quel opérateur');
    await say(french, 'MTN', 'Que souhaitez-vous acheter');
    await say(french, 'Crédit', 'quel montant');
    await say(french, '500', 'Envoyez le numéro');
    const quand = await say(french, ngNumber(), 'Quand cette recharge');
    await pressAndSee(french, quand, 'Chaque jour', 'À quelle heure');
    await say(french, '7h', 'Ce n’est pas une heure');
    await say(french, '/cancel', 'Rien n’a été enregistré');
    expect(await world.apps[0]!.schedules.list(french.id)).toEqual([]);
  });

  it('refuses a schedule past the reseller’s maximum', async () => {
    setNow('2026-12-01T06:00:00Z');
    const user = await reseller();
    for (let i = 0; i < 10; i++) {
      const made = await world.apps[0]!.schedules.create({
        payer: { role: 'reseller', resellerId: user.id, chatId: user.id, locale: 'en' },
        product: NG_MTN_500,
        account: digits(ngNumber()),
        masked: '+234 *** *** 0000',
        // The longest way of saying when, in a long zone name: the full list still fits one message.
        repeat: { kind: 'monthly', day: 31, time: '23:00' },
        zone: 'America/Argentina/ComodRivadavia',
      });
      expect(made.kind).toBe('created');
    }
    const full = await say(user, '/schedule', 'Your scheduled top-ups');
    expect(full.text).toContain('10 of at most 10');
    expect(full.text).toContain('10. +234 *** *** 0000');
    const when = await startNew(user, ngNumber());
    await pressAndSee(user, when, 'Every day', 'At what time');
    const summary = await say(user, '22:00', 'New scheduled top-up');
    await pressAndSee(user, summary, '✅ Save schedule', '🚫 You already have 10 schedules');
    expect(await world.apps[0]!.schedules.list(user.id)).toHaveLength(10);
  });
});

describe('scheduled runs', () => {
  it('places nothing for a user whose role was revoked, says so and pauses the schedule', async () => {
    setNow('2026-12-01T11:59:58Z');
    const user = await reseller();
    const phone = ngNumber();
    const { job, id } = await dailyAt2359(user.id, 'reseller', phone);
    await world.apps[0]!.roles.change(ADMIN, user.id, null);
    expect(await world.apps[1]!.schedules.run(job)).toBe('not-placed');
    const report = await botSays(user, 'Scheduled top-up not placed');
    expect(report.text).toContain('you no longer have a role that may top up');
    expect(report.text).toContain('This schedule is paused');
    expect(await ordersTo(world, digits(phone))).toEqual([]);
    // Nothing more of it runs until they are granted again and resume it.
    expect((await world.apps[0]!.schedules.store.get(id))?.state).toBe('paused');
  });

  it('places nothing when the role is revoked while the run waits in the request line for its quote', async () => {
    setNow('2026-12-01T11:59:58Z');
    const user = await reseller();
    const phone = ngNumber();
    const { job } = await dailyAt2359(user.id, 'reseller', phone);
    const app = world.apps[1]!;
    const keys = merchantKeys('rb:');
    // The lines after the placements' own: where a quote waits.
    const [state, , , , , , ...quoteLines] = keys.budget;
    // No kept quote: the run asks the service for one.
    const kept = await app.redis.keys(keys.sharedQuote('*'));
    if (kept.length > 0) await app.redis.del(...kept);
    // Every call waits, as after a 429, until the test lifts the pause: the run's quote waits in the line.
    await app.budget.pause(120);
    try {
      const running = app.schedules.run(job);
      await waitFor(
        async () => (await Promise.all(quoteLines.map((line) => app.redis.zcard(line)))).some((n) => n > 0),
        30_000,
        'the quote waiting in line',
      );
      await world.apps[0]!.roles.change(ADMIN, user.id, null);
      await app.redis.hset(state!, 'pause_until', 0);
      expect(await running).toBe('not-placed');
    } finally {
      await app.redis.hset(state!, 'pause_until', 0);
    }
    const report = await botSays(user, 'Scheduled top-up not placed');
    expect(report.text).toContain('you no longer have a role that may top up');
    expect(await ordersTo(world, digits(phone))).toEqual([]);
  });

  it('pays as a reseller once its payer, an admin when it was saved, is demoted: their price, held from their credit', async () => {
    setNow('2026-12-01T11:59:58Z');
    const id = nextUser++;
    const user = world.standIn.driver.user({ id, firstName: `S${id}`, languageCode: 'en', started: true });
    const app = world.apps[0]!;
    await app.roles.change(ADMIN, id, 'admin');
    const phone = ngNumber();
    const { job } = await dailyAt2359(id, 'admin', phone);
    await app.roles.change(ADMIN, id, 'reseller');
    expect(await world.apps[1]!.schedules.run(job)).toBe('placed');
    await botSays(user, 'Scheduled top-up placed');
    const [order] = (await app.orders.service.listByReseller(id, { offset: 0, limit: 5 })).orders;
    expect(order?.credit?.amount).toBeDefined();
    expect(order?.quote.resellerPrice).toBe(order?.credit?.amount);
  });

  it('a run whose shared quote is refused at placement (price changed) takes one fresh quote and places once', async () => {
    setNow('2026-12-01T11:59:58Z');
    const user = await reseller();
    // A first run leaves the product's quote shared; then the service's prices change.
    const warm = await dailyAt2359(user.id, 'reseller', ngNumber());
    expect(await world.apps[0]!.schedules.run(warm.job)).toBe('placed');
    await world.control.post('prices', { markup_percent: '3' });
    try {
      const phone = ngNumber();
      const { job } = await dailyAt2359(user.id, 'reseller', phone);
      expect(await world.apps[1]!.schedules.run(job)).toBe('placed');
      const orders = await waitForOrders(world, digits(phone), 1);
      expect(orders).toHaveLength(1);
      expect(orders[0]!.external_order_id).toMatch(/-Q$/);
      // Run again (a job retried after a crash): it finds the order it placed, nothing new.
      expect(await world.apps[0]!.schedules.run(job)).toBe('already-ran');
      expect(await ordersTo(world, digits(phone))).toHaveLength(1);
    } finally {
      await world.control.post('prices', { markup_percent: '0' });
    }
  });

  it('re-queues at start-up an active schedule’s next run whose job is missing, and only that', async () => {
    setNow('2026-12-01T06:00:00Z');
    const user = await reseller();
    await createDaily(user, ngNumber(), '22:30');
    const { facts, next } = await onlySchedule(user);
    const queue = world.apps[0]!.jobs.queue<ScheduleJob>(SCHEDULE_QUEUE);
    const jobId = scheduleJobId(facts.id, next!.period);
    await queue.remove(jobId);
    expect(await queue.getJob(jobId)).toBeUndefined();
    await world.apps[1]!.schedules.ensureQueued();
    const job = await queue.getJob(jobId);
    expect(await job?.isDelayed()).toBe(true);
    expect(job?.data).toEqual({ id: facts.id, period: '2026-12-01', at: Date.parse('2026-12-01T22:30:00Z') });
    expect((await onlySchedule(user)).next).toEqual(next);
  });

  it('fires a daily schedule at 09:00 in Asia/Kolkata, once, reports it and goes on to the next day', async () => {
    setNow('2026-12-01T02:00:00Z'); // 07:30 in Kolkata
    const user = await reseller();
    await say(user, '/timezone Asia/Kolkata', 'Asia/Kolkata');
    const phone = ngNumber();
    // Saved 3 s before 09:00 in Kolkata (03:30 UTC): the run is due 3 s later, in real time.
    const saved = await createDaily(user, phone, '09:00', () => setNow('2026-12-01T03:29:57Z'));
    expect(saved.text).toContain('First run: 2026-12-01 09:00 (Asia/Kolkata)');
    const report = await botSays(user, 'Scheduled top-up placed', saved.id);
    expect(report.text).toContain('Next run: 2026-12-02 09:00 (Asia/Kolkata)');
    const orders = await waitForOrders(world, digits(phone), 1);
    expect(orders).toHaveLength(1);
    expect(report.text).toContain(orders[0]!.order_id);
    expect(report.text).toContain(orders[0]!.external_order_id);
    // Its result follows as the order's own final message.
    await botSays(user, orders[0]!.order_id, report.id);

    const schedule = await onlySchedule(user);
    expect(schedule.last).toMatchObject({
      period: '2026-12-01',
      at: Date.parse('2026-12-01T03:30:00Z'),
      placed: true,
    });
    expect(schedule.next).toEqual({ period: '2026-12-02', at: Date.parse('2026-12-02T03:30:00Z') });
    const queue = world.apps[0]!.jobs.queue<ScheduleJob>(SCHEDULE_QUEUE);
    expect(await queue.getJob(scheduleJobId(schedule.facts.id, '2026-12-02'))).toBeDefined();
    const list = await say(user, '/schedule', 'Your scheduled top-ups');
    expect(list.text).toContain('Last run 2026-12-01 09:00: placed');
    expect(list.text).toContain('Next run: 2026-12-02 09:00');
  });

  it('places one order per period when both replicas run it at once and it runs again later', async () => {
    setNow('2026-12-01T06:00:00Z');
    const user = await reseller();
    const phone = ngNumber();
    await createDaily(user, phone, '21:00');
    const schedule = await onlySchedule(user);
    const job: ScheduleJob = { id: schedule.facts.id, period: schedule.next!.period, at: schedule.next!.at };
    const before = user.chat().length;
    // Two replicas running the same period at the same moment (a retried job, a job taken over).
    const results = await Promise.all(world.apps.map((app: App) => app.schedules.run(job)));
    // Each either placed (the second finding the first's order under the same number) or found it had run.
    for (const result of results) expect(['placed', 'already-ran']).toContain(result);
    expect(results).toContain('placed');
    const orders = await waitForOrders(world, digits(phone), 1);
    expect(orders).toHaveLength(1);
    // Once more after it ran: nothing new.
    expect(await world.apps[1]!.schedules.run(job)).toBe('already-ran');
    await botSays(user, 'Scheduled top-up placed');
    expect(await ordersTo(world, digits(phone))).toHaveLength(1);
    const reports = user
      .chat()
      .slice(before)
      .filter((m) => m.text.includes('Scheduled top-up placed'));
    expect(reports).toHaveLength(1);
  });

  it('reports a run that cannot place (no credit), charges nothing and goes on to the next period', async () => {
    setNow('2026-12-01T06:00:00Z');
    const user = await reseller();
    const accounts = world.apps[0]!.accounts;
    const { balance } = await accounts.view(user.id);
    await accounts.credit(user.id, new Decimal(balance).neg(), { adminId: ADMIN, note: 'test: no credit' });
    const phone = ngNumber();
    const saved = await createDaily(user, phone, '12:00', () => setNow('2026-12-01T11:59:57Z'));
    const report = await botSays(user, 'Scheduled top-up not placed', saved.id);
    expect(report.text).toContain('not enough available credit');
    expect(report.text).toContain('Nothing was charged');
    expect(report.text).toContain('Next run: 2026-12-02 12:00 (UTC)');
    expect(await ordersTo(world, digits(phone))).toEqual([]);
    const schedule = await onlySchedule(user);
    expect(schedule.state).toBe('active');
    expect(schedule.last).toMatchObject({
      period: '2026-12-01',
      placed: false,
      reason: 'bulk-line-refused-credit',
    });
    expect(schedule.next?.period).toBe('2026-12-02');
    const queue = world.apps[0]!.jobs.queue<ScheduleJob>(SCHEDULE_QUEUE);
    expect(await queue.getJob(scheduleJobId(schedule.facts.id, '2026-12-02'))).toBeDefined();
    const list = await say(user, '/schedule', 'Your scheduled top-ups');
    expect(list.text).toContain('Last run 2026-12-01 12:00: not placed: not enough available credit');
  });
});
