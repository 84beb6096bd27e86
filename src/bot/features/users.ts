import { Composer } from 'grammy';
import { shortTime } from '../../orders/texts.ts';
import type { BotContext } from '../context.ts';
import { isRole, type Role } from '../../accounts/roles.ts';
import type { StaffServices } from '../staff.ts';
import { requireRole } from './access.ts';
import type { Tell } from '../tell.ts';
import { code, html } from '../../lib/html.ts';

const USER_ID = /^\d{1,15}$/;

const roleName = (ctx: BotContext, role: Role) => ctx.t(`role-${role}`);

/**
 * `/users`, `/grant <id> <role>`, `/revoke <id>`: who may use the bot; every change recorded and shown. A
 * distributor revokes within their own network only; a distributor who loses the role suspends everyone below them
 * (accounts/network.ts), and each of them is told. `tell`: how they are told (bot/tell.ts).
 */
export function createUsersFeature(
  staff: StaffServices,
  onMenuError: (error: unknown, userId: number) => void,
  tell: Tell,
) {
  const composer = new Composer<BotContext>();

  composer.command('users', requireRole('users'), (ctx) => listUsers(ctx, staff));
  composer.use(createRoleChanges(staff, onMenuError, tell));

  return composer;
}

/** `/users`: everyone with a role (and whom they are under), then the last changes. */
async function listUsers(
  ctx: BotContext,
  staff: Pick<StaffServices, 'roles' | 'network' | 'names'>,
): Promise<void> {
  const [members, audit, parents] = await Promise.all([
    staff.roles.list(),
    staff.roles.audit(20),
    staff.network.parents(),
  ]);
  const people = await staff.names.people([
    ...members.map((row) => row.userId),
    ...audit.flatMap((entry) => [entry.by, entry.user]),
    ...parents.values(),
  ]);
  const lines = [ctx.t('admin-users-title')];
  if (members.length === 0) lines.push(ctx.t('admin-users-empty'));
  for (const row of members) {
    const vars = { user: people(row.userId), role: html(roleName(ctx, row.role)) };
    const parent = parents.get(row.userId);
    lines.push(
      row.configured
        ? ctx.t('admin-users-row-configured', vars)
        : parent === undefined
          ? ctx.t('admin-users-row', vars)
          : ctx.t('admin-users-row-under', { ...vars, parent: people(parent) }),
    );
  }
  lines.push('', ctx.t('admin-users-audit-title'));
  if (audit.length === 0) lines.push(ctx.t('admin-users-audit-empty'));
  for (const entry of audit) {
    const vars = { at: shortTime(entry.at), by: people(entry.by), user: people(entry.user) };
    lines.push(
      entry.role === null
        ? ctx.t('admin-users-audit-revoked', vars)
        : ctx.t('admin-users-audit-granted', { ...vars, role: html(roleName(ctx, entry.role)) }),
    );
  }
  await ctx.reply(lines.join('\n'));
}

