/**
 * A bot process for the kill tests: the order system with its workers and the merchant webhook endpoint.
 * It kills itself (SIGKILL) at the crash point named by CRASH_AT, after printing `AT <point>`. Optionally submits the order intent in INTENT (JSON) once started.
 *
 * Env: REDIS_URL, PREFIX, SANDBOX_BASE_URL, MERCHANT_ID, MERCHANT_API_KEY, TG_API_ROOT, TG_TOKEN,
 * WEBHOOK_SECRET, WEBHOOK_PORT, CRASH_AT, INTENT, ADMIN_ID; optional PLACEMENT_LEASE_MS, and ROLE as the service
 * takes it: `all` (default), `bot` (the webhook endpoint and the intent's placement, no jobs) or `worker` (the
 * jobs only).
 */
import { writeSync } from 'node:fs';
import { createServer } from 'node:http';
import { createI18n } from '../../../src/bot/i18n.ts';
import { Api } from 'grammy';
import { Redis } from 'ioredis';
import { createJobSystem } from '../../../src/jobs/jobs.ts';
import { createRequestBudget } from '../../../src/merchant/budget.ts';
import { createMerchantClient } from '../../../src/merchant/client.ts';
import type { CrashPoint } from '../../../src/lib/hooks.ts';
import { createLifecycle } from './lifecycle.ts';
import type { OrderIntent } from '../../../src/orders/types.ts';
import { FAST_TIMINGS } from './timings.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is required`);
  return value;
};

const crashAt = env('CRASH_AT') as CrashPoint;
let stopped = false;

const redis = new Redis(env('REDIS_URL'), { maxRetriesPerRequest: 3 });
redis.on('error', () => {});
const prefix = env('PREFIX');
const client = createMerchantClient({
  baseUrl: env('SANDBOX_BASE_URL'),
  merchantId: env('MERCHANT_ID'),
  apiKey: env('MERCHANT_API_KEY'),
  budget: createRequestBudget({ redis, prefix, limitPerMinute: 10_000 }),
  timeouts: { connect: 2_000, headers: 3_000, body: 3_000 },
  retry: { attempts: 3, baseDelayMs: 10, maxDelayMs: 100 },
});
const i18n = createI18n('en');
const adminId = Number(env('ADMIN_ID'));
const system = createLifecycle({
  redis,
  prefix,
  jobs: createJobSystem({ connect: (options) => new Redis(env('REDIS_URL'), options), prefix }),
  api: client,
  telegram: new Api(env('TG_TOKEN'), { apiRoot: env('TG_API_ROOT') }),
  t: (locale, key, vars) => i18n.t(locale, key, vars),
  webhookSecrets: [env('WEBHOOK_SECRET')],
  admins: async () => [{ id: adminId, locale: 'en' }],
  // PLACEMENT_LEASE_MS: a lease shorter than a slow send (the two-replica lease test).
  timings: process.env['PLACEMENT_LEASE_MS']
    ? {
        ...FAST_TIMINGS,
        placement: { ...FAST_TIMINGS.placement!, leaseMs: Number(process.env['PLACEMENT_LEASE_MS']) },
      }
    : FAST_TIMINGS,
  hooks: {
    at(point) {
      if (point !== crashAt || stopped) return;
      stopped = true;
      // Dies here, at once: a process held still until the test's kill arrived went on with its other work
      // meanwhile (a read found the order failed and the outbox sent it, killed before recording the send: told
      // twice, the outbox's one documented window, which is not what these tests are about).
      writeSync(1, `AT ${point}\n`);
      process.kill(process.pid, 'SIGKILL');
      return new Promise<void>(() => {});
    },
  },
});

const role = process.env['ROLE'] ?? 'all';
if (role !== 'worker') {
  const server = createServer((req, res) => {
    if (req.url === '/webhooks/merchant') {
      void system.webhookHandler(req, res);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(Number(env('WEBHOOK_PORT')), '127.0.0.1', resolve));
}
if (role !== 'bot') await system.startWorkers();
process.stdout.write('READY\n');

const intent = process.env['INTENT'];
if (intent) {
  const result = await system.service.submit(JSON.parse(intent) as OrderIntent);
  process.stdout.write(`SUBMITTED ${result.outcome}\n`);
}
