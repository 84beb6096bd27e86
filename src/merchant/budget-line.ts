import { defineScript } from '../lib/redis/redis-script.ts';
import type { CallPriority } from './types.ts';

/**
 * The rules of the request budget's line (budget.ts, whose header tells the whole story): the Lua scripts every
 * replica runs on the budget's keys, so that the minute's count, the shared pause and the fair line change
 * atomically on Redis's clock, and the maths of how many slots each priority may use and how long a place waits.
 */

const LUA_COMMON = `
local t = redis.call('TIME')
local sec = tonumber(t[1])
local now = sec * 1000 + math.floor(tonumber(t[2]) / 1000)
local STATE, TICKETS, LEASE, OWNERS, LEFT = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
local function queueOf(p) return KEYS[5 + p] end
local function dropTicket(id)
  local info = redis.call('HGET', TICKETS, id)
  if not info then return false end
  local p, owner, round = string.match(info, '^(%d+)|(.*)|(%d+)$')
  redis.call('ZREM', queueOf(tonumber(p)), id)
  redis.call('HDEL', TICKETS, id)
  redis.call('ZREM', LEASE, id)
  local countField = '#' .. p .. '|' .. owner
  if redis.call('HINCRBY', OWNERS, countField, -1) <= 0 then
    redis.call('HDEL', OWNERS, countField, p .. '|' .. owner)
  end
  return p, round
end
`;

// KEYS: state, tickets, lease, owners, left, queue 1..5. ARGV: id, priority (1-5), owner, leaseMs, allowance,
// 'wait' | 'now', windowMs, dormantKeepMs, limit, edgeMs.
// Returns {status (1 granted, 0 wait, -1 left the line), waitMs, used, position, msToWindowEnd}.
const ACQUIRE = `${LUA_COMMON}
local id, p, owner = ARGV[1], tonumber(ARGV[2]), ARGV[3]
local leaseMs, allowance, wait = tonumber(ARGV[4]), tonumber(ARGV[5]), ARGV[6] == 'wait'
local windowMs, keepMs = tonumber(ARGV[7]), tonumber(ARGV[8])
local window = math.floor(now / windowMs)
local toEnd = (window + 1) * windowMs - now
-- A waiter that left the line (a tombstone until its time) does not come back in.
if wait then
  local leftUntil = redis.call('ZSCORE', LEFT, id)
  if leftUntil and tonumber(leftUntil) > now then return {-1, 0, 0, 0, toEnd} end
end
local state = redis.call('HMGET', STATE, 'window', 'used', 'pause_until')
local used = 0
if tonumber(state[1] or '-1') == window then used = tonumber(state[2] or '0') end
local pauseUntil = tonumber(state[3] or '0')
-- Whether a slot may be taken now, places ahead aside: no pause, not a window's last moment, room left, and for a
-- read or a catalogue refresh, room the window's pace leaves (a slot taken in a quiet moment would be missed by
-- an order later in the same minute). A request granted in a window's last edgeMs would reach the service in the
-- next window and count there, beside that window's own.
local function waitMs()
  if pauseUntil > now then return pauseUntil - now end
  if toEnd <= tonumber(ARGV[10]) or allowance - used <= 0 then return toEnd end
  if wait and p >= 4 then
    local elapsed = math.max(1, windowMs - toEnd)
    if used + 1 + used * toEnd / elapsed > tonumber(ARGV[9]) then return math.min(toEnd, 1000) end
  end
  return nil
end
-- The common case, nobody in line at this priority or above: the slot is taken with no place, as the line would
-- grant it (its place would be first, and dropped at once with its round).
local empty = true
for q = 1, p do
  if redis.call('ZCARD', queueOf(q)) > 0 then empty = false break end
end
if empty and not waitMs() then
  used = used + 1
  redis.call('HSET', STATE, 'window', window, 'used', used)
  return {1, toEnd, used, 0, toEnd}
end
-- Waiters gone for longer than keepMs lose their place, and tombstones past their time go.
redis.call('ZREMRANGEBYSCORE', LEFT, '-inf', now)
for _, gone in ipairs(redis.call('ZRANGEBYSCORE', LEASE, '-inf', now - keepMs, 'LIMIT', 0, 20)) do
  dropTicket(gone)
end
local queue = queueOf(p)
if wait then
  if not redis.call('HGET', TICKETS, id) then
    local seq = redis.call('HINCRBY', STATE, 'seq', 1)
    local ownerField = p .. '|' .. owner
    local round = math.max(tonumber(redis.call('HGET', OWNERS, ownerField) or '0'),
      tonumber(redis.call('HGET', OWNERS, '~' .. p) or '0'))
    redis.call('HSET', OWNERS, ownerField, round + 1)
    redis.call('HINCRBY', OWNERS, '#' .. ownerField, 1)
    redis.call('HSET', TICKETS, id, p .. '|' .. owner .. '|' .. round)
    redis.call('ZADD', queue, string.format('%.0f', round * 10000000 + seq % 10000000), id)
  end
  redis.call('ZADD', LEASE, now + leaseMs, id)
end
-- Everyone ahead, dormant places included: what the waiter is shown.
local position = 1
for q = 1, p - 1 do position = position + redis.call('ZCARD', queueOf(q)) end
if wait then
  position = position + redis.call('ZRANK', queue, id)
else
  position = position + redis.call('ZCARD', queue)
end
local blocked = waitMs()
if blocked then return {0, blocked, used, position, toEnd} end
local room = allowance - used
-- Live places ahead (a dormant one is passed over), counted only as far as the room left decides.
local ahead = 0
local scanned = 0
local function countLive(q, stopAt)
  local start = 0
  while ahead < room and scanned < 500 do
    local batch = redis.call('ZRANGE', q, start, start + 49)
    if #batch == 0 then return false end
    for _, member in ipairs(batch) do
      if member == stopAt then return true end
      scanned = scanned + 1
      if tonumber(redis.call('ZSCORE', LEASE, member) or '0') > now then
        ahead = ahead + 1
        if ahead >= room then return false end
      end
    end
    start = start + 50
  end
  return false
end
for q = 1, p - 1 do
  if ahead < room then countLive(queueOf(q), nil) end
end
if ahead < room then
  if wait then countLive(queue, id) else countLive(queue, nil) end
end
if ahead >= room then return {0, math.min(toEnd, 100), used, position, toEnd} end
used = used + 1
redis.call('HSET', STATE, 'window', window, 'used', used)
if wait then
  local _, round = dropTicket(id)
  if round and tonumber(round) > tonumber(redis.call('HGET', OWNERS, '~' .. p) or '0') then
    redis.call('HSET', OWNERS, '~' .. p, round)
  end
end
return {1, toEnd, used, 0, toEnd}
`;

