import type { Redis } from 'ioredis';
import type { LoggerLike } from '../domain/log.ts';
import type { MerchantReadiness } from '../merchant/readiness.ts';
import type { Config } from '../config.ts';
import { startStage } from '../lib/startup.ts';
import type { Metrics } from './metrics.ts';
import { createRedisReadiness } from './redis-ready.ts';
import { createServer, type RouteHandler } from './server.ts';

export interface HttpPartDeps {
  merchantWebhook: RouteHandler;
  /** Webhook mode of a process that takes updates only. */
  telegramWebhook: RouteHandler | undefined;
  redis: Pick<Redis, 'ping'>;
  merchant: Pick<MerchantReadiness, 'check'>;
  metrics: Metrics;
  /** What /readyz tells of the Redis in use. */
  replication: () => Promise<unknown>;
  logger: Pick<LoggerLike, 'error'>;
}

/** The HTTP server (webhooks, health, readiness, metrics) and where it listens once started. */
export function createHttpPart(config: Pick<Config, 'http' | 'metricsToken' | 'role'>, deps: HttpPartDeps) {
  const { metrics } = deps;
  const server = createServer({
    merchantWebhook: deps.merchantWebhook,
    telegramWebhook: deps.telegramWebhook,
    readiness: [
      { name: 'redis', check: createRedisReadiness(deps.redis) },
      // Only a real failure counts: a busy budget, a 429 pause or no answer yet is still ready.
      { name: 'merchant', check: async () => (await deps.merchant.check()).state !== 'failing' },
    ],
    metrics: {
      contentType: metrics.registry.contentType,
      metrics: () => metrics.registry.metrics(),
      ...(config.metricsToken === null ? {} : { token: config.metricsToken }),
    },
    readinessDetails: async () => ({ role: config.role, redis: await deps.replication() }),
    logger: deps.logger,
  });
  let address: { host: string; port: number } | undefined;
  return {
    server,
    get address() {
      return address;
    },
    /** Listens on HTTP_HOST:HTTP_PORT. */
    async start(): Promise<void> {
      const { host, port } = config.http;
      await startStage(
        `cannot listen on HTTP_HOST:HTTP_PORT (${host}:${port})`,
        () =>
          new Promise<void>((resolve, reject) => {
            server.once('error', reject);
            server.listen(port, host, () => {
              server.off('error', reject);
              resolve();
            });
          }),
      );
      const bound = server.address();
      if (bound !== null && typeof bound === 'object') address = { host: bound.address, port: bound.port };
    },
    /** Stops taking connections and waits for the open ones (see App.stop: they are cut after the timeout). */
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
