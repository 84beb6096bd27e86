import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/config.ts';
import { formatMoney } from '../../src/domain/money.ts';
import { finalMessage, rejectionMessage } from '../../src/notify/notices.ts';
import { DEFAULT_FOLLOW_UP_TIMINGS, nextFollowUpDelay } from '../../src/orders/follow-up-timings.ts';
import { classifyPlacementError } from '../../src/orders/send.ts';
import { statusOfEvent } from '../../src/orders/sync.ts';
import {
  displayEmoji,
  likelyFreeAt,
  statusLine,
  statusMessage,
  type DisplayStatus,
} from '../../src/orders/texts.ts';
import type { StoredOrder } from '../../src/orders/types.ts';
import {
  MerchantForbiddenError,
  MerchantNetworkError,
  MerchantQuoteTokenError,
  MerchantServerError,
  MerchantTimeoutError,
  MerchantValidationError,
} from '../../src/merchant/errors.ts';
import { intent } from './support/fixtures.ts';
import { loadTranslate } from './support/world.ts';

const t = loadTranslate();

function order(locale: string, overrides: Partial<StoredOrder> = {}): StoredOrder {
  const i = intent({ locale, account: '2348031234567' });
  return {
    externalOrderId: i.externalOrderId,
    placement: 'placed',
    orderId: 'O-10000042',
    status: 'succeeded',
    request: i.request,
    quote: { ...i.quote, localAmount: '1500.0000', merchantPrice: '0.9387' },
    resellerId: 1,
    chatId: 1,
    locale,
    history: [{ status: 'succeeded', at: '2026-11-22T10:15:00.000Z', source: 'webhook' }],
    createdAt: '2026-11-22T10:14:00.000Z',
    updatedAt: '2026-11-22T10:15:00.000Z',
    ...overrides,
  };
}

function expectClean(text: string, o: StoredOrder): void {
  expect(text).not.toMatch(/\{|\}|order-|alert-/);
  expect(text).not.toContain(o.request.account);
  expect(text).toContain(o.externalOrderId);
}

describe('order texts in every language', () => {
  const statuses: DisplayStatus[] = [
    'accepted',
    'processing',
    'manual_review',
    'succeeded',
    'failed',
    'refunded',
    'brand_new_status',
  ];

  it('status messages start with the status emoji, the status, O-… and the merchant order number', () => {
    for (const locale of LOCALES) {
      for (const status of statuses) {
        const o = order(locale, { status });
        const text = statusMessage(t, o, status);
        expectClean(text, o);
        const first = text.split('\n')[0]!;
        expect(first.startsWith(displayEmoji(status))).toBe(true);
        expect(first).toContain('O-10000042');
        expect(first).toContain(o.externalOrderId);
        expect(text).toContain('*** 4567'); // masked phone
        expect(text).toContain(formatMoney('1500.0000', 'NGN', locale)); // exact amount, local format
      }
      const placing = order(locale, { placement: 'placing' });
      delete placing.orderId;
      expect(statusLine(t, placing, 'placing').startsWith('⏳')).toBe(true);
      expect(statusLine(t, placing, 'placing')).toContain(placing.externalOrderId);
      expect(statusLine(t, placing, 'rejected').startsWith('❌')).toBe(true);
    }
    // unknown statuses say which status the service gave
    expect(statusLine(t, order('en'), 'brand_new_status')).toContain('brand_new_status');
  });

  it('final messages: a receipt, money not back yet, money back in the wallet', () => {
    for (const locale of LOCALES) {
      const o = order(locale);
      const receipt = finalMessage(t, o, 'succeeded')!;
      const failed = finalMessage(t, o, 'failed')!;
      const refunded = finalMessage(t, o, 'refunded')!;
      for (const text of [receipt, failed, refunded]) {
        expectClean(text, o);
        expect(text).toContain('O-10000042');
        expect(text).toContain(formatMoney('0.9387', 'USD', locale)); // the exact wallet amount
      }
      expect(receipt).toContain('2026-11-22 10:15 UTC');
      expect(finalMessage(t, o, 'processing')).toBeNull();
      expect(finalMessage(t, o, 'manual_review')).toBeNull();
    }
    expect(finalMessage(t, order('en'), 'failed')).toContain('refund is pending');
    expect(finalMessage(t, order('en'), 'refunded')).toContain('back in the wallet');
  });

  it("a reseller's order texts name their price and their credit, never the merchant price", () => {
    for (const locale of LOCALES) {
      const base = order(locale);
      const o = { ...base, quote: { ...base.quote, resellerPrice: '1.04' } };
      const texts = [
        statusMessage(t, o, 'succeeded'),
        finalMessage(t, o, 'succeeded')!,
        finalMessage(t, o, 'failed')!,
        finalMessage(t, o, 'refunded')!,
      ];
      for (const text of texts) {
        expectClean(text, o);
        expect(text).toContain(formatMoney('1.04', 'USD', locale));
        expect(text).not.toContain(formatMoney('0.9387', 'USD', locale));
      }
      // Each text differs from the wallet wording of an order with no reseller price.
      expect(texts[0]).not.toBe(
        statusMessage(t, { ...base, quote: { ...base.quote, merchantPrice: '1.04' } }, 'succeeded'),
      );
    }
    expect(
      finalMessage(t, { ...order('en'), quote: { ...order('en').quote, resellerPrice: '1.04' } }, 'refunded'),
    ).toContain('1.04 USD is back in your credit');
  });

  it('refusals say why and that nothing was charged', () => {
    const keys = [
      { key: 'balance' },
      { key: 'risk' },
      { key: 'wallet' },
      { key: 'detail' },
      { key: 'amount' },
      { key: 'local_currency' },
      { key: 'account' },
      { key: 'account-busy' },
      { key: 'external_order_id' },
      { key: 'quote_token', code: 'quote_invalid' },
      { key: 'quote_token', code: 'price_changed' },
      { key: 'quote_token', code: 'quote_expired' },
      { key: 'something_new' },
    ];
    for (const locale of LOCALES) {
      const seen = new Set<string>();
      for (const rejection of keys) {
        const o = order(locale, { placement: 'rejected', rejection: { ...rejection, message: 'x' } });
        const text = rejectionMessage(t, o);
        expectClean(text, o);
        seen.add(text.replace(o.externalOrderId, ''));
      }
      // each reason has its own words
      expect(seen.size).toBe(keys.length);
    }
    const expired = order('en', {
      placement: 'rejected',
      rejection: { key: 'quote_token', code: 'quote_expired', message: 'x' },
    });
    expect(rejectionMessage(t, expired)).toContain('Nothing was charged');
    expect(rejectionMessage(t, expired)).toContain('new quote');
  });
});

