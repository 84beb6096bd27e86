import { afterEach, describe, expect, it } from 'vitest';
import { createRequestBudget } from '../../src/merchant/budget.ts';
import type { StandInUser } from '../../src/sandbox/telegram/driver.ts';
import type { ChatMessage } from '../../src/sandbox/telegram/types.ts';
import { controlClient } from '../support/bot-world.ts';
import { PROMPT, say, type SandboxOrder, type SandboxRequest } from '../bot/flow/helpers.ts';
import { waitForValue } from './support/crash-bot-process.ts';
import { startTwoReplicas, type TwoReplicas } from './support/two-replicas.ts';
import { holdBudget } from '../support/budget-hold.ts';

// Issue 16, "a replica that dies loses no place in line": two whole replicas (ROLE=all, webhook mode behind a
// round-robin balancer) share a Redis, the sandbox and the stand-in. With the request budget full, resellers
// wait in line on replica A: three quotes and two confirmed orders. Their webhooks have been answered (a wait
// outlives Telegram's webhook answer), so Telegram will never send those updates again. A is SIGKILLed. Then:
// the waits are taken up by B (a waiting update is kept in Redis and handled again by a replica that takes
// updates once its handler is gone; a confirmed order also by B's placement worker), every waiting reseller
// gets their quote or order, none twice, none is told to try again, and A's dead places never block the line:
// a reseller who joins on B after the kill is served while A's places are passed over.

const ADMIN = 710_000_003;
const RESELLERS = [761_100_001, 761_100_002, 761_100_003, 761_100_004, 761_100_005, 761_100_006];
const LIMIT = 2;
const WINDOW_MS = 4_000;
const PREFIX = 'rb:';

const national = (i: number) => `08031${String(27_000 + i).padStart(6, '0')}`;
const digits = (i: number) => `234${national(i).slice(1)}`;
const inLine = (m: ChatMessage) => m.text.includes('In line: position');
const isQuote = (m: ChatMessage) => m.text.includes(PROMPT.quote);
const isOrderLine = (m: ChatMessage) => /^(⏳|🔎|✅|⚠️|↩️)/u.test(m.text) && m.text.includes('O-');

/**
 * The amount reseller `i` types: R4 and R5 share a product (their quotes are asked while the budget is free); the
 * others each have one of their own, so their quotes cannot come from the shared quote and must wait in line.
 */
const amountOf = (i: number) => (i === 3 || i === 4 ? '500' : String(501 + i));

/** Types a top-up up to the phone prompt (the catalogue is cached: no request). */
async function upToPhone(user: StandInUser, amount: string): Promise<void> {
  await say(user, '/topup', PROMPT.country);
  await say(user, 'Nigeria', PROMPT.operator);
  await say(user, 'MTN', PROMPT.subtype);
  await say(user, 'Airtime', PROMPT.amount);
  await say(user, amount, PROMPT.phone);
}

