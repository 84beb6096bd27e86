import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../src/app.ts';
import type { ChatMessage } from '../../../src/sandbox/telegram/types.ts';
import type { StandInUser } from '../../../src/sandbox/telegram/driver.ts';
import { ADMIN, type BotWorld } from '../../support/bot-world.ts';
import { redisNowMs } from '../../merchant/support/minute.ts';
import { PROMPT, allOrders, requestLog, say, startLineWorld, waitForOrderLine } from './helpers.ts';

// Issue 16, a fair wait: with the request budget (and the sandbox's own limit) at 6 a minute, top-ups wait
// their turn in the shared line, see where they stand, and are never sent away with "try again". The minute
// is shortened for both (AppOverrides.budgetWindowMs, the sandbox's rateLimitWindowMs) so the test runs several
// minutes of the line in seconds.

const WINDOW_MS = 5_000;
const LIMIT = 6;

interface Person {
  id: number;
  national: string;
  digits: string;
  amount: string;
}

function people(first: number, count: number, block: string): Person[] {
  return Array.from({ length: count }, (_, i) => ({
    id: first + i,
    // Distinct numbers, none with a sandbox magic ending (1111…8888).
    national: `0803${block}${String(i).padStart(4, '0')}`,
    digits: `234803${block}${String(i).padStart(4, '0')}`,
    amount: String(100 + i),
  }));
}

/** Every text the bot sent or edited into `chatId` (the chat shows only the last version of a message). */
function textsTo(world: BotWorld, chatId: number): string[] {
  return world.standIn.driver
    .calls()
    .filter(
      (c) => (c.method === 'sendMessage' || c.method === 'editMessageText') && c.params.chat_id === chatId,
    )
    .map((c) => String(c.params.text));
}

/** Waits until at least `ms` remain in the budget's current window, so the set-up below fits in one window. */
async function windowHeadroom(app: App, ms: number): Promise<void> {
  const left = WINDOW_MS - ((await redisNowMs(app.redis)) % WINDOW_MS);
  if (left < ms) await new Promise((resolve) => setTimeout(resolve, left + 20));
}

/** Types a top-up up to the phone prompt; the catalogue is cached, so this costs no request. */
async function upToPhone(user: StandInUser, amount: string): Promise<void> {
  await say(user, '/topup', PROMPT.country);
  await say(user, 'Nigeria', PROMPT.operator);
  await say(user, 'MTN', PROMPT.subtype);
  await say(user, 'Airtime', PROMPT.amount);
  await say(user, amount, PROMPT.phone);
}

/** Sends the number, waits (in line) for the quote, confirms, and waits for the order's status line. */
async function finish(user: StandInUser, person: Person): Promise<ChatMessage> {
  const sent = user.sendText(person.national);
  const quote = await user.waitForBotMessage((m) => m.text.includes(PROMPT.quote), {
    timeoutMs: 120_000,
    after: sent.messageId,
  });
  user.press(quote, /✅/);
  return waitForOrderLine(user, 120_000);
}

