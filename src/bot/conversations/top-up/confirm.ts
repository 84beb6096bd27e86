import { Decimal } from 'decimal.js';
import { InlineKeyboard } from 'grammy';
import { formatMoney } from '../../../domain/money.ts';
import { ACTION } from '../../callback-data/top-up.ts';
import { payerNow } from '../../../orders/top-up.ts';
import { toServiceProblem, type ServiceProblem } from '../../service-problem.ts';
import { isMerchantError } from '../../../merchant/errors.ts';
import { LEFT_LINE } from '../../../merchant/budget.ts';
import { CHAT_QUOTE_LEFT_MS, quoteMismatch } from '../../../merchant/shared-quotes.ts';
import type { CallOptions, Quote, QuoteRequest } from '../../../merchant/types.ts';
import type { BaseContext } from '../../context.ts';
import type { LineEnd } from '../../waiting-line.ts';
import { confirmPin } from './pin.ts';
import { place, numberUnlessPlaced, problemText, type QuoteRefusal } from './place.ts';
import { viewerPrice, type QuoteView } from './quote.ts';
import type { OpenPrompt, StepContext } from './step-context.ts';
import { escapeHtml, html } from '../../../lib/html.ts';
import { chosenFixedOption } from '../top-up-model.ts';

/** A quote is asked for exactly the chosen options. */
type Asked = Required<QuoteRequest>;

/** A quote as the replay log keeps it (see fetchQuote). */
interface PricedQuote {
  ok: true;
  price: string;
  currency: string;
  expiresAt: string;
  token: string;
  resellerPrice?: string;
  marginPreview?: string;
  mismatch?: { field: string; quoted: string };
}

/**
 * Asks for a quote. Only what the chosen options do not already say enters the replay log: the price, its
 * currency, the expiry and the token; the quoted options themselves only when they differ from the asked; and
 * the viewer's price string: a reseller's own price (merchant price + margin), or for an admin what resellers
 * pay under the general rules.
 */
export async function fetchQuote(
  run: StepContext,
): Promise<
  | { ok: true; quote: QuoteView; mismatch?: { field: string; quoted: string } }
  | { ok: false; problem: ServiceProblem }
> {
  const { state } = run;
  const request: Asked = {
    country: state.country!.code,
    operatorKey: state.operator!.operatorKey,
    amount: state.amount!,
    localCurrency: state.currency!,
    subtype: state.subtype!,
  };
  const chatId = run.ctx.chat?.id;
  const line = run.deps.line;
  // The quote's place in the shared line: fixed by the conversation, so a replay names the same place.
  const place =
    line !== undefined && chatId !== undefined ? line.placeOf(chatId, run.flow, run.nextPrompt()) : undefined;
  const got = await run.conversation.external((outer: BaseContext) =>
    quoteInLine(run, outer, request, place),
  );
  if (!got.ok) return got;
  const quote: QuoteView = {
    country: request.country,
    countryName: state.country!.name,
    operatorKey: request.operatorKey,
    operatorName: state.operator!.name,
    subtype: request.subtype,
    localAmount: request.amount,
    localCurrency: request.localCurrency,
    merchantPrice: got.price,
    merchantCurrency: got.currency,
    ...(got.resellerPrice !== undefined ? { resellerPrice: got.resellerPrice } : {}),
    ...(got.marginPreview !== undefined ? { marginPreview: got.marginPreview } : {}),
    expiresAt: got.expiresAt,
    quoteToken: got.token,
  };
  return got.mismatch === undefined ? { ok: true, quote } : { ok: true, quote, mismatch: got.mismatch };
}

