import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect } from 'vitest';
import type { CrashPoint } from '../../src/lib/hooks.ts';
import type { OrderIntent } from '../../src/orders/types.ts';
import { freePort } from '../support/ports.ts';
import { killChild } from '../support/child.ts';
import { callsFor, expectToldOncePerStatus, FINAL_MARKERS, statusMessageText } from './support/checks.ts';
import { statusEmoji } from '../../src/domain/status.ts';
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
  role: 'all' | 'bot' = 'all',
): Promise<void> {
  const child = startReplica(world, {
    prefix,
    webhookPort,
    crashAt: point,
    env: { INTENT: JSON.stringify(intent), ROLE: role },
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

  /** Replica 0 takes the sandbox's webhooks on `port`. */
  async function listenAsBot(w: World, port: number): Promise<void> {
    const handler = w.replicas[0]!.system.webhookHandler;
    server = createServer((req, res) => {
      if (req.url === '/webhooks/merchant') void handler(req, res);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
  }

  /**
   * The restarted bot: the same Redis and prefix, the webhook endpoint back on the same port, and the jobs (on
   * the same replica, or on the worker replica with split roles).
   */
  async function restart(w: World, port: number): Promise<void> {
    await listenAsBot(w, port);
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

  // Split roles (ROLE=bot + ROLE=worker): the killed process plays only the role the crash point lives in, and
  // what it left is finished by the other role's replica and a restarted one of its own.
  const splitCases: Array<{
    point: CrashPoint;
    ending: string;
    what: string;
    killed: 'bot' | 'worker';
    atKill: AtKill;
  }> = [
    ...cases.filter((c) => c.point !== 'event-before-apply').map((c) => ({ ...c, killed: 'bot' as const })),
    { ...cases.find((c) => c.point === 'event-before-apply')!, killed: 'worker' as const },
  ];

  for (const { point, ending, what, killed, atKill } of splitCases) {
    it(`split roles, the ${killed} killed ${what}: no order is lost and none is charged twice`, async ({
      openWorld,
      startReplica,
    }) => {
      const prefix = `crs-${point}:`;
      // Replica 0 is the bot (it serves the webhook port once the killed bot is gone), replica 1 the worker.
      const w = await openWorld({ prefix, webhooks: false, replicas: 2, split: true });
      const port = await freePort();
      await w.control('POST', '/webhooks', {
        targets: [{ url: `http://127.0.0.1:${port}/webhooks/merchant`, secret: w.secrets[0] }],
      });
      const intent = await w.newIntent({ ending });
      if (killed === 'bot') {
        // The bot places the order and takes its webhooks; no worker runs until it is dead.
        await killAt(startReplica, w, point, port, prefix, intent, 'bot');
        await atKill(w, intent.externalOrderId, prefix);
        await restart(w, port);
      } else {
        // The bot (replica 0) takes the webhooks and places the order; the worker process applies the events.
        await listenAsBot(w, port);
        const child = startReplica(w, { prefix, webhookPort: port, crashAt: point, env: { ROLE: 'worker' } });
        try {
          await waitFor(
            () => child.output.includes('READY'),
            60_000,
            `worker ready: ${child.output.join(' | ')}`,
          );
          expect((await w.replicas[0]!.system.service.submit(intent)).outcome).toBe('placed');
          await waitFor(() => child.output.includes(`AT ${point}`), 60_000, `worker at ${point}`);
        } finally {
          await killChild(child);
        }
        await atKill(w, intent.externalOrderId, prefix);
        await w.startWorkers();
      }
      // The bot replica never ran a job: the worker replica finished the order.
      expect(w.replicas[0]!.workers).toBeNull();
      const order = await waitFor(
        async () => {
          const o = await w.replicas[0]!.system.service.get(intent.externalOrderId);
          return o?.status === 'succeeded' || o?.status === 'refunded' ? o : null;
        },
        60_000,
        `${intent.externalOrderId} finished after the ${killed} was killed`,
      );
      expect(order.status).toBe(ending === '1111' ? 'refunded' : 'succeeded');
      expect(await debits(w, intent.externalOrderId)).toBe(1);
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
    // The status edit the dead process was sending left no job and its message locked: the change, handed to the
    // restarted relay again, queued that edit again, whose job took the message over and sent the newest status.
    const finished = (await service.get(intent.externalOrderId))!;
    await waitFor(
      () => statusMessageText(w, finished)?.startsWith(statusEmoji('succeeded')) === true,
      60_000,
      'the status message showing the final status',
    );
    // the message Telegram took before the kill may be sent once more, never lost, never more
    const { sends, edits } = callsFor(w, intent.externalOrderId);
    expect(sends.filter((s) => s.startsWith(FINAL_MARKERS.succeeded)).length).toBeLessThanOrEqual(2);
    expect(edits.length).toBeGreaterThan(0);
    expect((await w.ledger()).filter((e) => e.external_order_id === intent.externalOrderId)).toHaveLength(1);
  }, 120_000);
});
