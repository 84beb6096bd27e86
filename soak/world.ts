// The soak world: a private Redis with AOF, the Merchant API sandbox and the Bot API stand-in in this
// process, bot replicas as child processes (webhook mode) behind a loopback balancer, and their log files.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { Decimal } from 'decimal.js';
import { RedisRoleStore } from '../src/accounts/roles.ts';
import { createAccounts, type Accounts } from '../src/accounts/accounts.ts';
import { createNetwork } from '../src/accounts/network.ts';
import { RedisPricingStore } from '../src/accounts/pricing-store.ts';
import { createMerchantSandbox } from '../src/sandbox/merchant/index.ts';
import { createTelegramStandIn, type TelegramStandIn } from '../src/sandbox/telegram/index.ts';
import { controlClient } from '../test/support/bot-world.ts';
import { freePort } from '../test/support/ports.ts';
import { startRedisServer, type RedisServerHandle } from '../test/support/redis.ts';
import { localServiceEnv } from '../src/sandbox/local-env.ts';
import { startRedisCluster } from '../test/support/cluster.ts';
import { createRedis } from '../src/lib/redis/connect.ts';
import type { CastMember } from './actors.ts';

export const PREFIX = 'rb:';
export const ADMIN_ID = 720_000_001;
export const AGENT_IDS = [720_000_101, 720_000_102];
export const STRANGER_ID = 720_000_201;
/** The role changes (role-actors.ts): the reseller revoked mid-run and the admin demoted; the admin makes both. */
export const ROLE_CAST = { adminId: ADMIN_ID, revokedId: 720_000_301, demotedId: 720_000_302 } as const;
/**
 * The network (network-actor.ts): a distributor under the merchant and the shops who joined under them. The
 * admin gives the distributor credit and a rule of the merchant's for them at the start; the distributor funds
 * the shops and sets their rules in chat while they top up. Two shops top up as the other resellers do; the
 * steady shop only places plain top-ups on a rule of its own, so every run earns the distributor commission.
 */
export const NETWORK_CAST = {
  distributorId: 720_000_401,
  shopIds: [720_000_411, 720_000_412, 720_000_413],
  steadyShopId: 720_000_413,
} as const;
/** The distributor's credit from the admin (the money that enters the network), in the wallet currency. */
export const DISTRIBUTOR_CREDIT = '2000';
/** The merchant's rule for the distributor: their price is the merchant price plus this. */
export const DISTRIBUTOR_RULE = { percent: '2', fixed: '0.01' } as const;

/** Credit of most soak resellers, and of every third (enough for a few top-ups only), in the wallet currency. */
export const RESELLER_CREDIT = '500';
export const RESELLER_CREDIT_SHORT = '2';

export const resellerIds = (count: number) => Array.from({ length: count }, (_, i) => 720_001_000 + i);

/**
 * Who plays which part (actors.ts, ACTORS): every third reseller, from the second, sends bulk files (with
 * plenty of credit: the short-credit resellers are the others); agents; the stranger. A new kind of actor
 * is cast here.
 */
export function castOf(resellers: number): CastMember[] {
  return [
    ...resellerIds(resellers).map((id, i) => ({
      kind: i % 3 === 1 ? ('bulk-reseller' as const) : ('reseller' as const),
      id,
    })),
    // The distributor's shops top up as the other resellers do, paying the price their distributor sets.
    ...NETWORK_CAST.shopIds
      .filter((id) => id !== NETWORK_CAST.steadyShopId)
      .map((id) => ({ kind: 'reseller' as const, id })),
    ...AGENT_IDS.map((id) => ({ kind: 'agent' as const, id })),
    { kind: 'stranger', id: STRANGER_ID },
  ];
}

export interface SoakControl {
  get<T = unknown>(path: string): Promise<T>;
  post<T = unknown>(path: string, body?: unknown): Promise<T>;
  del(path: string): Promise<void>;
}

/** What happened to a replica process: the runner's own kills are told apart from crashes. */
export interface ProcessExit {
  replica: number;
  generation: number;
  code: number | null;
  signal: string | null;
  /** True when the runner sent the signal (SIGKILL as a fault, SIGTERM at the end). */
  injected: boolean;
  at: number;
}

interface Replica {
  index: number;
  generation: number;
  port: number;
  child: ChildProcess | undefined;
  up: boolean;
  killing: boolean;
}