describe('a replica dies while its users wait in line', () => {
  let replicas: TwoReplicas | null = null;

  afterEach(async () => {
    await replicas?.close();
    replicas = null;
  });

  it('its waits are taken up by the other replica: every waiting reseller is served once, nobody told to try again', async () => {
    replicas = await startTwoReplicas({
      admin: ADMIN,
      resellers: RESELLERS,
      namePrefix: 'R',
      limit: LIMIT,
      windowMs: WINDOW_MS,
    });
    const { parts, redis } = replicas;
    const control = controlClient(parts.urls.controlUrl);
    const driver = parts.standIn.driver;
    const admin = driver.user({ id: ADMIN });
    const users = RESELLERS.map((id) => driver.user({ id }));
    for (const id of RESELLERS) await say(admin, `/grant ${id} reseller`, 'is now reseller');

    // R4 and R5 get their quotes while the budget is free; R1-R3 and R6 stop at the phone prompt.
    const quotes = new Map<number, ChatMessage>();
    for (const [i, user] of users.entries()) {
      await upToPhone(user, amountOf(i));
      if (i === 3 || i === 4) quotes.set(i, await say(user, national(i), PROMPT.quote));
    }

    // The budget is full from here on: R1-R3 send their numbers (quotes wait), R4 and R5 press ✅ (orders wait).
    const budget = createRequestBudget({ redis, prefix: PREFIX, limitPerMinute: LIMIT, windowMs: WINDOW_MS });
    const release = holdBudget(budget, LIMIT);
    const resumedQuotes = new Map<number, number>();
    let released = false;
    try {
      const waiting = [0, 1, 2, 3, 4].map((i) => {
        const user = users[i]!;
        const after = i < 3 ? user.sendText(national(i)).messageId : quotes.get(i)!.id;
        if (i >= 3) user.press(quotes.get(i)!, /✅/);
        return user.waitForBotMessage(inLine, { timeoutMs: 60_000, after });
      });
      await Promise.all(waiting);
      // Every update was answered (a wait outlives the webhook's answer): Telegram will not send them again.
      await waitForValue(
        () => (driver.pendingUpdateCount() === 0 ? true : undefined),
        60_000,
        () => `${driver.pendingUpdateCount()} updates still pending`,
      );
      const before = await budget.snapshot();
      expect(before.waiting.placement).toBeGreaterThanOrEqual(2);
      expect(before.waiting.interactive).toBeGreaterThanOrEqual(3);

      await replicas.failOver();
      await release();
      released = true;

      // R6 joins on B after the kill and is served while A's places are passed over (its waiters are gone).
      const r6 = users[5]!;
      const r6sent = r6.sendText(national(5));
      const r6quote = await r6.waitForBotMessage(isQuote, { timeoutMs: 60_000, after: r6sent.messageId });
      r6.press(r6quote, /✅/);

      // A's waiters are taken up by B: R1-R3 get their quotes and confirm them; R4 and R5 their orders.
      for (const i of [0, 1, 2]) {
        const user = users[i]!;
        const quote = await user.waitFor((chat) => chat.find(isQuote), { timeoutMs: 120_000 });
        resumedQuotes.set(i, quote.id);
        user.press(quote, /✅/);
      }
      for (const user of users) await user.waitFor((chat) => chat.find(isOrderLine), { timeoutMs: 120_000 });
    } finally {
      if (!released) await release();
    }

    // One order for each reseller, none twice; nobody was told to try again; the line is empty.
    const orders = (await control.get<{ results: SandboxOrder[] }>('orders')).results;
    for (const i of RESELLERS.keys()) {
      expect(
        orders.filter((o) => o.account === digits(i)),
        `orders to ${digits(i)}`,
      ).toHaveLength(1);
    }
    expect(orders).toHaveLength(RESELLERS.length);
    for (const user of users) {
      expect(user.chat().filter((m) => /try again|busy|used up/i.test(m.text))).toEqual([]);
    }
    // A resumed quote took over its "In line" message (one message, edited), and no "In line" message is left
    // behind: those of the orders the placement worker took over are closed too.
    const lineTexts = /In line: position|Your turn came|wait in line has ended|You left the line/;
    for (const i of [0, 1, 2]) {
      const shown = users[i]!.chat().filter(
        (m) => m.from === 'bot' && m.id < resumedQuotes.get(i)! && lineTexts.test(m.text),
      );
      expect(
        shown.map((m) => m.text),
        `R${i + 1}`,
      ).toEqual(['✅ Your turn came.']);
    }
    for (const user of users) {
      await user.waitFor((chat) => !chat.some(inLine), { timeoutMs: 30_000 });
    }
    await waitForValue(
      async () => {
        const w = (await budget.snapshot()).waiting;
        return Object.values(w).every((n) => n === 0) ? true : undefined;
      },
      60_000,
      () => 'the line to empty',
    );
    const requests = (await control.get<{ results: SandboxRequest[] }>('requests')).results;
    expect(requests.filter((r) => r.status === 429)).toEqual([]);
  }, 420_000);
});
