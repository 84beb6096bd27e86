import { Decimal } from 'decimal.js';
import type { Redis } from 'ioredis';
import { scanKeys } from '../lib/redis/connect.ts';
import { defineScript, LUA_NOW_MS } from '../lib/redis/redis-script.ts';
import { accountsKeys } from './keys.ts';
import {
  decodeRefusal,
  encodeMove,
  fromUnits,
  LUA_LEDGER,
  moveKeys,
  toUnits,
  utcDay,
  type LedgerKind,
  type LedgerMove,
  type MoveRefusal,
} from './ledger.ts';

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

export type CreditResult = { ok: true; balance: string } | { ok: false; refusal: MoveRefusal };

/**
 * A transfer's outcome: the balances after (the distributor's and the reseller's), refused for credit (the giving
 * side's available credit), or refused because the reseller is not directly below a distributor.
 */
export type TransferResult =
  | { ok: true; distributorBalance: string; resellerBalance: string }
  | { ok: false; refusal: MoveRefusal }
  | { ok: false; reason: 'not-below' | 'not-distributor' };

export interface AccountsDeps {
  redis: Redis;
  prefix: string;
  clock?: () => number;
  /** The merchant wallet currency (`default_currency` of GET /account), read when not cached yet. */
  readCurrency: () => Promise<string>;
}

/** How long a named credit or transfer request is remembered (a chat message handled again comes within minutes). */
const REQUEST_ONCE_TTL_SECONDS = 86_400;

/**
 * The mark of a named request (what its move left): a command handled twice, its update delivered again after a
 * failure, moves credit once. A key only read when a request is named.
 */

/**
 * An admin's credit move. KEYS: the account, ledger, (account) and the request's mark; ARGV: the move, whether the
 * request is named ('1'). A named request that moved credit already answers as it did then, moving nothing.
 */
const moveScript = defineScript(`${LUA_NOW_MS}${LUA_LEDGER}
if ARGV[2] == '1' then
  local before = redis.call('GET', KEYS[4])
  if before then return {1, before} end
end
local refused = ledgerMove(ARGV[1], KEYS[1], KEYS[2], KEYS[3])
if refused then return refused end
local balance = redis.call('HGET', KEYS[1], 'bal') or '0'
if ARGV[2] == '1' then redis.call('SET', KEYS[4], balance, 'EX', ${REQUEST_ONCE_TTL_SECONDS}) end
return {1, balance}
`);

/**
 * A distributor's transfer to or from a reseller directly below them: both ledger lines in one step, the side
 * that gives checked against its available credit first. KEYS: the giver's account, ledger, (account), the
 * taker's, then the network's parents hash, the roles hash and the request's mark; ARGV: giver move, taker move,
 * distributor, reseller, whether the reseller must still have a role ('1': credit given, not taken back), whether
 * the request is named ('1'). A named request that moved credit already answers as it did then, moving nothing.
 */
const transferScript = defineScript(`${LUA_NOW_MS}${LUA_LEDGER}
if ARGV[6] == '1' then
  local before = redis.call('GET', KEYS[9])
  if before then
    local comma = string.find(before, ',', 1, true)
    return {1, string.sub(before, 1, comma - 1), string.sub(before, comma + 1)}
  end
end
if redis.call('HGET', KEYS[7], ARGV[4]) ~= ARGV[3] then return {0, 'not-below'} end
if redis.call('HGET', KEYS[8], ARGV[3]) ~= 'distributor' then return {0, 'not-distributor'} end
if ARGV[5] == '1' then
  local role = redis.call('HGET', KEYS[8], ARGV[4])
  if role ~= 'reseller' and role ~= 'distributor' then return {0, 'not-below'} end
end
local refused = ledgerMove(ARGV[1], KEYS[1], KEYS[2], KEYS[3])
if refused then return refused end
ledgerMove(ARGV[2], KEYS[4], KEYS[5], KEYS[6])
local giver, taker = redis.call('HGET', KEYS[1], 'bal') or '0', redis.call('HGET', KEYS[4], 'bal') or '0'
if ARGV[6] == '1' then redis.call('SET', KEYS[9], giver .. ',' .. taker, 'EX', ${REQUEST_ONCE_TTL_SECONDS}) end
return {1, giver, taker}
`);

