import { Composer, InlineKeyboard, InputFile } from 'grammy';
import type { LoggerLike } from '../../domain/log.ts';
import {
  INVITE_DAYS,
  INVITE_USES,
  MAX_LIVE_INVITES,
  parseInviteArguments,
  type Invite,
  type InviteStore,
} from '../../accounts/invites.ts';
import type { Role, RoleStore } from '../../accounts/roles.ts';
import { code, html } from '../../lib/html.ts';
import type { AlertSink } from '../../orders/alerts.ts';
import { shortTime } from '../../orders/texts.ts';
import { qrPng } from '../../render/qr.ts';
import { INVITE_DATA, parseInviteData, revokeInviteData } from '../callback-data/invite.ts';
import type { BotContext } from '../context.ts';
import type { Tell } from '../tell.ts';
import type { Menus } from '../menus.ts';
import { requireRole } from './access.ts';
import { userNameOf, type UserDirectory } from '../../accounts/names.ts';
import type { Network } from '../../accounts/network.ts';

export interface InvitesFeatureDeps {
  invites: InviteStore;
  /** A distributor's invite puts the newcomer in their network, before the role is given. */
  network: Pick<Network, 'join'>;
  /** The same role store as /grant: a reseller's start credit follows through its hook, once. */
  roles: Pick<RoleStore, 'change'>;
  menus: Pick<Menus, 'setFor'>;
  /** The admins' notice of who joined goes with the other alerts (ALERT_CHAT_ID, or each admin). */
  alerts: AlertSink;
  /** The newcomer is named at once in every admin view (strangers' names are never kept before). */
  names: Pick<UserDirectory, 'record' | 'people'>;
  /** The distributor whose invite was used is told, in their language. */
  /** Who learns of a newcomer (the distributor whose network they joined), durably and once. */
  tell: Tell;
  logger: LoggerLike;
}

/** Most invites one /invites message lists: the admins' own cap and room for the distributors' soonest. */
const LIST_MAX = MAX_LIVE_INVITES + 10;

const until = (ms: number) => shortTime(new Date(ms).toISOString());

const roleName = (ctx: BotContext, role: Role) => html(ctx.t(`role-${role}`));

/**
 * Invite links. `/invite <role> [uses] [days]` (admins; a distributor: `reseller` only, into their network)
 * answers with the deep link and its QR code; `/invites` lists the live ones (a distributor's: their own) with a
 * button to revoke each. `/start <payload>` of a live invite gives its role at once,
 * then the plain /start follows (greeting and menu); any other payload is left to the plain /start untouched.
 * Registered before the start feature.
 */
export function createInvitesFeature(deps: InvitesFeatureDeps) {
  return new Composer<BotContext>(redeemInvites(deps), manageInvites(deps));
}

/** `/start <payload>`: a live invite's role is given; any other payload goes on to the plain /start. */
function redeemInvites(deps: InvitesFeatureDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();

  composer.command('start', async (ctx, next) => {
    const payload = ctx.match.trim();
    if (payload === '' || ctx.from === undefined) return next();
    const opened = await deps.invites.redeem(payload, ctx.role);
    switch (opened.kind) {
      case 'not-invite':
        return next();
      case 'has-role':
        if (ctx.role !== null) await ctx.reply(ctx.t('invite-has-role', { role: roleName(ctx, ctx.role) }));
        return next();
      case 'expired':
      case 'used-up':
      case 'revoked':
        await ctx.reply(ctx.t(`invite-${opened.kind}`));
        return;
      case 'granted':
        if (await grant(deps, ctx, payload, opened.invite)) return next();
        return;
      default: {
        const never: never = opened;
        throw new Error(`unhandled invite ${String(never)}`);
      }
    }
  });

  return composer;
}

/**
 * Gives the invite's role (its use is taken), the menu and the welcome, and tells the admins. A distributor's
 * invite first puts the newcomer under them (so no start credit follows: the distributor funds them); when that
 * is refused, the use is given back and nothing changes.
 */
async function grant(
  deps: InvitesFeatureDeps,
  ctx: BotContext,
  payload: string,
  invite: Invite,
): Promise<boolean> {
  const user = ctx.from!;
  if (invite.network && !(await joinNetwork(deps, ctx, payload, invite))) return false;
  let changed;
  try {
    changed = await deps.roles.change(invite.by, user.id, invite.role);
  } catch (error) {
    await deps.invites.giveBack(payload).catch(() => undefined);
    throw error;
  }
  // Only raises are taken (accounts/invites.ts), which the role store never refuses; if it did, nothing changed.
  if (!changed.ok) {
    await deps.invites.giveBack(payload);
    return true;
  }
  ctx.role = invite.role;
  await deps.names
    .record(user.id, userNameOf(user))
    .catch((error: unknown) => deps.logger.warn({ err: error, userId: user.id }, 'invite: name not kept'));
  await deps.menus
    .setFor(user.id, invite.role, user.language_code)
    .catch((error: unknown) => deps.logger.warn({ err: error, userId: user.id }, 'invite: menu not set'));
  await ctx.reply(ctx.t(`invite-welcome-${invite.role}`, { name: user.first_name }));
  if (invite.network) await welcomeToNetwork(deps, ctx, invite);
  await deps.alerts
    .raise({
      kind: 'invite-used',
      userId: user.id,
      firstName: user.first_name,
      ...(user.last_name === undefined ? {} : { lastName: user.last_name }),
      ...(user.username === undefined ? {} : { username: user.username }),
      role: invite.role,
      inviteId: invite.id,
      by: invite.by,
    })
    .catch((error: unknown) => deps.logger.warn({ err: error, userId: user.id }, 'invite: admins not told'));
  return true;
}

