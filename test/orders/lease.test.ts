import { describe, expect } from 'vitest';
import { freePort } from '../support/ports.ts';
import type { Child } from '../support/child.ts';
import { it } from './support/order-test.ts';
import { waitFor } from './support/world.ts';

interface RequestView {
  method: string;
  at_ms: number;
  duration_ms: number | null;
  status: number | null;
  external_order_id: string | null;
}

describe('two replica processes and a slow placement', () => {
  it('a send slower than the placement lease: one POST in flight at a time per order (the lease is renewed during the send)', async ({
    openWorld,
    startReplica,
  }) => {
    const prefix = 'lease:';
    const w = await openWorld({ prefix });
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
      // saved as a crashed submit leaves it: placing, its send lock held by a sender that never comes back (its
      // lease the replicas' 0.7 s), and a re-send planned after that lease
      await store.create(intent, { token: 'gone', leaseMs: 700 });
      exts.push(intent.externalOrderId);
    }
    const children: Child[] = [];
    for (let i = 0; i < 2; i++) {
      children.push(
        startReplica(w, {
          prefix,
          webhookPort: await freePort(),
          crashAt: 'none',
          env: { PLACEMENT_LEASE_MS: '700' },
        }),
      );
    }
    for (const child of children) {
      await waitFor(() => (child.output.includes('READY') ? true : null), 60_000, 'child ready');
    }
    // both replicas run: they relay the planned re-sends and compete for them once the dead lease ran out
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
