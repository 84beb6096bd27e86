import { Composer } from 'grammy';
import { isLanguageData } from '../callback-data/language.ts';
import type { BotContext } from '../context.ts';
import { actingRole, type Role, type RoleStore } from '../../accounts/roles.ts';

/** Commands that sell: refused while the seller's network is suspended (a distributor above them was revoked). */
const SELLING = new Set(['topup', 'bulk', 'schedule']);

/** Commands anyone may use, role or not. */
const OPEN_COMMANDS = new Set(['start', 'help', 'language', 'cancel']);

/**
 * Which roles may use each command. A distributor has every command of a reseller and those that name
 * `distributor`, which reach their own network only (each feature checks who a command names).
 */
const COMMAND_ROLES: Record<string, readonly Role[]> = {
  topup: ['reseller', 'admin'],
  bulk: ['reseller', 'admin'],
  schedule: ['reseller', 'admin'],
  status: ['reseller', 'agent', 'admin'],
  orders: ['reseller', 'agent', 'admin'],
  users: ['admin'],
  grant: ['admin'],
  revoke: ['admin', 'distributor'],
  invite: ['admin', 'distributor'],
  invites: ['admin', 'distributor'],
  transfer: ['distributor'],
  network: ['distributor'],
  move: ['admin'],
  // Resellers see their own orders only.
  stats: ['reseller', 'admin'],
  pricing: ['admin', 'distributor'],
  health: ['admin'],
  pin: ['reseller', 'admin'],
  balance: ['reseller', 'admin'],
  statement: ['reseller', 'admin'],
  receipt: ['reseller', 'agent', 'admin'],
  shop: ['reseller'],
  timezone: ['reseller'],
  credit: ['admin'],
  limit: ['admin', 'distributor'],
  export: ['reseller', 'agent', 'admin'],
  reconcile: ['admin'],
  settings: ['reseller', 'agent', 'admin'],
};

/** Whether a role (a distributor's as stored) may use a command. */
function allows(roles: readonly Role[], role: Role | null): boolean {
  if (role === null) return false;
  return roles.includes(role) || (role === 'distributor' && roles.includes('reseller'));
}

/** The commands a role sees in its menu, in order. */
export function commandsFor(role: Role | null): string[] {
  const base = ['start', 'help'];
  const allowed = Object.entries(COMMAND_ROLES)
    .filter(([, roles]) => allows(roles, role))
    .map(([command]) => command);
  return [...base, ...allowed, 'cancel', 'language'];
}

/**
 * Loads the user's role for this update and stops strangers before anything else runs:
 * they see their numeric ID and nothing else happens (no Merchant API call is made for them).
 */
export function createAccessFeature(
  roles: Pick<RoleStore, 'roleOf'>,
  /** Whether a reseller's network is suspended (accounts/network.ts). */
  suspended: (userId: number) => Promise<boolean>,
) {
  const composer = new Composer<BotContext>();
  composer.use(async (ctx, next) => {
    const stored = ctx.from ? await roles.roleOf(ctx.from.id) : null;
    ctx.distributor = stored === 'distributor';
    ctx.role = actingRole(stored);
    if (ctx.role === 'reseller' && ctx.from) {
      const userId = ctx.from.id;
      let read: Promise<boolean> | undefined;
      ctx.suspended = () => (read ??= suspended(userId));
    }
    if (ctx.role !== null) return next();
    const text = ctx.message?.text;
    const command = text?.startsWith('/') ? text.slice(1).split(/[\s@]/)[0]?.toLowerCase() : undefined;
    if (command !== undefined && OPEN_COMMANDS.has(command)) return next();
    if (isLanguageData(ctx.callbackQuery?.data)) return next();
    if (ctx.callbackQuery) {
      await ctx.answerCallbackQuery({ text: ctx.t('access-denied-short') });
      return;
    }
    if (ctx.from && ctx.chat?.type === 'private') {
      await ctx.reply(ctx.t('access-denied', { id: String(ctx.from.id) }));
    }
  });
  return composer;
}

/** Refuses a command the user's role does not allow. */
export function requireRole(command: string) {
  return async (ctx: BotContext, next: () => Promise<void>) => {
    const roles = COMMAND_ROLES[command] ?? [];
    if (allows(roles, ctx.distributor ? 'distributor' : ctx.role)) {
      if (!SELLING.has(command) || !(await ctx.suspended?.())) return next();
      if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text: ctx.t('access-suspended-short') });
      else await ctx.reply(ctx.t('access-suspended'));
      return;
    }
    if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text: ctx.t('access-denied-short') });
    else
      await ctx.reply(
        ctx.role === null
          ? ctx.t('access-denied', { id: String(ctx.from?.id ?? 0) })
          : ctx.t('command-not-for-role'),
      );
  };
}
