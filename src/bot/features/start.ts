import { Composer, Keyboard } from 'grammy';
import type { Role } from '../../accounts/roles.ts';
import { LOCALES } from '../../config.ts';
import { html, type Translate } from '../../lib/html.ts';
import { LANGUAGE_DATA } from '../callback-data/language.ts';
import type { BotContext } from '../context.ts';
import type { Menus } from '../menus.ts';
import { commandsFor } from './access.ts';

/** What each role does most, as the keyboard under /start's greeting (rows of commands). */
const MENU: Record<Role, string[][]> = {
  reseller: [['topup', 'orders'], ['balance', 'bulk'], ['schedule', 'settings'], ['help']],
  distributor: [
    ['topup', 'orders'],
    ['network', 'transfer'],
    ['balance', 'invite'],
    ['settings', 'help'],
  ],
  admin: [
    ['topup', 'orders'],
    ['stats', 'users'],
    ['balance', 'invite'],
    ['settings', 'help'],
  ],
  agent: [
    ['orders', 'export'],
    ['settings', 'help'],
  ],
};

/** /help's groups: each a task and its commands, shown when the role has any of them. */
const HELP_GROUPS: Array<[string, string[]]> = [
  ['help-group-sell', ['topup', 'bulk', 'schedule']],
  ['help-group-orders', ['orders', 'status', 'receipt', 'export']],
  ['help-group-money', ['balance', 'statement', 'credit', 'limit', 'pricing']],
  ['help-group-people', ['users', 'invite', 'invites', 'grant', 'revoke']],
  ['help-group-network', ['network', 'transfer', 'move']],
  ['help-group-watch', ['stats', 'health', 'reconcile']],
  ['help-group-settings', ['settings', 'language', 'timezone', 'shop', 'pin']],
];

/** The user's role as stored: a distributor's menu and help have their network's commands. */
function storedRole(ctx: BotContext): Role | null {
  return ctx.distributor ? 'distributor' : ctx.role;
}

/** The menu keyboard of `role` in the reader's language: only commands the role has. */
function menuKeyboard(ctx: BotContext, role: Role): Keyboard {
  const allowed = new Set(commandsFor(role));
  const kb = new Keyboard();
  for (const row of MENU[role]) {
    const labels = row.filter((command) => allowed.has(command)).map((command) => ctx.t(`menu-${command}`));
    if (labels.length === 0) continue;
    for (const label of labels) kb.text(label);
    kb.row();
  }
  return kb.resized().persistent();
}

/** /help: the role's commands grouped by task, a few lines. */
function helpText(ctx: BotContext, role: Role): string {
  const allowed = new Set(commandsFor(role));
  const lines = [ctx.t('help-title')];
  for (const [title, commands] of HELP_GROUPS) {
    const mine = commands.filter((command) => allowed.has(command));
    if (mine.length > 0) lines.push(`${ctx.t(title)}: ${mine.map((c) => `/${c}`).join(' ')}`);
  }
  lines.push('', ctx.t('help-details'));
  return lines.join('\n');
}

/**
 * A menu button's label (in any of our languages) as the command it stands for, so a tap on "💳 Top up" is
 * `/topup` for every feature and flow after this; anything else passes unchanged.
 */
export function menuCommands(
  translate: Translate,
): (ctx: BotContext, next: () => Promise<void>) => Promise<void> {
  const byLabel = new Map<string, string>();
  const commands = new Set(Object.values(MENU).flat(2));
  for (const locale of LOCALES)
    for (const command of commands) byLabel.set(translate(locale, `menu-${command}`), command);
  return async (ctx, next) => {
    const message = ctx.message;
    const command = message?.text === undefined ? undefined : byLabel.get(message.text.trim());
    if (message !== undefined && command !== undefined) {
      message.text = `/${command}`;
      message.entities = [{ type: 'bot_command', offset: 0, length: command.length + 1 }];
    }
    await next();
  };
}

/**
 * `/start` and `/help`. A user with a role gets a short greeting and the keyboard of what they do most on
 * /start (and their command menu set), the commands grouped by task on /help. A stranger gets the refusal and
 * nothing else (CONTRACT.md): their chat keeps the default menu, and a grant sets their menu then.
 */
export function createStartFeature(menus: Menus, onMenuError: (error: unknown) => void) {
  const composer = new Composer<BotContext>();

  composer.command(['start', 'help'], async (ctx) => {
    const name = ctx.from?.first_name ?? '';
    const role = storedRole(ctx);
    if (role === null) {
      await ctx.reply(ctx.t('start-stranger', { name, id: String(ctx.from?.id ?? 0) }));
      return;
    }
    const isStart = ctx.message?.text.startsWith('/start') === true;
    if (!isStart) {
      await ctx.reply(helpText(ctx, role));
      return;
    }
    if (ctx.from && ctx.chat?.type === 'private') {
      await menus
        .setFor(ctx.from.id, role, ctx.from.language_code)
        .catch((error: unknown) => onMenuError(error));
    }
    await ctx.reply(ctx.t('start-menu', { name, role: html(ctx.t(`role-${role}`)) }), {
      reply_markup: menuKeyboard(ctx, role),
    });
  });

  // After /language the menu speaks the new language too (the language feature runs inside next()).
  composer.callbackQuery(LANGUAGE_DATA, async (ctx, next) => {
    await next();
    const chosen = ctx.session.locale;
    const role = storedRole(ctx);
    if (role !== null && ctx.from && ctx.chat?.type === 'private' && chosen !== undefined) {
      await menus
        .setFor(ctx.from.id, role, ctx.from.language_code, chosen)
        .catch((error: unknown) => onMenuError(error));
      // The keyboard in the new language, with the greeting that carries it.
      await ctx.reply(ctx.t('start-menu', { name: ctx.from.first_name, role: html(ctx.t(`role-${role}`)) }), {
        reply_markup: menuKeyboard(ctx, role),
      });
    }
  });

  return composer;
}
