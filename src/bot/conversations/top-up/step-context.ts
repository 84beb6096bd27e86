import type { TranslationVars } from '../../../lib/html.ts';
import type { Accounts } from '../../../accounts/accounts.ts';
import type { Conversation } from '@grammyjs/conversations';
import { InlineKeyboard, type Context } from 'grammy';
import type { BaseContext, BotContext } from '../../context.ts';
import { ACTION, CHOICE, choiceAction, parseTopUpData, topUpData } from '../../callback-data/top-up.ts';
import { appendPager } from '../../keyboards/paged-list.ts';
import type { TopUpState } from '../top-up-model.ts';
import type { QuoteView } from './quote.ts';
import type { Country, Operator } from '../../../merchant/types.ts';
import type { PayerGates, QuoteSource } from '../../../orders/top-up.ts';
import type { OrderNumbers } from '../../../orders/numbers.ts';
import type { UpdatePinGate } from '../../../accounts/pin-pass.ts';
import { SECRET_WAIT } from '../compact-replay.ts';
import type { OrderService } from '../../../orders/types.ts';
import type { Translate } from '../../i18n.ts';
import type { PricingStore } from '../../../accounts/pricing-store.ts';
import type { WaitingLine } from '../../waiting-line.ts';
import { escapeHtml } from '../../../lib/html.ts';
import { inLocale } from '../../../domain/country-names.ts';
import type { FixedPrices } from '../../../merchant/fixed-prices.ts';

/** What the conversation needs from the outside world; every call goes through `conversation.external`. */
export interface TopUpDeps {
  catalogue: { countries(): Promise<Country[]>; operators(country: string): Promise<Operator[]> };
  /** The account's shared quotes (a chat takes one with enough validity left to read and confirm it). */
  quotes: QuoteSource;
  orders: Pick<OrderService, 'submit' | 'unfinishedForAccount' | 'get'>;
  /** Who may pay now: a distributor acts as a reseller, and a suspended network's reseller as nobody. */
  gates: Pick<PayerGates, 'standing'>;
  /** The payer as this update read them (the roles' version of its first read): for prices and what is shown. */
  shown: Pick<PayerGates, 'standing'>;
  /** What resellers pay: the merchant price plus the margin rules down their chain. */
  pricing: Pick<PricingStore, 'priceFor' | 'priceChain' | 'priceChains'>;
  /** Merchant order numbers of confirmed quotes: derived from user, flow and quote. */
  numbers: Pick<OrderNumbers, 'of'>;
  /** Whether a top-up needs the reseller's PIN, and one try of it in an update (conversations/top-up/pin.ts). */
  pins: Pick<UpdatePinGate, 'need' | 'check'>;
  /** Tells admins that a quote did not match what was asked. */
  reportQuoteMismatch(details: Record<string, string>): Promise<void>;
  translate: Translate;
  defaultLocale: string;
  idleMs: number;
  /** A quote with less validity left than this is renewed before placing. */
  quoteMarginMs: number;
  /** The shared request line: its "In line" message while a quote or a placement waits, and estimates. */
  line?: Pick<WaitingLine, 'notice' | 'placeOf' | 'estimate'>;
  /** Merchant prices of fixed amounts, for the amount buttons (src/merchant/fixed-prices.ts). */
  fixedPrices?: Pick<FixedPrices, 'pricesOf' | 'remember'>;
  /** Reseller credit accounts (the low-credit notice after a placement). */
  accounts?: Pick<Accounts, 'lowCreditCrossed' | 'view' | 'currency'>;
}

export type Conv = Conversation<BotContext, Context>;

type Answer =
  | { kind: 'button'; action: string }
  | { kind: 'text'; text: string; messageId: number }
  | { kind: 'contact'; phone: string }
  | { kind: 'cancel' };

/** An answer that is neither Cancel nor Back: a step's own button, a text or a shared contact. */
export type Input = Exclude<Answer, { kind: 'cancel' }>;

/** How a step ends: on to the next step, back to the previous one, cancelled, or the whole flow done. */
export type StepResult = 'next' | 'back' | 'cancel' | 'done';

/** Rows per page of the country and operator lists. */
export const PAGE = 8;

/**
 * What every step shares with the orchestration: `state`, `pendingAmount`, `pendingOperator` and `lastQuote`
 * are read and set through it because the orchestration replaces them (going back clears the state).
 */
