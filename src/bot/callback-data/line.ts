// Callback data of the ❌ button under an "In line" message, built and parsed here only: `ln:<place id>`, where
// the place id is the one the waiter holds in the shared line (waiting-line.ts).

const PREFIX = 'ln:';

/** Matches every leave-the-line button. */
export const LINE_BUTTON = /^ln:/;

/** The data of the button that leaves place `id`. */
export function leaveLineData(id: string): string {
  return `${PREFIX}${id}`;
}

/** The place id a leave button names, or undefined for any other data. */
export function parseLeaveLineData(data: string): string | undefined {
  if (!data.startsWith(PREFIX)) return undefined;
  const id = data.slice(PREFIX.length);
  return id === '' ? undefined : id;
}
