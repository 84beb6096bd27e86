import { request } from 'node:http';
import { describe, expect } from 'vitest';
import { canMove } from '../../src/domain/status.ts';
import { orderKeys } from '../../src/orders/keys.ts';
import type { StoredOrder } from '../../src/orders/types.ts';
import { signMerchantWebhook } from '../../src/orders/webhook-signature.ts';
import { expectToldOncePerStatus, botMessage } from './support/checks.ts';
import { it } from './support/order-test.ts';
import { ADMIN_ID, waitFor } from './support/world.ts';

/** Raw POST to our webhook endpoint (headers exactly as given). */
async function post(
  url: string,
  body: Buffer | string,
  headers: Record<string, string>,
  method = 'POST',
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method, headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function eventBody(
  event: string,
  order: { orderId: string; externalOrderId: string },
  status: string,
): string {
  return JSON.stringify({
    event,
    order: {
      id: order.orderId,
      order_id: order.orderId,
      external_order_id: order.externalOrderId,
      status,
      currency: 'USD',
      total_amount: '0.3129',
      items: [],
    },
  });
}

describe('merchant webhooks', () => {
  it('every event delivered three times in shuffled order: right final state, never backwards, one message per status', async ({
    openWorld,
  }) => {
    const w = await openWorld({
      prefix: 'wh1:',
      // reads only after events that do not settle an order: the events must do the work
      timings: {
        followUp: {
          firstDelayMs: () => 600_000,
          backoffMs: [600_000],
          everyMs: 600_000,
          staleAfterMs: 3_600_000,
          leaseMs: 3_000,
        },
      },
    });
    await w.control('POST', '/faults', { kind: 'webhook_duplicate', copies: 3 });
    await w.control('POST', '/faults', { kind: 'webhook_delay', latency_ms: 1500, jitter: true });
    await w.startWorkers();
    const service = w.replicas[0]!.system.service;
    const endings = [
      '0000',
      '1111',
      '2222',
      '3333',
      '1111',
      '0000',
      '1111',
      '3333',
      '2222',
      '1111',
      '0000',
      '1111',
    ];
    const expected: Record<string, string> = {};
    for (const ending of endings) {
      const intent = await w.newIntent({ ending });
      expect((await service.submit(intent)).outcome).toBe('placed');
      expected[intent.externalOrderId] = ending === '0000' || ending === '2222' ? 'succeeded' : 'refunded';
    }
    const finals: StoredOrder[] = [];
    for (const [ext, status] of Object.entries(expected)) {
      const order = await waitFor(
        async () => {
          const o = await service.get(ext);
          return o?.status === status ? o : null;
        },
        60_000,
        `${ext} -> ${status}`,
      );
      finals.push(order);
    }
    // every copy was delivered and acknowledged
    const deliveries = await waitFor(
      async () => {
        const body = await w.control<{ results: Array<{ state: string; order_id: string; event: string }> }>(
          'GET',
          '/deliveries',
        );
        const all = body.results;
        return all.length > 0 && all.every((d) => d.state === 'delivered') ? all : null;
      },
      30_000,
      'all deliveries acknowledged',
    );
    for (const order of finals) {
      const mine = deliveries.filter((d) => d.order_id === order.orderId);
      const kinds = new Set(mine.map((d) => d.event));
      for (const kind of kinds) expect(mine.filter((d) => d.event === kind)).toHaveLength(3);
      const history = order.history.map((h) => h.status);
      for (let i = 1; i < history.length; i++) expect(canMove(history[i - 1]!, history[i]!)).toBe(true);
      // the sandbox agrees
      const remote = await w.control<{ status: string }>('GET', `/orders/${order.orderId}`);
      expect(remote.status).toBe(order.status);
    }
    await expectToldOncePerStatus(
      w,
      finals.map((o) => o.externalOrderId),
    );
  });

  it('forged, altered, stale, future-dated, unsigned, malformed and oversized webhooks are refused and change nothing', async ({
    openWorld,
  }) => {
    const w = await openWorld({
      prefix: 'wh2:',
      webhooks: false,
      timings: {
        webhookFailureAlertThreshold: 5,
        alertGrouping: { quietMs: 200, maxHoldMs: 1_000 },
      },
    });
    await w.startWorkers();
    const { system, redis: conn, webhookUrl } = w.replicas[0]!;
    const intent = await w.newIntent({ ending: '4444' }); // stays processing for an hour (36 s here)
    const placed = await system.service.submit(intent);
    expect(placed.outcome).toBe('placed');
    const order = placed.order;
    // The follow-up worker moves the order from accepted to processing on its own; comparing against the
    // state before that move failed whenever the refusals took longer than the move (as under load).
    const before = await waitFor(
      async () => {
        const o = await system.service.get(order.externalOrderId);
        return o?.status === 'processing' ? o : null;
      },
      20_000,
      'order processing',
    );
    const keys = orderKeys('wh2:');
    const streamBefore = await conn.xlen(keys.webhookEvents);
    const now = Math.floor(Date.now() / 1000);
    const body = eventBody(
      'order.succeeded',
      { orderId: order.orderId!, externalOrderId: order.externalOrderId },
      'succeeded',
    );
    const secret = w.secrets[0]!;
    const refusals: Array<{ name: string; status: number }> = [];
    const attempt = async (
      name: string,
      sent: Buffer | string,
      headers: Record<string, string>,
      method?: string,
    ) => {
      const res = await post(webhookUrl, sent, headers, method);
      refusals.push({ name, status: res.status });
      return res;
    };
    await attempt('forged (unknown secret)', body, {
      'x-svc-signature': signMerchantWebhook('whsec_forged', now, body),
    });
    const altered = body.replace('"event":"order.succeeded"', '"event":"order.refunded"');
    expect(altered).not.toBe(body);
    await attempt('altered body', altered, {
      'x-svc-signature': signMerchantWebhook(secret, now, body),
    });
    await attempt('altered timestamp', body, {
      'x-svc-signature': signMerchantWebhook(secret, now, body).replace(`t=${now}`, `t=${now - 1}`),
    });
    await attempt('stale', body, { 'x-svc-signature': signMerchantWebhook(secret, now - 301, body) });
    // `now + 301` fell inside the window as soon as the receiver's clock turned a second past `now` (it
    // failed under load); the exact 300/301 boundary is pinned with an injected clock in
    // webhook-signature.test.ts. Here we wait for that worst case and date the event clearly beyond it.
    await waitFor(() => Math.floor(Date.now() / 1000) > now, 5_000, 'the next second');
    await attempt('future', body, { 'x-svc-signature': signMerchantWebhook(secret, now + 360, body) });
    await attempt('missing header', body, {});
    await attempt('malformed header', body, { 'x-svc-signature': 'v1=abc' });
    await attempt('not JSON (validly signed)', 'not json', {
      'x-svc-signature': signMerchantWebhook(secret, now, 'not json'),
    });
    const huge = JSON.stringify({ pad: 'x'.repeat(70 * 1024) });
    await attempt('oversized', huge, { 'x-svc-signature': signMerchantWebhook(secret, now, huge) });
    await attempt('wrong method', '', {}, 'GET');

    for (const r of refusals) {
      expect(r.status, r.name).toBeGreaterThanOrEqual(400);
      expect(r.status, r.name).toBeLessThan(500);
    }
    // nothing stored, nothing changed
    expect(await conn.xlen(keys.webhookEvents)).toBe(streamBefore);
    expect(await conn.keys('wh2:orders:webhook-seen:*')).toEqual([]);
    const after = await system.service.get(order.externalOrderId);
    expect(after?.status).toBe(before?.status);
    expect(after?.history).toEqual(before?.history);
    // repeated failures alert the admins (once per window)
    const admin = w.standIn.driver.user({ id: ADMIN_ID });
    const alert = await botMessage(admin, (m) => m.text.includes('MERCHANT_WEBHOOK_SECRETS'), 20_000);
    expect(alert.text).toMatch(/\d+ webhooks were refused/);
    expect(alert.text).not.toContain(secret);

    // the genuine event, with a lying X-Svc-Event header: the body's kind counts
    const good = await post(webhookUrl, body, {
      'x-svc-signature': signMerchantWebhook(secret, now, body),
      'x-svc-event': 'order.refunded',
    });
    expect(good.status).toBe(200);
    const done = await waitFor(
      async () => {
        const o = await system.service.get(order.externalOrderId);
        return o?.status === 'succeeded' ? o : null;
      },
      20_000,
      'genuine event applied',
    );
    expect(done.status).toBe('succeeded');
    // and the same event again is acknowledged as a duplicate, applied once
    const again = await post(webhookUrl, body, { 'x-svc-signature': signMerchantWebhook(secret, now, body) });
    expect(again.status).toBe(200);
    expect(JSON.parse(again.text)).toMatchObject({ ok: true, duplicate: true });
  });

  it('an event for an order we do not know is kept and reported to admins', async ({ openWorld }) => {
    const w = await openWorld({ prefix: 'wh3:', webhooks: false });
    await w.startWorkers();
    const { redis: conn, webhookUrl } = w.replicas[0]!;
    const now = Math.floor(Date.now() / 1000);
    const body = eventBody(
      'order.failed',
      { orderId: 'O-77777777', externalOrderId: 'someone-else-42' },
      'failed',
    );
    const res = await post(webhookUrl, body, {
      'x-svc-signature': signMerchantWebhook(w.secrets[0]!, now, body),
    });
    expect(res.status).toBe(200);
    const admin = w.standIn.driver.user({ id: ADMIN_ID });
    const alert = await botMessage(admin, (m) => m.text.includes('O-77777777'), 20_000);
    expect(alert.text).toContain('someone-else-42');
    expect(alert.text).toContain('order.failed');
    const kept = await conn.get(orderKeys('wh3:').webhookUnknown('O-77777777', 'order.failed'));
    expect(JSON.parse(kept!)).toMatchObject({ orderId: 'O-77777777', externalOrderId: 'someone-else-42' });
  });

  it('stores every accepted event durably before answering, with no worker running', async ({
    openWorld,
  }) => {
    const w = await openWorld({ prefix: 'wh4:', webhooks: false });
    const { webhookUrl } = w.replicas[0]!;
    const now = Math.floor(Date.now() / 1000);
    const bodies = Array.from({ length: 50 }, (_, i) =>
      eventBody('order.succeeded', { orderId: `O-5${i}`, externalOrderId: `burst-${i}` }, 'succeeded'),
    );
    const answers = await Promise.all(
      bodies.map((b) =>
        post(webhookUrl, b, { 'x-svc-signature': signMerchantWebhook(w.secrets[0]!, now, b) }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // stored durably before the answer: all 50 are in the stream although no worker runs
    expect(await w.replicas[0]!.redis.xlen(orderKeys('wh4:').webhookEvents)).toBe(50);
  });
});
