import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPin, RedisPinStore } from '../../src/accounts/pin.ts';
import { storedJson } from '../../src/bot/conversations/compact-replay.ts';
import type { App } from '../../src/app.ts';
import { createLogger } from '../../src/logger.ts';
import type { StandInUser } from '../../src/sandbox/telegram/driver.ts';
import type { ChatMessage } from '../../src/sandbox/telegram/types.ts';
import { ADMIN, startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { everythingIn } from '../support/redis-dump.ts';
import { FAST_USER, WAIT, current, typeToQuote, waitForOrders } from './flow/helpers.ts';
import { holdBudget } from '../support/budget-hold.ts';
import { until } from '../support/until.ts';

// Issue 29, item 3: no secret a user types is ever stored, not even while its order waits in line. The request
// budget is held full while a reseller confirms a PIN-protected top-up (on the keypad, then typed), so the
// update that carried the PIN is kept in Redis for as long as its order waits (`line:resume`). Redis runs with
// AOF on: once the orders are placed, every key and value, the AOF files and the logs are searched for the
// PIN's digits.

/** A digit string found nowhere else in a run (no phone number, ID or amount of this test holds it). */
const PIN = '86420135';
const LIMIT = 3;
const WINDOW_MS = 3_000;
const KEYPAD = 'enter your PIN on the keypad';
const LOG: string[] = [];

let world: BotWorld;
let app: App;
let redis: Redis;

beforeAll(async () => {
  world = await startBotWorld({
    env: { ...FAST_USER, PIN_REQUIRED_ABOVE: '1', MERCHANT_RATE_LIMIT_PER_MINUTE: String(LIMIT) },
    overrides: { budgetWindowMs: WINDOW_MS },
    sandbox: { rateLimitPerMinute: LIMIT, rateLimitWindowMs: WINDOW_MS },
    redisServer: { appendOnly: true },
    logger: createLogger({
      level: 'trace',
      secrets: [],
      destination: { write: (line: string) => LOG.push(line) },
    }),
  });
  app = world.apps[0]!;
  redis = new Redis(world.redis.url);
  // The catalogue is read once (cached for hours in production): only the quotes and orders use the budget.
  await app.catalogue.countries();
  await app.catalogue.operators('NG');
}, 60_000);

afterAll(async () => {
  redis?.disconnect();
  await world?.close();
});

/** Confirms the quote and waits for the keypad. */
async function confirmToKeypad(user: StandInUser, quote: ChatMessage): Promise<ChatMessage> {
  user.press(quote, /✅/);
  return user.waitForBotMessage((m) => m.from === 'bot' && m.text.includes(KEYPAD), {
    ...WAIT,
    after: quote.id,
  });
}

/** Gives the PIN (`enter`), with the budget held until the update that carried it is kept in line. */
async function giveInLine(enter: () => void, account: string): Promise<void> {
  const release = holdBudget(app.budget, LIMIT);
  try {
    enter();
    await until(async () => (await redis.hlen('rb:line:resume')) > 0, 'the wait to be kept', WAIT.timeoutMs);
  } finally {
    await release();
  }
  expect(await waitForOrders(world, account, 1, 60_000)).toHaveLength(1);
  await until(async () => (await redis.hlen('rb:line:resume')) === 0, 'the kept wait to be resumed', 60_000);
}

/** The AOF files as they are on disk (Redis 7: a directory of base and increment files). */
async function aofText(): Promise<string> {
  const dir = ((await redis.config('GET', 'dir')) as string[])[1]!;
  const sub = ((await redis.config('GET', 'appenddirname')) as string[])[1]!;
  const aofDir = join(dir, sub);
  const names = await readdir(aofDir);
  expect(names.some((n) => n.includes('.incr.'))).toBe(true);
  const texts = await Promise.all(names.map((n) => readFile(join(aofDir, n), 'latin1')));
  // Every stored conversation ever written, inflated (the last one alone is in Redis now): the value after an
  // `rb:conv:<chat>` key in the files' RESP, a zero byte and the deflated JSON.
  const flows = texts.flatMap((text) =>
    [...text.matchAll(/\r\nrb:conv:\d+\r\n\$(\d+)\r\n/g)].map((m) => {
      const start = m.index + m[0].length;
      const value = Buffer.from(text.slice(start, start + Number(m[1])), 'latin1');
      expect(value[0]).toBe(0);
      return storedJson(value);
    }),
  );
  expect(flows.length).toBeGreaterThan(0);
  return [...texts, ...flows].join('\n');
}

/** Where `text` holds the PIN, each with a little of what surrounds it (an empty list when nowhere). */
function sightings(text: string): string[] {
  const found: string[] = [];
  for (let at = text.indexOf(PIN); at >= 0; at = text.indexOf(PIN, at + 1)) {
    found.push(text.slice(Math.max(0, at - 60), at + PIN.length + 20));
  }
  return found;
}

describe('a PIN-protected top-up that waits in line', () => {
  it("leaves the PIN's digits nowhere: not in any Redis key or value, not in the AOF files, not in a log", async () => {
    const id = 762_000_001;
    world.standIn.driver.user({ id, firstName: 'Pia', languageCode: 'en', started: true });
    await app.roles.change(ADMIN, id, 'reseller');
    const user = world.standIn.driver.user({ id });
    await new RedisPinStore({ redis, prefix: 'rb:' }).setHash(id, await hashPin(PIN));

    // On the keypad: 5000 NGN costs about 3.13 USD, above PIN_REQUIRED_ABOVE (1).
    const quote = await typeToQuote(user, '08031236100', '5000');
    const keypad = await confirmToKeypad(user, quote);
    for (const [i, d] of [...PIN].entries()) {
      user.press(current(user, keypad.id)!, (b) => b.text === d);
      await user.waitFor(
        () =>
          current(user, keypad.id)
            ?.text.split('\n')
            .includes('•'.repeat(i + 1)),
        WAIT,
      );
    }
    await giveInLine(() => user.press(current(user, keypad.id)!, /✅/), '2348031236100');

    // Typed: the message is deleted, and its update waits in line in the same way.
    const second = await typeToQuote(user, '08031236101', '5000');
    const keypad2 = await confirmToKeypad(user, second);
    await giveInLine(() => user.sendText(PIN), '2348031236101');
    await user.waitFor(() => current(user, keypad2.id) === undefined, WAIT);

    expect(sightings(await everythingIn(redis))).toEqual([]);
    expect(sightings(await aofText())).toEqual([]);
    expect(LOG.length).toBeGreaterThan(0);
    expect(sightings(LOG.join('\n'))).toEqual([]);
  }, 120_000);
});
