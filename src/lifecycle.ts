import type { Bot } from 'grammy';
import type { Logger } from 'pino';
import { startStage, within } from './lib/startup.ts';
import { takeUpdates } from './bot/updates.ts';
import type { BotContext } from './bot/context.ts';
import type { WaitingLine } from './bot/waiting-line.ts';
import type { Config } from './config.ts';
import type { createHttpPart } from './server/part.ts';

/** A started part, as start() keeps it for stop(). */
interface Running {
  stop(): Promise<void>;
}

/** How long start() waits for the Bot API's getMe. */
const TELEGRAM_INIT_TIMEOUT_MS = 30_000;

/** What start() starts and stop() stops, named by what the lifecycle does with each. */
export interface LifecycleParts {
  /** Redis: connected first, closed last. */
  data: { start(waitMs: number): Promise<void>; stop(): Promise<unknown> };
  jobs: { close(): Promise<void> };
  http: ReturnType<typeof createHttpPart>;
  bot: Bot<BotContext>;
  menus: { setDefault(): Promise<void> };
  line: WaitingLine;
  /** The background work of a replica that runs jobs, each started in this order and stopped in reverse. */
  background: ReadonlyArray<() => Promise<Running | void>>;
  merchant: { close(): Promise<void> };
}

/**
 * start() in dependency order for this replica's ROLE (a `bot` takes Telegram updates and stores webhooks, a `worker`
 * runs the background work, `all` does both); stop() in reverse, Redis last, within a bound.
 */
export function createLifecycle(config: Config, logger: Logger, parts: LifecycleParts) {
  const { data, http, bot } = parts;
  const takesUpdates = config.role !== 'worker';
  const runsJobs = config.role !== 'bot';
  const started: Running[] = [];
  let stopping: Promise<void> | undefined;

  async function startUpdates(): Promise<void> {
    const delivery =
      config.botMode === 'webhook'
        ? { mode: 'webhook' as const, publicUrl: config.publicUrl, webhookSecret: config.webhookSecret }
        : { mode: 'polling' as const };
    started.push(await takeUpdates(bot, { delivery, line: parts.line, logger }));
  }

  return {
    async start(): Promise<void> {
      await data.start(config.redisStartupWaitSeconds * 1000);
      // getMe: an unreachable Bot API would otherwise be retried silently for ever.
      await startStage('the Bot API (TELEGRAM_API_ROOT, BOT_TOKEN) did not answer getMe', () =>
        // grammY types its signal with the abort-controller polyfill; Node's is the same at run time.
        bot.init(AbortSignal.timeout(TELEGRAM_INIT_TIMEOUT_MS) as Parameters<typeof bot.init>[0]),
      );
      // Strangers' chats show the default menu, set here once rather than on each stranger's /start.
      if (takesUpdates) {
        await parts.menus
          .setDefault()
          .catch((error: unknown) => logger.warn({ err: error }, 'could not set the default command menu'));
      }
      await http.start();
      started.push(http);
      if (runsJobs) {
        for (const start of parts.background) {
          const running = await start();
          if (running) started.push(running);
        }
      }
      if (takesUpdates) await startUpdates();
      logger.info(
        { role: config.role, mode: config.botMode, port: http.address?.port },
        'recharge-bot started',
      );
    },

    /** Stops taking updates, lets running work finish (bounded), closes Redis last. */
    stop(timeoutMs = 10_000): Promise<void> {
      stopping ??= (async () => {
        const graceful = (async () => {
          // Updates first (running handlers and placements finish), then the HTTP server, the background work.
          for (const running of started.reverse()) await running.stop();
          await parts.jobs.close();
        })();
        await within(graceful, timeoutMs, () =>
          logger.warn({ timeoutMs }, 'shutdown took too long; closing anyway'),
        );
        // Given up on (a stop waiting for Redis): the port is released all the same, so a new app can listen.
        if (http.server.listening) http.server.close();
        http.server.closeAllConnections();
        await parts.merchant.close().catch(() => undefined);
        await data.stop();
      })();
      return stopping;
    },
  };
}
