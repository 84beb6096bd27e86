import {
  conversations,
  createConversation,
  type Conversation,
  type ConversationFlavor,
} from '@grammyjs/conversations';
import { Bot, type Context } from 'grammy';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keepStepOnBotApiFailure } from '../../src/bot/conversations/keep-step.ts';
import { createTelegramStandIn, type TelegramStandIn } from '../../src/sandbox/telegram/index.ts';

// A real grammY bot with the conversations plugin against the Bot API stand-in: what a flow does when a
// Bot API call fails for good (no retries here, so the first failure is final) and when it meets a bug.

type Ctx = ConversationFlavor<Context>;
const USER = 720_500_001;

describe('a conversation wrapped by keepStepOnBotApiFailure', () => {
  let standIn: TelegramStandIn;
  let bot: Bot<Ctx>;
  let running: Promise<void>;

  beforeEach(async () => {
    standIn = createTelegramStandIn({ users: [{ id: USER, firstName: 'Rita', started: true }] });
    const { apiRoot } = await standIn.listen();
    bot = new Bot<Ctx>(standIn.token, { client: { apiRoot } });
    bot.use(conversations<Context, Context>());
    const flow = async (conversation: Conversation<Context, Context>, ctx: Context) => {
      await ctx.reply('How much?');
      const answer = await conversation.waitFor('message:text');
      if (answer.message.text === 'boom') throw new Error('a bug in the flow');
      await answer.reply(`Amount ${answer.message.text}. Which number?`);
      const number = await conversation.waitFor('message:text');
      await number.reply(`Done: ${answer.message.text} to ${number.message.text}`);
    };
    bot.use(
      createConversation(
        keepStepOnBotApiFailure(flow, async (ctx) => ctx.reply('The flow ended because of an error.')),
        'flow',
      ),
    );
    bot.command('go', (ctx) => ctx.conversation.enter('flow'));
    bot.on('message', (ctx) => ctx.reply('I did not understand that.'));
    bot.catch(() => undefined);
    running = bot.start({ timeout: 30 } as Parameters<Bot['start']>[0]);
    await standIn.driver.waitFor(() => standIn.driver.isLongPolling());
  });
  afterEach(async () => {
    if (bot.isRunning()) await bot.stop();
    await running.catch(() => undefined);
    await standIn.close();
  });

  const reply = async (text: string, expected: string) => {
    const user = standIn.driver.user({ id: USER });
    const sent = text.startsWith('/') ? user.sendCommand(text) : user.sendText(text);
    return user.waitForBotMessage((m) => m.text.includes(expected), {
      timeoutMs: 20_000,
      after: sent.messageId,
    });
  };

  it('a reply that cannot be sent leaves the flow at its step; the next message continues it', async () => {
    await reply('/go', 'How much?');
    standIn.driver.injectFault({ kind: 'network', calls: 1, methods: ['sendMessage'] });
    const user = standIn.driver.user({ id: USER });
    user.sendText('500');
    await standIn.driver.waitFor(() => standIn.driver.calls('sendMessage').some((c) => c.status === 0));
    await reply('500', 'Amount 500. Which number?');
    const done = await reply('+2348031234567', 'Done:');
    expect(done.text).toBe('Done: 500 to +2348031234567');
    expect(user.chat().filter((m) => m.text.includes('did not understand'))).toEqual([]);
  });

  it('a flow that ends on a bug tells the user so', async () => {
    await reply('/go', 'How much?');
    const ended = await reply('boom', 'ended');
    expect(ended.text).toBe('The flow ended because of an error.');
  });
});
