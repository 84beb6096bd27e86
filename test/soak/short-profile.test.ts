import type { TranslationVars } from '../../src/lib/html.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Decimal } from 'decimal.js';
import { afterAll, describe, expect, it } from 'vitest';
import { createI18n } from '../../src/bot/i18n.ts';
import { checkRecords, type Records } from '../../soak/checker.ts';
import { PROFILES, runSoak, type SoakResult } from '../../soak/soak.ts';
import { NETWORK_NAMES } from '../../soak/network-checker.ts';
import { NETWORK_CAST, ROLE_CAST } from '../../soak/world.ts';

// The soak's short profile, as CI runs it: a fixed seed, two replicas for part of the run, every fault kind.
const SEED = 20_261_122;

const i18n = createI18n('en');
const t = (locale: string, key: string, vars?: TranslationVars) => i18n.t(locale, key, vars);
const failing = (records: Records) =>
  checkRecords(records, t)
    .filter((r) => !r.pass)
    .map((r) => r.name);
const copy = (records: Records): Records => structuredClone(records);

describe('soak, short profile', () => {
  let outDir = '';
  let result: SoakResult | undefined;
  afterAll(async () => {
    if (outDir !== '' && result?.passed) await rm(outDir, { recursive: true, force: true });
  });

  it('every invariant holds after a minute of people and faults', async () => {
    outDir = await mkdtemp(join(tmpdir(), 'soak-ci-'));
    result = await runSoak({ seed: SEED, ...PROFILES.short, replicas: 2, outDir });
    if (!result.passed) console.error(result.report);
    expect(result.results.filter((r) => !r.pass).map((r) => r.name)).toEqual([]);
    // The network's books are among the invariants judged.
    expect(result.results.map((r) => r.name)).toEqual(expect.arrayContaining(Object.values(NETWORK_NAMES)));
    // The run did real work: orders were placed and faults were injected.
    expect(result.records.sandboxOrders.length).toBeGreaterThan(3);
    expect(Object.values(result.faults).reduce((a, b) => a + b, 0)).toBeGreaterThan(3);
    // The steady shop's orders earned the distributor commission (the books below break one of those lines).
    const distributor = result.records.accounts!.find((a) => a.userId === NETWORK_CAST.distributorId)!;
    expect(distributor.entries.filter((e) => e.kind === 'commission').length).toBeGreaterThan(0);
  }, 240_000);

  it('the checker is not blind: a broken copy of the same records fails the invariant it breaks', () => {
    expect(result).toBeDefined();
    const records = result!.records;
    const bulkRunOf = (o: { external_order_id: string }) =>
      records.botOrders.find((b) => b.externalOrderId === o.external_order_id)?.bulkRunId;
    // A top-up from the chat (it has a status message); bulk lines and scheduled orders are broken below on their
    // own.
    const order = records.sandboxOrders.find((o) => {
      const bot = records.botOrders.find((b) => b.externalOrderId === o.external_order_id);
      return bot?.statusMessageId !== undefined && bot.bulkRunId === undefined;
    })!;

    const twice = copy(records);
    twice.sandboxOrders.push({ ...order, order_id: `${order.order_id}-again`, quote_token: 'another' });
    expect(failing(twice)).toContain(
      'every confirmed quote has exactly one order; no unconfirmed quote has one',
    );

    const elsewhere = copy(records);
    const moved = elsewhere.sandboxOrders.find((o) => o.order_id === order.order_id)!;
    moved.account = moved.account.slice(0, -4) + (moved.account.endsWith('9999') ? '9998' : '9999');
    expect(failing(elsewhere)).toContain(
      'every confirmed quote has exactly one order; no unconfirmed quote has one',
    );

    const charged = copy(records);
    charged.ledger.push({
      kind: 'debit',
      amount: '1.0000',
      order_id: order.order_id,
      external_order_id: null,
    });
    expect(failing(charged)).toContain(
      'wallet debits minus refunds = sum of merchant_price of orders not refunded',
    );

    const forgotten = copy(records);
    forgotten.botOrders = forgotten.botOrders.filter((o) => o.externalOrderId !== order.external_order_id);
    expect(failing(forgotten)).toContain(
      'every order is known to the bot, final, and its chat shows the final status exactly once',
    );

    const shownTwice = copy(records);
    const stored = shownTwice.botOrders.find((o) => o.externalOrderId === order.external_order_id)!;
    const chat = shownTwice.chats[String(stored.chatId)]!;
    const lifecycle = chat.find((m) => m.id === stored.statusMessageId)!;
    chat.push({ ...lifecycle, id: 1_000_000 });
    expect(failing(shownTwice)).toContain(
      'every order is known to the bot, final, and its chat shows the final status exactly once',
    );

    // A scheduled run (when the run had one: its first minute falls in the active phase unless the world was slow
    // to start): a second order under its number, its final notice shown twice.
    const scheduled = records.botOrders.find((b) => b.scheduleId !== undefined && b.orderId !== undefined);
    if (scheduled !== undefined) {
      const ran = records.sandboxOrders.find((o) => o.external_order_id === scheduled.externalOrderId)!;
      const again = copy(records);
      again.sandboxOrders.push({ ...ran, order_id: `${ran.order_id}-again`, quote_token: 'another' });
      expect(failing(again)).toContain(
        'every confirmed quote has exactly one order; no unconfirmed quote has one',
      );
      const noticeTwice = copy(records);
      const notices = noticeTwice.chats[String(scheduled.chatId)]!;
      // The order's own final notice (the run's report and the /schedule list name the order too).
      const notice = notices
        .filter((m) => m.from === 'bot' && m.text.includes(ran.order_id) && /^(✅|⚠️|↩️)/u.test(m.text))
        .at(-1)!;
      notices.push({ ...notice, id: 1_000_001 });
      expect(failing(noticeTwice)).toContain(
        'every order is known to the bot, final, and its chat shows the final status exactly once',
      );
    }

    const backwards = copy(records);
    backwards.sandboxOrders
      .find((o) => o.order_id === order.order_id)!
      .history.push({ status: 'accepted', at: '' });
    expect(failing(backwards)).toContain('no status ever moved backwards (sandbox, bot, chat)');

    const early = copy(records);
    const first = early.requests[0]!;
    early.requests.push(
      { ...first, seq: 1e9, at_ms: first.at_ms + 1, status: 429, retry_after: 5 },
      { ...first, seq: 1e9 + 1, at_ms: first.at_ms + 2_000, status: 200, retry_after: null },
    );
    expect(failing(early)).toContain(
      'no request before a Retry-After ended; no clock minute over the budget',
    );

    const leaky = copy(records);
    leaky.logs.push({ file: 'extra.log', lines: [`{"level":"info","msg":"key ${records.secrets[0]}"}`] });
    expect(failing(leaky)).toContain(
      'no log line holds the API key, a webhook secret, the bot token or a full phone number',
    );
    const phone = copy(records);
    phone.logs.push({ file: 'extra.log', lines: [`{"level":"info","msg":"to ${order.account}"}`] });
    expect(failing(phone)).toContain(
      'no log line holds the API key, a webhook secret, the bot token or a full phone number',
    );

    // The credit books: an entry edited, a hold ended twice, a debit without its order succeeding.
    const withHolds = records.accounts!.find((a) => a.entries.some((e) => e.kind === 'debit'))!;
    expect(withHolds).toBeDefined();
    const edited = copy(records);
    const editedBooks = edited.accounts!.find((a) => a.userId === withHolds.userId)!;
    editedBooks.entries[0]!.amount = '1000';
    expect(failing(edited)).toContain(
      "every reseller's ledger sums to their balance, and every hold ended exactly once",
    );
    const twiceEnded = copy(records);
    const twiceBooks = twiceEnded.accounts!.find((a) => a.userId === withHolds.userId)!;
    const debit = twiceBooks.entries.find((e) => e.kind === 'debit')!;
    twiceBooks.entries.push({ ...debit, id: `${debit.id}-again`, amount: '0' });
    expect(failing(twiceEnded)).toContain(
      "every reseller's ledger sums to their balance, and every hold ended exactly once",
    );
    const notSucceeded = copy(records);
    const debited = notSucceeded.sandboxOrders.find((o) => o.external_order_id === debit.ref)!;
    debited.status = 'refunded';
    expect(failing(notSucceeded)).toContain(
      'for every reseller, debits minus refunds = reseller prices of their succeeded orders',
    );
    // Some resellers ran out of credit and were refused.
    expect(records.botOrders.some((o) => o.rejection?.key === 'credit')).toBe(true);

    // Bulk runs: the bulk resellers' files were placed and reported.
    const bulkOrder = records.sandboxOrders.find((o) => bulkRunOf(o) !== undefined)!;
    expect(bulkOrder).toBeDefined();
    expect(records.bulkReports!.length).toBeGreaterThan(0);
    const lineTwice = copy(records);
    lineTwice.sandboxOrders.push({
      ...bulkOrder,
      order_id: `${bulkOrder.order_id}-again`,
      external_order_id: `${bulkOrder.external_order_id}-again`,
    });
    lineTwice.botOrders.push({
      ...lineTwice.botOrders.find((b) => b.externalOrderId === bulkOrder.external_order_id)!,
      externalOrderId: `${bulkOrder.external_order_id}-again`,
    });
    expect(failing(lineTwice)).toContain(
      'every bulk order is a line of a run its reseller started, and no bulk line was placed twice',
    );
    const unreported = copy(records);
    unreported.bulkReports = unreported.bulkReports!.filter((r) => r.runId !== bulkRunOf(bulkOrder));
    expect(failing(unreported)).toContain(
      'every started bulk run ended and its report arrived, naming each of its lines once',
    );
    const notStarted = copy(records);
    notStarted.updates = notStarted.updates.filter(
      (u) => u.callback_query?.data !== `bk:start:${bulkRunOf(bulkOrder)}`,
    );
    expect(failing(notStarted)).toContain(
      'every bulk order is a line of a run its reseller started, and no bulk line was placed twice',
    );

    // Role changes made in chat: the reseller revoked in the middle of a bulk run, the admin demoted before a run.
    const ROLES =
      'no order reaches the service for a payer after a change took their access; a demoted admin pays as a reseller';
    const revoke = records.roleChanges!.find((c) => c.user === ROLE_CAST.revokedId && c.role === null)!;
    const demotion = records.roleChanges!.find(
      (c) => c.user === ROLE_CAST.demotedId && c.role === 'reseller',
    )!;
    expect(revoke).toBeDefined();
    expect(demotion).toBeDefined();
    // Two more lines of the revoked reseller's run reaching the service after the revocation: one could have been
    // under way, not two.
    const revokedLine = records.sandboxOrders.find(
      (o) =>
        bulkRunOf(o) !== undefined &&
        records.botOrders.find((b) => b.externalOrderId === o.external_order_id)?.resellerId ===
          ROLE_CAST.revokedId,
    );
    if (revokedLine !== undefined) {
      const late = copy(records);
      for (const n of [1, 2]) {
        const ext = `${revokedLine.external_order_id}-late${n}`;
        late.sandboxOrders.push({
          ...revokedLine,
          order_id: `${revokedLine.order_id}-late${n}`,
          external_order_id: ext,
        });
        late.botOrders.push({
          ...late.botOrders.find((b) => b.externalOrderId === revokedLine.external_order_id)!,
          externalOrderId: ext,
        });
        late.requests.push({
          ...late.requests[0]!,
          method: 'POST',
          path: '/api/v1/recharge/orders',
          external_order_id: ext,
          at_ms: Date.parse(revoke.at) + 5_000 * n,
        });
      }
      expect(failing(late)).toContain(ROLES);
    }
    // The demoted admin's scheduled run, placed after the demotion, paid from the wallet instead of their credit.
    const demotedRun = records.botOrders.find(
      (b) => b.resellerId === ROLE_CAST.demotedId && b.scheduleId !== undefined && b.orderId !== undefined,
    );
    if (demotedRun !== undefined) {
      expect(demotedRun.credit).toBeDefined();
      const free = copy(records);
      const stored = free.botOrders.find((b) => b.externalOrderId === demotedRun.externalOrderId)!;
      delete stored.credit;
      delete stored.quote.resellerPrice;
      expect(failing(free)).toContain(ROLES);
    }

    // The network: the distributor funded the shops in chat and earned commission on their orders.
    const { distributorId, shopIds } = NETWORK_CAST;
    const booksOf = (r: Records, userId: number) => r.accounts!.find((a) => a.userId === userId)!;
    const distributor = booksOf(records, distributorId);
    const commission = distributor.entries.find((e) => e.kind === 'commission')!;
    expect(commission).toBeDefined();
    expect(distributor.entries.filter((e) => e.kind === 'transfer').length).toBeGreaterThanOrEqual(
      shopIds.length,
    );
    const shop = records.botOrders.find((o) => o.externalOrderId === commission.ref)!.resellerId;
    // A commission line lost, or paid twice; one kept on an order that did not succeed.
    const lost = copy(records);
    const lostBooks = booksOf(lost, distributorId);
    lostBooks.entries = lostBooks.entries.filter((e) => e.id !== commission.id);
    expect(failing(lost)).toContain(NETWORK_NAMES.commission);
    const paidTwice = copy(records);
    booksOf(paidTwice, distributorId).entries.push({ ...commission, id: `${commission.id}-again` });
    expect(failing(paidTwice)).toContain(NETWORK_NAMES.commission);
    const unpaid = records.botOrders.find(
      (o) => shopIds.includes(o.resellerId as (typeof shopIds)[number]) && o.credit?.state === 'released',
    );
    if (unpaid !== undefined) {
      const kept = copy(records);
      booksOf(kept, distributorId).entries.push({
        ...commission,
        id: 'kept',
        ref: unpaid.externalOrderId,
        note: `from:${unpaid.resellerId}`,
      });
      expect(failing(kept)).toContain(NETWORK_NAMES.commission);
    }
    // A line's balance after it edited.
    const after = copy(records);
    booksOf(after, shop).entries.at(-1)!.balanceAfter = '1000000';
    expect(failing(after)).toContain(NETWORK_NAMES.balances);
    // A transfer whose two lines differ; a transfer nobody sent a command for (both lines, in balance).
    const ref = `transfer:${distributorId}:${shop}`;
    const uneven = copy(records);
    const received = booksOf(uneven, shop).entries.find((e) => e.kind === 'transfer')!;
    received.amount = new Decimal(received.amount).plus('0.01').toFixed();
    expect(failing(uneven)).toContain(NETWORK_NAMES.transfers);
    const unasked = copy(records);
    const line = { id: 'unasked', kind: 'transfer', held: '0', ref, note: '' };
    booksOf(unasked, distributorId).entries.push({ ...line, amount: '-3.33' });
    booksOf(unasked, shop).entries.push({ ...line, amount: '3.33' });
    expect(failing(unasked)).toContain(NETWORK_NAMES.transfers);
    // A hold beyond what the shop had.
    const overdrawn = copy(records);
    const hold = booksOf(overdrawn, shop).entries.find((e) => e.kind === 'hold')!;
    hold.held = '1000000';
    expect(failing(overdrawn)).toContain(NETWORK_NAMES.floor);
    // The distributor's rule change written into the merchant's rules.
    const own = records.pricingChanges!.find((c) => c.owner === distributorId)!;
    expect(own).toBeDefined();
    const merchants = copy(records);
    merchants.pricingChanges!.push({ ...own, owner: null });
    expect(failing(merchants)).toContain(NETWORK_NAMES.rules);

    const crashed = copy(records);
    crashed.exits.push({ replica: 0, generation: 99, code: 1, signal: null, injected: false });
    expect(failing(crashed)).toContain('no unhandled rejection or crash other than the injected ones');
  });
});
