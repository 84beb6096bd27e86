import { describe, expect, it } from 'vitest';
import {
  nextOccurrence,
  parseLocalDateTime,
  parseLocalTime,
  parseMonthDay,
  scheduledOrderNumber,
} from '../../src/domain/schedule-time.ts';
import { normaliseMerchantOrderNumber } from '../../src/domain/order-number.ts';

const utc = (iso: string) => Date.parse(iso);

describe('when a schedule runs next', () => {
  it('runs a daily schedule at its local time in India (UTC+5:30), today or tomorrow', () => {
    const daily = { kind: 'daily', time: '09:00' } as const;
    expect(nextOccurrence(daily, 'Asia/Kolkata', utc('2026-12-01T03:29:00Z'))).toEqual({
      period: '2026-12-01',
      at: utc('2026-12-01T03:30:00Z'),
    });
    // Strictly after: the run of 09:00 itself moves on to tomorrow.
    expect(nextOccurrence(daily, 'Asia/Kolkata', utc('2026-12-01T03:30:00Z'))).toEqual({
      period: '2026-12-02',
      at: utc('2026-12-02T03:30:00Z'),
    });
  });

  it('keeps the local time across New York’s DST changes, once per local date', () => {
    const daily = { kind: 'daily', time: '09:00' } as const;
    // Before the spring change 09:00 is 14:00 UTC, after it 13:00 UTC.
    expect(nextOccurrence(daily, 'America/New_York', utc('2026-03-07T15:00:00Z'))).toEqual({
      period: '2026-03-08',
      at: utc('2026-03-08T13:00:00Z'),
    });
    // 02:30 does not exist on 8 March 2026: it runs an hour later (03:30 EDT), once.
    const gap = { kind: 'daily', time: '02:30' } as const;
    expect(nextOccurrence(gap, 'America/New_York', utc('2026-03-08T05:00:00Z'))).toEqual({
      period: '2026-03-08',
      at: utc('2026-03-08T07:30:00Z'),
    });
    // 01:30 happens twice on 1 November 2026: one run that day, the next on the 2nd.
    const twice = { kind: 'daily', time: '01:30' } as const;
    const first = nextOccurrence(twice, 'America/New_York', utc('2026-11-01T04:00:00Z'))!;
    expect(first.period).toBe('2026-11-01');
    expect(nextOccurrence(twice, 'America/New_York', first.at)!.period).toBe('2026-11-02');
  });

  it('runs a weekly schedule on its weekday', () => {
    // 2026-12-01 is a Tuesday; Monday (1) next is the 7th, Tuesday (2) later the same day is today.
    const after = utc('2026-12-01T08:00:00Z');
    expect(nextOccurrence({ kind: 'weekly', weekday: 1, time: '10:00' }, 'UTC', after)?.period).toBe(
      '2026-12-07',
    );
    expect(nextOccurrence({ kind: 'weekly', weekday: 2, time: '10:00' }, 'UTC', after)?.period).toBe(
      '2026-12-01',
    );
    expect(nextOccurrence({ kind: 'weekly', weekday: 2, time: '07:00' }, 'UTC', after)?.period).toBe(
      '2026-12-08',
    );
  });

  it('runs a monthly schedule on the last day of a month without its day', () => {
    const the31st = { kind: 'monthly', day: 31, time: '12:00' } as const;
    expect(nextOccurrence(the31st, 'UTC', utc('2026-02-01T00:00:00Z'))?.period).toBe('2026-02-28');
    expect(nextOccurrence(the31st, 'UTC', utc('2028-02-01T00:00:00Z'))?.period).toBe('2028-02-29');
    expect(nextOccurrence(the31st, 'UTC', utc('2026-02-28T12:00:00Z'))?.period).toBe('2026-03-31');
    expect(nextOccurrence(the31st, 'UTC', utc('2026-04-01T00:00:00Z'))?.period).toBe('2026-04-30');
  });

  it('runs a one-time schedule once, and never once its time has passed', () => {
    const once = { kind: 'once', date: '2026-12-24', time: '09:30' } as const;
    expect(nextOccurrence(once, 'Europe/Paris', utc('2026-12-01T00:00:00Z'))).toEqual({
      period: '2026-12-24',
      at: utc('2026-12-24T08:30:00Z'),
    });
    expect(nextOccurrence(once, 'Europe/Paris', utc('2026-12-24T08:30:00Z'))).toBeNull();
  });
});

describe('typed times and dates', () => {
  it('reads a time of day, 24-hour', () => {
    expect(parseLocalTime('9:05')).toBe('09:05');
    expect(parseLocalTime(' 21h30 ')).toBe('21:30');
    expect(parseLocalTime('23.59')).toBe('23:59');
    for (const bad of ['24:00', '25:99', '9', '09:5', 'noon', '']) expect(parseLocalTime(bad)).toBeNull();
  });

  it('reads a real date with a time', () => {
    expect(parseLocalDateTime('2026-12-24 09:30')).toEqual({ date: '2026-12-24', time: '09:30' });
    expect(parseLocalDateTime('2026-2-3T7:05')).toEqual({ date: '2026-02-03', time: '07:05' });
    for (const bad of ['2026-02-30 10:00', '2026-13-01 10:00', '2026-12-24', '24.12.2026 10:00'])
      expect(parseLocalDateTime(bad)).toBeNull();
  });

  it('reads a day of the month', () => {
    expect(parseMonthDay('31')).toBe(31);
    for (const bad of ['0', '32', '1.5', 'x']) expect(parseMonthDay(bad)).toBeNull();
  });
});

describe('the merchant order number of a run', () => {
  it('is the same for the same schedule and period, different otherwise, in our short format', () => {
    const at = utc('2026-12-01T03:30:00Z');
    const a = scheduledOrderNumber('s1', '2026-12-01', at);
    expect(scheduledOrderNumber('s1', '2026-12-01', at)).toBe(a);
    expect(scheduledOrderNumber('s1', '2026-12-02', at)).not.toBe(a);
    expect(scheduledOrderNumber('s2', '2026-12-01', at)).not.toBe(a);
    expect(normaliseMerchantOrderNumber(a.toUpperCase())).toBe(a);
  });
});
