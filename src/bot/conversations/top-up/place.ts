import { InlineKeyboard } from 'grammy';
import { intentWithNumber } from '../../../orders/numbers.ts';
import { holdAndPlace, intentDraft, payerPrice, payerRole } from '../../../orders/top-up.ts';
import { Decimal } from 'decimal.js';
import { formatMoney } from '../../../domain/money.ts';
import type { Rejection, SubmitResult } from '../../../orders/types.ts';
import { repeatData } from '../../callback-data/repeat.ts';
import type { BaseContext } from '../../context.ts';
import { problemText as problemTextOf, type ServiceProblem } from '../../service-problem.ts';
import { rememberRecent } from './phone.ts';
import { refusalAdviceKey, type QuoteView } from './quote.ts';
import type { StepContext } from './step-context.ts';
import type { LineEnd } from '../../waiting-line.ts';

/**
 * Hands the confirmed quote (prompt `step`) to the order service; returns 'requote' when the quote must
 * be renewed.
 */
export async function place(
  sc: StepContext,
  quote: QuoteView,
  step: number,
): Promise<'placed' | 'requote' | 'stopped'> {
  const { conversation, ctx, deps, userId, flow, locale, t } = sc;
  const chatId = ctx.chat!.id;
  const product = {
    country: quote.country,
    countryName: quote.countryName,
    operatorKey: quote.operatorKey,
    operatorName: quote.operatorName,
    subtype: quote.subtype,
    currency: quote.localCurrency,
    amount: sc.state.amount!,
  };
  const quoted = {
    token: quote.quoteToken,
    merchantPrice: quote.merchantPrice,
    merchantCurrency: quote.merchantCurrency,
    expiresAt: quote.expiresAt,
  };
  // The payer as they are now, not as they were when the quote was shown: a role or a price rule changed since
  // shows the quote again at the price their credit now pays.
  const now = await conversation.external(async () => {
    const role = await payerRole(deps.roles, userId);
    if (role === null) return null;
    return { role, price: await payerPrice(deps.pricing, { role, resellerId: userId }, product, quoted) };
  });
  if (now === null) {
    await ctx.reply(t('access-denied', { id: String(userId) }));
    return 'stopped';
  }
  const { role, price } = now;
  const shown = quote.resellerPrice;
  if (role === 'reseller' ? shown === undefined || !new Decimal(shown).eq(price) : shown !== undefined) {
    return 'requote';
  }
  // A reseller's price is held from their credit when the order is stored; admins spend the wallet directly.
  const draft = intentDraft({
    product,
    account: sc.state.phone!.digits,
    quote: quoted,
    price,
    payer: { role, resellerId: userId, chatId, locale },
  });
  // Keyed by user, flow and quote: quote tokens are opaque and may repeat across identical quotes.
  const fixed = await conversation.external(() =>
    deps.numbers.fix({ userId, flow: `${flow}:${step}`, quoteToken: quote.quoteToken }, draft),
  );
  const externalOrderId = fixed.externalOrderId;
  let statusMessageId = fixed.statusMessageId;
  if (statusMessageId === undefined) {
    const sent = await ctx.reply(t('top-up-placing', { number: externalOrderId }));
    statusMessageId = sent.message_id;
    // Recorded so that a crash before the intent is stored ends with this message saying "not placed".
    await conversation.external(() => deps.numbers.attachMessage(externalOrderId, sent.message_id));
  }
  const messageId = statusMessageId;
  const intent = intentWithNumber(draft, { externalOrderId, statusMessageId: messageId });
  const result = await conversation.external(
    async (outer: BaseContext): Promise<SubmitResult | { outcome: 'error' }> => {
      rememberRecent(outer, sc.state);
      // A confirmed order keeps its place (no ❌): the message only shows where it stands.
      const notice = deps.line?.notice({
        api: outer.api,
        chatId,
        locale,
        id: `order:${externalOrderId}`,
        leavable: false,
        update: outer.update,
      });
      let how: LineEnd = 'stopped';
      try {
        const result = await holdAndPlace(
          deps.orders,
          intent,
          notice === undefined ? {} : { onWait: notice.onWait },
        );
        how = 'served';
        return result;
      } catch {
        return { outcome: 'error' };
      } finally {
        await notice?.end(how);
      }
    },
  );
  switch (result.outcome) {
    case 'placed':
    case 'pending':
      if (role === 'reseller') await tellLowCredit(sc);
      // The order service owns the status message from here on; a pending order gets a separate note.
      if (result.outcome === 'pending') await ctx.reply(t('top-up-pending', { number: externalOrderId }));
      await ctx.reply(t('top-up-what-next'), {
        reply_markup: new InlineKeyboard()
          .text(t('button-repeat-same'), repeatData('same', externalOrderId))
          .row()
          .text(t('button-repeat-amount'), repeatData('amount', externalOrderId)),
      });
      return 'placed';
    case 'error':
      await ctx.api.editMessageText(chatId, messageId, t('top-up-submit-error', { number: externalOrderId }));
      return 'stopped';
    case 'conflict':
      await ctx.api.editMessageText(
        chatId,
        messageId,
        t('top-up-number-conflict', { number: externalOrderId }),
      );
      return 'stopped';
    case 'rejected': {
      const rejection = result.order.rejection;
      const code = rejection?.code;
      // Resolved as "not placed" after a crash elsewhere: the notices edit the message (with a button).
      if (rejection?.key === 'not-placed') return 'stopped';
      const refusal = creditRefusalText(sc, rejection, quote.merchantCurrency);
      if (refusal !== null) {
        await ctx.api.editMessageText(chatId, messageId, refusal);
        return 'stopped';
      }
      if (
        rejection?.key === 'quote_token' &&
        (code === 'quote_expired' || code === 'price_changed' || code === 'quote_invalid')
      ) {
        await ctx.api.editMessageText(
          chatId,
          messageId,
          t('top-up-not-placed-requote', { number: externalOrderId }),
        );
        return 'requote';
      }
      await ctx.api.editMessageText(
        chatId,
        messageId,
        t('top-up-rejected', { number: externalOrderId }) + '\n' + t(refusalAdviceKey(rejection)),
      );
      return 'stopped';
    }
  }
}

