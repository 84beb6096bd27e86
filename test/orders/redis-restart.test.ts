import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect } from 'vitest';
import type { OrderIntent, SubmitResult } from '../../src/orders/types.ts';
import { expectToldOncePerStatus } from './support/checks.ts';
import { it } from './support/order-test.ts';
import { waitFor, type World } from './support/world.ts';

// Redis is SIGKILLed and started again: only AOF (fsync on every write) keeps the orders
it.override('redisOptions', { scope: 'file' }, { appendOnly: true });

/** Submits until Redis answers (the chat would show an error and the reseller press again: same intent). */
async function submitUntilAnswered(world: World, intent: OrderIntent): Promise<SubmitResult> {
  for (;;) {
    try {
      return await world.replicas[0]!.system.service.submit(intent);
    } catch {
      await sleep(100);
    }
  }
}

describe('Redis restarted in the middle of a run', () => {
  it('the bot reconnects and nothing is lost: every order finished, charged once, told once per status', async ({
    openWorld,
    redis,
  }) => {
    const w = await openWorld({ prefix: 'rr:' });
    await w.startWorkers();
    const endings = ['0000', '1111', '2222', '3333', '5555', '8888'];
    const intents: OrderIntent[] = [];
    for (let i = 0; i < 12; i++) intents.push(await w.newIntent({ ending: endings[i % endings.length]! }));
    const late: OrderIntent[] = [];
    for (let i = 0; i < 6; i++) late.push(await w.newIntent({ ending: endings[i % endings.length]! }));

    for (const intent of intents) await w.replicas[0]!.system.service.submit(intent);
    // Redis dies (SIGKILL) while orders are in flight and resellers keep confirming
    await redis.stop(true);
    const during = late.map((intent) => submitUntilAnswered(w, intent));
    await sleep(1_500);
    await redis.start();
    const results = await Promise.all(during);
    expect(results.every((r) => r.outcome === 'placed' || r.outcome === 'pending')).toBe(true);

    const all = [...intents, ...late];
    const service = w.replicas[0]!.system.service;
    for (const intent of all) {
      await waitFor(
        async () => {
          const o = await service.get(intent.externalOrderId);
          return o?.status === 'succeeded' || o?.status === 'refunded' ? o : null;
        },
        90_000,
        `${intent.externalOrderId} finished`,
      );
    }
    const ledger = await w.ledger();
    for (const intent of all) {
      expect(
        ledger.filter((e) => e.kind === 'debit' && e.external_order_id === intent.externalOrderId),
      ).toHaveLength(1);
    }
    await expectToldOncePerStatus(
      w,
      all.map((i) => i.externalOrderId),
    );
  }, 180_000);
});
