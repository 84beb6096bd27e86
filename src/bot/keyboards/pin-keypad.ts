import { InlineKeyboard } from 'grammy';
import { KEYPAD_MAX_DIGITS, keypadEntryAction, keypadSubmitAction } from '../callback-data/pin-keypad.ts';

/**
 * The PIN keypad for `entry` typed so far: digits 1–9 and 0, ⌫, ✅ OK and ❌. Each button's data is the entry
 * after its press; `data(action)` wraps an action into the prompt's callback data.
 */
export function pinKeypad(
  entry: string,
  data: (action: string) => string,
  labels: { ok: string; cancel: string; cancelAction: string },
): InlineKeyboard {
  const digit = (d: string) => keypadEntryAction(entry.length >= KEYPAD_MAX_DIGITS ? entry : `${entry}${d}`);
  const kb = new InlineKeyboard();
  for (const row of [
    ['1', '2', '3'],
    ['4', '5', '6'],
    ['7', '8', '9'],
  ]) {
    for (const d of row) kb.text(d, data(digit(d)));
    kb.row();
  }
  kb.text('⌫', data(keypadEntryAction(entry.slice(0, -1))))
    .text('0', data(digit('0')))
    .text(labels.ok, data(keypadSubmitAction(entry)))
    .row()
    .text(labels.cancel, data(labels.cancelAction));
  return kb;
}
