import { storedJson } from '../../src/bot/conversations/compact-replay.ts';
import type { Redis } from 'ioredis';

/** Every key and every value Redis holds, as text (a stored conversation also inflated). */
export async function everythingIn(redis: Redis): Promise<string> {
  const out: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'COUNT', 500);
    cursor = next;
    for (const key of keys) {
      out.push(key);
      const type = await redis.type(key);
      if (type === 'string') {
        const value = (await redis.getBuffer(key)) ?? Buffer.alloc(0);
        // A stored conversation: a zero byte, then deflated JSON (src/bot/conversations/compact-replay.ts).
        if (value[0] === 0) out.push(value.toString('latin1'), storedJson(value));
        else out.push(value.toString('utf8'));
      } else if (type === 'hash') out.push(JSON.stringify(await redis.hgetall(key)));
      else if (type === 'list') out.push(...(await redis.lrange(key, 0, -1)));
      else if (type === 'set') out.push(...(await redis.smembers(key)));
      else if (type === 'zset') out.push(...(await redis.zrange(key, '0', '-1')));
      else if (type === 'stream') out.push(JSON.stringify(await redis.xrange(key, '-', '+')));
      else if (type !== 'none') throw new Error(`key ${key} of type ${type} not read`);
    }
  } while (cursor !== '0');
  return out.join('\n');
}
