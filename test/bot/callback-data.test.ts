import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  isLanguageData,
  LANGUAGE_DATA,
  languageData,
  parseLanguage,
} from '../../src/bot/callback-data/language.ts';
import {
  ORDER_LIST_DATA,
  orderListData,
  parseOrderListPage,
} from '../../src/bot/callback-data/order-list.ts';
import { parseRepeat, REPEAT_DATA, repeatData } from '../../src/bot/callback-data/repeat.ts';
import { INVITE_DATA, parseInviteData, revokeInviteData } from '../../src/bot/callback-data/invite.ts';
import { NETWORK_DATA, networkPageData, parseNetworkPage } from '../../src/bot/callback-data/network.ts';
import {
  isOrderCardButton,
  ORDER_DATA,
  parseRefreshData,
  refreshDataForOrderId,
  refreshDataFromOpen,
  requoteData,
} from '../../src/bot/callback-data/order.ts';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('callback data families', () => {
  it('rp: and lang: data parse back to what built them and match their handlers', () => {
    const repeat = repeatData('same', '550e8400-e29b');
    expect(REPEAT_DATA.test(repeat)).toBe(true);
    expect(parseRepeat(repeat)).toEqual({ mode: 'same', externalOrderId: '550e8400-e29b' });
    expect(parseRepeat(repeatData('amount', 'x1'))).toEqual({ mode: 'amount', externalOrderId: 'x1' });
    expect(parseRepeat(languageData('fr'))).toBeNull();

    const lang = languageData('fr');
    expect(LANGUAGE_DATA.test(lang)).toBe(true);
    expect(isLanguageData(lang)).toBe(true);
    expect(isLanguageData(repeat)).toBe(false);
    expect(isLanguageData(undefined)).toBe(false);
    expect(parseLanguage(lang)).toBe('fr');
  });

  it('ol: page data parse back to what built them; the search and "n/m" buttons are not pages', () => {
    const filtered = orderListData('manual_review', 10, 'AbC_-9');
    expect(ORDER_LIST_DATA.page.test(filtered)).toBe(true);
    expect(parseOrderListPage(filtered)).toEqual({ status: 'manual_review', offset: 10, ref: 'AbC_-9' });
    expect(parseOrderListPage(orderListData(undefined, 0, ''))).toEqual({
      status: undefined,
      offset: 0,
      ref: '',
    });
    for (const other of [ORDER_LIST_DATA.search, ORDER_LIST_DATA.count, repeatData('same', 'x1')]) {
      expect(parseOrderListPage(other)).toBeNull();
    }
    expect(new Set([ORDER_LIST_DATA.search, ORDER_LIST_DATA.count]).size).toBe(2);
  });

  it('ord: refresh and requote data parse back and stay within 64 bytes', () => {
    const refresh = refreshDataForOrderId('O-123');
    expect(refresh).not.toBeNull();
    expect(ORDER_DATA.refresh.test(refresh!)).toBe(true);
    expect(isOrderCardButton(refresh!)).toBe(true);
    expect(parseRefreshData(refresh!)).toEqual({ query: 'O-123' });
    expect(refreshDataForOrderId('O-'.padEnd(80, '9'))).toBeNull();

    const shortOpen = 'ord:open:#abcdef';
    expect(ORDER_DATA.open.test(shortOpen)).toBe(true);
    expect(parseRefreshData(refreshDataFromOpen(shortOpen))).toEqual({ open: shortOpen });

    const requote = requoteData('ext-1');
    expect(ORDER_DATA.requote.exec(requote)?.[1]).toBe('ext-1');
    const long = requoteData('e'.repeat(70));
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(64);
    expect(ORDER_DATA.requote.test(long)).toBe(false);
  });

  it('inv: revoke data carry a short invite ID and parse back; any other shape is nobody', () => {
    const revoke = revokeInviteData('K7QX2M');
    expect(INVITE_DATA.test(revoke)).toBe(true);
    expect(parseInviteData(revoke)).toEqual({ action: 'revoke', id: 'K7QX2M' });
    for (const other of [
      'inv:x:k7qx2m',
      'inv:x:K7QX2',
      'inv:x:K7QX2M:1',
      'inv:y:K7QX2M',
      'inv:x:O0I1AA',
      undefined,
    ])
      expect(parseInviteData(other)).toBeUndefined();
  });

  it('net: page data name whose network they show and parse back; the "n/m" button and other shapes are no page', () => {
    const page = networkPageData(710_100_100, 3);
    expect(NETWORK_DATA.page.test(page)).toBe(true);
    expect(parseNetworkPage(page)).toEqual({ distributorId: 710_100_100, page: 3 });
    expect(Buffer.byteLength(networkPageData(999_999_999_999_999, 9999))).toBeLessThanOrEqual(64);
    for (const other of [
      NETWORK_DATA.count,
      'net:p:12',
      'net:p:x:1',
      'net:p:12:1:2',
      revokeInviteData('K7QX2M'),
      undefined,
    ])
      expect(parseNetworkPage(other)).toBeUndefined();
  });

  it('no family prefix is written as a literal outside its module (top-up steps aside)', () => {
    const owners = new Map([
      ['ord:', 'bot/callback-data/order.ts'],
      ['rp:', 'bot/callback-data/repeat.ts'],
      ['lang:', 'bot/callback-data/language.ts'],
      ['ol:', 'bot/callback-data/order-list.ts'],
      ['net:', 'bot/callback-data/network.ts'],
    ]);
    const strays: string[] = [];
    for (const file of sources(SRC)) {
      const path = relative(SRC, file);
      const code = readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\*|\/\/|\/\*\*)/.test(line));
      for (const [prefix, owner] of owners) {
        if (path === owner) continue;
        const literal = new RegExp(`['"\`/]\\^?${prefix}`);
        for (const line of code) if (literal.test(line)) strays.push(`${path}: ${line.trim()}`);
      }
    }
    expect(strays).toEqual([]);
  });
});
