import { afterEach, describe, expect, it } from 'vitest';
import { hashPin, RedisPinStore } from '../../src/accounts/pin.ts';
import { createRequestBudget } from '../../src/merchant/budget.ts';
import type { StandInUser } from '../../src/sandbox/telegram/driver.ts';
import type { ChatMessage } from '../../src/sandbox/telegram/types.ts';
import { controlClient } from '../support/bot-world.ts';
import { PROMPT, current, say, type SandboxOrder } from '../bot/flow/helpers.ts';
import { waitForValue } from './support/crash-bot-process.ts';
import { startTwoReplicas, type TwoReplicas } from './support/two-replicas.ts';
import { holdBudget } from '../support/budget-hold.ts';

// Issue 29, item 3: the update that carried a PIN is kept in Redis while its order waits in line with the PIN
// hidden, so the replica that handles it again (the first one died) never sees the PIN. It goes on all the same:
// the PIN it carried was right, which is what was remembered (by update). Two whole replicas (ROLE=all, webhook
// mode behind a round-robin balancer) share a Redis, the sandbox and the stand-in; two resellers give their PIN
// on replica A (one on the keypad, one typed) while the request budget is full; A is SIGKILLed; B takes them up.

const ADMIN = 710_000_003;
const RESELLERS = [762_100_001, 762_100_002];
const PIN = '97531864';
const LIMIT = 2;
const WINDOW_MS = 4_000;
const PREFIX = 'rb:';

const national = (i: number) => `08031${String(28_000 + i).padStart(6, '0')}`;
const digits = (i: number) => `234${national(i).slice(1)}`;
const isKeypad = (m: ChatMessage) => m.from === 'bot' && m.text.includes('enter your PIN on the keypad');
const isOrderLine = (m: ChatMessage) => /^(⏳|🔎|✅|⚠️|↩️)/u.test(m.text) && m.text.includes('O-');

/** Types a 5000 NGN top-up (about 3.13 USD, above PIN_REQUIRED_ABOVE) to the quote, confirms it: the keypad. */
async function toKeypad(user: StandInUser, i: number): Promise<ChatMessage> {
  await say(user, '/topup', PROMPT.country);
  await say(user, 'Nigeria', PROMPT.operator);
  await say(user, 'MTN', PROMPT.subtype);
  await say(user, 'Airtime', PROMPT.amount);
  await say(user, '5000', PROMPT.phone);
  const quote = await say(user, national(i), PROMPT.quote);
  user.press(quote, /✅/);
  return user.waitForBotMessage(isKeypad, { timeoutMs: 60_000, after: quote.id });
}

describe('a PIN given while the budget is full, its replica killed', () => {
  let replicas: TwoReplicas | null = null;

  afterEach(async () => {
    await replicas?.close();
    replicas = null;
  });

  it('is taken up by the other replica from the kept update, PIN hidden: each order is placed once and the PIN is not asked again', async () => {
    replicas = await startTwoReplicas({
      admin: ADMIN,
      resellers: RESELLERS,
      namePrefix: 'P',
      limit: LIMIT,
      windowMs: WINDOW_MS,
      env: { PIN_REQUIRED_ABOVE: '1' },
    });
    const { parts, redis } = replicas;
    const driver = parts.standIn.driver;
    const admin = driver.user({ id: ADMIN });
    const [onKeypad, typing] = RESELLERS.map((id) => driver.user({ id })) as [StandInUser, StandInUser];
    const pins = new RedisPinStore({ redis, prefix: PREFIX });
    for (const id of RESELLERS) {
      await say(admin, `/grant ${id} reseller`, 'is now reseller');
      await pins.setHash(id, await hashPin(PIN));
    }
    const keypads = [await toKeypad(onKeypad, 0), await toKeypad(typing, 1)];
    for (const [i, d] of [...PIN].entries()) {
      onKeypad.press(current(onKeypad, keypads[0]!.id)!, (b) => b.text === d);
      await onKeypad.waitFor(
        () =>
          current(onKeypad, keypads[0]!.id)
            ?.text.split('\n')
            .includes('•'.repeat(i + 1)),
        { timeoutMs: 20_000 },
      );
    }

    // The budget is full from here on: both PINs are given on A and both orders wait in line there.
    const budget = createRequestBudget({ redis, prefix: PREFIX, limitPerMinute: LIMIT, windowMs: WINDOW_MS });
    const release = holdBudget(budget, LIMIT);
    let released = false;
    try {
      onKeypad.press(current(onKeypad, keypads[0]!.id)!, /✅/);
      typing.sendText(PIN);
      const kept = await waitForValue(
        async () => {
          const all = await redis.hgetall(`${PREFIX}line:resume`);
          return Object.keys(all).length === 2 ? Object.values(all).join('\n') : undefined;
        },
        60_000,
        () => 'both updates kept in line',
      );
      // Kept with the PIN hidden.
      expect(kept).not.toContain(PIN);
      await waitForValue(
        () => (driver.pendingUpdateCount() === 0 ? true : undefined),
        60_000,
        () => `${driver.pendingUpdateCount()} updates still pending`,
      );
      await replicas.failOver();
      await release();
      released = true;

      // B handles both kept updates again: each flow goes on to its order, whose status message offers to top up again.
      for (const user of [onKeypad, typing]) {
        await user.waitFor(
          (chat) =>
            chat.find((m) => isOrderLine(m) && m.buttons.flat().some((b) => b.text.includes('Same number'))),
          { timeoutMs: 120_000 },
        );
      }
    } finally {
      if (!released) await release();
    }

    const control = controlClient(parts.urls.controlUrl);
    const orders = (await control.get<{ results: SandboxOrder[] }>('orders')).results;
    for (const i of RESELLERS.keys()) {
      expect(
        orders.filter((o) => o.account === digits(i)),
        `orders to ${digits(i)}`,
      ).toHaveLength(1);
    }
    for (const [i, user] of [onKeypad, typing].entries()) {
      // Never asked again: no note on the keypad, no second keypad; the keypad is gone.
      const texts = driver
        .calls()
        .filter((c) => c.params.chat_id === user.id && /^(sendMessage|editMessageText)$/.test(c.method))
        .map((c) => String(c.params.text));
      expect(texts.filter((t) => /4 to 8 digits|wrong PIN|tries? left/.test(t))).toEqual([]);
      // "Placing" written once: the replica that handled the kept update found the order's status message.
      expect(texts.filter((t) => t.includes('Placing the order'))).toHaveLength(1);
      expect(user.chat().filter(isKeypad)).toEqual([]);
      expect(current(user, keypads[i]!.id)).toBeUndefined();
    }
  }, 300_000);
});
