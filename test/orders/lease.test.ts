import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/ports.ts';
import { startRedisServer, type RedisServerHandle } from '../support/redis.ts';
import { ADMIN_ID, createWorld, waitFor, type World } from './support/world.ts';

interface Child {
  proc: ChildProcess;
  output: string[];
  exited: Promise<void>;
}

function startChild(env: Record<string, string>): Child {
  const proc = spawn(process.execPath, ['test/orders/support/crash-child.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  let buffer = '';
  proc.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    output.push(...lines);
  });
  proc.stderr!.on('data', (chunk: Buffer) => output.push(`stderr: ${chunk.toString('utf8').trim()}`));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  return { proc, output, exited };
}

interface RequestView {
  method: string;
  at_ms: number;
  duration_ms: number | null;
  status: number | null;
  external_order_id: string | null;
}

describe('two replica processes and a slow placement', () => {
  let redis: RedisServerHandle;
  let world: World | null = null;
  const children: Child[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterEach(async () => {
    for (const child of children.splice(0)) {
      child.proc.kill('SIGKILL');
      await child.exited;
    }
    await world?.close();
    world = null;
  });
  afterAll(async () => {
    await redis.dispose();
  });

  it('a send slower than the placement lease: one POST in flight at a time per order (the lease is renewed during the send)', async () => {
    const prefix = 'lease:';
    const w = (world = await createWorld({ redisUrl: redis.url, prefix }));
    // every placement takes 2 s at the service (well under the client's 3 s time-out), the lease is 0.7 s
    await w.control('POST', '/faults', {
      kind: 'latency',
      path: '/recharge/orders',
      method: 'POST',
      latency_ms: 2_000,
    });
    const store = w.replicas[0]!.system.service.store;
    const exts: string[] = [];
    for (const ending of ['0000', '2222', '3333', '5555']) {
      const intent = await w.newIntent({ ending });
      // saved as a crashed submit leaves it: placing, held by a claim that nobody will complete
      await store.create(intent, { token: 'gone', leaseMs: 600_000 });
      exts.push(intent.externalOrderId);
    }
    for (let i = 0; i < 2; i++) {
      const child = startChild({
        REDIS_URL: redis.url,
        PREFIX: prefix,
        SANDBOX_BASE_URL: w.sbx.baseUrl,
        MERCHANT_ID: w.sandbox.merchantId,
        MERCHANT_API_KEY: w.sandbox.apiKey,
        TG_API_ROOT: w.tgApiRoot,
        TG_TOKEN: w.standIn.token,
        WEBHOOK_SECRET: w.secrets[0]!,
        WEBHOOK_PORT: String(await freePort()),
        CRASH_AT: 'none',
        ADMIN_ID: String(ADMIN_ID),
        PLACEMENT_LEASE_MS: '700',
      });
      children.push(child);
    }
    for (const child of children) {
      await waitFor(() => (child.output.includes('READY') ? true : null), 60_000, 'child ready');
    }
    // both replicas run: the orders are due now
    for (const ext of exts) await store.placementQueue.schedule(ext, 0);
    for (const ext of exts) {
      await waitFor(
        async () => ((await store.get(ext))?.placement === 'placed' ? true : null),
        90_000,
        `${ext} placed; children: ${children.map((c) => c.output.join(' | ')).join(' // ')}`,
      );
    }
    // a request still held by the latency fault has no order number in the log yet: wait for every answer
    const log = await waitFor(
      async () => {
        const body = await w.control<{ results: RequestView[] }>(
          'GET',
          '/requests?path=/api/v1/recharge/orders',
        );
        return body.results.every((r) => r.status !== null) ? body : null;
      },
      30_000,
      'every order request answered',
    );
    for (const ext of exts) {
      const posts = log.results
        .filter((r) => r.method === 'POST' && r.external_order_id === ext)
        .map((r) => ({ from: r.at_ms, to: r.at_ms + (r.duration_ms ?? 60_000) }))
        .sort((a, b) => a.from - b.from);
      expect(posts.length, ext).toBeGreaterThan(0);
      for (let i = 1; i < posts.length; i++) {
        expect(
          posts[i]!.from,
          `${ext}: POST ${i} started while POST ${i - 1} was in flight`,
        ).toBeGreaterThanOrEqual(posts[i - 1]!.to);
      }
      const debits = (await w.ledger()).filter((e) => e.kind === 'debit' && e.external_order_id === ext);
      expect(debits, ext).toHaveLength(1);
    }
  }, 180_000);
});
