import { Api } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import type { StoredOrder } from '../../src/orders/types.ts';
import type { StandInGroup } from '../../src/sandbox/telegram/index.ts';
import type { ChatMessage } from '../../src/sandbox/telegram/types.ts';
import { ADMIN, AGENT, RESELLER, STRANGER, startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { ngNumber, placeOrder } from './agents-support.ts';
import { FAST_USER, WAIT } from './flow/helpers.ts';

const ALERT_CHAT = -1_009_000_000_001;
const SHOP_GROUP = -1_009_000_000_002;

const isCard = (m: ChatMessage) => m.buttons.flat().some((b) => b.text === '🔄 Refresh');

describe('group chats: top-ups, orders and role commands are for private chats only', () => {
  let world: BotWorld;
  let app: App;
  let shop: StandInGroup;
  let alerts: StandInGroup;
  let link: string;

  beforeAll(async () => {
    world = await startBotWorld({
      env: { ALERT_CHAT_ID: String(ALERT_CHAT), ...FAST_USER },
    });
    app = world.apps[0]!;
    shop = world.standIn.driver.group({ id: SHOP_GROUP, title: 'Shop floor' });
    alerts = world.standIn.driver.group({ id: ALERT_CHAT, title: 'Alerts' });
    link = `t.me/${world.standIn.driver.bot.username}`;
  }, 60_000);
  afterAll(async () => {
    await world.close();
  });

  /** Sends a command in a group and returns the bot's next message there. */
  async function inGroup(group: StandInGroup, userId: number, command: string): Promise<ChatMessage> {
    const sent = group.sendCommand(userId, command);
    return group.waitForBotMessage(() => true, { ...WAIT, after: sent.messageId });
  }

  const refusals: Array<[string, number, string]> = [
    ['/topup', RESELLER, 'topup'],
    ['/topup +2348031234567 500 MTN', RESELLER, 'topup'],
    ['/status O-1', AGENT, 'status'],
    ['/orders', RESELLER, 'orders'],
    ['/grant 710000099 reseller', ADMIN, 'grant'],
    ['/users', ADMIN, 'users'],
    ['/stats', ADMIN, 'stats'],
    ['/language', RESELLER, 'language'],
    ['/cancel', RESELLER, 'cancel'],
  ];
  it.each(refusals)(
    'in a group, %s answers "private chats only" and starts nothing',
    async (command, who) => {
      const answer = await inGroup(shop, who, command);
      expect(answer.text).toMatch(/private chat/);
      expect(answer.text).toContain(link);
      expect(answer.buttons.flat()).toHaveLength(0);
      // No flow is kept for the group: a member typing now gets no step of a top-up.
      expect(await app.redis.exists(`rb:conv:${SHOP_GROUP}`)).toBe(0);
      expect(await app.roles.roleOf(710_000_099)).toBeNull();
    },
  );

  it('in a group, /start and /help answer with the link to a private chat and no list of commands', async () => {
    for (const command of ['/start', '/help']) {
      const answer = await inGroup(shop, ADMIN, command);
      expect(answer.text).toContain(link);
      expect(answer.text).not.toContain('/topup');
      expect(answer.text).not.toContain('/grant');
    }
  });

  it('a button pressed in a group (a top-up from before) is refused with a short answer, nothing else', async () => {
    const before = await inGroup(shop, RESELLER, '/orders');
    const pressed = shop.pressData(AGENT, before.id, 't:abc:1:ok');
    const answer = await shop.waitForCallbackAnswer(pressed.queryId, WAIT);
    expect(answer.text).toMatch(/private chat/);
  });

  describe('ALERT_CHAT_ID', () => {
    let order: StoredOrder;
    let alert: ChatMessage;

    beforeAll(async () => {
      order = await placeOrder(app, { resellerId: RESELLER, account: ngNumber(31) });
      // An alert as the alert system sends it: text naming the order and its open button.
      const api = new Api(world.env.BOT_TOKEN!, { apiRoot: world.apiRoot });
      const data = await app.notify.callbacks.dataFor(order.externalOrderId);
      await api.sendMessage(ALERT_CHAT, `⚠️ ${order.orderId} · ${order.externalOrderId}`, {
        reply_markup: { inline_keyboard: [[{ text: order.externalOrderId, callback_data: data }]] },
      });
      alert = await alerts.waitFor((chat) => chat.find((m) => m.text.includes(order.externalOrderId)));
    }, 60_000);

    it('refuses a reseller and a stranger pressing an alert button, and ignores messages', async () => {
      const reseller = alerts.press(RESELLER, alert, order.externalOrderId);
      expect((await alerts.waitForCallbackAnswer(reseller.queryId, WAIT)).text).toBe(
        'Sorry, you may not use this.',
      );
      const stranger = alerts.press(STRANGER, alert, order.externalOrderId);
      expect((await alerts.waitForCallbackAnswer(stranger.queryId, WAIT)).text).toBe(
        'Sorry, you may not use this.',
      );
      alerts.sendCommand(RESELLER, '/topup');
      alerts.sendCommand(ADMIN, '/start');
      alerts.sendText(ADMIN, 'hello');
      // Updates of one chat are handled in order: once the admin's press is answered, all of the above were.
      const admin = alerts.press(ADMIN, alert, order.externalOrderId);
      await alerts.waitForCallbackAnswer(admin.queryId, WAIT);
      const card = await alerts.waitForBotMessage(isCard, { ...WAIT, after: alert.id });
      const botMessages = alerts.chat().filter((m) => m.from === 'bot' && m.id > alert.id);
      expect(botMessages.map((m) => m.id)).toEqual([card.id]);
    });

    it('works for an admin and an agent: the order card, with its Refresh button', async () => {
      for (const who of [ADMIN, AGENT]) {
        const last = alerts.chat().at(-1)!.id;
        const pressed = alerts.press(who, alert, order.externalOrderId);
        const answer = await alerts.waitForCallbackAnswer(pressed.queryId, WAIT);
        expect(answer.text ?? '').not.toContain('may not');
        const card = await alerts.waitForBotMessage(isCard, { ...WAIT, after: last });
        expect(card.text).toContain(order.externalOrderId);
        expect(card.text).toContain(order.orderId!);
      }
    });
  });
});