// Same KEYS. ARGV: id, tombstone ms. Returns 1 when the ticket was waiting and is gone now.
const LEAVE = `${LUA_COMMON}
if not dropTicket(ARGV[1]) then return {0} end
redis.call('ZADD', LEFT, now + tonumber(ARGV[2]), ARGV[1])
return {1}
`;

const PAUSE = `${LUA_COMMON}
local untilMs
if ARGV[1] == '' then
  local windowMs = tonumber(ARGV[2])
  untilMs = (math.floor(now / windowMs) + 1) * windowMs
else
  untilMs = now + tonumber(ARGV[1])
end
local current = tonumber(redis.call('HGET', STATE, 'pause_until') or '0')
if untilMs > current then
  redis.call('HSET', STATE, 'pause_until', untilMs)
  current = untilMs
end
return {current, now}
`;

// ARGV: windowMs, how many queues to count (from the first, placement), now (ms). Returns {now, used, pauseUntil,
// queued...}. A look, not a move: on the caller's clock, which spares it the TIME call of the scripts that move.
const SNAPSHOT = `
local now = tonumber(ARGV[3])
local function queueOf(p) return KEYS[5 + p] end
local state = redis.call('HMGET', KEYS[1], 'window', 'used', 'pause_until')
local used = 0
if tonumber(state[1] or '-1') == math.floor(now / tonumber(ARGV[1])) then used = tonumber(state[2] or '0') end
local out = {now, used, tonumber(state[3] or '0')}
for q = 1, tonumber(ARGV[2]) do out[#out + 1] = redis.call('ZCARD', queueOf(q)) end
return out
`;

export const acquireScript = defineScript(ACQUIRE);
export const leaveScript = defineScript(LEAVE);
export const pauseScript = defineScript(PAUSE);
export const snapshotScript = defineScript(SNAPSHOT);

/** Slots of the minute each priority may use; always at least one. */
export function budgetAllowances(limit: number, placementReserve?: number): Record<CallPriority, number> {
  const total = Math.max(1, Math.floor(limit));
  const reserve = placementReserve ?? 0;
  const interactive = Math.max(1, total - Math.max(0, Math.floor(reserve)));
  // Background and catalogue calls may use half of the limit.
  const background = Math.max(1, Math.floor(total / 2));
  return { placement: total, interactive, bulk: interactive, background, catalogue: background };
}

/**
 * The estimated wait of the place at `position` (1 = next): the slots left in this window first, then whole
 * windows of `allowance` slots each.
 */
export function lineEta(
  position: number,
  state: { used: number; allowance: number; msToWindowEnd: number; windowMs: number; pausedMs?: number },
): number {
  const pause = state.pausedMs ?? 0;
  const room = Math.max(0, state.allowance - state.used);
  if (position <= room) return pause;
  const windows = Math.ceil((position - room) / Math.max(1, state.allowance));
  return Math.max(pause, state.msToWindowEnd + (windows - 1) * state.windowMs);
}
