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
  sc: StepContext,
  quote: QuoteView,
  externalOrderId: string,
  confirmation?: OpenPrompt,
): Promise<Placed> {
  const { ctx, userId, locale } = sc;
  const { product, quoted } = orderTerms(sc, quote);
  const now = await payerPriceNow(sc, product, quoted);
  const close = () =>
    confirmation === undefined ? undefined : sc.closePrompt(confirmation, confirmation.text);
  if (now === null) {
    await close();
    await ctx.reply(sc.t('access-denied', { id: String(userId) }));
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
    account: sc.state.phone!.digits,
    quote: quoted,
    price,
    above,
    payer: { role, resellerId: userId, chatId: ctx.chat!.id, locale },
    externalOrderId,
    statusMessageId: confirmation?.message_id,
  });
  const { result, statusMessageId } = await submitInLine(sc, intent);
  if (result.outcome === 'placed' || result.outcome === 'pending') {
    await tellPlaced(sc, result.outcome, role, externalOrderId);
    return 'placed';
  }
  const numbered: QuoteRefusal = { number: externalOrderId, statusMessageId };
  const say = (text: string) =>
    statusMessageId === undefined
      ? ctx.reply(text)
      : ctx.api.editMessageText(ctx.chat!.id, statusMessageId, text);
  switch (result.outcome) {
    case 'error':
      await say(sc.t('top-up-submit-error', { number: externalOrderId }));
      return 'stopped';
    case 'conflict':
      await say(sc.t('top-up-number-conflict', { number: externalOrderId }));
      return 'stopped';
    case 'rejected':
      return tellRejected(sc, result.order.rejection, quote.merchantCurrency, numbered, say);
  }
}

/**
 * The merchant order number of this confirmation (prompt `step`), or null when an earlier run of it stored its
 * order: the ✅ handled again after its handler died. That order stands, checked when it was stored; its message,
 * the confirmation's, is its status message now. A pending one is told so; nothing is checked, closed or quoted
 * again.
 */
export async function numberUnlessPlaced(
  sc: StepContext,
  step: number,
  quote: QuoteView,
): Promise<string | null> {
  const { userId, deps } = sc;
  const scope = {
    userId,
    flow: `${sc.flow}:${step}`,
    quoteToken: quote.quoteToken,
    expiresAt: quote.expiresAt,
  };
  const { externalOrderId, stored } = await sc.conversation.external(() => deps.numbers.of(scope));
  if (stored === null || stored.placement === 'rejected') return externalOrderId;
  await tellPlaced(sc, stored.placement === 'placed' ? 'placed' : 'pending', undefined, externalOrderId);
  return null;
}

/** The product and the quote of the order, as the order service takes them. */
function orderTerms(sc: StepContext, quote: QuoteView) {
  return {
    product: {
      country: quote.country,
      countryName: quote.countryName,
      operatorKey: quote.operatorKey,
      operatorName: quote.operatorName,
      subtype: quote.subtype,
      currency: quote.localCurrency,
      amount: sc.state.amount!,
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
  sc: StepContext,
  product: UnattendedProduct,
  quoted: UnattendedQuote,
): Promise<({ role: Payer['role'] } & PayerPrice) | null> {
  const { deps, userId } = sc;
  return sc.conversation.external(async () => {
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
  sc: StepContext,
  intent: OrderIntent,
): Promise<{ result: SubmitResult | { outcome: 'error' }; statusMessageId: number | undefined }> {
  const { deps, locale } = sc;
  const chatId = sc.ctx.chat!.id;
  const placing = sc.t('top-up-placing', { number: intent.externalOrderId });
  return sc.conversation.external(async (outer: BaseContext) => {
    rememberRecent(outer, sc.state);
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
  sc: StepContext,
  outcome: 'placed' | 'pending',
  /** The payer's role (undefined: not read again, on a replay). */
  role: Payer['role'] | undefined,
  externalOrderId: string,
): Promise<void> {
  const { ctx, t } = sc;
  if (role === 'reseller') await tellLowCredit(sc);
  // A pending order's status message waits for its answer: a note says why.
  if (outcome === 'pending') await ctx.reply(t('top-up-pending', { number: externalOrderId }));
}

/** Tells why the order was refused, on its status message (`say`); a refused quote is left to the caller. */
async function tellRejected(
  sc: StepContext,
  rejection: Rejection | undefined,
  currency: string,
  numbered: QuoteRefusal,
  say: (text: string) => Promise<unknown>,
): Promise<Placed> {
  const externalOrderId = numbered.number;
  const code = rejection?.code;
  const refusal = creditRefusalText(sc, rejection, currency);
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
  await say(sc.t('top-up-rejected', { number: externalOrderId }) + '\n' + sc.t(refusalAdviceKey(rejection)));
  return 'stopped';
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
