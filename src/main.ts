import { createApp } from './app.ts';
import { ConfigError, loadConfig, secretsOf } from './config.ts';
import { createLogger } from './logger.ts';

// The production entry point: configuration from the environment (and .env), then the app.
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
  const app = createApp(config, logger);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    app
      .stop(10_000)
      .then(() => {
        logger.info('stopped');
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));

  try {
    await app.start();
  } catch (error) {
    logger.fatal({ err: error }, 'start-up failed');
    await app.stop(2_000).catch(() => undefined);
    process.exit(1);
  }
}

void main();
