// Callback data of the PIN keypad, built and parsed here only. Its buttons are top-up buttons
// (`t:<flow>:<prompt>:<action>`, callback-data/top-up.ts) whose action carries the whole entry after the press:
// `pk:<digits>` (a digit or ⌫ pressed) and `po:<digits>` (✅ OK). The entry so far lives in the keypad's buttons,
// on Telegram's side, and nowhere here; the stored replay of a flow keeps it redacted (redactKeypadData).
import { parseTopUpData, topUpData } from './top-up.ts';

const ENTRY = 'pk';
const SUBMIT = 'po';
/** The longest entry a keypad takes (a PIN has 4 to 8 digits). */
export const KEYPAD_MAX_DIGITS = 8;
/** What a digit becomes in a stored replay. */
const REDACTED_DIGIT = '*';

/** The action of a keypad button that leaves `entry` typed. */
export function keypadEntryAction(entry: string): string {
  return `${ENTRY}:${entry}`;
}

/** The action of the ✅ OK button with `entry` typed. */
export function keypadSubmitAction(entry: string): string {
  return `${SUBMIT}:${entry}`;
}

/** A keypad press: the entry after it, or the entry sent with OK; `undefined` for any other action. */
export function parseKeypadAction(action: string): { kind: 'entry' | 'submit'; entry: string } | undefined {
  const match = /^(pk|po):([\d*]{0,8})$/.exec(action);
  if (match === null) return undefined;
  return { kind: match[1] === ENTRY ? 'entry' : 'submit', entry: match[2]! };
}

/**
 * The data with every typed digit of a keypad button replaced (its length kept, so a replay shows as many
 * dots); any other data unchanged.
 */
export function redactKeypadData(data: string): string {
  const button = parseTopUpData(data);
  if (button === undefined) return data;
  const press = parseKeypadAction(button.action);
  if (press === undefined) return data;
  const hidden = REDACTED_DIGIT.repeat(press.entry.length);
  const action = press.kind === 'entry' ? keypadEntryAction(hidden) : keypadSubmitAction(hidden);
  return topUpData(button.flow, button.prompt, action);
}
