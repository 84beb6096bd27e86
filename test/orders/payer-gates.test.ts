import { Decimal } from 'decimal.js';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPin, RedisPinStore } from '../../src/accounts/pin.ts';
import { BULK_QUEUE, type BulkJob } from '../../src/bulk/line-jobs.ts';
import { createBulkStore } from '../../src/bulk/store.ts';
import { createLogger } from '../../src/logger.ts';
import type { HookDetail } from '../../src/lib/hooks.ts';
import type { StandInUser } from '../../src/sandbox/telegram/driver.ts';
import type { ChatMessage } from '../../src/sandbox/telegram/types.ts';
import { ADMIN, startBotWorld, type BotWorld } from '../support/bot-world.ts';
import {
  FAST_CHATS,
  FAST_USER,
  WAIT,
  current,
  lastBotId,
  ordersTo as ordersToNumber,
  PROMPT,
  say,
  typeToQuote,
  waitForOrders,
} from '../bot/flow/helpers.ts';
import { runIdOf } from '../bulk/support.ts';
import { everythingIn } from '../support/redis-dump.ts';

// Every road to a charge reads the payer as they are now: a chat quote when ✅ is pressed, a bulk run when it is
// started and at every line: the payer's current role, price, credit and PIN policy, never those the quote or the
// file was made with. PIN_REQUIRED_ABOVE is 1 USD: a 500 NGN
// line costs about 0.31 USD, a 5000 NGN line about 3.13. Resellers start with no credit here.

/** Holds a bulk line inside its submit (after the payer was read), so a test can change the payer meanwhile. */
class LineGates {
  private readonly held = new Map<string, { reached: () => void; open: Promise<void> }>();

  hold(
    runId: string,
    index: number,
    point: 'bulk-before-submit' | 'bulk-after-submit' = 'bulk-before-submit',
  ): { reached: Promise<void>; release: () => void } {
    let reached!: () => void;
    const arrived = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const open = new Promise<void>((resolve) => (release = resolve));
    this.held.set(`${point}:${runId}:${index}`, { reached, open });
    return { reached: arrived, release };
  }

  /** Lines are told apart by their merchant order number's run: the test names the run by its first line's. */
  async at(
    point: string,
    detail: HookDetail,
    runOf: (externalOrderId: string) => string | undefined,
  ): Promise<void> {
    const runId = runOf(detail.externalOrderId ?? '');
    const gate = runId === undefined ? undefined : this.held.get(`${point}:${runId}:${detail.step}`);
    if (gate === undefined) return;
    this.held.delete(`${point}:${runId}:${detail.step}`);
    gate.reached();
    await gate.open;
  }
}

const gates = new LineGates();
/** The PIN of the bulk keypad test: searched for in Redis and in every log line. */
const PIN = '86420135';
const LOG: string[] = [];
/** Merchant order number → run, filled by the tests from the store once a file is checked. */
const runOfNumber = new Map<string, string>();
let world: BotWorld;
let pins: RedisPinStore;

beforeAll(async () => {
  world = await startBotWorld({
    env: { ...FAST_USER, PIN_REQUIRED_ABOVE: '1', RESELLER_START_CREDIT: '0' },
    logger: createLogger({
      level: 'trace',
      secrets: [],
      destination: { write: (line: string) => LOG.push(line) },
    }),
    overrides: {
      ...FAST_CHATS,
      orderTimings: { alertGrouping: { quietMs: 50, maxHoldMs: 200 } },
      bulkTimings: { progressEveryMs: 200 },
      hooks: {
        at: (point, detail) => gates.at(point, detail, (n) => runOfNumber.get(n)),
      },
    },
  });
  const app = world.apps[0]!;
  pins = new RedisPinStore({ redis: app.redis, prefix: app.config.redis.prefix });
}, 60_000);

afterAll(async () => {
  await world?.close();
});

let nextId = 740_000_100;
/** A fresh user granted `role`, with `credit` USD. */
async function userWith(role: 'reseller' | 'admin', credit = '100'): Promise<StandInUser> {
  const id = nextId++;
  const user = world.standIn.driver.user({ id, firstName: `G${id}`, languageCode: 'en', started: true });
  const app = world.apps[0]!;
  await app.roles.change(ADMIN, id, role);
  if (new Decimal(credit).gt(0))
    await app.accounts.credit(id, new Decimal(credit), { adminId: ADMIN, note: 'test' });
  return user;
}