/** The 🚫 answer to a top-up refused by the reseller's credit or limits, or null for any other refusal. */
function creditRefusalText(
  sc: StepContext,
  rejection: Rejection | undefined,
  currency: string,
): string | null {
  const f = rejection?.figures ?? {};
  const money = (value: string | undefined) => formatMoney(value ?? '0', currency);
  switch (rejection?.key) {
    case 'credit':
      return sc.t('credit-refused-funds', { available: money(f.available), price: money(f.amount) });
    case 'order-limit':
      return sc.t('credit-refused-order-limit', { limit: money(f.limit), price: money(f.amount) });
    case 'daily-limit': {
      const left = Decimal.max(0, new Decimal(f.limit ?? '0').minus(f.used ?? '0'));
      return sc.t('credit-refused-daily-limit', {
        limit: money(f.limit),
        used: money(f.used),
        left: money(left.toFixed()),
        price: money(f.amount),
      });
    }
    default:
      return null;
  }
}

/** Tells the reseller once when their available credit fell below their threshold. */
async function tellLowCredit(sc: StepContext): Promise<void> {
  const accounts = sc.deps.accounts;
  if (accounts === undefined) return;
  const low = await sc.conversation.external(async () => {
    if (!(await accounts.lowCreditCrossed(sc.userId))) return null;
    const [view, currency] = await Promise.all([accounts.view(sc.userId), accounts.currency()]);
    return {
      available: formatMoney(view.available, currency),
      threshold: formatMoney(view.lowAlert ?? '0', currency),
    };
  });
  if (low !== null) await sc.ctx.reply(sc.t('credit-low', low));
}

/** The chat's text for a service problem. */
export function problemText(sc: StepContext, problem: ServiceProblem): string {
  const { t } = sc;
  const [key, vars] = problemTextOf(problem);
  return t(key, vars);
}
