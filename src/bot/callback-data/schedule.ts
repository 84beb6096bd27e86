// Callback data of the /schedule list's buttons, built and parsed here only: `sc:<action>[:<schedule id>]`, where
// the schedule ID is 12 base64url characters (createSchedules) and the action one of the few below.

const PREFIX = 'sc';

/**
 * On the list: pause, resume, delete (asks first), new; on the delete question: yes, or back to the list.
 * `new` and `list` carry no schedule.
 */
export type ScheduleAction = 'pause' | 'resume' | 'delete' | 'yes' | 'list' | 'new';

const SHAPE = /^sc:(pause|resume|delete|yes|list|new)(?::([A-Za-z0-9_-]{1,32}))?$/;

/** The data of one /schedule button. */
export function scheduleData(action: ScheduleAction, id?: string): string {
  return id === undefined ? `${PREFIX}:${action}` : `${PREFIX}:${action}:${id}`;
}

/** A /schedule button's action and schedule, or undefined for any other data. */
export function parseScheduleData(
  data: string | undefined,
): { action: ScheduleAction; id?: string } | undefined {
  const match = data === undefined ? null : SHAPE.exec(data);
  if (match === null) return undefined;
  const action = match[1] as ScheduleAction;
  const id = match[2];
  const needsId = action !== 'new' && action !== 'list';
  if (needsId !== (id !== undefined)) return undefined;
  return id === undefined ? { action } : { action, id };
}

/** The pattern grammY's callbackQuery() matches for /schedule buttons. */
export const SCHEDULE_DATA = /^sc:/;
