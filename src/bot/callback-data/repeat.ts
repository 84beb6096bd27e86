// Callback data of the Repeat buttons, built and parsed here only.
// `rp:` — the Repeat buttons under a placed order: the same number again, with (`s`) or without (`a`) the same amount.
const REPEAT = 'rp:';

export type RepeatMode = 'same' | 'amount';

/** Matcher for `composer.callbackQuery`; read the match with `parseRepeat`. */
export const REPEAT_DATA = /^rp:([sa]):(.+)$/;

/** Data of a Repeat button for the order `externalOrderId`. */
export function repeatData(mode: RepeatMode, externalOrderId: string): string {
  return `${REPEAT}${mode === 'same' ? 's' : 'a'}:${externalOrderId}`;
}

/** The order and mode behind Repeat data, or null when the data is not a Repeat button's. */
export function parseRepeat(data: string): { mode: RepeatMode; externalOrderId: string } | null {
  const match = REPEAT_DATA.exec(data);
  if (match === null) return null;
  return { mode: match[1] === 's' ? 'same' : 'amount', externalOrderId: match[2]! };
}
