import type { Context } from 'grammy';
import type { BaseContext } from '../context.ts';
import type { Repeat } from '../../domain/schedule-time.ts';
import { askWhen } from './schedule/when.ts';
import { confirmSchedule, type ScheduleSummaryDeps } from './schedule/summary.ts';
import { runTopUpSteps } from './top-up.ts';
import { createStepContext, type Conv, type StepResult, type TopUpDeps } from './top-up/step-context.ts';

export const SCHEDULE = 'schedule';

/** What the schedule conversation needs beyond the top-up's steps. */
export interface ScheduleFlowDeps extends ScheduleSummaryDeps {
  /** The reseller's time zone (/timezone), or UTC. */
  zoneOf(userId: number): Promise<string>;
  /** The schedules' now, in ms. */
  now(): number;
}

/**
 * A new schedule: the number, operator and amount through the top-up's own steps (the same checks and answers;
 * a number an unfinished order holds now is not refused: the runs check it), then when it runs and a summary to
 * confirm (schedule/when.ts, schedule/summary.ts).
 */
export function createScheduleConversation(topUp: TopUpDeps, deps: ScheduleFlowDeps) {
  return async function schedule(conversation: Conv, ctx: Context): Promise<void> {
    const run = await createStepContext(conversation, ctx, topUp);
    run.checkBusyNumber = false;
    const zone = await conversation.external(() => deps.zoneOf(run.userId));
    const now = () => conversation.external((_outer: BaseContext) => deps.now());
    const whenAndSummary = async (): Promise<StepResult> => {
      for (;;) {
        const repeat: Repeat | 'back' | 'cancel' = await askWhen(run, zone, now);
        if (repeat === 'back' || repeat === 'cancel') return repeat;
        const confirmed = await confirmSchedule(run, deps, zone, repeat, now);
        if (confirmed !== 'back') return confirmed;
      }
    };
    await runTopUpSteps(run, whenAndSummary, 'schedule-cancelled');
  };
}
