import type { ConversationFlavor } from '@grammyjs/conversations';
import type { I18nFlavor } from '@grammyjs/i18n';
import type { Context, SessionFlavor } from 'grammy';
import type { Role } from '../accounts/roles.ts';

export interface RecentNumber {
  /** Digits with country code, no plus. */
  digits: string;
  country: string;
}

export interface SessionData {
  /** Chosen with /language; otherwise Telegram's language or DEFAULT_LOCALE. */
  locale?: string;
  recentCountries: string[];
  recentNumbers: RecentNumber[];
}

export function initialSession(): SessionData {
  return { recentCountries: [], recentNumbers: [] };
}

interface RoleFlavor {
  /** The user's role, read from Redis for this update; null for strangers. A distributor's is `reseller`. */
  role: Exclude<Role, 'distributor'> | null;
  /** Whether the user is a distributor: a reseller with a network below them (accounts/network.ts). */
  distributor: boolean;
  /** Whether the network above the user is suspended (read once, when a command that sells asks). */
  suspended?: () => Promise<boolean>;
}

export type BaseContext = Context & SessionFlavor<SessionData> & I18nFlavor & RoleFlavor;
export type BotContext = ConversationFlavor<BaseContext>;
