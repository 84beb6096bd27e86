import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

export interface RedisScript {
  readonly sha: string;
  /** Runs the script by SHA, loading it again when Redis forgot it (after a restart or SCRIPT FLUSH). */
  run(redis: Redis, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown>;
}

/** Wraps a Lua script for EVALSHA with a fallback to EVAL on NOSCRIPT, without touching the shared client. */
export function defineScript(source: string): RedisScript {
  const sha = createHash('sha1').update(source).digest('hex');
  return {
    sha,
    async run(redis, keys, args) {
      try {
        return await redis.evalsha(sha, keys.length, ...keys, ...args);
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('NOSCRIPT')) {
          return redis.eval(source, keys.length, ...keys, ...args);
        }
        throw error;
      }
    },
  };
}

/** Lua snippet: Redis server time in milliseconds, so replicas with skewed clocks agree on due times. */
export const LUA_NOW_MS = `
local __t = redis.call('TIME')
local nowMs = tonumber(__t[1]) * 1000 + math.floor(tonumber(__t[2]) / 1000)
local function ms(x) return string.format('%.0f', x) end
`;

/**
 * One write inside an atomic commit: a plain Redis command (`['SADD', key, member]`) or the special the
 * commit script understands, `['DELIFEQ', key, value]` (delete a string key only when it still holds `value`,
 * e.g. a phone guard held by this order).
 */
export type RedisOp = readonly [string, ...string[]];

/**
 * Flattens ops into script keys and arguments: each op's key (its first argument) is declared in KEYS, in the
 * ops' order, so that a Redis Cluster sees every key the script touches; each op is one argument, its command and
 * the rest of it (after the key) joined by NUL bytes, which no op's argument may hold.
 *
 * `self`, when given, is a text most ops repeat (an order's number as a set member, a stream field, a due entry):
 * an argument that starts with it is sent as `\x01` and the rest, and the script puts it back, so a commit
 * carries it once.
 */
export function encodeOps(ops: readonly RedisOp[], self?: string): { keys: string[]; args: string[] } {
  if (self === '') throw new Error('self must not be empty');
  const keys: string[] = [];
  const args: string[] = [];
  for (const op of ops) {
    const [cmd, key, ...rest] = op;
    if (key === undefined) throw new Error(`op ${cmd} has no key`);
    const parts = [cmd];
    for (const arg of rest) {
      if (arg.includes(SEPARATOR)) throw new Error(`an argument of op ${cmd} holds a NUL byte`);
      if (self !== undefined && arg.startsWith(SELF))
        throw new Error(`an argument of op ${cmd} starts with \x01, which stands for self`);
      parts.push(self !== undefined && arg.startsWith(self) ? SELF + arg.slice(self.length) : arg);
    }
    args.push(parts.join(SEPARATOR));
    keys.push(key);
  }
  return { keys, args };
}

const SEPARATOR = '\0';
const SELF = '\x01';

/**
 * Lua snippet applying ops encoded by encodeOps: `applyOps(start, firstKey, self)`, the ops from ARGV[start] on,
 * their keys from KEYS[firstKey] on, `self` the text given to encodeOps (nil for none).
 */
export const LUA_APPLY_OPS = `
local function applyOps(start, firstKey, self)
  for i = start, #ARGV do
    local op = ARGV[i]
    local a = {KEYS[firstKey + i - start]}
    local from = 1
    local cmd
    while true do
      local stop = string.find(op, '\\0', from, true)
      local v = string.sub(op, from, (stop or 0) - 1)
      if not cmd then cmd = v
      else
        if self and string.byte(v, 1) == 1 then v = self .. string.sub(v, 2) end
        a[#a + 1] = v
      end
      if not stop then break end
      from = stop + 1
    end
    if cmd == 'DELIFEQ' then
      if redis.call('GET', a[1]) == a[2] then redis.call('DEL', a[1]) end
    else
      redis.call(cmd, unpack(a))
    end
  end
end
`;
