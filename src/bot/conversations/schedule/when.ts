import { InlineKeyboard } from 'grammy';
import {
  nextOccurrence,
  parseLocalDateTime,
  parseLocalTime,
  parseMonthDay,
  type LocalTime,
  type Repeat,
  type RepeatKind,
} from '../../../domain/schedule-time.ts';
import { html } from '../../../lib/html.ts';
import { weekdayName } from '../../../schedules/texts.ts';
import type { StepContext } from '../top-up/step-context.ts';

// The schedule's "when": once at a date and time, or every day, week (a weekday) or month (a day) at a time,
// read in the reseller's zone. Every typed answer is checked here; a bad one is answered and asked again.

const KINDS: readonly RepeatKind[] = ['once', 'daily', 'weekly', 'monthly'];

/** Asks when the schedule runs; Back at the first prompt returns 'back' (to the phone step). */
export async function askWhen(
  run: StepContext,
  zone: string,
  now: () => Promise<number>,
): Promise<Repeat | 'back' | 'cancel'> {
  const { ctx, t, cb, input, navRow, closePrompt } = run;
  for (;;) {
    const s = run.nextPrompt();
    const kb = new InlineKeyboard()
      .text(t('schedule-kind-once'), cb(s, 'once'))
      .text(t('schedule-kind-daily'), cb(s, 'daily'))
      .row()
      .text(t('schedule-kind-weekly'), cb(s, 'weekly'))
      .text(t('schedule-kind-monthly'), cb(s, 'monthly'));
    const message = await ctx.reply(t('schedule-ask-kind', { zone }), { reply_markup: navRow(kb, s, true) });
    let kind: RepeatKind | undefined;
    while (kind === undefined) {
      const a = await input(s, message);
      if (a === 'back' || a === 'cancel') return a;
      kind = a.kind === 'button' ? KINDS.find((k) => k === a.action) : undefined;
      if (kind === undefined) await ctx.reply(t('top-up-press-a-button'));
    }
    await closePrompt(message, t('schedule-kind-chosen', { kind: html(t(`schedule-kind-${kind}`)) }));
    const repeat = await askDetails(run, kind, zone, now);
    // Back from a detail: the kind is asked again.
    if (repeat !== 'back') return repeat;
  }
}

async function askDetails(
  run: StepContext,
  kind: RepeatKind,
  zone: string,
  now: () => Promise<number>,
): Promise<Repeat | 'back' | 'cancel'> {
  switch (kind) {
    case 'once':
      return askDateTime(run, zone, now);
    case 'daily': {
      const time = await askTime(run, zone);
      return typeof time === 'object' ? { kind, time: time.time } : time;
    }
    case 'weekly': {
      const weekday = await askWeekday(run);
      if (weekday === 'back' || weekday === 'cancel') return weekday;
      const time = await askTime(run, zone);
      return typeof time === 'object' ? { kind, weekday, time: time.time } : time;
    }
    case 'monthly': {
      const day = await askTyped<number>(run, run.t('schedule-ask-day'), (text) => {
        const parsed = parseMonthDay(text);
        return parsed === null ? { error: 'schedule-error-day' } : { value: parsed };
      });
      if (day === 'back' || day === 'cancel') return day;
      const time = await askTime(run, zone);
      return typeof time === 'object' ? { kind, day, time: time.time } : time;
    }
  }
}

function askTime(run: StepContext, zone: string): Promise<{ time: LocalTime } | 'back' | 'cancel'> {
  return askTyped<{ time: LocalTime }>(run, run.t('schedule-ask-time', { zone }), (text) => {
    const time = parseLocalTime(text);
    return time === null ? { error: 'schedule-error-time' } : { value: { time } };
  });
}

async function askDateTime(
  run: StepContext,
  zone: string,
  now: () => Promise<number>,
): Promise<Repeat | 'back' | 'cancel'> {
  return askTyped<Repeat>(run, run.t('schedule-ask-datetime', { zone }), async (text) => {
    const parsed = parseLocalDateTime(text);
    if (parsed === null) return { error: 'schedule-error-datetime' };
    const repeat: Repeat = { kind: 'once', date: parsed.date, time: parsed.time };
    // A time already past in the reseller's zone is refused (the clock is read through the replay log).
    return nextOccurrence(repeat, zone, await now()) === null
      ? { error: 'schedule-error-past' }
      : { value: repeat };
  });
}

async function askWeekday(run: StepContext): Promise<number | 'back' | 'cancel'> {
  const { ctx, t, cb, input, navRow, closePrompt, locale } = run;
  const s = run.nextPrompt();
  const kb = new InlineKeyboard();
  for (let day = 1; day <= 7; day++) {
    kb.text(weekdayName(day, locale), cb(s, `w:${day}`));
    if (day === 4) kb.row();
  }
  const message = await ctx.reply(t('schedule-ask-weekday'), { reply_markup: navRow(kb, s, true) });
  for (;;) {
    const a = await input(s, message);
    if (a === 'back' || a === 'cancel') return a;
    const day = a.kind === 'button' && /^w:[1-7]$/.test(a.action) ? Number(a.action.slice(2)) : undefined;
    if (day !== undefined) {
      await closePrompt(message, t('schedule-weekday-chosen', { weekday: weekdayName(day, locale) }));
      return day;
    }
    await ctx.reply(t('top-up-press-a-button'));
  }
}

/** A typed answer, checked by `read`: its error key is answered and the question stays. */
async function askTyped<T>(
  run: StepContext,
  question: string,
  read: (text: string) => { value: T } | { error: string } | Promise<{ value: T } | { error: string }>,
): Promise<T | 'back' | 'cancel'> {
  const { ctx, t, input, navRow, closePrompt } = run;
  const s = run.nextPrompt();
  const message = await ctx.reply(question, { reply_markup: navRow(new InlineKeyboard(), s, true) });
  for (;;) {
    const a = await input(s, message);
    if (a === 'back' || a === 'cancel') return a;
    if (a.kind !== 'text') {
      await ctx.reply(t('schedule-type-it'));
      continue;
    }
    const got = await read(a.text);
    if ('error' in got) {
      await ctx.reply(t(got.error));
      continue;
    }
    await closePrompt(message);
    return got.value;
  }
}
