import { createServer } from 'node:http';
import { describe, expect } from 'vitest';
import { createRequestBudget } from '../../src/merchant/budget.ts';
import { createMerchantClient, type MerchantClient } from '../../src/merchant/client.ts';
import type { RechargeOrder } from '../../src/merchant/types.ts';
import {
  createReadBatcher,
  pagesToReach,
  type DueRead,
  type ReadBatcher,
} from '../../src/orders/batched-reads.ts';
import { listenOnLoopback } from '../support/http.ts';
import { phone } from './support/fixtures.ts';
import { it } from './support/order-test.ts';
import type { World } from './support/world.ts';

interface RequestView {
  seq: number;
  method: string;
  path: string;
  query: string;
  status: number;
}

const LIST = '/api/v1/recharge/orders';

/**
 * A batcher whose client reaches the world's sandbox through a real HTTP proxy that leaves the orders in `hidden`
 * out of every list page (as a list the service has not caught up with would), and an open count of what the
 * sandbox served from `since` on.
 */
async function batcherOf(w: World, options: { gatherMs?: number } = {}) {
  const hidden = new Set<string>();
  const origin = new URL(w.sbx.baseUrl).origin;
  const proxy = await listenOnLoopback(
    createServer((req, res) => {
      void (async () => {
        // The credentials (X- headers) pass; the connection's own headers are the proxy's.
        const headers = Object.fromEntries(
          Object.entries(req.headers).filter(([k, v]) => typeof v === 'string' && k.startsWith('x-')),
        ) as Record<string, string>;
        const answer = await fetch(`${origin}${req.url ?? '/'}`, { method: req.method ?? 'GET', headers });
        let body = await answer.text();
        if (answer.ok && new URL(req.url ?? '/', origin).pathname === LIST) {
          const page = JSON.parse(body) as { results: Array<{ external_order_id: string }> };
          page.results = page.results.filter((o) => !hidden.has(o.external_order_id));
          body = JSON.stringify(page);
        }
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
        res.end(body);
      })();
    }),
  );
  const client: MerchantClient = createMerchantClient({
    baseUrl: `${proxy.url}/api/v1`,
    merchantId: w.sandbox.merchantId,
    apiKey: w.sandbox.apiKey,
    budget: createRequestBudget({
      redis: w.replicas[0]!.redis,
      prefix: `${w.prefix}batcher:`,
      limitPerMinute: 100_000,
    }),
    timeouts: { connect: 2_000, headers: 5_000, body: 5_000 },
    retry: { attempts: 2, baseDelayMs: 5, maxDelayMs: 20 },
  });
  const batcher: ReadBatcher = createReadBatcher({ api: client, gatherMs: options.gatherMs ?? 100 });
  const since = await lastSeq(w);
  return {
    batcher,
    hidden,
    /** The reads the sandbox served since the batcher was made: list pages and single orders. */
    async served(): Promise<{ lists: RequestView[]; singles: RequestView[] }> {
      const log = await w.control<{ results: RequestView[] }>('GET', `/requests?since=${since}`);
      const gets = log.results.filter((r) => r.method === 'GET');
      return {
        lists: gets.filter((r) => r.path === LIST),
        singles: gets.filter((r) => r.path.startsWith(`${LIST}/`)),
      };
    },
    async close() {
      await client.close();
      await proxy.close();
    },
  };
}

async function lastSeq(w: World): Promise<number> {
  return (await w.control<{ results: RequestView[] }>('GET', '/requests')).results.at(-1)?.seq ?? 0;
}

/** Places `count` orders at the sandbox (no bot involved), oldest first, and returns what the batcher needs. */
async function placeOrders(w: World, count: number, ending = '0000'): Promise<DueRead[]> {
  const api = w.replicas[0]!.client;
  const placed: DueRead[] = [];
  for (let i = 0; i < count; i++) {
    const quote = await api.createQuote(
      { country: 'NG', operatorKey: 'NG-MTN', amount: '500', localCurrency: 'NGN', subtype: 'airtime' },
      { priority: 'interactive' },
    );
    const externalOrderId = `rb-br-${i}-${Math.random().toString(36).slice(2, 10)}`;
    const { order } = await api.createOrder({
      externalOrderId,
      country: 'NG',
      operatorKey: 'NG-MTN',
      amount: '500',
      localCurrency: 'NGN',
      subtype: 'airtime',
      account: phone(ending),
      quoteToken: quote.quoteToken,
    });
    placed.push({ externalOrderId, orderId: order.orderId, createdAtMs: order.createdAt!.getTime() });
  }
  return placed;
}

const readAll = (batcher: ReadBatcher, due: readonly DueRead[]): Promise<RechargeOrder[]> =>
  Promise.all(due.map((d) => batcher.read(d)));

