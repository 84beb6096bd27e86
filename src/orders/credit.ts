import { Decimal } from 'decimal.js';
import { accountsKeys } from '../accounts/keys.ts';
import { toUnits, type LedgerKind, type LedgerMove } from '../accounts/ledger.ts';
import type { OrderCredit, StoredOrder } from './types.ts';

/**
 * How an order's credit follows the order. The state an order's credit should be in is read from the order
 * itself; the move from the state recorded in the record to that one is written in the same compare-and-set
 * commit as the record (store.ts), so it happens exactly once whatever replays, replicas or crashes.
 */

type State = OrderCredit['state'];

/** The credit state the order's own state calls for, given the state recorded so far. */
export function creditStateOf(order: StoredOrder, recorded: State): State {
  if (order.placement === 'rejected') return 'released';
  if (order.placement === 'placing' || order.status === undefined) return 'held';
  switch (order.status) {
    case 'succeeded':
      return 'settled';
    case 'refunded':
      // Refunded after success gives the debit back; refunded otherwise (after failed) was never charged.
      return recorded === 'settled' || recorded === 'refunded' ? 'refunded' : 'released';
    case 'failed':
      // The automatic refund follows; nothing was charged, so the hold ends now (once: refunded keeps it so).
      return 'released';
    default:
      return 'held';
  }
}

/** What each state means for the balance, the holds and the day's spend, in multiples of the amount. */
const EFFECT: Record<State, { balance: number; hold: number; day: number }> = {
  held: { balance: 0, hold: 1, day: 1 },
  settled: { balance: -1, hold: 0, day: 1 },
  released: { balance: 0, hold: 0, day: 0 },
  refunded: { balance: 0, hold: 0, day: 0 },
};

function kindOf(from: State, to: State): LedgerKind {
  if (to === 'held') return 'hold';
  if (to === 'settled') return 'debit';
  if (to === 'refunded') return 'refund';
  return 'release';
}

/**
 * What the merchant is paid for an order: the price of the level just below the merchant (the seller's own, or
 * the price of the topmost distributor above them); the merchant price for an admin's order.
 */
export function merchantRevenue(order: Pick<StoredOrder, 'credit' | 'quote'>): string {
  const above = order.credit?.above;
  if (above !== undefined && above.length > 0) return above[above.length - 1]!.price;
  return order.quote.resellerPrice ?? order.quote.merchantPrice;
}

/** The note of a commission line: the user of the level below it came through. */
function commissionNote(fromUserId: number): string {
  return `from:${fromUserId}`;
}

/** The user a commission line came through (its note), or undefined for any other note. */
export function commissionFrom(note: string): number | undefined {
  const match = /^from:(\d+)$/.exec(note);
  return match === null ? undefined : Number(match[1]);
}

/**
 * Each distributor above an order's payer, nearest first, with the price they pay and their share: the price of
 * the level below (`from`; the payer's for the nearest) minus their own.
 */
function commissionShares(
  credit: Pick<OrderCredit, 'amount' | 'above'>,
  payerId: number,
): Array<{ userId: number; price: string; share: Decimal; from: number }> {
  let below = { userId: payerId, price: credit.amount };
  return (credit.above ?? []).map((level) => {
    const share = { ...level, share: new Decimal(below.price).minus(level.price), from: below.userId };
    below = level;
    return share;
  });
}

/**
 * The commission lines of a step from `from` to `to`: entering `settled` credits each distributor above the
 * payer their share; leaving it (a refund after success) takes that back. Each line names the order (ref) and
 * the level it came through (commissionNote).
 */
export function commissionMoves(
  prefix: string,
  order: StoredOrder,
  credit: OrderCredit,
  from: State | null,
  to: State,
): LedgerMove[] {
  const sign = (to === 'settled' ? 1 : 0) - (from === 'settled' ? 1 : 0);
  if (sign === 0) return [];
  const { account } = accountsKeys(prefix);
  return commissionShares(credit, order.resellerId)
    .filter((level) => !level.share.isZero())
    .map((level) => ({
      keys: { ...account(level.userId), day: '' },
      kind: 'commission',
      balance: new Decimal(toUnits(level.share)).mul(sign).toFixed(0),
      hold: '0',
      day: '0',
      check: 'none',
      ref: order.externalOrderId,
      note: commissionNote(level.from),
      currency: credit.currency,
    }));
}

/** A distributor's place in an order's chain: what they pay, what the level below them pays, and the difference. */
export interface Level {
  /** What the seller (the order's payer) pays. */
  sellerPrice: string;
  /** What the distributor pays for the same top-up. */
  price: string;
  /** The price of the level below minus their own: credited to them when the order succeeds. */
  commission: string;
}

/**
 * The level of `userId` in an order's chain (the same reading as commissionMoves), or null when they were not
 * above its payer when it was stored.
 */
export function levelOf(credit: Pick<OrderCredit, 'amount' | 'above'>, userId: number): Level | null {
  // The payer is not needed to read a share: only the `from` of each level names them.
  const level = commissionShares(credit, 0).find((row) => row.userId === userId);
  if (level === undefined) return null;
  return { sellerPrice: credit.amount, price: level.price, commission: level.share.toFixed() };
}

/**
 * The ledger move taking an order's credit from `from` to `to` (null when nothing changes). `check`: the first
 * hold is checked against the available credit and the limits; a hold taken again (an order refused on our
 * side that the service has after all) is not, since the service charged it anyway.
 */
export function creditMove(
  prefix: string,
  order: StoredOrder,
  credit: OrderCredit,
  from: State | null,
  to: State,
): LedgerMove | null {
  if (from === to) return null;
  const before = from === null ? EFFECT.released : EFFECT[from];
  const after = EFFECT[to];
  const units = new Decimal(toUnits(credit.amount));
  const delta = (field: 'balance' | 'hold' | 'day') => units.mul(after[field] - before[field]).toFixed(0);
  const own = accountsKeys(prefix).account(order.resellerId);
  const move: LedgerMove = {
    keys: { ...own, day: own.day(credit.day) },
    kind: kindOf(from ?? 'released', to),
    balance: delta('balance'),
    hold: delta('hold'),
    day: delta('day'),
    check: from === null ? 'hold' : 'none',
    ref: order.externalOrderId,
    note: from === 'released' && to !== 'refunded' ? 'revived' : (order.status ?? order.placement),
    currency: credit.currency,
  };
  if (move.balance === '0' && move.hold === '0' && move.day === '0') return null;
  return move;
}
