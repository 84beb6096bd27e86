import { Info } from 'luxon';
import { formatMoney } from '../domain/money.ts';
import { localDateTime, type Repeat } from '../domain/schedule-time.ts';
import { html } from '../lib/html.ts';
import type { Translate } from '../orders/texts.ts';
import type { ScheduleRecord } from './store.ts';

/** The weekday's name in the reader's language (the runtime's Intl data); `weekday` is ISO, 1 Monday. */
export function weekdayName(weekday: number, locale: string): string {
  return Info.weekdays('long', { locale })[weekday - 1] ?? String(weekday);
}

/** When a schedule runs, in words: "every day at 09:00". */
export function repeatText(t: Translate, locale: string, repeat: Repeat): string {
  switch (repeat.kind) {
    case 'once':
      return t(locale, 'schedule-when-once', { date: repeat.date, time: repeat.time });
    case 'daily':
      return t(locale, 'schedule-when-daily', { time: repeat.time });
    case 'weekly':
      return t(locale, 'schedule-when-weekly', {
        weekday: weekdayName(repeat.weekday, locale),
        time: repeat.time,
      });
    case 'monthly':
      return t(locale, 'schedule-when-monthly', { day: repeat.day, time: repeat.time });
    default: {
      const never: never = repeat;
      throw new Error(`unknown repeat ${String(never)}`);
    }
  }
}

/** One schedule of the list, numbered `n`: what, when, its state or next run, and its last run's result. */
export function scheduleEntry(t: Translate, locale: string, record: ScheduleRecord, n: number): string {
  const { facts } = record;
  const lines = [
    t(locale, 'schedule-entry', {
      n,
      phone: facts.masked,
      operator: facts.product.operatorName,
      amount: formatMoney(facts.product.amount, facts.product.currency, locale),
    }),
    t(locale, 'schedule-entry-when', { when: html(repeatText(t, locale, facts.repeat)), zone: facts.zone }),
  ];
  if (record.state === 'paused') lines.push(t(locale, 'schedule-entry-paused'));
  else if (record.state === 'ended') lines.push(t(locale, 'schedule-entry-ended'));
  else if (record.next !== undefined)
    lines.push(t(locale, 'schedule-entry-next', { time: localDateTime(record.next.at, facts.zone) }));
  const last = record.last;
  if (last !== undefined) {
    const time = localDateTime(last.at, facts.zone);
    lines.push(
      last.placed
        ? t(locale, 'schedule-entry-last-placed', {
            time,
            orderId: last.orderId ?? '—',
            number: last.externalOrderId,
          })
        : t(locale, 'schedule-entry-last-not-placed', {
            time,
            reason: html(t(locale, last.reason ?? 'bulk-line-refused-other')),
          }),
    );
  }
  return lines.join('\n');
}

/** The whole /schedule list (or the words for none). */
export function listText(
  t: Translate,
  locale: string,
  records: readonly ScheduleRecord[],
  max: number,
): string {
  if (records.length === 0) return t(locale, 'schedule-list-empty');
  const head = t(locale, 'schedule-list-head', { count: records.length, max });
  return [head, ...records.map((r, i) => scheduleEntry(t, locale, r, i + 1))].join('\n\n');
}
