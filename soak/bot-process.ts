// One bot replica for the soak run: main.ts's wiring (loadConfig, createLogger with the secrets, createApp),
// plus the order timings of SOAK_TIMINGS (JSON) so that a run of minutes sees whole order lifecycles.
// Killed with SIGKILL by the runner; a crash or an unhandled rejection is logged for the checker to find.
import { createApp, type AppOverrides } from '../src/app.ts';
import { ConfigError, loadConfig, secretsOf } from '../src/config.ts';
import { createLogger } from '../src/logger.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger({ level: config.logLevel, secrets: secretsOf(config) });
  const raw = process.env.SOAK_TIMINGS;
  const overrides: AppOverrides = raw ? (JSON.parse(raw) as AppOverrides) : {};
  // JSON cannot carry the first follow-up delay (a function of poll_after_seconds): the sandbox runs 100x fast.
  const followUp = overrides.orderTimings?.followUp;
  if (followUp) followUp.firstDelayMs = (seconds: number) => Math.max(300, seconds * 100);
  const app = createApp(config, logger, { quietRedisPolicy: true, ...overrides });

  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));
  process.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'uncaught exception');
    process.exit(70);
  });
  const shutdown = () => {
    app
      .stop(5_000)
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  try {
    await app.start();
  } catch (error) {
    logger.fatal({ err: error }, 'start-up failed');
    await app.stop(2_000).catch(() => undefined);
    process.exit(1);
  }
}

void main();
