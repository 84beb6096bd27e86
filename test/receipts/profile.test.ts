import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import {
  parseShopName,
  parseTimeZone,
  RedisReceiptProfiles,
  SHOP_NAME_MAX,
} from '../../src/receipts/profile.ts';
import { redisPerFile } from '../support/redis.ts';

let redis: Redis;
redisPerFile((client) => {
  redis = client;
});

describe('shop names', () => {
  it('trims the name and makes runs of spaces one', () => {
    expect(parseShopName('  Mama   Ada & Sons  ')).toEqual({ ok: true, name: 'Mama Ada & Sons' });
    expect(parseShopName('Ёлка <shop> 🛒')).toEqual({ ok: true, name: 'Ёлка <shop> 🛒' });
  });

  it('refuses empty names, names too long and control or direction characters', () => {
    expect(parseShopName('   ')).toEqual({ ok: false, reason: 'empty' });
    expect(parseShopName('a'.repeat(SHOP_NAME_MAX))).toMatchObject({ ok: true });
    // Counted in characters, not UTF-16 units: 40 emoji fit, 41 do not.
    expect(parseShopName('🛒'.repeat(SHOP_NAME_MAX))).toMatchObject({ ok: true });
    expect(parseShopName('🛒'.repeat(SHOP_NAME_MAX + 1))).toEqual({ ok: false, reason: 'too-long' });
    for (const bad of ['Mama\nAda', 'Tab\there', 'Bell\u0007', 'Null\u0000', 'evil\u202Egnp.exe', 'x\u2066y'])
      expect(parseShopName(bad)).toEqual({ ok: false, reason: 'control' });
  });
});

describe('time zones', () => {
  it('takes IANA names in any case and UTC, nothing else', () => {
    expect(parseTimeZone('africa/lagos')).toBe('Africa/Lagos');
    expect(parseTimeZone(' Europe/Madrid ')).toBe('Europe/Madrid');
    expect(parseTimeZone('utc')).toBe('UTC');
    // Current IANA names that the runtime lists under their older names.
    expect(parseTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(parseTimeZone('europe/kyiv')).toBe('Europe/Kyiv');
    for (const bad of ['', 'Mars/Olympus', 'Europe/Paris; DROP', '../etc', 'x'.repeat(100), 'Lagos'])
      expect(parseTimeZone(bad)).toBeNull();
  });
});

describe('receipt profiles in Redis', () => {
  it('keeps the shop name and zone per reseller, and removes them', async () => {
    const profiles = new RedisReceiptProfiles({ redis, prefix: 'rp-test:' });
    expect(await profiles.get(1)).toEqual({});
    await profiles.setShopName(1, 'Mama <Ada>');
    await profiles.setTimeZone(1, 'Africa/Lagos');
    await profiles.setShopName(2, 'Other');
    expect(await profiles.get(1)).toEqual({ shopName: 'Mama <Ada>', timeZone: 'Africa/Lagos' });
    expect(await profiles.get(2)).toEqual({ shopName: 'Other' });
    await profiles.setShopName(1, null);
    expect(await profiles.get(1)).toEqual({ timeZone: 'Africa/Lagos' });
    await profiles.setTimeZone(1, null);
    expect(await profiles.get(1)).toEqual({});
    // Under the prefix only.
    expect((await redis.keys('*')).every((key) => key.startsWith('rp-test:'))).toBe(true);
  });
});
