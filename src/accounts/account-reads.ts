import { Decimal } from 'decimal.js';
import type { Redis } from 'ioredis';
import { scanKeys } from '../lib/redis/connect.ts';
import type { AccountsKeys } from './keys.ts';
import { fromUnits, utcDay, type LedgerKind } from './ledger.ts';

// What the credit accounts read (accounts.ts makes the moves): an account's figures and its ledger.

/** One ledger entry as read back (amounts exact decimal strings; `amount` is the balance change). */
export interface LedgerEntry {
  /** Stream entry ID: Redis time in ms and a sequence; orders the entries. */
  id: string;
  at: Date;
  kind: LedgerKind;
  amount: string;
  /** Change of the holds. */
  held: string;
  balanceAfter: string;
  holdsAfter: string;
  /** Merchant order number, or `admin:<id>`. */
  ref: string;
  note: string;
  currency: string;
}

/** A reseller's account as shown by /balance. */
export interface AccountView {
  balance: string;
  holds: string;
  available: string;
  /** Held or spent today (UTC). */
  spentToday: string;
  dailyLimit: string | null;
  orderMax: string | null;
  lowAlert: string | null;
}

/** A ledger entry from its stream entry's ID and fields. */
function parseEntry(id: string, fields: string[]): LedgerEntry {
  const byName: Record<string, string> = {};
  for (let i = 0; i + 1 < fields.length; i += 2) byName[fields[i]!] = fields[i + 1]!;
  return {
    id,
    at: new Date(Number(id.split('-')[0])),
    kind: (byName.k ?? 'adjust') as LedgerKind,
    amount: byName.a ?? '0',
    held: byName.h ?? '0',
    balanceAfter: byName.b ?? '0',
    holdsAfter: byName.ho ?? '0',
    ref: byName.r ?? '',
    note: byName.n ?? '',
    currency: byName.c ?? '',
  };
}

/** Creates the reads of the credit accounts: an account's figures and limits, its ledger, the holds. */
export function createAccountReads(redis: Redis, keys: AccountsKeys, clock: () => number) {
  async function field(userId: number, name: string): Promise<string | null> {
    const value = await redis.hget(keys.account(userId).account, name);
    return value === null ? null : fromUnits(value);
  }

  return {
    /** Balance, holds, what is available, today's spend and the limits. */
    async view(userId: number): Promise<AccountView> {
      const own = keys.account(userId);
      const [[bal, hold, dl, om, lo], today] = await Promise.all([
        redis.hmget(own.account, 'bal', 'hold', 'dl', 'om', 'lo'),
        redis.get(own.day(utcDay(clock()))),
      ]);
      const balance = new Decimal(bal ?? '0');
      const holds = new Decimal(hold ?? '0');
      return {
        balance: fromUnits(balance.toFixed(0)),
        holds: fromUnits(holds.toFixed(0)),
        available: fromUnits(balance.minus(holds).toFixed(0)),
        spentToday: fromUnits(today ?? '0'),
        dailyLimit: dl === null || dl === undefined ? null : fromUnits(dl),
        orderMax: om === null || om === undefined ? null : fromUnits(om),
        lowAlert: lo === null || lo === undefined ? null : fromUnits(lo),
      };
    },

    /** The low-credit threshold, when set. */
    lowAlert: (userId: number) => field(userId, 'lo'),

    /** Ledger entries from `fromMs` (inclusive) to `toMs` (exclusive), oldest first, read `pageSize` at a time. */
    async *entriesIn(
      userId: number,
      fromMs: number,
      toMs: number,
      pageSize = 500,
    ): AsyncGenerator<LedgerEntry> {
      const key = keys.account(userId).ledger;
      // An incomplete ID as the end means every entry of that millisecond: the one before toMs.
      const end = String(Math.max(0, toMs - 1));
      let start = String(Math.max(0, fromMs));
      for (;;) {
        const rows = await redis.xrange(key, start, end, 'COUNT', pageSize);
        for (const [id, fields] of rows) yield parseEntry(id, fields);
        if (rows.length < pageSize) return;
        start = `(${rows[rows.length - 1]![0]}`;
      }
    },

    /** The balance just before `ms` (the last entry's balance after, or 0). */
    async balanceBefore(userId: number, ms: number): Promise<string> {
      const rows = await redis.xrevrange(
        keys.account(userId).ledger,
        String(Math.max(0, ms - 1)),
        '-',
        'COUNT',
        1,
      );
      const last = rows[0];
      return last === undefined ? '0' : parseEntry(last[0], last[1]).balanceAfter;
    },

    /** Every account with credit on hold, and how much (the reconciliation checks each against its orders). */
    async heldAccounts(): Promise<Array<{ userId: number; holds: string }>> {
      const probe = keys.account(0).account;
      // The user's own tag is the last `{…}` (in a Cluster the prefix carries a tag of its own).
      const [head, tail] = [probe.slice(0, probe.lastIndexOf('{')), probe.slice(probe.lastIndexOf('}') + 1)];
      const found: Array<{ userId: number; holds: string }> = [];
      for await (const names of scanKeys(redis, `${head}{*}${tail}`, 500)) {
        for (const key of names) {
          const id = Number(key.slice(head.length + 1, key.length - tail.length - 1));
          if (!Number.isSafeInteger(id)) continue;
          const hold = await redis.hget(key, 'hold');
          if (hold !== null && new Decimal(hold).gt(0)) found.push({ userId: id, holds: fromUnits(hold) });
        }
      }
      return found;
    },

    /** Every ledger entry of a reseller (the soak's checker reads them all). */
    async allEntries(userId: number): Promise<LedgerEntry[]> {
      const rows = await redis.xrange(keys.account(userId).ledger, '-', '+');
      return rows.map(([id, fields]) => parseEntry(id, fields));
    },
  };
}
