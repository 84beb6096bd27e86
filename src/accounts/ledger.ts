import { Decimal } from 'decimal.js';
import { API_DECIMALS, currencyDigits } from '../domain/money.ts';

/**
 * The credit ledger of resellers, in Redis. Each reseller has, under keys sharing one hash tag
 * (`acct:{<user id>}:…`, so a Redis Cluster keeps them on one node):
 * - `…:a`, a hash: `bal` (balance) and `hold` (sum of open holds) as INTEGER units of 10^-4 of the currency
 *   (UNIT_SCALE), so Lua's HINCRBY is exact; `dl`/`om` (daily limit, per-order maximum), `lo` (low-credit
 *   threshold), `low` (told already), `start` (start credit given) in the same units;
 * - `…:l`, the ledger: an append-only stream, one entry per change (`k` kind, `a` balance change, `h` hold
 *   change, `b` balance after, `ho` holds after, `r` order or admin, `n` note, `c` currency). Nothing edits an
 *   entry, and the balance only ever moves in the same script that appends the entry saying so;
 * - `…:d:<YYYY-MM-DD>`, what was held or spent that UTC day (expires after a few days).
 */

/** Decimal places of the internal integer units (the service's money has 4). */
const UNIT_SCALE = API_DECIMALS;
const UNIT = new Decimal(10).pow(UNIT_SCALE);

/**
 * Ledger entry kinds. `hold`/`release` move only the holds; `debit` ends a hold as spent; `transfer` moves credit
 * between a distributor and a reseller directly below them; `commission` is a distributor's share of an order
 * that succeeded below them (taken back if it is refunded).
 */
export type LedgerKind =
  'credit' | 'adjust' | 'start' | 'hold' | 'release' | 'debit' | 'refund' | 'transfer' | 'commission';

/** Units from an exact decimal (any number of places up to UNIT_SCALE); throws past it. */
export function toUnits(amount: Decimal | string): string {
  const value = new Decimal(amount);
  if (!value.isFinite() || value.decimalPlaces() > UNIT_SCALE)
    throw new Error('amount has too many decimals');
  return value.mul(UNIT).toFixed(0);
}

/** An exact decimal string from units. */
export function fromUnits(units: string | number): string {
  return new Decimal(units).div(UNIT).toFixed();
}

/** The UTC day of a time, `YYYY-MM-DD`. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * One move of an account, done by LUA_LEDGER's `ledgerMove` (check, then write the balance, holds, day and the
 * entry together). Units are signed integers as strings.
 */
export interface LedgerMove {
  /** Account hash, ledger stream and day key (the day key may be '' when `day` is 0). */
  keys: { account: string; ledger: string; day: string };
  kind: LedgerKind;
  balance: string;
  hold: string;
  day: string;
  /**
   * 'hold': refuse unless available >= the hold, the hold <= the per-order maximum and the day stays within the
   * daily limit; 'floor': refuse when available (balance - holds) would go below zero; 'none': apply as it is (a
   * revived order).
   */
  check: 'hold' | 'floor' | 'none';
  /** Merchant order number, or `admin:<id>`. */
  ref: string;
  note: string;
  currency: string;
}

/** The JSON argument LUA_LEDGER's ledgerMove reads. */
export function encodeMove(move: LedgerMove): string {
  return JSON.stringify({
    // The keys themselves travel in KEYS (moveKeys): a Cluster must see every key a script touches.
    d: move.keys.day !== '',
    k: move.kind,
    b: move.balance,
    h: move.hold,
    s: move.day,
    chk: move.check,
    r: move.ref,
    n: move.note,
    c: move.currency,
    dg: currencyDigits(move.currency),
  });
}

/** The keys of a move, in the order ledgerMove takes them (the day key stands in for itself only when set). */
export function moveKeys(move: LedgerMove): [account: string, ledger: string, day: string] {
  return [move.keys.account, move.keys.ledger, move.keys.day === '' ? move.keys.account : move.keys.day];
}

