import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { defineScript, LUA_NOW_MS, type RedisOp } from './redis-script.ts';

/** A member claimed for `leaseMs`: only the holder of `token` may complete it. */
export interface Claim {
  member: string;
  token: string;
  /** How many times the member was completed with a next delay (0 on the first run). */
  step: number;
  /** The due time (Redis ms) this claim serves: one due time is served once unless a holder's lease ran out. */
  dueAt: number;
  /** True when an earlier holder's lease ran out without completing (it crashed or stalled). */
  reclaimed: boolean;
}

/** The writes of a due-queue as ops for an atomic commit elsewhere (see LUA_APPLY_OPS); they need no connection. */
export interface DueQueueOps {
  /** The same writes as `schedule`, for an atomic commit elsewhere. */
  scheduleOps(member: string, delayMs: number, onlyIfAbsent?: boolean): RedisOp[];
  /** The same writes as `cancel`, for an atomic commit elsewhere. */
  cancelOps(member: string): RedisOp[];
  /** Writes that create the member already claimed by `token` for `leaseMs` (the creator works on it first). */
  claimedOps(member: string, token: string, leaseMs: number): RedisOp[];
}

export interface DueQueue extends DueQueueOps {
  /** Makes `member` due after `delayMs` (Redis clock); `onlyIfAbsent` keeps an existing due time. */
  schedule(member: string, delayMs: number, options?: { onlyIfAbsent?: boolean }): Promise<void>;
  /** Atomically takes up to `limit` due members and hides them for `leaseMs` (they come back if not completed). */
  claim(limit: number, leaseMs: number): Promise<Claim[]>;
  /** Extends a claim's lease from now; false when the claim was lost (its lease ran out and another took it). */
  renew(claim: Claim, leaseMs: number): Promise<boolean>;
  /** Ends a claim: `nextDelayMs` null removes the member, a number makes it due again. False if the claim was lost. */
  complete(claim: Claim, nextDelayMs: number | null): Promise<boolean>;
  /** Removes the member and any claim on it (a claim in flight then completes as lost). */
  cancel(member: string): Promise<void>;
  /** Number of members (due or not). */
  size(): Promise<number>;
  /** Due time (Redis ms) of a member, or null. */
  dueAt(member: string): Promise<number | null>;
  members(): Promise<string[]>;
}

const claimScript = defineScript(`${LUA_NOW_MS}
local items = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ms(nowMs), 'WITHSCORES', 'LIMIT', 0, tonumber(ARGV[1]))
local out = {}
for i = 1, #items, 2 do
  local m = items[i]
  local token = ARGV[3] .. ':' .. i
  local reclaimed = redis.call('HEXISTS', KEYS[2], m)
  redis.call('HSET', KEYS[2], m, token)
  redis.call('ZADD', KEYS[1], ms(nowMs + tonumber(ARGV[2])), m)
  out[#out + 1] = m
  out[#out + 1] = token
  out[#out + 1] = redis.call('HGET', KEYS[3], m) or '0'
  out[#out + 1] = items[i + 1]
  out[#out + 1] = tostring(reclaimed)
end
return out
`);

const completeScript = defineScript(`${LUA_NOW_MS}
if redis.call('HGET', KEYS[2], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('HDEL', KEYS[2], ARGV[1])
if ARGV[3] == '' then
  redis.call('ZREM', KEYS[1], ARGV[1])
  redis.call('HDEL', KEYS[3], ARGV[1])
else
  redis.call('ZADD', KEYS[1], ms(nowMs + tonumber(ARGV[3])), ARGV[1])
  redis.call('HINCRBY', KEYS[3], ARGV[1], 1)
end
return 1
`);

const renewScript = defineScript(`${LUA_NOW_MS}
if redis.call('HGET', KEYS[2], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('ZADD', KEYS[1], ms(nowMs + tonumber(ARGV[3])), ARGV[1])
return 1
`);

const scheduleScript = defineScript(`${LUA_NOW_MS}
if ARGV[3] == '1' then
  redis.call('ZADD', KEYS[1], 'NX', ms(nowMs + tonumber(ARGV[2])), ARGV[1])
else
  redis.call('ZADD', KEYS[1], ms(nowMs + tonumber(ARGV[2])), ARGV[1])
  -- a new due time supersedes a claim in flight, so its completion cannot overwrite it
  redis.call('HDEL', KEYS[2], ARGV[1])
end
return 1
`);

function queueKeys(base: string) {
  return { due: `${base}:due`, claims: `${base}:claims`, steps: `${base}:steps` };
}

/** The ops of the due-queue under `base`, for a commit that writes its entries together with other data. */
export function dueQueueOps(base: string): DueQueueOps {
  const { due, claims, steps } = queueKeys(base);
  return {
    scheduleOps(member, delayMs, onlyIfAbsent = false) {
      return [['ZADDIN', due, String(Math.max(0, Math.round(delayMs))), member, onlyIfAbsent ? '1' : '0']];
    },
    cancelOps(member) {
      return [
        ['ZREM', due, member],
        ['HDEL', claims, member],
        ['HDEL', steps, member],
      ];
    },
    claimedOps(member, token, leaseMs) {
      return [
        ['ZADDIN', due, String(Math.max(1, Math.round(leaseMs))), member, '0'],
        ['HSET', claims, member, token],
      ];
    },
  };
}

/** A durable due-queue in one Redis sorted set with leased claims, shared safely by every replica. */
export function createDueQueue(redis: Redis, base: string): DueQueue {
  const { due, claims, steps } = queueKeys(base);
  return {
    ...dueQueueOps(base),
    async schedule(member, delayMs, options = {}) {
      await scheduleScript.run(
        redis,
        [due, claims],
        [member, Math.max(0, Math.round(delayMs)), options.onlyIfAbsent ? '1' : '0'],
      );
    },
    async claim(limit, leaseMs) {
      const tokenBase = randomBytes(8).toString('hex');
      const raw = (await claimScript.run(
        redis,
        [due, claims, steps],
        [limit, Math.max(1, Math.round(leaseMs)), tokenBase],
      )) as string[];
      const out: Claim[] = [];
      for (let i = 0; i + 4 < raw.length; i += 5) {
        out.push({
          member: raw[i]!,
          token: raw[i + 1]!,
          step: Number(raw[i + 2]),
          dueAt: Number(raw[i + 3]),
          reclaimed: raw[i + 4] === '1',
        });
      }
      return out;
    },
    async renew(claim, leaseMs) {
      const result = await renewScript.run(
        redis,
        [due, claims],
        [claim.member, claim.token, Math.max(1, Math.round(leaseMs))],
      );
      return result === 1;
    },
    async complete(claim, nextDelayMs) {
      const result = await completeScript.run(
        redis,
        [due, claims, steps],
        [claim.member, claim.token, nextDelayMs === null ? '' : Math.max(0, Math.round(nextDelayMs))],
      );
      return result === 1;
    },
    async cancel(member) {
      await redis.multi().zrem(due, member).hdel(claims, member).hdel(steps, member).exec();
    },
    size: () => redis.zcard(due),
    async dueAt(member) {
      const score = await redis.zscore(due, member);
      return score === null ? null : Number(score);
    },
    members: () => redis.zrange(due, '0', '-1'),
  };
}

/** A fresh claim token for work the caller starts itself (see `claimedOps`). */
export function newClaimToken(): string {
  return `own-${randomBytes(8).toString('hex')}`;
}
