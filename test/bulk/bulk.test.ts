import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_QUEUE, type BulkJob } from '../../src/bulk/line-jobs.ts';
import { createBulkStore } from '../../src/bulk/store.ts';
import type { HookDetail } from '../../src/lib/hooks.ts';
import type { StandInUser } from '../../src/sandbox/telegram/driver.ts';
import type { ChatMessage } from '../../src/sandbox/telegram/types.ts';
import { startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { resellerMaker, runIdOf } from './support.ts';
import { FAST_CHATS, FAST_USER, WAIT, allOrders, current, lastBotId } from '../bot/flow/helpers.ts';

// /bulk end to end: a real app on a private Redis, the Merchant API sandbox and the Bot API stand-in; files are
// sent as documents and downloaded by the bot through getFile and the file URL, like on Telegram.

/** Gates on a bulk line's submit (by line index): a test holds a line there while it presses buttons. */
class LineGates {
  private readonly held = new Map<
    number,
    { arrived: Array<() => void>; count: number; open: Promise<void>; release: () => void }
  >();

  /** Holds line `index`: `reached` when a job first gets there, `reachedAgain` when a second one does. */
  hold(index: number): { reached: Promise<void>; reachedAgain: Promise<void>; release: () => void } {
    const arrived: Array<() => void> = [];
    const reached = new Promise<void>((resolve) => arrived.push(resolve));
    const reachedAgain = new Promise<void>((resolve) => arrived.push(resolve));
    let release!: () => void;
    const open = new Promise<void>((resolve) => (release = resolve));
    this.held.set(index, { arrived, count: 0, open, release });
    return { reached, reachedAgain, release };
  }

  async at(detail: HookDetail): Promise<void> {
    const gate = detail.step === undefined ? undefined : this.held.get(detail.step);
    if (gate === undefined) return;
    gate.arrived[gate.count++]?.();
    await gate.open;
  }
}

const gates = new LineGates();
let world: BotWorld;

beforeAll(async () => {
  world = await startBotWorld({
    env: FAST_USER,
    overrides: {
      ...FAST_CHATS,
      bulkTimings: { progressEveryMs: 200 },
      hooks: {
        at: (point, detail) => (point === 'bulk-before-submit' ? gates.at(detail) : undefined),
      },
    },
  });
}, 60_000);

afterAll(async () => {
  await world?.close();
});

/** A fresh reseller per test (their own chat and credit). */
const reseller = resellerMaker(() => world, 720_000_100, 'R');

/** Sends a file and waits for the bot's answer to it (the summary, or a refusal). */
async function sendFile(
  user: StandInUser,
  content: string | Buffer,
  name = 'topups.csv',
): Promise<ChatMessage> {
  const sent = user.sendDocument(name, content);
  return user.waitForBotMessage((m) => !m.text.startsWith('⏳ Checking'), { ...WAIT, after: sent.messageId });
}

/** The report document the bot sent after `after`, parsed. */
async function report(user: StandInUser, after: number): Promise<Array<Record<string, string>>> {
  const message = await user.waitFor(
    (chat) => chat.find((m) => m.from === 'bot' && m.id > after && m.file?.name?.startsWith('bulk-report')),
    { timeoutMs: 60_000 },
  );
  const bytes = world.standIn.driver.fileBytes(message.file?.fileId ?? '');
  expect(bytes).toBeDefined();
  return parse(Buffer.from(bytes!).toString('utf8'), { columns: true }) as Array<Record<string, string>>;
}

/** Valid Nigerian MTN numbers with distinct endings (no magic ending: they succeed). */
const ng = (i: number) => `+23480312${String(40_000 + i).padStart(5, '0')}`;

describe('/bulk', () => {
  it('explains the format and sends a template a reseller can fill in', async () => {
    const user = await reseller();
    const sent = user.sendCommand('/bulk');
    const template = await user.waitForBotMessage((m) => m.kind === 'document', {
      ...WAIT,
      after: sent.messageId,
    });
    const help = user
      .chat()
      .find((m) => m.id > sent.messageId && m.text.includes('phone,amount,operator,note'));
    expect(help).toBeDefined();
    const bytes = Buffer.from(world.standIn.driver.fileBytes(template.file?.fileId ?? '')!).toString('utf8');
    expect(bytes.split(/\r?\n/)[0]).toBe('phone,amount,operator,note');
  });

  it('is refused to an agent', async () => {
    const agent = world.standIn.driver.user({ id: 710_000_002 });
    const sent = agent.sendCommand('/bulk');
    const answer = await agent.waitForBotMessage(() => true, { ...WAIT, after: sent.messageId });
    expect(answer.text).toContain('not available for your role');
  });
});

describe('a bulk file is checked line by line', () => {
  it('lists every kind of bad line with its line number, estimates the rest, and ❌ drops it', async () => {
    const user = await reseller();
    const ordersBefore = (await allOrders(world)).length;
    // A BOM, semicolons, a header, quoted fields (with a semicolon and quotes inside) and an empty line.
    const file =
      '\uFEFFphone;amount;operator;note\r\n' +
      `"${ng(1)}";500;MTN;"pay; ""March"""\r\n` + // 2 valid
      '12345;500;MTN;\r\n' + // 3 not a phone number
      '+12125550123;500;;\r\n' + // 4 country not sold
      '+234 1;500;MTN;\r\n' + // 5 not valid for Nigeria
      `${ng(6)};abc;MTN;\r\n` + // 6 amount not a number
      `${ng(7)};10;MTN;\r\n` + // 7 below the minimum
      `${ng(8)};300;Glo;\r\n` + // 8 not offered (fixed values)
      `${ng(9)};500;Vodafone;\r\n` + // 9 no such operator
      `${ng(10)};500;;\r\n` + // 10 several operators offer it: name one
      `"${ng(1)}";700;MTN;\r\n` + // 11 same number as line 2
      '\r\n' +
      '+212 612345678;30;;Morocco\r\n'; // 13 valid: only Maroc Telecom sells 30 MAD
    const summary = await sendFile(user, file);
    expect(summary.text).toContain('2 valid lines, 9 with errors');
    const errors = Object.fromEntries(
      summary.text
        .split('\n')
        .map((l) => /^Line (\d+): (.*)$/.exec(l))
        .filter((m) => m !== null)
        .map((m) => [Number(m[1]), m[2]!]),
    );
    expect(errors[3]).toContain('international format');
    expect(errors[4]).toContain('not available');
    expect(errors[5]).toMatch(/not a valid phone number for Nigeria|international format/);
    expect(errors[6]).toContain('not a number');
    expect(errors[7]).toContain('below the minimum of 50');
    expect(errors[8]).toContain('not offered');
    expect(errors[9]).toContain('no operator “Vodafone” in Nigeria');
    expect(errors[10]).toContain('please name the operator');
    expect(errors[11]).toContain('same number as line 2');
    expect(
      Object.keys(errors)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(summary.text).toMatch(/Estimated cost: \d+\.\d\d USD/);
    expect(summary.text).toMatch(/Available credit: [\d,.]+ USD/);
    const buttons = summary.buttons.flat().map((b) => b.text);
    expect(buttons.filter((b) => b.includes('✅'))).toHaveLength(1);
    expect(buttons.filter((b) => b.includes('❌'))).toHaveLength(1);

    const before = lastBotId(user);
    user.press(summary, '❌');
    await user.waitFor(() => current(user, summary.id)?.text.includes('dropped'));
    expect(lastBotId(user)).toBe(before);
    expect((await allOrders(world)).length).toBe(ordersBefore);
  });

  it('estimates from one quote per distinct operator and amount, not one per line', async () => {
    const user = await reseller();
    const log = async () =>
      (await world.control.get<{ results: Array<{ path: string }> }>('requests')).results.filter((r) =>
        r.path.endsWith('/recharge/quote'),
      ).length;
    const quotesBefore = await log();
    const lines = Array.from({ length: 12 }, (_, i) => `${ng(100 + i)},${i % 2 === 0 ? 777 : 888},MTN,`);
    const summary = await sendFile(user, lines.join('\n'));
    expect(summary.text).toContain('12 valid lines, 0 with errors');
    expect((await log()) - quotesBefore).toBe(2);
    user.press(summary, '❌');
    await user.waitFor(() => current(user, summary.id)?.text.includes('dropped'));
  });

  it.each([
    ['an empty file', '', 'no lines to top up'],
    ['a header alone', 'phone,amount,operator,note\n', 'no lines to top up'],
    [
      'a binary file',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      'not a CSV',
    ],
    ['another table', 'name,age\nbob,3\nann,4\n', 'columns are not'],
    ['a header with other columns', 'phone,amount,price\n+2348031234567,500,3\n', 'columns are not'],
    [
      'more than 1,000 lines',
      Array.from({ length: 1001 }, (_, i) => `${ng(i)},500,MTN`).join('\n'),
      'more than 1,000',
    ],
  ])('refuses %s clearly and changes nothing', async (_name, content, expected) => {
    const user = await reseller();
    const answer = await sendFile(user, content);
    expect(answer.text).toContain('🚫');
    expect(answer.text).toContain(expected);
    expect(answer.buttons.flat()).toHaveLength(0);
  });

  it('answers with one summary however long the text the file echoes (each echo cut short, whole in the report)', async () => {
    const user = await reseller();
    const long = 'V'.repeat(500);
    const lines = Array.from({ length: 25 }, (_, i) => `${ng(600 + i)},500,${long}${i},`);
    const summary = await sendFile(user, lines.join('\n'));
    expect(summary.text).toContain('0 valid lines, 25 with errors');
    expect(summary.text.length).toBeLessThan(4096);
    expect(summary.text).toContain('…');
  });

  it('accepts exactly 1,000 lines', async () => {
    const user = await reseller();
    const lines = Array.from({ length: 1000 }, (_, i) => `${ng(i)},500,MTN`);
    const summary = await sendFile(user, lines.join('\n'));
    expect(summary.text).toContain('1,000 valid lines, 0 with errors');
    user.press(summary, '❌');
    await user.waitFor(() => current(user, summary.id)?.text.includes('dropped'));
  });
});

describe('a bulk run', () => {
  it('places every valid line once, edits one progress message and sends a report with the order IDs', async () => {
    const user = await reseller();
    const file = [
      'phone,amount,operator,note',
      `${ng(201)},500,MTN,Ann`,
      `${ng(202)},1000,MTN,"Bob, jr"`,
      `${ng(203)},500,MTN,`,
      '+2348031240204,abc,MTN,',
    ].join('\n');
    const summary = await sendFile(user, file);
    expect(summary.text).toContain('3 valid lines, 1 with errors');
    const before = lastBotId(user);
    user.press(summary, '✅');
    const rows = await report(user, before);
    // Every line of the file, in order: three placed with their orders, one refused at validation.
    expect(rows.map((r) => r.line)).toEqual(['2', '3', '4', '5']);
    const placed = rows.filter((r) => r.merchant_order_number !== '');
    expect(placed).toHaveLength(3);
    for (const row of placed) {
      expect(row.order_id).toMatch(/^O-/);
      expect(row.price).toMatch(/^\d+(\.\d+)?$/);
      expect(row.price_currency).toBe('USD');
      expect(row.phone).toMatch(/\*\*\*/);
    }
    expect(rows[1]!.note).toBe('Bob, jr');
    expect(rows[3]!.status).toBe('invalid');
    // Each line is one order at the service, under the number fixed for it.
    const orders = await allOrders(world);
    for (const row of placed) {
      expect(orders.filter((o) => o.external_order_id === row.merchant_order_number)).toHaveLength(1);
    }
    // The summary became the one progress message; it ends finished, without buttons.
    const progress = current(user, summary.id)!;
    expect(progress.text).toContain('Bulk top-up finished');
    expect(progress.text).toContain('Placed 3 · failed 0 · left 0');
    expect(progress.text).toMatch(/▓{10} 100%/);
    expect(progress.buttons.flat()).toHaveLength(0);
    // They are normal orders of the reseller (/orders), each holding its price from the credit (/statement).
    const app = world.apps[0]!;
    const mine = await app.orders.service.listByReseller(user.id, { offset: 0, limit: 10 });
    expect(mine.total).toBe(3);
    for (const order of mine.orders) expect(order.credit?.amount).toBeDefined();
  });

  it('pauses (nothing more is placed), resumes, and cancels: lines not placed yet are never placed', async () => {
    const user = await reseller();
    const file = [0, 1, 2, 3].map((i) => `${ng(300 + i)},500,MTN,`).join('\n');
    const summary = await sendFile(user, file);
    const second = gates.hold(1);
    const before = lastBotId(user);
    user.press(summary, '✅');
    await second.reached;
    // Line 1 is being placed: pause now; it finishes, and the worker stops after it.
    const pause = user.press(current(user, summary.id)!, '⏸');
    await user.waitForCallbackAnswer(pause.queryId);
    second.release();
    const paused = await user.waitFor(() => {
      const m = current(user, summary.id)!;
      return m.text.includes('paused') && m.text.includes('Placed 2') ? m : undefined;
    });
    const app = world.apps[0]!;
    const runId = runIdOf(paused, 'resume');
    // Nothing is queued for a paused run: its job parked it and no job of it waits, so no worker will place its lines.
    expect((await createBulkStore(app.redis, app.config.redis.prefix).get(runId))?.parked).toBe(true);
    const waiting = await app.jobs.queue<BulkJob>(BULK_QUEUE).getJobs(['wait', 'delayed', 'prioritized']);
    expect(waiting.filter((job) => job.data.runId === runId)).toEqual([]);
    expect((await app.orders.service.listByReseller(user.id, { offset: 0, limit: 10 })).total).toBe(2);

    const third = gates.hold(2);
    user.press(paused, '▶️');
    await third.reached;
    const cancel = user.press(current(user, summary.id)!, '⏹');
    await user.waitForCallbackAnswer(cancel.queryId);
    third.release();
    const rows = await report(user, before);
    expect(rows.map((r) => r.status)).toEqual([
      expect.not.stringContaining('not-placed'),
      expect.not.stringContaining('not-placed'),
      expect.not.stringContaining('not-placed'),
      'not-placed-cancelled',
    ]);
    expect(current(user, summary.id)!.text).toContain('cancelled');
    const orders = await allOrders(world);
    const numbers = rows.map((r) => r.merchant_order_number);
    expect(orders.filter((o) => numbers.includes(o.external_order_id))).toHaveLength(3);
    expect(orders.filter((o) => o.external_order_id === rows[3]!.merchant_order_number)).toHaveLength(0);
  });

  it('places a line once when its job runs twice at once (a stalled job taken over while its first run goes on)', async () => {
    const user = await reseller();
    const summary = await sendFile(user, [0, 1, 2].map((i) => `${ng(500 + i)},500,MTN,`).join('\n'));
    const runId = runIdOf(summary, 'start');
    const second = gates.hold(1);
    const before = lastBotId(user);
    user.press(summary, '✅');
    await second.reached;
    // The job of line 1 is inside its line; a second run of it starts beside it (as BullMQ does with a job whose
    // lock ran out while its worker still runs it) and gets there too.
    const queue = world.apps[0]!.jobs.queue<BulkJob>(BULK_QUEUE);
    const [running] = (await queue.getJobs(['active'])).filter((job) => job.data.runId === runId);
    expect(running?.data.line).toBe(1);
    await queue.add('line', running!.data, { jobId: `again-${running!.id!}` });
    await second.reachedAgain;
    second.release();
    const rows = await report(user, before);
    expect(rows).toHaveLength(3);
    const orders = await allOrders(world);
    for (const row of rows) {
      expect(row.order_id).toMatch(/^O-/);
      expect(orders.filter((o) => o.external_order_id === row.merchant_order_number)).toHaveLength(1);
    }
    expect(current(user, summary.id)!.text).toContain('Placed 3 · failed 0 · left 0');
    expect(
      world.standIn.driver
        .calls('sendDocument')
        .filter(
          (c) =>
            String(c.params['chat_id']) === String(user.id) &&
            String(c.params['caption'] ?? '').startsWith('Bulk report'),
        ),
    ).toHaveLength(1);
  });

  it('gives a line whose quote was refused at placement (price changed) one fresh quote under a new number', async () => {
    const user = await reseller();
    const summary = await sendFile(user, `${ng(401)},4321,MTN,repriced`);
    const first = gates.hold(0);
    const before = lastBotId(user);
    user.press(summary, '✅');
    // The line holds its quote; the merchant price changes before it is sent.
    await first.reached;
    const { markup_percent: markup } = await world.control.post<{ markup_percent: string }>('prices', {});
    await world.control.post('prices', { markup_percent: '7' });
    first.release();
    try {
      const rows = await report(user, before);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.order_id).toMatch(/^O-/);
      const posts = (
        await world.control.get<{
          results: Array<{ method: string; path: string; status: number; external_order_id?: string | null }>;
        }>('requests')
      ).results.filter((r) => r.method === 'POST' && r.path.endsWith('/recharge/orders'));
      const refused = posts.filter((r) => r.status === 400);
      // The refused number is not the one placed; the placed one is one order at the service.
      expect(refused.map((r) => r.external_order_id)).not.toContain(rows[0]!.merchant_order_number);
      expect(refused.length).toBeGreaterThanOrEqual(1);
      const orders = await allOrders(world);
      expect(orders.filter((o) => o.external_order_id === rows[0]!.merchant_order_number)).toHaveLength(1);
    } finally {
      await world.control.post('prices', { markup_percent: markup });
    }
  });
});
