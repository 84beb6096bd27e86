import { describe, expect } from 'vitest';
import type { SubmitResult } from '../../src/orders/types.ts';
import { botMessage, expectToldOncePerStatus, changesRelayed, settle } from './support/checks.ts';
import { phone } from './support/fixtures.ts';
import { it } from './support/order-test.ts';
import { ADMIN_ID, waitFor, type World } from './support/world.ts';

interface RequestView {
  method: string;
  path: string;
  status: number;
  external_order_id: string | null;
  fault: string | null;
}

async function orderPosts(w: World, ext: string): Promise<RequestView[]> {
  const body = await w.control<{ results: RequestView[] }>('GET', '/requests?path=/api/v1/recharge/orders');
  return body.results.filter((r) => r.method === 'POST' && r.external_order_id === ext);
}

describe('placing orders exactly once', () => {
  it('200 orders while the sandbox charges then drops 30% of the answers, answers 5xx or resets: one charge each, every order finished in the chat', async ({
    openWorld,
  }) => {
    const w = await openWorld({ prefix: 'pl1:', timeScale: 0.01 });
    await w.control('POST', '/faults', { kind: 'drop_response', probability: 0.3 });
    await w.control('POST', '/faults', {
      kind: 'error',
      path: '/recharge/orders',
      method: 'POST',
      status: 503,
      probability: 0.1,
    });
    await w.control('POST', '/faults', {
      kind: 'error',
      path: '/recharge/orders',
      method: 'POST',
      status: 502,
      after_commit: true,
      probability: 0.05,
    });
    await w.control('POST', '/faults', {
      kind: 'reset',
      path: '/recharge/orders',
      method: 'POST',
      probability: 0.1,
    });
    await w.startWorkers();
    const service = w.replicas[0]!.system.service;
    const total = 200;
    const exts: string[] = [];
    const results: SubmitResult[] = [];
    let next = 0;
    // like many resellers confirming at once: 10 submits in flight at a time
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next < total) {
          const i = next++;
          const intent = await w.newIntent({ ending: i % 10 === 0 ? '1111' : '0000' });
          exts.push(intent.externalOrderId);
          results.push(await service.submit(intent));
        }
      }),
    );
    expect(results.some((r) => r.outcome === 'pending')).toBe(true);
    expect(results.every((r) => r.outcome !== 'rejected')).toBe(true);

    for (const ext of exts) await settle(w, ext, ['succeeded', 'refunded']);
    const ledger = await w.ledger();
    const posts = await w.control<{ results: RequestView[] }>(
      'GET',
      '/requests?path=/api/v1/recharge/orders',
    );
    const dropped = posts.results.filter((r) => r.fault === 'drop_response').length;
    expect(dropped).toBeGreaterThan(20);
    for (const ext of exts) {
      const mine = ledger.filter((e) => e.kind === 'debit' && e.external_order_id === ext);
      if (mine.length !== 1) {
        console.log(JSON.stringify(mine, null, 1));
        console.log(
          JSON.stringify(
            posts.results.filter((r) => r.external_order_id === ext),
            null,
            1,
          ),
        );
        console.log(JSON.stringify(await w.control('GET', '/orders?search=' + ext), null, 1).slice(0, 3000));
      }
      expect(mine, ext).toHaveLength(1);
    }
    expect(ledger.filter((e) => e.kind === 'debit')).toHaveLength(total);
    // every order reached its final status in the reseller's chat, told once per status
    await expectToldOncePerStatus(w, exts);
  }, 180_000);

  it('a quote that expired while the service was unreachable: nothing charged, the reseller is told and offered a new quote', async ({
    openWorld,
  }) => {
    const w = await openWorld({ prefix: 'pl2:' });
    await w.startWorkers();
    const service = w.replicas[0]!.system.service;
    // the service never sees the order (503 before anything happens) until the quote is too old
    const fault = await w.control<{ id: string }>('POST', '/faults', {
      kind: 'error',
      path: '/recharge/orders',
      method: 'POST',
      status: 503,
    });
    const intent = await w.newIntent({ ending: '0000' });
    const result = await service.submit(intent);
    expect(result.outcome).toBe('pending');
    const refusedPosts = await w.control<{ results: RequestView[] }>(
      'GET',
      '/requests?path=/api/v1/recharge/orders',
    );
    expect(
      refusedPosts.results.filter((r) => r.method === 'POST' && r.status === 503).length,
    ).toBeGreaterThan(1);
    await w.control('POST', '/clock/advance', { seconds: 301 });
    await w.control('DELETE', `/faults/${fault.id}`);
    const order = await settle(w, intent.externalOrderId, ['rejected']);
    expect(order.rejection).toMatchObject({ key: 'quote_token', code: 'quote_expired' });
    // every re-send used the same order number; none was charged
    expect((await w.ledger()).filter((e) => e.external_order_id === intent.externalOrderId)).toEqual([]);
    const posts = await orderPosts(w, intent.externalOrderId);
    expect(posts.at(-1)?.status).toBe(400);
    const told = await botMessage(w.reseller, (m) => m.text.includes('Nothing was charged'), 20_000);
    expect(told.text).toContain(intent.externalOrderId);
    expect(told.text).toContain('quote expired');
    expect(told.buttons.flat().map((b) => b.text)).toContain('🔄 New quote');
    expect(await service.unfinishedForAccount(intent.request.account)).toBeNull();
  });

  it('an answer lost while the quote expired: the re-send finds the order (200), one charge', async ({
    openWorld,
  }) => {
    // no webhooks: only the re-send can tell us the order exists
    const w = await openWorld({
      prefix: 'pl3:',
      clientRetryAttempts: 1,
      webhooks: false,
    });
    await w.control('POST', '/faults', { kind: 'drop_response', next: 1 });
    const service = w.replicas[0]!.system.service;
    const intent = await w.newIntent({ ending: '0000' });
    expect((await service.submit(intent)).outcome).toBe('pending');
    await w.control('POST', '/clock/advance', { seconds: 400 });
    await w.startWorkers();
    const order = await settle(w, intent.externalOrderId, ['succeeded']);
    expect(order.orderId).toMatch(/^O-/);
    const debits = (await w.ledger()).filter((e) => e.external_order_id === intent.externalOrderId);
    expect(debits).toHaveLength(1);
    const posts = await orderPosts(w, intent.externalOrderId);
    expect(posts.map((p) => p.status)).toContain(200);
  });

  it('refusals for balance, risk and wallet end the order, release the number, return why to the chat and alert admins', async ({
    openWorld,
  }) => {
    const w = await openWorld({
      prefix: 'pl4:',
      initialBalance: '0.5000',
      timings: { alertGrouping: { quietMs: 500, maxHoldMs: 5_000 } },
    });
    await w.startWorkers();
    const service = w.replicas[0]!.system.service;
    const outcomes: Array<{ key: string; intent: Awaited<ReturnType<World['newIntent']>> }> = [];

    const balance = await w.newIntent({ amount: '5000' }); // ~3.1 USD > 0.5 in the wallet
    outcomes.push({ key: 'balance', intent: balance });
    const r1 = await service.submit(balance);
    await w.control('POST', '/account', { risk_block: true });
    const risk = await w.newIntent({ amount: '100' });
    outcomes.push({ key: 'risk', intent: risk });
    const r2 = await service.submit(risk);
    await w.control('POST', '/account', { risk_block: false });
    await w.control('POST', '/wallet', { active: false });
    const wallet = await w.newIntent({ amount: '100' });
    outcomes.push({ key: 'wallet', intent: wallet });
    const r3 = await service.submit(wallet);
    for (const [i, r] of [r1, r2, r3].entries()) {
      expect(r.outcome).toBe('rejected');
      expect(r.order.rejection?.key).toBe(outcomes[i]!.key);
      expect(await service.unfinishedForAccount(outcomes[i]!.intent.request.account)).toBeNull();
    }
    expect((await w.ledger()).filter((e) => e.kind === 'debit')).toEqual([]);
    // the chat got the refusal from submit() and tells the reseller itself: no second message from us
    await waitFor(() => changesRelayed(w, 'pl4:'), 30_000, 'changes relayed');
    await waitFor(async () => (await w.replicas[0]!.system.outbox.pending()) === 0, 30_000, 'outbox drained');
    for (const o of outcomes) {
      expect(
        w.reseller.chat().filter((m) => m.text.includes(`${o.intent.externalOrderId} was not placed`)),
      ).toEqual([]);
    }
    // one grouped admin alert naming the three orders, with a button per order
    const admin = w.standIn.driver.user({ id: ADMIN_ID });
    const alert = await botMessage(admin, (m) => m.text.includes('Order refused'), 20_000);
    for (const o of outcomes) expect(alert.text).toContain(o.intent.externalOrderId);
    expect(alert.text).toContain('3 alerts');
    const data = alert.buttons.flat().map((b) => b.data);
    for (const o of outcomes) expect(data).toContain(`ord:open:${o.intent.externalOrderId}`);
  });

  it('a 403 keeps the order placing and alerts admins; once access is back it is placed', async ({
    openWorld,
  }) => {
    const w = await openWorld({
      prefix: 'pl5:',
      timings: { alertGrouping: { quietMs: 200, maxHoldMs: 1_000 } },
    });
    await w.startWorkers();
    const service = w.replicas[0]!.system.service;
    const intent = await w.newIntent({ ending: '0000' });
    await w.control('POST', '/account', { api_access_enabled: false });
    expect((await service.submit(intent)).outcome).toBe('pending');
    const admin = w.standIn.driver.user({ id: ADMIN_ID });
    const alert = await botMessage(admin, (m) => m.text.includes('403'), 20_000);
    expect(alert.text).toContain(intent.externalOrderId);
    await w.control('POST', '/account', { api_access_enabled: true });
    await settle(w, intent.externalOrderId, ['succeeded']);
    expect((await w.ledger()).filter((e) => e.external_order_id === intent.externalOrderId)).toHaveLength(1);
  });

  it('a second order to a number with an unfinished order is refused before anything is sent', async ({
    openWorld,
  }) => {
    const w = await openWorld({ prefix: 'pl6:' });
    const service = w.replicas[0]!.system.service;
    const account = phone('4444', 321);
    const first = await w.newIntent({ account });
    expect((await service.submit(first)).outcome).toBe('placed');
    const second = await w.newIntent({ account });
    const refused = await service.submit(second);
    expect(refused.outcome).toBe('rejected');
    expect(refused.order.rejection?.key).toBe('account-busy');
    expect(await orderPosts(w, second.externalOrderId)).toEqual([]);
    expect((await service.unfinishedForAccount(account))?.externalOrderId).toBe(first.externalOrderId);
    // the same intent submitted again finds the first answer
    expect((await service.submit(first)).outcome).toBe('placed');
    expect(await orderPosts(w, first.externalOrderId)).toHaveLength(1);
  });
});
