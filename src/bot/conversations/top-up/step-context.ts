import type { Conversation } from '@grammyjs/conversations';
import type { Context, InlineKeyboard } from 'grammy';
import type { BotContext } from '../../context.ts';
import type { TopUpState } from '../top-up-model.ts';
import type { QuoteView } from './quote.ts';
import type { Country, MerchantApi, Operator } from '../../../merchant/types.ts';
import type { OrderNumbers } from '../../../orders/numbers.ts';
import type { OrderService } from '../../../orders/types.ts';
import type { Translate } from '../../i18n.ts';
import type { RoleStore } from '../../roles.ts';

/** What the conversation needs from the outside world; every call goes through `conversation.external`. */
export interface TopUpDeps {
  catalogue: { countries(): Promise<Country[]>; operators(country: string): Promise<Operator[]> };
  api: Pick<MerchantApi, 'createQuote'>;
  orders: Pick<OrderService, 'submit' | 'unfinishedForAccount' | 'get'>;
  roles: Pick<RoleStore, 'roleOf'>;
  /** Merchant order numbers of confirmed quotes: fixed once per user, flow and quote, and kept. */
  numbers: Pick<OrderNumbers, 'fix' | 'attachMessage'>;
  /** Tells admins that a quote did not match what was asked. */
  reportQuoteMismatch(details: Record<string, string>): Promise<void>;
  translate: Translate;
  defaultLocale: string;
  idleMs: number;
  /** A quote with less validity left than this is renewed before placing. */
  quoteMarginMs: number;
  /** How long a quote may wait for the shared request budget before the chat is told to try later. */
  quoteWaitMs?: number;
}

export type Conv = Conversation<BotContext, Context>;

export type Answer =
  | { kind: 'button'; action: string }
  | { kind: 'text'; text: string }
  | { kind: 'contact'; phone: string }
  | { kind: 'cancel' };

/** Rows per page of the country and operator lists. */
export const PAGE = 8;

/**
 * What every step shares with the orchestration: `state`, `pendingOperator` and `lastQuote` are read and set
 * through it because the orchestration replaces them (going back clears the state).
 */
export interface StepContext {
  conversation: Conv;
  ctx: Context;
  deps: TopUpDeps;
  userId: number;
  /** This run's random id: in its buttons' data and its order numbers' keys. */
  flow: string;
  locale: string;
  t(key: string, vars?: Record<string, string | number>): string;
  state: TopUpState;
  pendingOperator: string | undefined;
  lastQuote: QuoteView | undefined;
  /** The number of the next prompt; buttons of older prompts are stale. */
  nextPrompt(): number;
  cb(s: number, action: string): string;
  answer(s: number): Promise<Answer>;
  navRow(kb: InlineKeyboard, s: number, withBack: boolean): InlineKeyboard;
  pager: { previous: string; next: string };
  closePrompt(message: { message_id: number }, text?: string): Promise<void>;
  subtypeLabel(subtype: string): string;
}
