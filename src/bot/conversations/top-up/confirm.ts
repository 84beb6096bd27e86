import { Decimal } from 'decimal.js';
import { InlineKeyboard } from 'grammy';
import { formatMoney } from '../../../domain/money.ts';
import { ACTION } from '../../callback-data/top-up.ts';
import { toServiceProblem, type ServiceProblem } from '../../service-problem.ts';
import { isMerchantError } from '../../../merchant/errors.ts';
import { LEFT_LINE } from '../../../merchant/budget.ts';
import type { CallOptions, Quote } from '../../../merchant/types.ts';
import type { BaseContext } from '../../context.ts';
import type { LineEnd } from '../../waiting-line.ts';
import { confirmPin } from './pin.ts';
import { place, problemText } from './place.ts';
import { quoteMismatch, viewerPrice, type QuoteView } from './quote.ts';
import type { StepContext } from './step-context.ts';
import { escapeHtml, html } from '../../../lib/html.ts';
import { chosenFixedOption } from '../top-up-model.ts';

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
  const { conversation, deps } = sc;
  const request = {
    country: sc.state.country!.code,
    operatorKey: sc.state.operator!.operatorKey,
    amount: sc.state.amount!,
    localCurrency: sc.state.currency!,
    subtype: sc.state.subtype!,
  };
  const chatId = sc.ctx.chat?.id;
  const line = deps.line;
  // The quote's place in the shared line: fixed by the conversation, so a replay names the same place.
  const place =
    line !== undefined && chatId !== undefined ? line.placeOf(chatId, sc.flow, sc.nextPrompt()) : undefined;
  const got = await conversation.external(async (outer: BaseContext) => {
    // The "In line" message is the waiter's side effect: it never enters the replay log.
    const notice =
      line !== undefined && place !== undefined && chatId !== undefined
        ? line.notice({
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
      let q: Quote;
      for (;;) {
        try {
          q = await deps.api.createQuote(request, options);
          break;
        } catch (error) {
          // A 429 the client could not wait out has paused the shared budget: back in line, never "try again".
          if (isMerchantError(error) && error.kind === 'rate-limited') continue;
          throw error;
        }
      }
      how = 'served';
      const field = quoteMismatch(request, {
        country: q.country,
        operatorKey: q.operator.operatorKey,
        subtype: q.subtype,
        localCurrency: q.localCurrency,
        localAmount: q.localAmount.toFixed(),
      });
      const price = q.merchantPrice.toFixed();
      // A fixed amount's price is kept for the amount buttons (fixed-prices.ts); only when the quote matches.
      if (deps.fixedPrices && chosenFixedOption(sc.state) && field === undefined) {
        await deps.fixedPrices
          .remember(
            {
              country: request.country,
              operatorKey: request.operatorKey,
              subtype: request.subtype,
              currency: request.localCurrency,
            },
            new Decimal(request.amount).toFixed(),
            { price, currency: q.merchantCurrency },
          )
          .catch(() => undefined);
      }
      const target = { country: request.country, operatorKey: request.operatorKey };
      const role = await deps.roles.roleOf(sc.userId);
      const margin =
        role === 'reseller'
          ? {
              resellerPrice: await deps.pricing.priceFor(
                { ...target, resellerId: sc.userId },
                price,
                q.merchantCurrency,
              ),
            }
          : role === 'admin'
            ? { marginPreview: await deps.pricing.priceFor(target, price, q.merchantCurrency) }
            : {};
      const priced = {
        ok: true as const,
        price,
        currency: q.merchantCurrency,
        expiresAt: q.expiresAt.toISOString(),
        token: q.quoteToken,
        ...margin,
      };
      if (field === undefined) return priced;
      const quoted = `${q.country} ${q.operator.operatorKey} ${q.localAmount.toFixed()} ${q.localCurrency} ${q.subtype}`;
      return { ...priced, mismatch: { field, quoted } };
    } catch (error) {
      if (isMerchantError(error) && error.code === LEFT_LINE) how = 'left';
      return { ok: false as const, problem: toServiceProblem(error) };
    } finally {
      await notice?.end(how);
    }
  });
  if (!got.ok) return got;
  const quote: QuoteView = {
    country: request.country,
    countryName: sc.state.country!.name,
    operatorKey: request.operatorKey,
    operatorName: sc.state.operator!.name,
    subtype: request.subtype,
    localAmount: request.amount,
    localCurrency: request.localCurrency,
    merchantPrice: got.price,
    merchantCurrency: got.currency,
    ...('resellerPrice' in got && got.resellerPrice !== undefined
      ? { resellerPrice: got.resellerPrice }
      : {}),
    ...('marginPreview' in got && got.marginPreview !== undefined
      ? { marginPreview: got.marginPreview }
      : {}),
    expiresAt: got.expiresAt,
    quoteToken: got.token,
  };
  return 'mismatch' in got ? { ok: true, quote, mismatch: got.mismatch } : { ok: true, quote };
}

/** Quote, show, confirm, place; loops on expiry and price changes. */
/** Quotes the chosen top-up, shows the quote and, once confirmed, places it. */
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
