import { InlineKeyboard } from 'grammy';
import { scheduleData } from '../callback-data/schedule.ts';
import type { ScheduleRecord } from '../../schedules/store.ts';

type Label = (key: string, vars?: Record<string, string | number>) => string;

/** Under the list: per schedule (numbered as listed) pause or resume, and delete; then ➕ new. */
export function listKeyboard(t: Label, schedules: readonly ScheduleRecord[]): InlineKeyboard {
  const kb = new InlineKeyboard();
  schedules.forEach((s, i) => {
    const n = i + 1;
    if (s.state === 'active') kb.text(t('schedule-button-pause', { n }), scheduleData('pause', s.facts.id));
    else if (s.state === 'paused')
      kb.text(t('schedule-button-resume', { n }), scheduleData('resume', s.facts.id));
    kb.text(t('schedule-button-delete', { n }), scheduleData('delete', s.facts.id)).row();
  });
  return kb.text(t('schedule-button-new'), scheduleData('new'));
}

/** The delete question: yes, or keep it (back to the list). */
export function deleteKeyboard(t: Label, id: string): InlineKeyboard {
  return new InlineKeyboard()
    .text(t('schedule-button-delete-yes'), scheduleData('yes', id))
    .text(t('schedule-button-keep'), scheduleData('list'));
}
