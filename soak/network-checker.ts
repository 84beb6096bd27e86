// The network's books, from the records only (soak/network-actor.ts funds the shops and sets their rules in chat):
// the issue's identities. For every succeeded order in a network, the seller's price is the merchant price plus the
// merchant's margin plus every ancestor's commission line, each line there exactly once (and none kept for an order
// that did not succeed); every member's balance is the sum of their ledger lines; what a level received by transfer
// is what the level above gave, each transfer one its distributor sent; no account's available credit went below
// zero. And the rules the prices come from: the merchant's changed by admins only, a distributor's by themself.
import { Decimal } from 'decimal.js';
import type { StoredOrder } from '../src/orders/types.ts';
import type {
  InvariantResult,
  LedgerEntryRecord,
  Records,
  ResellerBooks,
  SandboxOrderRecord,
} from './records.ts';

export const NETWORK_NAMES = {
  commission:
    'every succeeded order in a network: seller price = merchant price + margin + each ancestor’s commission line, once; none kept otherwise',
  balances: "every network member's balance is the sum of their ledger lines, line by line",
  transfers:
    'transfers: each pair’s lines sum to zero, each level received what the level above gave, each one a /transfer its distributor sent',
  floor: "no account's available credit went below zero",
  rules:
    "the merchant's rules changed by admins only, a distributor's by that distributor only, for resellers directly below them",
} as const;

const ZERO = new Decimal(0);
const sum = (values: readonly Decimal[]) => values.reduce((total, v) => total.plus(v), ZERO);

/** The tree as the records hold it: parents, every member's level (1 under the merchant) and chain above. */
function treeOf(records: Records) {
  const parents = new Map((records.networkParents ?? []).map((l) => [l.child, l.parent]));
  const chainOf = (userId: number): number[] => {
    const chain: number[] = [];
    for (let at = parents.get(userId); at !== undefined && chain.length < 8; at = parents.get(at))
      chain.push(at);
    return chain;
  };
  const members = new Set([...parents.keys(), ...parents.values()]);
  const levelOf = (userId: number) => chainOf(userId).length + 1;
  return { parents, members, chainOf, levelOf };
}

type Tree = ReturnType<typeof treeOf>;

/** Every commission line of the records with its account, by the order it names. */
function commissionsByOrder(accounts: readonly ResellerBooks[]) {
  const byRef = new Map<string, CommissionLine[]>();
  for (const books of accounts)
    for (const e of books.entries)
      if (e.kind === 'commission')
        byRef.set(e.ref, [...(byRef.get(e.ref) ?? []), { ...e, userId: books.userId }]);
  return byRef;
}

type CommissionLine = LedgerEntryRecord & { userId: number };

/**
 * An order that did not succeed keeps nothing up the chain: per account its lines net to zero (none, or one given
 * and taken back by a refund after success). Returns how many were taken back.
 */
function judgeNotSucceeded(ext: string, mine: readonly CommissionLine[], offending: unknown[]): number {
  let takenBack = 0;
  for (const userId of new Set(mine.map((c) => c.userId))) {
    const own = mine.filter((c) => c.userId === userId);
    const given = own.filter((c) => new Decimal(c.amount).gt(0)).length;
    const back = own.filter((c) => new Decimal(c.amount).lt(0)).length;
    if (given > 1 || given !== back || !sum(own.map((c) => new Decimal(c.amount))).isZero())
      offending.push({
        problem: 'commission kept on an order that did not succeed',
        ext,
        userId,
        lines: own,
      });
    if (given === 1 && back === 1) takenBack++;
  }
  return takenBack;
}

/**
 * A succeeded order: seller's price = merchant price + the merchant's margin (the first level's price minus the
 * merchant price) + the commission lines, each level's line there once for the price below it minus its own, and
 * the seller's one debit of their price. Returns how many commission lines it has.
 */