describe('top-up flow: a fair wait in the shared line', () => {
  let world: BotWorld;
  let app: App;
  beforeAll(async () => {
    world = await startLineWorld(LIMIT, WINDOW_MS);
    app = world.apps[0]!;
  });
  afterAll(async () => {
    await world?.close();
  });

  it('10 resellers starting at once all get their order, each saw its place in line, none was told to try again', async () => {
    const crowd = people(760_000_000, 10, '127');
    for (const p of crowd) {
      world.standIn.driver.user({ id: p.id, firstName: `R${p.id}`, languageCode: 'en', started: true });
      await app.roles.change(ADMIN, p.id, 'reseller');
    }
    const users = crowd.map((p) => world.standIn.driver.user({ id: p.id }));
    for (const [i, user] of users.entries()) await upToPhone(user, crowd[i]!.amount);
    // Everyone sends the number in a window that is already spent: all ten quotes start in line.
    await windowHeadroom(app, 3_500);
    for (let i = 0; i < LIMIT; i++) await app.budget.acquire('placement');
    const lines = await Promise.all(users.map((user, i) => finish(user, crowd[i]!)));

    const orders = await allOrders(world);
    for (const [i, p] of crowd.entries()) {
      const theirs = orders.filter((o) => o.account === p.digits);
      expect(theirs, `orders to ${p.digits}`).toHaveLength(1);
      expect(lines[i]!.text).toContain(theirs[0]!.external_order_id);
      const texts = textsTo(world, p.id);
      expect(
        texts.some((t) => t.includes('In line: position')),
        `chat ${p.id}: ${texts.join(' | ')}`,
      ).toBe(true);
      expect(texts.filter((t) => /try again|busy/i.test(t))).toEqual([]);
    }
    // The line kept the bot within the service's limit: no request was refused with a 429.
    expect((await requestLog(world)).filter((r) => r.status === 429)).toEqual([]);
  });

  it('a bulk of 50 queued lines does not hold back three single top-ups: they are placed within the first minute', async () => {
    const singles = people(761_000_000, 3, '128');
    for (const p of singles) {
      world.standIn.driver.user({ id: p.id, firstName: `S${p.id}`, languageCode: 'en', started: true });
      await app.roles.change(ADMIN, p.id, 'reseller');
    }
    const users = singles.map((p) => world.standIn.driver.user({ id: p.id }));
    for (const [i, user] of users.entries()) await upToPhone(user, singles[i]!.amount);
    // Another reseller's bulk: 50 requests queued at the bulk priority through the line's own API.
    const stop = new AbortController();
    let bulkServed = 0;
    const bulk = Array.from({ length: 50 }, (_, i) =>
      app.budget
        .acquire('bulk', stop.signal, { id: `bulk:761999999:${i}`, owner: '761999999' })
        .then(() => bulkServed++)
        .catch(() => undefined),
    );
    const started = Date.now();
    try {
      await Promise.all(users.map((user, i) => finish(user, singles[i]!)));
      const placedAfterMs = Date.now() - started;
      // At 6 a minute (5 for the bulk) the bulk alone needs ten minutes of the line; the singles did not wait
      // behind it: all three were placed within the first minute, with most of the bulk still in line.
      expect(placedAfterMs).toBeLessThan(60_000);
      expect(bulkServed).toBeLessThan(50);
      const orders = await allOrders(world);
      for (const p of singles) expect(orders.filter((o) => o.account === p.digits)).toHaveLength(1);
    } finally {
      stop.abort();
      await Promise.all(bulk);
      // An aborted wait keeps a stable place for its owner; the bulk's owner gives them up.
      for (let i = 0; i < 50; i++) await app.budget.leave(`bulk:761999999:${i}`);
    }
  });

  it('❌ under the "In line" message leaves the line: the place is gone, nothing is quoted or charged', async () => {
    const [p] = people(762_000_000, 1, '129');
    world.standIn.driver.user({ id: p!.id, firstName: 'L', languageCode: 'en', started: true });
    await app.roles.change(ADMIN, p!.id, 'reseller');
    const user = world.standIn.driver.user({ id: p!.id });
    await upToPhone(user, p!.amount);
    // This product's quote must be asked (not served from one an earlier test left shared).
    await world.forgetQuotes();
    // The service asks for a long pause (a 429 with Retry-After): the quote waits in line instead of failing.
    await world.control.post('faults', {
      kind: 'rate_limit',
      next: 1,
      retry_after: 90,
      path: '/api/v1/recharge/quote',
    });
    const sent = user.sendText(p!.national);
    const inLine = await user.waitForBotMessage((m) => m.text.includes('In line: position'), {
      timeoutMs: 30_000,
      after: sent.messageId,
    });
    // The estimate follows the service's pause (the message is edited as it moves), not a guess of a few seconds.
    await user.waitFor(
      (chat) => chat.find((m) => m.id === inLine.id && Number(/about (\d+) s/.exec(m.text)?.[1] ?? 0) >= 30),
      { timeoutMs: 20_000 },
    );
    const quotes = (await requestLog(world)).filter((r) => r.path.endsWith('/recharge/quote')).length;
    user.press(inLine, /❌/);
    await user.waitForBotMessage((m) => m.text.includes('cancelled'), {
      timeoutMs: 20_000,
      after: inLine.id,
    });
    await user.waitFor(
      (chat) => chat.find((m) => m.id === inLine.id && m.text.includes('You left the line')),
      {
        timeoutMs: 10_000,
      },
    );
    expect((await app.budget.snapshot()).waiting.interactive).toBe(0);
    expect((await requestLog(world)).filter((r) => r.path.endsWith('/recharge/quote')).length).toBe(quotes);
    expect(textsTo(world, p!.id).filter((t) => /try again|busy/i.test(t))).toEqual([]);

    // /cancel leaves too, while the shared pause still holds the line.
    await upToPhone(user, p!.amount);
    await world.forgetQuotes();
    const again = user.sendText(p!.national);
    const second = await user.waitForBotMessage((m) => m.text.includes('In line: position'), {
      timeoutMs: 30_000,
      after: again.messageId,
    });
    await say(user, '/cancel', /cancelled/);
    await user.waitFor(
      (chat) => chat.find((m) => m.id === second.id && m.text.includes('You left the line')),
      {
        timeoutMs: 10_000,
      },
    );
    expect((await app.budget.snapshot()).waiting.interactive).toBe(0);
    expect((await allOrders(world)).filter((o) => o.account === p!.digits)).toEqual([]);
  });
});