/** Waits in the shared line (at `place`) for the quote and prices it; a failure comes back as a problem. */
async function quoteInLine(run: StepContext, outer: BaseContext, request: Asked, place: string | undefined) {
  const { deps } = run;
  const chatId = run.ctx.chat?.id;
  // The "In line" message is the waiter's side effect: it never enters the replay log.
  const notice =
    deps.line !== undefined && place !== undefined && chatId !== undefined
      ? deps.line.notice({
          api: outer.api,
          chatId,
          locale: run.locale,
          id: place,
          leavable: true,
          update: outer.update,
        })
      : undefined;
  let how: LineEnd = 'stopped';
  try {
    const options: CallOptions = {
      priority: 'interactive',
      line: { owner: String(run.userId), id: place, onWait: notice?.onWait },
    };
    const q = await createQuoteInTurn(deps.quotes, request, options);
    how = 'served';
    return await pricedQuote(run, request, q);
  } catch (error) {
    if (isMerchantError(error) && error.code === LEFT_LINE) how = 'left';
    return { ok: false as const, problem: toServiceProblem(error) };
  } finally {
    await notice?.end(how);
  }
}

/** Asks the quote until the line serves it or it fails for another reason than the rate limit. */
async function createQuoteInTurn(
  quotes: StepContext['deps']['quotes'],
  request: Asked,
  options: CallOptions,
): Promise<Quote> {
  for (;;) {
    try {
      return await quotes.createQuote(request, { ...options, leftMs: CHAT_QUOTE_LEFT_MS });
    } catch (error) {
      // A 429 the client could not wait out has paused the shared budget: back in line, never "try again".
      if (!(isMerchantError(error) && error.kind === 'rate-limited')) throw error;
    }
  }
}

/** The quote as the replay log keeps it (see fetchQuote), with the quoted options when they differ. */
async function pricedQuote(run: StepContext, request: Asked, q: Quote): Promise<PricedQuote> {
  const field = quoteMismatch(request, q);
  const price = q.merchantPrice.toFixed();
  const fixedPrices = run.deps.fixedPrices;
  // A fixed amount's price is kept for the amount buttons (fixed-prices.ts); only when the quote matches.
  if (fixedPrices && chosenFixedOption(run.state) && field === undefined) {
    const { country, operatorKey, subtype, localCurrency: currency } = request;
    await fixedPrices
      .remember({ country, operatorKey, subtype, currency }, new Decimal(request.amount).toFixed(), {
        price,
        currency: q.merchantCurrency,
      })
      .catch(() => undefined);
  }
  const priced: PricedQuote = {
    ok: true,
    price,
    currency: q.merchantCurrency,
    expiresAt: q.expiresAt.toISOString(),
    token: q.quoteToken,
    ...(await viewerPrices(run, request, price, q.merchantCurrency)),
  };
  if (field === undefined) return priced;
  const quoted = `${q.country} ${q.operator.operatorKey} ${q.localAmount.toFixed()} ${q.localCurrency} ${q.subtype}`;
  return { ...priced, mismatch: { field, quoted } };
}

/** A reseller's own price for the quote, or for an admin what resellers pay under the general rules. */
async function viewerPrices(
  run: StepContext,
  request: Asked,
  price: string,
  currency: string,
): Promise<{ resellerPrice?: string; marginPreview?: string }> {
  const { shown, pricing } = run.deps;
  const target = { country: request.country, operatorKey: request.operatorKey };
  const payer = await payerNow(shown, run.userId);
  if (payer?.role === 'reseller') {
    return {
      resellerPrice: await pricing.priceFor(
        { ...target, resellerId: run.userId },
        price,
        currency,
        payer.chain,
      ),
    };
  }
  if (payer?.role === 'admin') return { marginPreview: await pricing.priceFor(target, price, currency) };
  return {};
}

/**
 * Quotes the chosen top-up, shows the quote and, once confirmed, places it; loops on expiry and price changes. A
 * quote refused at placement (expired, changed or invalid: nothing was charged) is replaced at once, and the order
 * goes on without asking again when what the viewer pays did not change; once per confirmation.
 */
