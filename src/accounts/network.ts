import type { Redis } from 'ioredis';
import { defineScript } from '../lib/redis/redis-script.ts';
import { createVersionedCache } from '../lib/versioned-cache.ts';
import { accountsKeys } from './keys.ts';
import { isRole, type Role } from './roles.ts';

/**
 * Distributors' networks. Every reseller hangs under exactly one parent: the merchant (no link) or a distributor
 * (`<prefix>net:parent`, a hash child -> parent, the only record of the tree). A reseller's level is 1 under the
 * merchant, one more under each distributor; NETWORK_MAX_DEPTH bounds it. A reseller whose chain passes through a
 * user who is no longer a distributor is suspended (nothing of theirs is placed) until an admin moves them: that
 * is read off the chain, so a revoke suspends a whole network at once and a move lifts it at once.
 *
 * The tree changes only in `attachScript`, which checks in the same step that the new parent is a distributor,
 * that the move makes no cycle and that nothing below ends deeper than allowed.
 */

/** One user above a reseller, nearest first; `role` is what they are now (null: revoked). */
interface Ancestor {
  userId: number;
  role: Role | null;
}

/** A user as the roads to a charge need them: their role and every level above them. */
export interface Standing {
  role: Role | null;
  /** Nearest first; empty under the merchant. */
  chain: Ancestor[];
}

export type AttachResult =
  | { ok: true; previous: number | null }
  | { ok: false; reason: 'not-reseller' | 'not-distributor' | 'cycle' | 'too-deep' };

/** Most levels a chain is walked (NETWORK_MAX_DEPTH is at most 4; a longer chain is a bug, cut short). */
const WALK_LIMIT = 8;

/** Most users a replica remembers the standing of (past it, it starts again). */
const STANDING_CACHE_LIMIT = 50_000;

/** Whether a standing may not place anything: someone above is no longer a distributor. */
export function isSuspended(standing: Pick<Standing, 'chain'>): boolean {
  return standing.chain.some((ancestor) => ancestor.role !== 'distributor');
}

// KEYS: parents, roles ; ARGV: user. Returns {role or '', p1, r1, p2, r2, …} nearest first.
const standingScript = defineScript(`
local out = {redis.call('HGET', KEYS[2], ARGV[1]) or ''}
local user = ARGV[1]
for _ = 1, ${WALK_LIMIT} do
  local p = redis.call('HGET', KEYS[1], user)
  if not p then break end
  out[#out + 1] = p
  out[#out + 1] = redis.call('HGET', KEYS[2], p) or ''
  user = p
end
return out
`);

// KEYS: parents, roles, the roles' version ; ARGV: user, parent ('' = the merchant), max depth, new-member ('1': the
// user may have no role yet).
// Returns {'ok', previous parent or ''} or {reason}.
const attachScript = defineScript(`
local user, parent, maxDepth = ARGV[1], ARGV[2], tonumber(ARGV[3])
local role = redis.call('HGET', KEYS[2], user)
if ARGV[4] ~= '1' and role ~= 'reseller' and role ~= 'distributor' then return {'not-reseller'} end
local level = 1
if parent ~= '' then
  if redis.call('HGET', KEYS[2], parent) ~= 'distributor' then return {'not-distributor'} end
  local at = parent
  for _ = 1, ${WALK_LIMIT} do
    if at == user then return {'cycle'} end
    level = level + 1
    at = redis.call('HGET', KEYS[1], at)
    if not at then break end
  end
end
-- How deep the user's own network goes below them (0: nobody).
local flat = redis.call('HGETALL', KEYS[1])
local below = {}
for i = 1, #flat, 2 do
  local p = flat[i + 1]
  below[p] = below[p] or {}
  table.insert(below[p], flat[i])
end
local height, frontier = 0, {user}
while #frontier > 0 and height <= ${WALK_LIMIT} do
  local nextLevel = {}
  for _, id in ipairs(frontier) do
    for _, child in ipairs(below[id] or {}) do table.insert(nextLevel, child) end
  end
  if #nextLevel == 0 then break end
  height = height + 1
  frontier = nextLevel
end
if level + height > maxDepth then return {'too-deep'} end
local previous = redis.call('HGET', KEYS[1], user) or ''
if parent == '' then redis.call('HDEL', KEYS[1], user) else redis.call('HSET', KEYS[1], user, parent) end
redis.call('INCR', KEYS[3])
return {'ok', previous}
`);