/** The start credit is given in the same script that marks it given, so a re-grant never gives it twice. */
const startScript = defineScript(`${LUA_NOW_MS}${LUA_LEDGER}
if redis.call('HSETNX', KEYS[1], 'start', ARGV[2]) == 0 then return {0} end
local refused = ledgerMove(ARGV[1], KEYS[1], KEYS[2], KEYS[3])
return {1}
`);

/**
 * Told once: 1 when available credit is below the threshold and the reseller was not told since it last rose
 * to or above it; clears the mark when it is above.
 */
const lowScript = defineScript(`
local lo = redis.call('HGET', KEYS[1], 'lo')
if not lo then return 0 end
local avail = tonumber(redis.call('HGET', KEYS[1], 'bal') or '0') - tonumber(redis.call('HGET', KEYS[1], 'hold') or '0')
if avail >= tonumber(lo) then
  redis.call('HDEL', KEYS[1], 'low')
  return 0
end
if redis.call('HSETNX', KEYS[1], 'low', '1') == 1 then return 1 end
return 0
`);

/** How long the merchant wallet currency is cached (it changes only with the merchant account). */
const CURRENCY_TTL_SECONDS = 86_400;

/** Creates the reseller credit accounts (see ledger.ts for the layout). */
export function createAccounts(deps: AccountsDeps) {
  const { redis, prefix } = deps;
  const clock = deps.clock ?? Date.now;
  const keys = accountsKeys(prefix);
  const currencyKey = keys.currency;

  async function currency(): Promise<string> {
    const cached = await redis.get(currencyKey);
    if (cached !== null) return cached;
    const read = await deps.readCurrency();
    await redis.set(currencyKey, read, 'EX', CURRENCY_TTL_SECONDS);
    return read;
  }

  function parseEntry(id: string, fields: string[]): LedgerEntry {
    const f: Record<string, string> = {};
    for (let i = 0; i + 1 < fields.length; i += 2) f[fields[i]!] = fields[i + 1]!;
    return {
      id,
      at: new Date(Number(id.split('-')[0])),
      kind: (f.k ?? 'adjust') as LedgerKind,
      amount: f.a ?? '0',
      held: f.h ?? '0',
      balanceAfter: f.b ?? '0',
      holdsAfter: f.ho ?? '0',
      ref: f.r ?? '',
      note: f.n ?? '',
      currency: f.c ?? '',
    };
  }

  async function field(userId: number, name: string): Promise<string | null> {
    const value = await redis.hget(keys.account(userId).account, name);
    return value === null ? null : fromUnits(value);
  }

  const accounts = {
    currency,

    /**
     * Adds (positive) or takes (negative) credit by an admin; taking never goes below zero. `amount` is exact
     * and has at most the currency's minor digits (the caller checks, with a localised answer).
     */
    async credit(
      userId: number,
      amount: Decimal,
      by: { adminId: number; note: string },
      /** What asked for it (a chat message): the same request again moves nothing (see transfer). */
      request?: string,
    ): Promise<CreditResult> {
      const move: LedgerMove = {
        keys: { ...keys.account(userId), day: '' },
        kind: amount.isNegative() ? 'adjust' : 'credit',
        balance: toUnits(amount),
        hold: '0',
        day: '0',
        check: 'floor',
        ref: `admin:${by.adminId}`,
        note: by.note,
        currency: await currency(),
      };
      const raw = (await moveScript.run(
        redis,
        [...moveKeys(move), keys.requestMark(request === undefined ? '' : `credit:${request}`)],
        [encodeMove(move), request === undefined ? '' : '1'],
      )) as unknown[];
      if (raw[0] === -2) return { ok: false, refusal: decodeRefusal(raw) };
      return { ok: true, balance: fromUnits(String(raw[1])) };
    },

    /**
     * Moves `amount` from a distributor's available credit to a reseller directly below them (negative: takes it
     * back, at most what the reseller has available). `amount` is exact with the currency's minor digits.
     * `request` names what asked for it (a chat message): the same request again moves nothing and gets the first
     * answer's balances, so a command handled twice (its update delivered again after a failure) moves credit once.
     */
    async transfer(
      distributorId: number,
      resellerId: number,
      amount: Decimal,
      note: string,
      request?: string,
    ): Promise<TransferResult> {
      const cur = await currency();
      const ref = `transfer:${distributorId}:${resellerId}`;
      const move = (userId: number, change: Decimal): LedgerMove => ({
        keys: { ...keys.account(userId), day: '' },
        kind: 'transfer',
        balance: toUnits(change),
        hold: '0',
        day: '0',
        check: change.isNegative() ? 'floor' : 'none',
        ref,
        note,
        currency: cur,
      });
      const giving = amount.isNegative() ? resellerId : distributorId;
      const taking = amount.isNegative() ? distributorId : resellerId;
      const give = move(giving, amount.abs().negated());
      const take = move(taking, amount.abs());
      const raw = (await transferScript.run(
        redis,
        [...moveKeys(give), ...moveKeys(take), keys.parents, keys.roles, keys.requestMark(request ?? '')],
        [
          encodeMove(give),
          encodeMove(take),
          distributorId,
          resellerId,
          amount.isNegative() ? '' : '1',
          request === undefined ? '' : '1',
        ],
      )) as unknown[];
      if (raw[0] === -2) return { ok: false, refusal: decodeRefusal(raw) };
      if (raw[0] === 0) return { ok: false, reason: raw[1] as 'not-below' | 'not-distributor' };
      const [giver, taker] = [fromUnits(String(raw[1])), fromUnits(String(raw[2]))];
      return amount.isNegative()
        ? { ok: true, distributorBalance: taker, resellerBalance: giver }
        : { ok: true, distributorBalance: giver, resellerBalance: taker };
    },

    /** Gives the start credit the first time a user is granted the reseller role; false when given before. */
    async giveStartCredit(
      userId: number,
      amount: Decimal,
      by: number,
      note = 'RESELLER_START_CREDIT',
    ): Promise<boolean> {
      if (amount.lte(0)) return false;
      const move: LedgerMove = {
        keys: { ...keys.account(userId), day: '' },
        kind: 'start',
        balance: toUnits(amount),
        hold: '0',
        day: '0',
        check: 'none',
        ref: `admin:${by}`,
        note,
        currency: await currency(),
      };
      const raw = (await startScript.run(redis, moveKeys(move), [
        encodeMove(move),
        String(clock()),
      ])) as number[];
      return raw[0] === 1;
    },

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

    /** Sets (or with null removes) the daily limit, the per-order maximum or the low-credit threshold. */
    async setLimit(
      userId: number,
      which: 'daily' | 'order' | 'alert',
      amount: Decimal | null,
    ): Promise<void> {
      const key = keys.account(userId).account;
      const name = which === 'daily' ? 'dl' : which === 'order' ? 'om' : 'lo';
      if (amount === null) await redis.hdel(key, name, ...(which === 'alert' ? ['low'] : []));
      else await redis.hset(key, name, toUnits(amount));
    },

    /** The low-credit threshold, when set. */
    lowAlert: (userId: number) => field(userId, 'lo'),

    /** True once each time the available credit falls below the reseller's threshold (see lowScript). */
    async lowCreditCrossed(userId: number): Promise<boolean> {
      return (await lowScript.run(redis, [keys.account(userId).account], [])) === 1;
    },

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
  return accounts;
}

export type Accounts = ReturnType<typeof createAccounts>;
