import { Redis } from 'ioredis';
import pino, { type Logger } from 'pino';
import { createApp, type App, type AppOverrides } from '../../src/app.ts';
import { parseConfig, type Config } from '../../src/config.ts';
import { createMerchantSandbox, type MerchantSandboxOptions } from '../../src/sandbox/merchant/index.ts';
import { createTelegramStandIn, type TelegramStandIn } from '../../src/sandbox/telegram/index.ts';
import { freePort } from './ports.ts';
import { startRedisServer, type RedisServerHandle, type RedisServerOptions } from './redis.ts';
import { localServiceEnv } from '../../src/sandbox/local-env.ts';

export const RESELLER = 710_000_001;
export const AGENT = 710_000_002;
export const ADMIN = 710_000_003;
export const STRANGER = 710_000_004;

export interface SandboxControl {
  readonly controlUrl: string;
  get<T = unknown>(path: string): Promise<T>;
  post<T = unknown>(path: string, body?: unknown): Promise<T>;
  del(path: string): Promise<void>;
}

export interface BotWorld {
  redis: RedisServerHandle;
  sandbox: ReturnType<typeof createMerchantSandbox>;
  sandboxUrls: { baseUrl: string; controlUrl: string };
  control: SandboxControl;
  standIn: TelegramStandIn;
  apiRoot: string;
  apps: App[];
  /** Environment the apps were configured from (tests add a replica with the same values). */
  env: Record<string, string>;
  /** Starts one more replica of the bot on the same Redis, sandbox and stand-in. */
  startReplica(extra?: Record<string, string>, overrides?: AppOverrides): Promise<App>;
  /** Number of /api/v1 requests the sandbox has seen. */
  merchantRequestCount(): Promise<number>;
  /**
   * Drops the quotes the replicas share (merchant/shared-quotes.ts), so that the next top-up asks the sandbox
   * again: for a test that changed prices, the clock or an offer after an earlier test quoted the same product.
   */
  forgetQuotes(): Promise<void>;
  close(): Promise<void>;
}

export interface BotWorldOptions {
  mode?: 'polling' | 'webhook';
  replicas?: number;
  timeScale?: number;
  overrides?: AppOverrides;
  env?: Record<string, string>;
  /** The replicas' logger (default: silent); a test that reads the logs passes its own. */
  logger?: Logger;
  /** More options of the Merchant API sandbox (its rate limit and the length of its minute). */
  sandbox?: Omit<MerchantSandboxOptions, 'timeScale' | 'initialBalance'>;
  /** How the private redis-server runs (AOF on, for a test that reads what reaches the disk). */
  redisServer?: RedisServerOptions;
}

/** A small JSON client of the sandbox's control API (`/_sandbox`). */
export function controlClient(controlUrl: string): SandboxControl {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${controlUrl}/${path.replace(/^\//, '')}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`sandbox control ${method} ${path}: ${res.status} ${text}`);
    return text === '' ? undefined : JSON.parse(text);
  };
  return {
    controlUrl,
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body ?? {}),
    del: async (path) => {
      await call('DELETE', path);
    },
  };
}

/**
 * The whole product on loopback: a private Redis, the Merchant API sandbox, the Bot API stand-in and one or
 * more replicas of the real app (createApp, as main.ts builds it), configured through the environment names
 * of CONTRACT.md.
 */
export async function startBotWorld(options: BotWorldOptions = {}): Promise<BotWorld> {
  const redis = await startRedisServer(options.redisServer);
  const standIn = createTelegramStandIn({
    users: [
      { id: RESELLER, firstName: 'Rita', languageCode: 'en', role: 'reseller', started: true },
      { id: AGENT, firstName: 'Aziz', languageCode: 'en', role: 'agent', started: true },
      { id: ADMIN, firstName: 'Ada', languageCode: 'en', role: 'admin', started: true },
      { id: STRANGER, firstName: 'Sam', languageCode: 'en', started: true },
    ],
  });
  const { apiRoot } = await standIn.listen();
  const sandbox = createMerchantSandbox({
    timeScale: options.timeScale ?? 0.01,
    initialBalance: '100000',
    ...options.sandbox,
  });
  const sandboxUrls = await sandbox.listen();
  const control = controlClient(sandboxUrls.controlUrl);

  const env: Record<string, string> = {
    ...localServiceEnv({
      botToken: standIn.token,
      apiRoot,
      merchant: sandbox,
      baseUrl: sandboxUrls.baseUrl,
      redisUrl: redis.url,
    }),
    BOT_MODE: options.mode ?? 'polling',
    MERCHANT_RATE_LIMIT_PER_MINUTE: '100000',
    REDIS_PREFIX: 'rb:',
    HTTP_HOST: '127.0.0.1',
    ADMIN_IDS: String(ADMIN),
    LOG_LEVEL: 'silent',
    // Resellers granted in tests can top up unless a test gives them less (reseller credit, issue #15).
    RESELLER_START_CREDIT: '1000000000',
    // No daily reconciliation unless a test asks for it: it would record or repair orders a test set up.
    RECONCILE_AT: 'off',
    ...options.env,
  };

  const apps: App[] = [];
  const world: BotWorld = {
    redis,
    sandbox,
    sandboxUrls,
    control,
    standIn,
    apiRoot,
    apps,
    env,
    async startReplica(extra = {}, overrides = {}) {
      const port = await freePort();
      const replicaEnv: Record<string, string> = { ...env, HTTP_PORT: String(port), ...extra };
      if (replicaEnv.BOT_MODE === 'webhook') {
        replicaEnv.PUBLIC_URL ??= `http://127.0.0.1:${port}`;
        replicaEnv.TELEGRAM_WEBHOOK_SECRET ??= 'test-webhook-secret';
      }
      const parsed = parseConfig(replicaEnv);
      if (!parsed.ok) throw new Error(`bad test config: ${parsed.problems.join('; ')}`);
      const config: Config = parsed.config;
      const app = createApp(config, options.logger ?? pino({ level: 'silent' }), {
        ...options.overrides,
        ...overrides,
      });
      await app.start();
      apps.push(app);
      return app;
    },
    async forgetQuotes() {
      const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
      try {
        const keys = await client.keys(`${env.REDIS_PREFIX}quotes:*`);
        if (keys.length > 0) await client.del(...keys);
      } finally {
        client.disconnect();
      }
    },
    async merchantRequestCount() {
      const log = await control.get<{ requests?: unknown[]; count?: number }>('requests');
      return log.count ?? log.requests?.length ?? 0;
    },
    async close() {
      await Promise.all(apps.map((app) => app.stop(5_000).catch(() => undefined)));
      await standIn.close();
      await sandbox.close();
      await redis.dispose();
    },
  };

  const first = await world.startReplica();
  // Webhooks from the sandbox go to the first replica's merchant webhook route.
  await control.post('webhooks', {
    targets: [
      {
        url: `http://127.0.0.1:${first.address!.port}/webhooks/merchant`,
        secret: env.MERCHANT_WEBHOOK_SECRETS!.split(',')[0],
      },
    ],
  });
  await first.roles.change(ADMIN, RESELLER, 'reseller');
  await first.roles.change(ADMIN, AGENT, 'agent');
  for (let i = 1; i < (options.replicas ?? 1); i++) await world.startReplica();
  return world;
}
