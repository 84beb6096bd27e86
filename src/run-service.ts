import { createApp, type App, type AppOverrides } from './app.ts';
import { ConfigError, loadConfig, secretsOf, type Config, type Env } from './config.ts';
import { createLogger } from './logger.ts';

export interface RunServiceOptions {
  /** Where the configuration is read from (default: the process's environment and ./.env). */
  env?: Env;
  /** A configuration built by the caller (the demo's, which reads no .env): `env` is not read then. */
  config?: Config;
  /** What else to stop once the app has stopped, on a signal or after a failed start (the demo's own services). */
  stopAlso?: () => Promise<void>;
  /** Timings of the soak and the bench; production passes none. */
  overrides?: AppOverrides;
  /** How long a SIGTERM or SIGINT lets work in flight finish before the process exits (default 10 s). */
  stopTimeoutMs?: number;
  /**
   * Log an uncaught exception as fatal and exit with this code (the soak's checker reads the logs); without it
   * Node's own crash report stays (as for `npm start`).
   */
  uncaughtExceptionExitCode?: number;
}

/**
 * The one way the service starts, used by `npm start`, the demo, the soak's replicas and the bench: configuration,
 * a logger that knows the secrets, the app, signal handling with a graceful stop. Exits 2 on a bad
 * configuration and 1 when start-up fails.
 */
export async function runService(options: RunServiceOptions = {}): Promise<App> {
  const config = options.config ?? configOrExit(options.env);
  const stopAlso = options.stopAlso ?? (async () => undefined);
  const logger = createLogger({ level: config.logLevel, secrets: secretsOf(config) });
  let app = createApp(config, logger, options.overrides);
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    app
      .stop(stopTimeoutMs)
      .then(stopAlso)
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
  const exitCode = options.uncaughtExceptionExitCode;
  if (exitCode !== undefined) {
    process.on('uncaughtException', (error) => {
      logger.fatal({ err: error }, 'uncaught exception');
      process.exit(exitCode);
    });
  }

  // Redis going away in the middle of start-up (a restart, a failover) is waited out like Redis starting beside
  // us: the half-started app is stopped and a new one started, within REDIS_STARTUP_WAIT_SECONDS.
  const deadline = Date.now() + config.redisStartupWaitSeconds * 1000;
  for (;;) {
    try {
      await app.start();
      return app;
    } catch (error) {
      await app.stop(2_000).catch(() => undefined);
      if (stopping || !redisWentAway(error) || Date.now() > deadline) {
        logger.fatal({ err: error }, 'start-up failed');
        await stopAlso().catch(() => undefined);
        process.exit(1);
      }
      logger.warn({ err: error }, 'Redis went away during start-up: starting again');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      app = createApp(config, logger, options.overrides);
    }
  }
}

function configOrExit(env: Env | undefined): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}

/**
 * Whether an error (or its cause) says Redis could not be reached, rather than something to fix. A Cluster whose
 * master restarts answers CLUSTERDOWN, then for a moment MOVED back and forth, until ioredis gives up with "Too many
 * Cluster redirections" (a replica starting during the restart would otherwise exit on it).
 */
export function redisWentAway(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (
      ['MaxRetriesPerRequestError', 'ClusterAllFailedError'].includes(e.name) ||
      (typeof code === 'string' && ['ECONNREFUSED', 'ECONNRESET', 'EPIPE'].includes(code)) ||
      /Connection is closed|LOADING|READONLY|TRYAGAIN|CLUSTERDOWN|Too many Cluster redirections/.test(
        e.message,
      )
    )
      return true;
  }
  return false;
}
