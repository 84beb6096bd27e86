import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAGIC_ENDINGS } from '../../../src/sandbox/merchant/index.ts';
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

const SECRET = 'whsec_outcomes_test_secret_42';
let seq = 0;
const ext = () => `out-${Date.now()}-${++seq}`;

describe('merchant sandbox: magic endings and the order state machine', () => {
  let sb: RunningSandbox;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver([SECRET]);
    sb = await startSandbox({ timeScale: 0.01, webhooks: [{ url: receiver.url, secret: SECRET }] });
  });
  afterAll(async () => {
    await sb.close();
    await receiver.close();
  });

  const place = async (ending: string) => {
    const { order } = await quoteAndOrder(sb.client, MTN_500, ngNumber(ending), ext());
    expect(order.status).toBe(201);
    return order.body.order as Json;
  };
  const read = async (id: string) => (await sb.client.get(`/recharge/orders/${id}`)).body;
  const finished = (id: string) =>
    waitFor(async () => {
      const o = await read(id);
      return o.poll_after_seconds === 0 ? o : undefined;
    }, 30_000);
  const history = async (id: string): Promise<string[]> =>
    (await sb.control.get(`/orders/${id}`)).history.map((h: Json) => h.status);
  const eventsFor = (id: string): Json[] =>
    receiver.received.filter((r) => r.verified && r.body.order.order_id === id).map((r) => r.body);
  /** A later order that succeeds normally: once its webhook arrived, earlier ones would have too. */
  const sentinel = async () => {
    const o = await place('9990');
    await waitFor(() => eventsFor(o.order_id).length === 1);
  };

  it('documents an ending for every required outcome', () => {
    const outcomes = MAGIC_ENDINGS.map((m) => m.outcome);
    for (const o of [
      'succeed',
      'fail_refund',
      'review_succeed',
      'review_refund',
      'long_processing',
      'succeed_no_webhook',
      'fail_refund_twice_out_of_order',
    ])
      expect(outcomes).toContain(o);
    const endings = MAGIC_ENDINGS.flatMap((m) => (m.ending ? [m.ending] : []));
    expect(new Set(endings).size).toBe(endings.length);
    for (const e of endings) expect(e).toMatch(/^\d{4}$/);
  });

  it('any other ending succeeds quickly, with one order.succeeded', async () => {
    const o = await place('4567');
    const end = await finished(o.order_id);
    expect(end.status).toBe('succeeded');
    expect(await history(o.order_id)).toEqual(['accepted', 'processing', 'succeeded']);
    await waitFor(() => eventsFor(o.order_id).length === 1);
    expect(eventsFor(o.order_id).map((e) => e.event)).toEqual(['order.succeeded']);
  });

  it('…1111 fails, then is refunded: order.failed then order.refunded; failed is not finished', async () => {
    const o = await place('1111');
    const failed = await waitFor(async () => {
      const r = await read(o.order_id);
      return r.status !== 'accepted' && r.status !== 'processing' ? r : undefined;
    });
    if (failed.status === 'failed') expect(failed.poll_after_seconds).toBeGreaterThan(0);
    const end = await finished(o.order_id);
    expect(end.status).toBe('refunded');
    expect(end.attempts[0].status).toBe('failed');
    expect(end.attempts[0].error_message).not.toBe('');
    expect(await history(o.order_id)).toEqual(['accepted', 'processing', 'failed', 'refunded']);
    await waitFor(() => eventsFor(o.order_id).length === 2);
    expect(eventsFor(o.order_id).map((e) => [e.event, e.order.status])).toEqual([
      ['order.failed', 'failed'],
      ['order.refunded', 'refunded'],
    ]);
  });

  // The review lasts well under a second at this time scale: the history shows it whatever the machine's speed;
  // an order held in review (the control API's test below) is read while there.
  it('…2222 goes to manual review, then succeeds', async () => {
    const o = await place('2222');
    expect((await finished(o.order_id)).status).toBe('succeeded');
    expect(await history(o.order_id)).toEqual(['accepted', 'processing', 'manual_review', 'succeeded']);
    await waitFor(() => eventsFor(o.order_id).length === 1);
    expect(eventsFor(o.order_id)[0].event).toBe('order.succeeded');
  });

  it('…3333 goes to manual review, then is refunded with the money back', async () => {
    const o = await place('3333');
    expect((await finished(o.order_id)).status).toBe('refunded');
    expect(await history(o.order_id)).toEqual(['accepted', 'processing', 'manual_review', 'refunded']);
    await waitFor(() => eventsFor(o.order_id).length === 1);
    expect(eventsFor(o.order_id)[0].event).toBe('order.refunded');
    const books = (await sb.control.get('/ledger')).results.filter((e: Json) => e.order_id === o.order_id);
    expect(books.map((e: Json) => [e.kind, e.amount])).toEqual([
      ['debit', o.merchant_price],
      ['refund', o.merchant_price],
    ]);
  });

  it('…4444 stays processing for a long time', async () => {
    const slow = await place('4444');
    const quick = await place('4568');
    await finished(quick.order_id);
    const now = await read(slow.order_id);
    expect(now.status).toBe('processing');
    expect(now.poll_after_seconds).toBeGreaterThan(0);
    const books = await sb.control.get(`/orders/${slow.order_id}`);
    expect(books.pending_steps).toEqual(['succeeded']);
    // An hour at time scale 1.
    expect(Date.parse(books.next_step_at) - Date.parse(books.history[1].at)).toBe(3_600_000 * 0.01);
  });

  it('…5555 succeeds with no webhook at all (polling only)', async () => {
    const o = await place('5555');
    expect((await finished(o.order_id)).status).toBe('succeeded');
    await sentinel();
    expect(eventsFor(o.order_id)).toEqual([]);
    expect((await sb.control.get(`/deliveries?order_id=${o.order_id}`)).count).toBe(0);
  });

  it('…8888 fails and is refunded with no webhook at all', async () => {
    const o = await place('8888');
    expect((await finished(o.order_id)).status).toBe('refunded');
    await sentinel();
    expect(eventsFor(o.order_id)).toEqual([]);
  });

  it('…6666 sends each webhook twice and out of order', async () => {
    const o = await place('6666');
    expect((await finished(o.order_id)).status).toBe('refunded');
    await waitFor(() => eventsFor(o.order_id).length === 4);
    expect(eventsFor(o.order_id).map((e) => e.event)).toEqual([
      'order.refunded',
      'order.failed',
      'order.refunded',
      'order.failed',
    ]);
    const ids = receiver.received
      .filter((r) => r.verified && r.body.order.order_id === o.order_id)
      .map((r) => r.headers['x-svc-delivery']);
    expect(new Set(ids).size).toBe(4);
  });

  it('…7777 sends order.succeeded twice', async () => {
    const o = await place('7777');
    expect((await finished(o.order_id)).status).toBe('succeeded');
    await waitFor(() => eventsFor(o.order_id).length === 2);
    await sentinel();
    expect(eventsFor(o.order_id).map((e) => e.event)).toEqual(['order.succeeded', 'order.succeeded']);
  });

  it('lets the control API choose or force the outcome of an order, within the allowed transitions', async () => {
    const o = await place('4444');
    const planned = await sb.control.post(`/orders/${o.order_id}/outcome`, { outcome: 'fail_refund' });
    expect(planned.outcome).toBe('fail_refund');
    expect((await finished(o.order_id)).status).toBe('refunded');
    expect(await history(o.order_id)).toEqual(['accepted', 'processing', 'failed', 'refunded']);

    const late = await sb.control.postRaw(`/orders/${o.order_id}/outcome`, { outcome: 'succeed' });
    expect(late.status).toBe(409);
    const backwards = await sb.control.postRaw(`/orders/${o.order_id}/outcome`, { status: 'succeeded' });
    expect(backwards.status).toBe(409);

    const forced = await place('4444');
    const moved = await sb.control.post(`/orders/${forced.order_id}/outcome`, { status: 'manual_review' });
    expect(moved.status).toBe('manual_review');
    const inReview = await read(forced.order_id);
    expect(inReview.status).toBe('manual_review');
    expect(inReview.poll_after_seconds).toBeGreaterThan(0);
    await sb.control.post(`/orders/${forced.order_id}/outcome`, { status: 'refunded' });
    expect((await read(forced.order_id)).status).toBe('refunded');
    expect(await history(forced.order_id)).toEqual(['accepted', 'processing', 'manual_review', 'refunded']);
    await waitFor(() => eventsFor(forced.order_id).length === 1);

    const unknown = await sb.control.postRaw('/orders/O-1/outcome', { status: 'succeeded' });
    expect(unknown.status).toBe(404);
    const nonsense = await sb.control.postRaw(`/orders/${forced.order_id}/outcome`, { outcome: 'explode' });
    expect(nonsense.status).toBe(400);
  });

  it('never moves an order backwards, whatever the outcome', async () => {
    const rank: Record<string, number> = {
      accepted: 0,
      processing: 1,
      manual_review: 2,
      failed: 2,
      succeeded: 3,
      refunded: 3,
    };
    const orders = await sb.control.get('/orders');
    expect(orders.count).toBeGreaterThan(5);
    for (const order of orders.results) {
      const steps = order.history.map((h: Json) => rank[h.status]);
      for (let i = 1; i < steps.length; i++) expect(steps[i]).toBeGreaterThan(steps[i - 1]);
    }
  });
});
