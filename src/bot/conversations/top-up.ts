import { Decimal } from 'decimal.js';
import type { InlineKeyboard } from 'grammy';
import { type Context } from 'grammy';
import { parseTypedAmount } from '../../domain/money.ts';
import { countryOfInternational, maskPhone, parsePhone } from '../../domain/phone.ts';
import type { BaseContext } from '../context.ts';
import { toServiceProblem } from '../service-problem.ts';
import { ACTION, parseTopUpData, topUpData } from '../callback-data/top-up.ts';
import { phoneChoice } from './top-up/phone.ts';
import { type QuoteView } from './top-up/quote.ts';
import { flag, slimCountries } from './top-up/texts.ts';
import {
  clearFrom,
  currenciesOf,
  fitsOptions,
  optionsOf,
  pairsForAmount,
  previousStep,
  subtypesOf,
  toOperatorChoice,
  type Step,
  type TopUpState,
} from './top-up-model.ts';

import { amountRefusal, askAmount } from './top-up/amount.ts';
import { askPhone, busyText, unfinishedOrderTo } from './top-up/ask-phone.ts';
import { quoteAndConfirm } from './top-up/confirm.ts';
import { askCountry } from './top-up/country.ts';
import { askOperator } from './top-up/operator.ts';
import { askChoice } from './top-up/product.ts';
import { type Answer, type Conv, type StepContext, type TopUpDeps } from './top-up/step-context.ts';

export type { TopUpDeps };

export const TOP_UP = 'topUp';
/** Raise when the conversation's code changes in a way that breaks stored replays. */
export const TOP_UP_VERSION = 3;

/** Arguments of the conversation: a one-line `/topup` or a repeat of an earlier order. */
export interface TopUpArgs {
  phone?: string;
  amount?: string;
  operator?: string;
  repeatOf?: string;
  keepAmount?: boolean;
}

export { toServiceProblem };