export interface SoakWorld {
  /** The server that holds the bot's keys (in a Cluster: the master serving their hash tag). */
  readonly redis: RedisServerHandle;
  /** The prefix of the bot's keys (with its hash tag in a Cluster). */
  readonly prefix: string;
  readonly standIn: TelegramStandIn;
  readonly control: SoakControl;
  readonly secrets: { apiKey: string; webhookSecrets: string[]; botToken: string; telegramSecret: string };
  readonly logDir: string;
  readonly exits: ProcessExit[];
  readonly logFiles: string[];
  readonly rateLimitPerMinute: number;
  /** A Redis client of the runner (for the checker and for waiting); reconnects by itself. */
  readonly client: Redis;
  redisUp: boolean;
  replicaCount(): number;
  liveReplicas(): number[];
  /** Starts replica `index` (a new generation) and waits until it answers. */
  startReplica(index: number): Promise<void>;
  /** SIGKILL, as the fault. */
  killReplica(index: number): Promise<void>;
  stopRedis(): Promise<void>;
  startRedis(): Promise<void>;
  close(): Promise<void>;
}

export interface SoakWorldOptions {
  logDir: string;
  seed: number;
  resellers: number;
  rateLimitPerMinute: number;
  timings: Record<string, unknown>;
  /** Which bot entry point the replicas run. */
  entry: string;
  /** A Redis Cluster of three masters instead of one server (REDIS_CLUSTER_NODES). */
  cluster?: boolean;
  /**
   * Split roles: replica 0 runs ROLE=bot (Telegram updates and webhooks, behind the balancer), replica 1
   * ROLE=worker (the jobs; never behind the balancer).
   */
  split?: boolean;
}

/**
 * A round-robin HTTP balancer in front of the live replicas: Telegram's and the sandbox's webhooks both go
 * through it, so two replicas really share the traffic. With no replica up it answers 502, which both
 * senders retry.
 */