let nextNumber = 60_000;
const ng = () => `+23480312${String(nextNumber++).padStart(5, '0')}`;
const digits = (phone: string) => phone.replace(/\D/g, '');

/** Sends a file of `count` lines of `amount` NGN (MTN) and waits for its summary; notes its lines' run. */
async function summaryOf(
  user: StandInUser,
  count: number,
  amount = 500,
): Promise<{ summary: ChatMessage; phones: string[] }> {
  const phones = Array.from({ length: count }, () => ng());
  const sent = user.sendDocument('topups.csv', phones.map((p) => `${p},${amount},MTN,`).join('\n'));
  // An admin's chat gets alerts too: the summary is the message that counts the lines.
  const summary = await user.waitForBotMessage((m) => m.text.includes('valid line'), {
    ...WAIT,
    after: sent.messageId,
  });
  expect(summary.text).toContain(`${count} valid lines`);
  const app = world.apps[0]!;
  const runId = runIdOf(summary, 'start');
  for (const line of await createBulkStore(app.redis, app.config.redis.prefix).lines(runId)) {
    runOfNumber.set(line.ext, runId);
  }
  return { summary, phones };
}

/** Orders at the service to any of `phones`. */
async function ordersTo(phones: string[]) {
  return (await Promise.all(phones.map((p) => ordersToNumber(world, digits(p))))).flat();
}

/** The report document the bot sent after `after`, parsed. */
async function report(user: StandInUser, after: number): Promise<Array<Record<string, string>>> {
  const message = await user.waitFor(
    (chat) => chat.find((m) => m.from === 'bot' && m.id > after && m.file?.name?.startsWith('bulk-report')),
    { timeoutMs: 60_000 },
  );
  const bytes = world.standIn.driver.fileBytes(message.file?.fileId ?? '')!;
  return parse(Buffer.from(bytes).toString('utf8'), { columns: true }) as Array<Record<string, string>>;
}

/** Waits for a bot message after `after` in `user`'s chat containing `text`. */
const botSays = (user: StandInUser, text: string, after: number) =>
  user.waitFor((chat) => chat.find((m) => m.from === 'bot' && m.id > after && m.text.includes(text)), WAIT);

describe('a chat quote confirmed after the payer changed', () => {
  it('an admin demoted to a reseller after seeing the quote is shown their own price and asked again; nothing placed before', async () => {
    const user = await userWith('admin', '0');
    const phone = ng();
    const quote = await typeToQuote(user, phone);
    expect(quote.text).not.toContain('Your credit pays');
    const app = world.apps[0]!;
    await app.roles.change(ADMIN, user.id, 'reseller');
    await app.accounts.credit(user.id, new Decimal('10'), { adminId: ADMIN, note: 'test' });
    const before = lastBotId(user);
    user.press(quote, /✅/);
    const again = await botSays(user, 'The price changed', before);
    expect(await ordersTo([phone])).toEqual([]);
    user.press(again, /✅/);
    expect(await waitForOrders(world, digits(phone), 1)).toHaveLength(1);
    const [order] = (await app.orders.service.listByReseller(user.id, { offset: 0, limit: 5 })).orders;
    expect(order?.credit?.amount).toBeDefined();
    expect(order?.credit?.amount).toBe(order?.quote.resellerPrice);
  });
});

describe('✅ on a bulk summary reads the payer as they are now', () => {
  it('an admin demoted to a reseller with no credit: ✅ on the old summary places nothing and holds nothing', async () => {
    const user = await userWith('admin', '0');
    const { summary, phones } = await summaryOf(user, 2);
    await world.apps[0]!.roles.change(ADMIN, user.id, 'reseller');
    const before = lastBotId(user);
    user.press(summary, '✅');
    await botSays(user, 'Your role changed', before);
    // Whatever a run would have done has had time: a line is placed in well under this on this world.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await ordersTo(phones)).toEqual([]);
    expect((await world.apps[0]!.accounts.view(user.id)).holds).toBe('0');
  });
});

