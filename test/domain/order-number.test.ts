import { describe, expect, it } from 'vitest';
import { isValidMerchantOrderNumber, newMerchantOrderNumber } from '../../src/domain/order-number.ts';

describe('newMerchantOrderNumber', () => {
  it('uses only the characters the service allows, within 120 characters', () => {
    for (let i = 0; i < 1000; i += 1) {
      const number = newMerchantOrderNumber();
      expect(number).toMatch(/^[A-Za-z0-9._-]{1,120}$/);
      expect(isValidMerchantOrderNumber(number)).toBe(true);
    }
  });

  it('never repeats', () => {
    const seen = new Set<string>();
    const at = new Date('2026-11-22T10:11:12.345Z');
    for (let i = 0; i < 20_000; i += 1) seen.add(newMerchantOrderNumber(undefined, at));
    expect(seen.size).toBe(20_000);
  });

  it('starts with a UTC timestamp, so numbers sort by creation time', () => {
    const zeros = () => new Uint8Array(26);
    const early = newMerchantOrderNumber(zeros, new Date('2026-11-22T09:59:59.999Z'));
    const late = newMerchantOrderNumber(zeros, new Date('2026-11-22T10:00:00.000Z'));
    expect(early).toBe(`rb-20261122-095959999-${'a'.repeat(26)}`);
    expect(early < late).toBe(true);
  });

  it('takes 26 characters from the random source', () => {
    // byte i*9 keeps its low 5 bits: 0 9 18 27 4 13 … -> a j s 3 e n …
    const bytes = Uint8Array.from({ length: 26 }, (_, i) => i * 9);
    const number = newMerchantOrderNumber(() => bytes, new Date('2026-01-02T03:04:05.006Z'));
    expect(number).toBe('rb-20260102-030405006-ajs3enw7ir2dmv6hqzclu5gpyb');
    expect(() => newMerchantOrderNumber(() => new Uint8Array(4))).toThrow(RangeError);
  });
});

describe('isValidMerchantOrderNumber', () => {
  it.each([
    ['a', true],
    ['A-z_0.9', true],
    ['x'.repeat(120), true],
    ['', false],
    ['x'.repeat(121), false],
    ['has space', false],
    ['slash/no', false],
    ['ünïcode', false],
    ['plus+', false],
  ])('%j: %s', (value, valid) => {
    expect(isValidMerchantOrderNumber(value)).toBe(valid);
  });
});
