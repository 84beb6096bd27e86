import type { InlineKeyboard } from 'grammy';

export interface PagerLabels {
  previous: string;
  next: string;
}

/**
 * The one pager of every paged list (pages from `pageOf`): previous, "n/m" (pressing it does nothing), next,
 * on the keyboard's current row; nothing for a single page. `data` builds a button's callback data from a page
 * number, or from `undefined` for the "n/m" button.
 */
export function appendPager(
  kb: InlineKeyboard,
  page: { page: number; pages: number },
  labels: PagerLabels,
  data: (page: number | undefined) => string,
): InlineKeyboard {
  if (page.pages <= 1) return kb;
  if (page.page > 0) kb.text(labels.previous, data(page.page - 1));
  kb.text(`${page.page + 1}/${page.pages}`, data(undefined));
  if (page.page < page.pages - 1) kb.text(labels.next, data(page.page + 1));
  return kb;
}
