import type { Decimal } from 'decimal.js';
import type { Redis } from 'ioredis';
import { defineScript, LUA_NOW_MS } from '../lib/redis/redis-script.ts';
import { createAccountReads } from './account-reads.ts';
import { accountsKeys, type AccountsKeys } from './keys.ts';
import {
  decodeRefusal,
  encodeMove,
  fromUnits,
  LUA_LEDGER,
  moveKeys,
  toUnits,
  type LedgerMove,
  type MoveRefusal,
} from './ledger.ts';

type CreditResult = { ok: true; balance: string } | { ok: false; refusal: MoveRefusal };

/**
 * A transfer's outcome: the balances after (the distributor's and the reseller's), refused for credit (the giving
 * side's available credit), or refused because the reseller is not directly below a distributor.
 */
type TransferResult =
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
local figures = redis.call('HMGET', KEYS[1], 'lo', 'bal', 'hold')
local lo = figures[1]
if not lo then return 0 end
local avail = tonumber(figures[2] or '0') - tonumber(figures[3] or '0')
if avail >= tonumber(lo) then
  redis.call('HDEL', KEYS[1], 'low')
  return 0
end
if redis.call('HSETNX', KEYS[1], 'low', '1') == 1 then return 1 end
return 0
`);

/** How long the merchant wallet currency is cached (it changes only with the merchant account). */
const CURRENCY_TTL_SECONDS = 86_400;

/**
 * A change of balance alone on one account (no hold, no day's spend): an admin's credit, a transfer's side, the
 * start credit.
 */
function balanceMove(
  account: { account: string; ledger: string },
  change: Decimal,
  what: Pick<LedgerMove, 'kind' | 'check' | 'ref' | 'note' | 'currency'>,
): LedgerMove {
  return {
    keys: { ...account, day: '' },
    kind: what.kind,
    balance: toUnits(change),
    hold: '0',
    day: '0',
    check: what.check,
    ref: what.ref,
    note: what.note,
    currency: what.currency,
  };
}

/** A transfer's two sides: the giver's (the distributor's, or the reseller's when `amount` is negative), the taker's. */
function transferMoves(
  keys: AccountsKeys,
  distributorId: number,
  resellerId: number,
  amount: Decimal,
  note: string,
  currency: string,
): { give: LedgerMove; take: LedgerMove } {
  const ref = `transfer:${distributorId}:${resellerId}`;
  const move = (userId: number, change: Decimal) =>
    balanceMove(keys.account(userId), change, {
      kind: 'transfer',
      check: change.isNegative() ? 'floor' : 'none',
      ref,
      note,
      currency,
    });
  const giving = amount.isNegative() ? resellerId : distributorId;
  const taking = amount.isNegative() ? distributorId : resellerId;
  return { give: move(giving, amount.abs().negated()), take: move(taking, amount.abs()) };
}

/** The merchant wallet currency: cached, else read (and cached a day). */
async function cachedCurrency(redis: Redis, key: string, read: () => Promise<string>): Promise<string> {
  const cached = await redis.get(key);
  if (cached !== null) return cached;
  const fresh = await read();
  await redis.set(key, fresh, 'EX', CURRENCY_TTL_SECONDS);
  return fresh;
}

/** The credit moves: an admin's credit, a distributor's transfer, the start credit (each one ledger script). */
function createCreditMoves(
  redis: Redis,
  keys: AccountsKeys,
  currency: () => Promise<string>,
  clock: () => number,
) {
  return {
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
      const move = balanceMove(keys.account(userId), amount, {
        kind: amount.isNegative() ? 'adjust' : 'credit',
        check: 'floor',
        ref: `admin:${by.adminId}`,
        note: by.note,
        currency: await currency(),
      });
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
      const { give, take } = transferMoves(keys, distributorId, resellerId, amount, note, await currency());
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
      const move = balanceMove(keys.account(userId), amount, {
        kind: 'start',
        check: 'none',
        ref: `admin:${by}`,
        note,
        currency: await currency(),
      });
      const raw = (await startScript.run(redis, moveKeys(move), [
        encodeMove(move),
        String(clock()),
      ])) as number[];
      return raw[0] === 1;
    },
  };
}

/** Creates the reseller credit accounts (see ledger.ts for the layout). */
export function createAccounts(deps: AccountsDeps) {
  const { redis, prefix } = deps;
  const clock = deps.clock ?? Date.now;
  const keys = accountsKeys(prefix);
  const currency = () => cachedCurrency(redis, keys.currency, deps.readCurrency);

  return {
    currency,
    ...createCreditMoves(redis, keys, currency, clock),
    ...createAccountReads(redis, keys, clock),

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

    /**
     * True once each time the available credit falls below the reseller's threshold (see lowScript). A plain read
     * first: the script, which writes the mark, runs only when the mark is to change.
     */
    async lowCreditCrossed(userId: number): Promise<boolean> {
      const key = keys.account(userId).account;
      const [lo, bal, hold, low] = await redis.hmget(key, 'lo', 'bal', 'hold', 'low');
      if (lo === null || lo === undefined) return false;
      const below = BigInt(bal ?? '0') - BigInt(hold ?? '0') < BigInt(lo);
      if (below === (low !== null && low !== undefined)) return false;
      return (await lowScript.run(redis, [key], [])) === 1;
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
