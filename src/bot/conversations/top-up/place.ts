import {
  holdAndPlace,
  topUpIntent,
  payerPrice,
  type PayerPrice,
  payerNow,
  type Payer,
  type UnattendedProduct,
  type UnattendedQuote,
} from '../../../orders/top-up.ts';
import { Decimal } from 'decimal.js';
import { formatMoney } from '../../../domain/money.ts';
import type { OrderIntent, Rejection, SubmitResult } from '../../../orders/types.ts';
import type { BaseContext } from '../../context.ts';
import { problemText as problemTextOf, type ServiceProblem } from '../../service-problem.ts';
import { rememberRecent } from './phone.ts';
import { refusalAdviceKey, type QuoteView } from './quote.ts';
import type { OpenPrompt, StepContext } from './step-context.ts';
import type { LineEnd } from '../../waiting-line.ts';
import { flowApiBeside } from '../../bot-api.ts';

/**
 * The order's number and status message (none when no quote was open and nothing was stored), when its quote was
 * refused (nothing charged): the caller says what next.
 */
export interface QuoteRefusal {
  number: string;
  statusMessageId?: number;
}

type Placed = 'placed' | 'requote' | 'stopped' | { refused: QuoteRefusal };

/**
 * Hands the confirmed quote to the order service under `externalOrderId` (the confirmation's, numbers.ts); returns
 * 'requote' when the quote must be shown again (the payer's price changed), `refused` when placement refused the
 * quote. `confirmation`: the quote's message, still open, that becomes the order's status message (closed when no
 * order comes of it).
 */
export async function place(
  run: StepContext,
  quote: QuoteView,
  externalOrderId: string,
  confirmation?: OpenPrompt,
): Promise<Placed> {
  const { ctx, userId, locale } = run;
  const { product, quoted } = orderTerms(run, quote);
  const now = await payerPriceNow(run, product, quoted);
  const close = () =>
    confirmation === undefined ? undefined : run.closePrompt(confirmation, confirmation.text);
  if (now === null) {
    await close();
    await ctx.reply(run.t('access-denied', { id: String(userId) }));
    return 'stopped';
  }
  const { role, price, above } = now;
  if (!priceAsShown(role, quote.resellerPrice, price)) {
    await close();
    return 'requote';
  }
  // A reseller's price is held from their credit when the order is stored; admins spend the wallet directly.
  const intent = topUpIntent({
    product,
    account: run.state.phone!.digits,
    quote: quoted,
    price,
    above,
    payer: { role, resellerId: userId, chatId: ctx.chat!.id, locale },
    externalOrderId,
    statusMessageId: confirmation?.message_id,
  });
  const { result, statusMessageId } = await submitInLine(run, intent);
  if (result.outcome === 'placed' || result.outcome === 'pending') {
    await tellPlaced(run, result.outcome, role, externalOrderId);
    return 'placed';
  }
  const numbered: QuoteRefusal = { number: externalOrderId, statusMessageId };
  const say = (text: string) =>
    statusMessageId === undefined
      ? ctx.reply(text)
      : ctx.api.editMessageText(ctx.chat!.id, statusMessageId, text);
  switch (result.outcome) {
    case 'error':
      await say(run.t('top-up-submit-error', { number: externalOrderId }));
      return 'stopped';
    case 'conflict':
      await say(run.t('top-up-number-conflict', { number: externalOrderId }));
      return 'stopped';
    case 'rejected':
      return tellRejected(run, result.order.rejection, quote.merchantCurrency, numbered, say);
  }
}

/**
 * The merchant order number of this confirmation (prompt `step`), or null when an earlier run of it stored its
 * order: the ✅ handled again after its handler died. That order stands, checked when it was stored; its message,
 * the confirmation's, is its status message now. A pending one is told so; nothing is checked, closed or quoted
 * again.
 */
export async function numberUnlessPlaced(
  run: StepContext,
  step: number,
  quote: QuoteView,
): Promise<string | null> {
  const { userId, deps } = run;
  const scope = {
    userId,
    flow: `${run.flow}:${step}`,
    quoteToken: quote.quoteToken,
    expiresAt: quote.expiresAt,
  };
  const { externalOrderId, stored } = await run.conversation.external(() => deps.numbers.of(scope));
  if (stored === null || stored.placement === 'rejected') return externalOrderId;
  await tellPlaced(run, stored.placement === 'placed' ? 'placed' : 'pending', undefined, externalOrderId);
  return null;
}

/** The product and the quote of the order, as the order service takes them. */
function orderTerms(run: StepContext, quote: QuoteView) {
  return {
    product: {
      country: quote.country,
      countryName: quote.countryName,
      operatorKey: quote.operatorKey,
      operatorName: quote.operatorName,
      subtype: quote.subtype,
      currency: quote.localCurrency,
      amount: run.state.amount!,
    },
    quoted: {
      token: quote.quoteToken,
      merchantPrice: quote.merchantPrice,
      merchantCurrency: quote.merchantCurrency,
      expiresAt: quote.expiresAt,
    },
  };
}

/**
 * The payer as they are now, not as they were when the quote was shown (null: no longer allowed to pay): a role
 * or a price rule changed since shows the quote again at the price their credit now pays.
 */
function payerPriceNow(
  run: StepContext,
  product: UnattendedProduct,
  quoted: UnattendedQuote,
): Promise<({ role: Payer['role'] } & PayerPrice) | null> {
  const { deps, userId } = run;
  return run.conversation.external(async () => {
    const payer = await payerNow(deps.gates, userId);
    if (payer === null) return null;
    return {
      role: payer.role,
      ...(await payerPrice(deps.pricing, { ...payer, resellerId: userId }, product, quoted)),
    };
  });
}

