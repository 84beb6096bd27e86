import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPin, pinMatches, RedisPinStore } from '../../src/accounts/pin.ts';
import { createLogger } from '../../src/logger.ts';
import type { StandInUser } from '../../src/sandbox/telegram/driver.ts';
import type { ChatMessage } from '../../src/sandbox/telegram/types.ts';
import { ADMIN, AGENT, startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { everythingIn } from '../support/redis-dump.ts';
import {
  FAST_CHATS,
  FAST_USER,
  WAIT,
  current,
  orderPostCount,
  ordersTo,
  say,
  typeToQuote,
  waitForOrders,
} from './flow/helpers.ts';
import { until } from '../support/until.ts';

// PIN_REQUIRED_ABOVE is 1 (USD, the sandbox's merchant currency): 500 NGN costs about 0.31 USD, 5000 NGN about
// 3.13 USD. Each test has its own reseller and its own phone numbers.

const KEYPAD = 'enter your PIN on the keypad';
const LOG: string[] = [];
/** Every PIN any test types: none may appear in a log line or anywhere in Redis. */
const TYPED_PINS = new Set<string>();

let world: BotWorld;
let redis: Redis;
let store: RedisPinStore;
/** How far the bot's clock is ahead of the real one: a test moves past a lock instead of waiting for it. */
let skewMs = 0;
const clock = () => Date.now() + skewMs;

beforeAll(async () => {
  world = await startBotWorld({
    env: { ...FAST_USER, PIN_REQUIRED_ABOVE: '1' },
    // Alerts are grouped for 15 s in production; the tests want them at once.
    overrides: {
      ...FAST_CHATS,
      orderTimings: { alertGrouping: { quietMs: 50, maxHoldMs: 200 } },
      clock,
    },
    logger: createLogger({
      level: 'trace',
      secrets: [],
      destination: { write: (line: string) => LOG.push(line) },
    }),
  });
  redis = new Redis(world.redis.url);
  store = new RedisPinStore({ redis, prefix: 'rb:', clock });
});

afterAll(async () => {
  redis?.disconnect();
  await world?.close();
});

let nextReseller = 710_000_100;
async function newReseller(): Promise<StandInUser> {
  const id = nextReseller++;
  const user = world.standIn.driver.user({ id, firstName: `R${id}`, languageCode: 'en', started: true });
  await world.apps[0]!.roles.change(ADMIN, id, 'reseller');
  return user;
}

/** A PIN of this test run: typed by the tests, watched for in logs and Redis. */
function pin(value: string): string {
  TYPED_PINS.add(value);
  return value;
}

async function setPinDirectly(user: StandInUser, value: string): Promise<void> {
  await store.setHash(user.id, await hashPin(pin(value)));
}

function isKeypad(m: ChatMessage): boolean {
  return m.from === 'bot' && m.text.includes(KEYPAD);
}

/** Confirms the quote and waits for the keypad. */
async function confirmToKeypad(user: StandInUser, quote: ChatMessage): Promise<ChatMessage> {
  user.press(quote, /✅/);
  const keypad = await user.waitForBotMessage(isKeypad, { ...WAIT, after: quote.id });
  // The keypad comes below the quote, which lost its buttons first (placing then sends its own message).
  expect(current(user, quote.id)?.buttons.flat()).toEqual([]);
  return keypad;
}

/** Presses the digits one by one, each after the keypad shows the one before (its data carries the entry). */
async function pressDigits(user: StandInUser, keypad: ChatMessage, digits: string, shown = 0): Promise<void> {
  let count = shown;
  for (const d of digits) {
    const now = current(user, keypad.id)!;
    user.press(now, (b) => b.text === d);
    count++;
    const want = '•'.repeat(count);
    await user.waitFor(() => current(user, keypad.id)?.text.split('\n').includes(want), WAIT);
  }
}

/**
 * A typed PIN as a number of its own: a 4-digit PIN also turns up by chance inside a longer number (a stream ID,
 * a timestamp, an order number), which is no PIN, and so as the last four digits the logger keeps of a longer
 * number it masks (`***4829`: a PIN lock's time in its alert's identity ended so once).
 */
const alone = (pinText: string) => new RegExp(`(?<![\\d*])${pinText}(?!\\d)`);

/** No typed PIN anywhere in Redis. */
async function expectNoPinStored(): Promise<void> {
  const text = await everythingIn(redis);
  for (const p of TYPED_PINS) expect(text).not.toMatch(alone(p));
}

describe('/pin: a reseller sets and changes the PIN', () => {
  it('bad inputs (letters, 3 and 9 digits, a mismatch) are answered and change nothing; every PIN message is deleted', async () => {
    const user = await newReseller();
    await say(user, '/pin', 'Send your new PIN');
    for (const bad of ['abcd', '123', '123456789']) {
      const sent = user.sendText(bad);
      await user.waitForBotMessage((m) => m.text.includes('4 to 8 digits'), {
        ...WAIT,
        after: sent.messageId,
      });
      expect((await store.state(user.id)).hasPin).toBe(false);
    }
    await say(user, pin('60718293'), 'once more');
    await say(user, pin('60718294'), 'not the same');
    expect((await store.state(user.id)).hasPin).toBe(false);
    await say(user, '60718293', 'once more');
    // Waiting for the repeat: the first PIN is stored nowhere but as a salted hash.
    await expectNoPinStored();
    await say(user, '60718293', 'Your PIN is set');
    const hash = (await redis.hget(`rb:pin:{${user.id}}`, 'hash'))!;
    expect(await pinMatches('60718293', hash)).toBe(true);
    // Only the bot's messages and the /pin command are left: every typed PIN was deleted.
    expect(
      user
        .chat()
        .filter((m) => m.from === 'user')
        .map((m) => m.text),
    ).toEqual(['/pin']);

    // Changing it asks for the current PIN first; a wrong one counts as a try.
    await say(user, '/pin', 'current PIN');
    await say(user, pin('9053718'), '4 tries left');
    await say(user, '60718293', 'Send your new PIN');
    await say(user, pin('5172839'), 'once more');
    await say(user, '5172839', 'Your PIN is set');
    expect(await pinMatches('5172839', (await redis.hget(`rb:pin:{${user.id}}`, 'hash'))!)).toBe(true);
    expect(
      user
        .chat()
        .filter((m) => m.from === 'user')
        .map((m) => m.text),
    ).toEqual(['/pin', '/pin']);
    await expectNoPinStored();
  });

  it('/cancel leaves the PIN as it was', async () => {
    const user = await newReseller();
    await setPinDirectly(user, '24681357');
    await say(user, '/pin', 'current PIN');
    await say(user, '/cancel', 'PIN not changed');
    expect(await pinMatches('24681357', (await redis.hget(`rb:pin:{${user.id}}`, 'hash'))!)).toBe(true);
  });
});

describe('the PIN before a large top-up', () => {
  it('below the threshold nothing is asked; above it, with no PIN set, the reseller is sent to /pin and nothing is ordered', async () => {
    const user = await newReseller();
    const small = await typeToQuote(user, '08031235100', '500');
    user.press(small, /✅/);
    expect(await waitForOrders(world, '2348031235100', 1)).toHaveLength(1);
    expect(user.chat().some(isKeypad)).toBe(false);

    const posts = await orderPostCount(world);
    const large = await typeToQuote(user, '08031235101', '5000');
    user.press(large, /✅/);
    const told = await user.waitForBotMessage((m) => m.text.includes('/pin'), { ...WAIT, after: large.id });
    expect(told.text.startsWith('🚫')).toBe(true);
    expect(await orderPostCount(world)).toBe(posts);
    expect(await ordersTo(world, '2348031235101')).toEqual([]);
  });

  it('the keypad: digits show as dots, ⌫ takes one back, the right PIN places the order and the keypad is deleted', async () => {
    const user = await newReseller();
    await setPinDirectly(user, '3141592');
    const posts = await orderPostCount(world);
    const quote = await typeToQuote(user, '08031235200', '5000');
    const keypad = await confirmToKeypad(user, quote);
    const labels = keypad.buttons.flat().map((b) => b.text);
    for (const d of '0123456789') expect(labels).toContain(d);
    expect(labels).toContain('⌫');
    expect(labels.filter((l) => l.includes('✅'))).toHaveLength(1);
    expect(labels.filter((l) => l.includes('❌'))).toHaveLength(1);
    // Asked before anything is ordered.
    expect(await orderPostCount(world)).toBe(posts);

    await pressDigits(user, keypad, '31415');
    user.press(current(user, keypad.id)!, '⌫');
    await user.waitFor(() => current(user, keypad.id)?.text.split('\n').includes('••••'), WAIT);
    await pressDigits(user, keypad, '592', 4);
    // Seven digits typed, OK not pressed: the stored flow holds no digit of it.
    await expectNoPinStored();
    user.press(current(user, keypad.id)!, /✅/);
    const orders = await waitForOrders(world, '2348031235200', 1);
    expect(orders).toHaveLength(1);
    await user.waitFor(() => current(user, keypad.id) === undefined, WAIT);
    expect(await orderPostCount(world)).toBe(posts + 1);
    // The quote lost its buttons before the keypad: the status message is one of its own, sent once the order was
    // stored and recorded with it, so the statuses edit it (the 🔁 buttons end under it).
    const stored = await world.apps[0]!.orders.service.get(orders[0]!.external_order_id);
    expect(stored?.statusMessageId).toBeGreaterThan(keypad.id);
    await user.waitFor(
      (chat) =>
        chat.find(
          (m) =>
            m.id === stored!.statusMessageId && m.buttons.flat().some((b) => b.text.includes('Same number')),
        ),
      WAIT,
    );
  });

  it('a tap on an outdated keypad (a quick double tap) is taken as it came, and the flow goes on', async () => {
    const user = await newReseller();
    await setPinDirectly(user, '2705913');
    const quote = await typeToQuote(user, '08031235250', '5000');
    const keypad = await confirmToKeypad(user, quote);
    await pressDigits(user, keypad, '1');
    // The first render's "2" says the entry is "2" (it was made when nothing was typed): one dot still.
    const stale = keypad.buttons.flat().find((b) => b.text === '2')!.data!;
    const tap = user.pressData(keypad.id, stale);
    await user.waitForCallbackAnswer(tap.queryId, WAIT);
    // The keypad is drawn again for the entry "2" (same dots, other buttons).
    await user.waitFor(
      () =>
        current(user, keypad.id)
          ?.buttons.flat()
          .find((b) => b.text === '7')
          ?.data?.endsWith(':pk:27'),
      WAIT,
    );
    await pressDigits(user, keypad, '705913', 1);
    user.press(current(user, keypad.id)!, /✅/);
    expect(await waitForOrders(world, '2348031235250', 1)).toHaveLength(1);
    await user.waitFor(() => current(user, keypad.id) === undefined, WAIT);
  });

  it('a typed PIN works too and its message is deleted; ❌ on the keypad cancels without ordering', async () => {
    const user = await newReseller();
    await setPinDirectly(user, '6392170');
    const quote = await typeToQuote(user, '08031235300', '5000');
    const keypad = await confirmToKeypad(user, quote);
    const typed = user.sendText('6392170');
    expect(await waitForOrders(world, '2348031235300', 1)).toHaveLength(1);
    await user.waitFor(
      () => current(user, keypad.id) === undefined && current(user, typed.messageId) === undefined,
      WAIT,
    );

    const again = await typeToQuote(user, '08031235301', '5000');
    const second = await confirmToKeypad(user, again);
    user.press(second, /❌/);
    await user.waitForBotMessage((m) => m.text.includes('cancelled'), { ...WAIT, after: second.id });
    await user.waitFor(() => current(user, second.id) === undefined, WAIT);
    expect(await ordersTo(world, '2348031235301')).toEqual([]);
  });

  it('five wrong PINs lock: no order call, admins alerted, refused with 🚫 while locked, allowed after the lock expires', async () => {
    const user = await newReseller();
    await setPinDirectly(user, '9753186');
    const admin = world.standIn.driver.user({ id: ADMIN });
    const posts = await orderPostCount(world);
    const quote = await typeToQuote(user, '08031235400', '5000');
    const keypad = await confirmToKeypad(user, quote);
    for (const left of [4, 3, 2, 1]) {
      const sent = user.sendText(pin(`4${left}80273`));
      await user.waitFor(() => current(user, keypad.id)?.text.includes(`${left} tr`), WAIT);
      expect(current(user, sent.messageId)).toBeUndefined();
    }
    // The last wrong try goes through the keypad.
    await pressDigits(user, keypad, pin('5091826'));
    user.press(current(user, keypad.id)!, /✅/);
    const locked = await user.waitForBotMessage(
      (m) => m.text.startsWith('🚫') && m.text.includes('15 more min'),
      {
        ...WAIT,
        after: keypad.id,
      },
    );
    expect(locked.text).toContain('locked');
    await user.waitFor(() => current(user, keypad.id) === undefined, WAIT);
    expect(await orderPostCount(world)).toBe(posts);

    const alert = await admin.waitFor(
      (chat) => chat.find((m) => m.from === 'bot' && m.text.includes(`${user.id} typed a wrong PIN 5 times`)),
      WAIT,
    );
    expect(alert.text).toContain('15 min');

    // While locked, a top-up above the threshold is refused at ✅, before any keypad, even with the right PIN known.
    const refused = await typeToQuote(user, '08031235401', '5000');
    user.press(refused, /✅/);
    const again = await user.waitForBotMessage((m) => m.text.startsWith('🚫'), {
      ...WAIT,
      after: refused.id,
    });
    expect(again.text).toMatch(/locked for 1[45] more min/);
    expect(user.chat().filter(isKeypad)).toHaveLength(0);
    // One below the threshold is not touched by the lock.
    const small = await typeToQuote(user, '08031235402', '500');
    user.press(small, /✅/);
    expect(await waitForOrders(world, '2348031235402', 1)).toHaveLength(1);
    expect(await ordersTo(world, '2348031235401')).toEqual([]);

    // The lock is a Redis key with a TTL: expire it, and the right PIN places the order again.
    await redis.pexpire(`rb:pin:{${user.id}}:lock`, 1);
    await until(async () => (await store.state(user.id)).lockedMs === 0, 'the lock to end', WAIT.timeoutMs);
    const after = await typeToQuote(user, '08031235403', '5000');
    const keypad2 = await confirmToKeypad(user, after);
    await pressDigits(user, keypad2, '9753186');
    user.press(current(user, keypad2.id)!, /✅/);
    expect(await waitForOrders(world, '2348031235403', 1)).toHaveLength(1);

    // The alert went through the logs (so they were captured); no PIN ever did.
    expect(LOG.some((line) => line.includes('pin-locked'))).toBe(true);
    for (const p of TYPED_PINS) expect(LOG.join('\n')).not.toMatch(alone(p));
    await expectNoPinStored();
  });

  it('the threshold is compared with what the reseller pays: a margin that lifts a small top-up above it asks for the PIN', async () => {
    const user = await newReseller();
    await setPinDirectly(user, '4829');
    const admin = world.standIn.driver.user({ id: ADMIN });
    // 500 NGN costs the wallet about 0.31 USD (below PIN_REQUIRED_ABOVE, 1); with 300 % the reseller pays about 1.25.
    await say(admin, `/pricing set reseller ${user.id} 300%`, 'Rule set');
    try {
      const quote = await typeToQuote(user, '08031235190', '500');
      expect(quote.text).toContain('Your credit pays');
      const keypad = await confirmToKeypad(user, quote);
      user.press(keypad, /❌/);
      await user.waitForBotMessage((m) => m.text.includes('cancelled'), { ...WAIT, after: keypad.id });
      expect(await ordersTo(world, '2348031235190')).toEqual([]);
    } finally {
      await say(admin, `/pricing del reseller ${user.id}`, 'Rule deleted');
    }
  });

  it("admins are never asked; an admin sets a reseller's own threshold, which wins over PIN_REQUIRED_ABOVE", async () => {
    const admin = world.standIn.driver.user({ id: ADMIN });
    const quote = await typeToQuote(admin, '08031235500', '5000');
    admin.press(quote, /✅/);
    expect(await waitForOrders(world, '2348031235500', 1)).toHaveLength(1);
    expect(admin.chat().some(isKeypad)).toBe(false);

    const user = await newReseller();
    await setPinDirectly(user, '2468013');
    await say(admin, `/pin ${user.id} 10`, 'above 10');
    // 3.13 USD is below the reseller's own 10: not asked.
    const under = await typeToQuote(user, '08031235501', '5000');
    user.press(under, /✅/);
    expect(await waitForOrders(world, '2348031235501', 1)).toHaveLength(1);
    await say(admin, `/pin ${user.id} 0.1`, 'above 0.1');
    // 0.31 USD is above 0.1: asked, although PIN_REQUIRED_ABOVE (1) would not ask.
    const over = await typeToQuote(user, '08031235502', '500');
    await confirmToKeypad(user, over);
    await say(user, '/cancel', 'cancelled');
    await say(admin, `/pin ${user.id} off`, 'never asked');
    const off = await typeToQuote(user, '08031235503', '5000');
    user.press(off, /✅/);
    expect(await waitForOrders(world, '2348031235503', 1)).toHaveLength(1);
    const state = await say(admin, `/pin ${user.id}`, `${user.id}: PIN`);
    expect(state.text).toContain('PIN set');
    expect(state.text).toContain('never (off)');
    await say(admin, `/pin ${user.id} default`, 'PIN_REQUIRED_ABOVE');
    expect((await store.state(user.id)).above).toBeUndefined();
  });

  it("each lock doubles the next, the third in a day holds until an admin's /pin <id> unlock (a reseller's is refused), and admins are alerted each time", async () => {
    const user = await newReseller();
    const admin = world.standIn.driver.user({ id: ADMIN });
    await setPinDirectly(user, '8024613');
    const wrong = pin('1357913');
    let phone = 8031235600;
    /** Four wrong tries counted directly, the fifth typed on the keypad: the bot's answer to it. */
    const lockThroughChat = async (): Promise<ChatMessage> => {
      for (let i = 0; i < 4; i++) expect((await store.check(user.id, wrong)).kind).toBe('wrong');
      const keypad = await confirmToKeypad(user, await typeToQuote(user, `0${phone++}`, '5000'));
      user.sendText(wrong);
      return user.waitForBotMessage((m) => m.text.startsWith('🚫'), { ...WAIT, after: keypad.id });
    };
    const alerted = (text: string) =>
      admin.waitFor(
        (chat) =>
          chat.find((m) => m.from === 'bot' && m.text.includes(`${user.id} typed`) && m.text.includes(text)),
        WAIT,
      );
    const posts = await orderPostCount(world);

    expect((await lockThroughChat()).text).toContain('locked for 15 more min');
    expect((await alerted('15 min')).text).toContain('typed a wrong PIN 5 times');
    skewMs += 16 * 60_000;
    expect((await lockThroughChat()).text).toContain('locked for 30 more min');
    expect((await alerted('30 min')).text).toContain('typed a wrong PIN 5 times');
    skewMs += 31 * 60_000;
    expect((await lockThroughChat()).text).toContain('until an admin');
    expect((await alerted('until an admin')).text).toContain(`/pin ${user.id} unlock`);
    expect(await orderPostCount(world)).toBe(posts);

    // Held past any time: a month later a top-up above the threshold is still refused at ✅, before any keypad.
    skewMs += 30 * 86_400_000;
    const keypads = user.chat().filter(isKeypad).length;
    const held = await typeToQuote(user, `0${phone++}`, '5000');
    user.press(held, /✅/);
    const refused = await user.waitForBotMessage((m) => m.text.startsWith('🚫'), { ...WAIT, after: held.id });
    expect(refused.text).toContain('until an admin');
    expect(user.chat().filter(isKeypad)).toHaveLength(keypads);

    // Only an admin lifts it: the reseller's own /pin <id> unlock is refused and changes nothing.
    await say(user, `/pin ${user.id} unlock`, 'not available for your role');
    expect(await store.state(user.id)).toMatchObject({ untilUnlock: true });
    await say(admin, `/pin ${user.id} unlock`, 'lock lifted');
    const answer = admin.chat().findLast((m) => m.from === 'bot' && m.text.includes('lock lifted'))!;
    expect(answer.text).toContain('PIN set');
    expect(answer.text).toContain('not locked');
    expect(await store.state(user.id)).toMatchObject({ hasPin: true, lockedMs: 0, untilUnlock: false });
    const after = await typeToQuote(user, `0${phone++}`, '5000');
    const keypad = await confirmToKeypad(user, after);
    user.sendText('8024613');
    expect(await waitForOrders(world, `234${phone - 1}`, 1)).toHaveLength(1);
    await user.waitFor(() => current(user, keypad.id) === undefined, WAIT);

    // No PIN in a log, an alert or Redis.
    for (const p of TYPED_PINS) {
      expect(LOG.join('\n')).not.toMatch(alone(p));
      for (const m of admin.chat()) expect(m.text).not.toMatch(alone(p));
    }
    await expectNoPinStored();
  });

  it("an admin's bad /pin input is answered and changes nothing; unlock keeps the PIN, reset clears it", async () => {
    const admin = world.standIn.driver.user({ id: ADMIN });
    const user = await newReseller();
    await setPinDirectly(user, '11223344');
    await store.setThreshold(user.id, '7');
    await say(admin, `/pin ${user.id} abc`, 'not an amount');
    await say(admin, `/pin ${user.id} 1.23456`, 'not an amount');
    await say(admin, `/pin ${user.id} -5`, 'not an amount');
    await say(admin, `/pin ${AGENT} 5`, 'not a reseller');
    await say(admin, '/pin', '/pin <user id>');
    expect((await store.state(user.id)).above).toBe('7');
    for (let i = 0; i < 5; i++) await store.check(user.id, '99999999');
    expect((await store.state(user.id)).lockedMs).toBeGreaterThan(0);
    await say(admin, `/pin ${user.id} unlock`, 'lock lifted');
    expect(await store.state(user.id)).toMatchObject({ hasPin: true, above: '7', lockedMs: 0 });
    await say(admin, `/pin ${user.id} reset`, 'PIN cleared');
    expect(await store.state(user.id)).toMatchObject({ hasPin: false, above: '7', lockedMs: 0 });
    // An agent may not use /pin.
    const agent = world.standIn.driver.user({ id: AGENT });
    await say(agent, `/pin ${user.id} off`, 'not available for your role');
    expect((await store.state(user.id)).above).toBe('7');
  });
});
