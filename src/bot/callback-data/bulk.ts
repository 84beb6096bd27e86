// Callback data of the bulk top-up buttons, built and parsed here only: `bk:<action>:<run id>`, where the run
// ID is 12 base64url characters (createBulkRuns) and the action one of the few below.

const PREFIX = 'bk';

/** ✅/❌ on the summary; ⏸/▶️/⏹ on the progress message. */
export type BulkAction = 'start' | 'drop' | 'pause' | 'resume' | 'cancel';

const ACTIONS: readonly BulkAction[] = ['start', 'drop', 'pause', 'resume', 'cancel'];
const SHAPE = /^bk:(start|drop|pause|resume|cancel):([A-Za-z0-9_-]{1,32})$/;

/** The data of one bulk button. */
export function bulkData(action: BulkAction, runId: string): string {
  return `${PREFIX}:${action}:${runId}`;
}

/** A bulk button's action and run, or undefined for any other data. */
export function parseBulkData(data: string | undefined): { action: BulkAction; runId: string } | undefined {
  const match = data === undefined ? null : SHAPE.exec(data);
  if (match === null) return undefined;
  const action = match[1] as BulkAction;
  return ACTIONS.includes(action) ? { action, runId: match[2]! } : undefined;
}

/** The pattern grammY's callbackQuery() matches for bulk buttons. */
export const BULK_DATA = /^bk:/;