function judgeSucceeded(
  order: StoredOrder & { credit: NonNullable<StoredOrder['credit']> },
  merchantPrice: Decimal,
  mine: readonly CommissionLine[],
  sellerLines: readonly LedgerEntryRecord[],
  offending: unknown[],
): number {
  const ext = order.externalOrderId;
  const above = order.credit.above ?? [];
  if (!merchantPrice.eq(order.quote.merchantPrice))
    offending.push({ problem: 'the bot’s merchant price differs from the service’s', ext });
  const top = above.length === 0 ? order.credit.amount : above[above.length - 1]!.price;
  const margin = new Decimal(top).minus(merchantPrice);
  if (margin.lt(0)) offending.push({ problem: 'the first level pays below the merchant price', ext, top });
  let below = { userId: order.resellerId, price: order.credit.amount };
  let total = merchantPrice.plus(margin);
  for (const level of above) {
    const share = new Decimal(below.price).minus(level.price);
    const own = mine.filter((c) => c.userId === level.userId);
    if (share.lt(0))
      offending.push({ problem: 'a level pays more than the level below it', ext, level, below });
    const wanted = share.isZero() ? 0 : 1;
    const right = own.filter((c) => new Decimal(c.amount).eq(share) && c.note === `from:${below.userId}`);
    if (own.length !== wanted || right.length !== wanted)
      offending.push({
        problem: 'commission lines of a level',
        ext,
        level,
        share: share.toFixed(),
        lines: own,
      });
    total = total.plus(sum(own.map((c) => new Decimal(c.amount))));
    below = level;
  }
  const strangers = mine.filter((c) => !above.some((a) => a.userId === c.userId));
  if (strangers.length > 0)
    offending.push({ problem: 'commission to someone not above the seller', ext, strangers });
  if (!total.eq(order.credit.amount))
    offending.push({
      problem: 'seller price ≠ merchant price + margin + commission lines',
      ext,
      price: order.credit.amount,
      merchantPrice: merchantPrice.toFixed(),
      margin: margin.toFixed(),
      total: total.toFixed(),
    });
  const paid = sellerLines.filter((e) => e.ref === ext && (e.kind === 'debit' || e.kind === 'refund'));
  const once = paid.length === 1 && paid[0]!.kind === 'debit';
  if (!once || !new Decimal(paid[0]!.amount).negated().eq(order.credit.amount))
    offending.push({ problem: 'the seller did not pay their price once', ext, lines: paid });
  return mine.length;
}

/** (a) The commission identity of every order placed by someone below a distributor. */
function checkCommissions(
  records: Records,
  tree: Tree,
  byExt: Map<string, SandboxOrderRecord[]>,
): InvariantResult {
  const accounts = records.accounts ?? [];
  const booksOf = new Map(accounts.map((b) => [b.userId, b]));
  const lines = commissionsByOrder(accounts);
  const offending: unknown[] = [];
  const figures = { orders: 0, succeeded: 0, notSucceeded: 0, lines: 0, takenBack: 0 };
  const judged = new Set<string>();
  for (const order of records.botOrders) {
    const credit = order.credit;
    const chain = tree.chainOf(order.resellerId);
    if (credit === undefined || chain.length === 0) continue;
    const ext = order.externalOrderId;
    judged.add(ext);
    figures.orders++;
    // The soak moves nobody: the chain an order was held under is the one the records end with.
    const above = (credit.above ?? []).map((a) => a.userId);
    if (JSON.stringify(above) !== JSON.stringify(chain))
      offending.push({ problem: 'an order held under another chain', ext, above, chain });
    const mine = lines.get(ext) ?? [];
    const succeeded = (byExt.get(ext) ?? []).find((o) => o.status === 'succeeded');
    if (succeeded === undefined) {
      figures.notSucceeded++;
      figures.takenBack += judgeNotSucceeded(ext, mine, offending);
      continue;
    }
    figures.succeeded++;
    const sellerLines = booksOf.get(order.resellerId)?.entries ?? [];
    const merchantPrice = new Decimal(succeeded.merchant_price);
    figures.lines += judgeSucceeded({ ...order, credit }, merchantPrice, mine, sellerLines, offending);
  }
  for (const [ref, own] of lines)
    if (!judged.has(ref))
      offending.push({ problem: 'commission for an order not placed in a network', ref, lines: own });
  return {
    name: NETWORK_NAMES.commission,
    pass: offending.length === 0,
    checked:
      `${figures.orders} orders placed below a distributor: ${figures.succeeded} succeeded ` +
      `(${figures.lines} commission lines), ${figures.notSucceeded} did not (${figures.takenBack} commissions taken back)`,
    offending,
  };
}

