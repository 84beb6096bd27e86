// Callback data of the top-up steps' buttons, built and parsed here only:
// `t:<flow>:<prompt>:<action>`, where an action is a word (ACTION) or a choice `<kind>:<value>` (CHOICE).

const PREFIX = 't';

/** The actions of the navigation, pager and quote buttons. */
export const ACTION = {
  back: 'back',
  cancel: 'cancel',
  /** The pager's "n/m" button. */
  noop: 'noop',
  retry: 'retry',
  confirm: 'ok',
  reject: 'no',
} as const;

/** The kinds of choice a button carries a value for. */
export const CHOICE = {
  page: 'p',
  country: 'c',
  operator: 'o',
  /** A subtype or currency, by its index in the offered list. */
  value: 'v',
  amount: 'a',
  recentNumber: 'n',
} as const;

export type ChoiceKind = (typeof CHOICE)[keyof typeof CHOICE];

/** Matches every top-up button, of any flow (the handler of buttons of flows that have ended). */
export const TOP_UP_BUTTON = new RegExp(`^${PREFIX}:`);

/** A button of prompt `prompt` in flow `flow`. */
export function topUpData(flow: string, prompt: number, action: string): string {
  return `${PREFIX}:${flow}:${prompt}:${action}`;
}

/** The action of a choice button. */
export function choiceAction(kind: ChoiceKind, value: string | number): string {
  return `${kind}:${value}`;
}

/** Flow, prompt and action of a top-up button; `undefined` for any other family. */
export function parseTopUpData(data: string): { flow: string; prompt: number; action: string } | undefined {
  const [prefix, flow, prompt, ...rest] = data.split(':');
  if (prefix !== PREFIX || flow === undefined || prompt === undefined) return undefined;
  return { flow, prompt: Number(prompt), action: rest.join(':') };
}

/** The value a choice action carries for `kind`, or `undefined` when the action is not of that kind. */
export function choiceOf(action: string, kind: ChoiceKind): string | undefined {
  return action.startsWith(`${kind}:`) ? action.slice(kind.length + 1) : undefined;
}

/** The index a choice action carries for `kind` (list buttons), or `undefined`. */
export function choiceIndex(action: string, kind: ChoiceKind): number | undefined {
  const value = choiceOf(action, kind);
  return value === undefined ? undefined : Number(value);
}