/** `/grant` and `/revoke`: the role change, the changed user's menu, and a lost distributor's network. */
function createRoleChanges(
  staff: StaffServices,
  onMenuError: (error: unknown, userId: number) => void,
  tell: Tell,
): Composer<BotContext> {
  const composer = new Composer<BotContext>();

  /** The changed user's menu follows their new role at once. */
  async function updateMenu(userId: number): Promise<void> {
    try {
      await staff.menus.setFor(userId, await staff.roles.roleOf(userId));
    } catch (error) {
      // A user who never opened the chat has no menu to set yet; /start sets it later.
      onMenuError(error, userId);
    }
  }

  async function change(ctx: BotContext, user: number, role: Role | null): Promise<void> {
    const by = ctx.from?.id ?? 0;
    const [result, people] = await Promise.all([
      staff.roles.change(by, user, role),
      staff.names.people([user]),
    ]);
    const who = { user: people(user) };
    if (!result.ok) {
      switch (result.reason) {
        case 'last-admin':
          await ctx.reply(ctx.t('admin-change-last-admin', who));
          return;
        case 'configured-admin':
          await ctx.reply(ctx.t('admin-change-configured', who));
          return;
        case 'self':
          await ctx.reply(ctx.t('command-not-for-role'));
          return;
        default: {
          const never: never = result.reason;
          throw new Error(`unhandled refusal ${String(never)}`);
        }
      }
    }
    await updateMenu(user);
    if (role !== null)
      await ctx.reply(ctx.t('admin-grant-done', { ...who, role: html(roleName(ctx, role)) }));
    else if (result.previous === null) await ctx.reply(ctx.t('admin-revoke-nothing', who));
    else await ctx.reply(ctx.t('admin-revoke-done', who));
    if (result.previous === 'distributor' && role !== 'distributor') await suspendBelow(ctx, user);
  }

  /**
   * Everyone below a user who stopped being a distributor is suspended until an admin moves them: each is told in
   * their own language, and whoever made the change how many they were.
   */
  async function suspendBelow(ctx: BotContext, user: number): Promise<void> {
    const below = await staff.network.below(user);
    if (below.length === 0) return;
    const people = await staff.names.people([user]);
    for (const { userId } of below) await tell(ctx, userId, 'network-suspended-told', { user: people(user) });
    await ctx.reply(ctx.t('network-suspended', { user: people(user), count: below.length }));
  }

  composer.command('grant', requireRole('grant'), async (ctx) => {
    const [id, role] = ctx.match.trim().split(/\s+/);
    if (id === undefined || !USER_ID.test(id) || role === undefined || !isRole(role.toLowerCase())) {
      await ctx.reply(ctx.t('admin-grant-usage'));
      return;
    }
    const wanted = role.toLowerCase() as Role;
    if (wanted === 'distributor' && !(await mayDistribute(staff, ctx, Number(id)))) return;
    await change(ctx, Number(id), wanted);
  });

  composer.command('revoke', requireRole('revoke'), async (ctx) => {
    const id = ctx.match.trim().split(/\s+/)[0];
    if (id === undefined || !USER_ID.test(id)) {
      await ctx.reply(ctx.t('admin-revoke-usage'));
      return;
    }
    if (ctx.distributor && !(await inOwnNetwork(staff, ctx, Number(id)))) return;
    await change(ctx, Number(id), null);
  });

  return composer;
}

/**
 * Whether `user` may become a distributor: a reseller or someone with no role, at a level whose children still
 * fit NETWORK_MAX_DEPTH. Answers why not.
 */
async function mayDistribute(
  staff: Pick<StaffServices, 'network' | 'names' | 'roles'>,
  ctx: BotContext,
  user: number,
): Promise<boolean> {
  const [standing, people] = await Promise.all([staff.network.standing(user), staff.names.people([user])]);
  const who = { user: people(user) };
  const current = staff.roles.isConfiguredAdmin(user) ? 'admin' : standing.role;
  if (current === 'agent' || current === 'admin') {
    await ctx.reply(ctx.t('network-grant-not-reseller', { ...who, role: html(roleName(ctx, current)) }));
    return false;
  }
  const level = 1 + standing.chain.length;
  if (level >= staff.network.maxDepth) {
    await ctx.reply(ctx.t('network-grant-too-deep', { ...who, level, max: staff.network.maxDepth }));
    return false;
  }
  return true;
}

/**
 * Whether a distributor may revoke `user`: a reseller (or former one) somewhere below them. Anyone else gets the
 * answer of a user unknown to them, by ID alone: nothing outside their network is revealed.
 */
async function inOwnNetwork(
  staff: Pick<StaffServices, 'network' | 'roles'>,
  ctx: BotContext,
  user: number,
): Promise<boolean> {
  const me = ctx.from?.id ?? 0;
  const [inside, role] = await Promise.all([staff.network.contains(me, user), staff.roles.roleOf(user)]);
  if (inside && (role === null || role === 'reseller' || role === 'distributor')) return true;
  await ctx.reply(ctx.t('network-not-yours', { user: code(String(user)) }));
  return false;
}
