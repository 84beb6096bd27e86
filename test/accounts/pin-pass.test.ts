import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createPinGate, hashPin, RedisPinStore } from '../../src/accounts/pin.ts';
import { createPinPasses, isHiddenPin, pinGateOfUpdates } from '../../src/accounts/pin-pass.ts';
import { redisPerFile } from '../support/redis.ts';

let redis: Redis;
redisPerFile((client) => {
  redis = client;
});

const USER = 4242;
const PIN = '2468';

async function gate() {
  const store = new RedisPinStore({ redis, prefix: 'rb:' });
  await store.setHash(USER, await hashPin(PIN));
  const pins = createPinGate({ store, requiredAbove: '1', isAdmin: async () => false });
  return { store, gate: pinGateOfUpdates(pins, createPinPasses(redis, 'rb:')) };
}

describe('a PIN hidden in an update handled again', () => {
  it('passes in the update whose PIN passed, in no other, and counts no try', async () => {
    const { store, gate: pins } = await gate();
    expect(await pins.check(USER, PIN, 100)).toEqual({ kind: 'ok' });
    expect(await pins.check(USER, '****', 100)).toEqual({ kind: 'ok' });
    // Another update (a forged button, a typed `*`): not a PIN, and no wrong try counted.
    expect(await pins.check(USER, '****', 101)).toEqual({ kind: 'invalid' });
    expect(await pins.check(USER, '*', 101)).toEqual({ kind: 'invalid' });
    // A wrong PIN is not remembered: its update's hidden PIN does not pass.
    expect(await pins.check(USER, '1357', 102)).toEqual({ kind: 'wrong', triesLeft: 4 });
    expect(await pins.check(USER, '****', 102)).toEqual({ kind: 'invalid' });
    expect((await store.state(USER)).lockedMs).toBe(0);
    // Remembered by update, never the PIN.
    const keys = await redis.keys('rb:pin-pass:*');
    expect(keys).toEqual([`rb:pin-pass:{${USER}}:100`]);
    expect(await redis.get(keys[0]!)).toBe('1');
    expect(await redis.pttl(keys[0]!)).toBeGreaterThan(14 * 60_000);
  });

  it('is `*`s only, as many as a PIN has digits', () => {
    expect(['*', '****', '********'].every(isHiddenPin)).toBe(true);
    expect(['', '*********', '12*4', '1234', ' ****'].some(isHiddenPin)).toBe(false);
  });
});
