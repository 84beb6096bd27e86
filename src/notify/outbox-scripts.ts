import { defineScript } from '../lib/redis/redis-script.ts';

/**
 * The outbox's Lua scripts (outbox.ts, outbox-edits.ts), over keys of its own only, all under its prefix's hash
 * tag: its pace window (`outbox:pace`, the messages sent in the current window by every replica), the 429 pause
 * (`outbox:paused`), the marks of the keys queued or sent (`outbox:once:<key>`), and an edited message's record
 * (`outbox:msg:<chat>:<message>`: the newest text and its version, the version sent, the webhook time) and lock
 * (`…:lock`, held by the job or process sending it). Each runs atomically, so replicas agree on which text is
 * newest, who sends it and whose turn the pace gives.
 */

/**
 * Lua: takes a slot of the pace window; 0 when taken, else the ms until the window ends. The count is raised first
 * (one command in the common case) and lowered again when the window was full.
 */
const TAKE_SLOT = `
local function takeSlot(pace, max, windowMs)
  local n = redis.call('INCR', pace)
  if n == 1 then redis.call('PEXPIRE', pace, windowMs) end
  if n <= max then return 0 end
  redis.call('DECR', pace)
  local left = redis.call('PTTL', pace)
  if left > 0 then return left end
  redis.call('PEXPIRE', pace, windowMs)
  return windowMs
end
`;

export const paceScript = defineScript(`${TAKE_SLOT}
-- KEYS: the pace window, the 429 pause ; ARGV: messages a window, window ms
local paused = redis.call('PTTL', KEYS[2])
if paused > 0 then return {'paused', paused} end
local left = takeSlot(KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]))
if left > 0 then return {'full', left} end
return {'go', 0}
`);

export const enqueueEditScript = defineScript(`${TAKE_SLOT}
-- KEYS: message record, the key's mark (the record again when there is no key), message lock, the 429 pause, the
-- pace window
-- ARGV: version, payload, webhook time, ttl, check the mark ('1'), now ('1'), the job id, lease ms, messages a
-- window, window ms
if ARGV[5] == '1' and redis.call('EXISTS', KEYS[2]) == 1 then return 'duplicate' end
local current = redis.call('HMGET', KEYS[1], 'v', 's')
if current[1] and tonumber(current[1]) >= tonumber(ARGV[1]) then
  -- sent already (its change delivered again, or an older text come late): nothing to do
  if current[2] and tonumber(current[2]) >= tonumber(ARGV[1]) then return 'duplicate' end
  return 'stale'
end
-- the webhook time ('' for none) belongs to the text queued now (an edit replaced before it went out is not timed)
redis.call('HSET', KEYS[1], 'v', ARGV[1], 'p', ARGV[2], 'wh', ARGV[3])
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[4]))
if ARGV[6] ~= '1' then return 'queued' end
-- Sent at once by the caller when nobody else holds the message (its holder sends the newest text before letting
-- go), no 429 pause runs and the pace window has a slot, which the send takes as a job's would.
local holder = redis.call('GET', KEYS[3])
if holder and holder ~= ARGV[7] then return 'queued' end
if redis.call('PTTL', KEYS[4]) > 0 then return 'queued' end
if takeSlot(KEYS[5], tonumber(ARGV[9]), tonumber(ARGV[10])) > 0 then return 'queued' end
redis.call('SET', KEYS[3], ARGV[7], 'PX', tonumber(ARGV[8]))
return 'now'
`);

export const claimSendScript = defineScript(`${TAKE_SLOT}
-- KEYS: the key's mark, the 429 pause, the pace window ; ARGV: lease ms, messages a window, window ms
-- A keyed new message to send at once: the mark '1' says it is queued, 'sent' that it was sent at once (either is a
-- duplicate); 'now' that a process took it to send at once and has not yet answered for it (alive and slow, or
-- dead: its job waits out the lease).
local mark = redis.call('GET', KEYS[1])
if mark == '1' or mark == 'sent' then return {'duplicate', 0} end
if mark then return {'taken', math.max(redis.call('PTTL', KEYS[1]), 0)} end
if redis.call('PTTL', KEYS[2]) > 0 then return {'queued', 0} end
if takeSlot(KEYS[3], tonumber(ARGV[2]), tonumber(ARGV[3])) > 0 then return {'queued', 0} end
redis.call('SET', KEYS[1], 'now', 'PX', tonumber(ARGV[1]))
return {'now', 0}
`);

export const markQueuedScript = defineScript(`
-- KEYS: the key's mark ; ARGV: ttl seconds
-- A new message's job is added: marked queued, unless the process that sent it at once already marked it sent.
if redis.call('GET', KEYS[1]) == 'sent' then return 0 end
redis.call('SET', KEYS[1], '1', 'EX', tonumber(ARGV[1]))
return 1
`);

export const takeEditScript = defineScript(`
-- KEYS: message record, message lock ; ARGV: job id, lease ms, the job's version, its payload, ttl
local holder = redis.call('GET', KEYS[2])
if holder and holder ~= ARGV[1] then return {'busy'} end
if redis.call('EXISTS', KEYS[1]) == 0 then
  -- the record expired (a job older than its TTL): the job's own text is the newest known
  redis.call('HSET', KEYS[1], 'v', ARGV[3], 'p', ARGV[4])
  redis.call('EXPIRE', KEYS[1], tonumber(ARGV[5]))
end
local r = redis.call('HMGET', KEYS[1], 'v', 'p', 'wh', 's')
if r[4] and tonumber(r[4]) >= tonumber(r[1]) then
  if holder then redis.call('DEL', KEYS[2]) end
  return {'done'}
end
redis.call('SET', KEYS[2], ARGV[1], 'PX', tonumber(ARGV[2]))
return {'send', r[1], r[2], r[3] or ''}
`);

export const finishEditScript = defineScript(`
-- KEYS: message record, message lock ; ARGV: job id, version done with, lease ms
local r = redis.call('HMGET', KEYS[1], 's', 'v')
if not r[1] or tonumber(r[1]) < tonumber(ARGV[2]) then redis.call('HSET', KEYS[1], 's', ARGV[2]) end
if redis.call('GET', KEYS[2]) ~= ARGV[1] then return 'done' end
if r[2] and tonumber(r[2]) > tonumber(ARGV[2]) then
  -- a newer text came while this one was in flight: the lock holder sends it next
  redis.call('PEXPIRE', KEYS[2], tonumber(ARGV[3]))
  return 'again'
end
redis.call('DEL', KEYS[2])
return 'done'
`);

export const renewEditScript = defineScript(`
-- KEYS: message lock ; ARGV: job id, lease ms
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2])) end
return 1
`);

export const releaseEditScript = defineScript(`
-- KEYS: message lock ; ARGV: job id
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
`);
