import { accountsKeys, type AccountsKeys } from './keys.ts';
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Redis } from 'ioredis';
import { scanKeys } from '../lib/redis/connect.ts';
import { defineScript } from '../lib/redis/redis-script.ts';
import { isRole, type Role } from './roles.ts';

/**
 * Invite links: `/invite` makes a payload for `https://t.me/<bot>?start=<payload>`, and whoever opens it gets the
 * invite's role at once. Only the payload's SHA-256 is stored (a leaked dump cannot be turned back into links);
 * each invite also has a short ID, shown to admins and carried by the revoke button. Uses are taken by one script,
 * so two people opening the last use at once give one role. An invite's keys expire by themselves a while after
 * the invite does (GRACE_MS: until then a late opener hears why the link no longer works).
 */

export const INVITE_USES = { min: 1, max: 1000, default: 1 } as const;
export const INVITE_DAYS = { min: 1, max: 90, default: 7 } as const;
/** Live invites at once: the /invites list (a button each) stays one message. */
export const MAX_LIVE_INVITES = 20;

const DAY_MS = 86_400_000;
/** How long a dead invite (expired, used up, revoked) is still told apart from a link that never was. */
const GRACE_MS = 30 * DAY_MS;
/** 24 random bytes in base64url: 32 characters of `A-Za-z0-9_-`, within Telegram's 64 for a start payload. */
const PAYLOAD = /^[A-Za-z0-9_-]{32}$/;
/** Short IDs: no 0/O or 1/I to misread when an admin reads one out. */
const ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const ID_LENGTH = 6;
const ID_SHAPE = /^[A-HJ-NP-Z2-9]{6}$/;

/** The roles an invite gives (a distributor is made by /grant, never by a link). */
export type InviteRole = Exclude<Role, 'distributor'>;

function isInviteRole(value: string): value is InviteRole {
  return isRole(value) && value !== 'distributor';
}

export interface Invite {
  /** Short ID shown to admins (never the payload). */
  id: string;
  role: InviteRole;
  /** A distributor's invite: the newcomer joins their network (the maker). */
  network?: true;
  uses: number;
  left: number;
  /** The admin who made it. */
  by: number;
  createdAt: number;
  expiresAt: number;
}

export type InviteCreation =
  { ok: true; invite: Invite; payload: string } | { ok: false; reason: 'too-many' };

/**
 * What opening a payload did: `granted` took a use (the caller gives the role); `has-role` took none (the
 * opener's role is already as high); the dead ones and `not-invite` grant nothing.
 */
export type InviteRedemption =
  | { kind: 'granted'; invite: Invite }
  | { kind: 'has-role' }
  | { kind: 'expired' }
  | { kind: 'used-up' }
  | { kind: 'revoked' }
  | { kind: 'not-invite' };

export type InviteRevocation = { kind: 'revoked'; invite: Invite } | { kind: 'gone' };

/** Whether the text has the shape of an invite's payload (anything else is never looked up). */
function isInvitePayload(text: string): boolean {
  return PAYLOAD.test(text);
}

/** Whether the text has the shape of an invite's short ID. */
export function isInviteId(text: string): boolean {
  return ID_SHAPE.test(text);
}

/**
 * `/invite <role> [uses] [days]` as typed: the role (any case), then whole numbers within INVITE_USES and
 * INVITE_DAYS; undefined for anything else (nothing is made).
 */
export function parseInviteArguments(
  text: string,
): { role: InviteRole; uses: number; days: number } | undefined {
  const [role, uses, days, ...rest] = text.trim().split(/\s+/).filter(Boolean);
  const wanted = role?.toLowerCase();
  if (wanted === undefined || !isInviteRole(wanted) || rest.length > 0) return undefined;
  const count = (typed: string | undefined, bounds: { min: number; max: number; default: number }) => {
    if (typed === undefined) return bounds.default;
    const value = /^\d{1,4}$/.test(typed) ? Number(typed) : NaN;
    return value >= bounds.min && value <= bounds.max ? value : undefined;
  };
  const useCount = count(uses, INVITE_USES);
  const dayCount = count(days, INVITE_DAYS);
  if (useCount === undefined || dayCount === undefined) return undefined;
  return { role: wanted, uses: useCount, days: dayCount };
}

function hashOf(payload: string): string {
  return createHash('sha256').update(payload).digest('hex');
}