export async function quoteAndConfirm(run: StepContext): Promise<'done' | 'back' | 'cancel'> {
  let notice: string | undefined;
  /**
   * A confirmation whose quote was refused at placement: the refused order's number and message, and the prompt
   * that a fresh quote at the same price goes on under (none once that was tried).
   */
  let refused: (QuoteRefusal & { step?: number }) | undefined;
  for (;;) {
    const got = await fetchQuote(run);
    // The price the viewer sees: a reseller is never shown (nor told about a change of) the merchant price.
    const changed =
      got.ok &&
      run.lastQuote !== undefined &&
      !new Decimal(viewerPrice(run.lastQuote)).eq(viewerPrice(got.quote));
    const goOn = refused?.step !== undefined && got.ok && got.mismatch === undefined && !changed;
    // The refused order's message: gone when the order goes on unseen, else it says the price needs renewing.
    if (refused !== undefined) await closeRefused(run, refused, goOn);
    const step = goOn ? refused?.step : undefined;
    refused = undefined;
    if (!got.ok) {
      const next = await tellQuoteProblem(run, got.problem);
      if (next === 'retry') continue;
      return next;
    }
    const { quote, mismatch } = got;
    if (mismatch !== undefined) return stopOnMismatch(run, quote, mismatch);
    if (changed && run.lastQuote !== undefined) {
      notice = run.t('top-up-price-changed', {
        old: formatMoney(viewerPrice(run.lastQuote), run.lastQuote.merchantCurrency, run.locale),
        new: formatMoney(viewerPrice(quote), quote.merchantCurrency, run.locale),
      });
    }
    run.lastQuote = quote;
    let s: number;
    // The confirmed quote's message, its buttons still on: placing edits it into the order's status message.
    let confirmation: OpenPrompt | undefined;
    // Any other way on loses its buttons (once).
    const closeConfirmation = async (): Promise<void> => {
      const open = confirmation;
      confirmation = undefined;
      if (open !== undefined) await run.closePrompt(open, open.text);
    };
    if (step !== undefined) {
      s = step;
    } else {
      s = run.nextPrompt();
      const text = [notice, quoteText(run, quote, await run.conversation.now())].filter(Boolean).join('\n\n');
      const decision = await run.decide(s, text, {
        confirm: 'button-confirm',
        hint: 'top-up-press-confirm',
        keepOpen: true,
      });
      if (decision.choice !== 'confirm') return decision.choice;
      confirmation = decision.prompt;
      // The keypad comes below the quote: the quote loses its buttons first, and placing sends its own message.
      const pin = await confirmPin(run, quote, { beforeAsking: closeConfirmation });
      if (pin !== 'ok') {
        await closeConfirmation();
        return pin;
      }
    }
    const number = await numberUnlessPlaced(run, s, quote);
    if (number === null) return 'done';
    const short = await tooShort(run, quote);
    if (short !== undefined) {
      await closeConfirmation();
      notice = short;
      continue;
    }
    const placed = await place(run, quote, number, confirmation);
    if (placed === 'placed' || placed === 'stopped') return 'done';
    notice = run.t('top-up-quote-renewed');
    // Once per confirmation: a fresh quote refused again is shown to confirm.
    if (placed !== 'requote') refused = step === undefined ? { ...placed.refused, step: s } : placed.refused;
  }
}

/**
 * The message of an order whose quote was refused (nothing charged): deleted when a fresh quote at the same price
 * goes on unseen, or told that the price needs renewing.
 */
async function closeRefused(run: StepContext, refused: QuoteRefusal, goOn: boolean): Promise<void> {
  const chatId = run.ctx.chat!.id;
  const messageId = refused.statusMessageId;
  if (messageId === undefined) return;
  const text = run.t('top-up-not-placed-requote', { number: refused.number });
  if (goOn) {
    await run.ctx.api
      .deleteMessage(chatId, messageId)
      .catch(() => run.ctx.api.editMessageText(chatId, messageId, text))
      .catch(() => undefined);
    return;
  }
  await run.ctx.api.editMessageText(chatId, messageId, text).catch(() => undefined);
}

