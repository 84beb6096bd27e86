// Runs the Bot API stand-in alone: `node src/sandbox/telegram/cli.ts`.
// TELEGRAM_STANDIN_PORT (default 8081) and TELEGRAM_STANDIN_HOST (default 127.0.0.1) choose where it
// listens; TELEGRAM_STANDIN_TOKEN the bot token it accepts (default the demo token).

import { createTelegramStandIn, DEFAULT_TOKEN } from './index.ts';

const port = Number(process.env['TELEGRAM_STANDIN_PORT'] ?? '8081');
const host = process.env['TELEGRAM_STANDIN_HOST'] ?? '127.0.0.1';
const token = process.env['TELEGRAM_STANDIN_TOKEN'] ?? DEFAULT_TOKEN;

const standIn = createTelegramStandIn({ token });
const { apiRoot, pageUrl } = await standIn.listen(port, host);
console.log(`TELEGRAM_API_ROOT=${apiRoot}`);
// The demo token is no secret; a token someone chose is not printed.
console.log(
  token === DEFAULT_TOKEN ? `BOT_TOKEN=${token}` : 'BOT_TOKEN=(the TELEGRAM_STANDIN_TOKEN you set)',
);
console.log(`Chat page: ${pageUrl}`);

const stop = (): void => {
  void standIn.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
