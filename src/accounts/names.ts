import { accountsKeys } from './keys.ts';
import type { Redis } from 'ioredis';
import { escapeHtml, Html } from '../lib/html.ts';

/**
 * Who a user ID is, for the people who run the bot: the Telegram name each user with a role last wrote with, so
 * admin and agent views name people as well as their ID. Strangers are never recorded (the middleware that
 * records names asks for a role first): a stranger's update causes nothing but the refusal.
 */

/** A user's Telegram display name, each part cut to NAME_PART_MAX characters. */
export interface UserName {
  first: string;
  last?: string;
  username?: string;
}

/** The longest part of a name kept (first name, last name, username), in code points. */
export const NAME_PART_MAX = 64;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Cuts `text` to at most `max` code points without splitting a character a reader sees as one (an emoji with its
 * joiners, a letter with its marks); line breaks and other control characters become spaces.
 */
function bounded(text: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').trim();
  let kept = '';
  let length = 0;
  for (const { segment } of graphemes.segment(clean)) {
    length += [...segment].length;
    if (length > max) break;
    kept += segment;
  }
  return kept;
}

/** The name of a Telegram user (`ctx.from`), bounded; empty parts left out. */
export function userNameOf(from: { first_name: string; last_name?: string; username?: string }): UserName {
  const first = bounded(from.first_name, NAME_PART_MAX);
  const last = from.last_name === undefined ? '' : bounded(from.last_name, NAME_PART_MAX);
  const username = from.username === undefined ? '' : bounded(from.username, NAME_PART_MAX);
  return { first, ...(last === '' ? {} : { last }), ...(username === '' ? {} : { username }) };
}

/** A stored name that does not read as one (hand-edited, or from a later version) counts as unknown. */
function readName(text: string | null | undefined): UserName | undefined {
  if (text === null || text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as Partial<UserName>;
    if (typeof value.first !== 'string') return undefined;
    return {
      first: value.first,
      ...(typeof value.last === 'string' ? { last: value.last } : {}),
      ...(typeof value.username === 'string' ? { username: value.username } : {}),
    };
  } catch {
    return undefined;
  }
}

/** `First Last` (what the user calls themselves), or '' when they have neither. */
function fullName(name: UserName): string {
  return [name.first, name.last ?? ''].filter((part) => part !== '').join(' ');
}

/** A name as plain text (`Rita Shop (@rita_shop)`), for a CSV cell; '' when unknown. */
export function nameText(name: UserName | undefined): string {
  if (name === undefined) return '';
  const full = fullName(name);
  const handle = name.username === undefined ? '' : `@${name.username}`;
  return full === '' ? handle : handle === '' ? full : `${full} (${handle})`;
}

/** First strong isolate and pop directional isolate: a name's right-to-left text never reorders what follows it. */
const FSI = '\u2068';
const PDI = '\u2069';

/**
 * A person as the bot's HTML shows them: `Rita Shop (@rita_shop) <code>710000001</code>`, the name escaped and set
 * in a Unicode isolate (a name may hold an RTL override), the ID in `<code>` for copying; the ID alone when the
 * name is unknown.
 */
export function personHtml(userId: number, name: UserName | undefined): Html {
  const id = `<code>${userId}</code>`;
  if (name === undefined) return new Html(id);
  const full = fullName(name);
  const shown = full === '' ? '' : `${FSI}${escapeHtml(full)}${PDI}`;
  const handle = name.username === undefined ? '' : `@${escapeHtml(name.username)}`;
  const text = shown === '' ? handle : handle === '' ? shown : `${shown} (${handle})`;
  return new Html(text === '' ? id : `${text} ${id}`);
}

/** Formats a person (see personHtml) from names read beforehand. */
export type People = (userId: number) => Html;

/**
 * The names of users with a role, in one Redis hash (user ID -> name JSON): a page of people is one HMGET. A
 * name is kept when the role goes (the audit of `/users` still says who it was), and refreshed only by a user
 * with a role.
 */
export class RedisUserDirectory {
  readonly #redis: Redis;
  readonly #key: string;

  constructor(deps: { redis: Redis; prefix: string }) {
    this.#redis = deps.redis;
    this.#key = accountsKeys(deps.prefix).names;
  }

  /** Stores the user's current name (the caller knows they have a role). */
  async record(userId: number, name: UserName): Promise<void> {
    await this.#redis.hset(this.#key, String(userId), JSON.stringify(name));
  }

  /** The known names of `userIds`, in one round trip (unknown IDs are absent). */
  async namesOf(userIds: Iterable<number>): Promise<Map<number, UserName>> {
    const ids = [...new Set(userIds)];
    const names = new Map<number, UserName>();
    if (ids.length === 0) return names;
    const values = await this.#redis.hmget(this.#key, ...ids.map(String));
    ids.forEach((id, i) => {
      const name = readName(values[i]);
      if (name !== undefined) names.set(id, name);
    });
    return names;
  }

  /** Reads the names of `userIds` at once and gives their formatter (personHtml). */
  async people(userIds: Iterable<number>): Promise<People> {
    const names = await this.namesOf(userIds);
    return (userId) => personHtml(userId, names.get(userId));
  }
}

export type UserDirectory = Pick<RedisUserDirectory, keyof RedisUserDirectory>;

/**
 * Pairs each item of `items` with the name of the user `idOf` gives (undefined when none or unknown), reading the
 * names of up to `batch` items at a time (the store's page of orders) in one round trip, and each name once: for the
 * documents streamed page by page (`/export`, `/statement`).
 */
export async function* withNames<T>(
  items: AsyncIterable<T>,
  idOf: (item: T) => number | undefined,
  directory: Pick<UserDirectory, 'namesOf'>,
  batch = 100,
): AsyncGenerator<[T, UserName | undefined]> {
  const known = new Map<number, UserName | undefined>();
  let held: T[] = [];
  async function* release(): AsyncGenerator<[T, UserName | undefined]> {
    const unknown = new Set<number>();
    for (const id of held.map(idOf)) if (id !== undefined && !known.has(id)) unknown.add(id);
    if (unknown.size > 0) {
      const read = await directory.namesOf(unknown);
      for (const id of unknown) known.set(id, read.get(id));
    }
    for (const item of held) {
      const id = idOf(item);
      yield [item, id === undefined ? undefined : known.get(id)];
    }
    held = [];
  }
  for await (const item of items) {
    held.push(item);
    if (held.length >= batch) yield* release();
  }
  yield* release();
}
