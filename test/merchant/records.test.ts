import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MerchantUnexpectedError } from '../../src/merchant/errors.ts';
import { isFinished } from '../../src/domain/status.ts';
import {
  formatMoney,
  parseCreateOrder,
  parseMoney,
  parseOperator,
  parseOrder,
  parseQuote,
  parseTime,
} from '../../src/merchant/records.ts';

const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'.split('')), minLength: min, maxLength: max });

/** Canonical service money: integer part without leading zeros, exactly four decimals. */
const moneyText = fc
  .tuple(
    fc.boolean(),
    fc.oneof(
      fc.constant('0'),
      fc.tuple(fc.constantFrom(...'123456789'.split('')), digits(0, 25)).map(([a, b]) => a + b),
    ),
    digits(4, 4),
  )
  .filter(([neg, int, frac]) => !(neg && int === '0' && frac === '0000'))
  .map(([neg, int, frac]) => `${neg ? '-' : ''}${int}.${frac}`);

const order = {
  id: 7,
  order_id: 'O-1001',
  external_order_id: 'rb-1',
  status: 'processing',
  order_status: 'processing',
  status_title: 'Processing',
  status_message: 'On its way',
  next_step: 'Wait',
  poll_after_seconds: 15,
  country: 'NG',
  operator: { operator_key: 'NG-mtn', name: 'MTN', logo_url: '', extra: 1 },
  subtype: 'airtime',
  account: '234*****67',
  local_amount: '500.0000',
  local_currency: 'NGN',
  merchant_price: '0.6731',
  merchant_currency: 'USD',
  attempts: [
    {
      attempt_no: 1,
      status: 'submitted',
      error_message: '',
      submitted_at: '2026-01-02T03:04:05.123456Z',
      completed_at: null,
    },
  ],
  created_at: '2026-01-02T03:04:05Z',
  updated_at: '2026-01-02T03:04:06.5+00:00',
  some_future_field: { nested: true },
};

describe('money', () => {
  it('round-trips every 4-decimal string exactly (parse then format)', () => {
    fc.assert(
      fc.property(moneyText, (text) => {
        expect(formatMoney(parseMoney(text))).toBe(text);
      }),
    );
  });

  it('round-trips every Decimal with at most 4 decimals (format then parse)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), (units) => {
        const value = new Decimal(units.toString()).dividedBy(10_000);
        expect(parseMoney(formatMoney(value)).equals(value)).toBe(true);
      }),
    );
  });

  it('keeps sums exact where floating point would not', () => {
    expect(formatMoney(parseMoney('0.1000').plus(parseMoney('0.2000')))).toBe('0.3000');
    expect(formatMoney(parseMoney('12345678901234567890.1234'))).toBe('12345678901234567890.1234');
  });

  it('refuses exponents, spaces, empty and non-numbers', () => {
    for (const bad of ['1e5', ' 1.0000', '', 'NaN', 'Infinity', '1,000.0000', '0x10', '.5']) {
      expect(() => parseMoney(bad)).toThrow(RangeError);
    }
  });
});

describe('times', () => {
  it('reads Z and +00:00 with any number of fractional digits', () => {
    expect(parseTime('2026-01-02T03:04:05Z').toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(parseTime('2026-01-02T03:04:05.1Z').toISOString()).toBe('2026-01-02T03:04:05.100Z');
    expect(parseTime('2026-01-02T03:04:05.123456789+00:00').toISOString()).toBe('2026-01-02T03:04:05.123Z');
    expect(parseTime('2026-01-02T05:04:05.5+02:00').toISOString()).toBe('2026-01-02T03:04:05.500Z');
  });

  it('agrees with Date for every millisecond-precision instant, whatever the offset spelling', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1971-01-01'), max: new Date('2200-01-01'), noInvalidDate: true }),
        digits(0, 6),
        (date, extra) => {
          const iso = date.toISOString();
          expect(parseTime(iso).getTime()).toBe(date.getTime());
          expect(parseTime(iso.replace('Z', `${extra}+00:00`)).getTime()).toBe(date.getTime());
        },
      ),
    );
  });

  it('refuses what is not a time', () => {
    for (const bad of ['', 'yesterday', '2026-01-02', '2026-13-02T00:00:00Z', '2026-01-02T00:00:00']) {
      expect(() => parseTime(bad)).toThrow(RangeError);
    }
  });
});

