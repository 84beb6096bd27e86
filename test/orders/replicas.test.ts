import { describe, expect } from 'vitest';
import type { CrashPoint } from '../../src/lib/hooks.ts';
import type { OrderIntent } from '../../src/orders/types.ts';
import { expectToldOncePerStatus } from './support/checks.ts';
import { it } from './support/order-test.ts';
import { waitFor } from './support/world.ts';

describe('two replicas on one Redis', () => {
  it('no duplicate placement, no duplicate check, no duplicate message', async ({ openWorld }) => {
    // each check is identified by its read's job; a worker that lost a read it held would show as a reclaim
    const checks: string[] = [];
    const reclaims: string[] = [];
    const w = await openWorld({
      prefix: 'rep:',
      replicas: 2,
      hooks: {
        at(point: CrashPoint, detail) {
          if (point === 'follow-up-check') {
            checks.push(`${detail.externalOrderId}@${detail.job}`);
            if (detail.reclaimed) reclaims.push(detail.externalOrderId ?? '');
          }
        },
      },
    });
    // lost answers make both replicas' placement workers compete for re-sends
    await w.control('POST', '/faults', { kind: 'drop_response', probability: 0.3 });
    await w.startWorkers();
    const [a, b] = w.replicas;
    const endings = ['0000', '1111', '2222', '3333', '5555', '6666', '7777', '8888'];
    const intents: OrderIntent[] = [];
    for (let i = 0; i < 40; i++) intents.push(await w.newIntent({ ending: endings[i % endings.length]! }));
    // every intent submitted on both replicas at once (a retried chat update landing on two replicas)
    await Promise.all(
      intents.map((intent) =>
        Promise.all([a!.system.service.submit(intent), b!.system.service.submit(intent)]),
      ),
    );

    for (const intent of intents) {
      await waitFor(
        async () => {
          const o = await a!.system.service.get(intent.externalOrderId);
          return o?.status === 'succeeded' || o?.status === 'refunded' ? o : null;
        },
        60_000,
        `${intent.externalOrderId} finished`,
      );
    }
    const ledger = await w.ledger();
    for (const intent of intents) {
      expect(
        ledger.filter((e) => e.kind === 'debit' && e.external_order_id === intent.externalOrderId),
      ).toHaveLength(1);
    }
    // both replicas received every event (one webhook URL each) and applied it once
    const deliveries = await w.control<{ results: Array<{ target_url?: string; url?: string }> }>(
      'GET',
      '/deliveries',
    );
    expect(deliveries.results.length).toBeGreaterThan(intents.length);
    expect(checks.length).toBeGreaterThan(0);
    expect(new Set(checks).size).toBe(checks.length);
    expect(reclaims).toEqual([]);
    await expectToldOncePerStatus(
      w,
      intents.map((i) => i.externalOrderId),
    );
  }, 120_000);
});
