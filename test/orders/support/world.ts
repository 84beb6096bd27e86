import { createServer } from 'node:http';
import { createI18n } from '../../../src/bot/i18n.ts';
import { Api } from 'grammy';
import type { Redis } from 'ioredis';
import { createRedis } from '../../../src/lib/redis/connect.ts';
import { createJobSystem, type JobSystem } from '../../../src/jobs/jobs.ts';
import { newMerchantOrderNumber } from '../../../src/domain/order-number.ts';
import { createRequestBudget } from '../../../src/merchant/budget.ts';
import { createMerchantClient, type MerchantClient } from '../../../src/merchant/client.ts';
import { createLifecycle, type Lifecycle } from './lifecycle.ts';
import type { Translate } from '../../../src/orders/texts.ts';
import type { OrderIntent } from '../../../src/orders/types.ts';
import { createMerchantSandbox, type MerchantSandbox } from '../../../src/sandbox/merchant/index.ts';
import { createTelegramStandIn, type TelegramStandIn } from '../../../src/sandbox/telegram/index.ts';
import { listenOnLoopback, type RunningServer } from '../../support/http.ts';
import { phone } from './fixtures.ts';
import { FAST_TIMINGS } from './timings.ts';

export { FAST_TIMINGS };

/** The real translations, loaded the way the bot loads them. */
export function loadTranslate(): Translate {
  const i18n = createI18n('en');
  return (locale, key, vars) => i18n.t(locale, key, vars);
}

export interface Replica {
  redis: Redis;
  /** The replica's BullMQ jobs (the outbox's queue), on connections of its own. */
  jobs: JobSystem;
  client: MerchantClient;
  system: Lifecycle;
  webhookServer: RunningServer;
  webhookUrl: string;
  workers: { stop(): Promise<void> } | null;
}

export interface WorldOptions {
  redisUrl: string;
  /** Seed nodes (`host:port,…`) of a Redis Cluster to use instead of `redisUrl`; keys get the hash tag. */
  clusterNodes?: string;
  prefix?: string;
  replicas?: number;
  /** Sandbox time scale (0.01 = 100x faster). */
  timeScale?: number;
  /** Sandbox rate limit and our shared budget. */
  rateLimitPerMinute?: number;
  /** Send sandbox webhooks to every replica (default true). */
  webhooks?: boolean;
  /**
   * Split roles as ROLE=bot + ROLE=worker: the sandbox's webhooks go to replica 0 only (which places the orders),
   * and `startWorkers` starts the jobs on the other replicas only. Needs `replicas` ≥ 2.
   */
  split?: boolean;
  admins?: Array<{ id: number; locale: string }>;
  alertChatId?: number;
  /** Overrides of the system timings (tests run the schedule in milliseconds). */
  timings?: Parameters<typeof createLifecycle>[0]['timings'];
  hooks?: Parameters<typeof createLifecycle>[0]['hooks'];
  clientRetryAttempts?: number;
  /** Opening wallet balance of the sandbox merchant. */
  initialBalance?: string;
}

export const ADMIN_ID = 720000001;
export const RESELLER_ID = 720000100;

/**
 * A whole world on loopback: the Merchant API sandbox, the Bot API stand-in, and N replicas of the order
 * system (each its own Redis connection, client and webhook server) on one real Redis.
 */
