import { describe, expect } from 'vitest';
import { newClaimToken } from '../../src/orders/placements.ts';
import { statusMessage } from '../../src/orders/texts.ts';
import { htmlToPlain } from '../../src/lib/html.ts';
import { botMessage, changesRelayed, settle } from './support/checks.ts';
import { it } from './support/order-test.ts';
import { ADMIN_ID, waitFor, type World } from './support/world.ts';

interface RequestView {
  method: string;
  path: string;
  query?: string;
  status: number;
  external_order_id: string | null;
  fault: string | null;
}

async function requests(w: World): Promise<RequestView[]> {
  const body = await w.control<{ results: RequestView[] }>('GET', '/requests?path=/api/v1/recharge/orders');
  return body.results;
}

async function orderPosts(w: World, ext: string): Promise<RequestView[]> {
  return (await requests(w)).filter((r) => r.method === 'POST' && r.external_order_id === ext);
}

describe('a placement whose outcome is unknown', () => {
  it('a first attempt that timed out but committed, then a resend refused with 400 external_order_id: found by search, never rejected, charged once, the reseller never told "nothing charged"', async ({
    openWorld,
  }) => {
    const w = await openWorld({ prefix: 'uo1:' });
    await w.startWorkers();
    const service = w.replicas[0]!.system.service;
    // the first POST holds its number for 8 s (our client gives up after 3 s and resends), then commits
    await w.control('POST', '/faults', {
      kind: 'late_answer',
      path: '/recharge/orders',
      method: 'POST',
      latency_ms: 8_000,
      next: 1,
    });
    const intent = await w.newIntent({ ending: '0000' });
    const ext = intent.externalOrderId;
    const result = await service.submit(intent);
    expect(result.outcome).toBe('pending');
    const order = await settle(w, ext, ['succeeded']);
    expect(order.placement).toBe('placed');
    expect(order.rejection).toBeUndefined();
    // the resend racing the slow first attempt was refused on the number, and was not taken as final
    const posts = await orderPosts(w, ext);
    expect(posts.some((p) => p.status === 400)).toBe(true);
    expect(
      (await requests(w)).some((r) => r.method === 'GET' && (r.query ?? '').includes(`search=${ext}`)),
    ).toBe(true);
    const debits = (await w.ledger()).filter((e) => e.kind === 'debit' && e.external_order_id === ext);
    expect(debits).toHaveLength(1);
    await waitFor(() => changesRelayed(w, 'uo1:'), 30_000, 'changes relayed');
    await waitFor(async () => (await w.replicas[0]!.system.outbox.pending()) === 0, 30_000, 'outbox drained');
    expect(w.reseller.chat().filter((m) => m.text.includes('Nothing was charged'))).toEqual([]);
    expect(await service.unfinishedForAccount(intent.request.account)).toBeNull();
  }, 120_000);

  it('an order already marked rejected that gets a webhook from the service is applied, holds its number again and alerts admins', async ({
    openWorld,
  }) => {
    const w = await openWorld({
      prefix: 'uo2:',
      timings: { alertGrouping: { quietMs: 200, maxHoldMs: 1_000 } },
    });
    await w.startWorkers();
    const replica = w.replicas[0]!;
    const service = replica.system.service;
    const intent = await w.newIntent({ ending: '0000' });
    const ext = intent.externalOrderId;
    // our copy says "refused, nothing charged" (as a 400 taken as final did)...
    await service.store.create(intent, { token: newClaimToken(), leaseMs: 60_000 });
    await service.store.markRejected(ext, { key: 'external_order_id', httpStatus: 400, message: 'used' });
    expect(await service.unfinishedForAccount(intent.request.account)).toBeNull();
    // ...while the service has the order and charged it
    const placed = await replica.client.createOrder(intent.request);
    const order = await settle(w, ext, ['succeeded']);
    expect(order.placement).toBe('placed');
    expect(order.orderId).toBe(placed.order.orderId);
    const admin = w.standIn.driver.user({ id: ADMIN_ID });
    const alert = await botMessage(admin, (m) => m.text.includes('marked refused'), 20_000);
    expect(alert.text).toContain(ext);
    expect(alert.text).toContain(placed.order.orderId);
    const debits = (await w.ledger()).filter((e) => e.kind === 'debit' && e.external_order_id === ext);
    expect(debits).toHaveLength(1);
  }, 120_000);

  it('a 2xx placement answer for an order another replica marked refused meanwhile is applied and admins alerted', async ({
    openWorld,
  }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let reached: () => void = () => {};
    const atStore = new Promise<void>((resolve) => (reached = resolve));
    const w = await openWorld({
      prefix: 'uo4:',
      timings: { alertGrouping: { quietMs: 200, maxHoldMs: 1_000 } },
      hooks: {
        async at(point) {
          if (point !== 'after-send-before-store') return;
          reached();
          await held;
        },
      },
    });
    await w.startWorkers();
    const service = w.replicas[0]!.system.service;
    const intent = await w.newIntent({ ending: '0000' });
    const ext = intent.externalOrderId;
    const submitted = service.submit(intent);
    // the service answered 201; before it is stored, our copy is marked refused (as a raced 400 did)
    await atStore;
    await service.store.markRejected(ext, { key: 'external_order_id', httpStatus: 400, message: 'used' });
    release();
    expect((await submitted).outcome).toBe('placed');
    const order = await settle(w, ext, ['succeeded']);
    expect(order.placement).toBe('placed');
    expect((await service.store.get(ext))?.rejection).toBeUndefined();
    const admin = w.standIn.driver.user({ id: ADMIN_ID });
    const alert = await botMessage(admin, (m) => m.text.includes('marked refused'), 20_000);
    expect(alert.text).toContain(ext);
  }, 120_000);

  it('a resend by a worker after a replica died mid-send, refused with 400 external_order_id while the first attempt still runs: stays pending (no unanswered attempt recorded), then placed; never "nothing charged"', async ({
    openWorld,
  }) => {
    const w = await openWorld({ prefix: 'uo5:' });
    await w.startWorkers();
    const replica = w.replicas[0]!;
    const service = replica.system.service;
    // the dead replica's POST holds its number for 20 s, then commits
    await w.control('POST', '/faults', {
      kind: 'late_answer',
      path: '/recharge/orders',
      method: 'POST',
      latency_ms: 20_000,
      next: 1,
    });
    const intent = await w.newIntent({ ending: '0000' });
    const ext = intent.externalOrderId;
    // A replica stored the intent (claim with a short lease) and sent it, then died: nothing of that attempt
    // is recorded on the order (no unansweredAt), and its request is still running at the service.
    await service.store.create(intent, { token: newClaimToken(), leaseMs: 300 });
    const dead = new AbortController();
    const orphan = replica.client
      .createOrder(intent.request, { priority: 'placement', signal: dead.signal })
      .catch(() => null);
    // the worker's resend meets the held number
    await waitFor(
      async () => (await orderPosts(w, ext)).some((p) => p.status === 400),
      60_000,
      'a resend refused on the number',
    );
    dead.abort();
    await orphan;
    const order = await settle(w, ext, ['succeeded', 'rejected']);
    expect(order.placement).toBe('placed');
    expect(order.status).toBe('succeeded');
    await waitFor(() => changesRelayed(w, 'uo5:'), 30_000, 'changes relayed');
    await waitFor(async () => (await replica.system.outbox.pending()) === 0, 30_000, 'outbox drained');
    expect(w.reseller.chat().filter((m) => m.text.includes('Nothing was charged'))).toEqual([]);
    expect(w.reseller.chat().find((m) => m.id === intent.statusMessageId)?.text).toBe(
      htmlToPlain(statusMessage(w.t, order, 'succeeded')),
    );
    const debits = (await w.ledger()).filter((e) => e.kind === 'debit' && e.external_order_id === ext);
    expect(debits).toHaveLength(1);
  }, 120_000);

  it('a revived order (refused and told so, then found at the service): the status message shows its final status exactly once and the reseller is told it was placed after all', async ({
    openWorld,
  }) => {
    const w = await openWorld({
      prefix: 'uo6:',
      timings: { alertGrouping: { quietMs: 200, maxHoldMs: 1_000 } },
    });
    await w.startWorkers();
    const replica = w.replicas[0]!;
    const service = replica.system.service;
    const intent = await w.newIntent({ ending: '0000' });
    const ext = intent.externalOrderId;
    // refused by a worker's resend: the notifier tells the reseller "not placed, nothing charged"
    await service.store.create(intent, { token: newClaimToken(), leaseMs: 60_000 });
    await service.store.markRejected(ext, { key: 'external_order_id', httpStatus: 400, message: 'used' });
    await botMessage(
      w.reseller,
      (m) => m.text.includes('Nothing was charged') && m.text.includes(ext),
      30_000,
    );
    await waitFor(
      () =>
        w.reseller
          .chat()
          .find((m) => m.id === intent.statusMessageId)
          ?.text.startsWith('❌') ?? false,
      30_000,
      'status message shows the refusal',
    );
    // the service has the order after all
    await replica.client.createOrder(intent.request);
    const order = await settle(w, ext, ['succeeded']);
    await waitFor(() => changesRelayed(w, 'uo6:'), 30_000, 'changes relayed');
    await waitFor(async () => (await replica.system.outbox.pending()) === 0, 30_000, 'outbox drained');
    // The chat shows the visible text of the HTML sent.
    const shown = htmlToPlain(statusMessage(w.t, order, 'succeeded'));
    const chat = w.reseller.chat();
    expect(chat.find((m) => m.id === intent.statusMessageId)?.text).toBe(shown);
    expect(chat.filter((m) => m.from === 'bot' && m.text === shown)).toHaveLength(1);
    const corrections = chat.filter((m) => m.from === 'bot' && m.text.includes('placed after all'));
    expect(corrections).toHaveLength(1);
    expect(corrections[0]!.text).toContain(ext);
    expect(corrections[0]!.text).toContain(order.orderId!);
  }, 120_000);

  it('a 2xx placement answer that does not parse: the order is looked up, admins alerted once, and nothing is sent again', async ({
    openWorld,
  }) => {
    const w = await openWorld({
      prefix: 'uo3:',
      timings: { alertGrouping: { quietMs: 200, maxHoldMs: 1_000 } },
    });
    await w.startWorkers();
    const service = w.replicas[0]!.system.service;
    // every placement answer is cut short (the orders are committed)
    await w.control('POST', '/faults', { kind: 'garbled_answer', path: '/recharge/orders', method: 'POST' });
    const intent = await w.newIntent({ ending: '0000' });
    const ext = intent.externalOrderId;
    await service.submit(intent);
    const order = await settle(w, ext, ['succeeded']);
    expect(order.placement).toBe('placed');
    const admin = w.standIn.driver.user({ id: ADMIN_ID });
    const alert = await botMessage(admin, (m) => m.text.includes('could not be read'), 20_000);
    expect(alert.text).toContain(ext);
    // a second order with the same fault: still one POST each, one alert each
    const second = await w.newIntent({ ending: '1111' });
    await service.submit(second);
    await settle(w, second.externalOrderId, ['succeeded', 'refunded']);
    await waitFor(() => changesRelayed(w, 'uo3:'), 30_000, 'changes relayed');
    expect(await orderPosts(w, ext)).toHaveLength(1);
    expect(await orderPosts(w, second.externalOrderId)).toHaveLength(1);
    const alerts = admin.chat().filter((m) => m.text.includes('could not be read') && m.text.includes(ext));
    expect(alerts).toHaveLength(1);
    const debits = (await w.ledger()).filter((e) => e.kind === 'debit' && e.external_order_id === ext);
    expect(debits).toHaveLength(1);
  }, 120_000);
});
