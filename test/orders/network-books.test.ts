/**
 * A network's books through real top-ups: three levels below the merchant (distributor → sub-distributor →
 * shop), each with a rule of its own; a shop's orders that succeed (webhook, duplicated webhook, polling only,
 * after review), are refunded, or wait in review; two replicas receiving every webhook; the reconciliation run
 * after; transfers racing a top-up; and a move of the sub-distributor while orders are in flight. The identities
 * the issue names are checked from Redis alone at the end of each step.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../src/accounts/account-reads.ts';
import type { App } from '../../src/app.ts';
import type { StoredOrder } from '../../src/orders/types.ts';
import { ADMIN, startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { startRoundRobin, type RoundRobin } from '../support/round-robin.ts';
import { FAST_TIMINGS } from './support/timings.ts';
import { intent } from './support/fixtures.ts';
import { createOrderStats } from '../../src/orders/stats.ts';
import { FAST_CHATS, FAST_USER, PROMPT, say, waitForOrders } from '../bot/flow/helpers.ts';

const DIST = 710_000_201;
const SUB = 710_000_202;
const SHOP = 710_000_203;
const OTHER_DIST = 710_000_204;
/** More shops below the sub-distributor: they top up at once while it is moved. */
const MORE_SHOPS = [710_000_205, 710_000_206, 710_000_207];
const NETWORK = [DIST, SUB, SHOP, OTHER_DIST, ...MORE_SHOPS];

/** Waits until `check` holds (polling Redis and the sandbox), or fails with its last answer. */
async function until<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const sum = (entries: readonly LedgerEntry[]) =>
  entries.reduce((total, e) => total.plus(e.amount), new Decimal(0));

