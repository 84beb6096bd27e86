// A real grammY bot in webhook mode: the stand-in POSTs updates to a tiny node:http server running
// grammY's webhookCallback with a secretToken, retries refused deliveries, and keeps each chat in order.

import { createServer, type IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { Bot, webhookCallback } from 'grammy';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTelegramStandIn, type TelegramStandIn } from '../../../src/sandbox/telegram/index.ts';
import type { TgUpdate } from '../../../src/sandbox/telegram/types.ts';
import { listenOnLoopback, type RunningServer } from '../../support/http.ts';
import { callBotApi } from './bot-api-client.ts';

const SECRET = 'wh_Secret-123';

let standIn: TelegramStandIn;
let apiRoot: string;
let skewMs: number;
let hook: RunningServer;
let bot: Bot;
let botErrors: unknown[];
/** What reached the webhook: the secret header and the update, refused or not. */
let deliveries: { secret: string | undefined; update: TgUpdate; refused: boolean }[];
/** Answer 500 (without calling grammY) while this says so. */
let refuse: (update: TgUpdate) => boolean;

async function readUpdate(req: IncomingMessage): Promise<{ raw: Buffer; update: TgUpdate }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  return { raw, update: JSON.parse(raw.toString('utf8')) as TgUpdate };
}

beforeEach(async () => {
  skewMs = 0;
  deliveries = [];
  botErrors = [];
  refuse = () => false;
  standIn = createTelegramStandIn({ users: [], webhookRetryBaseMs: 50, clock: () => Date.now() + skewMs });
  ({ apiRoot } = await standIn.listen());
  bot = new Bot(standIn.token, { client: { apiRoot } });
  bot.catch((error) => {
    botErrors.push(error.error);
  });
  const handleUpdate = webhookCallback(bot, 'http', { secretToken: SECRET });
  hook = await listenOnLoopback(
    createServer((req, res) => {
      void (async () => {
        const { raw, update } = await readUpdate(req);
        const header = req.headers['x-telegram-bot-api-secret-token'];
        const refused = refuse(update);
        deliveries.push({ secret: typeof header === 'string' ? header : undefined, update, refused });
        if (refused) {
          res.writeHead(500).end();
          return;
        }
        // grammY reads the body itself: hand it a request that replays what was read.
        const replay = Object.assign(Readable.from([raw]), {
          headers: req.headers,
          method: req.method,
          url: req.url,
        });
        await handleUpdate(replay as unknown as IncomingMessage, res);
      })().catch((error: unknown) => {
        botErrors.push(error);
        if (!res.headersSent) res.writeHead(500).end();
      });
    }),
  );
});

afterEach(async () => {
  await standIn.close();
  await hook.close();
  expect(botErrors).toEqual([]);
});

