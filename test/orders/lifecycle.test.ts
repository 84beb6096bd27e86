import { describe, expect } from 'vitest';
import { statusEmoji } from '../../src/domain/status.ts';
import type { StoredOrder } from '../../src/orders/types.ts';
import { expectToldOncePerStatus, statusMessageText } from './support/checks.ts';
import { it } from './support/order-test.ts';
import { waitFor, type World } from './support/world.ts';

const EXPECTED: Record<string, 'succeeded' | 'refunded'> = {
  '0000': 'succeeded',
  '1111': 'refunded',
  '2222': 'succeeded',
  '3333': 'refunded',
  '5555': 'succeeded',
  '6666': 'refunded',
  '7777': 'succeeded',
  '8888': 'refunded',
};

describe('order lifecycle against the sandbox and the Bot API stand-in', () => {
  async function finalOrder(w: World, ext: string): Promise<StoredOrder> {
    return waitFor(
      async () => {
        const order = await w.replicas[0]!.system.service.get(ext);
        return order?.status === 'succeeded' || order?.status === 'refunded' ? order : null;
      },
      60_000,
      `final status of ${ext}`,
    );
  }

  /** Every magic ending placed at once, each to its final status, told once per status, charged once. */
  async function everyMagicOutcome(w: World): Promise<void> {
    await w.startWorkers();
    const service = w.replicas[0]!.system.service;
    const placed: Array<{ ext: string; expected: string }> = [];
    for (const [ending, expected] of Object.entries(EXPECTED)) {
      const intent = await w.newIntent({ ending });
      const result = await service.submit(intent);
      expect(result.outcome).toBe('placed');
      placed.push({ ext: intent.externalOrderId, expected });
    }
    for (const { ext, expected } of placed) {
      const order = await finalOrder(w, ext);
      expect(order.status, ext).toBe(expected);
      expect(order.orderId).toMatch(/^O-/);
      // the reseller's message shows the final status line, with O-… and the merchant order number
      const text = await waitFor(
        () => {
          const current = statusMessageText(w, order);
          return current?.startsWith(statusEmoji(expected)) ? current : null;
        },
        30_000,
        `status message of ${ext}`,
      );
      expect(text.split('\n')[0]).toContain(order.orderId!);
      expect(text.split('\n')[0]).toContain(ext);
      // the full phone number never reaches the chat
      expect(text).not.toContain(order.request.account);
    }
    if (process.env['SHOW_CHAT'])
      console.log(
        w.reseller
          .chat()
          .map((m) => `${m.id}${m.edited ? '*' : ''}: ${m.text}`)
          .join('\n---\n'),
      );
    // let the outbox drain, then count messages
    await expectToldOncePerStatus(
      w,
      placed.map((p) => p.ext),
    );
    // the ledger: one debit per order, a refund for each refunded one
    const ledger = await w.ledger();
    for (const { ext, expected } of placed) {
      expect(
        ledger.filter((e) => e.external_order_id === ext && e.kind === 'debit'),
        ext,
      ).toHaveLength(1);
      expect(
        ledger.filter((e) => e.external_order_id === ext && e.kind === 'refund'),
        ext,
      ).toHaveLength(expected === 'refunded' ? 1 : 0);
    }
  }

  it('every magic outcome ends in its final status, told once per status in the reseller chat', async ({
    openWorld,
  }) => {
    await everyMagicOutcome(await openWorld({ prefix: 'lc1:' }));
  });

  it('the same with split roles: one replica places and takes webhooks (ROLE=bot), another runs the jobs (ROLE=worker)', async ({
    openWorld,
  }) => {
    const w = await openWorld({ prefix: 'lc3:', replicas: 2, split: true });
    expect(w.replicas[0]!.workers ?? null).toBeNull();
    await everyMagicOutcome(w);
    expect(w.replicas[0]!.workers ?? null).toBeNull();
  });

  it('the same on a Redis Cluster of three masters (every key under one hash tag)', async ({
    openClusterWorld,
  }) => {
    const w = await openClusterWorld({ prefix: 'lc2:' });
    expect(w.prefix).toBe('{lc2:}');
    await everyMagicOutcome(w);
  });
});
