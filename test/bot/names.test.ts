import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import type { StandInUser } from '../../src/sandbox/telegram/driver.ts';
import type { ChatMessage } from '../../src/sandbox/telegram/types.ts';
import { ADMIN, STRANGER, startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { ask, eventually, ngNumber, placeOrder } from './agents-support.ts';
import { FAST_CHATS, FAST_USER, WAIT } from './flow/helpers.ts';

/** A reseller whose Telegram name holds markup, an ampersand, a right-to-left override and emoji. */
const SHOP = 710_000_060;
const FIRST = '<b>Rita & Co</b>';
const LAST = '\u202Eoc.pohs 🛒';
/** How admin views show the shop: the name intact (isolated), the username, the ID. */
const SHOWN = `\u2068${FIRST} ${LAST}\u2069 (@rita_shop) ${SHOP}`;
/** The same in the HTML the bot sent: the name escaped, the ID in <code>. */
const SENT = `\u2068&lt;b&gt;Rita &amp; Co&lt;/b&gt; ${LAST}\u2069 (@rita_shop) <code>${SHOP}</code>`;
/** A reseller who never wrote to the bot: named by their ID alone. */
const SILENT = 710_000_061;

describe('names, not numbers: admins see the Telegram name beside the ID', () => {
  let world: BotWorld;
  let app: App;
  let admin: StandInUser;
  let shop: StandInUser;

  beforeAll(async () => {
    world = await startBotWorld({
      env: FAST_USER,
      overrides: { ...FAST_CHATS, orderTimings: { alertGrouping: { quietMs: 50, maxHoldMs: 500 } } },
    });
    app = world.apps[0]!;
    admin = world.standIn.driver.user({ id: ADMIN });
    shop = world.standIn.driver.user({
      id: SHOP,
      firstName: FIRST,
      lastName: LAST,
      username: 'rita_shop',
      languageCode: 'en',
      started: true,
    });
    world.standIn.driver.user({ id: SILENT, firstName: 'Silvia', languageCode: 'en', started: true });
    await app.roles.change(ADMIN, SHOP, 'reseller');
    await app.roles.change(ADMIN, SILENT, 'reseller');
  }, 30_000);

  afterAll(async () => {
    await world?.close();
  });

  const names = () => app.redis.hgetall(`${app.config.redis.prefix}names`);

  /** The HTML of the bot's last message to the admin, as sent to the Bot API. */
  function sentToAdmin(): string {
    const calls = world.standIn.driver.calls('sendMessage').filter((c) => c.params['chat_id'] === ADMIN);
    return String(calls.at(-1)?.params['text']);
  }

  it("a stranger's /start records nothing; a reseller's first update records their name", async () => {
    const stranger = world.standIn.driver.user({ id: STRANGER });
    const sent = stranger.sendCommand('/start');
    await stranger.waitForBotMessage(() => true, { ...WAIT, after: sent.messageId });
    await eventually(async () => (await app.redis.get(`rb:upd:${sent.updateId}`)) === 'd');
    expect(Object.keys(await names())).not.toContain(String(STRANGER));
    expect(JSON.stringify(await names())).not.toContain('Sam');
    const keys: string[] = [];
    for await (const batch of app.redis.scanStream({ match: `*${STRANGER}*` }))
      keys.push(...(batch as string[]));
    expect(keys.filter((key) => key !== `rb:rl:${STRANGER}`)).toEqual([]);

    await ask(shop, '/balance');
    expect(JSON.parse((await names())[String(SHOP)]!)).toEqual({
      first: FIRST,
      last: LAST,
      username: 'rita_shop',
    });
    expect(Object.keys(await names())).not.toContain(String(SILENT));
  });

  it('/users, /balance and /balance <id> show the name escaped and intact; an unknown name shows the ID alone', async () => {
    const users = await ask(admin, '/users');
    expect(users.text).toContain(`\n${SHOWN} — reseller\n`);
    expect(users.text).toContain(`\n${SILENT} — reseller\n`);
    expect(sentToAdmin()).toContain(`${SENT} — reseller`);
    expect(sentToAdmin()).not.toContain('<b>Rita');

    const balances = (await ask(admin, '/balance')).text.split('\n');
    expect(balances.find((line) => line.startsWith(SHOWN))).toMatch(/: balance .*, available /);
    expect(balances.find((line) => line.startsWith(`${SILENT}: balance`))).toBeDefined();
    expect(sentToAdmin()).toContain(`${SENT}: balance`);

    const one = await ask(admin, `/balance ${SHOP}`);
    expect(one.text.split('\n')[0]).toBe(`💰 Credit of ${SHOWN}`);
    // /pin <id> names the reseller too.
    expect((await ask(admin, `/pin ${SHOP}`)).text).toContain(`Reseller ${SHOWN}: no PIN set`);
  });

  it('/stats names the reseller among its books', async () => {
    const order = await placeOrder(app, { resellerId: SHOP, account: ngNumber(601) });
    await eventually(
      async () => (await app.orders.service.get(order.externalOrderId))?.status === 'succeeded',
    );
    const stats = await ask(admin, '/stats', (m: ChatMessage) => m.kind === 'text');
    const today = stats.text.split('\n\n')[0]!.split('\n');
    expect(today.find((line) => line.startsWith(`• ${SHOWN}: `))).toBeDefined();
    expect(sentToAdmin()).toContain(`• ${SENT}: `);
  });

  it('an alert about the reseller names them, escaped and intact', async () => {
    const before = admin.lastBotMessage()?.id ?? 0;
    await app.notify.alerts.raise({ kind: 'pin-locked', userId: SHOP, tries: 5, minutes: 15 });
    const alert = await admin.waitForBotMessage((m) => m.text.startsWith('🔒'), { ...WAIT, after: before });
    expect(alert.text).toBe(
      `🔒 Reseller ${SHOWN} typed a wrong PIN 5 times: their top-ups that need the PIN are locked for 15 min.`,
    );
    expect(sentToAdmin()).toContain(`Reseller ${SENT} typed`);
  });

  it('a new name is shown once the user writes again', async () => {
    world.standIn.driver.user({ id: SHOP, firstName: 'Rita Renamed' });
    // The answers are told by their text: the chart of an earlier /stats may still arrive in the admin's chat.
    const balance = (m: ChatMessage) => m.text.startsWith('💰');
    // Nothing written yet: the admin still sees the name the reseller last wrote with.
    expect((await ask(admin, `/balance ${SHOP}`, balance)).text).toContain(FIRST);
    await ask(shop, '/balance', balance);
    const renamed = `\u2068Rita Renamed ${LAST}\u2069 (@rita_shop) ${SHOP}`;
    expect((await ask(admin, `/balance ${SHOP}`, balance)).text.split('\n')[0]).toBe(
      `💰 Credit of ${renamed}`,
    );
    expect((await ask(admin, '/users', (m) => m.text.includes(' — '))).text).toContain(
      `\n${renamed} — reseller\n`,
    );
  });
});
