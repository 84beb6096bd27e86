import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredOrder } from '../../src/orders/types.ts';
import type { ChatMessage, StandInUser } from '../../src/sandbox/telegram/index.ts';
import { eventually, ngNumber, placeOrder } from '../bot/agents-support.ts';
import { ADMIN, AGENT, RESELLER, STRANGER, startBotWorld, type BotWorld } from '../support/bot-world.ts';

// Every command and button for every role (none, reseller, agent, admin), with forged callback data and data
// copied from another user's message: nothing is reachable that the role does not allow. The policy is written
// out here from the issue, not read from the code under test.

const OTHER_RESELLER = 710_000_005;
const TARGET = 710_000_099;
const LAST4 = '4821';

type Who = 'none' | 'reseller' | 'agent' | 'admin';
const ROLES: readonly Who[] = ['none', 'reseller', 'agent', 'admin'];
const ID: Record<Who, number> = { none: STRANGER, reseller: OTHER_RESELLER, agent: AGENT, admin: ADMIN };

const POLICY: Record<string, readonly Who[]> = {
  '/start': ROLES,
  '/help': ROLES,
  '/cancel': ROLES,
  '/language': ROLES,
  '/topup': ['reseller', 'admin'],
  '/status': ['reseller', 'agent', 'admin'],
  '/orders': ['reseller', 'agent', 'admin'],
  '/users': ['admin'],
  [`/grant ${TARGET} reseller`]: ['admin'],
  [`/revoke ${TARGET}`]: ['admin'],
  // Resellers see figures of their own orders only (issue 17).
  '/stats': ['reseller', 'admin'],
  '/health': ['admin'],
  '/receipt': ['reseller', 'agent', 'admin'],
  '/shop Corner Shop': ['reseller'],
  '/timezone': ['reseller'],
};

/** Commands that answer with an image after their text: the test waits for it before the next command. */
const WITH_IMAGE = new Set(['/stats', '/receipt']);

const DENIED = /^Sorry, you may not use this|^This command is not available for your role/;