export async function createWorld(options: WorldOptions) {
  // As config.ts does for REDIS_CLUSTER_NODES: in a Cluster every key shares the hash tag `{<prefix>}`.
  const prefix =
    options.clusterNodes === undefined ? (options.prefix ?? 'rb:') : `{${options.prefix ?? 'rb:'}}`;
  const cluster =
    options.clusterNodes === undefined
      ? undefined
      : {
          nodes: options.clusterNodes.split(',').map((node) => {
            const [host, port] = node.split(':');
            return { host: host!, port: Number(port) };
          }),
        };
  const replicaCount = options.replicas ?? 1;
  const rate = options.rateLimitPerMinute ?? 10_000;
  const sandbox: MerchantSandbox = createMerchantSandbox({
    timeScale: options.timeScale ?? 0.01,
    rateLimitPerMinute: rate,
    initialBalance: options.initialBalance ?? '1000000.0000',
    riskMaxOrderPrice: '100000.0000',
  });
  const sbx = await sandbox.listen();
  const standIn: TelegramStandIn = createTelegramStandIn({});
  const tg = await standIn.listen();
  const t = loadTranslate();
  const admins = options.admins ?? [{ id: ADMIN_ID, locale: 'en' }];
  for (const admin of admins) {
    standIn.driver.user({ id: admin.id, firstName: 'Admin', languageCode: admin.locale, started: true });
  }
  standIn.driver.user({ id: RESELLER_ID, firstName: 'Rita', languageCode: 'en', started: true });
  const secrets = Array.from(
    { length: replicaCount },
    (_, i) => `whsec_test_${i}_${Math.random().toString(36).slice(2)}`,
  );
  const telegramApi = new Api(standIn.token, { apiRoot: tg.apiRoot });

  const replicas: Replica[] = [];
  for (let i = 0; i < replicaCount; i++) {
    const target = { url: options.redisUrl, ...(cluster ? { cluster } : {}) };
    const redis = createRedis(target, { maxRetriesPerRequest: 3 });
    redis.on('error', () => {});
    const jobs = createJobSystem({ connect: (redisOptions) => createRedis(target, redisOptions), prefix });
    const budget = createRequestBudget({ redis, prefix, limitPerMinute: rate, redisTimeoutMs: 5_000 });
    const client = createMerchantClient({
      baseUrl: sbx.baseUrl,
      merchantId: sandbox.merchantId,
      apiKey: sandbox.apiKey,
      budget,
      timeouts: { connect: 2_000, headers: 3_000, body: 3_000 },
      retry: { attempts: options.clientRetryAttempts ?? 3, baseDelayMs: 10, maxDelayMs: 100 },
    });
    let webhookHandler: Lifecycle['webhookHandler'] | null = null;
    const server = createServer((req, res) => {
      if (req.url === '/webhooks/merchant' && webhookHandler) {
        void webhookHandler(req, res);
        return;
      }
      res.writeHead(404).end();
    });
    const webhookServer = await listenOnLoopback(server);
    const system = createLifecycle({
      redis,
      prefix,
      jobs,
      api: client,
      telegram: telegramApi,
      t,
      webhookSecrets: secrets,
      admins: async () => admins,
      ...(options.alertChatId === undefined ? {} : { alertChatId: options.alertChatId }),
      timings: { ...FAST_TIMINGS, ...options.timings },
      ...(options.hooks ? { hooks: options.hooks } : {}),
    });
    webhookHandler = system.webhookHandler;
    replicas.push({
      redis,
      jobs,
      client,
      system,
      webhookServer,
      webhookUrl: `${webhookServer.url}/webhooks/merchant`,
      workers: null,
    });
  }

  const control = async <T = unknown>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${sbx.controlUrl}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`control ${method} ${path}: ${res.status} ${text}`);
    return (text === '' ? null : JSON.parse(text)) as T;
  };

  if (options.webhooks !== false) {
    await control('POST', '/webhooks', {
      targets: replicas
        .map((r, i) => ({ url: r.webhookUrl, secret: secrets[i] }))
        .filter((_, i) => options.split !== true || i === 0),
    });
  }

  const reseller = standIn.driver.user({ id: RESELLER_ID });

  /** A real quote from the sandbox and the intent the conversation would hand over, with its ⏳ message. */
  async function newIntent(
    init: {
      ending?: string;
      amount?: string;
      account?: string;
      statusMessage?: boolean;
      locale?: string;
    } = {},
  ): Promise<OrderIntent> {
    const api = replicas[0]!.client;
    const amount = init.amount ?? '500';
    const quote = await api.createQuote(
      { country: 'NG', operatorKey: 'NG-MTN', amount, localCurrency: 'NGN', subtype: 'airtime' },
      { priority: 'interactive' },
    );
    const externalOrderId = newMerchantOrderNumber();
    let statusMessageId: number | undefined;
    if (init.statusMessage !== false) {
      const sent = await telegramApi.sendMessage(RESELLER_ID, `⏳ ${externalOrderId}`);
      statusMessageId = sent.message_id;
    }
    return {
      externalOrderId,
      request: {
        externalOrderId,
        country: 'NG',
        operatorKey: 'NG-MTN',
        amount,
        localCurrency: 'NGN',
        subtype: 'airtime',
        account: init.account ?? phone(init.ending ?? '0000'),
        quoteToken: quote.quoteToken,
      },
      quote: {
        countryName: quote.countryName,
        operatorName: quote.operator.name,
        subtype: quote.subtype,
        localAmount: quote.localAmount.toFixed(4),
        localCurrency: quote.localCurrency,
        merchantPrice: quote.merchantPrice.toFixed(4),
        merchantCurrency: quote.merchantCurrency,
        expiresAt: quote.expiresAt.toISOString(),
      },
      resellerId: RESELLER_ID,
      chatId: RESELLER_ID,
      locale: init.locale ?? 'en',
      ...(statusMessageId === undefined ? {} : { statusMessageId }),
    };
  }

  return {
    /** The key prefix in use (with its hash tag in a Cluster). */
    prefix,
    sandbox,
    sbx,
    standIn,
    /** Bot API root of the stand-in. */
    tgApiRoot: tg.apiRoot,
    telegramApi,
    t,
    replicas,
    secrets,
    reseller,
    control,
    newIntent,
    /** Starts the workers of every replica (or some loops only); split: of the worker replicas only. */
    async startWorkers() {
      for (const [i, r] of replicas.entries()) {
        if (options.split === true && i === 0) continue;
        r.workers = await r.system.startWorkers();
      }
    },
    async stopWorkers() {
      await Promise.all(replicas.map((r) => r.workers?.stop()));
      for (const r of replicas) r.workers = null;
    },
    /** Ledger entries of the sandbox (debits and refunds). */
    async ledger(): Promise<Array<{ kind: string; external_order_id: string | null; amount: string }>> {
      const body = await control<{
        results: Array<{ kind: string; external_order_id: string | null; amount: string }>;
      }>('GET', '/ledger');
      return body.results;
    },
    async close() {
      await Promise.all(replicas.map((r) => r.workers?.stop()));
      for (const r of replicas) {
        await r.webhookServer.close();
        await r.client.close();
        await r.jobs.close();
        r.redis.disconnect();
      }
      await sandbox.close();
      await standIn.close();
    },
  };
}

export type World = Awaited<ReturnType<typeof createWorld>>;

/** Polls `probe` until it returns a truthy value (generous timeout for slow machines). */
export async function waitFor<T>(
  probe: () => Promise<T> | T,
  timeoutMs = 30_000,
  label = 'condition',
): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      last = error;
    }
    if (Date.now() > until) {
      throw new Error(`timed out waiting for ${label}${last instanceof Error ? `: ${last.message}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}
