import { Composer } from 'grammy';
import { shortTime } from '../../orders/texts.ts';
import type { BotContext } from '../context.ts';
import { isRole, type Role } from '../../accounts/roles.ts';
import type { StaffServices } from '../staff.ts';
import { requireRole } from './access.ts';
import { html } from '../../lib/html.ts';

const USER_ID = /^\d{1,15}$/;

/** `/users`, `/grant <id> <role>`, `/revoke <id>`: who may use the bot; every change recorded and shown. */
export function createUsersFeature(
  staff: StaffServices,
  onMenuError: (error: unknown, userId: number) => void,
) {
  const composer = new Composer<BotContext>();
  const roleName = (ctx: BotContext, role: Role) => ctx.t(`role-${role}`);

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
  }

  composer.command('users', requireRole('users'), async (ctx) => {
    const [members, audit] = await Promise.all([staff.roles.list(), staff.roles.audit(20)]);
    const people = await staff.names.people([
      ...members.map((row) => row.userId),
      ...audit.flatMap((entry) => [entry.by, entry.user]),
    ]);
    const lines = [ctx.t('admin-users-title')];
    if (members.length === 0) lines.push(ctx.t('admin-users-empty'));
    for (const row of members) {
      const vars = { user: people(row.userId), role: html(roleName(ctx, row.role)) };
      lines.push(row.configured ? ctx.t('admin-users-row-configured', vars) : ctx.t('admin-users-row', vars));
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
  });

  composer.command('grant', requireRole('grant'), async (ctx) => {
    const [id, role] = ctx.match.trim().split(/\s+/);
    if (id === undefined || !USER_ID.test(id) || role === undefined || !isRole(role.toLowerCase())) {
      await ctx.reply(ctx.t('admin-grant-usage'));
      return;
    }
    await change(ctx, Number(id), role.toLowerCase() as Role);
  });

  composer.command('revoke', requireRole('revoke'), async (ctx) => {
    const id = ctx.match.trim().split(/\s+/)[0];
    if (id === undefined || !USER_ID.test(id)) {
      await ctx.reply(ctx.t('admin-revoke-usage'));
      return;
    }
    await change(ctx, Number(id), null);
  });

  return composer;
}
