// Callback data of the /network list, built and parsed here only: `net:p:<distributor user ID>:<page>` for a page
// and `net:n` for the pager's "n/m" button. The page names whose network it shows, so a press by anyone else (a
// forwarded list, forged data) is refused by the handler.

/** Matchers for `composer.callbackQuery`; read a page's data with `parseNetworkPage`. */
export const NETWORK_DATA = {
  page: /^net:p:\d{1,15}:\d{1,4}$/,
  /** The pager's "n/m" button: pressing it does nothing. */
  count: 'net:n',
} as const;

/** The data of the button showing page `page` (from 0) of `distributorId`'s network. */
export function networkPageData(distributorId: number, page: number): string {
  return `net:p:${distributorId}:${page}`;
}

/** Whose network and which page a button asks for, or undefined for data of any other shape. */
export function parseNetworkPage(
  data: string | undefined,
): { distributorId: number; page: number } | undefined {
  const match = data === undefined ? null : /^net:p:(\d{1,15}):(\d{1,4})$/.exec(data);
  if (match === null) return undefined;
  return { distributorId: Number(match[1]), page: Number(match[2]) };
}