export interface StepContext {
  conversation: Conv;
  ctx: Context;
  deps: TopUpDeps;
  userId: number;
  /** This run's random id: in its buttons' data, and its order numbers are derived from it. */
  flow: string;
  locale: string;
  t(key: string, vars?: TranslationVars): string;
  state: TopUpState;
  /** The one-line `/topup` amount, until the amount step has used it. */
  pendingAmount: string | undefined;
  /** The one-line `/topup` operator, until the operator step has used it. */
  pendingOperator: string | undefined;
  lastQuote: QuoteView | undefined;
  /**
   * Whether the phone step refuses a number an unfinished order holds now (a top-up); a schedule, placed later,
   * leaves that to its runs.
   */
  checkBusyNumber: boolean;
  /** The number of the next prompt; buttons of older prompts are stale. */
  nextPrompt(): number;
  cb(s: number, action: string): string;
  /** With `secret`, a typed answer is kept redacted in the stored replay (compact-replay.ts): a PIN. */
  answer(s: number, options?: { secret?: boolean }): Promise<Answer>;
  /**
   * The answer to prompt `s` with Cancel and Back handled: `/cancel` and the Cancel button give 'cancel'; the
   * Back button closes `prompt` and gives 'back', or is passed over when there is no `prompt` (a first step).
   */
  input(s: number, prompt: { message_id: number } | undefined): Promise<Input | 'back' | 'cancel'>;
  navRow(kb: InlineKeyboard, s: number, withBack: boolean): InlineKeyboard;
  /** A list's pager (when it has more than one page), then the Back and Cancel row. */
  pagedNav(
    kb: InlineKeyboard,
    s: number,
    page: { page: number; pages: number },
    withBack: boolean,
  ): InlineKeyboard;
  closePrompt(message: { message_id: number }, text?: string): Promise<void>;
  /**
   * Shows `text` as prompt `s` with the `confirm` button (a translation key), ❌ and ⬅️ Back, and waits for one of
   * them: 'confirm', 'cancel' (❌ or /cancel) or 'back'; anything else is answered with `hint`. The prompt keeps its
   * text and loses its buttons whatever the answer, except a confirmation with `keepOpen`: the caller closes the
   * prompt or edits it into what comes next (one call instead of two).
   */
  decide(
    s: number,
    text: string,
    keys: { confirm: string; hint: string; keepOpen?: boolean },
  ): Promise<{ choice: 'confirm' | 'cancel' | 'back'; prompt: OpenPrompt }>;
  /** The product kind in words, as HTML. */
  subtypeLabel(subtype: string): string;
}

/** The step context of one run: its locale and flow id (read once, replayed), and the prompt helpers. */
export async function createStepContext(
  conversation: Conv,
  ctx: Context,
  deps: TopUpDeps,
): Promise<StepContext> {
  const locale = await conversation.external(
    (outer: BaseContext) => outer.i18n?.getLocale() ?? deps.defaultLocale,
  );
  const t = (key: string, vars?: TranslationVars) => deps.translate(locale, key, vars);
  const flow = (await conversation.random()).toString(36).slice(2, 8);
  let seq = 0;
  const cb = (s: number, action: string) => topUpData(flow, s, action);
  const answer: StepContext['answer'] = (s, options) => waitAnswer(conversation, flow, t, s, options);
  const closePrompt: StepContext['closePrompt'] = (message, text) => closeMessage(ctx, message, text);
  const prompts: Prompts = { ctx, t, cb, answer, closePrompt };
  const navRow = (kb: InlineKeyboard, s: number, withBack: boolean): InlineKeyboard => {
    kb.row();
    if (withBack) kb.text(t('button-back'), cb(s, ACTION.back));
    return kb.text(t('button-cancel'), cb(s, ACTION.cancel));
  };
  const pager = { previous: t('button-previous'), next: t('button-next') };
  // Countries are named in the reader's language (the catalogue's name stays an alias for typing).
  const catalogue = deps.catalogue;
  return {
    conversation,
    ctx,
    deps: {
      ...deps,
      catalogue: { ...catalogue, countries: async () => inLocale(await catalogue.countries(), locale) },
    },
    userId: ctx.from?.id ?? 0,
    flow,
    locale,
    t,
    state: {},
    pendingAmount: undefined,
    pendingOperator: undefined,
    lastQuote: undefined,
    checkBusyNumber: true,
    nextPrompt: () => ++seq,
    cb,
    answer,
    input: (s, prompt) => inputOf(prompts, s, prompt),
    navRow,
    pagedNav: (kb, s, page, withBack) => {
      appendPager(kb, page, pager, (p) =>
        cb(s, p === undefined ? ACTION.noop : choiceAction(CHOICE.page, p)),
      );
      return navRow(kb, s, withBack);
    },
    closePrompt,
    decide: (s, text, keys) => decideOn(prompts, s, text, keys),
    subtypeLabel: (subtype) =>
      ['airtime', 'data', 'bundle'].includes(subtype) ? t(`subtype-${subtype}`) : escapeHtml(subtype),
  };
}

