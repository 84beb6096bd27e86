import { Composer } from 'grammy';
import type { Schedules } from '../../schedules/schedules.ts';
import { listText, scheduleEntry } from '../../schedules/texts.ts';
import type { Translate } from '../../orders/texts.ts';
import { SCHEDULE_DATA, parseScheduleData } from '../callback-data/schedule.ts';
import type { BotContext } from '../context.ts';
import { SCHEDULE } from '../conversations/schedule.ts';
import { deleteKeyboard, listKeyboard } from '../keyboards/schedule.ts';
import { requireRole } from './access.ts';

export interface ScheduleFeatureDeps {
  schedules: Pick<Schedules, 'list' | 'get' | 'pause' | 'resume' | 'remove'>;
  /** Schedules one reseller may have. */
  max: number;
}

/**
 * `/schedule`: the user's own schedules (number masked, product, when, next run in their zone, paused or not,
 * the last run's result), with ⏸/▶️ and 🗑 (asked first) per schedule and ➕ for a new one (the schedule
 * conversation). The list message is edited in place after each button.
 */
export function createScheduleFeature(deps: ScheduleFeatureDeps) {
  const composer = new Composer<BotContext>();

  async function list(ctx: BotContext): Promise<{ text: string; markup: ReturnType<typeof listKeyboard> }> {
    const locale = await ctx.i18n.getLocale();
    const t: Translate = (_locale, key, vars) => ctx.t(key, vars);
    const records = await deps.schedules.list(ctx.from!.id);
    return {
      text: listText(t, locale, records, deps.max),
      markup: listKeyboard((key, vars) => ctx.t(key, vars), records),
    };
  }

  async function showList(ctx: BotContext): Promise<void> {
    const { text, markup } = await list(ctx);
    await ctx.editMessageText(text, { reply_markup: markup }).catch((error: unknown) => {
      // The same list again: nothing to change.
      if (!(error instanceof Error && /message is not modified/i.test(error.message))) throw error;
    });
  }

  composer.command('schedule', requireRole('schedule'), async (ctx) => {
    await ctx.conversation.exitAll();
    const { text, markup } = await list(ctx);
    await ctx.reply(text, { reply_markup: markup });
  });

  composer.callbackQuery(SCHEDULE_DATA, requireRole('schedule'), async (ctx) => {
    const pressed = parseScheduleData(ctx.callbackQuery.data);
    if (pressed === undefined) {
      await ctx.answerCallbackQuery({ text: ctx.t('schedule-gone') });
      return;
    }
    const userId = ctx.from.id;
    const { action, id } = pressed;
    switch (action) {
      case 'new':
        await ctx.answerCallbackQuery();
        await ctx.conversation.exitAll();
        await ctx.conversation.enter(SCHEDULE);
        return;
      case 'list':
        await ctx.answerCallbackQuery();
        await showList(ctx);
        return;
      case 'delete': {
        const records = await deps.schedules.list(userId);
        const index = records.findIndex((r) => r.facts.id === id);
        if (index === -1) {
          await ctx.answerCallbackQuery({ text: ctx.t('schedule-gone') });
          await showList(ctx);
          return;
        }
        await ctx.answerCallbackQuery();
        const locale = await ctx.i18n.getLocale();
        const t: Translate = (_locale, key, vars) => ctx.t(key, vars);
        const entry = scheduleEntry(t, locale, records[index]!, index + 1);
        await ctx.editMessageText(`${ctx.t('schedule-delete-ask')}\n\n${entry}`, {
          reply_markup: deleteKeyboard((key) => ctx.t(key), id!),
        });
        return;
      }
      case 'yes':
      case 'pause':
      case 'resume': {
        const result =
          action === 'yes'
            ? await deps.schedules.remove(id!, userId)
            : action === 'pause'
              ? await deps.schedules.pause(id!, userId)
              : await deps.schedules.resume(id!, userId);
        const done = { yes: 'schedule-deleted', pause: 'schedule-paused', resume: 'schedule-resumed' }[
          action
        ];
        await ctx.answerCallbackQuery({
          text: ctx.t(result === 'ok' ? done : result === 'past' ? 'schedule-error-past' : 'schedule-gone'),
        });
        await showList(ctx);
        return;
      }
    }
  });

  return composer;
}
