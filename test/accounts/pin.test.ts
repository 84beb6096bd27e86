import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import {
  createPinGate,
  hashPin,
  isPinFormat,
  parseThreshold,
  pinMatches,
  pinRequiredFor,
  pinThreshold,
  RedisPinStore,
  type PinLockEvent,
} from '../../src/accounts/pin.ts';
import { redisPerFile, type RedisServerHandle } from '../support/redis.ts';

let redis: Redis;
let server: RedisServerHandle;
redisPerFile((client, handle) => {
  redis = client;
  server = handle;
});

const MINUTE = 60_000;
const DAY = 86_400_000;

let nextUser = 1000;
const newUser = () => nextUser++;

async function until<T>(probe: () => Promise<T>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('PIN hashing', () => {
  it('stores a salted scrypt hash: two hashes of one PIN differ, both match it, neither matches another', async () => {
    const [a, b] = await Promise.all([hashPin('4821'), hashPin('4821')]);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toContain('4821');
    expect(await pinMatches('4821', a)).toBe(true);
    expect(await pinMatches('4821', b)).toBe(true);
    expect(await pinMatches('4822', a)).toBe(false);
    expect(await pinMatches('48210', a)).toBe(false);
    expect(await pinMatches('4821', 'garbage')).toBe(false);
    expect(await pinMatches('4821', 'scrypt$16384$8$1$AAAA$AAAA')).toBe(false);
  });

  it('a PIN is 4 to 8 ASCII digits', () => {
    for (const good of ['0000', '1234', '12345678']) expect(isPinFormat(good)).toBe(true);
    for (const bad of ['123', '123456789', '12a4', ' 1234', '1234 ', '١٢٣٤', '', '12.4']) {
      expect(isPinFormat(bad)).toBe(false);
    }
  });
});

describe('thresholds', () => {
  it("the reseller's own threshold wins over PIN_REQUIRED_ABOVE; 'off' means never", () => {
    expect(pinThreshold(undefined, undefined)).toBeUndefined();
    expect(pinThreshold(undefined, '50')).toBe('50');
    expect(pinThreshold('20', '50')).toBe('20');
    expect(pinThreshold('off', '50')).toBeUndefined();
    expect(pinThreshold('80', undefined)).toBe('80');
  });

  it('the PIN is asked strictly above the threshold, compared exactly', () => {
    expect(pinRequiredFor('50.0001', '50')).toBe(true);
    expect(pinRequiredFor('50.0000', '50')).toBe(false);
    expect(pinRequiredFor('0.3129', '0')).toBe(true);
    expect(pinRequiredFor('1000000', undefined)).toBe(false);
  });

  it('an admin writes an amount with at most 4 decimals, or off', () => {
    expect(parseThreshold('50')).toBe('50');
    expect(parseThreshold('12.50')).toBe('12.5');
    expect(parseThreshold('OFF')).toBe('off');
    for (const bad of ['-1', '1e3', '1.23456', 'abc', '', '1,5']) expect(parseThreshold(bad)).toBeUndefined();
  });
});

describe('the PIN store on Redis', () => {
  it('a right PIN passes, a badly formed one is refused without counting, no PIN is told', async () => {
    const store = new RedisPinStore({ redis, prefix: 't1:' });
    const user = newUser();
    expect(await store.check(user, '1234')).toEqual({ kind: 'no-pin' });
    await store.setHash(user, await hashPin('1234'));
    expect(await store.state(user)).toEqual({
      hasPin: true,
      above: undefined,
      lockedMs: 0,
      untilUnlock: false,
      locksToday: 0,
    });
    expect(await store.check(user, '1234')).toEqual({ kind: 'ok' });
    for (const bad of ['12a4', '123', '123456789'])
      expect(await store.check(user, bad)).toEqual({ kind: 'invalid' });
    expect(await store.check(user, '9999')).toEqual({ kind: 'wrong', triesLeft: 4 });
    // A right PIN forgets the wrong tries before it.
    expect(await store.check(user, '1234')).toEqual({ kind: 'ok' });
    expect(await store.check(user, '9999')).toEqual({ kind: 'wrong', triesLeft: 4 });
    // Nothing in Redis holds the PIN.
    const keys = await redis.keys('t1:*');
    for (const key of keys) {
      const type = await redis.type(key);
      const values = type === 'hash' ? Object.values(await redis.hgetall(key)) : [await redis.get(key)];
      for (const value of values) expect(value ?? '').not.toContain('1234');
    }
  });

  it('five wrong tries lock: even the right PIN is refused until the lock expires; admins are told once', async () => {
    const locks: Array<[number, number]> = [];
    const store = new RedisPinStore({
      redis,
      prefix: 't2:',
      lockMs: 1_500,
      onLocked: async (userId, ms) => {
        locks.push([userId, ms]);
      },
    });
    const user = newUser();
    await store.setHash(user, await hashPin('24680'));
    const verdicts = [];
    for (let i = 0; i < 5; i++) verdicts.push(await store.check(user, '11111'));
    expect(verdicts.slice(0, 4)).toEqual([4, 3, 2, 1].map((triesLeft) => ({ kind: 'wrong', triesLeft })));
    expect(verdicts[4]).toEqual({ kind: 'locked', ms: 1_500 });
    expect(locks).toEqual([[user, 1_500]]);
    const right = await store.check(user, '24680');
    expect(right.kind).toBe('locked');
    expect((await store.state(user)).lockedMs).toBeGreaterThan(0);
    // The lock is a TTL key: wait for Redis to expire it, then the right PIN passes and the count starts over.
    await until(async () => (await store.state(user)).lockedMs === 0);
    expect(await store.check(user, '24680')).toEqual({ kind: 'ok' });
    expect(await store.check(user, '1')).toEqual({ kind: 'invalid' });
    expect(await store.check(user, '11111')).toEqual({ kind: 'wrong', triesLeft: 4 });
    expect(locks).toHaveLength(1);
  });

  it('wrong tries are counted atomically across replicas: 12 at once lock exactly once', async () => {
    const other = new Redis(server.url);
    try {
      let alerts = 0;
      const onLocked = async () => {
        alerts++;
      };
      const a = new RedisPinStore({ redis, prefix: 't3:', onLocked });
      const b = new RedisPinStore({ redis: other, prefix: 't3:', onLocked });
      const user = newUser();
      await a.setHash(user, await hashPin('5555'));
      const verdicts = await Promise.all(
        Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? a : b).check(user, '0000')),
      );
      const wrong = verdicts
        .filter((v) => v.kind === 'wrong')
        .map((v) => (v.kind === 'wrong' ? v.triesLeft : -1));
      expect(wrong.sort()).toEqual([1, 2, 3, 4]);
      expect(verdicts.filter((v) => v.kind === 'locked')).toHaveLength(8);
      expect(alerts).toBe(1);
      expect((await a.state(user)).lockedMs).toBeGreaterThan(14 * 60_000);
    } finally {
      other.disconnect();
    }
  });

  it('each lock doubles the next within a rolling day (15 min, then 30), and a day with no lock starts again at 15', async () => {
    let now = Date.UTC(2026, 10, 20, 9);
    const locks: Array<[number, PinLockEvent]> = [];
    const store = new RedisPinStore({
      redis,
      prefix: 't6:',
      clock: () => now,
      onLocked: async (_userId, _ms, lock) => {
        locks.push([_ms, lock]);
      },
    });
    const user = newUser();
    await store.setHash(user, await hashPin('70513'));
    const lockOnce = async () => {
      for (let i = 0; i < 4; i++) expect((await store.check(user, '11111')).kind).toBe('wrong');
      return store.check(user, '11111');
    };
    expect(await lockOnce()).toEqual({ kind: 'locked', ms: 15 * MINUTE });
    now += 14 * MINUTE;
    expect(await store.check(user, '70513')).toEqual({ kind: 'locked', ms: MINUTE });
    now += MINUTE;
    // The first lock is over: the count starts again, and the second lock lasts twice as long.
    expect((await store.state(user)).lockedMs).toBe(0);
    expect(await lockOnce()).toEqual({ kind: 'locked', ms: 30 * MINUTE });
    expect(await store.state(user)).toMatchObject({
      lockedMs: 30 * MINUTE,
      untilUnlock: false,
      locksToday: 2,
    });
    now += 30 * MINUTE;
    expect(await store.check(user, '70513')).toEqual({ kind: 'ok' });
    // A day (24 h) after the last lock the locks of that day are forgotten: 15 minutes again.
    now += DAY;
    expect((await store.state(user)).locksToday).toBe(0);
    expect(await lockOnce()).toEqual({ kind: 'locked', ms: 15 * MINUTE });
    expect(locks.map(([ms, lock]) => [ms, lock.number, lock.untilUnlock])).toEqual([
      [15 * MINUTE, 1, false],
      [30 * MINUTE, 2, false],
      [15 * MINUTE, 1, false],
    ]);
  });

  it('the third lock in a day holds past any time until an admin unlocks it; the PIN and its digits stay out of Redis', async () => {
    let now = Date.UTC(2026, 10, 21, 23, 50);
    const locks: PinLockEvent[] = [];
    const store = new RedisPinStore({
      redis,
      prefix: 't7:',
      clock: () => now,
      onLocked: async (_userId, _ms, lock) => {
        locks.push(lock);
      },
    });
    const user = newUser();
    await store.setHash(user, await hashPin('80246'));
    const lockOnce = async () => {
      for (let i = 0; i < 4; i++) await store.check(user, '13579');
      return store.check(user, '13579');
    };
    await lockOnce();
    now += 15 * MINUTE;
    await lockOnce();
    // A UTC midnight between the locks changes nothing: the day is the 24 hours before the lock.
    now += 30 * MINUTE;
    const third = await lockOnce();
    expect(third).toMatchObject({ kind: 'locked', untilUnlock: true });
    expect(locks.map((lock) => [lock.number, lock.untilUnlock])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    for (const later of [MINUTE, DAY, 30 * DAY, 400 * DAY]) {
      now += later;
      expect(await store.check(user, '80246')).toMatchObject({ kind: 'locked', untilUnlock: true });
      expect(await store.state(user)).toMatchObject({ untilUnlock: true });
      expect((await store.state(user)).lockedMs).toBeGreaterThan(0);
    }
    // No try is counted while held, so no fourth alert.
    expect(locks).toHaveLength(3);
    await store.reset(user, { pin: false });
    expect(await store.state(user)).toMatchObject({ hasPin: true, lockedMs: 0, untilUnlock: false });
    expect(await store.check(user, '80246')).toEqual({ kind: 'ok' });
    for (const key of await redis.keys('t7:*')) {
      const type = await redis.type(key);
      const values =
        type === 'hash'
          ? Object.values(await redis.hgetall(key))
          : type === 'zset'
            ? await redis.zrange(key, '0', '-1')
            : [await redis.get(key)];
      for (const value of [key, ...values]) {
        expect(value ?? '').not.toContain('80246');
        expect(value ?? '').not.toContain('13579');
      }
    }
  });

  it('two replicas counting wrong tries at once cannot skip the escalation: one lock per round, 15 min, 30 min, then held', async () => {
    const other = new Redis(server.url);
    try {
      let now = Date.UTC(2026, 10, 22, 8);
      const locks: PinLockEvent[] = [];
      const onLocked = async (_userId: number, _ms: number, lock: PinLockEvent) => {
        locks.push(lock);
      };
      const a = new RedisPinStore({ redis, prefix: 't8:', clock: () => now, onLocked });
      const b = new RedisPinStore({ redis: other, prefix: 't8:', clock: () => now, onLocked });
      const user = newUser();
      await a.setHash(user, await hashPin('97531'));
      const round = () =>
        Promise.all(Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? a : b).check(user, '00000')));
      for (const wait of [15 * MINUTE, 30 * MINUTE, 0]) {
        const verdicts = await round();
        expect(verdicts.filter((v) => v.kind === 'wrong')).toHaveLength(4);
        now += wait;
      }
      expect(locks.map((lock) => [lock.number, lock.untilUnlock])).toEqual([
        [1, false],
        [2, false],
        [3, true],
      ]);
      expect(await b.state(user)).toMatchObject({ untilUnlock: true, locksToday: 3 });
    } finally {
      other.disconnect();
    }
  });

  it('an admin sets, clears and resets: own threshold, unlock keeps the PIN, reset clears it', async () => {
    const store = new RedisPinStore({ redis, prefix: 't4:' });
    const user = newUser();
    await store.setHash(user, await hashPin('1357'));
    await store.setThreshold(user, '25');
    expect((await store.state(user)).above).toBe('25');
    await store.setThreshold(user, 'off');
    expect((await store.state(user)).above).toBe('off');
    await store.setThreshold(user, null);
    expect((await store.state(user)).above).toBeUndefined();
    for (let i = 0; i < 5; i++) await store.check(user, '0000');
    expect((await store.state(user)).lockedMs).toBeGreaterThan(0);
    await store.reset(user, { pin: false });
    expect(await store.state(user)).toEqual({
      hasPin: true,
      above: undefined,
      lockedMs: 0,
      untilUnlock: false,
      locksToday: 1,
    });
    expect(await store.check(user, '1357')).toEqual({ kind: 'ok' });
    await store.setThreshold(user, '10');
    await store.reset(user, { pin: true });
    expect(await store.state(user)).toEqual({
      hasPin: false,
      above: '10',
      lockedMs: 0,
      untilUnlock: false,
      locksToday: 1,
    });
  });
});

