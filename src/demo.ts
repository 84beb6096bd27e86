/**
 * `npm run demo`: the whole product on this machine with no configuration. A private redis-server (or
 * REDIS_URL), the Merchant API sandbox with its webhooks pointed at the bot, the Bot API stand-in with its
 * chat page, and the real bot (runService, as `npm start` runs it, in polling mode). Prints one URL: the chat
 * page. Ctrl-C stops it all.
 *
 * Ports: the chat page on 8081, the sandbox on 8090, the bot's HTTP server on 8080; a port already taken is
 * replaced by a free one. DEMO_TIME_SCALE (default 0.1) speeds up the sandbox's order schedule.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { parseConfig, type Config } from './config.ts';
import { runService } from './run-service.ts';
import { COUNTRIES, createMerchantSandbox, renderMagicTable } from './sandbox/merchant/index.ts';
import type { MerchantSandbox } from './sandbox/merchant/index.ts';
import { createTelegramStandIn, DEFAULT_PAGE_USERS, type TelegramStandIn } from './sandbox/telegram/index.ts';
import { localServiceEnv } from './sandbox/local-env.ts';

const DEMO_PORTS = { chatPage: 8081, sandbox: 8090, bot: 8080 } as const;
const HOST = '127.0.0.1';
const RESELLER_ID = 710_000_001;
/** Every reseller's start credit in the demo (RESELLER_START_CREDIT), in the merchant wallet currency. */
const DEMO_CREDIT = '50';
const AGENT_ID = 710_000_002;
const ADMIN_ID = 710_000_003;

class DemoError extends Error {
  readonly kind = 'demo-failed' as const;
}

/** The preferred port when it is free on loopback, otherwise one the kernel picks. */
async function portOr(preferred: number): Promise<number> {
  const tryListen = (port: number) =>
    new Promise<number | null>((resolve) => {
      const probe = createNetServer();
      probe.unref();
      probe.once('error', () => resolve(null));
      probe.listen(port, HOST, () => {
        const address = probe.address();
        const bound = address !== null && typeof address === 'object' ? address.port : null;
        probe.close(() => resolve(bound));
      });
    });
  return (await tryListen(preferred)) ?? (await tryListen(0)) ?? 0;
}

interface PrivateRedis {
  url: string;
  stop(): Promise<void>;
}

const INSTALL_REDIS =
  'redis-server was not found. Install it, or set REDIS_URL to a Redis you own:\n' +
  '  Debian/Ubuntu: sudo apt-get install redis-server\n' +
  '  macOS:         brew install redis';

