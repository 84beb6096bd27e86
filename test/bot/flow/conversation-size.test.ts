import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, RESELLER, startBotWorld, type BotWorld } from '../../support/bot-world.ts';
import { waitFor } from '../../orders/support/world.ts';
import { storedJson } from '../../../src/bot/conversations/compact-replay.ts';
import { FAST_USER, PROMPT, say, tap, typeToPhone } from './helpers.ts';

// Issue 13: what one chat in a top-up holds in Redis (its conversation and its session) stays within 2 KB.
// Counted as bench/memory.ts counts it: MEMORY USAGE with SAMPLES 0.
const LIMIT = 2048;

describe('top-up flow: stored state per chat', () => {
  let world: BotWorld;
  let redis: Redis;
  beforeAll(async () => {
    world = await startBotWorld({ env: FAST_USER });
    redis = new Redis(world.redis.url);
  });
  afterAll(async () => {
    redis?.disconnect();
    await world?.close();
  });

  /**
   * Bytes of the chat's conversation and session keys once the conversation stored its answer to `last` (the
   * prompt reaches the chat before the state is written), with the stored conversation for the message.
   */
  async function storedAfter(chatId: number, last: string): Promise<{ bytes: number; conversation: string }> {
    // Read back as the bot reads it (the value is deflated).
    const conversation = await waitFor(async () => {
      const stored = await redis.getBuffer(`rb:conv:${chatId}`);
      const json = stored === null ? 'null' : storedJson(stored);
      return json.includes(JSON.stringify(last)) ? json : undefined;
    });
    let bytes = 0;
    for (const key of [`rb:conv:${chatId}`, `rb:session:${chatId}`]) {
      bytes += Number((await redis.call('MEMORY', 'USAGE', key, 'SAMPLES', '0')) ?? 0);
    }
    return { bytes, conversation };
  }

  it('typed answers: at the phone prompt and at the quote, at most 2 KB', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    await typeToPhone(user);
    const atPhone = await storedAfter(RESELLER, '500');
    expect(
      atPhone.bytes,
      `${atPhone.bytes} B stored; the conversation: ${atPhone.conversation}`,
    ).toBeLessThanOrEqual(LIMIT);
    await say(user, '08031234567', PROMPT.quote);
    const atQuote = await storedAfter(RESELLER, '08031234567');
    expect(
      atQuote.bytes,
      `${atQuote.bytes} B stored; the conversation: ${atQuote.conversation}`,
    ).toBeLessThanOrEqual(LIMIT);
    await say(user, '/cancel', /cancelled/);
  });

  it('buttons (country, operator, subtype): at the quote, at most 2 KB', async () => {
    const user = world.standIn.driver.user({ id: ADMIN });
    const countries = await say(user, '/topup', PROMPT.country);
    const operators = await tap(user, countries, /Nigeria/, PROMPT.operator);
    const subtypes = await tap(user, operators, /^MTN/, PROMPT.subtype);
    await tap(user, subtypes, 'Airtime', PROMPT.amount);
    await say(user, '500', PROMPT.phone);
    await say(user, '08031234568', PROMPT.quote);
    const atQuote = await storedAfter(ADMIN, '08031234568');
    expect(
      atQuote.bytes,
      `${atQuote.bytes} B stored; the conversation: ${atQuote.conversation}`,
    ).toBeLessThanOrEqual(LIMIT);
    await say(user, '/cancel', /cancelled/);
  });
});