function createBalancer(targets: () => number[]): Server {
  let turn = 0;
  return createServer((req, res) => {
    const ports = targets();
    if (ports.length === 0) {
      res.writeHead(502).end();
      req.resume();
      return;
    }
    const port = ports[turn++ % ports.length]!;
    const upstream = request(
      { host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
}

/**
 * The network at the start: the distributor granted and credited by the admin, with the merchant's rule for them;
 * the shops joined under them (as an invite of theirs joins a new member, before the grant) and granted reseller,
 * with no credit: the distributor funds them in chat.
 */
async function setUpNetwork(
  client: Redis,
  prefix: string,
  roles: RedisRoleStore,
  accounts: Accounts,
): Promise<void> {
  const network = createNetwork({ redis: client, prefix, maxDepth: 2 });
  const pricing = new RedisPricingStore({ redis: client, prefix, defaultPercent: '0', network });
  const { distributorId, shopIds } = NETWORK_CAST;
  await roles.change(ADMIN_ID, distributorId, 'distributor');
  for (const id of shopIds) {
    const joined = await network.join(id, distributorId);
    if (!joined.ok) throw new Error(`shop ${id} could not join the network: ${joined.reason}`);
    await roles.change(ADMIN_ID, id, 'reseller');
  }
  await pricing.set(ADMIN_ID, { kind: 'reseller', resellerId: distributorId }, { ...DISTRIBUTOR_RULE });
  await accounts.credit(distributorId, new Decimal(DISTRIBUTOR_CREDIT), {
    adminId: ADMIN_ID,
    note: 'soak network float',
  });
}

/** Builds the world; the first replica is started, roles are granted. */
export async function startSoakWorld(options: SoakWorldOptions): Promise<SoakWorld> {
  mkdirSync(options.logDir, { recursive: true });
  const cluster = options.cluster === true ? await startRedisCluster(3, { appendOnly: true }) : undefined;
  // As config.ts does: in a Cluster every key shares the hash tag `{<REDIS_PREFIX>}`.
  const prefix = cluster === undefined ? PREFIX : `{${PREFIX}}`;
  const redis =
    cluster === undefined ? await startRedisServer({ appendOnly: true }) : await cluster.masterOf(prefix);
  const resellers = resellerIds(options.resellers);
  const standIn = createTelegramStandIn({
    users: [
      { id: ADMIN_ID, firstName: 'Ada', languageCode: 'en', started: true },
      ...AGENT_IDS.map((id) => ({ id, firstName: `Agent${id % 1000}`, languageCode: 'en', started: true })),
      { id: STRANGER_ID, firstName: 'Sam', languageCode: 'en', started: true },
      { id: ROLE_CAST.revokedId, firstName: 'Rita', languageCode: 'en', started: true },
      { id: ROLE_CAST.demotedId, firstName: 'Dan', languageCode: 'en', started: true },
      { id: NETWORK_CAST.distributorId, firstName: 'Dina', languageCode: 'en', started: true },
      ...[...resellers, ...NETWORK_CAST.shopIds].map((id) => ({
        id,
        firstName: `R${id % 1000}`,
        languageCode: 'en',
        started: true,
        phone: `23480${String(id).slice(-8)}`,
      })),
    ],
    webhookRetryBaseMs: 200,
    webhookRetryMaxMs: 3_000,
    webhookTimeoutMs: 15_000,
    callbackQueryTimeoutMs: 30_000,
  });
  const { apiRoot } = await standIn.listen();
  const sandbox = createMerchantSandbox({
    timeScale: 0.01,
    initialBalance: '10000000',
    seed: options.seed,
    rateLimitPerMinute: options.rateLimitPerMinute,
  });
  const urls = await sandbox.listen();
  const control = controlClient(urls.controlUrl);
  const webhookSecrets: string[] =
    sandbox.webhookSecrets.length > 0 ? [...sandbox.webhookSecrets] : ['soak-webhook-secret'];
  const telegramSecret = `soak-tg-${options.seed}-secret`;

  const replicas: Replica[] = [];
  const exits: ProcessExit[] = [];
  const logFiles: string[] = [];
  const roleOf = (index: number): 'all' | 'bot' | 'worker' =>
    options.split === true ? (index === 0 ? 'bot' : 'worker') : 'all';
  const balancer = createBalancer(() =>
    replicas.filter((r) => r.up && roleOf(r.index) !== 'worker').map((r) => r.port),
  );
  const balancerPort = await freePort();
  await new Promise<void>((resolve) => balancer.listen(balancerPort, '127.0.0.1', resolve));
  const publicUrl = `http://127.0.0.1:${balancerPort}`;

  await control.post('webhooks', {
    targets: [{ url: `${publicUrl}/webhooks/merchant`, secret: webhookSecrets[0] }],
  });
  await control.post('account', { rate_limit_per_minute: options.rateLimitPerMinute });

  const baseEnv: Record<string, string> = {
    ...localServiceEnv({
      botToken: standIn.token,
      apiRoot,
      merchant: { ...sandbox, webhookSecrets },
      baseUrl: urls.baseUrl,
      redisUrl: redis.url,
    }),
    BOT_MODE: 'webhook',
    PUBLIC_URL: publicUrl,
    TELEGRAM_WEBHOOK_SECRET: telegramSecret,
    MERCHANT_RATE_LIMIT_PER_MINUTE: String(options.rateLimitPerMinute),
    REDIS_PREFIX: PREFIX,
    ...(cluster === undefined ? {} : { REDIS_CLUSTER_NODES: cluster.nodes }),
    HTTP_HOST: '127.0.0.1',
    ADMIN_IDS: String(ADMIN_ID),
    LOG_LEVEL: 'info',
    SOAK_TIMINGS: JSON.stringify(options.timings),
  };

  const client = createRedis(
    {
      url: redis.url,
      ...(cluster === undefined
        ? {}
        : { cluster: { nodes: cluster.masters.map((m) => ({ host: '127.0.0.1', port: m.port })) } }),
    },
    { maxRetriesPerRequest: 2, retryStrategy: () => 200 },
  );
  client.on('error', () => undefined);

  const waitHealthy = async (port: number, child: ChildProcess, role: 'all' | 'bot' | 'worker') => {
    for (let i = 0; i < 600; i++) {
      if (child.exitCode !== null || child.signalCode !== null) return false;
      try {
        const res = await fetch(`http://127.0.0.1:${port}/healthz`);
        await res.arrayBuffer();
        if (res.status < 500 || res.status === 503) {
          // The HTTP server listens only after Redis, getMe and the webhook are done (see app.start).
          // A worker does not set the webhook: its /healthz is enough.
          if (role === 'worker' || (await webhookSet())) return true;
        }
      } catch {
        // not listening yet
      }
      await sleep(50);
    }
    return false;
  };
  // The replica logs "recharge-bot started" once setWebhook returned; the stand-in's webhook URL confirms it.
  const webhookSet = async () => standIn.driver.webhookInfo().url === `${publicUrl}/webhooks/telegram`;

  const world: SoakWorld = {
    redis,
    prefix,
    standIn,
    control,
    secrets: { apiKey: sandbox.apiKey, webhookSecrets, botToken: standIn.token, telegramSecret },
    logDir: options.logDir,
    exits,
    logFiles,
    rateLimitPerMinute: options.rateLimitPerMinute,
    client,
    redisUp: true,
    replicaCount: () => replicas.length,
    liveReplicas: () => replicas.filter((r) => r.up).map((r) => r.index),
    async startReplica(index) {
      let replica = replicas[index];
      if (replica === undefined) {
        replica = {
          index,
          generation: 0,
          port: await freePort(),
          child: undefined,
          up: false,
          killing: false,
        };
        replicas[index] = replica;
      }
      if (replica.child !== undefined) return;
      replica.generation += 1;
      const file = join(options.logDir, `bot-${index}-${replica.generation}.log`);
      logFiles.push(file);
      const out: WriteStream = createWriteStream(file);
      const child = spawn(process.execPath, [options.entry], {
        env: { ...process.env, ...baseEnv, HTTP_PORT: String(replica.port), ROLE: roleOf(index) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.pipe(out);
      child.stderr.pipe(out);
      replica.child = child;
      const generation = replica.generation;
      const r = replica;
      child.once('exit', (code, signal) => {
        exits.push({ replica: index, generation, code, signal, injected: r.killing, at: Date.now() });
        r.killing = false;
        r.up = false;
        r.child = undefined;
      });
      const healthy = await waitHealthy(replica.port, child, roleOf(index));
      if (healthy && replica.child === child) replica.up = true;
    },
    async killReplica(index) {
      const replica = replicas[index];
      const child = replica?.child;
      if (replica === undefined || child === undefined) return;
      replica.killing = true;
      replica.up = false;
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGKILL');
      await gone;
    },
    async stopRedis() {
      world.redisUp = false;
      await redis.stop(true);
    },
    async startRedis() {
      await redis.start();
      world.redisUp = true;
    },
    async close() {
      for (const replica of replicas) {
        const child = replica.child;
        if (child === undefined) continue;
        replica.killing = true;
        replica.up = false;
        const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 8_000);
        await gone;
        clearTimeout(timer);
      }
      client.disconnect();
      await new Promise<void>((resolve) => balancer.close(() => resolve()));
      balancer.closeAllConnections();
      await standIn.close();
      await sandbox.close();
      if (cluster === undefined) await redis.dispose();
      else await cluster.close();
    },
  };

  await world.startReplica(0);
  if (world.liveReplicas().length === 0) throw new Error('the first bot replica did not start; see its log');
  const roles = new RedisRoleStore({ redis: client, prefix, configuredAdmins: [ADMIN_ID] });
  for (const id of resellers) await roles.change(ADMIN_ID, id, 'reseller');
  for (const id of AGENT_IDS) await roles.change(ADMIN_ID, id, 'agent');
  // Resellers have credit: most plenty, every third only enough for a few top-ups (they run out and are refused),
  // and the first of those none at all, so that even a run slowed down by a busy machine sees a refusal.
  const wallet = await world.control.get<{ currency: string }>('wallet');
  const accounts = createAccounts({
    redis: client,
    prefix,
    readCurrency: async () => wallet.currency,
  });
  await setUpNetwork(client, prefix, roles, accounts);
  for (const [i, id] of resellers.entries()) {
    if (i === 2) continue;
    const credit = i % 3 === 2 ? RESELLER_CREDIT_SHORT : RESELLER_CREDIT;
    await accounts.credit(id, new Decimal(credit), {
      adminId: ADMIN_ID,
      note: 'soak float',
    });
  }
  // The role changes' people get their roles in chat (role-actors.ts); their credit is there from the start, so the
  // demoted admin pays as a reseller.
  for (const id of [ROLE_CAST.revokedId, ROLE_CAST.demotedId])
    await accounts.credit(id, new Decimal(RESELLER_CREDIT), { adminId: ADMIN_ID, note: 'soak float' });
  return world;
}