/** Builds the top-up conversation for the given dependencies. */
export function createTopUpConversation(deps: TopUpDeps) {
  return async function topUp(conversation: Conv, ctx: Context, args: TopUpArgs = {}): Promise<void> {
    const userId = ctx.from?.id ?? 0;
    const locale = await conversation.external(
      (outer: BaseContext) => outer.i18n?.getLocale() ?? deps.defaultLocale,
    );
    const t = (key: string, vars?: Record<string, string | number>) => deps.translate(locale, key, vars);
    const flow = (await conversation.random()).toString(36).slice(2, 8);
    let seq = 0;

    const cb = (s: number, action: string) => topUpData(flow, s, action);

    /** Waits for the answer to prompt `s`; stale buttons and foreign updates never reach the step. */
    const answer = async (s: number): Promise<Answer> => {
      for (;;) {
        // No per-wait clock: two recorded timestamps per answer; the idle sweeper (idle-flows.ts) ends idle flows.
        const c = await conversation.wait();
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
        if (text !== undefined) return { kind: 'text', text };
        await c.reply(t('top-up-text-or-button'));
        await conversation.skip({ next: false });
      }
    };

    const navRow = (kb: InlineKeyboard, s: number, withBack: boolean) => {
      kb.row();
      if (withBack) kb.text(t('button-back'), cb(s, ACTION.back));
      kb.text(t('button-cancel'), cb(s, ACTION.cancel));
      return kb;
    };

    const pager = { previous: t('button-previous'), next: t('button-next') };

    const cancelled = async () => {
      await ctx.reply(t('top-up-cancelled'));
    };

    // ---- arguments: one-line top-up or repeat ----------------------------------------------------------
    let state: TopUpState = {};
    let pendingAmount: string | undefined;
    let pendingOperator: string | undefined;

    if (args.repeatOf !== undefined) {
      // Only the order's few fields enter the replay log; the operator is read from the catalogue's cache.
      const earlier = await conversation.external(async () => {
        const order = await deps.orders.get(args.repeatOf!);
        if (!order || order.resellerId !== userId) return null;
        const { country, operatorKey, subtype, localCurrency, amount, account } = order.request;
        return {
          country,
          countryName: order.quote.countryName,
          operatorKey,
          subtype,
          localCurrency,
          amount,
          account,
        };
      });
      let repeat: TopUpState | null = null;
      if (earlier !== null) {
        const operators = await deps.catalogue.operators(earlier.country);
        const operator = operators.find((o) => o.operatorKey === earlier.operatorKey);
        if (operator) {
          repeat = {
            country: { code: earlier.country, name: earlier.countryName },
            operator: toOperatorChoice(operator),
            subtype: earlier.subtype,
            currency: earlier.localCurrency,
            amount: earlier.amount,
          };
          const phone = phoneChoice(earlier.account, earlier.country);
          if (phone) repeat.phone = phone;
        }
      }
      if (repeat === null) {
        await ctx.reply(t('top-up-repeat-unavailable'));
      } else {
        state = repeat;
        if (!args.keepAmount) delete state.amount;
      }
    }

    if (args.phone !== undefined) {
      const found = countryOfInternational(args.phone);
      const countries = slimCountries(await deps.catalogue.countries());
      const country = found.ok ? countries.find((c) => c.code === found.country) : undefined;
      if (!found.ok || !country) {
        await ctx.reply(t(found.ok ? 'top-up-country-not-sold' : 'top-up-one-line-bad-phone'));
      } else {
        const parsed = parsePhone(args.phone, country.code);
        if (parsed.ok) {
          state.country = country;
          state.phone = {
            digits: parsed.phone.e164Digits,
            international: parsed.phone.international,
            masked: maskPhone(parsed.phone.e164Digits),
          };
        } else {
          await ctx.reply(t(`phone-error-${parsed.reason}`, { country: country.name }));
          state.country = country;
        }
      }
    }
    if (args.amount !== undefined) {
      const parsed = parseTypedAmount(args.amount);
      if (parsed.ok) pendingAmount = parsed.value.toFixed();
      else await ctx.reply(t(`amount-error-${parsed.reason}`));
    }
    if (args.operator !== undefined && args.operator.trim() !== '') pendingOperator = args.operator;

    // ---- the steps ------------------------------------------------------------------------------------
    let step: Step = 'country';
    let lastQuote: QuoteView | undefined;

    const goBack = (from: Step): boolean => {
      const prev = previousStep(from, state);
      if (prev === undefined) return false;
      state = clearFrom(prev, state);
      step = prev;
      return true;
    };

    const sc: StepContext = {
      conversation,
      ctx,
      deps,
      userId,
      flow,
      locale,
      t,
      get state() {
        return state;
      },
      set state(value) {
        state = value;
      },
      get pendingOperator() {
        return pendingOperator;
      },
      set pendingOperator(value) {
        pendingOperator = value;
      },
      get lastQuote() {
        return lastQuote;
      },
      set lastQuote(value) {
        lastQuote = value;
      },
      nextPrompt: () => ++seq,
      cb,
      answer,
      navRow,
      pager,
      closePrompt,
      subtypeLabel,
    };

    for (;;) {
      switch (step) {
        case 'country': {
          if (state.country) {
            step = 'operator';
            break;
          }
          const result = await askCountry(sc);
          if (result === 'cancel') return cancelled();
          step = 'operator';
          break;
        }
        case 'operator': {
          if (state.operator) {
            step = 'subtype';
            break;
          }
          const result = await askOperator(sc);
          if (result === 'cancel') return cancelled();
          if (result === 'back') {
            if (!goBack('operator')) return cancelled();
            break;
          }
          step = 'subtype';
          break;
        }
        case 'subtype': {
          const operator = state.operator!;
          const subtypes = subtypesOf(operator);
          if (state.subtype && subtypes.includes(state.subtype)) {
            step = 'currency';
            break;
          }
          if (pendingAmount !== undefined) {
            const pairs = pairsForAmount(operator, new Decimal(pendingAmount));
            const fitting = [...new Set(pairs.map((p) => p.subtype))];
            if (fitting.length === 1) {
              state.subtype = fitting[0]!;
              step = 'currency';
              break;
            }
          }
          if (subtypes.length === 1) {
            state.subtype = subtypes[0]!;
            step = 'currency';
            break;
          }
          const result = await askChoice(
            sc,
            'subtype',
            t('top-up-choose-subtype', { operator: operator.name }),
            subtypes.map((s) => ({ text: subtypeLabel(s), value: s })),
          );
          if (result.kind === 'cancel') return cancelled();
          if (result.kind === 'back') {
            if (!goBack('subtype')) return cancelled();
            break;
          }
          state.subtype = result.value;
          step = 'currency';
          break;
        }
        case 'currency': {
          const currencies = currenciesOf(state.operator!, state.subtype!);
          if (state.currency && currencies.includes(state.currency)) {
            step = 'amount';
            break;
          }
          if (pendingAmount !== undefined) {
            const pairs = pairsForAmount(state.operator!, new Decimal(pendingAmount)).filter(
              (p) => p.subtype === state.subtype,
            );
            if (pairs.length === 1) {
              state.currency = pairs[0]!.currency;
              step = 'amount';
              break;
            }
          }
          if (currencies.length === 1) {
            state.currency = currencies[0]!;
            step = 'amount';
            break;
          }
          const result = await askChoice(
            sc,
            'currency',
            t('top-up-choose-currency', { operator: state.operator!.name }),
            currencies.map((c) => ({ text: c, value: c })),
          );
          if (result.kind === 'cancel') return cancelled();
          if (result.kind === 'back') {
            if (!goBack('currency')) return cancelled();
            break;
          }
          state.currency = result.value;
          step = 'amount';
          break;
        }
        case 'amount': {
          const options = optionsOf(state.operator!, state.subtype!, state.currency!);
          if (state.amount && fitsOptions(new Decimal(state.amount), options)) {
            step = 'phone';
            break;
          }
          if (pendingAmount !== undefined) {
            const value = new Decimal(pendingAmount);
            pendingAmount = undefined;
            if (fitsOptions(value, options)) {
              state.amount = value.toFixed();
              step = 'phone';
              break;
            }
            await ctx.reply(amountRefusal(sc, value, options, state.currency!));
          }
          const result = await askAmount(sc, options);
          if (result === 'cancel') return cancelled();
          if (result === 'back') {
            if (!goBack('amount')) return cancelled();
            break;
          }
          step = 'phone';
          break;
        }
        case 'phone': {
          if (state.phone) {
            const busy = await unfinishedOrderTo(sc, state.phone.digits);
            if (busy === null) {
              step = 'quote';
              break;
            }
            await ctx.reply(busyText(sc, busy));
            delete state.phone;
          }
          const result = await askPhone(sc);
          if (result === 'cancel') return cancelled();
          if (result === 'back') {
            if (!goBack('phone')) return cancelled();
            break;
          }
          step = 'quote';
          break;
        }
        case 'quote': {
          const result = await quoteAndConfirm(sc);
          if (result === 'cancel') return cancelled();
          if (result === 'back') {
            if (!goBack('quote')) return cancelled();
            break;
          }
          if (result === 'done') return;
          break;
        }
      }
    }

    // ---- helpers the steps share (through `sc`) ----------------------------------------------------

    function subtypeLabel(subtype: string): string {
      return ['airtime', 'data', 'bundle'].includes(subtype) ? t(`subtype-${subtype}`) : subtype;
    }

    async function closePrompt(message: { message_id: number }, text?: string) {
      // Removing the keyboard keeps old buttons from being pressed; an edit without reply_markup drops it.
      if (text !== undefined) {
        await ctx.api.editMessageText(ctx.chat!.id, message.message_id, text).catch(() => undefined);
      } else {
        await ctx.api.editMessageReplyMarkup(ctx.chat!.id, message.message_id).catch(() => undefined);
      }
    }
  };
}

export { flag };
