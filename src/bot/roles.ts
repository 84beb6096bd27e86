import type { Redis } from 'ioredis';

export type Role = 'reseller' | 'agent' | 'admin';
export const ROLES: readonly Role[] = ['reseller', 'agent', 'admin'];

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
}

/**
 * Who may use the bot. Read from Redis on every update (one HGET), so a change made on one replica
 * takes effect at once on all of them.
 */
export class RedisRoleStore {
  readonly #redis: Redis;
  readonly #key: string;
  readonly #auditKey: string;
  readonly #configured: ReadonlySet<number>;

  constructor(deps: RoleStoreDeps) {
    this.#redis = deps.redis;
    this.#key = `${deps.prefix}roles`;
    this.#auditKey = `${deps.prefix}roles:audit`;
    this.#configured = new Set(deps.configuredAdmins);
  }

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
      redis.call('LPUSH', KEYS[2], ARGV[3])
      redis.call('LTRIM', KEYS[2], 0, 199)
      return {1, current or ''}
    `;
    const entry: RoleChange = { by, user, role, at: now.toISOString() };
    const [ok, previous] = (await this.#redis.eval(
      script,
      2,
      this.#key,
      this.#auditKey,
      String(user),
      role ?? '',
      JSON.stringify(entry),
      String(this.#configured.size),
    )) as [number, string | null];
    if (ok === 0) return { ok: false, reason: 'last-admin' };
    return { ok: true, previous: previous && isRole(previous) ? previous : null };
  }

  async audit(limit = 20): Promise<RoleChange[]> {
    const rows = await this.#redis.lrange(this.#auditKey, 0, limit - 1);
    return rows.map((row) => JSON.parse(row) as RoleChange);
  }
}

export type RoleStore = Pick<RedisRoleStore, keyof RedisRoleStore>;
