import { describe, expect, it } from 'vitest';
import { accountsKeys } from '../../../src/accounts/keys.ts';
import { botKeys } from '../../../src/bot/keys.ts';
import { bulkKeys } from '../../../src/bulk/keys.ts';
import { keyspace, slot } from '../../../src/lib/redis/keyspace.ts';
import { merchantKeys } from '../../../src/merchant/keys.ts';
import { notifyKeys } from '../../../src/notify/keys.ts';
import { orderKeys } from '../../../src/orders/keys.ts';
import { receiptKeys } from '../../../src/receipts/keys.ts';
import { scheduleKeys } from '../../../src/schedules/keys.ts';

/** The hash tag Redis Cluster places a key by: the first non-empty `{…}` (no tag: the whole key). */
const tagOf = (key: string) => /\{([^}]+)\}/.exec(key)?.[1] ?? key;

/** Every key name of every part, with sample arguments, as the deployments' data already holds them. */
function everyName(prefix: string): string[] {
  const a = accountsKeys(prefix);
  const b = botKeys(prefix);
  const m = merchantKeys(prefix);
  const n = notifyKeys(prefix);
  const o = orderKeys(prefix);
  return [
    a.roles,
    a.rolesVersion,
    a.rolesAudit,
    a.names,
    ...Object.values(a.account(7)).filter((v) => typeof v === 'string'),
    a.account(7).day('2026-11-27'),
    a.currency,
    a.walletLow,
    a.requestMark('r1'),
    ...Object.values(a.pin(7)),
    a.pinPass(7, 99),
    a.invite('h'),
    a.inviteId('i'),
    a.liveInvites(),
    a.liveInvites(5),
    a.parents,
    a.pricingRules(),
    a.pricingRules(5),
    a.pricingAudit(),
    a.pricingAudit(5),
    b.update(99),
    b.chatLock(7),
    b.conversation(7),
    b.telegramLanguage,
    b.orderSearch('ref'),
    b.awaitSearch(7),
    b.callbackRefs,
    b.lineChat(7),
    b.lineResume,
    b.lineResumeLock('place'),
    m.countries,
    m.operators('NG'),
    m.fixedPrice('NG:mtn:airtime:NGN', '100'),
    m.sharedQuote('p'),
    m.singleUseQuotes,
    m.usedQuote('t'),
    ...m.budget,
    n.outbox.message(7, 8),
    n.outbox.lock(7, 8),
    n.outbox.paused,
    n.outbox.pace,
    n.outbox.once('k'),
    n.alerts.once('i'),
    n.alerts.pending,
    n.alerts.meta,
    n.alerts.seq,
    n.alerts.closed,
    n.alerts.group('g'),
    o.order('x'),
    o.orderIds,
    o.reseller(7),
    o.reseller(7, 'success'),
    o.status('success'),
    o.unfinished,
    o.guard('acc'),
    o.changes,
    o.sendLock('x'),
    o.staleReported('x'),
    o.webhookEvents,
    o.webhookSeen('1', 'e'),
    o.webhookUnknown('1', 'e'),
    o.webhookUnknownAlerts(3),
    o.webhookFailures(4),
    o.numberFor('s'),
    o.reconcile.lock,
    o.reconcile.point,
    o.reconcile.day('d'),
    bulkKeys(prefix).run('r'),
    bulkKeys(prefix).lines('r'),
    bulkKeys(prefix).active,
    bulkKeys(prefix).draftOf(7),
    scheduleKeys(prefix).record('s'),
    scheduleKeys(prefix).user(7),
    scheduleKeys(prefix).all,
    receiptKeys(prefix).profile(7),
    receiptKeys(prefix).price('x'),
  ];
}

describe('the keyspace', () => {
  it("names a part's keys under the prefix, parts joined by colons", () => {
    expect(keyspace('rb:', 'orders')()).toBe('rb:orders');
    expect(keyspace('rb:', 'orders')('o', 'x-1')).toBe('rb:orders:o:x-1');
    expect(keyspace('{rb}:', 'acct')(slot(7), 'a')).toBe('{rb}:acct:{7}:a');
  });

  it('keeps the names the data of a running deployment already has', () => {
    const a = accountsKeys('rb:');
    expect([a.account(7).account, a.account(7).ledger, a.account(7).day('2026-11-27')]).toEqual([
      'rb:acct:{7}:a',
      'rb:acct:{7}:l',
      'rb:acct:{7}:d:2026-11-27',
    ]);
    expect([a.pin(7).pin, a.pin(7).locks, a.pinPass(7, 99), a.requestMark('')]).toEqual([
      'rb:pin:{7}',
      'rb:pin:{7}:locks',
      'rb:pin-pass:{7}:99',
      'rb:xfer:once:',
    ]);
    expect([a.liveInvites(), a.liveInvites(5), a.parents, a.pricingRules(5)]).toEqual([
      'rb:invites:live',
      'rb:invites:live:5',
      'rb:net:parent',
      'rb:pricing:rules:5',
    ]);
    const b = botKeys('rb:');
    expect([b.update(99), b.chatLock(7), b.conversation(7), b.callbackRefs, b.lineResumeLock('p')]).toEqual([
      'rb:upd:99',
      'rb:lock:chat:7',
      'rb:conv:7',
      'rb:orders:callback-refs',
      'rb:line:resume-lock:p',
    ]);
    const m = merchantKeys('rb:');
    expect([
      m.operators('NG'),
      m.fixedPrice('NG:mtn:airtime:NGN', '100'),
      m.budget[0],
      m.budget.at(-1),
    ]).toEqual([
      'rb:catalogue:operators:NG',
      'rb:price:NG:mtn:airtime:NGN:100',
      'rb:{budget}:state',
      'rb:{budget}:line:catalogue',
    ]);
    const n = notifyKeys('rb:');
    expect([n.outbox.lock(7, 8), n.alerts.meta, orderKeys('rb:').webhookSeen('1', 'e')]).toEqual([
      'rb:outbox:msg:7:8:lock',
      'rb:alerts:pending-meta',
      'rb:orders:webhook-seen:1|e',
    ]);
    expect([orderKeys('rb:').reseller(7, 'success'), orderKeys('rb:').reconcile.day('d')]).toEqual([
      'rb:orders:reseller:7:s:success',
      'rb:reconcile:day:d',
    ]);
    expect([bulkKeys('rb:').draftOf(7), scheduleKeys('rb:').user(7), receiptKeys('rb:').price('x')]).toEqual([
      'rb:bulk:draft:7',
      'rb:sched:u:7',
      'rb:receipt-price:x',
    ]);
  });

  it('gives every name of every part under the prefix, and no two parts the same name', () => {
    const names = everyName('rb:');
    expect(names.every((name) => name.startsWith('rb:'))).toBe(true);
    expect(new Set(names).size).toBe(names.length);
  });

  it('keeps the keys one script touches in one Cluster slot', () => {
    const a = accountsKeys('rb:');
    const account = [a.account(7).account, a.account(7).ledger, a.account(7).day('2026-11-27')];
    expect(new Set(account.map(tagOf)).size).toBe(1);
    expect(new Set(Object.values(a.pin(7)).map(tagOf)).size).toBe(1);
    expect(new Set(merchantKeys('rb:').budget.map(tagOf)).size).toBe(1);
  });
});