/** Why a move was refused, with its figures as exact decimal strings. */
export type MoveRefusal =
  | { kind: 'credit'; available: string; amount: string }
  | { kind: 'order-limit'; limit: string; amount: string }
  | { kind: 'daily-limit'; limit: string; used: string; amount: string }
  /** `available`: balance minus holds when the take was refused. */
  | { kind: 'floor'; available: string; amount: string };

/** Reads the refusal a script returned as `{-2, kind, x, y, z}` (units). */
export function decodeRefusal(raw: readonly unknown[]): MoveRefusal {
  const [, kind, x, y, z] = raw.map((v) => String(v));
  switch (kind) {
    case 'credit':
      return { kind, available: fromUnits(x!), amount: fromUnits(y!) };
    case 'order-limit':
      return { kind, limit: fromUnits(x!), amount: fromUnits(y!) };
    case 'daily-limit':
      return { kind, limit: fromUnits(x!), used: fromUnits(y!), amount: fromUnits(z!) };
    default:
      return { kind: 'floor', available: fromUnits(x!), amount: fromUnits(y!) };
  }
}

/** How long a day's spend counter is kept (the limit only reads today's). */
const DAY_KEY_TTL_SECONDS = 3 * 86_400;

/**
 * Lua: `ledgerMove(json, account, ledger, day)` (the keys of `moveKeys`) returns nil when applied, or a refusal `{-2, kind, …figures in units}`. Lua numbers
 * are doubles: exact for integers up to 2^53, i.e. 900 billion currency units at 10^-4.
 */
export const LUA_LEDGER = `
local function fmtUnits(u, dg)
  local neg = u < 0
  if neg then u = -u end
  local i = math.floor(u / 10000)
  local f = u - i * 10000
  local fs = string.format('%04d', f)
  while #fs > dg and string.sub(fs, -1) == '0' do fs = string.sub(fs, 1, -2) end
  local s = string.format('%.0f', i)
  if #fs > 0 then s = s .. '.' .. fs end
  if neg and u ~= 0 then s = '-' .. s end
  return s
end
local function ledgerMove(json, ka, kl, kd)
  local m = cjson.decode(json)
  local figures = redis.call('HMGET', ka, 'bal', 'hold', 'om', 'dl')
  local bal = tonumber(figures[1] or '0')
  local hold = tonumber(figures[2] or '0')
  local db = tonumber(m.b)
  local dh = tonumber(m.h)
  local ds = tonumber(m.s)
  if m.chk == 'hold' then
    local avail = bal - hold
    if avail < dh then return {-2, 'credit', ms(avail), ms(dh)} end
    local om = figures[3]
    if om and dh > tonumber(om) then return {-2, 'order-limit', om, ms(dh)} end
    local dl = figures[4]
    if dl and m.d then
      local used = tonumber(redis.call('GET', kd) or '0')
      if used + dh > tonumber(dl) then return {-2, 'daily-limit', dl, ms(used), ms(dh)} end
    end
  elseif m.chk == 'floor' then
    -- Taking credit leaves the open holds covered: available (balance - holds) never goes below zero.
    if bal - hold + db < 0 then return {-2, 'floor', ms(bal - hold), ms(-db)} end
  end
  -- Integers in units, exact in a double (see above); both figures written at once when both move.
  bal = bal + db
  hold = hold + dh
  if db ~= 0 and dh ~= 0 then redis.call('HSET', ka, 'bal', ms(bal), 'hold', ms(hold))
  elseif db ~= 0 then redis.call('HSET', ka, 'bal', ms(bal))
  elseif dh ~= 0 then redis.call('HSET', ka, 'hold', ms(hold)) end
  if ds ~= 0 and m.d then
    if ds > 0 or redis.call('EXISTS', kd) == 1 then
      -- The day's key gets its lifetime when the day's first hold creates it.
      if redis.call('INCRBY', kd, ms(ds)) == ds then redis.call('EXPIRE', kd, ${DAY_KEY_TTL_SECONDS}) end
    end
  end
  redis.call('XADD', kl, '*', 'k', m.k, 'a', fmtUnits(db, m.dg), 'h', fmtUnits(dh, m.dg),
    'b', fmtUnits(bal, m.dg), 'ho', fmtUnits(hold, m.dg), 'r', m.r, 'n', m.n, 'c', m.c)
  return nil
end
`;
