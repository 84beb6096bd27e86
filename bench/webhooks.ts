import { Redis } from 'ioredis';
import { Pool } from 'undici';
import { signWebhook } from '../src/sandbox/merchant/webhooks.ts';
import { freePort } from '../test/support/ports.ts';
import { startRedisServer } from '../test/support/redis.ts';
import type { BenchContext } from './lib/context.ts';
import { spawnService, type ChildService } from './lib/processes.ts';
import { ratio, type Row } from './lib/report.ts';
import { fmt, quantile } from './lib/stats.ts';

const SECRET = 'bench-webhook-secret';

interface LoadResult {
  rate: number;
  latencies: number[];
  errors: number;
}

let sequence = 0;

/** A signed order.succeeded event for a new order: every request is verified and stored, none deduplicated. */
function signedEvent(): { body: string; signature: string } {
  sequence++;
  const body = JSON.stringify({
    event: 'order.succeeded',
    order: {
      id: `O-${50_000_000 + sequence}`,
      order_id: `O-${50_000_000 + sequence}`,
      external_order_id: `rb-bench-${sequence}`,
      status: 'succeeded',
      currency: 'USD',
      total_amount: '1.2500',
      items: [],
    },
  });
  return { body, signature: signWebhook(SECRET, Math.floor(Date.now() / 1000), body) };
}

/** Open-loop generator: `rate` events a second, sent on schedule whatever the answers do, for latency. */
async function paced(port: number, rate: number, seconds: number): Promise<LoadResult> {
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: 32, pipelining: 1 });
  const latencies: number[] = [];
  let errors = 0;
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  const total = Math.round(rate * seconds);
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const { body, signature } = signedEvent();
    const t0 = performance.now();
    inFlight.push(
      pool
        .request({
          method: 'POST',
          path: '/webhooks/merchant',
          headers: { 'content-type': 'application/json', 'x-svc-signature': signature },
          body,
        })
        .then(async (res) => {
          await res.body.dump();
          if (res.statusCode === 200) latencies.push(performance.now() - t0);
          else errors++;
        })
        .catch(() => {
          errors++;
        }),
    );
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  await pool.close();
  return { rate: latencies.length / elapsed, latencies, errors };
}

/** Closed-loop generator: `concurrency` senders on keep-alive connections for `seconds`. */
async function push(port: number, concurrency: number, seconds: number): Promise<LoadResult> {
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: concurrency, pipelining: 1 });
  const latencies: number[] = [];
  let errors = 0;
  const send = async (): Promise<number> => {
    const { body, signature } = signedEvent();
    const res = await pool.request({
      method: 'POST',
      path: '/webhooks/merchant',
      headers: {
        'content-type': 'application/json',
        'x-svc-signature': signature,
        'user-agent': 'MerchantSandbox-Webhooks/1.0',
      },
      body,
    });
    await res.body.dump();
    return res.statusCode;
  };
  // Warm-up: connections open, JIT warm.
  await Promise.all(Array.from({ length: concurrency }, () => send().catch(() => 0)));
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          const status = await send();
          if (status === 200) latencies.push(performance.now() - t0);
          else errors++;
        } catch {
          errors++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await pool.close();
  return { rate: latencies.length / elapsed, latencies, errors };
}