/** (b) Each member's lines, one by one: the balance and holds after each are the running sums before it. */
function checkBalances(records: Records, tree: Tree): InvariantResult {
  const offending: unknown[] = [];
  let lines = 0;
  const books = (records.accounts ?? []).filter((b) => tree.members.has(b.userId));
  for (const account of books) {
    let balance = ZERO;
    let holds = ZERO;
    for (const e of account.entries) {
      lines++;
      balance = balance.plus(e.amount);
      holds = holds.plus(e.held);
      if (e.balanceAfter !== undefined && !balance.eq(e.balanceAfter))
        offending.push({
          problem: 'a line’s balance is not the sum of the lines',
          user: account.userId,
          id: e.id,
        });
      if (e.holdsAfter !== undefined && !holds.eq(e.holdsAfter))
        offending.push({
          problem: 'a line’s holds are not the sum of the lines',
          user: account.userId,
          id: e.id,
        });
    }
    const stored = new Decimal(account.balanceUnits).div(10_000);
    if (!balance.eq(stored))
      offending.push({
        problem: 'balance ≠ sum of the ledger lines',
        user: account.userId,
        stored: stored.toFixed(),
        lines: balance.toFixed(),
      });
  }
  return {
    name: NETWORK_NAMES.balances,
    pass: offending.length === 0,
    checked: `${tree.members.size} network members (${books.length} with books), ${lines} ledger lines`,
    offending,
  };
}

/** The /transfer commands each distributor sent: (distributor, reseller, signed amount) -> how many. */
function transferCommands(records: Records): Map<string, number> {
  const sent = new Map<string, number>();
  for (const u of records.updates) {
    const text = u.message?.text;
    const m = /^\/transfer\s+(\d+)\s+(-?[\d.]+)(?:\s|$)/.exec(text ?? '');
    if (m === null || u.message?.from === undefined) continue;
    const key = `${u.message.from.id}:${m[1]}:${new Decimal(m[2]!).toFixed()}`;
    sent.set(key, (sent.get(key) ?? 0) + 1);
  }
  return sent;
}

