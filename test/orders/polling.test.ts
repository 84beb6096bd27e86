import { describe, expect } from 'vitest';
import { expectToldOncePerStatus } from './support/checks.ts';
import { it } from './support/order-test.ts';
import { followUpReads } from './support/queues.ts';
import { waitFor } from './support/world.ts';

interface RequestView {
  method: string;
  path: string;
  status: number;
}

describe('following unfinished orders by polling', () => {
  it('with every webhook switched off, each order still reaches its final status, within the request budget', async ({
    openWorld,
  }) => {
    const limit = 120;
    const prefix = 'po1:';
    const w = await openWorld({
      prefix,
      webhooks: false,
      rateLimitPerMinute: limit,
      timings: {
        followUp: {
          firstDelayMs: (seconds) => seconds * 100,
          backoffMs: [300, 600],
          everyMs: 1_000,
          staleAfterMs: 3_600_000,
          leaseMs: 5_000,
          gridMs: 100,
          gatherMs: 20,
        },
      },
    });
    await w.startWorkers();
    const service = w.replicas[0]!.system.service;
    const readJobs = followUpReads(w.replicas[0]!.jobs);
    const plan: Array<[string, string]> = [
      ['0000', 'succeeded'],
      ['1111', 'refunded'],
      ['2222', 'succeeded'],
      ['3333', 'refunded'],
      ['5555', 'succeeded'],
      ['8888', 'refunded'],
      ['0000', 'succeeded'],
      ['1111', 'refunded'],
    ];
    const orders: Array<{ ext: string; expected: string }> = [];
    for (const [ending, expected] of plan) {
      const intent = await w.newIntent({ ending });
      expect((await service.submit(intent)).outcome).toBe('placed');
      orders.push({ ext: intent.externalOrderId, expected });
    }
    for (const { ext, expected } of orders) {
      const order = await waitFor(
        async () => {
          const o = await service.get(ext);
          return o?.status === expected ? o : null;
        },
        150_000,
        `${ext} -> ${expected}`,
      );
      expect(order.history.every((h) => h.source !== 'webhook')).toBe(true);
      // no further reads are planned for a finished order (the read that found the final status ends)
      await waitFor(async () => (await readJobs.pending(ext)).length === 0, 30_000, `${ext}: no read left`);
    }
    const deliveries = await w.control<{ results: unknown[] }>('GET', '/deliveries');
    expect(deliveries.results).toEqual([]);
    const log = await w.control<{ results: RequestView[]; per_minute: Array<{ count: number }> }>(
      'GET',
      '/requests',
    );
    expect(log.results.filter((r) => r.status === 429)).toEqual([]);
    for (const minute of log.per_minute) expect(minute.count).toBeLessThanOrEqual(limit);
    // reads of single orders and list pages (reads due together share one)
    const reads = log.results.filter(
      (r) => r.method === 'GET' && r.path.startsWith('/api/v1/recharge/orders'),
    );
    expect(reads.length).toBeGreaterThan(0);
    await expectToldOncePerStatus(
      w,
      orders.map((o) => o.ext),
    );
  }, 200_000);

  it('an order still unfinished after the configured age is reported to admins once', async ({
    openWorld,
  }) => {
    const w = await openWorld({
      prefix: 'po2:',
      webhooks: false,
      timings: {
        followUp: {
          firstDelayMs: () => 100,
          backoffMs: [100],
          everyMs: 150,
          staleAfterMs: 500,
          leaseMs: 5_000,
          gridMs: 50,
          gatherMs: 20,
        },
        alertGrouping: { quietMs: 200, maxHoldMs: 1_000 },
      },
    });
    await w.startWorkers();
    const service = w.replicas[0]!.system.service;
    const intent = await w.newIntent({ ending: '4444' }); // processing for 36 s at this time scale
    const placed = await service.submit(intent);
    const admin = w.standIn.driver.user({ id: 720000001 });
    const alert = await admin.waitFor(
      (chat) => chat.find((m) => m.from === 'bot' && m.text.includes('Still unfinished')),
      { timeoutMs: 30_000 },
    );
    expect(alert.text).toContain(intent.externalOrderId);
    expect(alert.text).toContain(placed.order.orderId!);
    // later checks do not report it again
    const checksBefore = (await w.control<{ results: RequestView[] }>('GET', '/requests')).results.length;
    await waitFor(
      async () =>
        (await w.control<{ results: RequestView[] }>('GET', '/requests')).results.length > checksBefore + 3,
      30_000,
      'more follow-up reads',
    );
    await waitFor(async () => (await w.replicas[0]!.system.outbox.pending()) === 0, 30_000, 'outbox drained');
    expect(admin.chat().filter((m) => m.text.includes('Still unfinished'))).toHaveLength(1);
  });
});
