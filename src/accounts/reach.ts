import type { Network } from './network.ts';
import type { Role } from './roles.ts';

/**
 * Whose orders and accounts a viewer may reach: everyone's (agents, admins), their own (a reseller), or their own
 * and their network's (a distributor: everyone below them, read once per question). Every view of a distributor
 * asks this, so a command, a button and forged callback data meet the same check.
 */
export type Reach =
  | { kind: 'all' }
  | { kind: 'own'; userId: number }
  | { kind: 'network'; userId: number; members: ReadonlySet<number> };

/** The reach of `userId` with their stored role (a distributor's, not the reseller role they act with); null: none. */
export async function reachOf(
  network: Pick<Network, 'below'>,
  userId: number,
  role: Role | null,
): Promise<Reach | null> {
  switch (role) {
    case 'admin':
    case 'agent':
      return { kind: 'all' };
    case 'reseller':
      return { kind: 'own', userId };
    case 'distributor': {
      const members = new Set((await network.below(userId)).map((row) => row.userId));
      return { kind: 'network', userId, members };
    }
    case null:
      return null;
  }
}

/** Whether the reach covers what belongs to `userId`. */
export function reaches(reach: Reach, userId: number): boolean {
  if (reach.kind === 'all') return true;
  return userId === reach.userId || (reach.kind === 'network' && reach.members.has(userId));
}

/** Whether `userId` is strictly below the viewer (a member of their network, never themself). */
export function inNetwork(reach: Reach, userId: number): boolean {
  return reach.kind === 'network' && reach.members.has(userId);
}

/** The users a reach covers, the viewer first; null for everyone. */
export function reachedUsers(reach: Reach): number[] | null {
  if (reach.kind === 'all') return null;
  return reach.kind === 'own' ? [reach.userId] : [reach.userId, ...reach.members];
}
