import { describe, expect } from 'vitest';
import { it } from './support/order-test.ts';
import { orderQueues } from './support/queues.ts';
import { waitFor } from './support/world.ts';

interface RequestView {
  method: string;
  path: string;
}

describe('durable follow-up of unfinished orders', () => {
  it('a planned read lost from Redis is planned again at start-up, and reads go on while the order is unfinished', async ({
    openWorld,
  }) => {
    const prefix = 'fu1:';
    const w = await openWorld({ prefix, webhooks: false });
    const service = w.replicas[0]!.system.service;
    const { followUps } = orderQueues(w.replicas[0]!.redis, prefix);
    const intent = await w.newIntent({ ending: '4444' }); // stays processing
    const placed = await service.submit(intent);
    expect(placed.outcome).toBe('placed');
    const due = await followUps.dueAt(intent.externalOrderId);
    expect(due).not.toBeNull();
    // lose the planned read, as a bug or a manual cleanup could
    await followUps.cancel(intent.externalOrderId);
    expect(await followUps.dueAt(intent.externalOrderId)).toBeNull();
    await w.startWorkers();
    const reads = async () =>
      (await w.control<{ results: RequestView[] }>('GET', '/requests')).results.filter(
        (r) => r.method === 'GET' && r.path === `/api/v1/recharge/orders/${placed.order.orderId}`,
      ).length;
    await waitFor(async () => (await reads()) >= 2, 30_000, 'follow-up reads resumed');
    expect(await followUps.dueAt(intent.externalOrderId)).not.toBeNull();
    const order = await service.get(intent.externalOrderId);
    expect(order?.history.map((h) => h.status)).toContain('processing');
    expect(order?.syncedAt).toBeDefined();
  });
});
