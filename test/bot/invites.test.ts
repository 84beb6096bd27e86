import { createHash } from 'node:crypto';
import jsqr from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LIVE_INVITES, RedisInviteStore, parseInviteArguments } from '../../src/accounts/invites.ts';
import type { App } from '../../src/app.ts';
import type { StandInUser } from '../../src/sandbox/telegram/driver.ts';
import type { ChatMessage } from '../../src/sandbox/telegram/types.ts';
import { ADMIN, RESELLER, STRANGER, startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { everythingIn } from '../support/redis-dump.ts';
import { ask, eventually } from './agents-support.ts';
import { FAST_CHATS, FAST_USER, WAIT } from './flow/helpers.ts';

const DAY_MS = 86_400_000;
const LINK = /https:\/\/t\.me\/recharge_demo_bot\?start=([A-Za-z0-9_-]+)/;
const START_CREDIT = '25';
type QrDecoder = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
/** jsqr is CommonJS with the decoder as `exports.default`: loaders differ in which of the two they hand over. */
const jsQR = ((jsqr as unknown as { default?: QrDecoder }).default ?? jsqr) as unknown as QrDecoder;

describe('invite links: /invite, /invites and /start <payload>', () => {
  let world: BotWorld;
  let app: App;
  let admin: StandInUser;
  /** Added to the app's clock (the invites' expiry): a test moves it past an expiry instead of waiting. */
  let shift = 0;
  /** Every payload the bot handed out, to look for in Redis at the end. */
  const payloads: string[] = [];
  let nextUser = 710_000_900;

  beforeAll(async () => {
    world = await startBotWorld({
      env: { ...FAST_USER, RESELLER_START_CREDIT: START_CREDIT },
      overrides: {
        ...FAST_CHATS,
        clock: () => Date.now() + shift,
        orderTimings: { alertGrouping: { quietMs: 200, maxHoldMs: 1_000 } },
      },
    });
    app = world.apps[0]!;
    admin = world.standIn.driver.user({ id: ADMIN });
  }, 30_000);

  afterAll(async () => {
    await world?.close();
  });

  function newUser(firstName: string, extra: { lastName?: string; username?: string } = {}): StandInUser {
    return world.standIn.driver.user({
      id: nextUser++,
      firstName,
      languageCode: 'en',
      started: true,
      ...extra,
    });
  }

  /** `/invite …` as the admin: the link message, its payload and the QR photo. */
  async function invite(
    args: string,
  ): Promise<{ message: ChatMessage; payload: string; photo: ChatMessage }> {
    const sent = admin.sendCommand(`/invite ${args}`);
    const message = await admin.waitForBotMessage((m) => LINK.test(m.text), {
      ...WAIT,
      after: sent.messageId,
    });
    const photo = await admin.waitForBotMessage((m) => m.kind === 'photo', { ...WAIT, after: message.id });
    const payload = LINK.exec(message.text)![1]!;
    payloads.push(payload);
    return { message, payload, photo };
  }

  function inviteId(message: ChatMessage): string {
    return /Invite ([A-Z2-9]{6})/.exec(message.text)![1]!;
  }

  /** The user opens the link: Telegram sends `/start <payload>`. */
  function open(user: StandInUser, payload: string, expect: (m: ChatMessage) => boolean = () => true) {
    return ask(user, `/start ${payload}`, expect);
  }

  /** The admin's `/invites` answer (not a greeting still on its way from an earlier /start). */
  function liveInvites(): Promise<ChatMessage> {
    return ask(admin, '/invites', (m) => /^(🎟 Live invites|No live invites)/.test(m.text));
  }

  /** Bot messages the user got after `id`. */
  function botMessagesAfter(user: StandInUser, id: number): ChatMessage[] {
    return user.chat().filter((m) => m.from === 'bot' && m.id > id);
  }

  it('answers with the deep link and a QR code of it; the payload is 32 characters of A-Z a-z 0-9 _ -', async () => {
    const { message, payload, photo } = await invite('reseller');
    expect(message.text).toMatch(/^🎟 Invite [A-Z2-9]{6}: whoever opens this link becomes reseller at once\./);
    expect(message.text).toContain('Uses: 1 · valid until ');
    expect(payload).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(photo.text).toBe(`QR code of invite ${inviteId(message)} (reseller)`);

    const bytes = world.standIn.driver.fileBytes(photo.file!.fileId)!;
    const png = PNG.sync.read(Buffer.from(bytes));
    expect(png.width).toBeGreaterThanOrEqual(200);
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(`https://t.me/recharge_demo_bot?start=${payload}`);
  });

  it('whoever opens it becomes reseller at once, with the start credit and the menu; admins are told who it was', async () => {
    const { message, payload } = await invite('reseller 2');
    const nia = newUser('Nia', { lastName: 'Okafor', username: 'nia_shop' });
    const adminBefore = admin.lastBotMessage()!.id;

    const welcome = await open(nia, payload, (m) => m.text.startsWith('🎉'));
    expect(welcome.text).toContain('Welcome, Nia! You are now a reseller: top up phones with /topup');
    expect(await app.roles.roleOf(nia.id)).toBe('reseller');
    expect((await app.accounts.view(nia.id)).balance).toBe(START_CREDIT);
    await nia.waitFor(() => nia.commands().some((c) => c.command === 'topup'));
    // The plain /start follows the welcome: the greeting of a user with a role.
    await nia.waitForBotMessage((m) => m.text.startsWith('Hello Nia!'), { ...WAIT, after: welcome.id });

    const notice = await admin.waitForBotMessage((m) => m.text.startsWith('🎟 Nia'), {
      ...WAIT,
      after: adminBefore,
    });
    expect(notice.text).toBe(
      `🎟 Nia Okafor (@nia_shop) ${nia.id} joined as reseller through invite ${inviteId(message)} made by ${ADMIN}.`,
    );
    expect(
      notice.entities.some(
        (e) => e.type === 'code' && notice.text.slice(e.offset).startsWith(String(nia.id)),
      ),
    ).toBe(true);

    // Named at once in the admins' views, before she writes anything else.
    expect((await ask(admin, '/users')).text).toContain('\u2068Nia Okafor\u2069 (@nia_shop)');

    // Opened again: she is reseller already, so the use stays for someone else.
    const again = await open(nia, payload, (m) => m.text.startsWith('You are already'));
    expect(again.text).toBe(
      'You are already reseller: this invite changes nothing and stays for whoever it was meant for.',
    );
    const list = await liveInvites();
    expect(list.text).toContain(`${inviteId(message)} · reseller · uses left: 1/2`);

    // Revoked and invited back: the role again, the start credit not again.
    await ask(admin, `/revoke ${nia.id}`);
    const back = await open(nia, payload, (m) => m.text.startsWith('🎉'));
    expect(back.text).toContain('You are now a reseller');
    expect(await app.roles.roleOf(nia.id)).toBe('reseller');
    expect((await app.accounts.view(nia.id)).balance).toBe(START_CREDIT);
    expect((await liveInvites()).text).not.toContain(inviteId(message));

    // Used up: the next person gets nothing.
    const late = newUser('Lateo');
    const refused = await open(late, payload);
    expect(refused.text).toBe(
      '🚫 This invite link has been used up: it gives no access. Ask whoever sent it for a new one.',
    );
    expect(await app.roles.roleOf(late.id)).toBeNull();
    expect((await app.accounts.view(late.id)).balance).toBe('0');
  });

  it('an admin invite raises a reseller to admin; an admin opening a reseller invite stays admin and takes no use', async () => {
    const upgrade = await invite('admin');
    const rita = world.standIn.driver.user({ id: RESELLER });
    const welcome = await open(rita, upgrade.payload, (m) => m.text.startsWith('🎉'));
    expect(welcome.text).toContain('You are now an admin');
    expect(await app.roles.roleOf(RESELLER)).toBe('admin');
    await app.roles.change(ADMIN, RESELLER, 'reseller');

    const lower = await invite('reseller');
    const refused = await open(admin, lower.payload, (m) => m.text.startsWith('You are already'));
    expect(refused.text).toContain('You are already admin');
    expect(await app.roles.roleOf(ADMIN)).toBe('admin');
    expect((await liveInvites()).text).toContain(`${inviteId(lower.message)} · reseller · uses left: 1/1`);
  });

  it('an expired invite grants nothing', async () => {
    const { message, payload } = await invite('agent 3 1');
    expect(message.text).toContain('becomes support agent at once');
    shift = 2 * DAY_MS;
    try {
      const late = newUser('Tardy');
      const refused = await open(late, payload);
      expect(refused.text).toBe(
        '⌛ This invite link has expired: it gives no access. Ask whoever sent it for a new one.',
      );
      expect(await app.roles.roleOf(late.id)).toBeNull();
      expect((await liveInvites()).text).not.toContain(inviteId(message));
    } finally {
      shift = 0;
    }
  });

  it('revoked through its button, it grants nothing; a stale, forged or foreign press changes nothing and is answered', async () => {
    const { message, payload } = await invite('reseller 5 30');
    const id = inviteId(message);
    const list = await ask(admin, '/invites', (m) => m.text.includes(id));
    const button = list.buttons.flat().find((b) => b.text === `❌ Revoke ${id}`)!;

    // A reseller who forged the press: refused, the invite still live.
    const rita = world.standIn.driver.user({ id: RESELLER });
    const ritaSays = await ask(rita, '/help');
    const foreign = rita.pressData(ritaSays.id, button.data!);
    expect((await rita.waitForCallbackAnswer(foreign.queryId)).text).toBe('Sorry, you may not use this.');

    const pressed = admin.press(list, `❌ Revoke ${id}`);
    expect((await admin.waitForCallbackAnswer(pressed.queryId)).text).toBe(
      `Invite ${id} revoked: its link no longer works.`,
    );
    await admin.waitFor((chat) => chat.find((m) => m.id === list.id && !m.text.includes(id)));

    const stale = admin.pressData(list.id, button.data!);
    expect((await admin.waitForCallbackAnswer(stale.queryId)).text).toBe(
      'This invite is no longer live: nothing changed.',
    );
    const forged = admin.pressData(list.id, 'inv:x:ZZZZZZ');
    expect((await admin.waitForCallbackAnswer(forged.queryId)).text).toBe(
      'This invite is no longer live: nothing changed.',
    );
    const garbled = admin.pressData(list.id, 'inv:x:not-an-id');
    expect((await admin.waitForCallbackAnswer(garbled.queryId)).text).toBe('This button no longer works.');

    const late = newUser('Revo');
    const refused = await open(late, payload);
    expect(refused.text).toBe(
      '🚫 This invite link was revoked: it gives no access. Ask whoever sent it for a new one.',
    );
    expect(await app.roles.roleOf(late.id)).toBeNull();
  });

  it("guessed payloads and a stranger's plain /start cause nothing but the refusal that shows their ID", async () => {
    const sam = world.standIn.driver.user({ id: STRANGER });
    const requests = await world.merchantRequestCount();
    const random32 = createHash('sha256').update('guess').digest('base64url').slice(0, 32);
    const guesses = [
      '',
      random32,
      random32.slice(0, 31),
      `${random32}x`,
      `${random32}${random32}x`,
      `${random32.slice(0, 31)}!`,
      'referral_42',
    ];
    for (const guess of guesses) {
      const before = sam.lastBotMessage()?.id ?? 0;
      const answer = await ask(sam, `/start ${guess}`.trim());
      expect(answer.text).toContain(`Send your Telegram ID ${STRANGER} to an admin`);
      // The next /start's answer comes after everything this one sent (one update at a time per chat).
      const barrier = await ask(sam, '/start');
      expect(botMessagesAfter(sam, before).map((m) => m.id)).toEqual([answer.id, barrier.id]);
    }
    expect(await app.roles.roleOf(STRANGER)).toBeNull();
    expect(await world.merchantRequestCount()).toBe(requests);
  });

  it('two people opening the last use at the same moment: exactly one gets the role', async () => {
    const { payload } = await invite('agent');
    const [first, second] = [newUser('Una'), newUser('Duo')];
    const answers = await Promise.all([open(first, payload), open(second, payload)]);
    const roles = [await app.roles.roleOf(first.id), await app.roles.roleOf(second.id)];
    expect(roles.filter((role) => role === 'agent')).toHaveLength(1);
    expect(roles.filter((role) => role === null)).toHaveLength(1);
    expect(answers.filter((m) => m.text.startsWith('🎉'))).toHaveLength(1);
    expect(answers.filter((m) => m.text.startsWith('🚫 This invite link has been used up'))).toHaveLength(1);

    // And many at once, straight on the store: one use, one grant.
    const store = new RedisInviteStore({ redis: app.redis, prefix: 'race:' });
    const made = await store.create(ADMIN, 'reseller', 1, 1);
    if (!made.ok) throw new Error('not made');
    const opened = await Promise.all(Array.from({ length: 20 }, () => store.redeem(made.payload, null)));
    expect(opened.filter((o) => o.kind === 'granted')).toHaveLength(1);
    expect(opened.filter((o) => o.kind === 'used-up')).toHaveLength(19);
  });

  it('bad /invite arguments get a clear 🚫 and make nothing; only admins may invite; live invites are capped', async () => {
    const live = (await liveInvites()).text;
    for (const args of [
      '',
      'boss',
      'reseller 0',
      'reseller 1001',
      'reseller 1 0',
      'reseller 1 91',
      'reseller x',
      'agent 1 1 more',
    ]) {
      const answer = await ask(admin, `/invite ${args}`.trim(), (m) => m.text.startsWith('🚫'));
      expect(answer.text).toBe(
        '🚫 Send /invite <reseller|agent|admin> [uses] [days]: uses from 1 to 1,000 (default 1), days from 1 to 90 (default 7). Nothing was made.',
      );
    }
    expect((await liveInvites()).text).toBe(live);
    expect(parseInviteArguments('ADMIN 1000 90')).toEqual({ role: 'admin', uses: 1000, days: 90 });

    const rita = world.standIn.driver.user({ id: RESELLER });
    expect((await ask(rita, '/invite reseller')).text).toBe('This command is not available for your role.');
    expect((await ask(rita, '/invites')).text).toBe('This command is not available for your role.');

    const store = new RedisInviteStore({ redis: app.redis, prefix: 'cap:' });
    for (let i = 0; i < MAX_LIVE_INVITES; i++)
      expect((await store.create(ADMIN, 'reseller', 1, 1)).ok).toBe(true);
    expect(await store.create(ADMIN, 'reseller', 1, 1)).toEqual({ ok: false, reason: 'too-many' });
    expect(await store.list()).toHaveLength(MAX_LIVE_INVITES);
  });

  it('no payload is ever in Redis in clear, only its SHA-256; the invites list shows short IDs', async () => {
    expect(payloads.length).toBeGreaterThan(5);
    const everything = await everythingIn(app.redis);
    for (const payload of payloads) {
      expect(everything).not.toContain(payload);
      expect(everything).toContain(createHash('sha256').update(payload).digest('hex'));
    }
    const list = await liveInvites();
    for (const payload of payloads) expect(list.text).not.toContain(payload.slice(0, 8));
    await eventually(async () => (await app.redis.exists('rb:invites:live')) === 1);
    expect(await app.redis.pttl('rb:invites:live')).toBeGreaterThan(0);
  });
});
