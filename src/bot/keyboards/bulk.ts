import { InlineKeyboard } from 'grammy';
import type { InlineKeyboardMarkup } from 'grammy/types';
import { bulkData } from '../callback-data/bulk.ts';
import type { RunState } from '../../bulk/store.ts';

type Label = (key: string) => string;

/** ✅ start / ❌ drop under the summary of a checked file. */
export function summaryKeyboard(t: Label, runId: string): InlineKeyboard {
  return new InlineKeyboard()
    .text(t('bulk-button-start'), bulkData('start', runId))
    .text(t('bulk-button-drop'), bulkData('drop', runId));
}

/** The progress message's buttons: pause or resume, and cancel; none once the run has ended. */
export function progressKeyboard(t: Label, runId: string, state: RunState): InlineKeyboardMarkup | undefined {
  if (state !== 'running' && state !== 'paused') return undefined;
  return new InlineKeyboard()
    .text(
      t(state === 'running' ? 'bulk-button-pause' : 'bulk-button-resume'),
      bulkData(state === 'running' ? 'pause' : 'resume', runId),
    )
    .text(t('bulk-button-cancel'), bulkData('cancel', runId));
}
