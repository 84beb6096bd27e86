import { Api } from 'grammy';
import type { Logger } from 'pino';
import type { BotContext } from './bot/context.ts';
import { createI18n } from './bot/i18n.ts';
import { RedisUserDirectory } from './accounts/names.ts';
import type { Config } from './config.ts';
import { createJobSystem } from './jobs/jobs.ts';
import type { TranslationVars } from './lib/html.ts';
import { createRedis } from './lib/redis/connect.ts';
import { createServiceRedis } from './lib/redis/service.ts';
import { botApiFetch } from './lib/telegram/fetch.ts';
import { countTelegramErrors, createMetrics } from './server/metrics.ts';

/** What every part is built on: Redis and its keys' prefix, the durable jobs, the logger, metrics, languages. */
export function createCore(config: Config, logger: Logger) {
  const data = createServiceRedis(config.redis, logger);
  const { redis } = data;
  const prefix = config.redis.prefix;
  const jobs = createJobSystem({ connect: (options) => createRedis(config.redis, options), prefix, logger });
  const i18n = createI18n<BotContext>(config.defaultLocale);
  const translate = (locale: string, key: string, vars?: TranslationVars) => i18n.t(locale, key, vars);
  const metrics = createMetrics();
  // The order lifecycle, bulk runs and schedules talk to Telegram through the durable outbox, a BullMQ queue (it
  // handles 429s and outages); the bot's own API is the bot part's.
  const telegram = new Api(config.botToken, { apiRoot: config.telegramApiRoot, fetch: botApiFetch });
  telegram.config.use(countTelegramErrors(metrics));
  // Users' Telegram names, recorded by the bot as they write; alerts and admin views show them beside the ID.
  const names = new RedisUserDirectory({ redis, prefix });
  return { data, base: { redis, prefix, jobs, logger }, metrics, i18n, translate, telegram, names };
}
export type Core = ReturnType<typeof createCore>;
