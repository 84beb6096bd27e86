import { accountsKeys } from './keys.ts';
import type { Redis } from 'ioredis';
import { createVersionedCache } from '../lib/versioned-cache.ts';

/** A distributor is a reseller with a network of their own (accounts/network.ts). */
export type Role = 'reseller' | 'distributor' | 'agent' | 'admin';
const ROLES: readonly Role[] = ['reseller', 'distributor', 'agent', 'admin'];

/** The role whose commands a user has: a distributor sells as a reseller (and has network commands too). */
export function actingRole(role: Role | null): Exclude<Role, 'distributor'> | null {
  return role === 'distributor' ? 'reseller' : role;
}

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

export interface RoleChange {
  by: number;
  user: number;
  role: Role | null;
  at: string;
}

export type RoleChangeResult =
  { ok: true; previous: Role | null } | { ok: false; reason: 'last-admin' | 'configured-admin' | 'self' };

export interface RoleStoreDeps {
  redis: Redis;
  prefix: string;
  /** ADMIN_IDS: admins from the start, whatever Redis says. */
  configuredAdmins: readonly number[];
  /**
   * Called after a user is granted the reseller role, by whatever path (the start credit, given once). A failure is
   * the caller's to log: the grant itself stands.
   */
  onReseller?: (userId: number, by: number) => Promise<void>;
}

/** Most users a replica keeps roles for; past it the cache starts again (it is only a cache). */
const CACHE_LIMIT = 100_000;

/**
 * Who may use the bot. Each replica caches the roles it has read, tagged with the version of the roles hash
 * (a counter every change increments in the same script). An update reads the version in the pipeline of
 * its other reads, so a change made on one replica takes effect at once on all of them.
 */
export class RedisRoleStore {
  readonly #redis: Redis;
  readonly #key: string;
  readonly #versionKey: string;
  readonly #auditKey: string;
  readonly #configured: ReadonlySet<number>;
  readonly #onReseller: RoleStoreDeps['onReseller'];
  readonly #cache = createVersionedCache<number, Role | null>(CACHE_LIMIT);

  constructor(deps: RoleStoreDeps) {
    this.#redis = deps.redis;
    const keys = accountsKeys(deps.prefix);
    this.#key = keys.roles;
    this.#versionKey = keys.rolesVersion;
    this.#auditKey = keys.rolesAudit;
    this.#configured = new Set(deps.configuredAdmins);
    this.#onReseller = deps.onReseller;
  }

  /** The version of the roles last seen by this replica (changes with every grant and revoke anywhere). */
  get version(): string | null | undefined {
    return this.#cache.version;
  }

  /** The key of the roles' version: callers read it along with their own reads and hand it to roleAt. */
  get versionKey(): string {
    return this.#versionKey;
  }

  /**
   * The user's role given the roles' version just read: from this replica's cache when it was read at that
   * version, else from Redis (and cached).
   */
  async roleAt(userId: number, version: string | null): Promise<Role | null> {
    if (this.#configured.has(userId)) return 'admin';
    return this.#cache.read(version, userId, () => this.roleOf(userId));
  }

  /** Reads the role from Redis (never from the cache). */
  async roleOf(userId: number): Promise<Role | null> {
    if (this.#configured.has(userId)) return 'admin';
    const value = await this.#redis.hget(this.#key, String(userId));
    return value !== null && isRole(value) ? value : null;
  }

  isConfiguredAdmin(userId: number): boolean {
    return this.#configured.has(userId);
  }

  /** Everyone with a role, configured admins included. */
  async list(): Promise<Array<{ userId: number; role: Role; configured: boolean }>> {
    const all = await this.#redis.hgetall(this.#key);
    const rows = new Map<number, { userId: number; role: Role; configured: boolean }>();
    for (const [id, role] of Object.entries(all)) {
      if (isRole(role)) rows.set(Number(id), { userId: Number(id), role, configured: false });
    }
    for (const id of this.#configured) rows.set(id, { userId: id, role: 'admin', configured: true });
    return [...rows.values()].sort((a, b) => a.userId - b.userId);
  }

  async adminIds(): Promise<number[]> {
    return (await this.list()).filter((row) => row.role === 'admin').map((row) => row.userId);
  }

  /** Grants or revokes (role null); the last admin can never be removed. */
  async change(by: number, user: number, role: Role | null, now = new Date()): Promise<RoleChangeResult> {
    if (this.#configured.has(user) && role !== 'admin') return { ok: false, reason: 'configured-admin' };
    // Atomic so two admins demoting each other at once cannot leave the bot with none.
    const script = `
      local current = redis.call('HGET', KEYS[1], ARGV[1])
      if current == 'admin' and ARGV[2] ~= 'admin' then
        local admins = tonumber(ARGV[4])
        for _, v in ipairs(redis.call('HVALS', KEYS[1])) do
          if v == 'admin' then admins = admins + 1 end
        end
        if admins <= 1 then return {0, current} end
      end
      if ARGV[2] == '' then redis.call('HDEL', KEYS[1], ARGV[1]) else redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) end
      redis.call('INCR', KEYS[3])
      redis.call('LPUSH', KEYS[2], ARGV[3])
      redis.call('LTRIM', KEYS[2], 0, 199)
      return {1, current or ''}
    `;
    const entry: RoleChange = { by, user, role, at: now.toISOString() };
    const [ok, previous] = (await this.#redis.eval(
      script,
      3,
      this.#key,
      this.#auditKey,
      this.#versionKey,
      String(user),
      role ?? '',
      JSON.stringify(entry),
      String(this.#configured.size),
    )) as [number, string | null];
    if (ok === 0) return { ok: false, reason: 'last-admin' };
    if (role === 'reseller' || role === 'distributor') await this.#onReseller?.(user, by);
    return { ok: true, previous: previous && isRole(previous) ? previous : null };
  }

  async audit(limit = 20): Promise<RoleChange[]> {
    const rows = await this.#redis.lrange(this.#auditKey, 0, limit - 1);
    return rows.map((row) => JSON.parse(row) as RoleChange);
  }
}

export type RoleStore = Pick<RedisRoleStore, keyof RedisRoleStore>;