describe('the gate the top-up asks', () => {
  it('admins are never asked; below or at the threshold nothing is asked; above: ask, no PIN, or locked', async () => {
    const store = new RedisPinStore({ redis, prefix: 't5:' });
    const admin = newUser();
    const reseller = newUser();
    const gate = createPinGate({ store, requiredAbove: '10', isAdmin: async (id) => id === admin });
    expect(await gate.need(admin, '5000')).toEqual({ kind: 'none' });
    expect(await gate.need(reseller, '10')).toEqual({ kind: 'none' });
    expect(await gate.need(reseller, '10.01')).toEqual({ kind: 'no-pin' });
    await store.setHash(reseller, await hashPin('8642'));
    expect(await gate.need(reseller, '10.01')).toEqual({ kind: 'ask' });
    await store.setThreshold(reseller, 'off');
    expect(await gate.need(reseller, '9999')).toEqual({ kind: 'none' });
    await store.setThreshold(reseller, '2');
    expect(await gate.need(reseller, '3')).toEqual({ kind: 'ask' });
    for (let i = 0; i < 5; i++) await gate.check(reseller, '0000');
    const locked = await gate.need(reseller, '3');
    expect(locked.kind).toBe('locked');
    // A top-up that needs no PIN is not touched by the lock.
    expect(await gate.need(reseller, '1')).toEqual({ kind: 'none' });
  });

  it('a lock held for an admin is told as such by the gate, whatever the time', async () => {
    let now = Date.UTC(2026, 10, 23, 12);
    const store = new RedisPinStore({ redis, prefix: 't9:', clock: () => now });
    const reseller = newUser();
    const gate = createPinGate({ store, requiredAbove: '1', isAdmin: async () => false });
    await store.setHash(reseller, await hashPin('4826'));
    for (const wait of [15 * MINUTE, 30 * MINUTE, 0]) {
      for (let i = 0; i < 5; i++) await gate.check(reseller, '0000');
      now += wait;
    }
    now += 90 * DAY;
    expect(await gate.need(reseller, '3')).toMatchObject({ kind: 'locked', untilUnlock: true });
    expect(await gate.check(reseller, '4826')).toMatchObject({ kind: 'locked', untilUnlock: true });
  });
});
