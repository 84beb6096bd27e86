import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CrashPoint } from '../../src/orders/hooks.ts';
import type { OrderIntent } from '../../src/orders/types.ts';
import { freePort } from '../support/ports.ts';
import { startRedisServer, type RedisServerHandle } from '../support/redis.ts';
import { callsFor, expectToldOncePerStatus, FINAL_MARKERS } from './support/checks.ts';
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

/** Runs the bot in a child process until it reaches `point`, kills it there (SIGKILL), returns. */
async function killAt(
  world: World,
  point: CrashPoint,
  webhookPort: number,
  prefix: string,
  intent: OrderIntent,
): Promise<void> {
  const child = startChild({
    REDIS_URL: redisUrl,
    PREFIX: prefix,
    SANDBOX_BASE_URL: world.sbx.baseUrl,
    MERCHANT_ID: world.sandbox.merchantId,
    MERCHANT_API_KEY: world.sandbox.apiKey,
    TG_API_ROOT: world.tgApiRoot,
    TG_TOKEN: world.standIn.token,
    WEBHOOK_SECRET: world.secrets[0]!,
    WEBHOOK_PORT: String(webhookPort),
    CRASH_AT: point,
    INTENT: JSON.stringify(intent),
    ADMIN_ID: String(ADMIN_ID),
  });
  try {
    await waitFor(
      () => child.output.includes(`AT ${point}`),
      60_000,
      `child at ${point}: ${child.output.join(' | ')}`,
    );
  } finally {
    child.proc.kill('SIGKILL');
    await child.exited;
  }
}

let redisUrl = '';

describe('the bot killed (SIGKILL) at each crash point, then restarted', () => {
  let redis: RedisServerHandle;
  let world: World | null = null;
  let server: Server | null = null;

  beforeAll(async () => {
    redis = await startRedisServer({ appendOnly: true });
    redisUrl = redis.url;
  });
  afterEach(async () => {
    if (server) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = null;
    }
    await world?.close();
    world = null;
  });
  afterAll(async () => {
    await redis.dispose();
  });

  /** The restarted bot: the same Redis and prefix, the webhook endpoint back on the same port. */
  async function restart(w: World, port: number): Promise<void> {
    const handler = w.replicas[0]!.system.webhookHandler;
    server = createServer((req, res) => {
      if (req.url === '/webhooks/merchant') void handler(req, res);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    await w.startWorkers();
  }

  type AtKill = (w: World, ext: string, prefix: string) => Promise<void>;
  const placing: AtKill = async (w, ext) => {
    expect((await w.replicas[0]!.system.service.get(ext))?.placement).toBe('placing');
  };
  const debits = async (w: World, ext: string) =>
    (await w.ledger()).filter((e) => e.kind === 'debit' && e.external_order_id === ext).length;
  const events = (w: World, prefix: string) => w.replicas[0]!.redis.xlen(`${prefix}orders:webhook-events`);

  const cases: Array<{ point: CrashPoint; ending: string; what: string; atKill: AtKill }> = [
    {
      point: 'after-save-before-send',
      ending: '0000',
      what: 'after saving an order and before sending it',
      atKill: async (w, ext) => {
        await placing(w, ext, '');
        expect(await debits(w, ext)).toBe(0);
      },
    },
    {
      point: 'after-send-before-store',
      ending: '1111',
      what: 'after sending it and before storing the answer',
      atKill: async (w, ext) => {
        await placing(w, ext, '');
        expect(await debits(w, ext)).toBe(1);
      },
    },
    {
      point: 'webhook-received-before-store',
      ending: '0000',
      what: 'after a webhook is received and before it is stored',
      atKill: async (w, _ext, prefix) => {
        expect(await events(w, prefix)).toBe(0);
      },
    },
    {
      point: 'webhook-stored-before-ack',
      ending: '1111',
      what: 'after a webhook is stored and before it is acknowledged',
      atKill: async (w, _ext, prefix) => {
        expect(await events(w, prefix)).toBe(1);
      },
    },
    {
      point: 'event-before-apply',
      ending: '2222',
      what: 'after an event is acknowledged and before it is applied',
      atKill: async (w, _ext, prefix) => {
        const pending = (await w.replicas[0]!.redis.xpending(`${prefix}orders:webhook-events`, 'orders')) as [
          number,
        ];
        expect(Number(pending[0])).toBe(1);
      },
    },
  ];

  for (const { point, ending, what, atKill } of cases) {
    it(`killed ${what}: after a restart no order is lost and none is charged twice`, async () => {
      const prefix = `cr-${point}:`;
      const w = (world = await createWorld({ redisUrl: redis.url, prefix, webhooks: false }));
      const port = await freePort();
      await w.control('POST', '/webhooks', {
        targets: [{ url: `http://127.0.0.1:${port}/webhooks/merchant`, secret: w.secrets[0] }],
      });
      const intent = await w.newIntent({ ending });
      await killAt(w, point, port, prefix, intent);
      // the kill happened exactly where it should
      await atKill(w, intent.externalOrderId, prefix);

      await restart(w, port);
      const service = w.replicas[0]!.system.service;
      const order = await waitFor(
        async () => {
          const o = await service.get(intent.externalOrderId);
          return o?.status === 'succeeded' || o?.status === 'refunded' ? o : null;
        },
        60_000,
        `${intent.externalOrderId} finished after the restart`,
      );
      expect(order.status).toBe(ending === '1111' ? 'refunded' : 'succeeded');
      const debits = (await w.ledger()).filter(
        (e) => e.kind === 'debit' && e.external_order_id === intent.externalOrderId,
      );
      expect(debits).toHaveLength(1);
      await expectToldOncePerStatus(w, [intent.externalOrderId]);
    }, 120_000);
  }

  it('killed after Telegram took a message and before it was recorded (the documented window): the message is not lost', async () => {
    const prefix = 'cr-outbox:';
    const w = (world = await createWorld({ redisUrl: redis.url, prefix, webhooks: false }));
    const port = await freePort();
    const intent = await w.newIntent({ ending: '0000' });
    await killAt(w, 'outbox-after-send-before-record', port, prefix, intent);
    await restart(w, port);
    const service = w.replicas[0]!.system.service;
    await waitFor(
      async () => (await service.get(intent.externalOrderId))?.status === 'succeeded',
      60_000,
      'order finished',
    );
    await waitFor(
      () => callsFor(w, intent.externalOrderId).sends.some((s) => s.startsWith(FINAL_MARKERS.succeeded)),
      60_000,
      'receipt sent',
    );
    await waitFor(async () => (await w.replicas[0]!.system.outbox.pending()) === 0, 60_000, 'outbox drained');
    // the message Telegram took before the kill may be sent once more, never lost, never more
    const { sends, edits } = callsFor(w, intent.externalOrderId);
    expect(sends.filter((s) => s.startsWith(FINAL_MARKERS.succeeded)).length).toBeLessThanOrEqual(2);
    expect(edits.length).toBeGreaterThan(0);
    expect((await w.ledger()).filter((e) => e.external_order_id === intent.externalOrderId)).toHaveLength(1);
  }, 120_000);
});
