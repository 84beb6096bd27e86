import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  derivedMerchantOrderNumber,
  isValidMerchantOrderNumber,
  newMerchantOrderNumber,
  normaliseMerchantOrderNumber,
} from '../../src/domain/order-number.ts';

const SHORT = /^rb-[0-9a-hjkmnp-tv-z]{5}(-[0-9a-hjkmnp-tv-z]{4}){3}$/;

describe('newMerchantOrderNumber', () => {
  it('is at most 24 characters of what the service allows, lowercase base32 without i, l, o, u, grouped', () => {
    for (let i = 0; i < 1000; i += 1) {
      const number = newMerchantOrderNumber();
      expect(number.length).toBeLessThanOrEqual(24);
      expect(number).toMatch(SHORT);
      expect(isValidMerchantOrderNumber(number)).toBe(true);
    }
  });

  it('never repeats within one minute, as two replicas or a restart would make them', () => {
    const seen = new Set<string>();
    const at = new Date('2026-11-22T10:11:12.345Z');
    for (let i = 0; i < 20_000; i += 1) seen.add(newMerchantOrderNumber(undefined, at));
    expect(seen.size).toBe(20_000);
  });

  it('starts with the minute of creation, so numbers sort by creation time', () => {
    const zeros = () => new Uint8Array(12);
    const early = newMerchantOrderNumber(zeros, new Date('2026-11-22T09:59:59.999Z'));
    const late = newMerchantOrderNumber(zeros, new Date('2026-11-22T10:00:00.000Z'));
    expect(early < late).toBe(true);
    expect(newMerchantOrderNumber(zeros, new Date('2024-01-01T00:00:59Z'))).toBe('rb-00000-0000-0000-0000');
    expect(newMerchantOrderNumber(zeros, new Date('2024-01-01T00:33:00Z'))).toBe('rb-00011-0000-0000-0000');
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2024-01-01'), max: new Date('2087-01-01'), noInvalidDate: true }),
        fc.date({ min: new Date('2024-01-01'), max: new Date('2087-01-01'), noInvalidDate: true }),
        (a, b) => {
          const [x, y] = [newMerchantOrderNumber(zeros, a), newMerchantOrderNumber(zeros, b)];
          if (Math.floor(a.getTime() / 60_000) < Math.floor(b.getTime() / 60_000)) expect(x < y).toBe(true);
        },
      ),
    );
  });

  it('takes 60 random bits: 12 characters of 5 bits from the random source', () => {
    // byte i*9 keeps its low 5 bits: 0 9 18 27 4 13 22 31 8 17 26 3 -> 0 9 j v 4 d p z 8 h t 3
    const bytes = Uint8Array.from({ length: 12 }, (_, i) => i * 9);
    const number = newMerchantOrderNumber(() => bytes, new Date('2024-01-01T00:00:00Z'));
    expect(number).toBe('rb-00000-09jv-4dpz-8ht3');
    expect(() => newMerchantOrderNumber(() => new Uint8Array(4))).toThrow(RangeError);
  });
});

describe('derivedMerchantOrderNumber', () => {
  it('the same seed names the same number at the same minute, another seed another; any instant gives a valid one', () => {
    const at = Date.parse('2026-11-29T06:30:10Z');
    const a = derivedMerchantOrderNumber('7\nf1:3\nqt', at);
    expect(a).toMatch(SHORT);
    expect(derivedMerchantOrderNumber('7\nf1:3\nqt', at + 40_000)).toBe(a);
    expect(derivedMerchantOrderNumber('7\nf1:3\nqu', at)).not.toBe(a);
    expect(derivedMerchantOrderNumber('7\nf1:3\nqt', at + 60_000).slice(9)).toBe(a.slice(9));
    fc.assert(
      fc.property(fc.string(), fc.double(), (seed, ms) => SHORT.test(derivedMerchantOrderNumber(seed, ms))),
    );
  });
});

describe('normaliseMerchantOrderNumber', () => {
  it('reads a short number as people type it back: capitals, spaces, no dashes, o for 0, i or l for 1', () => {
    const number = 'rb-1f3kq-7xm2-9d0e-hp1w';
    for (const typed of [
      number,
      '  RB-1F3KQ-7XM2-9D0E-HP1W ',
      'rb 1f3kq 7xm2 9d0e hp1w',
      'rb1f3kq7xm29d0ehp1w',
      'rb-lf3kq-7xm2-9dOe-hpIw',
    ]) {
      expect(normaliseMerchantOrderNumber(typed)).toBe(number);
    }
  });

  it('leaves older numbers, O-… IDs and anything else as given', () => {
    for (const given of [
      'rb-20261122-101112345-ajs3enw7ir2dmv6hqzclu5gpyb',
      'O-10000042',
      'shop-order-17',
      'rb-1f3kq-7xm2-9d0e',
      'rb-1f3kq-7xm2-9d0e-hp1u',
    ]) {
      expect(normaliseMerchantOrderNumber(given)).toBe(given);
    }
  });
});

describe('isValidMerchantOrderNumber', () => {
  it.each([
    ['a', true],
    ['A-z_0.9', true],
    ['x'.repeat(120), true],
    ['rb-20261122-101112345-ajs3enw7ir2dmv6hqzclu5gpyb', true],
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