/** A prompt the user has answered whose buttons are still shown: its message and its text. */
export interface OpenPrompt {
  message_id: number;
  text: string;
}

/** What the prompt helpers below share of one run's step context. */
type Prompts = Pick<StepContext, 'ctx' | 't' | 'cb' | 'answer' | 'closePrompt'>;

/** Waits for the answer to prompt `s` of `flow`; stale buttons and foreign updates never reach the step. */
async function waitAnswer(
  conversation: Conv,
  flow: string,
  t: StepContext['t'],
  s: number,
  options?: { secret?: boolean },
): Promise<Answer> {
  for (;;) {
    // No per-wait clock: two recorded timestamps per answer; idle flows end by their idle job (idle-flows.ts).
    const c = await conversation.wait(options?.secret ? { collationKey: SECRET_WAIT } : undefined);
    const text = c.message?.text;
    if (text?.startsWith('/')) {
      const command = text.slice(1).split(/[\s@]/)[0]?.toLowerCase();
      if (command === 'cancel') return { kind: 'cancel' };
      // Any other command leaves the flow and is handled outside it.
      await conversation.halt({ next: true });
    }
    const data = c.callbackQuery?.data;
    if (data !== undefined) {
      const button = parseTopUpData(data);
      if (button === undefined) return conversation.skip({ next: true });
      if (button.flow !== flow || button.prompt !== s) {
        await c.answerCallbackQuery({ text: t('top-up-stale-button') });
        await conversation.skip({ next: false });
      }
      await c.answerCallbackQuery();
      return { kind: 'button', action: button.action };
    }
    if (c.message?.contact) return { kind: 'contact', phone: c.message.contact.phone_number };
    if (text !== undefined) return { kind: 'text', text, messageId: c.message!.message_id };
    await c.reply(t('top-up-text-or-button'));
    await conversation.skip({ next: false });
  }
}

/** StepContext.closePrompt: the prompt loses its buttons, and shows `text` instead of its own when given. */
async function closeMessage(ctx: Context, message: { message_id: number }, text?: string): Promise<void> {
  // Removing the keyboard keeps old buttons from being pressed; an edit without reply_markup drops it.
  if (text !== undefined) {
    await ctx.api.editMessageText(ctx.chat!.id, message.message_id, text).catch(() => undefined);
  } else {
    await ctx.api.editMessageReplyMarkup(ctx.chat!.id, message.message_id).catch(() => undefined);
  }
}

/** StepContext.decide: the confirm, ❌ and Back buttons under `text`, until one of them is pressed. */
async function decideOn(
  { ctx, t, cb, answer, closePrompt }: Prompts,
  s: number,
  text: string,
  keys: { confirm: string; hint: string; keepOpen?: boolean },
): Promise<{ choice: 'confirm' | 'cancel' | 'back'; prompt: OpenPrompt }> {
  const kb = new InlineKeyboard()
    .text(t(keys.confirm), cb(s, ACTION.confirm))
    .text(t('button-reject'), cb(s, ACTION.reject))
    .row()
    .text(t('button-back'), cb(s, ACTION.back));
  const message = await ctx.reply(text, { reply_markup: kb });
  for (;;) {
    const a = await answer(s);
    const choice =
      a.kind === 'cancel' || (a.kind === 'button' && a.action === ACTION.reject)
        ? 'cancel'
        : a.kind === 'button' && (a.action === ACTION.back || a.action === ACTION.confirm)
          ? a.action === ACTION.back
            ? 'back'
            : 'confirm'
          : null;
    if (choice !== null) {
      const prompt = { message_id: message.message_id, text };
      if (choice !== 'confirm' || keys.keepOpen !== true) await closePrompt(prompt, text);
      return { choice, prompt };
    }
    await ctx.reply(t(keys.hint));
  }
}

/** StepContext.input: the answer to prompt `s` with Cancel and Back handled. */
async function inputOf(
  { answer, closePrompt }: Prompts,
  s: number,
  prompt: { message_id: number } | undefined,
): Promise<Input | 'back' | 'cancel'> {
  for (;;) {
    const a = await answer(s);
    if (a.kind === 'cancel') return 'cancel';
    if (a.kind !== 'button' || (a.action !== ACTION.cancel && a.action !== ACTION.back)) return a;
    if (a.action === ACTION.cancel) return 'cancel';
    if (prompt === undefined) continue;
    await closePrompt(prompt);
    return 'back';
  }
}
