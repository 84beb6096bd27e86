/**
 * The bot's own families of callback data, each built and parsed here only (the `ord:` family lives in
 * notify/callback-data.ts, beside the order alerts that build it; the top-up steps' data beside the conversation).
 */

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

// `lang:` — the language picker of /language (open to strangers, so access lets it through).
const LANGUAGE = 'lang:';

/** Matcher for `composer.callbackQuery`; read the match with `parseLanguage`. */
export const LANGUAGE_DATA = /^lang:(.+)$/;

/** Data of the button choosing `locale`. */
export function languageData(locale: string): string {
  return `${LANGUAGE}${locale}`;
}

/** Whether this is the data of a language button. */
export function isLanguageData(data: string | undefined): boolean {
  return data?.startsWith(LANGUAGE) === true;
}

/** The locale a language button names (not yet checked against the supported ones), or null. */
export function parseLanguage(data: string): string | null {
  return LANGUAGE_DATA.exec(data)?.[1] ?? null;
}

// `ol:` — the /orders list: a page (status filter or `-`, offset, search reference), its "n/m" button and Search.
const ORDER_LIST = 'ol:';

/** Matchers for `composer.callbackQuery`; read a page's data with `parseOrderListPage`. */
export const ORDER_LIST_DATA = {
  page: /^ol:([a-z_]+|-):(\d+):([A-Za-z0-9_-]*)$/,
  /** The pager's "n/m" button: pressing it does nothing. */
  count: `${ORDER_LIST}n`,
  search: `${ORDER_LIST}q`,
} as const;

/** Data of the button showing the list from `offset`, filtered by `status` and the search behind `ref`. */
export function orderListData(status: string | undefined, offset: number, ref: string): string {
  return `${ORDER_LIST}${status ?? '-'}:${offset}:${ref}`;
}

/** What a page button asks for (`ref` is '' without a search), or null when the data is not a page's. */
export function parseOrderListPage(
  data: string,
): { status: string | undefined; offset: number; ref: string } | null {
  const match = ORDER_LIST_DATA.page.exec(data);
  if (match === null) return null;
  return { status: match[1] === '-' ? undefined : match[1], offset: Number(match[2]), ref: match[3] ?? '' };
}