/** Benchmark 2: signed events at POST /webhooks/merchant against a bare node:http server. */
export async function webhookBenchmark(ctx: BenchContext): Promise<Row[]> {
  const seconds = ctx.quick ? 3 : 20;
  const concurrency = 32;
  const redis = await startRedisServer();
  const client = new Redis(redis.url);
  const redisCpu = async (): Promise<number> => {
    const info = await client.info('cpu');
    const n = (k: string) => Number(new RegExp(`${k}:([\\d.]+)`).exec(info)?.[1] ?? 'NaN');
    return n('used_cpu_user') + n('used_cpu_sys');
  };
  const pacedRate = 300;
  const spawnTarget = async (mode: 'bare' | 'app'): Promise<ChildService> =>
    spawnService({
      script: 'bench/lib/webhook-target.ts',
      args: [mode],
      env: { REDIS_URL: redis.url, REDIS_PREFIX: 'rb:', MERCHANT_WEBHOOK_SECRETS: SECRET },
      port: await freePort(),
      ...(ctx.profileDir && mode === 'app' ? { profileDir: `${ctx.profileDir}/webhooks` } : {}),
    });
  const merge = (parts: LoadResult[], secondsEach: number): LoadResult => ({
    rate: parts.reduce((n, p) => n + p.latencies.length, 0) / (secondsEach * parts.length),
    latencies: parts.flatMap((p) => p.latencies),
    errors: parts.reduce((n, p) => n + p.errors, 0),
  });
  // Both servers run at once and the rounds alternate, so noise from other jobs hits both alike.
  const rounds = ctx.quick ? 2 : 4;
  const slice = seconds / rounds;
  const children: ChildService[] = [];
  try {
    const bareChild = await spawnTarget('bare');
    children.push(bareChild);
    const appChild = await spawnTarget('app');
    children.push(appChild);
    const parts = {
      bare: [] as LoadResult[],
      app: [] as LoadResult[],
      bareLat: [] as LoadResult[],
      appLat: [] as LoadResult[],
    };
    const cpu = { bare: 0, app: 0, redis: 0, generatorBare: 0, generatorApp: 0 };
    ctx.log(
      `webhooks: ${rounds} alternating rounds of ${slice} s, ${concurrency} senders, then ${pacedRate}/s paced`,
    );
    for (let r = 0; r < rounds; r++) {
      for (const [mode, child] of [
        ['bare', bareChild],
        ['app', appChild],
      ] as const) {
        const cpu0 = child.cpuSeconds();
        const self0 = process.cpuUsage();
        const redis0 = await redisCpu();
        parts[mode].push(await push(child.port, concurrency, slice));
        const self = process.cpuUsage(self0);
        cpu[mode] += child.cpuSeconds() - cpu0;
        if (mode === 'app') cpu.redis += (await redisCpu()) - redis0;
        cpu[mode === 'bare' ? 'generatorBare' : 'generatorApp'] += (self.user + self.system) / 1e6;
        parts[mode === 'bare' ? 'bareLat' : 'appLat'].push(await paced(child.port, pacedRate, slice));
      }
    }
    const bare = merge(parts.bare, slice);
    const app = merge(parts.app, slice);
    const bareLatency = merge(parts.bareLat, slice);
    const appLatency = merge(parts.appLat, slice);
    const share = (cpuSeconds: number) => `${fmt((100 * cpuSeconds) / seconds)}%`;
    ctx.log(
      `webhooks: CPU while pushed (share of one core): app ${share(cpu.app)}, its Redis ${share(cpu.redis)}, generator ${share(cpu.generatorApp)}; ` +
        `bare ${share(cpu.bare)}, generator ${share(cpu.generatorBare)}`,
    );
    const p99 = quantile(appLatency.latencies, 0.99);
    const bareP99 = quantile(bareLatency.latencies, 0.99);
    return [
      {
        bench: '2',
        metric: `Webhooks accepted/s (verify + store + 200), ${concurrency} senders`,
        value: fmt(app.rate, '/s'),
        anchor: fmt(bare.rate, '/s'),
        ratio: ratio(app.rate, bare.rate),
        target: '≥ 0.50× bare',
        met: app.rate >= bare.rate / 2 && app.errors === 0,
        ...(app.errors > 0 ? { note: `${app.errors} non-200 answers` } : {}),
      },
      {
        bench: '2',
        metric: `Webhook p99 latency at ${pacedRate} events/s (p50 ${fmt(quantile(appLatency.latencies, 0.5), 'ms')})`,
        value: fmt(p99, 'ms'),
        anchor: fmt(bareP99, 'ms'),
        ratio: ratio(p99, bareP99),
        target: '< 5 ms',
        met: p99 < 5 && appLatency.errors === 0,
        note: `at full load (${concurrency} senders) p99 ${fmt(quantile(app.latencies, 0.99), 'ms')} vs bare ${fmt(quantile(bare.latencies, 0.99), 'ms')}`,
      },
    ];
  } finally {
    for (const child of children) await child.stop();
    client.disconnect();
    await redis.dispose();
  }
}