describe('follow-up reads gathered into list requests', () => {
  it('several orders due together are read with one list request, each getting its own record', async ({
    openWorld,
  }) => {
    const w = await openWorld({ prefix: 'br1:', webhooks: false });
    const due = await placeOrders(w, 5);
    const reads = await batcherOf(w);
    try {
      const found = await readAll(reads.batcher, due);
      expect(found.map((o) => o.externalOrderId)).toEqual(due.map((d) => d.externalOrderId));
      expect(found.map((o) => o.orderId)).toEqual(due.map((d) => d.orderId));
      const { lists, singles } = await reads.served();
      expect(lists).toHaveLength(1);
      expect(lists[0]!.query).toContain('limit=100');
      expect(singles).toEqual([]);
    } finally {
      await reads.close();
    }
  });

  it('an order the list does not show is read on its own; a read due alone is never a list', async ({
    openWorld,
  }) => {
    const w = await openWorld({ prefix: 'br2:', webhooks: false });
    const due = await placeOrders(w, 4);
    const reads = await batcherOf(w);
    try {
      const missing = due[2]!;
      reads.hidden.add(missing.externalOrderId);
      const found = await readAll(reads.batcher, due);
      expect(found.map((o) => o.orderId)).toEqual(due.map((d) => d.orderId));
      let served = await reads.served();
      expect(served.lists).toHaveLength(1);
      expect(served.singles.map((r) => r.path)).toEqual([`${LIST}/${missing.orderId}`]);
      // a read with no other due within the gathering costs the one request it always did
      const alone = await reads.batcher.read(due[0]!);
      expect(alone.orderId).toBe(due[0]!.orderId);
      served = await reads.served();
      expect(served.lists).toHaveLength(1);
      expect(served.singles.map((r) => r.path)).toEqual([
        `${LIST}/${missing.orderId}`,
        `${LIST}/${due[0]!.orderId}`,
      ]);
    } finally {
      await reads.close();
    }
  });

  it('orders further down the list are reached by paging, while fewer pages than orders reach them', async ({
    openWorld,
  }) => {
    const w = await openWorld({ prefix: 'br3:', webhooks: false });
    const older = await placeOrders(w, 3);
    await new Promise((r) => setTimeout(r, 50));
    const newer = await placeOrders(w, 110);
    const reads = await batcherOf(w);
    try {
      // two of the newest (page 1) and the three oldest (page 2): two pages, not five requests
      const due = [newer.at(-1)!, newer.at(-2)!, ...older];
      const found = await readAll(reads.batcher, due);
      expect(found.map((o) => o.orderId)).toEqual(due.map((d) => d.orderId));
      let served = await reads.served();
      expect(served.lists.map((r) => r.query)).toEqual([
        expect.stringContaining('offset=0'),
        expect.stringContaining('offset=100'),
      ]);
      expect(served.singles).toEqual([]);
      // one of the newest and a single old order: the old one is read alone, not looked for a page further
      await readAll(reads.batcher, [newer.at(-1)!, older[0]!]);
      served = await reads.served();
      expect(served.lists).toHaveLength(3);
      expect(served.singles.map((r) => r.path)).toEqual([`${LIST}/${older[0]!.orderId}`]);
    } finally {
      await reads.close();
    }
  }, 60_000);

  it('a list request that fails fails every read of its batch, and the next reads go through', async ({
    openWorld,
  }) => {
    const w = await openWorld({ prefix: 'br4:', webhooks: false });
    const due = await placeOrders(w, 3);
    const reads = await batcherOf(w);
    try {
      const rule = await w.control<{ id: string }>('POST', '/faults', {
        kind: 'error',
        path: LIST,
        method: 'GET',
        status: 503,
      });
      const failed = await Promise.allSettled(due.map((d) => reads.batcher.read(d)));
      expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
      expect((await reads.served()).singles).toEqual([]);
      await w.control('DELETE', `/faults/${rule.id}`);
      const found = await readAll(reads.batcher, due);
      expect(found.map((o) => o.orderId)).toEqual(due.map((d) => d.orderId));
      const { lists } = await reads.served();
      expect(lists.map((r) => r.status)).toEqual([503, 503, 200]);
    } finally {
      await reads.close();
    }
  });
});

describe('how far paging goes', () => {
  it('counts the pages back to an order from how densely the last page was filled', () => {
    // 100 orders over 10 s: 10 a second
    const span = { oldest: 100_000, newest: 110_000 };
    expect(pagesToReach(99_000, span, 100)).toBe(1);
    expect(pagesToReach(90_000, span, 100)).toBe(1);
    expect(pagesToReach(89_000, span, 100)).toBe(2);
    expect(pagesToReach(50_000, span, 100)).toBe(5);
    // a page of orders placed in one millisecond counts as dense as it gets
    expect(pagesToReach(99_000, { oldest: 100_000, newest: 100_000 }, 100)).toBe(1_000);
  });
});
