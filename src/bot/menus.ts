import { botKeys } from './keys.ts';
import type { Api } from 'grammy';
import type { LanguageCode } from 'grammy/types';
import type { Redis } from 'ioredis';
import { commandsFor } from './features/access.ts';
import { LOCALES } from '../config.ts';
import { matchLocale, type Translate } from './i18n.ts';
import type { Role } from '../accounts/roles.ts';

export interface MenusDeps {
  api: Pick<Api, 'setMyCommands' | 'setChatMenuButton'>;
  redis: Redis;
  prefix: string;
  translate: Translate;
  /** The user's chosen language (session), when any. */
  chosenLocale: (userId: number) => Promise<string | undefined>;
  defaultLocale: string;
  /**
   * The version of the roles this replica last read (changes with every grant and revoke). A /start that
   * would set the same menu and language as the last one at the same version skips both.
   */
  rolesVersion?: () => string | null | undefined;
}

/** Most users a replica remembers the last menu of; past it the memory starts again. */
const MENU_MEMO_LIMIT = 100_000;

/**
 * The command menu of each private chat: exactly the commands of the user's role, described in their
 * language. Set on /start and whenever a role changes (the menu of someone else is set from their last
 * known Telegram language, remembered here).
 */
export function createMenus(deps: MenusDeps) {
  const langKey = botKeys(deps.prefix).telegramLanguage;
  /** The last menu this replica set for each user on an update of theirs (role, locale, language, roles version). */
  const lastSet = new Map<number, string>();

  async function localeOf(userId: number, telegramLanguage: string | undefined): Promise<string> {
    return (await deps.chosenLocale(userId)) ?? matchLocale(telegramLanguage) ?? deps.defaultLocale;
  }

  /** The command names a role sees in its menu, in order. */
  function commandNames(role: Role | null): string[] {
    // Strangers see only what they can use: greeting, help and the language.
    return role === null ? ['start', 'help', 'language'] : commandsFor(role);
  }

  function listFor(role: Role | null, locale: string) {
    return commandNames(role).map((command) => ({
      command,
      description: deps.translate(locale, `command-${command}`),
    }));
  }

  return {
    commandNames,

    /**
     * The menu of every private chat without a menu of its own: what a stranger may use, in each language.
     * Set once at start-up, so a stranger's /start costs nothing but the refusal.
     */
    async setDefault(): Promise<void> {
      // The menu button beside the text box opens the command list (Telegram's default, said once for clients
      // where the bot had set another).
      await deps.api.setChatMenuButton({ menu_button: { type: 'commands' } });
      const scope = { type: 'all_private_chats' as const };
      await deps.api.setMyCommands(listFor(null, deps.defaultLocale), { scope });
      for (const locale of LOCALES) {
        await deps.api.setMyCommands(listFor(null, locale), { scope, language_code: locale as LanguageCode });
      }
    },

    /**
     * Sets the menu of this user's private chat for their role. `telegramLanguage` is the client's
     * language_code when known (an update from them); otherwise the one remembered from their last /start.
     * `locale`: the language just chosen (not saved in the session yet).
     */
    async setFor(
      userId: number,
      role: Role | null,
      telegramLanguage?: string,
      locale?: string,
    ): Promise<void> {
      const scope = { type: 'chat' as const, chat_id: userId };
      if (telegramLanguage === undefined) {
        // A role change: the menu in every language we have (and the client's own, when remembered), so no
        // older language-specific menu outlives it, whether or not we know the user's language (strangers
        // are not remembered).
        const stored = (await deps.redis.hget(langKey, String(userId))) ?? undefined;
        if (role === null) await deps.redis.hdel(langKey, String(userId));
        const chosen = locale ?? (await deps.chosenLocale(userId));
        await deps.api.setMyCommands(listFor(role, chosen ?? matchLocale(stored) ?? deps.defaultLocale), {
          scope,
        });
        const storedCode = stored?.toLowerCase().split(/[-_]/)[0];
        const codes = new Set<string>(LOCALES);
        if (storedCode !== undefined && /^[a-z]{2}$/.test(storedCode)) codes.add(storedCode);
        for (const code of codes) {
          await deps.api.setMyCommands(listFor(role, chosen ?? matchLocale(code) ?? deps.defaultLocale), {
            scope,
            language_code: code as LanguageCode,
          });
        }
        return;
      }
      locale ??= await localeOf(userId, telegramLanguage);
      const version = deps.rolesVersion?.();
      const memo =
        version === undefined ? undefined : JSON.stringify([role, locale, telegramLanguage, version]);
      if (memo !== undefined && lastSet.get(userId) === memo) return;
      // Only users with a role are remembered, so the hash stays as small as the list of users.
      if (role !== null) await deps.redis.hset(langKey, String(userId), telegramLanguage);
      else await deps.redis.hdel(langKey, String(userId));
      const commands = listFor(role, locale);
      // The chat's menu for any client language, and the same list for the user's own language, so an
      // older language-specific menu can never outlive a role change.
      await deps.api.setMyCommands(commands, { scope });
      const code = telegramLanguage?.toLowerCase().split(/[-_]/)[0];
      if (code !== undefined && /^[a-z]{2}$/.test(code)) {
        await deps.api.setMyCommands(commands, { scope, language_code: code as LanguageCode });
      }
      if (memo !== undefined) {
        if (lastSet.size >= MENU_MEMO_LIMIT) lastSet.clear();
        lastSet.set(userId, memo);
      }
    },
  };
}

export type Menus = ReturnType<typeof createMenus>;
