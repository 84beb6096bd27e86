import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineScript, encodeOps, LUA_APPLY_OPS, type RedisOp } from '../../../src/lib/redis/redis-script.ts';
import { startRedisServer, type RedisServerHandle } from '../../support/redis.ts';

// A script as the order and bulk commits use it: its own key and argument first, then the ops.
const APPLY = defineScript(`${LUA_APPLY_OPS}
redis.call('SET', KEYS[1], ARGV[1])
applyOps(3, 2, ARGV[2] ~= '' and ARGV[2] or nil)
return 1
`);

describe('ops applied inside a script (encodeOps, LUA_APPLY_OPS)', () => {
  let server: RedisServerHandle;
  let redis: Redis;

  beforeAll(async () => {
    server = await startRedisServer();
    redis = new Redis(server.url);
  });
  afterAll(async () => {
    redis.disconnect();
    await server.dispose();
  });

  async function apply(ops: RedisOp[], self?: string): Promise<string[]> {
    const encoded = encodeOps(ops, self);
    await APPLY.run(redis, ['ao:own', ...encoded.keys], ['x', self ?? '', ...encoded.args]);
    return encoded.args;
  }

  it('applies each op to its own key with its arguments as given, empty ones included', async () => {
    await redis.set('ao:gone', 'held-by-1');
    await redis.set('ao:kept', 'held-by-2');
    await apply([
      ['HSET', 'ao:h', 'a', '', 'b', 'two words', 'c', ''],
      ['ZADD', 'ao:z', '5', 'm1', '7', 'm2'],
      ['DELIFEQ', 'ao:gone', 'held-by-1'],
      ['DELIFEQ', 'ao:kept', 'held-by-1'],
      ['SADD', 'ao:s', 'é ✅ \x02 binary-ish'],
      ['DEL', 'ao:nothing'],
    ]);
    expect(await redis.hgetall('ao:h')).toEqual({ a: '', b: 'two words', c: '' });
    expect(await redis.zrange('ao:z', '0', '-1', 'WITHSCORES')).toEqual(['m1', '5', 'm2', '7']);
    expect(await redis.exists('ao:gone')).toBe(0);
    expect(await redis.get('ao:kept')).toBe('held-by-2');
    expect(await redis.smembers('ao:s')).toEqual(['é ✅ \x02 binary-ish']);
  });

  it('sends a text the ops repeat (self) once, and puts it back wherever an argument starts with it', async () => {
    const self = 'rb-1eq0t-hcm8-8kx6-yq01';
    const args = await apply(
      [
        ['ZADD', 'ao:idx', '1', self],
        ['ZADD', 'ao:due', '2', `${self}@1`],
        ['XADD', 'ao:changes', '*', 'ext', self, 'kind', 'placed'],
        ['SADD', 'ao:other', `x${self}`],
      ],
      self,
    );
    expect(args.filter((arg) => arg.includes(self))).toEqual([`SADD\0x${self}`]);
    expect(await redis.zrange('ao:idx', '0', '-1')).toEqual([self]);
    expect(await redis.zrange('ao:due', '0', '-1')).toEqual([`${self}@1`]);
    const entries = (await redis.xrange('ao:changes', '-', '+')) as Array<[string, string[]]>;
    expect(entries.map(([, fields]) => fields)).toEqual([['ext', self, 'kind', 'placed']]);
    expect(await redis.smembers('ao:other')).toEqual([`x${self}`]);
  });

  it('refuses an op it could not send faithfully', () => {
    expect(() => encodeOps([['SET', 'k', 'a\0b']])).toThrow(/NUL/);
    expect(() => encodeOps([['SET', 'k', '\x01a']], 'self')).toThrow(/stands for self/);
    expect(() => encodeOps([['SET', 'k', 'v']], '')).toThrow(/empty/);
    expect(() => encodeOps([['DEL'] as unknown as RedisOp])).toThrow(/no key/);
  });
});
