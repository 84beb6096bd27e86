// A real grammY bot against the stand-in over loopback, in long-polling mode (bot.start and
// @grammyjs/runner), driven by simulated users.

import { autoRetry } from '@grammyjs/auto-retry';
import { run, sequentialize } from '@grammyjs/runner';
import { Bot, GrammyError, InlineKeyboard, Keyboard } from 'grammy';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTelegramStandIn, type TelegramStandIn } from '../../../src/sandbox/telegram/index.ts';

let standIn: TelegramStandIn;
let apiRoot: string;
const stops: (() => Promise<unknown>)[] = [];
const botErrors: unknown[] = [];

beforeEach(async () => {
  standIn = createTelegramStandIn({ users: [] });
  ({ apiRoot } = await standIn.listen());
});
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
  await standIn.close();
  expect(botErrors.splice(0)).toEqual([]);
});

const newBot = (): Bot => {
  const bot = new Bot(standIn.token, { client: { apiRoot } });
  bot.catch((error) => {
    botErrors.push(error.error);
  });
  return bot;
};

/** bot.start() in the background, stopped after the test; resolves once the bot is long-polling. */
async function startPolling(bot: Bot): Promise<void> {
  const running = bot.start({ timeout: 30 } as Parameters<Bot['start']>[0]);
  stops.push(async () => {
    if (bot.isRunning()) await bot.stop();
    await running.catch(() => undefined);
  });
  await standIn.driver.waitFor(() => standIn.driver.isLongPolling());
}

