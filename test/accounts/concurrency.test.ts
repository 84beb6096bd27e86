import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderIntent, SubmitResult } from '../../src/orders/types.ts';
import { ADMIN, RESELLER, startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { eventually, ngNumber, orderIntent } from '../bot/agents-support.ts';
import { FAST_USER, lastBotId, requestLog, typeToQuote } from '../bot/flow/helpers.ts';
import { startRoundRobin, type RoundRobin } from '../support/round-robin.ts';

describe('credit under concurrency: one reseller, twenty placements at once on two replicas', () => {
  let world: BotWorld;
  let proxy: RoundRobin;

  // Two replicas in webhook mode behind a balancer (two pollers would fight over getUpdates).
  beforeAll(async () => {
    proxy = await startRoundRobin();
    world = await startBotWorld({
      mode: 'webhook',
      replicas: 2,
      env: { PUBLIC_URL: proxy.url, ...FAST_USER, RESELLER_START_CREDIT: '0' },
    });
    proxy.setTargets(world.apps.map((app) => `http://127.0.0.1:${app.address!.port}`));
  }, 60_000);

  afterAll(async () => {
    await world?.close();
    await proxy?.close();
  });

  it('credit for exactly seven top-ups gives exactly 7 orders and 13 refusals, and the balance ends exact', async () => {
    const [a, b] = world.apps;
    // One flow in the reseller's chat (its price, under 1.00, is held when ✅ is pressed) and nineteen more
    // confirmed quotes at 1.00 each. Credit 6.99: whatever the order, exactly six at 1.00 and the chat's fit
    // (seven at 1.00 would need 7.00).
    const rita = world.standIn.driver.user({ id: RESELLER });
    const quote = await typeToQuote(rita, `+${ngNumber(399)}`);
    await a!.accounts.credit(RESELLER, new Decimal('6.99'), { adminId: ADMIN, note: 'seven top-ups' });
    const intents: OrderIntent[] = [];
    for (let i = 0; i < 19; i++) {
      const intent = await orderIntent(a!, { resellerId: RESELLER, account: ngNumber(300 + i) });
      intents.push({ ...intent, credit: { amount: '1.00' } });
    }
    // All at once, half through each replica, and each confirmation delivered twice (once to each replica,
    // as a retried chat update can be): a repeat must find its order, never hold twice.
    const chatBefore = lastBotId(rita);
    rita.press(quote, /✅/);
    const results = await Promise.all(
      intents.map(async (intent, i) => {
        const [first, second] = i % 2 === 0 ? [a!, b!] : [b!, a!];
        const [one, two] = await Promise.all([
          first.orders.service.submit(intent),
          second.orders.service.submit(intent),
        ]);
        return [one, two] as [SubmitResult, SubmitResult];
      }),
    );
    const outcome = (pair: [SubmitResult, SubmitResult]) => {
      // The two deliveries of one confirmation agree on whether it was refused for credit.
      const refused = pair.map((r) => r.outcome === 'rejected' && r.order.rejection?.key === 'credit');
      expect(refused[0]).toBe(refused[1]);
      return refused[0] ? 'refused' : 'ordered';
    };
    const outcomes = results.map(outcome);
    expect(outcomes.filter((o) => o === 'ordered')).toHaveLength(6);
    expect(outcomes.filter((o) => o === 'refused')).toHaveLength(13);
    // The chat's top-up was placed, not refused (the chat also shows the other orders' status lines).
    const chatOrder = await eventually(async () => {
      if (rita.chat().some((m) => m.id > chatBefore && m.text.startsWith('🚫'))) {
        throw new Error('the chat top-up was refused');
      }
      const listed = await a!.orders.service.listByReseller(RESELLER, { offset: 0, limit: 100 });
      const order = listed.orders.find((o) => o.request.account === ngNumber(399));
      return order?.placement === 'placed' ? order : null;
    }, 30_000);
    expect(chatOrder.credit?.amount).toBeDefined();

    const ordered = intents.filter((_, i) => outcomes[i] === 'ordered');
    const refused = intents.filter((_, i) => outcomes[i] === 'refused');
    // Every refusal names the figures: less than 1.00 available, a price of 1.00.
    for (const [i, pair] of results.entries()) {
      if (outcomes[i] === 'refused') {
        const figures = pair[0].order.rejection!.figures!;
        expect(figures.amount).toBe('1');
        expect(new Decimal(figures.available!).lt(1)).toBe(true);
      }
    }
    // No order call for the refused ones; the sandbox holds exactly the seven.
    const log = await requestLog(world);
    const posted = new Set(
      log
        .filter((r) => r.method === 'POST' && r.path.endsWith('/recharge/orders'))
        .map((r) => r.external_order_id),
    );
    for (const intent of refused) expect(posted.has(intent.externalOrderId)).toBe(false);
    for (const intent of ordered) expect(posted.has(intent.externalOrderId)).toBe(true);

    const orderedNumbers = [...ordered.map((i) => i.externalOrderId), chatOrder.externalOrderId];
    for (const ext of orderedNumbers) {
      await eventually(async () => {
        const order = await a!.orders.service.get(ext);
        return order?.credit?.state === 'settled' ? order : null;
      }, 30_000);
    }
    const left = new Decimal('6.99').minus(6).minus(chatOrder.credit!.amount).toFixed();
    expect(await a!.accounts.view(RESELLER)).toMatchObject({ balance: left, holds: '0', available: left });
    const entries = await a!.accounts.allEntries(RESELLER);
    expect(entries.filter((e) => e.kind === 'hold')).toHaveLength(7);
    expect(entries.filter((e) => e.kind === 'debit')).toHaveLength(7);
    expect(new Set(entries.filter((e) => e.kind === 'debit').map((e) => e.ref))).toEqual(
      new Set(orderedNumbers),
    );
    const sum = entries.reduce((s, e) => s.plus(e.amount), new Decimal(0));
    expect(sum.toFixed()).toBe(left);
  }, 120_000);
});
