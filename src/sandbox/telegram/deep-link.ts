// Deep links to the bot (`https://t.me/<bot username>?start=<payload>`): what the apps do when one is opened,
// for a person new to the bot (the usual case of an invite) or for one the stand-in already knows.

import { sendCommand, type SentMessage } from './actions.ts';
import { StandInUsageError } from './errors.ts';
import type { StandInUserInit, UserRecord, World } from './world.ts';

/** Telegram's rule for a start parameter: 1 to 64 of `A-Z a-z 0-9 _ -`. */
const PAYLOAD = /^[A-Za-z0-9_-]{1,64}$/;
const LINK_HOSTS = new Set(['t.me', 'www.t.me', 'telegram.me', 'www.telegram.me', 'telegram.dog']);

/**
 * The start payload of a link to this bot: `''` for a link with no `start`, undefined for a link elsewhere or with
 * a payload Telegram would not pass on. Accepts `https://t.me/…`, `telegram.me`, `telegram.dog` and
 * `tg://resolve?domain=…`, the bot's username in any case, as the apps do.
 */
export function deepLinkPayload(link: string, botUsername: string): string | undefined {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(link.trim()) ? link.trim() : `https://${link.trim()}`);
  } catch {
    return undefined;
  }
  const username =
    url.protocol === 'tg:'
      ? url.hostname === 'resolve' || url.pathname.replace(/^\/+/, '') === 'resolve'
        ? url.searchParams.get('domain')
        : null
      : (url.protocol === 'https:' || url.protocol === 'http:') && LINK_HOSTS.has(url.hostname.toLowerCase())
        ? url.pathname.replace(/^\/+|\/+$/g, '')
        : null;
  if (username === null || username.toLowerCase() !== botUsername.toLowerCase()) return undefined;
  const payload = url.searchParams.get('start');
  if (payload === null || payload === '') return '';
  return PAYLOAD.test(payload) ? payload : undefined;
}

/** Names for the people the stand-in makes up when a link is opened by someone new. */
const NEW_NAMES = [
  'Amara',
  'Kofi',
  'Wanjiru',
  'Putri',
  'Rahul',
  'Layla',
  'Thiago',
  'Chidi',
  'Fatima',
  'Budi',
  'Zawadi',
  'Ana',
] as const;

/** Above every ID in use, so a new person never takes a preset's or a test's ID. */
function freshUserId(world: World): number {
  return Math.max(700_000_000, ...world.users().map((r) => r.user.id)) + 1;
}

export interface OpenedDeepLink {
  user: UserRecord;
  payload: string;
  sent: SentMessage;
}

/**
 * Opens a link to the bot as the apps do: the chat opens and `/start <payload>` is sent (plain `/start` for a link
 * without one). With no `id` in `who`, the opener is someone new: a fresh ID and a made-up name.
 */
export function openDeepLink(world: World, link: string, who: Partial<StandInUserInit> = {}): OpenedDeepLink {
  const payload = deepLinkPayload(link, world.bot.username ?? '');
  if (payload === undefined) {
    throw new StandInUsageError(
      `not a link to @${world.bot.username} with a valid start parameter (1-64 of A-Z a-z 0-9 _ -): ${link}`,
    );
  }
  const id = who.id ?? freshUserId(world);
  const known = world.findUser(id) !== undefined;
  const user = world.ensureUser({
    ...(known
      ? {}
      : { firstName: NEW_NAMES[(id - 1) % NEW_NAMES.length] ?? 'New', role: 'new: opened a link' }),
    ...who,
    id,
  });
  const sent = sendCommand(world, id, payload === '' ? '/start' : `/start ${payload}`);
  return { user, payload, sent };
}