export interface NetworkDeps {
  redis: Redis;
  prefix: string;
  /** NETWORK_MAX_DEPTH: levels of resellers below the merchant (1: no networks). */
  maxDepth: number;
}

/** Creates the network store (see above). */
export function createNetwork(deps: NetworkDeps) {
  const { redis } = deps;
  const { parents, roles, rolesVersion } = accountsKeys(deps.prefix);
  /** Users' standings as read at a version of the roles (see standingAt). */
  const standings = createVersionedCache<number, Standing>(STANDING_CACHE_LIMIT);

  async function attach(userId: number, parentId: number | null, newMember: boolean): Promise<AttachResult> {
    const [kind, previous] = (await attachScript.run(
      redis,
      [parents, roles, rolesVersion],
      [userId, parentId ?? '', deps.maxDepth, newMember ? '1' : ''],
    )) as [string, string | undefined];
    if (kind === 'ok') return { ok: true, previous: previous ? Number(previous) : null };
    return { ok: false, reason: kind as Exclude<AttachResult, { ok: true }>['reason'] };
  }

  async function parentMap(): Promise<Map<number, number>> {
    const all = await redis.hgetall(parents);
    return new Map(Object.entries(all).map(([child, parent]) => [Number(child), Number(parent)]));
  }

  const network = {
    maxDepth: deps.maxDepth,

    /** The user's role and the chain above them, in one round trip. */
    async standing(userId: number): Promise<Standing> {
      const [role, ...flat] = (await standingScript.run(redis, [parents, roles], [userId])) as string[];
      const chain: Ancestor[] = [];
      for (let i = 0; i + 1 < flat.length; i += 2) {
        const ancestorRole = flat[i + 1]!;
        chain.push({ userId: Number(flat[i]), role: isRole(ancestorRole) ? ancestorRole : null });
      }
      return { role: role !== undefined && isRole(role) ? role : null, chain };
    },

    /**
     * The user's standing given the roles' version just read (the pipeline reads it with every update): from this
     * replica's cache when read at that version, else from Redis. Every grant, revoke and move bumps the version,
     * so a change on one replica takes effect at once on all. The charge reads the standing itself.
     */
    standingAt(userId: number, version: string | null): Promise<Standing> {
      return standings.read(version, userId, () => network.standing(userId));
    },

    /** Whether the user's network is suspended, given the roles' version just read (see standingAt). */
    async suspendedAt(userId: number, version: string | null): Promise<boolean> {
      return isSuspended(await network.standingAt(userId, version));
    },

    /** Every reseller below a distributor, with that distributor (child -> parent). */
    parents: parentMap,

    /** The distributor a reseller hangs under, or null under the merchant. */
    async parentOf(userId: number): Promise<number | null> {
      const parent = await redis.hget(parents, String(userId));
      return parent === null ? null : Number(parent);
    },

    /** A new member joining under `parentId` (an invite of theirs): checked like a move. */
    join: (userId: number, parentId: number) => attach(userId, parentId, true),

    /** Moves a reseller and everything below them under `parentId` (null: the merchant). */
    move: (userId: number, parentId: number | null) => attach(userId, parentId, false),

    /** Everyone below `userId`, each with their parent, nearest levels first. */
    async below(userId: number): Promise<Array<{ userId: number; parentId: number; depth: number }>> {
      const map = await parentMap();
      const children = new Map<number, number[]>();
      for (const [child, parent] of map) children.set(parent, [...(children.get(parent) ?? []), child]);
      const found: Array<{ userId: number; parentId: number; depth: number }> = [];
      let frontier = [userId];
      for (let depth = 1; frontier.length > 0 && depth <= WALK_LIMIT; depth++) {
        const next: number[] = [];
        for (const parent of frontier) {
          for (const child of (children.get(parent) ?? []).sort((a, b) => a - b)) {
            found.push({ userId: child, parentId: parent, depth });
            next.push(child);
          }
        }
        frontier = next;
      }
      return found;
    },

    /** The resellers directly below `userId`. */
    async children(userId: number): Promise<number[]> {
      return (await network.below(userId)).filter((row) => row.depth === 1).map((row) => row.userId);
    },

    /** Whether `userId` is somewhere below `distributorId` (never true of the distributor themself). */
    async contains(distributorId: number, userId: number): Promise<boolean> {
      const { chain } = await network.standing(userId);
      return chain.some((ancestor) => ancestor.userId === distributorId);
    },
  };
  return network;
}

export type Network = ReturnType<typeof createNetwork>;