describe('a network’s books', () => {
  let world: BotWorld;
  let app: App;
  let proxy: RoundRobin;
  /** Every order the shop placed: merchant order number. */
  const placed: string[] = [];
  /** The sandbox's order ID of each merchant order number placed. */
  const sandboxIds = new Map<string, string>();

  beforeAll(async () => {
    // Two replicas in webhook mode behind a round-robin balancer: the chat alternates between them too.
    proxy = await startRoundRobin();
    world = await startBotWorld({
      mode: 'webhook',
      replicas: 2,
      env: { ...FAST_USER, PUBLIC_URL: proxy.url, NETWORK_MAX_DEPTH: '3', RESELLER_START_CREDIT: '0' },
      overrides: { ...FAST_CHATS, orderTimings: FAST_TIMINGS },
    });
    proxy.setTargets(world.apps.map((a) => `http://127.0.0.1:${a.address!.port}`));
    app = world.apps[0]!;
    // Every webhook reaches both replicas: they race to apply each one.
    const secret = world.env.MERCHANT_WEBHOOK_SECRETS!.split(',')[0];
    await world.control.post('webhooks', {
      targets: world.apps.map((a) => ({
        url: `http://127.0.0.1:${a.address!.port}/webhooks/merchant`,
        secret,
      })),
    });
    const { roles, network, accounts, pricing } = app;
    await roles.change(ADMIN, DIST, 'distributor');
    await roles.change(ADMIN, OTHER_DIST, 'distributor');
    expect((await network.join(SUB, DIST)).ok).toBe(true);
    await roles.change(ADMIN, SUB, 'distributor');
    expect((await network.join(SHOP, SUB)).ok).toBe(true);
    await roles.change(ADMIN, SHOP, 'reseller');
    for (const shop of MORE_SHOPS) {
      expect((await network.join(shop, SUB)).ok).toBe(true);
      await roles.change(ADMIN, shop, 'reseller');
    }
    // Money enters at the first level and flows down by transfer.
    await accounts.credit(DIST, new Decimal('100'), { adminId: ADMIN, note: 'float' });
    expect((await accounts.transfer(DIST, SUB, new Decimal('60'), 'float')).ok).toBe(true);
    expect((await accounts.transfer(SUB, SHOP, new Decimal('40'), 'float')).ok).toBe(true);
    for (const shop of MORE_SHOPS) {
      expect((await accounts.transfer(SUB, shop, new Decimal('5'), 'float')).ok).toBe(true);
    }
    // Merchant: 4 % + 0.01 for the distributor. Distributor: 3 % on its network. Sub-distributor: +0.02.
    await pricing.set(ADMIN, { kind: 'reseller', resellerId: DIST }, { percent: '4', fixed: '0.01' });
    await pricing.set(
      DIST,
      { kind: 'default' },
      { percent: '3', fixed: '0' },
      { kind: 'distributor', userId: DIST },
    );
    await pricing.set(
      SUB,
      { kind: 'default' },
      { percent: '0', fixed: '0.02' },
      { kind: 'distributor', userId: SUB },
    );
    // The distributor the sub-distributor is moved under later: 5 % on its network.
    await pricing.set(ADMIN, { kind: 'default' }, { percent: '1', fixed: '0' });
    const other = { kind: 'distributor' as const, userId: OTHER_DIST };
    await pricing.set(OTHER_DIST, { kind: 'default' }, { percent: '5', fixed: '0' }, other);
  });
  afterAll(async () => {
    await world?.close();
    await proxy?.close();
  });

  /** A one-line top-up by the shop, confirmed: its merchant order number. */
  async function topUp(phone: string, amount = '500', seller = SHOP): Promise<string> {
    const shop = world.standIn.driver.user({ id: seller });
    const quote = await say(shop, `/topup +${phone} ${amount} MTN`, PROMPT.quote);
    shop.press(quote, /✅/);
    const [order] = await waitForOrders(world, phone, 1);
    expect(order).toBeDefined();
    placed.push(order!.external_order_id);
    sandboxIds.set(order!.external_order_id, order!.order_id);
    return order!.external_order_id;
  }

  const orderOf = async (ext: string) => (await app.orders.service.get(ext))!;
  const finished = (o: StoredOrder) =>
    o.status === 'succeeded' || o.status === 'refunded' || o.placement === 'rejected';

  /** The identities, read from Redis alone. */
  async function checkBooks(): Promise<void> {
    const ledgers = new Map<number, LedgerEntry[]>();
    for (const id of NETWORK) ledgers.set(id, await app.accounts.allEntries(id));
    // Every balance is the sum of its ledger lines.
    for (const id of NETWORK) {
      expect((await app.accounts.view(id)).balance).toBe(new Decimal(sum(ledgers.get(id)!)).toFixed());
    }
    // Transfers: what each level received is what the level above gave it.
    const transfers = (id: number, ref: string) =>
      sum(ledgers.get(id)!.filter((e) => e.kind === 'transfer' && e.ref === ref));
    for (const [parent, child] of [
      [DIST, SUB] as const,
      ...[SHOP, ...MORE_SHOPS].map((shop) => [SUB, shop] as const),
    ]) {
      const ref = `transfer:${parent}:${child}`;
      expect(transfers(child, ref).plus(transfers(parent, ref)).toFixed()).toBe('0');
    }
    // Every succeeded order: seller's price = merchant price + merchant margin + each level's commission, and
    // each commission line is there exactly once; nothing else earns commission.
    const commissions = [...ledgers.entries()].flatMap(([userId, entries]) =>
      entries.filter((e) => e.kind === 'commission').map((e) => ({ userId, ...e })),
    );
    for (const ext of placed) {
      const order = await orderOf(ext);
      const lines = commissions.filter((c) => c.ref === ext);
      const net = (userId: number) =>
        lines.filter((c) => c.userId === userId).reduce((t, c) => t.plus(c.amount), new Decimal(0));
      if (order.credit?.state !== 'settled') {
        for (const userId of NETWORK) expect(net(userId).toFixed()).toBe('0');
        continue;
      }
      const above = order.credit.above ?? [];
      const top = above.length === 0 ? order.credit.amount : above[above.length - 1]!.price;
      const margin = new Decimal(top).minus(order.quote.merchantPrice);
      expect(margin.gte(0)).toBe(true);
      let below = { userId: order.resellerId, price: order.credit.amount };
      let total = new Decimal(order.quote.merchantPrice).plus(margin);
      for (const level of above) {
        const share = new Decimal(below.price).minus(level.price);
        const mine = lines.filter((c) => c.userId === level.userId && c.kind === 'commission');
        expect(mine.length).toBe(share.isZero() ? 0 : 1);
        if (!share.isZero()) expect(mine[0]!.note).toBe(`from:${below.userId}`);
        expect(net(level.userId).toFixed()).toBe(share.toFixed());
        total = total.plus(share);
        below = level;
      }
      expect(total.toFixed()).toBe(new Decimal(order.credit.amount).toFixed());
      // The seller paid exactly their price once.
      const debits = ledgers.get(order.resellerId)!.filter((e) => e.kind === 'debit' && e.ref === ext);
      expect(debits.map((e) => new Decimal(e.amount).negated().toFixed())).toEqual([
        new Decimal(order.credit.amount).toFixed(),
      ]);
    }
  }

  it('succeeded, refunded and reviewed orders: commission up the chain once, and only on success', async () => {
    const exts = {
      plain: await topUp('2348031239001'),
      twice: await topUp('2348031237777'),
      polled: await topUp('2348031235555'),
      refunded: await topUp('2348031231111'),
      // Processing for an hour (a review that lasts until the test ends it, below); 2222 would review for 0.6 s
      // at this world's time scale, which a slow machine can miss.
      reviewOk: await topUp('2348031234444'),
      reviewRefund: await topUp('2348031233333'),
    };
    // The chain and the prices were read when each order was held: 500 NGN ≈ 0.31 USD at the sandbox's rate.
    const first = await orderOf(exts.plain);
    expect(first.credit!.above!.map((a) => a.userId)).toEqual([SUB, DIST]);
    const merchant = new Decimal(first.quote.merchantPrice);
    const dist = merchant.times('1.04').plus('0.01').toDecimalPlaces(2, Decimal.ROUND_UP);
    const sub = dist.times('1.03').toDecimalPlaces(2, Decimal.ROUND_UP);
    expect(first.credit!.above!.map((a) => a.price)).toEqual([sub.toFixed(2), dist.toFixed(2)]);
    expect(first.credit!.amount).toBe(sub.plus('0.02').toFixed(2));

    // A review order waits: no commission while it does. The sandbox moves it to review now, and on to success only
    // once the books are checked.
    const reviewId = sandboxIds.get(exts.reviewOk)!;
    await world.control.post(`orders/${reviewId}/outcome`, { status: 'manual_review' });
    const reviewing = await until(
      () => orderOf(exts.reviewOk),
      (o) => o.status === 'manual_review',
    );
    expect(reviewing.credit!.state).toBe('held');
    await checkBooks();
    await world.control.post(`orders/${reviewId}/outcome`, { status: 'succeeded' });

    const all = Object.values(exts);
    // Polling finds the silent one; replicas race on every webhook, the duplicated one included.
    await until(
      () => Promise.all(all.map(orderOf)),
      (orders) => orders.every(finished),
      120_000,
    );
    const states = Object.fromEntries(
      await Promise.all(
        Object.entries(exts).map(async ([k, ext]) => [k, (await orderOf(ext)).credit!.state]),
      ),
    );
    expect(states).toEqual({
      plain: 'settled',
      twice: 'settled',
      polled: 'settled',
      refunded: 'released',
      reviewOk: 'settled',
      reviewRefund: 'released',
    });
    await checkBooks();
    const commissionLines = (await app.accounts.allEntries(SUB)).filter((e) => e.kind === 'commission');
    expect(commissionLines).toHaveLength(4);

    // The reconciliation reads every order again and changes nothing in the books.
    await app.reconciler.run();
    await checkBooks();
    expect((await app.accounts.allEntries(SUB)).filter((e) => e.kind === 'commission')).toHaveLength(4);

    // The admins' books count what the merchant was paid (the distributor's price), not the shop's: the rest is
    // the network's commission.
    const stats = await createOrderStats({ store: app.orders.store }).compute();
    const mine = stats.today.byReseller.find((row) => row.resellerId === SHOP)!;
    const settled = await Promise.all(
      [exts.plain, exts.twice, exts.polled, exts.reviewOk].map(
        async (ext) => (await orderOf(ext)).credit!.above!,
      ),
    );
    expect(mine.revenue).toBe(
      settled.reduce((t, above) => t.plus(above[1]!.price), new Decimal(0)).toFixed(),
    );

    // Both replicas refresh a settled order at once: nothing moves again.
    await Promise.all(world.apps.map((a) => a.orders.service.refresh(exts.polled)));
    await checkBooks();
  }, 180_000);

  it('a transfer racing a top-up never overspends: exactly one of them goes through', async () => {
    const shop = world.standIn.driver.user({ id: SHOP });
    // Leave the shop exactly one top-up's price available.
    const quote = await say(shop, '/topup +2348031239101 500 MTN', PROMPT.quote);
    const price = /Your credit pays: ([\d.]+) USD/.exec(quote.text)![1]!;
    const { available } = await app.accounts.view(SHOP);
    const extra = new Decimal(available).minus(price);
    expect((await app.accounts.transfer(SUB, SHOP, extra.negated(), 'leave one')).ok).toBe(true);
    expect((await app.accounts.view(SHOP)).available).toBe(new Decimal(price).toFixed());

    shop.press(quote, /✅/);
    const takeBack = await app.accounts.transfer(SUB, SHOP, new Decimal(price).negated(), 'race');
    // The quote's own message says it: "Placing…", then the order or the refusal.
    const answer = await shop.waitForBotMessage((m) => /^🚫|O-\d|Placing/u.test(m.text), {
      after: quote.id - 1,
      timeoutMs: 20_000,
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const orders = await waitForOrders(world, '2348031239101', takeBack.ok ? 0 : 1, 5_000);
    expect(answer).toBeDefined();
    // Exactly one: the take-back moved the credit and nothing was ordered, or the order holds it and the
    // take-back was refused.
    expect(Number(takeBack.ok) + orders.length).toBe(1);
    if (orders.length === 1) placed.push(orders[0]!.external_order_id);
    const view = await app.accounts.view(SHOP);
    expect(new Decimal(view.available).gte(0)).toBe(true);
    await until(
      () => Promise.all(placed.map(orderOf)),
      (all) => all.every(finished),
      60_000,
    );
    await checkBooks();
  }, 120_000);

  it('ten holds racing ten take-backs of the same credit: exactly one of each pair goes through', async () => {
    const price = new Decimal('0.37');
    // Each order stays placing (its credit held) for a while: the sandbox answers its POST late.
    const fault = await world.control.post<{ id: string }>('faults', {
      kind: 'latency',
      path: '/recharge/orders',
      method: 'POST',
      latency_ms: 700,
      probability: 1,
    });
    for (let i = 0; i < 10; i++) {
      const { available } = await app.accounts.view(SHOP);
      const extra = new Decimal(available).minus(price);
      if (!extra.isZero())
        expect((await app.accounts.transfer(SUB, SHOP, extra.negated(), 'set')).ok).toBe(true);
      const order = { ...intent({ resellerId: SHOP }), credit: { amount: price.toFixed(2) } };
      const [submitted, takeBack] = await Promise.all([
        world.apps[i % 2]!.orders.service.submit(order),
        world.apps[(i + 1) % 2]!.accounts.transfer(SUB, SHOP, price.negated(), 'race'),
      ]);
      const held = submitted.order.rejection?.key !== 'credit';
      expect(Number(held) + Number(takeBack.ok)).toBe(1);
      expect(new Decimal((await app.accounts.view(SHOP)).available).gte(0)).toBe(true);
      if (held) placed.push(order.externalOrderId);
    }
    await world.control.del(`faults/${fault.id}`);
    // The shop's own holds all end (the fixture's quote token is refused by the sandbox): nothing charged.
    await until(
      () => Promise.all(placed.map(orderOf)),
      (all) => all.every(finished),
      60_000,
    );
    await checkBooks();
    expect((await app.accounts.view(SUB)).balance).toBe(
      new Decimal(sum(await app.accounts.allEntries(SUB))).toFixed(),
    );
  }, 120_000);

  it('moving the sub-distributor while orders are in flight keeps the books', async () => {
    const { available } = await app.accounts.view(SHOP);
    if (new Decimal(available).lt(3)) {
      expect((await app.accounts.transfer(SUB, SHOP, new Decimal('3'), 'more')).ok).toBe(true);
    }
    // Orders held under the old chain (two wait in review), then the move, then orders under the new one.
    const before = [await topUp('2348031232201'), await topUp('2348031232202'), await topUp('2348031239201')];
    // Under load: two more shops top up twice each, all at once, while the sub-distributor is moved; a third
    // tops up once before the move and once after it.
    const [first, ...others] = MORE_SHOPS;
    const beforeMove = await topUp('2348031239501', '500', first);
    const load = others.map(async (shop, i) => [
      await topUp(`23480312395${i + 1}1`, '500', shop),
      await topUp(`23480312395${i + 1}2`, '500', shop),
    ]);
    const moved = app.network.move(SUB, OTHER_DIST);
    const during = topUp('2348031239202');
    expect(await moved).toEqual({ ok: true, previous: DIST });
    await during;
    const afterMove = await topUp('2348031239502', '500', first);
    const chainOf = async (ext: string) => String((await orderOf(ext)).credit!.above!.map((a) => a.userId));
    const [old, renewed] = [String([SUB, DIST]), String([SUB, OTHER_DIST])];
    expect(await chainOf(beforeMove)).toBe(old);
    expect(await chainOf(afterMove)).toBe(renewed);
    // Each order of the load was held under one whole chain, the old or the new, never a mix.
    for (const ext of (await Promise.all(load)).flat()) expect([old, renewed]).toContain(await chainOf(ext));
    const after = await topUp('2348031239203');
    // Each order keeps the chain it was held under; the one after the move pays the new chain's price.
    expect((await orderOf(before[0]!)).credit!.above!.map((a) => a.userId)).toEqual([SUB, DIST]);
    const late = await orderOf(after);
    expect(late.credit!.above!.map((a) => a.userId)).toEqual([SUB, OTHER_DIST]);
    await until(
      () => Promise.all(placed.map(orderOf)),
      (all) => all.every(finished),
      120_000,
    );
    await checkBooks();
    // The old distributor earned on the orders held under it, the new one on the order after the move.
    const earned = async (id: number, ext: string) =>
      (await app.accounts.allEntries(id)).some((e) => e.kind === 'commission' && e.ref === ext);
    expect(await earned(DIST, before[0]!)).toBe(true);
    expect(await earned(OTHER_DIST, after)).toBe(true);
    expect(await earned(DIST, after)).toBe(false);
  }, 180_000);

  it('a revoked distributor suspends the network below: nothing is sold, credit is kept, a move lifts it', async () => {
    const shop = world.standIn.driver.user({ id: SHOP });
    const before = await app.accounts.view(SHOP);
    expect((await app.roles.change(ADMIN, OTHER_DIST, null)).ok).toBe(true);
    await say(shop, '/topup +2348031239301 500 MTN', /network is suspended/);
    await say(shop, '/bulk', /network is suspended/);
    expect(await waitForOrders(world, '2348031239301', 1, 1_000)).toHaveLength(0);
    expect((await app.accounts.view(SHOP)).balance).toBe(before.balance);
    // Moved under the merchant, the sub-distributor's network sells again.
    expect(await app.network.move(SUB, null)).toEqual({ ok: true, previous: OTHER_DIST });
    await topUp('2348031239302');
    const order = await orderOf(placed[placed.length - 1]!);
    expect(order.credit!.above!.map((a) => a.userId)).toEqual([SUB]);
    await until(
      () => Promise.all(placed.map(orderOf)),
      (all) => all.every(finished),
      60_000,
    );
    await checkBooks();
  });
});
