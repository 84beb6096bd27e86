import { Decimal } from 'decimal.js';
import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createAccounts } from '../../src/accounts/accounts.ts';
import { createNetwork, isSuspended } from '../../src/accounts/network.ts';
import { MAX_LIVE_INVITES, RedisInviteStore } from '../../src/accounts/invites.ts';
import { MERCHANT, RedisPricingStore } from '../../src/accounts/pricing-store.ts';
import { RedisRoleStore, type Role } from '../../src/accounts/roles.ts';
import { redisPerFile } from '../support/redis.ts';

// The tree, the price cascade and transfers on a real Redis. Users: 1 admin; 10 a distributor under the
// merchant; 20 a sub-distributor under 10; 30 a shop under 20; 11 a shop under 10; 40 a reseller under the merchant.

const ADMIN = 1;
const target = { country: 'NG', operatorKey: 'NG-MTN' };

describe('distributors’ networks', () => {
  let redis: Redis;
  redisPerFile((client) => {
    redis = client;
  });
  let n = 0;

  async function world(maxDepth = 3) {
    n += 1;
    const prefix = `net${n}:`;
    const roles = new RedisRoleStore({ redis, prefix, configuredAdmins: [ADMIN] });
    const network = createNetwork({ redis, prefix, maxDepth });
    const pricing = new RedisPricingStore({ redis, prefix, defaultPercent: '0', network });
    const accounts = createAccounts({ redis, prefix, readCurrency: async () => 'USD' });
    const grant = async (user: number, role: Role) =>
      expect((await roles.change(ADMIN, user, role)).ok).toBe(true);
    return { prefix, roles, network, pricing, accounts, grant };
  }

  async function threeLevels(maxDepth = 3) {
    const w = await world(maxDepth);
    await w.grant(10, 'distributor');
    await w.grant(40, 'reseller');
    expect(await w.network.join(20, 10)).toEqual({ ok: true, previous: null });
    await w.grant(20, 'distributor');
    expect((await w.network.join(30, 20)).ok).toBe(true);
    await w.grant(30, 'reseller');
    expect((await w.network.join(11, 10)).ok).toBe(true);
    await w.grant(11, 'reseller');
    return w;
  }

  it('reads each user’s chain in one step, nearest first', async () => {
    const w = await threeLevels();
    expect(await w.network.standing(30)).toEqual({
      role: 'reseller',
      chain: [
        { userId: 20, role: 'distributor' },
        { userId: 10, role: 'distributor' },
      ],
    });
    expect(await w.network.standing(40)).toEqual({ role: 'reseller', chain: [] });
    expect(await w.network.contains(10, 30)).toBe(true);
    expect(await w.network.contains(20, 11)).toBe(false);
    expect(await w.network.contains(30, 30)).toBe(false);
    expect((await w.network.below(10)).map((row) => [row.userId, row.depth])).toEqual([
      [11, 1],
      [20, 1],
      [30, 2],
    ]);
  });

  it('refuses a cycle, a parent that is not a distributor and a chain deeper than NETWORK_MAX_DEPTH', async () => {
    const w = await threeLevels();
    expect(await w.network.move(10, 30)).toEqual({ ok: false, reason: 'not-distributor' });
    expect(await w.network.move(10, 20)).toEqual({ ok: false, reason: 'cycle' });
    expect(await w.network.move(10, 10)).toEqual({ ok: false, reason: 'cycle' });
    // 20 has a shop below: under 40-made-distributor... 40 is not a distributor.
    expect(await w.network.move(20, 40)).toEqual({ ok: false, reason: 'not-distributor' });
    await w.grant(40, 'distributor');
    // 40 is level 1, so 20 would be 2 and its shop 3: allowed at depth 3.
    expect(await w.network.move(20, 40)).toEqual({ ok: true, previous: 10 });
    expect((await w.network.standing(30)).chain.map((a) => a.userId)).toEqual([20, 40]);
    // Under 11? not a distributor. Make 11 one: 20 would be level 3 and 30 level 4 > 3.
    await w.grant(11, 'distributor');
    expect(await w.network.move(20, 11)).toEqual({ ok: false, reason: 'too-deep' });
    // Back under the merchant: the whole network follows.
    expect(await w.network.move(20, null)).toEqual({ ok: true, previous: 40 });
    expect((await w.network.standing(30)).chain.map((a) => a.userId)).toEqual([20]);
    expect(await w.network.move(99, null)).toEqual({ ok: false, reason: 'not-reseller' });
    const shallow = await world(2);
    await shallow.grant(10, 'distributor');
    expect((await shallow.network.join(20, 10)).ok).toBe(true);
    await shallow.grant(20, 'distributor');
    expect(await shallow.network.join(30, 20)).toEqual({ ok: false, reason: 'too-deep' });
  });

  it('a revoked distributor suspends everything below them until they are moved', async () => {
    const w = await threeLevels();
    expect(isSuspended(await w.network.standing(30))).toBe(false);
    expect((await w.roles.change(ADMIN, 10, null)).ok).toBe(true);
    expect(isSuspended(await w.network.standing(30))).toBe(true);
    expect(isSuspended(await w.network.standing(11))).toBe(true);
    expect((await w.network.move(20, null)).ok).toBe(true);
    expect(isSuspended(await w.network.standing(30))).toBe(false);
    expect(isSuspended(await w.network.standing(11))).toBe(true);
  });

  it('a replica remembers suspensions at the roles’ version, and every revoke and move anywhere bumps it', async () => {
    const w = await threeLevels();
    // Another replica's view of the same tree: its own cache.
    const other = createNetwork({ redis, prefix: w.prefix, maxDepth: 3 });
    const version = async () => redis.get(`${w.prefix}roles:version`);
    expect(await other.suspendedAt(30, await version())).toBe(false);
    const revoked = await version();
    expect((await w.roles.change(ADMIN, 10, null)).ok).toBe(true);
    expect(await version()).not.toBe(revoked);
    expect(await other.suspendedAt(30, await version())).toBe(true);
    const moved = await version();
    expect((await w.network.move(20, null)).ok).toBe(true);
    expect(await version()).not.toBe(moved);
    expect(await other.suspendedAt(30, await version())).toBe(false);
    // Read at a version: the cache answers without Redis until the version moves.
    await redis.hset(`${w.prefix}net:parent`, '30', '10');
    expect(await other.suspendedAt(30, await version())).toBe(false);
    await redis.incr(`${w.prefix}roles:version`);
    expect(await other.suspendedAt(30, await version())).toBe(true);
  });

  it('cascades prices: each level pays the one above plus its rule, rounded up, never below', async () => {
    const w = await threeLevels();
    // Merchant: 10 % for everyone, 5 % + 0.01 for distributor 10. Distributor 10: 2 % on its network, 3 % for
    // 20. Distributor 20: a rule that would go below its own price for NG (-50 %), 0.015 fixed otherwise.
    await w.pricing.set(ADMIN, { kind: 'default' }, { percent: '10', fixed: '0' });
    await w.pricing.set(ADMIN, { kind: 'reseller', resellerId: 10 }, { percent: '5', fixed: '0.01' });
    const d10 = { kind: 'distributor' as const, userId: 10 };
    const d20 = { kind: 'distributor' as const, userId: 20 };
    await w.pricing.set(10, { kind: 'default' }, { percent: '2', fixed: '0' }, d10);
    await w.pricing.set(10, { kind: 'reseller', resellerId: 20 }, { percent: '3', fixed: '0' }, d10);
    await w.pricing.set(20, { kind: 'default' }, { percent: '0', fixed: '0.015' }, d20);

    // Merchant price 1.2345: 10 pays 1.2345 × 1.05 + 0.01 = 1.306225 → 1.31; 20 pays 1.31 × 1.03 = 1.3493 →
    // 1.35; 30 pays 1.35 + 0.015 = 1.365 → 1.37; 11 pays 1.31 × 1.02 = 1.3362 → 1.34; 40 pays 1.35795 → 1.36.
    expect(await w.pricing.priceChain({ ...target, resellerId: 30 }, '1.2345', 'USD')).toEqual({
      price: '1.37',
      above: [
        { userId: 20, price: '1.35' },
        { userId: 10, price: '1.31' },
      ],
    });
    expect(await w.pricing.priceFor({ ...target, resellerId: 11 }, '1.2345', 'USD')).toBe('1.34');
    expect(await w.pricing.priceChain({ ...target, resellerId: 40 }, '1.2345', 'USD')).toEqual({
      price: '1.36',
      above: [],
    });
    // A rule below the distributor's own price gives the distributor's price, not less.
    await w.pricing.set(20, { kind: 'country', country: 'NG' }, { percent: '-50', fixed: '0' }, d20);
    expect(await w.pricing.priceFor({ ...target, resellerId: 30 }, '1.2345', 'USD')).toBe('1.35');
    // The merchant's rules and a distributor's are apart: the admin's list shows none of 10's.
    expect((await w.pricing.list(MERCHANT)).map((r) => r.scope.kind)).toEqual(['default', 'reseller']);
    expect((await w.pricing.list(d10)).length).toBe(2);
  });

  it('gives the worked example of docs/networks.md', async () => {
    const w = await threeLevels();
    await w.pricing.set(ADMIN, { kind: 'reseller', resellerId: 10 }, { percent: '4', fixed: '0.01' });
    await w.pricing.set(
      10,
      { kind: 'default' },
      { percent: '3', fixed: '0' },
      { kind: 'distributor', userId: 10 },
    );
    const s = { kind: 'distributor' as const, userId: 20 };
    await w.pricing.set(20, { kind: 'reseller', resellerId: 30 }, { percent: '0', fixed: '0.02' }, s);
    expect(await w.pricing.priceChain({ ...target, resellerId: 30 }, '0.3129', 'USD')).toEqual({
      price: '0.38',
      above: [
        { userId: 20, price: '0.36' },
        { userId: 10, price: '0.34' },
      ],
    });
  });

  it('transfers move credit down and back in one step, never past what the giver has available', async () => {
    const w = await threeLevels();
    await w.accounts.credit(10, new Decimal('10'), { adminId: ADMIN, note: 'float' });
    expect(await w.accounts.transfer(10, 11, new Decimal('4'), 'week 1')).toEqual({
      ok: true,
      distributorBalance: '6',
      resellerBalance: '4',
    });
    expect(await w.accounts.transfer(10, 11, new Decimal('-1.5'), 'back')).toEqual({
      ok: true,
      distributorBalance: '7.5',
      resellerBalance: '2.5',
    });
    const refused = await w.accounts.transfer(10, 11, new Decimal('8'), 'too much');
    expect(refused).toEqual({ ok: false, refusal: { kind: 'floor', available: '7.5', amount: '8' } });
    expect(await w.accounts.transfer(10, 11, new Decimal('-3'), 'too much back')).toMatchObject({
      ok: false,
      refusal: { kind: 'floor', available: '2.5' },
    });
    // Only to a reseller directly below, only by a distributor.
    expect(await w.accounts.transfer(10, 30, new Decimal('1'), '')).toEqual({
      ok: false,
      reason: 'not-below',
    });
    expect(await w.accounts.transfer(10, 40, new Decimal('1'), '')).toEqual({
      ok: false,
      reason: 'not-below',
    });
    expect((await w.accounts.view(10)).balance).toBe('7.5');
    const lines = await w.accounts.allEntries(11);
    expect(lines.map((e) => [e.kind, e.amount, e.ref, e.note])).toEqual([
      ['transfer', '4.00', 'transfer:10:11', 'week 1'],
      ['transfer', '-1.50', 'transfer:10:11', 'back'],
    ]);
    const mine = (await w.accounts.allEntries(10)).filter((e) => e.kind === 'transfer');
    expect(mine.reduce((s, e) => s.plus(e.amount), new Decimal(0)).toFixed()).toBe('-2.5');
  });

  it('a transfer named by its request (a chat message) moves credit once, however often it is asked again', async () => {
    const w = await threeLevels();
    await w.accounts.credit(10, new Decimal('10'), { adminId: ADMIN, note: 'float' });
    const first = await w.accounts.transfer(10, 11, new Decimal('4'), 'week 1', 'tg:10:77');
    expect(first).toEqual({ ok: true, distributorBalance: '6', resellerBalance: '4' });
    // The same message handled again, at once and later (its update delivered again after a failure).
    const again = await Promise.all(
      [1, 2, 3].map(() => w.accounts.transfer(10, 11, new Decimal('4'), 'week 1', 'tg:10:77')),
    );
    expect(again).toEqual([first, first, first]);
    // Another message is another transfer; a take-back named so too.
    expect(await w.accounts.transfer(10, 11, new Decimal('4'), 'week 1', 'tg:10:78')).toMatchObject({
      distributorBalance: '2',
    });
    const back = await w.accounts.transfer(10, 11, new Decimal('-1'), '', 'tg:10:79');
    expect(await w.accounts.transfer(10, 11, new Decimal('-1'), '', 'tg:10:79')).toEqual(back);
    expect(back).toEqual({ ok: true, distributorBalance: '3', resellerBalance: '7' });
    expect((await w.accounts.allEntries(11)).map((e) => e.amount)).toEqual(['4.00', '4.00', '-1.00']);
  });

  it('an admin’s credit named by its message moves once, however often the message is handled', async () => {
    const w = await threeLevels();
    const first = await w.accounts.credit(40, new Decimal('25'), { adminId: ADMIN, note: 'float' }, 'tg:1:7');
    expect(first).toEqual({ ok: true, balance: '25' });
    const again = await w.accounts.credit(40, new Decimal('25'), { adminId: ADMIN, note: 'float' }, 'tg:1:7');
    expect(again).toEqual({ ok: true, balance: '25' });
    expect(await w.accounts.credit(40, new Decimal('5'), { adminId: ADMIN, note: '' }, 'tg:1:8')).toEqual({
      ok: true,
      balance: '30',
    });
    expect((await w.accounts.allEntries(40)).map((e) => e.amount)).toEqual(['25.00', '5.00']);
  });

  it('a distributor’s live invites are counted apart: using up their own never blocks the admins’', async () => {
    const w = await world();
    const invites = new RedisInviteStore({ redis, prefix: w.prefix });
    for (let i = 0; i < MAX_LIVE_INVITES; i++)
      expect((await invites.create(10, 'reseller', 1, 1, true)).ok).toBe(true);
    expect(await invites.create(10, 'reseller', 1, 1, true)).toEqual({ ok: false, reason: 'too-many' });
    // Another distributor and the admins still have all of theirs.
    expect((await invites.create(20, 'reseller', 1, 1, true)).ok).toBe(true);
    const admins = await invites.create(ADMIN, 'agent', 1, 1);
    expect(admins.ok).toBe(true);
    // The admins see every live invite, a distributor their own.
    expect((await invites.list()).length).toBe(MAX_LIVE_INVITES + 2);
    expect((await invites.list(10)).length).toBe(MAX_LIVE_INVITES);
    // Used up, a distributor's invite leaves their own list.
    const one = await invites.create(20, 'reseller', 1, 1, true);
    if (!one.ok) throw new Error('not made');
    expect((await invites.redeem(one.payload, null)).kind).toBe('granted');
    expect((await invites.list(20)).map((i) => i.id)).not.toContain(one.invite.id);
    expect(await invites.revoke(one.invite.id, 20, 20)).toEqual({ kind: 'gone' });
  });

  it('a hundred transfers racing each other never overspend', async () => {
    const w = await threeLevels();
    await w.accounts.credit(10, new Decimal('10'), { adminId: ADMIN, note: '' });
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        w.accounts.transfer(10, i % 2 === 0 ? 11 : 20, new Decimal('0.3'), ''),
      ),
    );
    const done = results.filter((r) => r.ok).length;
    expect(done).toBe(33);
    const [d, a, b] = await Promise.all([10, 11, 20].map((id) => w.accounts.view(id)));
    expect(d!.balance).toBe('0.1');
    expect(new Decimal(a!.balance).plus(b!.balance).plus(d!.balance).toFixed()).toBe('10');
  });
});