describe('grammY in webhook mode', () => {
  it('POSTs every update with the secret_token header; the bot answers; getUpdates is refused meanwhile', async () => {
    bot.command('start', (ctx) => ctx.reply(`Hello ${ctx.from?.first_name}`));
    bot.on('message:text', (ctx) => ctx.reply(`echo: ${ctx.message.text}`));
    expect(await bot.api.setWebhook(`${hook.url}/webhooks/telegram`, { secret_token: SECRET })).toBe(true);

    const rita = standIn.driver.user({ id: 3001, firstName: 'Rita' });
    rita.sendCommand('/start');
    expect((await rita.waitForBotMessage()).text).toBe('Hello Rita');
    rita.sendText('one');
    expect((await rita.waitForBotMessage()).text).toBe('echo: one');

    expect(deliveries.map((d) => d.secret)).toEqual([SECRET, SECRET]);
    await standIn.driver.waitFor(() => standIn.driver.pendingUpdateCount() === 0);
    expect(await bot.api.getWebhookInfo()).toEqual({
      url: `${hook.url}/webhooks/telegram`,
      has_custom_certificate: false,
      pending_update_count: 0,
      max_connections: 40,
    });
    const polled = await callBotApi(apiRoot, standIn.token, 'getUpdates');
    expect(polled.status).toBe(409);

    // Back to polling: updates that arrive meanwhile wait for getUpdates.
    await bot.api.deleteWebhook();
    rita.sendText('two');
    const updates = await bot.api.getUpdates();
    expect(updates.map((u) => u.message?.text)).toEqual(['two']);
  });

  it('keeps retrying an update the webhook refuses (a wrong secret answers 401) until it is accepted', async () => {
    bot.on('message:text', (ctx) => ctx.reply(`got ${ctx.message.text}`));
    await bot.api.setWebhook(`${hook.url}/webhooks/telegram`, { secret_token: 'an-old-secret' });
    const rita = standIn.driver.user({ id: 3002, firstName: 'Rita' });
    rita.sendText('hello');

    await standIn.driver.waitFor(() => deliveries.length >= 3);
    const info = standIn.driver.webhookInfo();
    expect(info.pending_update_count).toBe(1);
    expect(info.last_error_message).toBe('Wrong response from the webhook: 401 Unauthorized');
    expect(typeof info.last_error_date).toBe('number');
    expect(rita.chat().filter((m) => m.from === 'bot')).toEqual([]);

    skewMs += 1000; // setWebhook is accepted once a second
    await bot.api.setWebhook(`${hook.url}/webhooks/telegram`, { secret_token: SECRET });
    expect((await rita.waitForBotMessage()).text).toBe('got hello');
    const ids = new Set(deliveries.map((d) => d.update.update_id));
    expect(ids.size).toBe(1);
    expect(deliveries.at(-1)?.secret).toBe(SECRET);
    expect(deliveries.slice(0, -1).every((d) => d.secret === 'an-old-secret')).toBe(true);
  });

  it('retries 5xx answers, holds back later updates of the same chat only, and keeps each chat in order', async () => {
    bot.on('message:text', (ctx) => ctx.reply(`echo: ${ctx.message.text}`));
    await bot.api.setWebhook(`${hook.url}/webhooks/telegram`, { secret_token: SECRET });
    const rita = standIn.driver.user({ id: 3003, firstName: 'Rita' });
    const alex = standIn.driver.user({ id: 3004, firstName: 'Alex' });
    let ritaDown = true;
    refuse = (update) => ritaDown && update.message?.chat.id === rita.id;

    rita.sendText('r1');
    rita.sendText('r2');
    rita.sendText('r3');
    alex.sendText('a1');
    expect((await alex.waitForBotMessage()).text).toBe('echo: a1');
    await standIn.driver.waitFor(() => deliveries.filter((d) => d.refused).length >= 3);
    // Only Rita's oldest update was tried; her later ones wait behind it.
    const tried = new Set(deliveries.filter((d) => d.refused).map((d) => d.update.message?.text));
    expect([...tried]).toEqual(['r1']);
    expect(standIn.driver.webhookInfo().last_error_message).toBe(
      'Wrong response from the webhook: 500 Internal Server Error',
    );

    ritaDown = false;
    const replies = await rita.waitFor((chat) => {
      const texts = chat.filter((m) => m.from === 'bot').map((m) => m.text);
      return texts.length === 3 && texts;
    });
    expect(replies).toEqual(['echo: r1', 'echo: r2', 'echo: r3']);
    const accepted = deliveries.filter((d) => !d.refused).map((d) => d.update.message?.text);
    expect(accepted.filter((t) => t?.startsWith('r'))).toEqual(['r1', 'r2', 'r3']);
  });

  it('sends an update again with the same update_id when asked to (a lost webhook answer)', async () => {
    const handled: number[] = [];
    bot.on('message:text', async (ctx) => {
      handled.push(ctx.update.update_id);
      await ctx.reply(`seen ${handled.length}`);
    });
    await bot.api.setWebhook(`${hook.url}/webhooks/telegram`, { secret_token: SECRET });
    const rita = standIn.driver.user({ id: 3006, firstName: 'Rita' });
    const sent = rita.sendText('top up');
    expect((await rita.waitForBotMessage(undefined, { after: sent.messageId })).text).toBe('seen 1');
    await standIn.driver.waitFor(() => standIn.driver.pendingUpdateCount() === 0);
    standIn.driver.redeliver(sent.updateId ?? 0);
    expect((await rita.waitForBotMessage()).text).toBe('seen 2');
    expect(handled).toEqual([sent.updateId, sent.updateId]);
  });

  it('executes a method the webhook answers with in its response body', async () => {
    const replying = new Bot(standIn.token, {
      client: { apiRoot, canUseWebhookReply: (method) => method === 'sendMessage' },
    });
    replying.on('message:text', (ctx) => ctx.reply(`in the webhook reply: ${ctx.message.text}`));
    replying.catch((error) => {
      botErrors.push(error.error);
    });
    const handle = webhookCallback(replying, 'http', { secretToken: SECRET });
    const replyHook = await listenOnLoopback(createServer((req, res) => void handle(req, res)));
    try {
      await replying.api.setWebhook(replyHook.url, { secret_token: SECRET });
      const rita = standIn.driver.user({ id: 3005, firstName: 'Rita' });
      rita.sendText('ping');
      expect((await rita.waitForBotMessage()).text).toBe('in the webhook reply: ping');
      expect(standIn.driver.calls('sendMessage')).toHaveLength(1);
    } finally {
      await replyHook.close();
    }
  });
});