/** Says what kept the quote from coming; 'retry' when the user asks for it again. */
async function tellQuoteProblem(
  run: StepContext,
  problem: ServiceProblem,
): Promise<'retry' | 'back' | 'cancel'> {
  // Left the line with ❌ or /cancel: its message says so; the flow ends like a cancel.
  if (problem.kind === 'aborted' && problem.code === LEFT_LINE) return 'cancel';
  const { t, answer } = run;
  const s = run.nextPrompt();
  const kb = new InlineKeyboard().text(t('button-retry'), run.cb(s, ACTION.retry));
  await run.ctx.reply(problemText(run, problem), { reply_markup: run.navRow(kb, s, true) });
  for (;;) {
    const a = await answer(s);
    if (a.kind === 'cancel' || (a.kind === 'button' && a.action === ACTION.cancel)) return 'cancel';
    if (a.kind === 'button' && a.action === ACTION.back) return 'back';
    if (a.kind === 'button' && a.action === ACTION.retry) return 'retry';
    await run.ctx.reply(t('top-up-press-a-button'));
  }
}

/** A quote for something else than asked: the admins are told and nothing is ordered. */
async function stopOnMismatch(
  run: StepContext,
  quote: QuoteView,
  mismatch: { field: string; quoted: string },
): Promise<'cancel'> {
  await run.conversation.external(() =>
    run.deps.reportQuoteMismatch({
      field: mismatch.field,
      country: quote.country,
      operator: quote.operatorKey,
      asked: `${run.state.amount} ${run.state.currency} ${run.state.subtype}`,
      quoted: mismatch.quoted,
    }),
  );
  await run.ctx.reply(run.t('top-up-quote-mismatch'));
  return 'cancel';
}

/**
 * Why the quote cannot be placed now (a notice to show with a fresh one), or undefined: too little of it is left,
 * or the line of placements is longer than what is left.
 */
async function tooShort(run: StepContext, quote: QuoteView): Promise<string | undefined> {
  const { conversation, deps } = run;
  const at = await conversation.now();
  if (Date.parse(quote.expiresAt) - at < deps.quoteMarginMs) return run.t('top-up-quote-renewed');
  const line = deps.line;
  if (line === undefined) return undefined;
  const etaMs = await conversation.external(async () => {
    try {
      return (await line.estimate('placement')).etaMs;
    } catch {
      return 0;
    }
  });
  if (Date.parse(quote.expiresAt) - at - etaMs >= deps.quoteMarginMs) return undefined;
  return run.t('top-up-line-outlives-quote', { seconds: Math.ceil(etaMs / 1000) });
}

/**
 * The product in words, as HTML: the kind, and for data and bundles the fixed option's own name ("data — 1.5 GB,
 * 3 days"), so a quote for a data product names what the line gets, not only its local price.
 */
function productText(run: StepContext, quote: QuoteView): string {
  const kind = run.subtypeLabel(quote.subtype);
  const option = quote.subtype === 'airtime' ? undefined : chosenFixedOption(run.state);
  return option?.label ? `${kind} — ${escapeHtml(option.label)}` : kind;
}

/**
 * The quote as the chat shows it. A reseller sees only what their credit pays; an admin the merchant price and,
 * beside it, what resellers pay under the general rules with the margin.
 */
function quoteText(run: StepContext, quote: QuoteView, now: number): string {
  const { locale, t } = run;
  const expires = new Date(quote.expiresAt);
  const seconds = Math.max(0, Math.round((expires.getTime() - now) / 1000));
  const currency = quote.merchantCurrency;
  const text = t(quote.resellerPrice === undefined ? 'top-up-quote' : 'top-up-quote-credit', {
    operator: quote.operatorName,
    country: quote.countryName,
    subtype: html(productText(run, quote)),
    phone: run.state.phone!.international,
    receives: formatMoney(quote.localAmount, quote.localCurrency, locale),
    pays: formatMoney(viewerPrice(quote), currency, locale),
    expires: `${expires.toISOString().slice(11, 19)} UTC`,
    seconds,
  });
  if (quote.resellerPrice !== undefined || quote.marginPreview === undefined) return text;
  const margin = new Decimal(quote.marginPreview).minus(quote.merchantPrice);
  const preview = t('top-up-quote-margin-preview', {
    price: formatMoney(quote.marginPreview, currency, locale),
    margin: formatMoney(margin, currency, locale),
  });
  return `${text}\n\n${preview}`;
}