describe('grammY in long-polling mode', () => {
  it('receives commands, text and contacts, and shows and removes a reply keyboard', async () => {
    const bot = newBot();
    bot.command('start', (ctx) =>
      ctx.reply(`Welcome, ${ctx.from?.first_name} (${ctx.from?.language_code})`, {
        reply_markup: new Keyboard().requestContact('📱 Share my number').resized().oneTime(),
      }),
    );
    bot.on('message:contact', (ctx) => {
      const own = ctx.message.contact.user_id === ctx.from.id;
      return ctx.reply(`Got ${ctx.message.contact.phone_number} (${own ? 'yours' : 'someone else'})`, {
        reply_markup: { remove_keyboard: true },
      });
    });
    bot.on('message:text', (ctx) => ctx.reply(`echo: ${ctx.message.text}`));
    await startPolling(bot);

    const rita = standIn.driver.user({
      id: 4242,
      firstName: 'Rita',
      languageCode: 'es',
      phone: '2348031234567',
    });
    rita.sendCommand('/start');
    expect((await rita.waitForBotMessage()).text).toBe('Welcome, Rita (es)');
    expect(rita.replyKeyboard()).toMatchObject({
      rows: [[{ text: '📱 Share my number', requestContact: true }]],
      oneTime: true,
      resize: true,
      hidden: false,
    });

    rita.pressKeyboard('📱 Share my number');
    expect((await rita.waitForBotMessage()).text).toBe('Got 2348031234567 (yours)');
    expect(rita.replyKeyboard()).toBeUndefined();
    expect(rita.chat().find((m) => m.kind === 'contact')?.contact).toEqual({
      phoneNumber: '2348031234567',
      firstName: 'Rita',
      userId: 4242,
    });

    rita.sendContact('+234 803 000 0000', { firstName: 'Customer' });
    expect((await rita.waitForBotMessage()).text).toBe('Got +234 803 000 0000 (someone else)');
    rita.sendText('  hello  ');
    expect((await rita.waitForBotMessage()).text).toBe('echo: hello');

    // Every update was handled once, and confirmed by the offset of the bot's next getUpdates.
    await standIn.driver.waitFor(() => standIn.driver.pendingUpdateCount() === 0);
    expect(standIn.driver.updates()).toHaveLength(4);
    expect(rita.chat().filter((m) => m.from === 'bot')).toHaveLength(4);
  });

  it('answers callback queries, removes the keyboard by an edit, and sees "message is not modified"', async () => {
    const bot = newBot();
    const refusals: string[] = [];
    const quoteKeyboard = new InlineKeyboard()
      .text('✅ Confirm', 'confirm:7')
      .text('🔄 Refresh', 'refresh:7');
    bot.command('quote', (ctx) => ctx.reply('Quote: 500 NGN', { reply_markup: quoteKeyboard }));
    const notModified = async (edit: Promise<unknown>): Promise<void> => {
      try {
        await edit;
      } catch (error) {
        if (!(error instanceof GrammyError)) throw error;
        refusals.push(`${error.error_code} ${error.description}`);
      }
    };
    bot.callbackQuery(/^confirm:/, async (ctx) => {
      await ctx.answerCallbackQuery({ text: 'Placing the order' });
      await notModified(ctx.editMessageText('⏳ Order O-1 placed'));
    });
    bot.callbackQuery(/^refresh:/, async (ctx) => {
      await notModified(ctx.editMessageText('Quote: 500 NGN', { reply_markup: quoteKeyboard }));
      await ctx.answerCallbackQuery({ text: 'Still valid', show_alert: true });
    });
    await startPolling(bot);

    const rita = standIn.driver.user({ id: 4243, firstName: 'Rita' });
    rita.sendCommand('/quote');
    const quote = await rita.waitForBotMessage((m) => m.buttons.length > 0);

    const refresh = rita.press(quote, /Refresh/);
    expect(await rita.waitForCallbackAnswer(refresh.queryId)).toMatchObject({
      text: 'Still valid',
      showAlert: true,
    });
    const NOT_MODIFIED =
      '400 Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message';
    expect(refusals).toEqual([NOT_MODIFIED]);

    const confirm = rita.press(quote.id, '✅ Confirm');
    expect(await rita.waitForCallbackAnswer(confirm.queryId)).toMatchObject({
      text: 'Placing the order',
      showAlert: false,
    });
    const placed = await rita.waitFor((chat) => chat.find((m) => m.id === quote.id && m.edited));
    expect(placed).toMatchObject({ text: '⏳ Order O-1 placed', buttons: [] });

    // The ✅ button is gone from the message, but an old app can still send its data.
    expect(() => rita.press(quote.id, '✅ Confirm')).toThrow(/no button matching/);
    const stale = rita.pressData(quote.id, 'confirm:7');
    await rita.waitForCallbackAnswer(stale.queryId);
    await standIn.driver.waitFor(() => refusals.length === 2);
    expect(refusals).toEqual([NOT_MODIFIED, NOT_MODIFIED]);
    expect(standIn.driver.calls('editMessageText').map((c) => c.status)).toEqual([400, 200, 400]);
  });

  it('keeps the command menus a bot sets per chat and per language', async () => {
    const bot = newBot();
    const admin = standIn.driver.user({ id: 9001, firstName: 'Ada', languageCode: 'en' });
    const reseller = standIn.driver.user({ id: 9002, firstName: 'Rita', languageCode: 'fr' });
    await bot.api.setMyCommands([
      { command: 'start', description: 'Start' },
      { command: 'topup', description: 'Top up a phone' },
    ]);
    await bot.api.setMyCommands([{ command: 'topup', description: 'Recharger un téléphone' }], {
      language_code: 'fr',
    });
    await bot.api.setMyCommands(
      [
        { command: 'users', description: 'Who may use the bot' },
        { command: 'stats', description: 'Figures' },
      ],
      { scope: { type: 'chat', chat_id: admin.id } },
    );
    expect(admin.commands().map((c) => c.command)).toEqual(['users', 'stats']);
    expect(reseller.commands()).toEqual([{ command: 'topup', description: 'Recharger un téléphone' }]);
    expect(reseller.commands('en').map((c) => c.command)).toEqual(['start', 'topup']);
    expect(await bot.api.getMyCommands({ language_code: 'fr' })).toEqual([
      { command: 'topup', description: 'Recharger un téléphone' },
    ]);
    await bot.api.deleteMyCommands({ scope: { type: 'chat', chat_id: admin.id } });
    expect(admin.commands().map((c) => c.command)).toEqual(['start', 'topup']);
  });

  it('answers 429 with retry_after, which auto-retry waits out', async () => {
    const bot = newBot();
    bot.api.config.use(autoRetry({ maxRetryAttempts: 3 }));
    bot.on('message:text', (ctx) => ctx.reply(`echo: ${ctx.message.text}`));
    await startPolling(bot);
    standIn.driver.injectFault({ kind: 'rate-limit', retryAfter: 1, calls: 2, methods: ['sendMessage'] });

    const rita = standIn.driver.user({ id: 4244, firstName: 'Rita' });
    rita.sendText('are you there?');
    expect((await rita.waitForBotMessage()).text).toBe('echo: are you there?');
    expect(standIn.driver.calls('sendMessage').map((c) => c.status)).toEqual([429, 429, 200]);

    // Without the plugin, grammY surfaces the error with its retry_after.
    const bare = new Bot(standIn.token, { client: { apiRoot } });
    standIn.driver.injectFault({ kind: 'rate-limit', retryAfter: 7, calls: 1 });
    const error = await bare.api.sendMessage(rita.id, 'x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GrammyError);
    expect((error as GrammyError).error_code).toBe(429);
    expect((error as GrammyError).parameters.retry_after).toBe(7);
  });

  it('serves @grammyjs/runner with per-chat sequencing to several users at once', async () => {
    const bot = newBot();
    bot.use(sequentialize((ctx) => ctx.chat?.id.toString()));
    const seen = new Map<number, number>();
    bot.on('message:text', async (ctx) => {
      const count = (seen.get(ctx.chat.id) ?? 0) + 1;
      seen.set(ctx.chat.id, count);
      await ctx.replyWithChatAction('typing');
      await ctx.reply(`#${count}: ${ctx.message.text}`);
    });
    const runner = run(bot);
    stops.push(async () => {
      if (runner.isRunning()) await runner.stop();
    });

    const users = [1, 2, 3].map((n) => standIn.driver.user({ id: 5000 + n, firstName: `User ${n}` }));
    for (let i = 1; i <= 4; i++) for (const user of users) user.sendText(`message ${i}`);
    for (const user of users) {
      const replies = await user.waitFor((chat) => {
        const texts = chat.filter((m) => m.from === 'bot').map((m) => m.text);
        return texts.length === 4 && texts;
      });
      expect(replies).toEqual(['#1: message 1', '#2: message 2', '#3: message 3', '#4: message 4']);
    }
    expect(standIn.driver.callCount('sendChatAction')).toBe(12);
  });

  it('ends the older of two polling bots with 409 Conflict, as Telegram does', async () => {
    const first = newBot();
    const firstRunning = first.start({ timeout: 30 } as Parameters<Bot['start']>[0]);
    const firstOutcome = firstRunning.then(
      () => 'stopped',
      (error: unknown) =>
        error instanceof GrammyError ? `${error.error_code} ${error.description}` : String(error),
    );
    await standIn.driver.waitFor(() => standIn.driver.isLongPolling());
    const second = newBot();
    await startPolling(second);
    expect(await firstOutcome).toBe(
      '409 Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
    );
  });
});
