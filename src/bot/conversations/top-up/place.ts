import { intentWithNumber, type FixedNumber, type IntentDraft } from '../../../orders/numbers.ts';
import {
  holdAndPlace,
  intentDraft,
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

/** The order's number and status message when its quote was refused (nothing charged): the caller says what next. */
export interface QuoteRefusal {
  number: string;
  statusMessageId: number;
}

type Placed = 'placed' | 'requote' | 'stopped' | { refused: QuoteRefusal };
/** The order's number and its status message. */
type Numbered = Required<Omit<FixedNumber, 'fresh'>>;

/**
 * Hands the confirmed quote (prompt `step`) to the order service; returns 'requote' when the quote must
 * be shown again (the payer's price changed), `refused` when placement refused the quote. `confirmation`: the
 * quote's message, still open, that becomes the order's status message (closed when no order comes of it).
 */
export async function place(
  sc: StepContext,
  quote: QuoteView,
  step: number,
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
  const draft = intentDraft({
    product,
    account: sc.state.phone!.digits,
    quote: quoted,
    price,
    above,
    payer: { role, resellerId: userId, chatId: ctx.chat!.id, locale },
  });
  const numbered = await fixNumber(sc, draft, step, quote.quoteToken, confirmation);
  const result = await submitInLine(sc, intentWithNumber(draft, numbered));
  if (result.outcome === 'placed' || result.outcome === 'pending') {
    await tellPlaced(sc, result.outcome, role, numbered.externalOrderId);
    return 'placed';
  }
  const say = (text: string) => ctx.api.editMessageText(ctx.chat!.id, numbered.statusMessageId, text);
  switch (result.outcome) {
    case 'error':
      await say(sc.t('top-up-submit-error', { number: numbered.externalOrderId }));
      return 'stopped';
    case 'conflict':
      await say(sc.t('top-up-number-conflict', { number: numbered.externalOrderId }));
      return 'stopped';
    case 'rejected':
      return tellRejected(sc, result.order.rejection, quote.merchantCurrency, numbered, say);
  }
}

/**
 * Whether an earlier run of this confirmation (prompt `step`) stored its order: the ✅ handled again after its
 * handler died. That order stands, checked when it was stored; its message, the confirmation's, is its status
 * message now. A pending one is told so; nothing is checked, closed or quoted again.
 */
export async function placedBefore(sc: StepContext, step: number, quote: QuoteView): Promise<boolean> {
  const { userId, deps } = sc;
  const stored = await sc.conversation.external(() =>
    deps.numbers.storedOrder({ userId, flow: `${sc.flow}:${step}`, quoteToken: quote.quoteToken }),
  );
  if (stored === null || stored.placement === 'rejected') return false;
  const outcome = stored.placement === 'placed' ? 'placed' : 'pending';
  await tellPlaced(sc, outcome, undefined, stored.externalOrderId);
  return true;
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
 * The merchant order number of this confirmation and its status message, fixed once: the confirmation's own
 * message when it is open (edited into "Placing…"), else a new one. The message is recorded with the number so
 * that a crash before the intent is stored ends with it saying "not placed".
 */
async function fixNumber(
  sc: StepContext,
  draft: IntentDraft,
  step: number,
  quoteToken: string,
  confirmation: OpenPrompt | undefined,
): Promise<Numbered> {
  const { conversation, deps, ctx } = sc;
  // Keyed by user, flow and quote: quote tokens are opaque and may repeat across identical quotes.
  const fixed = await conversation.external(() =>
    deps.numbers.fix(
      { userId: sc.userId, flow: `${sc.flow}:${step}`, quoteToken },
      draft,
      confirmation?.message_id,
    ),
  );
  const { externalOrderId, statusMessageId } = fixed;
  const placing = sc.t('top-up-placing', { number: externalOrderId });
  if (fixed.fresh === true && statusMessageId !== undefined) {
    // The confirmation's message, attached with the number: it becomes the status message.
    await ctx.api.editMessageText(ctx.chat!.id, statusMessageId, placing).catch(() => undefined);
    return { externalOrderId, statusMessageId };
  }
  if (statusMessageId !== undefined) return { externalOrderId, statusMessageId };
  if (confirmation !== undefined) {
    const messageId = confirmation.message_id;
    await conversation.external(() => deps.numbers.attachMessage(externalOrderId, messageId));
    await ctx.api.editMessageText(ctx.chat!.id, messageId, placing).catch(() => undefined);
    return { externalOrderId, statusMessageId: messageId };
  }
  const sent = await ctx.reply(placing);
  await conversation.external(() => deps.numbers.attachMessage(externalOrderId, sent.message_id));
  return { externalOrderId, statusMessageId: sent.message_id };
}

/** Holds and places the order, waiting in the shared line; any failure is 'error'. */
function submitInLine(sc: StepContext, intent: OrderIntent): Promise<SubmitResult | { outcome: 'error' }> {
  const { deps, locale } = sc;
  const chatId = sc.ctx.chat!.id;
  return sc.conversation.external(async (outer: BaseContext) => {
    rememberRecent(outer, sc.state);
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
      const result = await holdAndPlace(deps, intent, notice === undefined ? {} : { onWait: notice.onWait });
      how = 'served';
      return result;
    } catch {
      return { outcome: 'error' };
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
  numbered: Numbered,
  say: (text: string) => Promise<unknown>,
): Promise<Placed> {
  const externalOrderId = numbered.externalOrderId;
  const code = rejection?.code;
  // Resolved as "not placed" after a crash elsewhere: the notices edit the message (with a button).
  if (rejection?.key === 'not-placed') return 'stopped';
  const refusal = creditRefusalText(sc, rejection, currency);
  if (refusal !== null) {
    await say(refusal);
    return 'stopped';
  }
  if (
    rejection?.key === 'quote_token' &&
    (code === 'quote_expired' || code === 'price_changed' || code === 'quote_invalid')
  ) {
    return { refused: { number: externalOrderId, statusMessageId: numbered.statusMessageId } };
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