/** (c) Transfers: pairs, levels, and each one asked for. */
function checkTransfers(records: Records, tree: Tree): InvariantResult {
  const offending: unknown[] = [];
  const byPair = new Map<string, { parent: Decimal[]; child: Decimal[] }>();
  for (const account of records.accounts ?? []) {
    for (const e of account.entries) {
      if (e.kind !== 'transfer') continue;
      const m = /^transfer:(\d+):(\d+)$/.exec(e.ref);
      const [parent, child] = m === null ? [NaN, NaN] : [Number(m[1]), Number(m[2])];
      if (m === null || (account.userId !== parent && account.userId !== child)) {
        offending.push({ problem: 'a transfer line naming other users', user: account.userId, ref: e.ref });
        continue;
      }
      // The soak moves nobody: a transfer's pair is a link the records end with.
      if (tree.parents.get(child) !== parent)
        offending.push({ problem: 'a transfer between users not linked', user: account.userId, ref: e.ref });
      const pair = byPair.get(e.ref) ?? { parent: [], child: [] };
      (account.userId === parent ? pair.parent : pair.child).push(new Decimal(e.amount));
      byPair.set(e.ref, pair);
    }
  }
  const received = new Map<number, Decimal>();
  const gave = new Map<number, Decimal>();
  const asked = transferCommands(records);
  let transfers = 0;
  for (const [ref, pair] of byPair) {
    const [, parent, child] = ref.split(':').map(Number) as [number, number, number];
    // Written by one script each: the child's lines, in order, are the parent's negated.
    const mirrored =
      pair.parent.length === pair.child.length && pair.parent.every((a, i) => a.negated().eq(pair.child[i]!));
    if (!mirrored || !sum([...pair.parent, ...pair.child]).isZero())
      offending.push({
        problem: 'a transfer pair’s lines do not mirror each other',
        ref,
        parent: pair.parent.map(String),
        child: pair.child.map(String),
      });
    const into = tree.levelOf(child);
    received.set(into, (received.get(into) ?? ZERO).plus(sum(pair.child)));
    gave.set(into - 1, (gave.get(into - 1) ?? ZERO).minus(sum(pair.parent)));
    transfers += pair.child.length;
    const counts = new Map<string, number>();
    for (const amount of pair.child) {
      const key = `${parent}:${child}:${amount.toFixed()}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    for (const [key, count] of counts)
      if (count > (asked.get(key) ?? 0))
        offending.push({
          problem: 'more transfers than /transfer commands sent',
          transfer: key,
          count,
          sent: asked.get(key) ?? 0,
        });
  }
  const levels: string[] = [];
  for (const [level, into] of [...received].sort(([a], [b]) => a - b)) {
    const out = gave.get(level - 1) ?? ZERO;
    levels.push(`level ${level} received ${into.toFixed()}, level ${level - 1} gave ${out.toFixed()}`);
    if (!into.eq(out))
      offending.push({
        problem: 'a level received ≠ the level above gave',
        level,
        into: into.toFixed(),
        out: out.toFixed(),
      });
  }
  return {
    name: NETWORK_NAMES.transfers,
    pass: offending.length === 0,
    checked: `${transfers} transfers in ${byPair.size} pairs (${[...asked.values()].reduce((a, b) => a + b, 0)} /transfer commands sent); ${levels.join('; ') || 'no transfers'}`,
    offending,
  };
}

/**
 * (d) After every line of every account, balance − holds ≥ 0. A hold taken again for an order refused on our side
 * that the service had after all (note `revived`) is not checked against the credit (it was charged anyway).
 */
function checkFloor(records: Records): InvariantResult {
  const offending: unknown[] = [];
  let lines = 0;
  let revived = 0;
  for (const account of records.accounts ?? []) {
    let balance = ZERO;
    let holds = ZERO;
    for (const e of account.entries) {
      lines++;
      balance = balance.plus(e.amount);
      holds = holds.plus(e.held);
      if (balance.minus(holds).gte(0)) continue;
      if (e.note === 'revived') revived++;
      else
        offending.push({
          problem: 'available credit below zero',
          user: account.userId,
          id: e.id,
          kind: e.kind,
          ref: e.ref,
          available: balance.minus(holds).toFixed(),
        });
    }
  }
  return {
    name: NETWORK_NAMES.floor,
    pass: offending.length === 0,
    checked: `${(records.accounts ?? []).length} accounts, ${lines} ledger lines${revived > 0 ? ` (${revived} revived holds below zero, charged anyway)` : ''}`,
    offending,
  };
}

/** (e) Who changed which rules: each change with the role its author had then (the role changes up to it). */
function checkRules(records: Records, tree: Tree): InvariantResult {
  const offending: unknown[] = [];
  const admins = new Set(records.configuredAdmins ?? []);
  const roleAt = (userId: number, at: string) =>
    (records.roleChanges ?? []).filter((c) => c.user === userId && Date.parse(c.at) <= Date.parse(at)).at(-1)
      ?.role ?? (admins.has(userId) ? 'admin' : null);
  const changes = records.pricingChanges ?? [];
  for (const change of changes) {
    const role = roleAt(change.by, change.at);
    const reseller = /^reseller:(\d+)$/.exec(change.scope)?.[1];
    if (change.owner === null) {
      if (role !== 'admin')
        offending.push({ problem: "the merchant's rules changed by a non-admin", role, change });
    } else if (change.by !== change.owner || role !== 'distributor') {
      offending.push({ problem: "a distributor's rules changed by someone else", role, change });
    } else if (reseller !== undefined && tree.parents.get(Number(reseller)) !== change.owner) {
      offending.push({ problem: 'a distributor’s rule for a reseller not below them', change });
    }
  }
  const own = changes.filter((c) => c.owner !== null).length;
  return {
    name: NETWORK_NAMES.rules,
    pass: offending.length === 0,
    checked: `${changes.length - own} changes of the merchant's rules, ${own} of distributors' rules`,
    offending,
  };
}

/** Every network invariant over the records. */
export function checkNetwork(records: Records, byExt: Map<string, SandboxOrderRecord[]>): InvariantResult[] {
  const tree = treeOf(records);
  return [
    checkCommissions(records, tree, byExt),
    checkBalances(records, tree),
    checkTransfers(records, tree),
    checkFloor(records),
    checkRules(records, tree),
  ];
}
