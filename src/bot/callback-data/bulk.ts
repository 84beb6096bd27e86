// Callback data of the bulk top-up buttons, built and parsed here only: `bk:<action>:<run id>`, where the run
// ID is 12 base64url characters (createBulkRuns) and the action one of the few below. The PIN keypad asked at ✅
// is `bk:pin:<run id>:<keypad action>` (callback-data/pin-keypad.ts; `x` for its ❌): the entry lives in the
// buttons, on Telegram's side, never in Redis.
import { parseKeypadAction } from './pin-keypad.ts';

const PREFIX = 'bk';

/** ✅/❌ on the summary; ⏸/▶️/⏹ on the progress message. */
export type BulkAction = 'start' | 'drop' | 'pause' | 'resume' | 'cancel';

const ACTIONS: readonly BulkAction[] = ['start', 'drop', 'pause', 'resume', 'cancel'];
const SHAPE = /^bk:(start|drop|pause|resume|cancel):([A-Za-z0-9_-]{1,32})$/;
const PIN_SHAPE = /^bk:pin:([A-Za-z0-9_-]{1,32}):(.+)$/;
/** The keypad's ❌. */
export const BULK_PIN_CANCEL = 'x';

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

/** The data of a key of the PIN keypad asked at ✅ of run `runId`. */
export function bulkPinData(runId: string, keypadAction: string): string {
  return `${PREFIX}:pin:${runId}:${keypadAction}`;
}

/** A key of the bulk PIN keypad: the entry after it, OK with the entry, or ❌; undefined for any other data. */
export function parseBulkPinData(
  data: string | undefined,
): { runId: string; press: { kind: 'entry' | 'submit'; entry: string } | { kind: 'cancel' } } | undefined {
  const match = data === undefined ? null : PIN_SHAPE.exec(data);
  if (match === null) return undefined;
  const runId = match[1]!;
  if (match[2] === BULK_PIN_CANCEL) return { runId, press: { kind: 'cancel' } };
  const press = parseKeypadAction(match[2]!);
  return press === undefined ? undefined : { runId, press };
}

/** The pattern grammY's callbackQuery() matches for bulk buttons. */
export const BULK_DATA = /^bk:/;
