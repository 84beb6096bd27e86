import { autoRetry } from '@grammyjs/auto-retry';
import { apiThrottler } from '@grammyjs/transformer-throttler';
import { Api, Bot, type Context, type Transformer } from 'grammy';
import { htmlParseMode } from '../lib/telegram/html-mode.ts';
import { botApiFetch } from '../lib/telegram/fetch.ts';
import { retryingFetch } from './bot-api-retry.ts';
import type { BotContext } from './context.ts';

/**
 * A callback query answered too late (an update redelivered after a failure) can never be answered; failing
 * the update for it would make Telegram redeliver it forever and hold up the chat's later updates.
 */
const forgiveExpiredCallbackAnswers: Transformer = async (prev, method, payload, signal) => {
  const response = await prev(method, payload, signal);
  const expired =
    method === 'answerCallbackQuery' &&
    !response.ok &&
    response.error_code === 400 &&
    /query is too old|query ID is invalid/i.test(response.description);
  return expired ? ({ ok: true, result: true } as unknown as typeof response) : response;
};

/** The bot's Api: retries below the transformers, flood limits, late callback answers forgiven, HTML. */
export function newBot(deps: {
  token: string;
  apiRoot?: string | undefined;
  telegramMessagesPerSecond: number;
  /** Least time between two calls to one private chat (default the plugin's: Telegram's one a second). */
  chatMinTimeMs?: number | undefined;
}): Bot<BotContext> {
  const bot = new Bot<BotContext>(deps.token, {
    // Dropped connections and 5xx are retried below the transformers, so the flows' own API objects (which
    // copy these options, not the transformers) retry them too.
    client: {
      apiRoot: deps.apiRoot ?? 'https://api.telegram.org',
      fetch: retryingFetch(botApiFetch),
    },
  });
  // Telegram's flood limits: throttle outgoing calls and wait out long 429s (the client's fetch has already
  // retried dropped connections, 5xx and short 429s).
  bot.api.config.use(
    autoRetry({
      maxRetryAttempts: 5,
      maxDelaySeconds: 60,
      rethrowInternalServerErrors: true,
      rethrowHttpErrors: true,
    }),
  );
  const perSecond = deps.telegramMessagesPerSecond;
  // Per-chat and group limits stay the plugin's (Telegram's); the global one is this replica's share. Calls to one
  // chat stay one at a time, in order, whatever their least spacing.
  bot.api.config.use(
    apiThrottler({
      global: { reservoir: perSecond, reservoirRefreshAmount: perSecond, reservoirRefreshInterval: 1000 },
      ...(deps.chatMinTimeMs === undefined ? {} : { out: { maxConcurrent: 1, minTime: deps.chatMinTimeMs } }),
    }),
  );
  bot.api.config.use(forgiveExpiredCallbackAnswers);
  // Every text is HTML (src/lib/html.ts); set here once rather than at each call.
  bot.api.config.use(htmlParseMode);
  return bot;
}

/** What a flow's Api carries (it has none of the bot's transformers): late callback answers forgiven, HTML. */
function asFlowApi(api: Api): Api {
  api.config.use(forgiveExpiredCallbackAnswers);
  api.config.use(htmlParseMode);
  return api;
}

/**
 * A flow's own Api has none of the bot's transformers: a ✅ redelivered after its first handler died must not
 * fail on the late answer of its callback query, and its texts are HTML too.
 */
export const flowApi = async (ctx: Context, next: () => Promise<void>): Promise<void> => {
  asFlowApi(ctx.api);
  await next();
};

/**
 * An Api like a flow's own beside the bot's `api` (same client, no throttling), for what a flow shows from inside
 * `conversation.external`, where its own records each call: the bot's per-chat spacing there would hold the step.
 */
export function flowApiBeside(api: Api): Api {
  return asFlowApi(new Api(api.token, api.options));
}
