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
 * Flattens ops into script keys and arguments: each op's key (its first argument) is declared in KEYS, so that a
 * Redis Cluster sees every key the script touches; the arguments hold, for each op, its length, its command, the
 * index of its key in KEYS (counting from `firstKey`, the first free index, 1-based) and the rest of the op.
 *
 * `self`, when given, is a text most ops repeat (an order's number as a set member, a stream field, a due entry):
 * an argument that starts with it is sent as `\x01` and the rest, and the script (`applyOps(start, self)`) puts it
 * back, so a commit carries it once.
 */
export function encodeOps(
  ops: readonly RedisOp[],
  firstKey: number,
  self?: string,
): { keys: string[]; args: string[] } {
  if (self === '') throw new Error('self must not be empty');
  const keys: string[] = [];
  const args: string[] = [];
  for (const op of ops) {
    const [cmd, key, ...rest] = op;
    if (key === undefined) throw new Error(`op ${cmd} has no key`);
    args.push(String(op.length), cmd, String(firstKey + keys.length));
    for (const arg of rest) args.push(self === undefined ? arg : shortened(arg, self));
    keys.push(key);
  }
  return { keys, args };
}

function shortened(arg: string, self: string): string {
  if (arg.startsWith(SELF))
    throw new Error('an op argument starting with \\x01 cannot be told from a shortened one');
  return arg.startsWith(self) ? SELF + arg.slice(self.length) : arg;
}

const SELF = '\x01';

/** Lua snippet applying ops encoded by encodeOps from ARGV[start] on (`self`: the one given to encodeOps). */
export const LUA_APPLY_OPS = `
local function applyOps(start, self)
  local i = start
  while i <= #ARGV do
    local n = tonumber(ARGV[i])
    local cmd = ARGV[i + 1]
    local a = {}
    for j = 2, n do
      local v = ARGV[i + j]
      if self and string.byte(v, 1) == 1 then v = self .. string.sub(v, 2) end
      a[j - 1] = v
    end
    a[1] = KEYS[tonumber(a[1])]
    if cmd == 'DELIFEQ' then
      if redis.call('GET', a[1]) == a[2] then redis.call('DEL', a[1]) end
    else
      redis.call(cmd, unpack(a))
    end
    i = i + n + 1
  end
end
`;
