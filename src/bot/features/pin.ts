import { Composer } from 'grammy';
import { parseThreshold, type PinStore } from '../../accounts/pin.ts';
import type { BotContext } from '../context.ts';
import { PIN_SETUP } from '../conversations/pin-setup.ts';
import { lockMinutes } from '../conversations/top-up/pin.ts';
import type { RoleStore } from '../../accounts/roles.ts';
import { requireRole } from './access.ts';
import { code, escapeHtml, html, type Html } from '../../lib/html.ts';
import type { UserDirectory } from '../../accounts/names.ts';
import type { Network } from '../../accounts/network.ts';
import { reachOfUpdate } from '../reach.ts';
import { inNetwork } from '../../accounts/reach.ts';

const USER_ID = /^\d{1,15}$/;

export interface PinFeatureDeps {
  pins: Pick<PinStore, 'state' | 'setThreshold' | 'reset'>;
  roles: Pick<RoleStore, 'roleOf'>;
  /** PIN_REQUIRED_ABOVE, shown beside a reseller's own threshold. */
  requiredAbove: string | undefined;
  /** Every answer about a reseller names them beside their ID. */
  names: Pick<UserDirectory, 'people'>;
  /** Distributors' networks: a distributor's `/pin <user id> …` names their own network only. */
  network: Pick<Network, 'below'>;
}

/** The reseller's PIN state, as the admin reads it. */
async function stateText(
  deps: Pick<PinFeatureDeps, 'pins' | 'requiredAbove'>,
  ctx: BotContext,
  id: string,
  user: Html,
): Promise<string> {
  const state = await deps.pins.state(Number(id));
  const own = state.above;
  const lock = state.untilUnlock
    ? ctx.t('pin-admin-held', { id })
    : state.lockedMs > 0
      ? ctx.t('pin-admin-locked', { minutes: lockMinutes(state.lockedMs) })
      : ctx.t('pin-admin-unlocked');
  return [
    ctx.t('pin-admin-state', {
      user,
      pin: html(ctx.t(state.hasPin ? 'pin-admin-pin-set' : 'pin-admin-pin-unset')),
      threshold: html(
        own === 'off'
          ? ctx.t('pin-admin-threshold-off')
          : own !== undefined
            ? escapeHtml(own)
            : deps.requiredAbove === undefined
              ? ctx.t('pin-admin-threshold-default-off')
              : ctx.t('pin-admin-threshold-default', { amount: deps.requiredAbove }),
      ),
      lock: html(lock),
    }),
    ctx.t('pin-admin-locks-today', { count: state.locksToday }),
  ].join(' ');
}

/**
 * `/pin`: a reseller sets or changes their PIN (conversations/pin-setup.ts); with arguments it is an admin's
 * command (a distributor's for their own network) and refused. An admin: `/pin <user id>` shows a reseller's PIN
 * state;
 * `/pin <user id> <amount|off|default|unlock|reset>` sets their threshold (an amount, never, or
 * PIN_REQUIRED_ABOVE again), lifts a lock (the only way out of one held until an admin lifts it), or also
 * clears the PIN; unlock and reset answer with the state after.
 */
export function createPinFeature(deps: PinFeatureDeps) {
  const composer = new Composer<BotContext>();

  composer.command('pin', requireRole('pin'), async (ctx) => {
    const [id, value, ...rest] = ctx.match.trim().split(/\s+/).filter(Boolean);
    if (ctx.role !== 'admin' && !(ctx.distributor && id !== undefined)) {
      // `/pin <user id> …` is an admin's (a distributor's for their network): a reseller may not lift their own lock.
      if (id !== undefined) {
        await ctx.reply(ctx.t('command-not-for-role'));
        return;
      }
      await ctx.conversation.exitAll();
      await ctx.conversation.enter(PIN_SETUP);
      return;
    }
    if (id === undefined || rest.length > 0 || !USER_ID.test(id)) {
      await ctx.reply(ctx.t('pin-admin-usage'));
      return;
    }
    const userId = Number(id);
    const reach = await reachOfUpdate(ctx, deps.network);
    // Outside a distributor's network, every ID gets the same answer, whoever it is.
    if (reach === null || (reach.kind !== 'all' && !inNetwork(reach, userId))) {
      await ctx.reply(ctx.t('network-views-not-in-network', { id: code(String(userId)) }));
      return;
    }
    const [role, people] = await Promise.all([deps.roles.roleOf(userId), deps.names.people([userId])]);
    const user = people(userId);
    if (role !== 'reseller' && role !== 'distributor') {
      await ctx.reply(ctx.t('pin-admin-not-reseller', { user }));
      return;
    }
    const action = value?.toLowerCase();
    if (action === undefined) {
      await ctx.reply(await stateText(deps, ctx, id, user));
      return;
    }
    if (action === 'reset' || action === 'unlock') {
      await deps.pins.reset(userId, { pin: action === 'reset' });
      const done = ctx.t(action === 'reset' ? 'pin-admin-reset-done' : 'pin-admin-unlock-done', { user });
      await ctx.reply(`${done}\n${await stateText(deps, ctx, id, user)}`);
      return;
    }
    if (action === 'default') {
      await deps.pins.setThreshold(userId, null);
      await ctx.reply(
        deps.requiredAbove === undefined
          ? ctx.t('pin-admin-default-off-done', { user })
          : ctx.t('pin-admin-default-done', { user, amount: deps.requiredAbove }),
      );
      return;
    }
    const threshold = parseThreshold(action);
    if (threshold === undefined) {
      await ctx.reply(ctx.t('pin-admin-bad-amount'));
      return;
    }
    await deps.pins.setThreshold(userId, threshold);
    await ctx.reply(
      threshold === 'off'
        ? ctx.t('pin-admin-off-done', { user })
        : ctx.t('pin-admin-threshold-done', { user, amount: threshold }),
    );
  });

  return composer;
}
