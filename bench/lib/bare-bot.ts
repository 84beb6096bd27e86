// The anchor of benchmark 1: a bare grammY bot, fed the same way as the real one (@grammyjs/runner
// long polling), that answers every update with one sendMessage. /readyz answers 200 once it polls.
import { createServer } from 'node:http';
import { run } from '@grammyjs/runner';
import { Bot } from 'grammy';

const bot = new Bot(process.env.BOT_TOKEN ?? '', {
  client: { apiRoot: process.env.TELEGRAM_API_ROOT ?? '' },
});
bot.on('message', (ctx) => ctx.reply('ok'));
bot.on('callback_query', (ctx) => ctx.reply('ok'));

await bot.init();
const runner = run(bot, { runner: { fetch: { allowed_updates: ['message', 'callback_query'] } } });
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"ready":true}');
});
server.listen(Number(process.env.HTTP_PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  void runner.stop().finally(() => {
    server.close();
    process.exit(0);
  });
});
