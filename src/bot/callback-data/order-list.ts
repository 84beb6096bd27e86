// Callback data of the /orders list, built and parsed here only.
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
