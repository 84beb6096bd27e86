import { parse } from 'csv-parse/sync';
import { Decimal } from 'decimal.js';
import { RECONCILE_QUEUE } from '../../src/orders/reconcile.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { accountsKeys } from '../../src/accounts/keys.ts';
import { toUnits } from '../../src/accounts/ledger.ts';
import { newMerchantOrderNumber } from '../../src/domain/order-number.ts';
import type { StoredOrder } from '../../src/orders/types.ts';
import type { ChatMessage } from '../../src/sandbox/telegram/types.ts';
import { ADMIN, AGENT, RESELLER, startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { eventually, ngNumber, orderIntent, placeAtService } from '../bot/agents-support.ts';

/** Follow-up reads far away: a status the webhooks do not bring stays missed until the reconciliation. */
const FAR = 600_000;
const STRAY_HOLD = '5';

type Row = Record<string, string>;

describe('the reconciliation with the Merchant API order list', () => {
  let world: BotWorld;
  let app: App;
  /** Succeeds at the service without a webhook (…5555). */
  let silentSuccess: StoredOrder;
  /** Fails and is refunded at the service without a webhook (…8888). */
  let silentRefund: StoredOrder;
  /** Succeeds normally; then the service's record shows another price. */
  let repriced: StoredOrder;
  /** Placed at the service with one of our numbers, never recorded by the bot. */
  let lost: { orderId: string; externalOrderId: string };
  let balanceBefore: Decimal;

  const sandboxStatus = async (orderId: string) =>
    (await world.control.get<{ status: string }>(`orders/${orderId}`)).status;

  /** A reseller order with its credit held, placed the way the top-up does. */
  async function placeHeld(account: string): Promise<StoredOrder> {
    const intent = await orderIntent(app, { resellerId: RESELLER, account });
    intent.credit = { amount: intent.quote.merchantPrice };
    const result = await app.orders.service.submit(intent);
    if (result.outcome !== 'placed') throw new Error(`not placed: ${result.outcome}`);
    return result.order;
  }

  const toldFinal = (ext: string) =>
    world.standIn.driver
      .user({ id: RESELLER })
      .chat()
      .filter((m) => m.from === 'bot' && m.text.includes(ext) && /✅|↩️/u.test(m.text)).length;

  beforeAll(async () => {
    world = await startBotWorld({
      overrides: {
        orderTimings: { followUp: { firstDelayMs: () => FAR, backoffMs: [FAR], everyMs: FAR } },
      },
    });
    app = world.apps[0]!;
    balanceBefore = new Decimal((await app.accounts.view(RESELLER)).balance);
    silentSuccess = await placeHeld(ngNumber(1, '5555'));
    silentRefund = await placeHeld(ngNumber(2, '8888'));
    repriced = await placeHeld(ngNumber(3));
    lost = await placeAtService(app, ngNumber(4), newMerchantOrderNumber());
    await placeAtService(app, ngNumber(5), `portal-${Date.now()}`);
    await eventually(
      async () => (await app.orders.service.get(repriced.externalOrderId))?.status === 'succeeded',
    );
    await eventually(async () => (await sandboxStatus(silentSuccess.orderId!)) === 'succeeded');
    await eventually(async () => (await sandboxStatus(silentRefund.orderId!)) === 'refunded');
    await world.control.post(`orders/${repriced.orderId!}/price`, { merchant_price: '1.2345' });
    // A hold no order accounts for (e.g. left by a bug or a hand edit of the books).
    await app.redis.hincrby(accountsKeys('rb:').account(RESELLER).account, 'hold', toUnits(STRAY_HOLD));
  }, 90_000);

  afterAll(async () => {
    await world?.close();
  });

  it('/reconcile is refused to resellers and agents, and changes nothing', async () => {
    for (const id of [RESELLER, AGENT]) {
      const user = world.standIn.driver.user({ id });
      const sent = user.sendCommand('/reconcile');
      const answer = await user.waitForBotMessage((m: ChatMessage) => !m.text.includes('rb-'), {
        after: sent.messageId,
        timeoutMs: 20_000,
      });
      expect(answer.text).toBe('This command is not available for your role.');
    }
    expect(await app.orders.store.get(lost.externalOrderId)).toBeNull();
    expect((await app.orders.store.get(silentSuccess.externalOrderId))?.status).not.toBe('succeeded');
  });

  it('an admin run records the lost order and alerts admins naming it, applies missed final statuses once, and reports prices and holds', async () => {
    const ada = world.standIn.driver.user({ id: ADMIN });
    const sent = ada.sendCommand('/reconcile');
    const summary = await ada.waitForBotMessage((m: ChatMessage) => m.text.startsWith('Reconciliation of'), {
      after: sent.messageId,
      timeoutMs: 60_000,
    });
    expect(summary.text).toContain('Recorded (the service had them, we did not): 1');
    expect(summary.text).toContain('Final status applied (we still waited for it): 2');
    expect(summary.text).toContain('Price differences: 1');
    expect(summary.text).toContain('Credit holds without an order: 1');
    expect(summary.text).toContain('Orders not made by this bot, ignored: 1');

    // The order the bot never recorded is now in the store with the service's status, and nobody's.
    const recorded = await app.orders.store.get(lost.externalOrderId);
    expect(recorded).toMatchObject({ orderId: lost.orderId, resellerId: 0, foundBy: 'reconciliation' });
    // Missed final statuses went through the lifecycle: the credit settled (one debit) or was released.
    expect((await app.orders.store.get(silentSuccess.externalOrderId))?.credit?.state).toBe('settled');
    expect((await app.orders.store.get(silentRefund.externalOrderId))?.credit?.state).toBe('released');
    await eventually(async () => toldFinal(silentSuccess.externalOrderId) === 1);
    await eventually(async () => toldFinal(silentRefund.externalOrderId) === 1);

    // Each order of ours the bot had no record of is an alert of its own, naming both numbers (Redis lost it,
    // e.g. a master that failed over before replicating it: nobody was charged for it).
    const alert = await ada.waitForBotMessage(
      (m: ChatMessage) =>
        m.kind !== 'document' &&
        m.text.split('\n').some((line) => line.includes(lost.externalOrderId) && /no record/.test(line)),
      { after: sent.messageId, timeoutMs: 60_000 },
    );
    const line = alert.text.split('\n').find((l) => l.includes(lost.externalOrderId) && /no record/.test(l));
    expect(line).toContain(lost.orderId);

    // The report: one document to the admin with every difference.
    const report = await ada.waitForBotMessage(
      (m: ChatMessage) => m.kind === 'document' && (m.file?.name ?? '').startsWith('reconciliation-'),
      { after: sent.messageId, timeoutMs: 30_000 },
    );
    expect(report.text).toMatch(/^5 differences found by the reconciliation/);
    const rows = parse(Buffer.from(world.standIn.driver.fileBytes(report.file!.fileId)!).toString('utf8'), {
      columns: true,
    }) as Row[];
    const byKind = (kind: string) => rows.filter((r) => r['kind'] === kind);
    expect(byKind('missing')).toEqual([
      expect.objectContaining({ merchant_order_number: lost.externalOrderId, action: 'recorded' }),
    ]);
    expect(
      byKind('missed-final')
        .map((r) => [r['merchant_order_number'], r['theirs'], r['action']])
        .sort(),
    ).toEqual(
      [
        [silentSuccess.externalOrderId, 'succeeded', 'applied'],
        [silentRefund.externalOrderId, 'refunded', 'applied'],
      ].sort(),
    );
    expect(byKind('price')).toEqual([
      expect.objectContaining({
        merchant_order_number: repriced.externalOrderId,
        theirs: expect.stringMatching(/^1\.2345 /),
      }),
    ]);
    expect(byKind('hold')).toEqual([
      expect.objectContaining({ reseller_id: String(RESELLER), ours: '0', theirs: STRAY_HOLD }),
    ]);
  }, 150_000);

  it('a second run finds only what it may not repair, and moves no money again', async () => {
    const view = await app.accounts.view(RESELLER);
    const outcome = await app.reconciler.run();
    if (outcome.kind !== 'done') throw new Error(`run ${outcome.kind}`);
    expect(outcome.summary.differences.map((d) => d.kind).sort()).toEqual(['hold', 'price']);
    expect(await app.accounts.view(RESELLER)).toEqual(view);
    // One debit in all: the repriced order and the silent success, at the prices we quoted.
    const spent = new Decimal(silentSuccess.quote.merchantPrice).plus(repriced.quote.merchantPrice);
    expect(new Decimal(view.balance).toFixed()).toBe(balanceBefore.minus(spent).toFixed());
    expect(toldFinal(silentSuccess.externalOrderId)).toBe(1);
  });

  it('the daily run is one BullMQ job a day: run once by one of two worker replicas, after the lock of a dead run ran out', async () => {
    const today = new Date().toISOString().slice(0, 10);
    // A replica died holding the run's lock: the day's job finds it held, is retried, and runs once it ran out.
    // The lock outlives the replicas' start (however slow the machine) until the job's first attempt found it held.
    await app.redis.set('rb:reconcile:lock', 'a-replica-that-died', 'PX', 120_000);
    const daily = { ROLE: 'worker', RECONCILE_AT: '00:00' };
    const [a, b] = await Promise.all([world.startReplica(daily), world.startReplica(daily)]);
    const queue = a.jobs.queue(RECONCILE_QUEUE);
    await eventually(async () => ((await queue.getJob(`daily-${today}`))?.attemptsMade ?? 0) >= 1);
    expect(await app.redis.get('rb:reconcile:lock')).toBe('a-replica-that-died');
    await app.redis.pexpire('rb:reconcile:lock', 300);
    const job = await eventually(async () => {
      const found = await queue.getJob(`daily-${today}`);
      if (found === undefined || !(await found.isCompleted())) return null;
      // Read again: the copy above may have been read just before the job finished, without its return value.
      return (await queue.getJob(`daily-${today}`)) ?? null;
    });
    expect(job.returnvalue).toBe('done');
    // The first attempt found the lock held.
    expect(job.attemptsMade).toBeGreaterThanOrEqual(2);
    expect(await app.redis.get(`rb:reconcile:day:${today}`)).not.toBeNull();
    // One job for the day whichever replica asked; tomorrow's is queued for RECONCILE_AT.
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const next = await eventually(async () => (await queue.getJob(`daily-${tomorrow}`)) ?? null);
    expect(await next.isDelayed()).toBe(true);
    expect(await queue.getJobCounts('completed', 'active', 'wait', 'delayed')).toMatchObject({
      completed: 1,
      active: 0,
      wait: 0,
      delayed: 1,
    });
    for (const replica of [a, b])
      expect(await replica.reconciler.nextDaily()).toMatchObject({ id: `daily-${tomorrow}` });
    // The day's run is done: asking again skips it.
    expect((await a.reconciler.tick()).kind).toBe('skipped');
    expect((await b.reconciler.tick()).kind).toBe('skipped');
  });
});