describe('pure rules of placement and follow-up', () => {
  it('only a definite 400 (or a request refused locally) ends a placement; 403 waits; everything else is unknown', () => {
    const balance = new MerchantValidationError('400', {
      httpStatus: 400,
      key: 'balance',
      fields: { balance: ['low'] },
    });
    expect(classifyPlacementError(balance)).toEqual({
      kind: 'rejected',
      rejection: { key: 'balance', httpStatus: 400, message: 'low' },
    });
    const expired = new MerchantQuoteTokenError('400', {
      httpStatus: 400,
      key: 'quote_token',
      code: 'quote_expired',
    });
    expect(classifyPlacementError(expired)).toMatchObject({
      kind: 'rejected',
      rejection: { key: 'quote_token', code: 'quote_expired' },
    });
    expect(
      classifyPlacementError(new MerchantForbiddenError('403', { httpStatus: 403, detail: 'no' })).kind,
    ).toBe('forbidden');
    for (const unknown of [
      new MerchantServerError('502', { httpStatus: 502, outcomeUnknown: true }),
      new MerchantTimeoutError('t', { outcomeUnknown: true }),
      new MerchantNetworkError('n', { outcomeUnknown: true }),
      new Error('anything else'),
      'not even an error',
    ]) {
      expect(classifyPlacementError(unknown).kind).toBe('unknown');
    }
  });

  it('events name their status; new kinds are read from the service', () => {
    expect(statusOfEvent('order.succeeded')).toBe('succeeded');
    expect(statusOfEvent('order.failed')).toBe('failed');
    expect(statusOfEvent('order.refunded')).toBe('refunded');
    expect(statusOfEvent('order.partially_succeeded')).toBeNull();
    expect(statusOfEvent('order.something_new')).toBeNull();
  });

  it('follow-up reads: after poll_after_seconds, then 30 s, 60 s, then every 5 minutes', () => {
    const timings = DEFAULT_FOLLOW_UP_TIMINGS;
    expect(timings.firstDelayMs(12)).toBe(12_000);
    expect(nextFollowUpDelay(0, timings)).toBe(30_000);
    expect(nextFollowUpDelay(1, timings)).toBe(60_000);
    for (const step of [2, 3, 10, 100]) expect(nextFollowUpDelay(step, timings)).toBe(300_000);
    expect(timings.staleAfterMs).toBe(3_600_000);
  });
});

describe('likelyFreeAt: about when a busy number is free again', () => {
  const now = Date.parse('2026-11-22T10:20:10.000Z');
  const details = (pollAfterSeconds: number): StoredOrder['details'] => ({
    statusTitle: '',
    statusMessage: '',
    nextStep: '',
    pollAfterSeconds,
    maskedAccount: '',
    attempts: [],
    createdAt: null,
    updatedAt: null,
  });

  it("is the service's next check after the last read, rounded up to the minute", () => {
    const busy = order('en', {
      status: 'processing',
      syncedAt: '2026-11-22T10:20:00.000Z',
      details: details(600),
    });
    expect(likelyFreeAt(busy, now).toISOString()).toBe('2026-11-22T10:30:00.000Z');
  });

  it('is five minutes after the last change when the service said nothing yet', () => {
    const busy = order('en', { status: 'accepted', updatedAt: '2026-11-22T10:19:30.000Z' });
    expect(likelyFreeAt(busy, now).toISOString()).toBe('2026-11-22T10:25:00.000Z');
  });

  it('is never in the past: at least a minute from now', () => {
    const late = order('en', {
      status: 'processing',
      syncedAt: '2026-11-22T09:00:00.000Z',
      details: details(30),
    });
    expect(likelyFreeAt(late, now).toISOString()).toBe('2026-11-22T10:22:00.000Z');
  });
});
