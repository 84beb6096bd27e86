import type { Api } from 'grammy';
import type { Update } from 'grammy/types';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createI18n } from '../../src/bot/i18n.ts';
import { createWaitingLine } from '../../src/bot/waiting-line.ts';
import { createRequestBudget } from '../../src/merchant/budget.ts';
import type { TelegramStandIn } from '../../src/sandbox/telegram/index.ts';
import { startApiWorld, type ApiWorld } from '../support/api-world.ts';
import { until } from '../support/until.ts';

// A wait whose replica died is handled again by another (resumeOrphans). When that second handling is served at
// once (the line moved on meanwhile), the dead waiter's "In line" message must still say the turn came, not that
// the wait ended: it is the same place, and the quote follows it.

const PREFIX = 'wl:';
const CHAT = 730_000_001;

let world: ApiWorld;
let redis: Redis;
let standIn: TelegramStandIn;
let api: Api;

beforeAll(async () => {
  world = await startApiWorld();
  ({ redis, standIn, api } = world);
});

afterAll(() => world.close());

describe('the waiting line, handled again after its waiter died', () => {
  it('a resumed wait served at once takes the dead waiter’s message over: "Your turn came"', async () => {
    const i18n = createI18n('en');
    const translate = (locale: string, key: string, vars?: Record<string, string | number>) =>
      i18n.t(locale, key, vars);
    const budget = createRequestBudget({ redis, prefix: PREFIX, limitPerMinute: 60 });
    const line = createWaitingLine({ redis, prefix: PREFIX, budget, translate });
    const user = standIn.driver.user({ id: CHAT, firstName: 'Wes', languageCode: 'en', started: true });
    const update: Update = {
      update_id: 5_001,
      message: {
        message_id: user.sendText('+2348031234567').messageId,
        date: Math.floor(Date.now() / 1000),
        chat: { id: CHAT, type: 'private', first_name: 'Wes' },
        from: { id: CHAT, is_bot: false, first_name: 'Wes' },
        text: '+2348031234567',
      },
    };
    const place = line.placeOf(CHAT, 'top-up', 3);

    // The first waiter shows its place and dies before its turn (no end()).
    const dead = line.notice({ api, chatId: CHAT, locale: 'en', id: place, leavable: true, update });
    dead.onWait({ position: 2, etaMs: 20_000 });
    const inLine = await user.waitForBotMessage((m) => m.text.includes('In line'), { timeoutMs: 10_000 });
    await until(
      async () => (await redis.hget(`${PREFIX}line:resume`, place))?.includes('messageId') === true,
      'the wait to be kept',
    );

    // Another replica handles the update again; the line is free by then, so the quote is served without waiting.
    const handled: Update[] = [];
    expect(await line.resumeOrphans((u) => handled.push(u), api)).toBe(1);
    expect(handled.map((u) => u.update_id)).toEqual([update.update_id]);
    const again = line.notice({ api, chatId: CHAT, locale: 'en', id: place, leavable: true, update });
    await again.end('served');

    expect(user.chat().find((m) => m.id === inLine.id)?.text).toBe(translate('en', 'line-served'));
    expect(await redis.hlen(`${PREFIX}line:resume`)).toBe(0);
    // Nothing is left for a later pass to close as "ended".
    expect(await line.resumeOrphans(() => undefined, api)).toBe(0);
    expect(user.chat().find((m) => m.id === inLine.id)?.text).toBe(translate('en', 'line-served'));
  });
});
