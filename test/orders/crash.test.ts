import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect } from 'vitest';
import type { CrashPoint } from '../../src/lib/hooks.ts';
import type { OrderIntent } from '../../src/orders/types.ts';
import { freePort } from '../support/ports.ts';
import { killChild } from '../support/child.ts';
import { callsFor, expectToldOncePerStatus, FINAL_MARKERS } from './support/checks.ts';
import { it, type StartReplica } from './support/order-test.ts';
import { waitFor, type World } from './support/world.ts';

// restarts need the data to survive a SIGKILL of the bot: AOF with fsync on every write
it.override('redisOptions', { scope: 'file' }, { appendOnly: true });

/** Runs the bot in a child process until it reaches `point`, kills it there (SIGKILL), returns. */
async function killAt(
  startReplica: StartReplica,
  world: World,
  point: CrashPoint,
  webhookPort: number,
  prefix: string,
  intent: OrderIntent,
): Promise<void> {
  const child = startReplica(world, {
    prefix,
    webhookPort,
    crashAt: point,
    env: { INTENT: JSON.stringify(intent) },
  });
  try {
    await waitFor(
      () => child.output.includes(`AT ${point}`),
      60_000,
      `child at ${point}: ${child.output.join(' | ')}`,
    );
  } finally {
    await killChild(child);
  }
}

describe('the bot killed (SIGKILL) at each crash point, then restarted', () => {
  let server: Server | null = null;

  // before the world closes (fixtures are torn down after afterEach)
  afterEach(async () => {
    if (server) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = null;
    }
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
    it(`killed ${what}: after a restart no order is lost and none is charged twice`, async ({
      openWorld,
      startReplica,
    }) => {
      const prefix = `cr-${point}:`;
      const w = await openWorld({ prefix, webhooks: false });
      const port = await freePort();
      await w.control('POST', '/webhooks', {
        targets: [{ url: `http://127.0.0.1:${port}/webhooks/merchant`, secret: w.secrets[0] }],
      });
      const intent = await w.newIntent({ ending });
      await killAt(startReplica, w, point, port, prefix, intent);
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

  it('killed after Telegram took a message and before it was recorded (the documented window): the message is not lost', async ({
    openWorld,
    startReplica,
  }) => {
    const prefix = 'cr-outbox:';
    const w = await openWorld({ prefix, webhooks: false });
    const port = await freePort();
    const intent = await w.newIntent({ ending: '0000' });
    await killAt(startReplica, w, 'outbox-after-send-before-record', port, prefix, intent);
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
