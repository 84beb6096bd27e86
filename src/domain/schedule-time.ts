import { DateTime } from 'luxon';
import { derivedMerchantOrderNumber } from './order-number.ts';

/**
 * When a scheduled top-up runs: once at a local date and time, or every day, week (a weekday) or month (a day of
 * the month; a day the month lacks runs on its last day) at a local time, in an IANA time zone. Time-zone math is
 * luxon's (the runtime's Intl data): no zone table of ours.
 *
 * A run's **period** is the local date it runs on (`YYYY-MM-DD`): one run per period whatever the DST changes. A
 * local time that a change skips (02:30 on a spring-forward night) runs at the same offset after it (03:30); a
 * local time that happens twice (autumn) runs once.
 */

/** HH:MM, 24-hour. */
export type LocalTime = string;

export type Repeat =
  | { kind: 'once'; date: string; time: LocalTime }
  | { kind: 'daily'; time: LocalTime }
  /** ISO weekday: 1 Monday … 7 Sunday. */
  | { kind: 'weekly'; weekday: number; time: LocalTime }
  /** 1-31; a month without that day runs on its last day. */
  | { kind: 'monthly'; day: number; time: LocalTime };

export type RepeatKind = Repeat['kind'];

/** One run of a schedule: its period (the local date) and the instant it is due (ms since the epoch). */
export interface Occurrence {
  period: string;
  at: number;
}

/** A typed time of day (`9:05`, `09.05`, `21h30`) as HH:MM, or null. */
export function parseLocalTime(input: string): LocalTime | null {
  const match = /^(\d{1,2})\s*[:.hH]\s*(\d{2})$/.exec(input.trim());
  if (match === null) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 23 || minute > 59) return null;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** A typed date and time (`2026-12-24 09:00`, or `2026-12-24T09:00`) as its parts, or null when not a real date. */
export function parseLocalDateTime(input: string): { date: string; time: LocalTime } | null {
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})[\sT]+(.+)$/.exec(input.trim());
  if (match === null) return null;
  const time = parseLocalTime(match[4]!);
  if (time === null) return null;
  const day = DateTime.fromObject(
    { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) },
    { zone: 'UTC' },
  );
  if (!day.isValid) return null;
  return { date: day.toISODate()!, time };
}

/** A typed day of the month, 1-31, or null. */
export function parseMonthDay(input: string): number | null {
  const text = input.trim();
  if (!/^\d{1,2}$/.test(text)) return null;
  const day = Number(text);
  return day >= 1 && day <= 31 ? day : null;
}

/** Whether the runtime knows the zone (an IANA name or `UTC`). */
export function isKnownZone(zone: string): boolean {
  return DateTime.now().setZone(zone).isValid;
}

function at(date: DateTime, time: LocalTime): DateTime {
  const [hour, minute] = time.split(':').map(Number);
  return date.set({ hour: hour!, minute: minute!, second: 0, millisecond: 0 });
}

function occurrenceOn(date: DateTime, time: LocalTime): Occurrence {
  return { period: date.toISODate()!, at: at(date, time).toMillis() };
}

/** The first run of `repeat` in `zone` strictly after `afterMs`, or null (a one-time schedule whose time has passed). */
export function nextOccurrence(repeat: Repeat, zone: string, afterMs: number): Occurrence | null {
  const now = DateTime.fromMillis(afterMs, { zone });
  if (!now.isValid) throw new RangeError(`unknown time zone ${zone}`);
  const today = now.startOf('day');
  switch (repeat.kind) {
    case 'once': {
      const day = DateTime.fromISO(repeat.date, { zone });
      const run = occurrenceOn(day, repeat.time);
      return run.at > afterMs ? run : null;
    }
    case 'daily': {
      for (let i = 0; ; i++) {
        const run = occurrenceOn(today.plus({ days: i }), repeat.time);
        if (run.at > afterMs) return run;
      }
    }
    case 'weekly': {
      const ahead = (repeat.weekday - today.weekday + 7) % 7;
      for (let i = ahead; ; i += 7) {
        const run = occurrenceOn(today.plus({ days: i }), repeat.time);
        if (run.at > afterMs) return run;
      }
    }
    case 'monthly': {
      for (let i = 0; ; i++) {
        const month = today.startOf('month').plus({ months: i });
        const run = occurrenceOn(month.set({ day: Math.min(repeat.day, month.daysInMonth!) }), repeat.time);
        if (run.at > afterMs) return run;
      }
    }
    default: {
      const never: never = repeat;
      throw new Error(`unknown repeat ${String(never)}`);
    }
  }
}

/** An instant as the reseller reads it in their zone: `2026-12-24 09:00`. */
export function localDateTime(ms: number, zone: string): string {
  return DateTime.fromMillis(ms, { zone }).toFormat('yyyy-MM-dd HH:mm');
}

/**
 * The merchant order number of a schedule's run in one period: derived from (schedule, period), so every replica,
 * a retried job and a restarted process name the same order (the order store's create is set-if-absent: a second
 * placement of the period finds the first). Our usual short format, with the run's minute and 60 bits of a hash.
 */
export function scheduledOrderNumber(scheduleId: string, period: string, at: number): string {
  return derivedMerchantOrderNumber(`schedule:${scheduleId}:${period}`, at);
}
