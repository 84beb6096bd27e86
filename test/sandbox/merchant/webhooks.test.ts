import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServerResponse } from 'node:http';
import {
  MTN_500,
  ngNumber,
  quoteAndOrder,
  startReceiver,
  startSandbox,
  verifyWebhook,
  waitFor,
  type Json,
  type Receiver,
  type RunningSandbox,
} from './raw-http.ts';

const SECRET_A = 'whsec_test_target_a_0123456789';
const SECRET_B = 'whsec_test_target_b_9876543210';
let seq = 0;
const ext = () => `wh-${Date.now()}-${++seq}`;

const deliveriesOf = async (sb: RunningSandbox, orderId: string): Promise<Json[]> =>
  (await sb.control.get(`/deliveries?order_id=${orderId}`)).results;

const gaps = (delivery: Json): number[] =>
  delivery.attempts
    .slice(1)
    .map((a: Json, i: number) => a.scheduled_at_ms - delivery.attempts[i].completed_at_ms);

describe('merchant sandbox: webhooks', () => {
  const open: { close(): Promise<void> }[] = [];
  const track = <T extends { close(): Promise<void> }>(thing: T): T => {
    open.push(thing);
    return thing;
  };
  afterEach(async () => {
    while (open.length > 0) await open.pop()?.close();
  });

  it('sends the spec message: headers, one-line body, empty items, signature over t.body', async () => {
    const receiver = track(await startReceiver([SECRET_A]));
    const sb = track(
      await startSandbox({ timeScale: 0.01, webhooks: [{ url: receiver.url, secret: SECRET_A }] }),
    );
    const { order } = await quoteAndOrder(sb.client, MTN_500, ngNumber('4567'), ext());
    const o = order.body.order;
    await waitFor(() => receiver.received.length > 0);
    const hit = receiver.received[0];
    expect(hit?.verified).toBe(true);
    const h = hit?.headers ?? {};
    expect(h['content-type']).toBe('application/json');
    expect(h['user-agent']).toMatch(/\S+\/\d/);
    expect(h['x-svc-event']).toBe('order.succeeded');
    expect(typeof h['x-svc-delivery']).toBe('string');
    expect(h['x-svc-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(String(h['x-svc-signature'])).toContain(`t=${String(h['x-svc-timestamp'])},`);
    expect(hit?.raw).not.toContain('\n');
    expect(hit?.body).toEqual({
      event: 'order.succeeded',
      order: {
        id: o.order_id,
        order_id: o.order_id,
        external_order_id: o.external_order_id,
        status: 'succeeded',
        currency: 'USD',
        total_amount: o.merchant_price,
        items: [],
      },
    });
    const [delivery] = await deliveriesOf(sb, o.order_id);
    expect(delivery.id).toBe(h['x-svc-delivery']);
    expect(delivery.state).toBe('delivered');
    expect(delivery.attempts).toHaveLength(1);
    expect(delivery.attempts[0]).toMatchObject({ status: 200, ok: true, response: 'ok' });
  });

  it('signs for each target with its own secret', async () => {
    const a = track(await startReceiver([SECRET_A]));
    const b = track(await startReceiver([SECRET_B]));
    const sb = track(
      await startSandbox({
        timeScale: 0.01,
        webhooks: [
          { url: a.url, secret: SECRET_A },
          { url: b.url, secret: SECRET_B },
        ],
      }),
    );
    expect(sb.sandbox.webhookSecrets).toEqual([SECRET_A, SECRET_B]);
    await quoteAndOrder(sb.client, MTN_500, ngNumber('4567'), ext());
    await waitFor(() => a.received.length === 1 && b.received.length === 1);
    expect(a.received[0]?.verified).toBe(true);
    expect(b.received[0]?.verified).toBe(true);
    expect(a.received[0]?.raw).toBe(b.received[0]?.raw);
    // Each signature verifies only with its own target's secret.
    const signatureOf = (r: Receiver) => String(r.received[0]?.headers['x-svc-signature']);
    expect(verifyWebhook([SECRET_B], signatureOf(a), a.received[0]?.raw ?? '')).toBe(-1);
    expect(verifyWebhook([SECRET_A], signatureOf(b), b.received[0]?.raw ?? '')).toBe(-1);
  });

  it('retries on the spec schedule (+1, +5 minutes… times the time scale), same id and body, fresh t', async () => {
    const receiver = track(await startReceiver([SECRET_A]));
    let calls = 0;
    receiver.respond((res) => {
      calls += 1;
      res.writeHead(calls <= 2 ? 500 : 204);
      res.end(calls <= 2 ? 'try later' : undefined);
    });
    const sb = track(
      await startSandbox({ timeScale: 0.001, webhooks: [{ url: receiver.url, secret: SECRET_A }] }),
    );
    const { order } = await quoteAndOrder(sb.client, MTN_500, ngNumber('4567'), ext());
    const delivery = await waitFor(async () => {
      const [d] = await deliveriesOf(sb, order.body.order.order_id);
      return d?.state === 'delivered' ? d : undefined;
    });
    expect(delivery.attempts.map((a: Json) => a.status)).toEqual([500, 500, 204]);
    expect(delivery.attempts.map((a: Json) => a.response)).toEqual(['try later', 'try later', '']);
    expect(gaps(delivery)).toEqual([60, 300]);
    expect(new Set(receiver.received.map((r) => r.headers['x-svc-delivery'])).size).toBe(1);
    expect(new Set(receiver.received.map((r) => r.raw)).size).toBe(1);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
  });

  it('stops after 6 attempts and keeps the first 1,000 characters of each answer', async () => {
    const receiver = track(await startReceiver([SECRET_A]));
    const long = 'é'.repeat(600) + 'x'.repeat(2000);
    receiver.respond((res) => {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(long);
    });
    const sb = track(
      await startSandbox({ timeScale: 0.001, webhooks: [{ url: receiver.url, secret: SECRET_A }] }),
    );
    const { order } = await quoteAndOrder(sb.client, MTN_500, ngNumber('4567'), ext());
    const delivery = await waitFor(
      async () => {
        const [d] = await deliveriesOf(sb, order.body.order.order_id);
        return d?.state === 'failed' ? d : undefined;
      },
      60_000,
      'six failed attempts',
    );
    expect(delivery.attempts).toHaveLength(6);
    expect(gaps(delivery)).toEqual([60, 300, 900, 1800, 3600]);
    for (const attempt of delivery.attempts) {
      expect(attempt.status).toBe(503);
      expect(attempt.ok).toBe(false);
      expect(Array.from(attempt.response as string)).toHaveLength(1000);
      expect(attempt.response).toBe(long.slice(0, 1000));
    }
    expect(delivery.next_attempt_at).toBeNull();
    expect(receiver.received).toHaveLength(6);
  });

  it('does not follow redirects: a 3xx is a failure', async () => {
    const elsewhere = track(await startReceiver([SECRET_A]));
    const receiver = track(await startReceiver([SECRET_A]));
    let calls = 0;
    receiver.respond((res) => {
      calls += 1;
      if (calls === 1) {
        res.writeHead(302, { location: elsewhere.url });
        res.end();
      } else {
        res.writeHead(200);
        res.end('fine');
      }
    });
    const sb = track(
      await startSandbox({ timeScale: 0.001, webhooks: [{ url: receiver.url, secret: SECRET_A }] }),
    );
    const { order } = await quoteAndOrder(sb.client, MTN_500, ngNumber('4567'), ext());
    const delivery = await waitFor(async () => {
      const [d] = await deliveriesOf(sb, order.body.order.order_id);
      return d?.state === 'delivered' ? d : undefined;
    });
    expect(delivery.attempts.map((a: Json) => [a.status, a.ok])).toEqual([
      [302, false],
      [200, true],
    ]);
    expect(elsewhere.received).toHaveLength(0);
  });

  it('counts a receiver that does not answer in time, or a refused connection, as a failure', async () => {
    const receiver = track(await startReceiver([SECRET_A]));
    const hanging: ServerResponse[] = [];
    let calls = 0;
    receiver.respond((res) => {
      calls += 1;
      if (calls === 1) hanging.push(res);
      else res.end('ok');
    });
    const sb = track(
      await startSandbox({ timeScale: 0.001, webhooks: [{ url: receiver.url, secret: SECRET_A }] }),
    );
    const { order } = await quoteAndOrder(sb.client, MTN_500, ngNumber('4567'), ext());
    const delivery = await waitFor(async () => {
      const [d] = await deliveriesOf(sb, order.body.order.order_id);
      return d?.state === 'delivered' ? d : undefined;
    });
    expect(delivery.attempts[0].status).toBeNull();
    expect(delivery.attempts[0].error).toMatch(/timeout/);
    expect(delivery.attempts[1].status).toBe(200);
    for (const res of hanging) res.destroy();

    // Nothing listens on the closed receiver's port any more.
    const gone = await startReceiver([SECRET_A]);
    await gone.close();
    await sb.control.post('/webhooks', { targets: [{ url: gone.url, secret: SECRET_A }] });
    const next = await quoteAndOrder(sb.client, MTN_500, ngNumber('4568'), ext());
    const refused = await waitFor(async () => {
      const [d] = await deliveriesOf(sb, next.order.body.order.order_id);
      return d && d.attempts.length >= 1 && d.attempts[0].completed_at ? d : undefined;
    });
    expect(refused.attempts[0].status).toBeNull();
    expect(refused.attempts[0].error).toMatch(/connection/);
  });

  it('runs due retries at once when the sandbox clock is moved forward', async () => {
    const receiver = track(await startReceiver([SECRET_A]));
    let calls = 0;
    receiver.respond((res) => {
      calls += 1;
      res.writeHead(calls === 1 ? 500 : 200);
      res.end();
    });
    // Real schedule: the retry would come a minute later.
    const sb = track(
      await startSandbox({ timeScale: 1, webhooks: [{ url: receiver.url, secret: SECRET_A }] }),
    );
    const { order } = await quoteAndOrder(sb.client, MTN_500, ngNumber('4567'), ext());
    const id = order.body.order.order_id;
    await sb.control.post(`/orders/${id}/outcome`, { status: 'succeeded' });
    const waiting = await waitFor(async () => {
      const [d] = await deliveriesOf(sb, id);
      return d?.attempts.length === 1 && d.attempts[0].completed_at && d.next_attempt_at ? d : undefined;
    });
    expect(Date.parse(waiting.next_attempt_at) - waiting.attempts[0].completed_at_ms).toBe(60_000);
    await sb.control.post('/clock/advance', { seconds: 61 });
    const done = await waitFor(async () => {
      const [d] = await deliveriesOf(sb, id);
      return d?.state === 'delivered' ? d : undefined;
    });
    expect(done.attempts).toHaveLength(2);
    // The signature keeps the wall clock, so the receiver's 300-second check still passes.
    expect(receiver.received.every((r) => r.verified)).toBe(true);
  });

  it('resends a delivery as a new message with a new id', async () => {
    const receiver = track(await startReceiver([SECRET_A]));
    const sb = track(
      await startSandbox({ timeScale: 0.01, webhooks: [{ url: receiver.url, secret: SECRET_A }] }),
    );
    const { order } = await quoteAndOrder(sb.client, MTN_500, ngNumber('4567'), ext());
    await waitFor(() => receiver.received.length === 1);
    const [first] = await deliveriesOf(sb, order.body.order.order_id);
    const resent = await sb.control.post(`/deliveries/${first.id}/resend`);
    expect(resent.id).not.toBe(first.id);
    expect(resent.resend_of).toBe(first.id);
    await waitFor(() => receiver.received.length === 2);
    expect(receiver.received[1]?.headers['x-svc-delivery']).toBe(resent.id);
    expect(receiver.received[1]?.raw).toBe(receiver.received[0]?.raw);
    expect(receiver.received[1]?.verified).toBe(true);
    const missing = await sb.control.postRaw('/deliveries/WD-999999/resend');
    expect(missing.status).toBe(404);
  });

  it('takes new targets and a reset secret at once through the control API', async () => {
    const receiver = track(await startReceiver([SECRET_A, SECRET_B]));
    const sb = track(await startSandbox({ timeScale: 0.01 }));
    const none = await quoteAndOrder(sb.client, MTN_500, ngNumber('4567'), ext());
    await waitFor(
      async () =>
        (await sb.client.get(`/recharge/orders/${none.order.body.order.order_id}`)).body.status ===
        'succeeded',
    );
    expect(await deliveriesOf(sb, none.order.body.order.order_id)).toEqual([]);

    const set = await sb.control.post('/webhooks', { targets: [{ url: receiver.url, secret: SECRET_A }] });
    expect(set.targets[0]).toMatchObject({ url: receiver.url, secret: SECRET_A });
    await quoteAndOrder(sb.client, MTN_500, ngNumber('4568'), ext());
    await waitFor(() => receiver.received.length === 1);
    expect(receiver.received[0]?.secretIndex).toBe(0);

    await sb.control.post('/webhooks', { targets: [{ url: receiver.url, secret: SECRET_B }] });
    await quoteAndOrder(sb.client, MTN_500, ngNumber('4569'), ext());
    await waitFor(() => receiver.received.length === 2);
    expect(receiver.received[1]?.secretIndex).toBe(1);
    expect(sb.sandbox.webhookSecrets).toEqual([SECRET_B]);

    const defaults = await sb.control.post('/webhooks', {
      targets: [{ url: receiver.url }, { url: receiver.url }],
    });
    expect(defaults.targets[0].secret).not.toBe(defaults.targets[1].secret);
  });
});

describe('merchant sandbox: webhook secrets by default', () => {
  let sb: RunningSandbox;
  beforeAll(async () => {
    sb = await startSandbox();
  });
  afterAll(async () => {
    await sb.close();
  });

  it('offers the documented demo secret when no target is set', () => {
    expect(sb.sandbox.webhooks).toEqual([]);
    expect(sb.sandbox.webhookSecrets).toHaveLength(1);
    expect(sb.sandbox.webhookSecrets[0]?.length).toBeGreaterThan(16);
  });
});