/** Puts the newcomer under the invite's maker; on a refusal gives the use back and answers why. */
async function joinNetwork(
  deps: Pick<InvitesFeatureDeps, 'network' | 'invites'>,
  ctx: BotContext,
  payload: string,
  invite: Invite,
): Promise<boolean> {
  let joined;
  try {
    joined = await deps.network.join(ctx.from!.id, invite.by);
  } catch (error) {
    await deps.invites.giveBack(payload).catch(() => undefined);
    throw error;
  }
  if (joined.ok) return true;
  await deps.invites.giveBack(payload);
  await ctx.reply(
    ctx.t(joined.reason === 'not-distributor' ? 'network-invite-maker-gone' : 'network-invite-cannot-join'),
  );
  return false;
}

/** The newcomer learns whose network they joined, and that distributor who joined it. */
async function welcomeToNetwork(
  deps: Pick<InvitesFeatureDeps, 'names' | 'tell'>,
  ctx: BotContext,
  invite: Invite,
): Promise<void> {
  const user = ctx.from!;
  const people = await deps.names.people([invite.by, user.id]);
  await ctx.reply(ctx.t('network-invite-joined', { parent: people(invite.by) }));
  await deps.tell(ctx, invite.by, 'network-invite-told', { user: people(user.id), id: code(invite.id) });
}

/** `/invite` makes an invite link; `/invites` lists the live ones, each with a button to revoke it. */
function manageInvites(deps: InvitesFeatureDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();

  composer.command('invite', requireRole('invite'), async (ctx) => {
    const wanted = parseInviteArguments(ctx.match);
    // A distributor invites resellers into their own network, nothing else.
    if (ctx.distributor && wanted?.role !== 'reseller') {
      await ctx.reply(ctx.t('network-invite-usage', { maxUses: INVITE_USES.max, maxDays: INVITE_DAYS.max }));
      return;
    }
    if (wanted === undefined) {
      await ctx.reply(ctx.t('invite-usage', { maxUses: INVITE_USES.max, maxDays: INVITE_DAYS.max }));
      return;
    }
    const made = await deps.invites.create(
      ctx.from!.id,
      wanted.role,
      wanted.uses,
      wanted.days,
      ctx.distributor,
    );
    if (!made.ok) {
      await ctx.reply(ctx.t('invite-too-many', { max: MAX_LIVE_INVITES }));
      return;
    }
    const { invite } = made;
    const link = `https://t.me/${ctx.me.username}?start=${made.payload}`;
    const role = roleName(ctx, invite.role);
    const madeText = ctx.t('invite-made', {
      id: invite.id,
      role,
      link,
      uses: invite.uses,
      until: until(invite.expiresAt),
    });
    await ctx.reply(invite.network ? `${madeText}\n${ctx.t('network-invite-made')}` : madeText, {
      link_preview_options: { is_disabled: true },
    });
    await ctx.replyWithPhoto(new InputFile(await qrPng(link), 'invite.png'), {
      caption: ctx.t('invite-qr-caption', { id: code(invite.id), role }),
    });
  });

  composer.command('invites', requireRole('invites'), async (ctx) => {
    const { text, markup } = await listView(deps, ctx);
    await ctx.reply(text, { reply_markup: markup });
  });

  composer.callbackQuery(INVITE_DATA, requireRole('invites'), async (ctx) => {
    const pressed = parseInviteData(ctx.callbackQuery.data);
    if (pressed === undefined) {
      await ctx.answerCallbackQuery({ text: ctx.t('button-expired') });
      return;
    }
    // A distributor's press revokes their own invite only (forged data naming another's finds nothing).
    const revoked = await deps.invites.revoke(
      pressed.id,
      ctx.from.id,
      ctx.distributor ? ctx.from.id : undefined,
    );
    await ctx.answerCallbackQuery({
      text: revoked.kind === 'revoked' ? ctx.t('invites-revoked', { id: pressed.id }) : ctx.t('invites-gone'),
    });
    const { text, markup } = await listView(deps, ctx);
    await ctx.editMessageText(text, { reply_markup: markup }).catch((error: unknown) => {
      // The same list again: nothing to change.
      if (!(error instanceof Error && /message is not modified/i.test(error.message))) throw error;
    });
  });

  return composer;
}

/** The live invites as a message, with a revoke button each: a distributor's own only. */
async function listView(
  deps: Pick<InvitesFeatureDeps, 'invites'>,
  ctx: BotContext,
): Promise<{ text: string; markup: InlineKeyboard }> {
  const me = ctx.from?.id;
  // An admin sees every live invite, the admins' first; one message holds at most LIST_MAX (a button each).
  const invites = (await deps.invites.list(ctx.distributor ? me : undefined))
    .sort((a, b) => Number(a.network === true) - Number(b.network === true))
    .slice(0, LIST_MAX);
  const markup = new InlineKeyboard();
  if (invites.length === 0) return { text: ctx.t('invites-empty'), markup };
  const lines = [ctx.t('invites-title')];
  for (const invite of invites) {
    lines.push(
      ctx.t('invites-row', {
        id: invite.id,
        role: roleName(ctx, invite.role),
        left: invite.left,
        uses: invite.uses,
        until: until(invite.expiresAt),
        by: String(invite.by),
      }),
    );
    markup.text(ctx.t('invites-revoke-button', { id: invite.id }), revokeInviteData(invite.id)).row();
  }
  return { text: lines.join('\n'), markup };
}
