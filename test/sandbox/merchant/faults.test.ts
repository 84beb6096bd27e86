import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MTN_500,
  ngNumber,
  quoteAndOrder,
  startReceiver,
  startSandbox,
  waitFor,
  type Json,
  type Receiver,
  type RunningSandbox,
} from './raw-http.ts';

const SECRET = 'whsec_faults_test_secret_77';
let seq = 0;
const ext = () => `flt-${Date.now()}-${++seq}`;

describe('merchant sandbox: faults on demand', () => {
  let sb: RunningSandbox;
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver([SECRET]);
    sb = await startSandbox({ timeScale: 0.01, seed: 7 });
  });
  afterAll(async () => {
    await sb.close();
    await receiver.close();
  });
  beforeEach(async () => {
    await sb.control.post('/reset');
  });

  const lastRequest = async (): Promise<Json> => {
    const log = await sb.control.get('/requests');
    return log.results[log.results.length - 1];
  };

  const orderBodyFor = async (ending: string) => {
    const quote = await sb.client.post('/recharge/quote', MTN_500);
    return {
      external_order_id: ext(),
      country: 'NG',
      operator_key: 'NG-MTN',
      amount: '500',
      local_currency: 'NGN',
      subtype: 'airtime',
      account: ngNumber(ending),
      quote_token: quote.body.quote_token,
    };
  };

  it('adds latency to the next N requests', async () => {
    await sb.control.post('/faults', { kind: 'latency', next: 1, latency_ms: 300 });
    const started = Date.now();
    expect((await sb.client.get('/account')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect((await lastRequest()).fault).toBe('latency');
    expect((await sb.client.get('/account')).status).toBe(200);
    expect((await lastRequest()).fault).toBeNull();
  });

  it('answers 5xx, HTML like a proxy by default or JSON, and charges nothing', async () => {
    await sb.control.post('/faults', { kind: 'error', next: 2, status: 502 });
    for (let i = 0; i < 2; i++) {
      const r = await sb.client.get('/account');
      expect(r.status).toBe(502);
      expect(r.headers.get('content-type')).toMatch(/text\/html/);
    }
    expect((await sb.client.get('/account')).status).toBe(200);

    await sb.control.post('/faults', { kind: 'error', next: 1, body: 'json', path: '/recharge/orders' });
    const body = await orderBodyFor('4567');
    const r = await sb.client.post('/recharge/orders', body);
    expect(r.status).toBe(503);
    expect(typeof r.body.detail).toBe('string');
    expect((await sb.control.get('/ledger')).count).toBe(0);
    expect((await sb.client.post('/recharge/orders', body)).status).toBe(201);
  });

  it('resets the connection', async () => {
    await sb.control.post('/faults', { kind: 'reset', next: 1 });
    await expect(sb.client.get('/account')).rejects.toThrow();
    expect((await lastRequest()).outcome).toBe('reset');
    expect((await sb.client.get('/account')).status).toBe(200);
  });

  it('charges the order, then drops the response; the same body again is a replay, charged once', async () => {
    await sb.control.post('/faults', { kind: 'drop_response', next: 1 });
    const body = await orderBodyFor('4567');
    await expect(sb.client.post('/recharge/orders', body)).rejects.toThrow();
    const dropped = await lastRequest();
    expect(dropped).toMatchObject({
      outcome: 'dropped',
      status: 201,
      external_order_id: body.external_order_id,
    });
    const orders = await sb.control.get('/orders');
    expect(orders.count).toBe(1);
    const again = await sb.client.post('/recharge/orders', body);
    expect(again.status).toBe(200);
    expect(again.body.idempotent_replay).toBe(true);
    expect(again.body.order.order_id).toBe(orders.results[0].order_id);
    const books = await sb.control.get('/ledger');
    expect(books.results.filter((e: Json) => e.kind === 'debit')).toHaveLength(1);
  });

  it('can fail after committing: a 5xx or a slow answer while the order exists', async () => {
    await sb.control.post('/faults', {
      kind: 'error',
      after_commit: true,
      path: '/recharge/orders',
      method: 'POST',
    });
    const body = await orderBodyFor('4567');
    expect((await sb.client.post('/recharge/orders', body)).status).toBe(503);
    await sb.control.del('/faults');
    expect((await sb.client.post('/recharge/orders', body)).status).toBe(200);

    // The client gives up before the answer comes; the order was committed all the same.
    await sb.control.post('/faults', {
      kind: 'latency',
      after_commit: true,
      latency_ms: 5_000,
      next: 1,
      path: '/recharge/orders',
    });
    const slow = await orderBodyFor('4568');
    await expect(
      sb.client.post('/recharge/orders', slow, { signal: AbortSignal.timeout(300) }),
    ).rejects.toThrow();
    await waitFor(async () => (await sb.control.get('/orders')).count === 2);
    const retry = await sb.client.post('/recharge/orders', slow);
    expect(retry.status).toBe(200);
    expect((await sb.control.get('/ledger')).results.filter((e: Json) => e.kind === 'debit')).toHaveLength(2);
  });

  it('answers bursts of 429 with Retry-After', async () => {
    await sb.control.post('/faults', { kind: 'rate_limit', next: 3, retry_after: 7 });
    for (let i = 0; i < 3; i++) {
      const r = await sb.client.get('/recharge/countries');
      expect(r.status).toBe(429);
      expect(r.headers.get('retry-after')).toBe('7');
      expect(typeof r.body.detail).toBe('string');
    }
    expect((await sb.client.get('/recharge/countries')).status).toBe(200);
    const log = await sb.control.get('/requests');
    expect(log.results.filter((e: Json) => e.status === 429).map((e: Json) => e.retry_after)).toEqual([
      7, 7, 7,
    ]);
  });

  it('logs a 429 answered after its client gave up as abandoned: that client never read its Retry-After', async () => {
    await sb.control.post('/faults', { kind: 'latency', next: 1, latency_ms: 400 });
    await sb.control.post('/faults', { kind: 'rate_limit', next: 2, retry_after: 3 });
    const gaveUp = new AbortController();
    setTimeout(() => gaveUp.abort(), 100);
    await expect(fetch(`${sb.baseUrl}/recharge/countries`, { signal: gaveUp.signal })).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await sb.client.get('/recharge/countries')).status).toBe(429);
    const log = await sb.control.get('/requests');
    expect(log.results.map((e: Json) => [e.status, e.outcome])).toEqual([
      [429, 'abandoned'],
      [429, 'answered'],
    ]);
  });

  it('fires by probability from the seeded RNG: the same seed gives the same run', async () => {
    const run = async () => {
      const box = await startSandbox({ seed: 99 });
      try {
        await box.control.post('/faults', { kind: 'error', probability: 0.5 });
        const statuses: number[] = [];
        for (let i = 0; i < 30; i++) statuses.push((await box.client.get('/account')).status);
        return statuses;
      } finally {
        await box.close();
      }
    };
    const first = await run();
    expect(first).toContain(200);
    expect(first).toContain(503);
    expect(await run()).toEqual(first);
  });

  it('filters by exact path, path prefix and method', async () => {
    await sb.control.post('/faults', { kind: 'error', path: '/recharge/countries' });
    expect((await sb.client.get('/account')).status).toBe(200);
    expect((await sb.client.get('/recharge/countries')).status).toBe(503);
    await sb.control.del('/faults');
    const rule = await sb.control.post('/faults', {
      kind: 'error',
      path: '/api/v1/recharge/*',
      method: 'POST',
    });
    expect((await sb.client.get('/recharge/countries')).status).toBe(200);
    expect((await sb.client.post('/recharge/quote', MTN_500)).status).toBe(503);
    const listed = await sb.control.get('/faults');
    expect(listed.results).toHaveLength(1);
    expect(listed.results[0]).toMatchObject({ id: rule.id, hits: 1 });
    await sb.control.del(`/faults/${rule.id}`);
    expect((await sb.client.post('/recharge/quote', MTN_500)).status).toBe(200);
    expect((await sb.control.get('/faults')).results).toEqual([]);
  });

  it('refuses a malformed fault rule', async () => {
    for (const rule of [
      { kind: 'explode' },
      { kind: 'error', status: 200 },
      { kind: 'error', next: 1, probability: 0.5 },
      { kind: 'latency', latency_ms: -1 },
      { kind: 'error', probability: 2 },
    ]) {
      expect((await sb.control.postRaw('/faults', rule)).status, JSON.stringify(rule)).toBe(400);
    }
  });

  it('loses, duplicates and delays webhooks on demand', async () => {
    await sb.control.post('/webhooks', { targets: [{ url: receiver.url, secret: SECRET }] });
    const eventsFor = (id: string) =>
      receiver.received.filter((r) => r.verified && r.body.order.order_id === id);

    await sb.control.post('/faults', { kind: 'webhook_lose', next: 1 });
    const lost = (await quoteAndOrder(sb.client, MTN_500, ngNumber('4567'), ext())).order.body.order.order_id;
    const [lostDelivery] = (
      await waitFor(async () => {
        const d = await sb.control.get(`/deliveries?order_id=${lost}`);
        return d.count === 1 ? d : undefined;
      })
    ).results;
    expect(lostDelivery.state).toBe('lost');
    expect(lostDelivery.attempts).toEqual([]);

    await sb.control.post('/faults', { kind: 'webhook_duplicate', next: 1, copies: 3 });
    const tripled = (await quoteAndOrder(sb.client, MTN_500, ngNumber('4568'), ext())).order.body.order
      .order_id;
    await waitFor(() => eventsFor(tripled).length === 3);

    await sb.control.post('/faults', { kind: 'webhook_delay', next: 1, latency_ms: 400 });
    const delayed = (await quoteAndOrder(sb.client, MTN_500, ngNumber('4569'), ext())).order.body.order
      .order_id;
    await waitFor(() => eventsFor(delayed).length === 1);
    const [delivery] = (await sb.control.get(`/deliveries?order_id=${delayed}`)).results;
    expect(delivery.attempts[0].scheduled_at_ms - Date.parse(delivery.created_at)).toBeGreaterThanOrEqual(
      399,
    );
    expect(eventsFor(lost)).toEqual([]);
  });

  it('hands out one quote token for identical quotes, and each order with it is accepted', async () => {
    const before = await sb.client.post('/recharge/quote', MTN_500);
    const fresh = await sb.client.post('/recharge/quote', MTN_500);
    expect(fresh.body.quote_token).not.toBe(before.body.quote_token);
    await sb.control.post('/faults', { kind: 'duplicate_quote_token', next: 1 });
    const again = await sb.client.post('/recharge/quote', MTN_500);
    expect(again.body.quote_token).toBe(fresh.body.quote_token);
    expect(again.body.expires_at).toBe(fresh.body.expires_at);
    const other = await sb.client.post('/recharge/quote', { ...MTN_500, amount: '600' });
    expect(other.body.quote_token).not.toBe(fresh.body.quote_token);

    const first = await sb.client.post('/recharge/orders', {
      ...(await orderBodyFor('4501')),
      quote_token: again.body.quote_token,
    });
    const second = await sb.client.post('/recharge/orders', {
      ...(await orderBodyFor('4502')),
      quote_token: again.body.quote_token,
    });
    expect([first.status, second.status]).toEqual([201, 201]);
  });
});
