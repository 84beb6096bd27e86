import { Api, Bot } from 'grammy';
import type { Update } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BotContext } from '../../src/bot/context.ts';
import { createChatScope } from '../../src/bot/features/chat-scope.ts';
import { createI18n } from '../../src/bot/i18n.ts';
import { createTelegramStandIn, type TelegramStandIn } from '../../src/sandbox/telegram/index.ts';

const OWNER = 720_000_001;
const OTHER = 720_000_002;

/**
 * A callback query carries the presser (from) apart from the message's chat. Telegram only shows a private
 * chat's buttons to its user, but the bot must not rely on it: a press whose presser is not the private
 * chat's user never reaches a flow.
 */
describe('chat scope: a private chat belongs to its one user', () => {
  let standIn: TelegramStandIn;
  let bot: Bot<BotContext>;
  let api: Api;
  const reached: number[] = [];

  beforeAll(async () => {
    standIn = createTelegramStandIn({});
    const { apiRoot } = await standIn.listen();
    standIn.driver.user({ id: OWNER, firstName: 'Rita', languageCode: 'en', started: true });
    standIn.driver.user({ id: OTHER, firstName: 'Olu', languageCode: 'en', started: true });
    api = new Api(standIn.token, { apiRoot });
    bot = new Bot<BotContext>(standIn.token, { client: { apiRoot } });
    await bot.init();
    bot.use(createI18n<BotContext>('en'));
    bot.use(async (ctx, next) => {
      ctx.role = 'reseller';
      await next();
    });
    bot.use(createChatScope());
    bot.on('callback_query', async (ctx) => {
      reached.push(ctx.from.id);
      await ctx.answerCallbackQuery({ text: 'step' });
    });
  });
  afterAll(async () => {
    await standIn.close();
  });

  /** The owner's press on a flow message, as the stand-in made it (not handed to any bot yet). */
  async function ownersPress(): Promise<{ update: Update; queryId: string }> {
    const message = await api.sendMessage(OWNER, 'Which country?', {
      reply_markup: { inline_keyboard: [[{ text: 'Nigeria', callback_data: 't:abc:1:NG' }]] },
    });
    const pressed = standIn.driver.user({ id: OWNER }).press(message.message_id, 'Nigeria');
    const update = standIn.driver.updates().find((u) => u.update_id === pressed.updateId);
    if (update === undefined) throw new Error('no update for the press');
    return { update: structuredClone(update) as unknown as Update, queryId: pressed.queryId };
  }

  it("lets the chat's own user through", async () => {
    const { update, queryId } = await ownersPress();
    await bot.handleUpdate(update);
    expect(reached).toEqual([OWNER]);
    const answer = standIn.driver
      .user({ id: OWNER })
      .callbackAnswers()
      .find((a) => a.queryId === queryId);
    expect(answer?.text).toBe('step');
  });

  it('refuses a press on a private chat message by anyone else, with a short answer', async () => {
    reached.length = 0;
    const { update, queryId } = await ownersPress();
    update.callback_query!.from = { id: OTHER, is_bot: false, first_name: 'Olu', language_code: 'en' };
    await bot.handleUpdate(update);
    expect(reached).toEqual([]);
    const answer = standIn.driver
      .user({ id: OWNER })
      .callbackAnswers()
      .find((a) => a.queryId === queryId);
    expect(answer?.text).toBe('I work in private chats only.');
  });
});