describe('every bulk line reads the payer as they are now', () => {
  it('a reseller revoked during a 5-line run has nothing placed after the revocation but the line already sent', async () => {
    const user = await userWith('reseller');
    // Five lines cost more than PIN_REQUIRED_ABOVE: this reseller is never asked (their own threshold is off).
    await pins.setThreshold(user.id, 'off');
    const { summary, phones } = await summaryOf(user, 5);
    const runId = runIdOf(summary, 'start');
    const second = gates.hold(runId, 1);
    const adminChat = world.standIn.driver.user({ id: ADMIN });
    const adminBefore = lastBotId(adminChat);
    const before = lastBotId(user);
    user.press(summary, '✅');
    await second.reached;
    await world.apps[0]!.roles.change(ADMIN, user.id, null);
    second.release();
    const rows = await report(user, before);
    expect(rows.map((r) => r.status!.startsWith('not-placed'))).toEqual([false, false, true, true, true]);
    expect(rows[2]!.error).toContain('no longer have a role');
    expect(await ordersTo(phones)).toHaveLength(2);
    expect(current(user, summary.id)!.text).toContain('Stopped: you no longer have a role');
    await botSays(adminChat, 'was stopped', adminBefore);
  });

  it('a line sent before its payer was revoked, its job run again after, is recorded placed with its order (not refused)', async () => {
    const user = await userWith('reseller');
    const { summary, phones } = await summaryOf(user, 3);
    const runId = runIdOf(summary, 'start');
    // Line 0's order is sent and stored; its job is held there, as a worker that died right after would leave it.
    const sent = gates.hold(runId, 0, 'bulk-after-submit');
    const before = lastBotId(user);
    user.press(summary, '✅');
    await sent.reached;
    const app = world.apps[0]!;
    await app.roles.change(ADMIN, user.id, null);
    // The job runs again beside the held one (as BullMQ does once a dead worker's lock ran out).
    const queue = app.jobs.queue<BulkJob>(BULK_QUEUE);
    const [running] = (await queue.getJobs(['active'])).filter((job) => job.data.runId === runId);
    await queue.add('line', running!.data, { jobId: `again-${running!.id!}` });
    const rows = await report(user, before);
    sent.release();
    expect(rows[0]!.order_id).toMatch(/^O-/);
    expect(rows[0]!.status!.startsWith('not-placed')).toBe(false);
    expect(rows[1]!.error).toContain('no longer have a role');
    expect(await ordersTo(phones)).toHaveLength(1);
  });

  it('an admin demoted during a run pays as a reseller from the next line: their price, held from their credit', async () => {
    const user = await userWith('admin', '0');
    const { summary } = await summaryOf(user, 3);
    const runId = runIdOf(summary, 'start');
    const second = gates.hold(runId, 1);
    const before = lastBotId(user);
    user.press(summary, '✅');
    await second.reached;
    const app = world.apps[0]!;
    await app.roles.change(ADMIN, user.id, 'reseller');
    await app.accounts.credit(user.id, new Decimal('50'), { adminId: ADMIN, note: 'test' });
    second.release();
    const rows = await report(user, before);
    expect(rows.every((r) => !r.status!.startsWith('not-placed'))).toBe(true);
    const third = (await app.orders.service.get(rows[2]!.merchant_order_number!))!;
    expect(third.credit?.amount).toBeDefined();
    expect(third.quote.resellerPrice).toBe(third.credit?.amount);
    // The first line went as an admin's: the merchant price, nothing held.
    expect((await app.orders.service.get(rows[0]!.merchant_order_number!))!.credit).toBeUndefined();
  });
});