function newId(): string {
  let id = '';
  for (let i = 0; i < ID_LENGTH; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

// Returns 'ok', 'too-many' (the live cap) or 'taken' (the short ID or hash exists: drawn again).
const createScript = defineScript(`
-- KEYS: invite, id, live ; ARGV: now, hash, id, role, uses, by, expiresAt, ttlMs, maxLive, network ('1' or '')
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[9]) then return 'too-many' end
if redis.call('EXISTS', KEYS[1]) == 1 or redis.call('EXISTS', KEYS[2]) == 1 then return 'taken' end
redis.call('HSET', KEYS[1], 'id', ARGV[3], 'role', ARGV[4], 'uses', ARGV[5], 'left', ARGV[5], 'by', ARGV[6],
  'at', ARGV[1], 'until', ARGV[7], 'state', 'live', 'net', ARGV[10])
redis.call('PEXPIRE', KEYS[1], ARGV[8])
redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[8])
redis.call('ZADD', KEYS[3], ARGV[7], ARGV[2])
if redis.call('PTTL', KEYS[3]) < tonumber(ARGV[8]) then redis.call('PEXPIRE', KEYS[3], ARGV[8]) end
return 'ok'
`);

// Takes one use when the invite is live and its role is one the opener may be raised to (ARGV[3], space-padded).
const redeemScript = defineScript(`
-- KEYS: invite, live ; ARGV: now, hash, allowed roles
local f = redis.call('HMGET', KEYS[1], 'role', 'left', 'until', 'state')
if not f[1] then return {'not-invite'} end
if f[4] == 'revoked' then return {'revoked'} end
if tonumber(f[3]) <= tonumber(ARGV[1]) then return {'expired'} end
if tonumber(f[2]) <= 0 then return {'used-up'} end
if not string.find(ARGV[3], ' ' .. f[1] .. ' ', 1, true) then return {'has-role'} end
if redis.call('HINCRBY', KEYS[1], 'left', -1) <= 0 then redis.call('ZREM', KEYS[2], ARGV[2]) end
local out = {'granted'}
for _, v in ipairs(redis.call('HGETALL', KEYS[1])) do out[#out + 1] = v end
return out
`);

// A use taken for a grant that then failed is given back.
const giveBackScript = defineScript(`
-- KEYS: invite, live ; ARGV: hash
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HINCRBY', KEYS[1], 'left', 1)
if redis.call('HGET', KEYS[1], 'state') == 'live' then
  redis.call('ZADD', KEYS[2], redis.call('HGET', KEYS[1], 'until'), ARGV[1])
end
return 1
`);

const revokeScript = defineScript(`
-- KEYS: invite, live ; ARGV: now, hash, id, by, maker ('' = anyone's)
local f = redis.call('HMGET', KEYS[1], 'id', 'left', 'until', 'state', 'by')
if f[1] ~= ARGV[3] or f[4] ~= 'live' or tonumber(f[3]) <= tonumber(ARGV[1]) or tonumber(f[2]) <= 0 then
  return {'gone'}
end
if ARGV[5] ~= '' and f[5] ~= ARGV[5] then return {'gone'} end
redis.call('HSET', KEYS[1], 'state', 'revoked', 'revokedBy', ARGV[4])
redis.call('ZREM', KEYS[2], ARGV[2])
local out = {'revoked'}
for _, v in ipairs(redis.call('HGETALL', KEYS[1])) do out[#out + 1] = v end
return out
`);

function inviteOf(fields: Record<string, string>): Invite | undefined {
  const role = fields.role;
  if (fields.id === undefined || role === undefined || !isInviteRole(role)) return undefined;
  return {
    id: fields.id,
    role,
    ...(fields.net === '1' ? { network: true as const } : {}),
    uses: Number(fields.uses),
    left: Number(fields.left),
    by: Number(fields.by),
    createdAt: Number(fields.at),
    expiresAt: Number(fields.until),
  };
}

/** A script's flat `[kind, field, value, …]` answer as its kind and the fields. */
function answerOf(reply: unknown): { kind: string; fields: Record<string, string> } {
  const [kind, ...flat] = reply as string[];
  const fields: Record<string, string> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) fields[flat[i]!] = flat[i + 1]!;
  return { kind: kind ?? '', fields };
}

export interface InviteStoreDeps {
  redis: Redis;
  prefix: string;
  /** "Now" (ms) of the expiries (AppOverrides.clock); the keys' lifetimes are relative, so they follow it. */
  clock?: () => number;
}

export class RedisInviteStore {
  readonly #redis: Redis;
  readonly #keys: AccountsKeys;
  readonly #clock: () => number;

  constructor(deps: InviteStoreDeps) {
    this.#redis = deps.redis;
    this.#keys = accountsKeys(deps.prefix);
    this.#clock = deps.clock ?? Date.now;
  }

  #inviteKey(hash: string): string {
    return this.#keys.invite(hash);
  }

  /**
   * The live invites of one maker's kind: the admins' together (MAX_LIVE_INVITES in all), each distributor's
   * apart (MAX_LIVE_INVITES each), so no distributor can use up the admins' invites.
   */
  #live(distributor: number | undefined): string {
    return this.#keys.liveInvites(distributor);
  }

  /** The live set an existing invite is kept in (its maker's kind never changes). */
  async #liveOf(hash: string): Promise<string> {
    const [net, by] = await this.#redis.hmget(this.#inviteKey(hash), 'net', 'by');
    return this.#live(net === '1' && by !== null ? Number(by) : undefined);
  }

  #idKey(id: string): string {
    return this.#keys.inviteId(id);
  }

  /**
   * A new invite: `uses` and `days` within INVITE_USES and INVITE_DAYS (the caller checks what was typed);
   * `network`: a distributor's, whose newcomers join the maker's network.
   */
  async create(
    by: number,
    role: InviteRole,
    uses: number,
    days: number,
    network = false,
  ): Promise<InviteCreation> {
    const now = this.#clock();
    const expiresAt = now + days * DAY_MS;
    for (;;) {
      const payload = randomBytes(24).toString('base64url');
      const hash = hashOf(payload);
      const id = newId();
      const ttlMs = expiresAt - now + GRACE_MS;
      const answer = await createScript.run(
        this.#redis,
        [this.#inviteKey(hash), this.#idKey(id), this.#live(network ? by : undefined)],
        [now, hash, id, role, uses, by, expiresAt, ttlMs, MAX_LIVE_INVITES, network ? '1' : ''],
      );
      if (answer === 'too-many') return { ok: false, reason: 'too-many' };
      const invite: Invite = { id, role, uses, left: uses, by, createdAt: now, expiresAt };
      if (network) invite.network = true;
      if (answer === 'ok') return { ok: true, payload, invite };
    }
  }

  /**
   * Opens a payload for a user whose role is `current`: an invite only ever raises a role (reseller and agent
   * sit side by side, admin above both), so a use is taken only when the invite's role is above `current`.
   */
  async redeem(payload: string, current: Role | null): Promise<InviteRedemption> {
    if (!isInvitePayload(payload)) return { kind: 'not-invite' };
    const hash = hashOf(payload);
    const allowed: InviteRole[] =
      current === null ? ['reseller', 'agent', 'admin'] : current === 'admin' ? [] : ['admin'];
    const reply = await redeemScript.run(
      this.#redis,
      [this.#inviteKey(hash), await this.#liveOf(hash)],
      [this.#clock(), hash, ` ${allowed.join(' ')} `],
    );
    const { kind, fields } = answerOf(reply);
    switch (kind) {
      case 'granted': {
        const invite = inviteOf(fields);
        return invite === undefined ? { kind: 'not-invite' } : { kind: 'granted', invite };
      }
      case 'has-role':
      case 'expired':
      case 'used-up':
      case 'revoked':
        return { kind };
      default:
        return { kind: 'not-invite' };
    }
  }

  /** Gives back the use `redeem` took when the grant it was for failed. */
  async giveBack(payload: string): Promise<void> {
    const hash = hashOf(payload);
    await giveBackScript.run(this.#redis, [this.#inviteKey(hash), await this.#liveOf(hash)], [hash]);
  }

  /**
   * The live invites (not expired, used up or revoked), soonest to expire first: one distributor's
   * (`distributor`), or every one for the admins.
   */
  async list(distributor?: number): Promise<Invite[]> {
    const sets = [this.#live(distributor)];
    if (distributor === undefined) {
      for await (const names of scanKeys(this.#redis, this.#keys.liveInvitesOfDistributors))
        sets.push(...names);
    }
    const from = `(${this.#clock()}`;
    const found = await Promise.all(
      sets.map((set) => this.#redis.zrangebyscore(set, from, '+inf', 'WITHSCORES')),
    );
    const hashes = found
      .flatMap((flat) =>
        flat.flatMap((value, i) => (i % 2 === 0 ? [[value, Number(flat[i + 1])] as const] : [])),
      )
      .sort((a, b) => a[1] - b[1])
      .map(([hash]) => hash);
    if (hashes.length === 0) return [];
    const pipeline = this.#redis.pipeline();
    for (const hash of hashes) pipeline.hgetall(this.#inviteKey(hash));
    const rows = (await pipeline.exec()) ?? [];
    const invites: Invite[] = [];
    for (const [error, fields] of rows) {
      if (error) throw error;
      const record = fields as Record<string, string>;
      const invite = inviteOf(record);
      if (invite !== undefined && record.state === 'live' && invite.left > 0) invites.push(invite);
    }
    return invites;
  }

  /**
   * Revokes a live invite by its short ID; `gone` when it is not live (any more) or never was, or when `maker` is
   * given and someone else made it (a distributor revokes their own invites only).
   */
  async revoke(id: string, by: number, maker?: number): Promise<InviteRevocation> {
    if (!isInviteId(id)) return { kind: 'gone' };
    const hash = await this.#redis.get(this.#idKey(id));
    if (hash === null) return { kind: 'gone' };
    const reply = await revokeScript.run(
      this.#redis,
      [this.#inviteKey(hash), await this.#liveOf(hash)],
      [this.#clock(), hash, id, by, maker ?? ''],
    );
    const { kind, fields } = answerOf(reply);
    const invite = kind === 'revoked' ? inviteOf(fields) : undefined;
    return invite === undefined ? { kind: 'gone' } : { kind: 'revoked', invite };
  }
}

export type InviteStore = Pick<RedisInviteStore, keyof RedisInviteStore>;
