/** Statuses named by the spec; the service may add more, kept as text and treated as unfinished. */
export type KnownOrderStatus =
  'accepted' | 'processing' | 'manual_review' | 'succeeded' | 'failed' | 'refunded';
export type OrderStatus = KnownOrderStatus | (string & {});

/** The recharge statuses named by the spec, in lifecycle order. */
export const KNOWN_STATUSES: readonly KnownOrderStatus[] = [
  'accepted',
  'processing',
  'manual_review',
  'failed',
  'succeeded',
  'refunded',
];

const KNOWN = new Set<string>(KNOWN_STATUSES);

/** Whether the service's status is one the spec names (others may appear and count as unfinished). */
export function isKnownStatus(status: string): status is KnownOrderStatus {
  return KNOWN.has(status);
}

/** The emoji that starts every order status line (CONTRACT.md). */
export function statusEmoji(status: OrderStatus): string {
  if (!isKnownStatus(status)) return '⏳';
  switch (status) {
    case 'accepted':
    case 'processing':
      return '⏳';
    case 'manual_review':
      return '🔎';
    case 'succeeded':
      return '✅';
    case 'failed':
      return '⚠️';
    case 'refunded':
      return '↩️';
  }
}

/** Finished per the spec (poll_after_seconds = 0): succeeded and refunded. `failed` awaits its refund. */
export function isFinished(status: OrderStatus): boolean {
  return status === 'succeeded' || status === 'refunded';
}

/**
 * Progress rank, for ordering and display: accepted 0; processing and unknown statuses 1;
 * manual_review and failed 2; succeeded and refunded 3. canMove holds the exact rules.
 */
export function statusRank(status: OrderStatus): number {
  if (!isKnownStatus(status)) return 1;
  switch (status) {
    case 'accepted':
      return 0;
    case 'processing':
      return 1;
    case 'manual_review':
    case 'failed':
      return 2;
    case 'succeeded':
    case 'refunded':
      return 3;
  }
}

/**
 * Whether an order may move from one status to another; never backwards, so late or duplicated events
 * cannot undo progress. Staying at the same status is not a move (false).
 * succeeded/refunded are final; failed -> refunded only; manual_review -> succeeded | refunded;
 * accepted -> anything later (unknown included); processing -> manual_review | succeeded | failed |
 * refunded | unknown. An unknown status ranks with processing: it may move to processing, to another
 * unknown status or to any later known status, and is never reached from manual_review, failed or a final one.
 */
export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  if (from === to) return false;
  const target: KnownOrderStatus | 'unknown' = isKnownStatus(to) ? to : 'unknown';
  if (!isKnownStatus(from)) return target !== 'accepted';
  switch (from) {
    case 'accepted':
      return true;
    case 'processing':
      return target !== 'accepted';
    case 'manual_review':
      return target === 'succeeded' || target === 'refunded';
    case 'failed':
      return target === 'refunded';
    case 'succeeded':
    case 'refunded':
      return false;
  }
}

/** Our statuses beyond the service's: not answered yet, and refused (nothing charged). */
export type DisplayStatus = OrderStatus | 'placing' | 'rejected';

/** Locale key of a status text (`order-status-manual-review`…); unknown statuses share one key. */
function statusTextKey(status: DisplayStatus): string {
  if (status === 'placing' || status === 'rejected') return `order-status-${status}`;
  if (!isKnownStatus(status)) return 'order-status-unknown';
  return `order-status-${status.replace(/_/g, '-')}`;
}

/** Emoji of a display status: CONTRACT.md's for service statuses, ⏳ while placing, ❌ when refused. */
export function displayEmoji(status: DisplayStatus): string {
  if (status === 'placing') return '⏳';
  if (status === 'rejected') return '❌';
  return statusEmoji(status);
}

/**
 * The status as text in the reader's language, through whatever translate function the caller has (the bot's
 * `i18n.t`): domain/ names the key, the caller's locales hold the words.
 */
export function statusText(
  t: (locale: string, key: string, variables: { status: string }) => string,
  locale: string,
  status: DisplayStatus,
): string {
  return t(locale, statusTextKey(status), { status });
}
