import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import {
  NAME_PART_MAX,
  RedisUserDirectory,
  nameText,
  personHtml,
  userNameOf,
  withNames,
  type UserName,
} from '../../src/accounts/names.ts';
import { parseHtml } from '../../src/sandbox/telegram/formatting.ts';
import { redisPerFile } from '../support/redis.ts';

/** A name built to break things: markup, an ampersand, a right-to-left override and emoji. */
const HOSTILE: UserName = { first: '<b>Rita & Co</b>', last: '\u202Eoc.pohs 🛒👩‍👩‍👧', username: 'rita_shop' };

describe('the user directory: names beside IDs', () => {
  let redis: Redis;
  redisPerFile((r) => (redis = r));

  it('keeps a name bounded: each part cut to 64 characters, never inside an emoji, control characters spaced', () => {
    const family = '👩‍👩‍👧‍👦'; // 7 code points, one visible character
    const name = userNameOf({
      first_name: `${'a'.repeat(60)}${family}`,
      last_name: 'b'.repeat(200),
      username: 'rita_shop',
    });
    expect(name.first).toBe('a'.repeat(60));
    expect([...name.last!]).toHaveLength(NAME_PART_MAX);
    expect(name.username).toBe('rita_shop');
    expect(userNameOf({ first_name: `Rita\nShop\u0000` })).toEqual({ first: 'Rita Shop' });
    expect(userNameOf({ first_name: 'Rita', last_name: '' })).toEqual({ first: 'Rita' });
    // RTL marks and emoji are the user's own: kept as they are.
    expect(userNameOf({ first_name: HOSTILE.first, last_name: HOSTILE.last! })).toEqual({
      first: HOSTILE.first,
      last: HOSTILE.last,
    });
  });

  it('formats a person as escaped name, isolated from the text around it, then the ID in <code>', () => {
    const shown = personHtml(710000001, HOSTILE).html;
    expect(shown).toBe(
      '\u2068&lt;b&gt;Rita &amp; Co&lt;/b&gt; \u202Eoc.pohs 🛒👩‍👩‍👧\u2069 (@rita_shop) <code>710000001</code>',
    );
    // Parsed as Telegram parses HTML: the name intact as visible text, only the ID in a code entity.
    const parsed = parseHtml(`Reseller ${shown}: ok`);
    expect(parsed.text).toBe(
      `Reseller \u2068${HOSTILE.first} ${HOSTILE.last}\u2069 (@rita_shop) 710000001: ok`,
    );
    expect(parsed.entities.map((e) => e.type)).toEqual(['code']);
    expect(personHtml(7, { first: 'Rita' }).html).toBe('\u2068Rita\u2069 <code>7</code>');
    expect(personHtml(7, { first: '', username: 'rita' }).html).toBe('@rita <code>7</code>');
    expect(personHtml(7, { first: '' }).html).toBe('<code>7</code>');
    expect(personHtml(7, undefined).html).toBe('<code>7</code>');
    expect(nameText(HOSTILE)).toBe(`${HOSTILE.first} ${HOSTILE.last} (@rita_shop)`);
    expect(nameText(undefined)).toBe('');
  });

  it('reads a page of names in one round trip; unknown and unreadable names fall back to the ID', async () => {
    const directory = new RedisUserDirectory({ redis, prefix: 'n1:' });
    await directory.record(1, HOSTILE);
    await directory.record(2, { first: 'Aziz' });
    await redis.hset('n1:names', '3', 'not json');
    const monitor = await redis.monitor();
    const commands: string[] = [];
    monitor.on('monitor', (_time: string, args: string[]) => commands.push(args[0]!.toLowerCase()));
    const people = await directory.people([1, 2, 3, 4, 1]);
    monitor.disconnect();
    expect(commands.filter((c) => c.startsWith('h'))).toEqual(['hmget']);
    expect(people(1).html).toContain('&lt;b&gt;Rita &amp; Co&lt;/b&gt;');
    expect(people(2).html).toBe('\u2068Aziz\u2069 <code>2</code>');
    expect(people(3).html).toBe('<code>3</code>');
    expect(people(4).html).toBe('<code>4</code>');
    expect(await directory.namesOf([])).toEqual(new Map());
  });

  it('names a stream of items a batch at a time, reading each name once', async () => {
    const directory = new RedisUserDirectory({ redis, prefix: 'n2:' });
    await directory.record(1, { first: 'One' });
    await directory.record(4, { first: 'Four' });
    const asked: number[][] = [];
    const counted = {
      namesOf: (ids: Iterable<number>) => {
        asked.push([...ids]);
        return directory.namesOf(ids);
      },
    };
    // 250 items: IDs 1-3 throughout, ID 4 first in the third batch, and some with no user at all.
    async function* items() {
      for (let i = 0; i < 250; i++) yield { i, user: i === 220 ? 4 : i % 5 === 4 ? undefined : (i % 3) + 1 };
    }
    const named: Array<[number, string | undefined]> = [];
    for await (const [item, name] of withNames(items(), (it) => it.user, counted)) {
      named.push([item.i, name?.first]);
    }
    expect(named.map(([i]) => i)).toEqual([...Array(250).keys()]);
    expect(asked.map((ids) => [...ids].sort())).toEqual([[1, 2, 3], [4]]);
    expect(named[0]).toEqual([0, 'One']);
    expect(named[1]).toEqual([1, undefined]);
    expect(named[4]).toEqual([4, undefined]);
    expect(named[220]).toEqual([220, 'Four']);
  });
});