describe('records', () => {
  it('reads an order, ignoring unknown fields, with Decimal money and Dates', () => {
    const parsed = parseOrder(order);
    expect(parsed.orderId).toBe('O-1001');
    expect(parsed.localAmount.equals(new Decimal('500'))).toBe(true);
    expect(formatMoney(parsed.merchantPrice)).toBe('0.6731');
    expect(parsed.attempts[0]?.submittedAt?.toISOString()).toBe('2026-01-02T03:04:05.123Z');
    expect(parsed.attempts[0]?.completedAt).toBeNull();
    expect(parsed.updatedAt?.toISOString()).toBe('2026-01-02T03:04:06.500Z');
    expect(parsed).not.toHaveProperty('some_future_field');
    expect(parsed.operator).toEqual({ operatorKey: 'NG-mtn', name: 'MTN', logoUrl: '' });
  });

  it('keeps an unknown status as text and treats it as unfinished', () => {
    const parsed = parseOrder({ ...order, status: 'queued_at_operator', poll_after_seconds: 20 });
    expect(parsed.status).toBe('queued_at_operator');
    expect(isFinished(parsed.status)).toBe(false);
    expect(isFinished('failed')).toBe(false);
    expect(isFinished('succeeded')).toBe(true);
    expect(isFinished('refunded')).toBe(true);
    // On read the status may come only as order_status.
    const { status: _status, ...readShape } = order;
    expect(parseOrder({ ...readShape, order_status: 'succeeded' }).status).toBe('succeeded');
  });

  it('reads a create answer with the replay flag', () => {
    const result = parseCreateOrder({ idempotent_replay: true, order }, 200);
    expect(result).toMatchObject({ httpStatus: 200, idempotentReplay: true });
    expect(result.order.externalOrderId).toBe('rb-1');
  });

  it('reads a quote with an explicit +00:00 expiry', () => {
    const quote = parseQuote({
      country: 'NG',
      country_name: 'Nigeria',
      operator: { operator_key: 'NG-mtn', name: 'MTN', logo_url: '' },
      subtype: 'airtime',
      local_amount: '500.0000',
      local_currency: 'NGN',
      merchant_price: '0.6731',
      merchant_currency: 'USD',
      expires_at: '2026-01-02T03:09:05.654321+00:00',
      quote_token: 'qt',
    });
    expect(quote.expiresAt.toISOString()).toBe('2026-01-02T03:09:05.654Z');
    expect(formatMoney(quote.localAmount)).toBe('500.0000');
  });

  it('reads fixed and range amounts of an operator', () => {
    const op = parseOperator({
      operator_key: 'NG-mtn',
      name: 'MTN',
      amounts: [{ min: '50.0000', max: '100.0000', currency: 'NGN', subtype: 'airtime', label: 'x' }],
    });
    expect(op.amounts[0]?.min.lessThan(op.amounts[0].max)).toBe(true);
    expect(op.subtypes).toEqual([]);
  });

  it('turns garbage into a clear unexpected error naming the field, never its value', () => {
    const cases: Array<[unknown, string]> = [
      [null, 'order is not an object'],
      [[], 'order is not an object'],
      [{ ...order, order_id: 5 }, 'order.order_id'],
      [{ ...order, local_amount: 12.5 }, 'order.local_amount'],
      [{ ...order, merchant_price: '1e3' }, 'order.merchant_price'],
      [{ ...order, created_at: 'soon' }, 'order.created_at'],
      [{ ...order, attempts: [{ attempt_no: 'one' }] }, 'order.attempts[0].attempt_no'],
      [{ ...order, account: 2348031234567 }, 'order.account'],
    ];
    for (const [value, where] of cases) {
      let caught: unknown;
      try {
        parseOrder(value);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(MerchantUnexpectedError);
      const error = caught as MerchantUnexpectedError;
      expect(error.kind).toBe('unexpected');
      expect(error.message).toContain(where);
      expect(error.message).not.toContain('2348031234567');
    }
  });
});