describe('access table', () => {
  let world: BotWorld;
  let order: StoredOrder;
  const users = {} as Record<Who, StandInUser>;
  let owner: StandInUser;

  beforeAll(async () => {
    // Each role's chat sends dozens of commands in a row: the bot's one-message-a-second pace per chat (Telegram's
    // limit) is not what this table is about, so it is lifted (calls to a chat stay one at a time, in order).
    world = await startBotWorld({
      env: { USER_UPDATE_LIMIT: '10000' },
      overrides: { telegramChatMinTimeMs: 0 },
    });
    world.standIn.driver.user({ id: OTHER_RESELLER, firstName: 'Otto', languageCode: 'en', started: true });
    await world.apps[0]!.roles.change(ADMIN, OTHER_RESELLER, 'reseller');
    for (const who of ROLES) users[who] = world.standIn.driver.user({ id: ID[who] });
    owner = world.standIn.driver.user({ id: RESELLER });
    order = await placeOrder(world.apps[0]!, { resellerId: RESELLER, account: ngNumber(1, LAST4) });
  });
  afterAll(async () => {
    await world?.close();
  });

  /** Sends a command; resolves with the bot's first answer. */
  const command = async (user: StandInUser, text: string): Promise<ChatMessage> => {
    const sent = user.sendCommand(text);
    return user.waitForBotMessage(() => true, { after: sent.messageId, timeoutMs: 20_000 });
  };

  /**
   * Presses `data` on the user's own latest bot message and returns what the chat gained because of it: the
   * callback answer and every bot message or edit up to the answer to a /help sent right after (updates of a
   * chat are handled in order, so that answer closes the window).
   */
  const press = async (user: StandInUser, data: string) => {
    const anchor = user.lastBotMessage() ?? (await command(user, '/help'));
    const before = new Map(user.chat().map((m) => [m.id, m.text]));
    const { queryId } = user.pressData(anchor.id, data);
    const answer = await user.waitForCallbackAnswer(queryId, { timeoutMs: 20_000 });
    const closing = await command(user, '/help');
    const gained = user
      .chat()
      .filter((m) => m.from === 'bot' && m.id < closing.id && before.get(m.id) !== m.text);
    return { answer, gained };
  };

  // What another reseller must never learn: the service's order ID and any digits of the phone number (the
  // merchant order number itself may be echoed back to whoever typed it).
  const leaks = (texts: string[]) =>
    texts.filter((t) => (order.orderId !== undefined && t.includes(order.orderId)) || t.includes(LAST4));

  it('the order to look at exists', () => {
    expect(order.externalOrderId).toBeTruthy();
  });

  for (const [text, allowed] of Object.entries(POLICY)) {
    for (const who of ROLES) {
      const expected = allowed.includes(who) ? 'allowed' : 'refused';
      it(`${who} ${text}: ${expected}`, async () => {
        const user = users[who];
        const args = text === '/status' || text === '/receipt' ? `${text} ${order.externalOrderId}` : text;
        const roleBefore = await world.apps[0]!.roles.roleOf(TARGET);
        const reply = await command(user, args);
        if (expected === 'refused') {
          expect(reply.text).toMatch(DENIED);
          expect(leaks([reply.text])).toEqual([]);
          expect(await world.apps[0]!.roles.roleOf(TARGET)).toBe(roleBefore);
        } else {
          expect(reply.text).not.toMatch(DENIED);
        }
        if (text === '/topup') await command(user, '/cancel');
        // Another reseller's receipt is refused like their /status; everyone else allowed gets a text and an image.
        const imaged =
          expected === 'allowed' && WITH_IMAGE.has(text) && !(text === '/receipt' && who === 'reseller');
        if (imaged) {
          const image = await user.waitForBotMessage((m) => m.kind === 'photo', {
            after: reply.id,
            timeoutMs: 20_000,
          });
          if (who === 'reseller') expect(leaks([reply.text, image.text])).toEqual([]);
        }
        if (text === '/receipt' && expected === 'allowed') {
          if (who === 'reseller') expect(leaks([reply.text])).toEqual([]);
          else expect(reply.text).toContain(order.orderId);
        }
        if (text === '/status' && expected === 'allowed') {
          // A reseller asking about another reseller's order learns nothing about it.
          if (who === 'reseller') expect(leaks([reply.text])).toEqual([]);
          else expect(reply.text).toContain(order.orderId);
        }
      });
    }
  }

  it('admin /grant and /revoke did change the role; nobody else could', async () => {
    const audit = await command(users.admin, '/users');
    expect(audit.text).toContain(String(TARGET));
    expect(await world.apps[0]!.roles.roleOf(TARGET)).toBeNull();
  });

  const orderButtons = (ext: string) => [
    `ord:open:${ext}`,
    `ord:rf:${ext}`,
    `ord:requote:${ext}`,
    `rp:s:${ext}`,
    `rp:a:${ext}`,
    `rcpt:m:${ext}`,
    `rcpt:${order.orderId}`,
  ];

  for (const who of ROLES) {
    it(`${who}: forged order buttons of another reseller's order show nothing they may not see`, async () => {
      const user = users[who];
      for (const data of orderButtons(order.externalOrderId)) {
        const { answer, gained } = await press(user, data);
        expect(answer.answered).toBe(true);
        const texts = [answer.text ?? '', ...gained.map((m) => m.text)];
        const mayRead = who === 'agent' || who === 'admin';
        if (!mayRead || !data.startsWith('ord:open')) {
          if (!mayRead) expect(leaks(texts)).toEqual([]);
        }
        // Only the top-up roles may start a flow from a button, and never with someone else's number.
        const flow = texts.some((t) =>
          /^🌍 Which country|^📶 Which operator|^💵 How much|^📱 Send the phone/.test(t),
        );
        if (who === 'none' || who === 'agent') expect(flow).toBe(false);
        await command(user, '/cancel');
      }
    });
  }

  for (const who of ROLES) {
    it(`${who}: order list buttons follow the /orders rule and a reseller sees only their own orders`, async () => {
      const user = users[who];
      for (const data of ['ol:-:0:', 'ol:q', `ol:succeeded:0:${order.externalOrderId}`]) {
        const { answer, gained } = await press(user, data);
        expect(answer.answered).toBe(true);
        const texts = [answer.text ?? '', ...gained.map((m) => m.text)];
        if (who === 'none') expect(answer.text ?? '').toMatch(DENIED);
        if (who === 'none' || who === 'reseller') expect(leaks(texts)).toEqual([]);
        await command(user, '/cancel');
      }
    });
  }

  it("nobody can confirm another user's quote with its copied button data, nor with made-up data", async () => {
    const ordersBefore = (await world.control.get<{ count: number }>('orders')).count;
    // The owner gets a live quote.
    await command(owner, '/topup');
    owner.sendText('Nigeria');
    await owner.waitForBotMessage((m) => m.text.includes('Which operator'));
    owner.sendText('MTN');
    await owner.waitForBotMessage((m) => m.text.includes('What do you want to buy'));
    owner.sendText('Airtime');
    await owner.waitForBotMessage((m) => m.text.includes('How much'));
    owner.sendText('500');
    await owner.waitForBotMessage((m) => m.text.includes('Send the phone number'));
    owner.sendText(`+${ngNumber(2)}`);
    const reply = await owner.waitForBotMessage((m) => m.text.startsWith('Please check this top-up'));
    const confirm = reply.buttons.flat().find((b) => b.text.includes('✅'))!.data!;
    const [, flow, seq] = confirm.split(':');
    const forged = [
      confirm,
      `t:${flow}:${Number(seq) + 1}:ok`,
      `t:${flow}:0:ok`,
      't:x:1:ok',
      `${confirm}:x`,
      'x'.repeat(64),
    ];
    for (const who of ROLES) {
      for (const data of forged) {
        const { answer } = await press(users[who], data);
        expect(answer.answered).toBe(true);
      }
    }
    expect((await world.control.get<{ count: number }>('orders')).count).toBe(ordersBefore);
    // The owner's own quote still works (renewed if it expired meanwhile): pressing it places exactly one order.
    let quote = reply;
    for (let attempt = 0; attempt < 3; attempt++) {
      owner.press(quote, /✅/);
      // Placing edits the quote's own message; a renewed quote is a new one.
      const next = await owner.waitForBotMessage(
        (m) =>
          (m.id > quote.id && m.text.startsWith('Please check this top-up')) ||
          (m.id === quote.id && m.text.startsWith('⏳ Placing')),
        { after: quote.id - 1, timeoutMs: 20_000 },
      );
      if (next.text.startsWith('⏳ Placing')) break;
      quote = next;
    }
    await eventually(
      async () => (await world.control.get<{ count: number }>('orders')).count === ordersBefore + 1,
    );
    await owner.waitFor(
      (chat) =>
        chat.some((m) => m.id === quote.id && m.buttons.flat().some((b) => b.text.includes('Same number'))),
      { timeoutMs: 20_000 },
    );
    expect((await world.control.get<{ count: number }>('orders')).count).toBe(ordersBefore + 1);
  });

  it('language buttons are open to all and change nothing else', async () => {
    for (const who of ROLES) {
      for (const data of ['lang:en', 'lang:xx', 'lang:']) {
        const { answer } = await press(users[who], data);
        expect(answer.answered).toBe(true);
      }
      expect(await world.apps[0]!.roles.roleOf(ID[who])).toBe(who === 'none' ? null : who);
    }
  });
});
