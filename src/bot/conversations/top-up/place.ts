import { InlineKeyboard } from 'grammy';
import { intentWithNumber, type IntentDraft } from '../../../orders/numbers.ts';
import type { SubmitResult } from '../../../orders/types.ts';
import { repeatData } from '../../callback-data.ts';
import type { BaseContext } from '../../context.ts';
import { problemText as problemTextOf, type ServiceProblem } from '../../service-problem.ts';
import { rememberRecent } from './phone.ts';
import { refusalAdviceKey, type QuoteView } from './quote.ts';
import type { StepContext } from './step-context.ts';

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
  const allowed = await conversation.external(async () => {
    const role = await deps.roles.roleOf(userId);
    return role === 'reseller' || role === 'admin';
  });
  if (!allowed) {
    await ctx.reply(t('access-denied', { id: String(userId) }));
    return 'stopped';
  }
  const chatId = ctx.chat!.id;
  const draft: IntentDraft = {
    request: {
      country: quote.country,
      operatorKey: quote.operatorKey,
      amount: sc.state.amount!,
      localCurrency: quote.localCurrency,
      subtype: quote.subtype,
      account: sc.state.phone!.digits,
      quoteToken: quote.quoteToken,
    },
    quote: {
      countryName: quote.countryName,
      operatorName: quote.operatorName,
      subtype: quote.subtype,
      localAmount: quote.localAmount,
      localCurrency: quote.localCurrency,
      merchantPrice: quote.merchantPrice,
      merchantCurrency: quote.merchantCurrency,
      ...(quote.resellerPrice === undefined ? {} : { resellerPrice: quote.resellerPrice }),
      expiresAt: quote.expiresAt,
    },
    resellerId: userId,
    chatId,
    locale,
  };
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
      try {
        return await deps.orders.submit(intent);
      } catch {
        return { outcome: 'error' };
      }
    },
  );
  switch (result.outcome) {
    case 'placed':
    case 'pending':
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
      // Resolved as "not placed" after a crash elsewhere: the notifier edits the message (with a button).
      if (rejection?.key === 'not-placed') return 'stopped';
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

/** The chat's text for a service problem. */
export function problemText(sc: StepContext, problem: ServiceProblem): string {
  const { t } = sc;
  const [key, vars] = problemTextOf(problem);
  return t(key, vars);
}