/** Whether the price the quote showed (`shown`: a reseller's own) is still what the payer pays. */
function priceAsShown(role: Payer['role'], shown: string | undefined, price: string): boolean {
  return role === 'reseller' ? shown !== undefined && new Decimal(shown).eq(price) : shown === undefined;
}

/**
 * Holds and places the order, waiting in the shared line; any failure is 'error'. Once it is stored, "⏳ Placing…"
 * shows on its status message (a new one when no quote was open, recorded with the order).
 */
function submitInLine(
  run: StepContext,
  intent: OrderIntent,
): Promise<{ result: SubmitResult | { outcome: 'error' }; statusMessageId: number | undefined }> {
  const { deps, locale } = run;
  const chatId = run.ctx.chat!.id;
  const placing = run.t('top-up-placing', { number: intent.externalOrderId });
  return run.conversation.external(async (outer: BaseContext) => {
    rememberRecent(outer, run.state);
    let statusMessageId = intent.statusMessageId;
    // The order's send waits for this: not behind the bot's one-a-second spacing of the chat's calls.
    const api = flowApiBeside(outer.api);
    const onStored = async (): Promise<number | undefined> => {
      if (statusMessageId !== undefined) {
        await api.editMessageText(chatId, statusMessageId, placing).catch(() => undefined);
        return undefined;
      }
      statusMessageId = (await api.sendMessage(chatId, placing).catch(() => undefined))?.message_id;
      return statusMessageId;
    };
    // A confirmed order keeps its place (no ❌): the message only shows where it stands.
    const notice = deps.line?.notice({
      api: outer.api,
      chatId,
      locale,
      id: `order:${intent.externalOrderId}`,
      leavable: false,
      update: outer.update,
    });
    let how: LineEnd = 'stopped';
    try {
      const result = await holdAndPlace(deps, intent, { onStored, onWait: notice?.onWait });
      how = 'served';
      return { result, statusMessageId };
    } catch {
      return { result: { outcome: 'error' as const }, statusMessageId };
    } finally {
      await notice?.end(how);
    }
  });
}

/**
 * After a placed or pending order: the low-credit notice. What to do next are the buttons under the order's status
 * message (notify/notices.ts), which tells its statuses from here on.
 */
async function tellPlaced(
  run: StepContext,
  outcome: 'placed' | 'pending',
  /** The payer's role (undefined: not read again, on a replay). */
  role: Payer['role'] | undefined,
  externalOrderId: string,
): Promise<void> {
  const { ctx, t } = run;
  if (role === 'reseller') await tellLowCredit(run);
  // A pending order's status message waits for its answer: a note says why.
  if (outcome === 'pending') await ctx.reply(t('top-up-pending', { number: externalOrderId }));
}

/** Tells why the order was refused, on its status message (`say`); a refused quote is left to the caller. */
async function tellRejected(
  run: StepContext,
  rejection: Rejection | undefined,
  currency: string,
  numbered: QuoteRefusal,
  say: (text: string) => Promise<unknown>,
): Promise<Placed> {
  const externalOrderId = numbered.number;
  const code = rejection?.code;
  const refusal = creditRefusalText(run, rejection, currency);
  if (refusal !== null) {
    await say(refusal);
    return 'stopped';
  }
  if (
    rejection?.key === 'quote_token' &&
    (code === 'quote_expired' || code === 'price_changed' || code === 'quote_invalid')
  ) {
    return { refused: numbered };
  }
  await say(
    run.t('top-up-rejected', { number: externalOrderId }) + '\n' + run.t(refusalAdviceKey(rejection)),
  );
  return 'stopped';
}

/** The 🚫 answer to a top-up refused by the reseller's credit or limits, or null for any other refusal. */
function creditRefusalText(
  run: StepContext,
  rejection: Rejection | undefined,
  currency: string,
): string | null {
  const figures = rejection?.figures ?? {};
  const money = (value: string | undefined) => formatMoney(value ?? '0', currency);
  switch (rejection?.key) {
    case 'credit':
      return run.t('credit-refused-funds', {
        available: money(figures.available),
        price: money(figures.amount),
      });
    case 'order-limit':
      return run.t('credit-refused-order-limit', {
        limit: money(figures.limit),
        price: money(figures.amount),
      });
    case 'daily-limit': {
      const left = Decimal.max(0, new Decimal(figures.limit ?? '0').minus(figures.used ?? '0'));
      return run.t('credit-refused-daily-limit', {
        limit: money(figures.limit),
        used: money(figures.used),
        left: money(left.toFixed()),
        price: money(figures.amount),
      });
    }
    default:
      return null;
  }
}

/** Tells the reseller once when their available credit fell below their threshold. */
async function tellLowCredit(run: StepContext): Promise<void> {
  const accounts = run.deps.accounts;
  if (accounts === undefined) return;
  const low = await run.conversation.external(async () => {
    if (!(await accounts.lowCreditCrossed(run.userId))) return null;
    const [view, currency] = await Promise.all([accounts.view(run.userId), accounts.currency()]);
    return {
      available: formatMoney(view.available, currency),
      threshold: formatMoney(view.lowAlert ?? '0', currency),
    };
  });
  if (low !== null) await run.ctx.reply(run.t('credit-low', low));
}

/** The chat's text for a service problem. */
export function problemText(run: StepContext, problem: ServiceProblem): string {
  const { t } = run;
  const [key, vars] = problemTextOf(problem);
  return t(key, vars);
}
