import { setTimeout as sleep } from 'node:timers/promises';
import { run, type RunnerHandle } from '@grammyjs/runner';
import { webhookCallback, type Bot } from 'grammy';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LoggerLike } from '../domain/log.ts';
import { runLoop } from '../lib/loop.ts';
import type { BotContext } from './context.ts';
import type { WaitingLine } from './waiting-line.ts';

/** How long a Telegram webhook request waits for its update before answering 200 anyway. */
const WEBHOOK_ANSWER_MS = 8_000;
/** How often a replica that takes updates looks for waits in line whose replica died. */
const LINE_RESUME_EVERY_MS = 2_000;
const ALLOWED_UPDATES = ['message', 'callback_query'] as const;

/**
 * The handler of `POST /webhooks/telegram`. grammY answers Telegram after WEBHOOK_ANSWER_MS and lets the update run
 * on; a failure after that would reject its internal `finally` chain unhandled, so such late failures are logged
 * (earlier ones still answer 500).
 */
export function telegramWebhook(
  bot: Bot<BotContext>,
  options: { secretToken: string; logger: LoggerLike },
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const handleUpdate = bot.handleUpdate.bind(bot);
  bot.handleUpdate = (update, reply) => {
    const started = Date.now();
    return handleUpdate(update, reply).catch((error: unknown) => {
      if (Date.now() - started < WEBHOOK_ANSWER_MS) throw error;
      options.logger.error(
        { err: error, updateId: update.update_id },
        'update handler failed after the webhook answer',
      );
    });
  };
  return webhookCallback(bot, 'http', {
    secretToken: options.secretToken,
    onTimeout: 'return',
    timeoutMilliseconds: WEBHOOK_ANSWER_MS,
  }) as (req: IncomingMessage, res: ServerResponse) => Promise<void>;
}

/**
 * Takes Telegram's updates in this replica: by webhook (set at `publicUrl`) or by long polling (the webhook
 * deleted), and takes over the waits in the shared line whose replica died. `stop` ends fetching, then waits for
 * the updates already handed out (a placement awaiting the Merchant API's answer) and the resumed waits.
 */
export async function takeUpdates(
  bot: Bot<BotContext>,
  options: {
    delivery: { mode: 'polling' } | { mode: 'webhook'; publicUrl: string; webhookSecret: string };
    line: Pick<WaitingLine, 'resumeOrphans'>;
    logger: LoggerLike;
  },
): Promise<{ stop(): Promise<void> }> {
  const resumed = new Set<Promise<void>>();
  const resumeLoop = runLoop({
    name: 'line-resume',
    round: () =>
      options.line.resumeOrphans((update) => {
        const handled = bot
          .handleUpdate(update)
          .catch((error: unknown) =>
            options.logger.warn({ err: error, updateId: update.update_id }, 'a resumed wait failed'),
          )
          .finally(() => resumed.delete(handled));
        resumed.add(handled);
      }, bot.api),
    idleMs: LINE_RESUME_EVERY_MS,
    logger: options.logger,
  });
  let runner: RunnerHandle | undefined;
  const delivery = options.delivery;
  if (delivery.mode === 'webhook') {
    await bot.api.setWebhook(`${delivery.publicUrl}/webhooks/telegram`, {
      secret_token: delivery.webhookSecret,
      allowed_updates: [...ALLOWED_UPDATES],
    });
  } else {
    await bot.api.deleteWebhook();
    runner = run(bot, { runner: { fetch: { allowed_updates: [...ALLOWED_UPDATES] } } });
  }
  return {
    async stop() {
      if (runner?.isRunning()) await runner.stop();
      // runner.stop() ends fetching only; updates already handed out still run: wait for them.
      while (runner !== undefined && runner.size() > 0) await sleep(50);
      await resumeLoop.stop();
      await Promise.all([...resumed]);
    },
  };
}