/** A throw-away redis-server on a free loopback port, no persistence, never evicting. */
async function startPrivateRedis(): Promise<PrivateRedis> {
  const dir = await mkdtemp(join(tmpdir(), 'recharge-demo-redis-'));
  const port = await portOr(0);
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', HOST, '--dir', dir, '--save', '', '--appendonly', 'no'].concat([
      '--maxmemory-policy',
      'noeviction',
      '--loglevel',
      'warning',
    ]),
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const failed = new Promise<never>((_, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(new DemoError(error.code === 'ENOENT' ? INSTALL_REDIS : `redis-server: ${error.message}`)),
    );
    child.once('exit', (code) => reject(new DemoError(`redis-server exited (code ${code})`)));
  });
  failed.catch(() => undefined);
  const url = `redis://${HOST}:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await Promise.race([gone, sleep(5_000).then(() => child.kill('SIGKILL'))]);
    }
    await rm(dir, { recursive: true, force: true });
  };
  // Last resort: a crash of this process must not leave redis-server behind.
  process.once('exit', () => child.kill('SIGKILL'));
  try {
    await Promise.race([failed, waitForRedis(url)]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

async function waitForRedis(url: string): Promise<void> {
  for (let attempt = 0; attempt < 400; attempt++) {
    const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      await probe.ping();
      return;
    } catch {
      await sleep(25);
    } finally {
      probe.disconnect();
    }
  }
  throw new DemoError(`Redis at ${url} did not answer`);
}

function pageNotes(): string {
  const nigeria = COUNTRIES.find((c) => c.code === 'NG');
  const sample = nigeria ? `+${nigeria.sampleNumber}` : '+2348031234567';
  return [
    '<h3>Demo</h3>',
    '<p>Pick a person at the top: <b>Rita</b> is a reseller (tops up), <b>Alex</b> an agent (looks orders up), ',
    '<b>Ada</b> the admin (<code>/users</code>, <code>/grant</code>, <code>/stats</code>, alerts), <b>Sam</b> has no role. ',
    'Under them, the language of their Telegram app: the bot answers in it.</p>',
    `<p>Try <code>/topup</code>, or in one line <code>/topup ${sample} 500</code>; then <code>/status O-…</code> and <code>/orders</code>.</p>`,
    `<p>Every reseller starts with ${DEMO_CREDIT} of credit in the wallet currency (Rita too, and whoever joins by an invite): <code>/balance</code> and <code>/statement</code> show it; Ada adds more with <code>/credit ${RESELLER_ID} 10</code>.</p>`,
    '<h3>Three walks</h3>',
    '<ol>',
    '<li><b>An invite.</b> As <b>Ada</b>, send <code>/invite reseller</code>: the bot answers with a link and its QR ',
    'code. Click the link (or <i>👤 Open as a new user</i> under it): the page makes up a new person, opens the bot as ',
    'them (<code>/start …</code>) and switches to their chat. They are a reseller at once: try <code>/topup</code>.</li>',
    '<li><b>A bulk file.</b> As <b>Rita</b>, send <code>/bulk</code>: the bot explains the format and sends ',
    '<code>bulk-template.csv</code>. Click it to download it, edit it if you like, and send it back with 📎 beside the ',
    'message box. The bot checks it and sums it up; ✅ starts it, and a report file comes at the end.</li>',
    '<li><b>A receipt.</b> After a top-up, <code>/receipt O-…</code> (or 🧾 under the delivered top-up) gives a ',
    'receipt to forward to the customer, as text and as an image.</li>',
    '</ol>',
    '<h3>Sandbox magic numbers</h3>',
    '<p>The last four digits of the phone number choose what the Merchant API sandbox does with the order ',
    `(times here run ${timeScaleLabel()} faster):</p>`,
    renderMagicTable('html'),
  ].join('');
}

function timeScaleLabel(): string {
  return `${Math.round(1 / timeScale())}×`;
}

function timeScale(): number {
  const value = Number(process.env.DEMO_TIME_SCALE ?? '0.1');
  return Number.isFinite(value) && value > 0 ? value : 0.1;
}

interface Running {
  standIn?: TelegramStandIn;
  sandbox?: MerchantSandbox;
  redis?: PrivateRedis;
}

/** Everything the demo started besides the bot, stopped after it. */
async function stopServices(running: Running): Promise<void> {
  await running.standIn?.close().catch(() => undefined);
  await running.sandbox?.close().catch(() => undefined);
  await running.redis?.stop().catch(() => undefined);
}

/** The sandbox, the stand-in and Redis, and the bot's configuration pointing at them. */
async function startServices(running: Running): Promise<{ config: Config; pageUrl: string }> {
  const ownRedis = process.env.REDIS_URL === undefined || process.env.REDIS_URL.trim() === '';
  if (ownRedis) running.redis = await startPrivateRedis();
  const redisUrl = running.redis?.url ?? process.env.REDIS_URL!.trim();

  const botPort = await portOr(DEMO_PORTS.bot);
  running.sandbox = createMerchantSandbox({
    timeScale: timeScale(),
    initialBalance: '100000',
    webhooks: [{ url: `http://${HOST}:${botPort}/webhooks/merchant` }],
  });
  const sandboxAddress = await running.sandbox.listen(await portOr(DEMO_PORTS.sandbox), HOST);

  running.standIn = createTelegramStandIn({ users: DEFAULT_PAGE_USERS, pageNotes: pageNotes() });
  const { apiRoot, pageUrl } = await running.standIn.listen(await portOr(DEMO_PORTS.chatPage), HOST);

  const parsed = parseConfig({
    ...localServiceEnv({
      botToken: running.standIn.token,
      apiRoot,
      merchant: running.sandbox,
      baseUrl: sandboxAddress.baseUrl,
      redisUrl,
    }),
    BOT_MODE: 'polling',
    // Someone else's Redis keeps its own keys apart from the demo's.
    REDIS_PREFIX: ownRedis ? 'rb:' : 'rb-demo:',
    HTTP_HOST: HOST,
    HTTP_PORT: String(botPort),
    ADMIN_IDS: String(ADMIN_ID),
    // Every reseller starts with some credit, Rita and whoever joins through an invite alike (given once).
    RESELLER_START_CREDIT: DEMO_CREDIT,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  });
  if (!parsed.ok) throw new DemoError(`demo configuration: ${parsed.problems.join('; ')}`);
  return { config: parsed.config, pageUrl };
}

async function main(): Promise<void> {
  const running: Running = {};
  let stopping = false;
  // The bot is stopped by runService on the same signal; a second Ctrl-C leaves at once (the exit handler still
  // kills redis-server).
  const shutdown = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    console.error(`\n${signal}: stopping the demo…`);
  };
  const beforeTheBot = (signal: string) => {
    shutdown(signal);
    void stopServices(running).then(() => process.exit(0));
  };
  process.on('SIGINT', beforeTheBot);
  process.on('SIGTERM', beforeTheBot);
  let started: { config: Config; pageUrl: string };
  try {
    started = await startServices(running);
  } catch (error) {
    console.error(error instanceof DemoError ? error.message : error);
    await stopServices(running);
    process.exit(1);
  }
  if (stopping) return;
  process.off('SIGINT', beforeTheBot);
  process.off('SIGTERM', beforeTheBot);
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  const app = await runService({ config: started.config, stopAlso: () => stopServices(running) });
  try {
    await app.roles.change(ADMIN_ID, RESELLER_ID, 'reseller');
    await app.roles.change(ADMIN_ID, AGENT_ID, 'agent');
  } catch (error) {
    console.error(error);
    await app.stop(10_000).catch(() => undefined);
    await stopServices(running);
    process.exit(1);
  }
  console.log(`Chat page: ${started.pageUrl}`);
  console.error('(Ctrl-C stops the demo)');
}

void main();
