import { Decimal } from 'decimal.js';
import { InlineKeyboard } from 'grammy';
import { formatMoney } from '../../../domain/money.ts';
import { ACTION } from '../../callback-data/top-up.ts';
import { toServiceProblem, type ServiceProblem } from '../../service-problem.ts';
import { isMerchantError } from '../../../merchant/errors.ts';
import { LEFT_LINE } from '../../../merchant/budget.ts';
import type { CallOptions, Quote, QuoteRequest } from '../../../merchant/types.ts';
import type { BaseContext } from '../../context.ts';
import type { LineEnd } from '../../waiting-line.ts';
import { confirmPin } from './pin.ts';
import { place, problemText } from './place.ts';
import { quoteMismatch, viewerPrice, type QuoteView } from './quote.ts';
import type { StepContext } from './step-context.ts';
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
  sc: StepContext,
): Promise<
  | { ok: true; quote: QuoteView; mismatch?: { field: string; quoted: string } }
  | { ok: false; problem: ServiceProblem }
> {
  const { state } = sc;
  const request: Asked = {
    country: state.country!.code,
    operatorKey: state.operator!.operatorKey,
    amount: state.amount!,
    localCurrency: state.currency!,
    subtype: state.subtype!,
  };
  const chatId = sc.ctx.chat?.id;
  const line = sc.deps.line;
  // The quote's place in the shared line: fixed by the conversation, so a replay names the same place.
  const place =
    line !== undefined && chatId !== undefined ? line.placeOf(chatId, sc.flow, sc.nextPrompt()) : undefined;
  const got = await sc.conversation.external((outer: BaseContext) => quoteInLine(sc, outer, request, place));
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
async function quoteInLine(sc: StepContext, outer: BaseContext, request: Asked, place: string | undefined) {
  const { deps } = sc;
  const chatId = sc.ctx.chat?.id;
  // The "In line" message is the waiter's side effect: it never enters the replay log.
  const notice =
    deps.line !== undefined && place !== undefined && chatId !== undefined
      ? deps.line.notice({
          api: outer.api,
          chatId,
          locale: sc.locale,
          id: place,
          leavable: true,
          update: outer.update,
        })
      : undefined;
  let how: LineEnd = 'stopped';
  try {
    const options: CallOptions = {
      priority: 'interactive',
      line: {
        owner: String(sc.userId),
        ...(place === undefined ? {} : { id: place }),
        ...(notice === undefined ? {} : { onWait: notice.onWait }),
      },
    };
    const q = await createQuoteInTurn(deps.api, request, options);
    how = 'served';
    return await pricedQuote(sc, request, q);
  } catch (error) {
    if (isMerchantError(error) && error.code === LEFT_LINE) how = 'left';
    return { ok: false as const, problem: toServiceProblem(error) };
  } finally {
    await notice?.end(how);
  }
}

/** Asks the quote until the line serves it or it fails for another reason than the rate limit. */
async function createQuoteInTurn(
  api: StepContext['deps']['api'],
  request: Asked,
  options: CallOptions,
): Promise<Quote> {
  for (;;) {
    try {
      return await api.createQuote(request, options);
    } catch (error) {
      // A 429 the client could not wait out has paused the shared budget: back in line, never "try again".
      if (!(isMerchantError(error) && error.kind === 'rate-limited')) throw error;
    }
  }
}

/** The quote as the replay log keeps it (see fetchQuote), with the quoted options when they differ. */
async function pricedQuote(sc: StepContext, request: Asked, q: Quote): Promise<PricedQuote> {
  const field = quoteMismatch(request, {
    country: q.country,
    operatorKey: q.operator.operatorKey,
    subtype: q.subtype,
    localCurrency: q.localCurrency,
    localAmount: q.localAmount.toFixed(),
  });
  const price = q.merchantPrice.toFixed();
  const fixedPrices = sc.deps.fixedPrices;
  // A fixed amount's price is kept for the amount buttons (fixed-prices.ts); only when the quote matches.
  if (fixedPrices && chosenFixedOption(sc.state) && field === undefined) {
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
    ...(await viewerPrices(sc, request, price, q.merchantCurrency)),
  };
  if (field === undefined) return priced;
  const quoted = `${q.country} ${q.operator.operatorKey} ${q.localAmount.toFixed()} ${q.localCurrency} ${q.subtype}`;
  return { ...priced, mismatch: { field, quoted } };
}

/** A reseller's own price for the quote, or for an admin what resellers pay under the general rules. */
async function viewerPrices(
  sc: StepContext,
  request: Asked,
  price: string,
  currency: string,
): Promise<{ resellerPrice?: string; marginPreview?: string }> {
  const { roles, pricing } = sc.deps;
  const target = { country: request.country, operatorKey: request.operatorKey };
  const role = await roles.roleOf(sc.userId);
  if (role === 'reseller') {
    return { resellerPrice: await pricing.priceFor({ ...target, resellerId: sc.userId }, price, currency) };
  }
  if (role === 'admin') return { marginPreview: await pricing.priceFor(target, price, currency) };
  return {};
}

/** Quotes the chosen top-up, shows the quote and, once confirmed, places it; loops on expiry and price changes. */
export async function quoteAndConfirm(sc: StepContext): Promise<'done' | 'back' | 'cancel'> {
  const { conversation, ctx, deps, locale, t, cb, answer, navRow } = sc;
  let notice: string | undefined;
  for (;;) {
    const got = await fetchQuote(sc);
    if (!got.ok && got.problem.kind === 'aborted' && got.problem.code === LEFT_LINE) {
      // Left the line with ❌ or /cancel: its message says so; the flow ends like a cancel.
      return 'cancel';
    }
    if (!got.ok) {
      const s = sc.nextPrompt();
      const kb = new InlineKeyboard().text(t('button-retry'), cb(s, ACTION.retry));
      await ctx.reply(problemText(sc, got.problem), { reply_markup: navRow(kb, s, true) });
      for (;;) {
        const a = await answer(s);
        if (a.kind === 'cancel' || (a.kind === 'button' && a.action === ACTION.cancel)) return 'cancel';
        if (a.kind === 'button' && a.action === ACTION.back) return 'back';
        if (a.kind === 'button' && a.action === ACTION.retry) break;
        await ctx.reply(t('top-up-press-a-button'));
      }
      continue;
    }
    const quote = got.quote;
    const mismatch = got.mismatch;
    if (mismatch !== undefined) {
      await conversation.external(() =>
        deps.reportQuoteMismatch({
          field: mismatch.field,
          country: quote.country,
          operator: quote.operatorKey,
          asked: `${sc.state.amount} ${sc.state.currency} ${sc.state.subtype}`,
          quoted: mismatch.quoted,
        }),
      );
      await ctx.reply(t('top-up-quote-mismatch'));
      return 'cancel';
    }
    // The price the viewer sees: a reseller is never shown (nor told about a change of) the merchant price.
    if (sc.lastQuote && !new Decimal(viewerPrice(sc.lastQuote)).eq(viewerPrice(quote))) {
      notice = t('top-up-price-changed', {
        old: formatMoney(viewerPrice(sc.lastQuote), sc.lastQuote.merchantCurrency, locale),
        new: formatMoney(viewerPrice(quote), quote.merchantCurrency, locale),
      });
    }
    sc.lastQuote = quote;
    const s = sc.nextPrompt();
    const now = await conversation.now();
    const text = [notice, quoteText(sc, quote, now)].filter(Boolean).join('\n\n');
    const choice = await sc.decide(s, text, { confirm: 'button-confirm', hint: 'top-up-press-confirm' });
    if (choice !== 'confirm') return choice;
    const pin = await confirmPin(sc, quote);
    if (pin !== 'ok') return pin;
    const at = await conversation.now();
    if (Date.parse(quote.expiresAt) - at < deps.quoteMarginMs) {
      notice = t('top-up-quote-renewed');
      continue;
    }
    // A line of placements longer than the quote's validity: say so, and quote again when the turn comes.
    const line = deps.line;
    if (line !== undefined) {
      const etaMs = await conversation.external(async () => {
        try {
          return (await line.estimate('placement')).etaMs;
        } catch {
          return 0;
        }
      });
      if (Date.parse(quote.expiresAt) - at - etaMs < deps.quoteMarginMs) {
        notice = t('top-up-line-outlives-quote', { seconds: Math.ceil(etaMs / 1000) });
        continue;
      }
    }
    const placed = await place(sc, quote, s);
    if (placed === 'requote') {
      notice = t('top-up-quote-renewed');
      continue;
    }
    return 'done';
  }
}

/**
 * The product in words, as HTML: the kind, and for data and bundles the fixed option's own name ("data — 1.5 GB,
 * 3 days"), so a quote for a data product names what the line gets, not only its local price.
 */
function productText(sc: StepContext, quote: QuoteView): string {
  const kind = sc.subtypeLabel(quote.subtype);
  const option = quote.subtype === 'airtime' ? undefined : chosenFixedOption(sc.state);
  return option?.label ? `${kind} — ${escapeHtml(option.label)}` : kind;
}

/**
 * The quote as the chat shows it. A reseller sees only what their credit pays; an admin the merchant price and,
 * beside it, what resellers pay under the general rules with the margin.
 */
export function quoteText(sc: StepContext, quote: QuoteView, now: number): string {
  const { locale, t } = sc;
  const expires = new Date(quote.expiresAt);
  const seconds = Math.max(0, Math.round((expires.getTime() - now) / 1000));
  const currency = quote.merchantCurrency;
  const text = t(quote.resellerPrice === undefined ? 'top-up-quote' : 'top-up-quote-credit', {
    operator: quote.operatorName,
    country: quote.countryName,
    subtype: html(productText(sc, quote)),
    phone: sc.state.phone!.international,
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