describe('the PIN at ✅ of a bulk run', () => {
  /** Presses the digits of `pin` then OK on the keypad `keypad`, waiting for each edit. */
  async function typeOnKeypad(user: StandInUser, keypad: ChatMessage, pin: string): Promise<void> {
    for (let i = 0; i < pin.length; i++) {
      user.press(current(user, keypad.id)!, pin[i]!);
      await user.waitFor(() => current(user, keypad.id)?.text.includes('•'.repeat(i + 1)), WAIT);
    }
    user.press(current(user, keypad.id)!, /OK/);
  }

  it('a run estimated above the threshold asks for the PIN once; nothing is placed before it is given', async () => {
    const user = await userWith('reseller');
    await pins.setHash(user.id, await hashPin(PIN));
    const { summary, phones } = await summaryOf(user, 2, 5000);
    const before = lastBotId(user);
    user.press(summary, '✅');
    const keypad = await botSays(user, 'enter your PIN on the keypad to start it', before);
    expect(await ordersTo(phones)).toEqual([]);
    // A wrong PIN: told, nothing starts.
    await typeOnKeypad(user, keypad, '1357');
    await user.waitFor(() => current(user, keypad.id)?.text.includes('Wrong PIN'), WAIT);
    expect(await ordersTo(phones)).toEqual([]);
    await typeOnKeypad(user, current(user, keypad.id)!, PIN);
    const rows = await report(user, before);
    expect(rows.every((r) => !r.status!.startsWith('not-placed'))).toBe(true);
    expect(await ordersTo(phones)).toHaveLength(2);
    // The entry travelled in the keypad's buttons only: nowhere in Redis, nowhere in the log.
    expect(await everythingIn(world.apps[0]!.redis)).not.toContain(PIN);
    expect(LOG.join('')).not.toContain(PIN);
  });

  it('while the PIN is locked nothing starts, whatever the cost', async () => {
    const user = await userWith('reseller');
    await pins.setHash(user.id, await hashPin('2468'));
    for (let i = 0; i < 5; i++) await pins.check(user.id, '0000');
    const { summary, phones } = await summaryOf(user, 1, 500);
    const before = lastBotId(user);
    user.press(summary, '✅');
    await botSays(user, 'Too many wrong PINs', before);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await ordersTo(phones)).toEqual([]);
    const app = world.apps[0]!;
    expect(
      (await createBulkStore(app.redis, app.config.redis.prefix).get(runIdOf(summary, 'start')))?.state,
    ).toBe('draft');
  });
});

describe('the PIN when a schedule is saved', () => {
  /** /schedule, ➕, NG-MTN airtime `amount` to a fresh number, every day at 23:59: the summary. */
  async function scheduleSummary(user: StandInUser, amount: string): Promise<ChatMessage> {
    const list = await say(user, '/schedule', '🗓');
    user.press(list, '➕ New schedule');
    await user.waitForBotMessage((m) => m.text.includes(PROMPT.country), { ...WAIT, after: list.id });
    await say(user, 'Nigeria', PROMPT.operator);
    await say(user, 'MTN', PROMPT.subtype);
    await say(user, 'Airtime', PROMPT.amount);
    await say(user, amount, PROMPT.phone);
    const when = await say(user, ng(), 'When should this top-up run');
    user.press(when, 'Every day');
    await user.waitForBotMessage((m) => m.text.includes('At what time'), { ...WAIT, after: when.id });
    return say(user, '23:59', 'New scheduled top-up');
  }

  it('a schedule priced above the threshold is saved only once the PIN is given, and keeps that it was', async () => {
    const user = await userWith('reseller');
    await pins.setHash(user.id, await hashPin(PIN));
    const summary = await scheduleSummary(user, '5000');
    user.press(summary, '✅ Save schedule');
    await user.waitForBotMessage((m) => m.text.includes('enter your PIN'), { ...WAIT, after: summary.id });
    expect(await world.apps[0]!.schedules.list(user.id)).toEqual([]);
    await say(user, PIN, 'Scheduled. First run');
    const [saved] = await world.apps[0]!.schedules.list(user.id);
    expect(saved?.facts.pinGiven).toBe(true);
  });

  it('while the PIN is locked no schedule is saved, whatever its price', async () => {
    const user = await userWith('reseller');
    await pins.setHash(user.id, await hashPin(PIN));
    for (let i = 0; i < 5; i++) await pins.check(user.id, '0000');
    const summary = await scheduleSummary(user, '500');
    user.press(summary, '✅ Save schedule');
    await user.waitForBotMessage((m) => m.text.includes('Too many wrong PINs'), {
      ...WAIT,
      after: summary.id,
    });
    expect(await world.apps[0]!.schedules.list(user.id)).toEqual([]);
  });
});
