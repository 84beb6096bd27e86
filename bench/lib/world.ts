import { Redis } from 'ioredis';
import { Decimal } from 'decimal.js';
import { RedisRoleStore } from '../../src/accounts/roles.ts';
import { createAccounts } from '../../src/accounts/accounts.ts';
import { createMerchantSandbox, type MerchantSandbox } from '../../src/sandbox/merchant/index.ts';
import { createTelegramStandIn, type TelegramStandIn } from '../../src/sandbox/telegram/index.ts';
import { freePort } from '../../test/support/ports.ts';
import { startRedisServer, type RedisServerHandle } from '../../test/support/redis.ts';
import { tapBotCalls, type CallTap } from './call-tap.ts';
import { spawnService, type ChildService } from './processes.ts';
import { localServiceEnv } from '../../src/sandbox/local-env.ts';

export const ADMIN_ID = 720_000_000;
export const PREFIX = 'rb:';

export interface SandboxControl {
  get<T = unknown>(path: string): Promise<T>;
  post<T = unknown>(path: string, body?: unknown): Promise<T>;
}

export interface BenchWorldOptions {
  /** Sandbox time scale: 0.01 runs order steps 100× faster (the tests' setting). */
  timeScale?: number;
  /** Applies to both the sandbox account and the bot (MERCHANT_RATE_LIMIT_PER_MINUTE). */
  rateLimitPerMinute?: number;
  /** Skip Redis and the sandbox (the bare-bot anchor needs only the stand-in). */
  standInOnly?: boolean;
}

export interface BenchWorld {
  readonly standIn: TelegramStandIn;
  readonly apiRoot: string;
  readonly tap: CallTap;
  readonly redis: RedisServerHandle | undefined;
  readonly sandbox: MerchantSandbox | undefined;
  readonly control: SandboxControl;
  /** The bot's environment (CONTRACT.md names) for a process on `port`. */
  botEnv(port: number, extra?: Record<string, string>): Record<string, string>;
  /** Starts `node src/main.ts` against this world and points the sandbox's webhooks at it. */
  startBot(options?: {
    profileDir?: string;
    extra?: Record<string, string>;
    inspect?: boolean;
  }): Promise<ChildService>;
  /** Creates stand-in users who have started the bot, and gives them the reseller role. */
  addResellers(ids: readonly number[]): Promise<void>;
  /** Number of /api/v1 requests the sandbox has seen. */
  merchantRequests(): Promise<number>;
  redisClient(): Redis;
  close(): Promise<void>;
}

function controlClient(controlUrl: string): SandboxControl {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${controlUrl}/${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`sandbox control ${method} ${path}: ${res.status} ${text}`);
    return text === '' ? undefined : JSON.parse(text);
  };
  return { get: (path) => call('GET', path), post: (path, body) => call('POST', path, body ?? {}) };
}

/** Redis, the Merchant API sandbox and the Bot API stand-in on loopback, in this process. */
export async function startBenchWorld(options: BenchWorldOptions = {}): Promise<BenchWorld> {
  const limit = options.rateLimitPerMinute ?? 1_000_000;
  const redis = options.standInOnly ? undefined : await startRedisServer();
  const standIn = createTelegramStandIn({ users: [] });
  const { apiRoot } = await standIn.listen();
  const tap = tapBotCalls(standIn.server);
  const sandbox = options.standInOnly
    ? undefined
    : createMerchantSandbox({
        timeScale: options.timeScale ?? 0.01,
        initialBalance: '100000000',
        rateLimitPerMinute: limit,
      });
  const urls = sandbox ? await sandbox.listen() : undefined;
  const control = urls
    ? controlClient(urls.controlUrl)
    : {
        get: () => Promise.reject(new Error('no sandbox')),
        post: () => Promise.reject(new Error('no sandbox')),
      };
  const clients: Redis[] = [];
  const bots: ChildService[] = [];

  const world: BenchWorld = {
    standIn,
    apiRoot,
    tap,
    redis,
    sandbox,
    control,
    botEnv(port, extra = {}) {
      return {
        ...localServiceEnv({
          botToken: standIn.token,
          apiRoot,
          // Rows that measure the chat alone run with no sandbox: nothing may reach these addresses.
          merchant: sandbox ?? { merchantId: 'M1', apiKey: 'unused', webhookSecrets: [] },
          baseUrl: urls?.baseUrl ?? 'http://127.0.0.1:9/api/v1',
          redisUrl: redis?.url ?? 'redis://127.0.0.1:9',
        }),
        BOT_MODE: 'polling',
        MERCHANT_RATE_LIMIT_PER_MINUTE: String(limit),
        // The budget above lets through many times the 30 orders a minute the real service allows, and the
        // stand-in has no flood limit: the outbox is not held to Telegram's pace either, so its own latency is
        // what the benches measure (in production, 30 orders a minute make a few status messages a second).
        OUTBOX_MESSAGES_PER_SECOND: '1000',
        REDIS_PREFIX: PREFIX,
        HTTP_HOST: '127.0.0.1',
        HTTP_PORT: String(port),
        ADMIN_IDS: String(ADMIN_ID),
        // Production logs at info; the lines go to /dev/null but are still formatted and written.
        LOG_LEVEL: 'info',
        ...extra,
      };
    },
    async startBot(opts = {}) {
      const port = await freePort();
      const bot = await spawnService({
        env: world.botEnv(port, opts.extra),
        port,
        ...(opts.profileDir ? { profileDir: opts.profileDir } : {}),
        ...(opts.inspect ? { inspect: true } : {}),
      });
      bots.push(bot);
      if (sandbox) {
        await control.post('webhooks', {
          targets: [
            {
              url: `http://127.0.0.1:${port}/webhooks/merchant`,
              secret: sandbox.webhookSecrets[0] ?? 'unused-secret',
            },
          ],
        });
      }
      return bot;
    },
    async addResellers(ids) {
      standIn.driver.user({ id: ADMIN_ID, firstName: 'Admin', languageCode: 'en', started: true });
      for (const id of ids)
        standIn.driver.user({ id, firstName: `R${id}`, languageCode: 'en', started: true });
      if (!redis) return;
      const roles = new RedisRoleStore({
        redis: world.redisClient(),
        prefix: PREFIX,
        configuredAdmins: [ADMIN_ID],
      });
      for (const id of ids) await roles.change(ADMIN_ID, id, 'reseller');
      // Reseller credit (issue #15): enough that the benchmarks never meet a refusal.
      const wallet = await control.get<{ currency: string }>('wallet');
      const accounts = createAccounts({
        redis: world.redisClient(),
        prefix: PREFIX,
        readCurrency: async () => wallet.currency,
      });
      for (const id of ids)
        await accounts.giveStartCredit(id, new Decimal('1000000000'), ADMIN_ID, 'bench credit');
    },
    async merchantRequests() {
      const log = await control.get<{ requests?: unknown[]; count?: number }>('requests');
      return log.count ?? log.requests?.length ?? 0;
    },
    redisClient() {
      if (!redis) throw new Error('no redis in this world');
      const client = new Redis(redis.url);
      clients.push(client);
      return client;
    },
    async close() {
      await Promise.all(bots.map((b) => b.stop().catch(() => undefined)));
      for (const c of clients) c.disconnect();
      await standIn.close();
      await sandbox?.close();
      await redis?.dispose();
    },
  };
  return world;
}
