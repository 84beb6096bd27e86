import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canMove } from '../../src/domain/status.ts';
import { orderKeys } from '../../src/orders/keys.ts';
import { createOrderStore, type RedisOrderStore } from '../../src/orders/store.ts';
import { startRedisServer, type RedisServerHandle } from '../support/redis.ts';
import { intent, newExt, phone } from './support/fixtures.ts';

describe('RedisOrderStore', () => {
  let server: RedisServerHandle;
  let a: Redis;
  let b: Redis;
  let storeA: RedisOrderStore;
  let storeB: RedisOrderStore;
  const prefix = 'st:';

  beforeAll(async () => {
    server = await startRedisServer();
    a = new Redis(server.url);
    b = new Redis(server.url);
    storeA = createOrderStore({ redis: a, prefix });
    storeB = createOrderStore({ redis: b, prefix });
  });
  afterAll(async () => {
    a.disconnect();
    b.disconnect();
    await server.dispose();
  });

  const claim = { token: 'tok', leaseMs: 60_000 };

  it('saves an intent set-if-absent: a second save finds the first', async () => {
    const it1 = intent();
    const before = Date.now();
    const first = await storeA.create(it1, claim);
    const after = Date.now();
    expect(first.kind).toBe('created');
    const second = await storeB.create({ ...it1, chatId: 999 }, claim);
    expect(second.kind).toBe('exists');
    if (second.kind !== 'exists') throw new Error('unreachable');
    expect(second.order.chatId).toBe(it1.chatId);
    expect(second.order.placement).toBe('placing');
    // its send lock is held by its creator for the lease, one intent change is written, and the due set plans
    // a re-send after that lease
    const keys = orderKeys(prefix);
    expect(await a.get(keys.sendLock(it1.externalOrderId))).toBe('tok');
    expect(await a.pttl(keys.sendLock(it1.externalOrderId))).toBeGreaterThan(0);
    const entries = (await a.xrange(keys.changes, '-', '+')) as Array<[string, string[]]>;
    const intents = entries.filter(([, f]) => f.includes(it1.externalOrderId) && f.includes('intent'));
    expect(intents).toHaveLength(1);
    const due = Number(await a.zscore(keys.dueSends, it1.externalOrderId));
    expect(due).toBeGreaterThanOrEqual(before + 60_000);
    expect(due).toBeLessThanOrEqual(after + 60_000);
  });

  it('a commit carries the order number once, however many of its writes name it', async () => {
    const one = intent();
    const ext = one.externalOrderId;
    const orderKey = orderKeys(prefix).order(ext);
    const monitor = await new Redis(server.url).monitor();
    const commits: string[][] = [];
    monitor.on('monitor', (_time: string, args: string[], source: string) => {
      if (source !== 'lua' && /^evalsha$/i.test(args[0] ?? '') && args[3] === orderKey) commits.push(args);
    });
    const lifecycle = async (order: typeof one, orderId: string) => {
      await storeA.create(order, claim);
      await storeA.applyRemote(order.externalOrderId, { orderId, status: 'accepted' }, 'create', 1000);
      await storeA.applyRemote(order.externalOrderId, { orderId, status: 'succeeded' }, 'webhook');
    };
    // The first order loads the scripts; the second is what every order after it sends.
    await lifecycle(intent(), 'O-7000000');
    const before = await bytesReceived(a);
    await lifecycle(one, 'O-7000001');
    const sent = (await bytesReceived(a)) - before;
    // What its three commits send to Redis, RESP framing and reads included: 4,230 B when every op was its own
    // arguments and named the number each time, 3,951 B with the number once, 3,214 B with each op one argument.
    expect(sent).toBeLessThanOrEqual(3_300);
    // MONITOR shows a command before its answer reaches us, so the three are in by now; a read makes sure.
    await a.ping();
    monitor.disconnect();
    expect(commits).toHaveLength(3);
    for (const args of commits) {
      const argv = args.slice(3 + Number(args[2]));
      // The number once for the writes (indexes, the change entry, the due sets), and inside a ledger move.
      expect(argv.filter((arg) => arg.includes(ext)).length, argv.join(' ')).toBeLessThanOrEqual(2);
    }
    // and the writes it names are all there
    const keys = orderKeys(prefix);
    expect(await a.zscore(keys.status('succeeded'), ext)).not.toBeNull();
    expect(await a.hget(keys.orderIds, 'O-7000001')).toBe(ext);
    const entries = (await a.xrange(keys.changes, '-', '+')) as Array<[string, string[]]>;
    expect(entries.filter(([, f]) => f[f.indexOf('ext') + 1] === ext)).toHaveLength(3);
    expect(await a.zscore(keys.unfinished, ext)).toBeNull();
  });

  it('two replicas saving the same intent at once create exactly one record', async () => {
    const one = intent();
    const results = await Promise.all([storeA.create(one, claim), storeB.create(one, claim)]);
    expect(results.map((r) => r.kind).sort()).toEqual(['created', 'exists']);
  });

  it('keeps one unfinished order per phone number and releases the guard when finished or rejected', async () => {
    const account = phone('4242', 555);
    const first = intent({ account });
    await storeA.create(first, claim);
    const other = intent({ account });
    const busy = await storeB.create(other, claim);
    expect(busy).toEqual({ kind: 'busy', holder: first.externalOrderId });
    expect((await storeA.unfinishedForAccount(account))?.externalOrderId).toBe(first.externalOrderId);

    await storeA.applyRemote(
      first.externalOrderId,
      { orderId: 'O-9000001', status: 'accepted' },
      'create',
      1000,
    );
    expect((await storeB.create(other, claim)).kind).toBe('busy');
    await storeA.applyRemote(first.externalOrderId, { orderId: 'O-9000001', status: 'failed' }, 'webhook');
    // failed is not finished: the number stays guarded until the refund
    expect((await storeB.create(other, claim)).kind).toBe('busy');
    await storeA.applyRemote(first.externalOrderId, { orderId: 'O-9000001', status: 'refunded' }, 'webhook');
    expect(await storeA.unfinishedForAccount(account)).toBeNull();
    expect((await storeB.create(other, claim)).kind).toBe('created');

    await storeB.markRejected(other.externalOrderId, { key: 'balance', httpStatus: 400, message: 'low' });
    expect(await storeA.unfinishedForAccount(account)).toBeNull();
    expect((await storeA.create(intent({ account }), claim)).kind).toBe('created');
  });

  it('never moves an order backwards, whatever order two replicas apply statuses in', async () => {
    const statuses = [
      'accepted',
      'processing',
      'manual_review',
      'failed',
      'succeeded',
      'refunded',
      'processing',
    ];
    for (let round = 0; round < 15; round++) {
      const it1 = intent();
      const ext = it1.externalOrderId;
      await storeA.create(it1, claim);
      await storeA.applyRemote(ext, { orderId: `O-${round}77`, status: 'accepted' }, 'create', 1000);
      const shuffled = [...statuses].sort(() => Math.random() - 0.5);
      await Promise.all(
        shuffled.map((status, i) =>
          (i % 2 === 0 ? storeA : storeB).applyRemote(ext, { orderId: `O-${round}77`, status }, 'webhook'),
        ),
      );
      const order = await storeA.get(ext);
      const history = order!.history.map((h) => h.status);
      for (let i = 1; i < history.length; i++) expect(canMove(history[i - 1]!, history[i]!)).toBe(true);
      expect(new Set(history).size).toBe(history.length);
      expect(['succeeded', 'refunded']).toContain(order!.status);
    }
  });

  it('an update starts from the record this replica last wrote; a guess another replica made stale is caught', async () => {
    const one = intent();
    const ext = one.externalOrderId;
    await storeA.create(one, claim);
    const reads = async (act: () => Promise<unknown>) => {
      const before = await hmgetCalls(a);
      await act();
      return (await hmgetCalls(a)) - before;
    };
    // The create's answer is applied by the replica that created the order: no read of the record first.
    expect(
      await reads(() => storeA.applyRemote(ext, { orderId: 'O-9001', status: 'accepted' }, 'create')),
    ).toBe(0);
    // Replica B moves it on; A still remembers it accepted. A read saying "processing" would move that copy on, but
    // the compare-and-set refuses it, A reads the record, and nothing moves backwards.
    await storeB.applyRemote(ext, { orderId: 'O-9001', status: 'succeeded' }, 'webhook');
    const late = await storeA.applyRemote(ext, { orderId: 'O-9001', status: 'processing' }, 'read');
    expect(late?.applied).toBe(false);
    const order = await storeA.get(ext);
    expect(order!.status).toBe('succeeded');
    expect(order!.history.map((h) => h.status)).toEqual(['accepted', 'succeeded']);
  });

  it('writes one change per applied status and none for a replay', async () => {
    const it1 = intent();
    const ext = it1.externalOrderId;
    const keys = orderKeys(prefix);
    await storeA.create(it1, claim);
    const before = Date.now();
    await storeA.applyRemote(ext, { orderId: 'O-5550001', status: 'accepted' }, 'create', 1000);
    const after = Date.now();
    // placed: its first re-send is no longer needed, its first read (step 0, after 1000 ms) waits in the due set
    expect(await a.zscore(keys.dueSends, ext)).toBeNull();
    const read = Number(await a.zscore(keys.dueReads, `${ext}@1`));
    expect(read).toBeGreaterThanOrEqual(before + 1000);
    expect(read).toBeLessThanOrEqual(after + 1000);
    await storeB.applyRemote(ext, { orderId: 'O-5550001', status: 'succeeded' }, 'webhook');
    // finished: that read is no longer needed
    expect(await a.zcard(keys.dueReads)).toBe(0);
    await storeA.applyRemote(ext, { orderId: 'O-5550001', status: 'succeeded' }, 'webhook');
    await storeB.applyRemote(ext, { orderId: 'O-5550001', status: 'processing' }, 'poll');
    const entries = (await a.xrange(orderKeys(prefix).changes, '-', '+')) as Array<[string, string[]]>;
    const mine = entries
      .map(([, f]) =>
        Object.fromEntries(f.reduce<string[][]>((acc, v, i) => (i % 2 ? acc : [...acc, [v, f[i + 1]!]]), [])),
      )
      .filter((f) => f['ext'] === ext);
    // the stored intent's change (it plans the re-send), then one per applied status
    expect(mine.map((f) => `${f['kind']}:${f['to']}`)).toEqual([
      'intent:undefined',
      'placed:accepted',
      'status:succeeded',
    ]);
    // no entry plans a read for the relay: the first waited in the due set, a final status plans none
    expect(mine.map((f) => [f['rd'], f['rs']])).toEqual([
      [undefined, undefined],
      [undefined, undefined],
      [undefined, undefined],
    ]);
  });

  it('keeps an unknown-order event once, counts unknown-order alerts per hour, and reports a stale order once', async () => {
    const event = {
      event: 'order.failed',
      orderId: 'O-7000001',
      externalOrderId: 'elsewhere-1',
      status: 'failed',
      currency: 'USD',
      totalAmount: '5.0000',
    };
    const receivedAt = '2026-01-02T03:04:06.000Z';
    expect(await storeA.keepUnknownEvent(event, receivedAt, 60)).toBe(true);
    expect(await storeB.keepUnknownEvent(event, '2026-01-02T03:09:00.000Z', 60)).toBe(false);
    const key = orderKeys(prefix).webhookUnknown(event.orderId, event.event);
    expect(JSON.parse((await a.get(key))!)).toEqual({ ...event, receivedAt });
    expect(await a.ttl(key)).toBeGreaterThan(0);

    const hourStart = 3_600_000 * 500_000;
    expect(await storeA.countUnknownAlert(hourStart)).toBe(1);
    expect(await storeB.countUnknownAlert(hourStart + 3_599_999)).toBe(2);
    expect(await storeA.countUnknownAlert(hourStart + 3_600_000)).toBe(1);

    const ext = newExt('stale');
    expect(await storeA.markStaleReported(ext)).toBe(true);
    expect(await storeB.markStaleReported(ext)).toBe(false);
  });

  it('indexes orders by service order ID, by reseller and by status', async () => {
    const reseller = 4_000_000 + Math.floor(Math.random() * 1000);
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      const it1 = intent({ resellerId: reseller });
      made.push(it1.externalOrderId);
      await storeA.create(it1, claim);
      if (i < 3)
        await storeA.applyRemote(
          it1.externalOrderId,
          { orderId: `O-8${reseller}${i}`, status: 'processing' },
          'create',
          1000,
        );
      await new Promise((r) => setTimeout(r, 3));
    }
    expect((await storeB.getByOrderId(`O-8${reseller}1`))?.externalOrderId).toBe(made[1]);
    const all = await storeB.listByReseller(reseller, { offset: 0, limit: 3 });
    expect(all.total).toBe(5);
    expect(all.orders.map((o) => o.externalOrderId)).toEqual([made[4], made[3], made[2]]);
    const page2 = await storeB.listByReseller(reseller, { offset: 3, limit: 3 });
    expect(page2.orders.map((o) => o.externalOrderId)).toEqual([made[1], made[0]]);
    const processing = await storeB.listByReseller(reseller, { status: 'processing', offset: 0, limit: 10 });
    expect(processing.orders.map((o) => o.externalOrderId).sort()).toEqual(made.slice(0, 3).sort());
    const placing = await storeB.listByReseller(reseller, { status: 'placing', offset: 0, limit: 10 });
    expect(placing.orders.map((o) => o.externalOrderId).sort()).toEqual(made.slice(3).sort());
    expect(await storeA.placing()).toEqual(expect.arrayContaining(made.slice(3)));
    expect(await storeA.unfinished()).toEqual(expect.arrayContaining(made));
  });

  it('lists several resellers’ orders (a distributor’s network) newest first, paged across their indexes', async () => {
    const base = 5_000_000 + Math.floor(Math.random() * 1000) * 10;
    const [one, two, three] = [base + 1, base + 2, base + 3];
    const made: Array<{ ext: string; reseller: number }> = [];
    // Interleaved: 1, 2, 1, 3, 2, 1 (newest last).
    for (const reseller of [one, two, one, three, two, one]) {
      const it1 = intent({ resellerId: reseller });
      made.push({ ext: it1.externalOrderId, reseller });
      await storeA.create(it1, claim);
      if (reseller !== three)
        await storeA.applyRemote(
          it1.externalOrderId,
          { orderId: `O-9${made.length}${base}`, status: 'processing' },
          'create',
          1000,
        );
      await new Promise((r) => setTimeout(r, 3));
    }
    const newest = (ids: number[]) =>
      made
        .filter((m) => ids.includes(m.reseller))
        .map((m) => m.ext)
        .reverse();
    const first = await storeB.listByResellers([one, two], { offset: 0, limit: 3 });
    expect(first.total).toBe(5);
    expect(first.orders.map((o) => o.externalOrderId)).toEqual(newest([one, two]).slice(0, 3));
    const second = await storeB.listByResellers([two, one, two], { offset: 3, limit: 3 });
    expect(second.orders.map((o) => o.externalOrderId)).toEqual(newest([one, two]).slice(3));
    const all = await storeB.listByResellers([one, two, three], { offset: 0, limit: 10 });
    expect(all.orders.map((o) => o.externalOrderId)).toEqual(newest([one, two, three]));
    const processing = await storeB.listByResellers([two, three], {
      status: 'processing',
      offset: 0,
      limit: 10,
    });
    expect(processing).toMatchObject({ total: 2 });
    expect(processing.orders.map((o) => o.externalOrderId)).toEqual(newest([two]));
    // One reseller reads as listByReseller does.
    expect(await storeB.listByResellers([three], { offset: 0, limit: 5 })).toEqual(
      await storeB.listByReseller(three, { offset: 0, limit: 5 }),
    );
    expect(await storeB.listByResellers([one, two], { offset: 10, limit: 5 })).toEqual({
      total: 5,
      orders: [],
    });
  });
});

/** Bytes the server has read from its clients so far (INFO stats). */
async function bytesReceived(redis: Redis): Promise<number> {
  const stats = (await redis.info('stats')) as string;
  return Number(/total_net_input_bytes:(\d+)/.exec(stats)?.[1]);
}

/** Calls of HMGET (the record's read) the server has counted so far. */
async function hmgetCalls(redis: Redis): Promise<number> {
  const stats = (await redis.info('commandstats')) as string;
  return Number(/cmdstat_hmget:calls=(\d+)/.exec(stats)?.[1] ?? 0);
}
