import { Composer, InputFile } from 'grammy';
import { formatMoney } from '../../domain/money.ts';
import { maskPhone } from '../../domain/phone.ts';
import { code, htmlToPlain } from '../../lib/html.ts';
import { displayEmoji, statusText, subtypeText } from '../../orders/texts.ts';
import type { OrderService } from '../../orders/types.ts';
import { parseRetailPrice, type ReceiptProfiles } from '../../receipts/profile.ts';
import { receiptHtml, receiptTime, type Receipt, type ReceiptLabels } from '../../receipts/receipt.ts';
import { renderPng } from '../../render/png.ts';
import { receiptSvg } from '../../render/receipt-image.ts';
import { RECEIPT_DATA, parseReceiptData } from '../callback-data/receipt.ts';
import type { BotContext } from '../context.ts';
import type { Translate } from '../i18n.ts';
import type { OrderCard } from '../../orders/card.ts';
import { readInLine } from '../read-in-line.ts';
import type { StaffServices } from '../staff.ts';
import { requireRole } from './access.ts';
import { lookupProblem, viewerOf } from './order-buttons.ts';

export interface ReceiptDeps {
  staff: StaffServices;
  /** Our copy of an order (its number, masked here with the project's own masking). */
  orders: Pick<OrderService, 'get'>;
  profiles: Pick<ReceiptProfiles, 'get' | 'retailPrice' | 'setRetailPrice'>;
}

/** The receipt's labels in `locale`. */
function receiptLabels(t: Translate, locale: string): ReceiptLabels {
  // Translations are HTML; a receipt holds plain text and escapes it for the message and the image alike.
  const label = (key: string) => htmlToPlain(t(locale, `receipt-${key}`));
  return {
    title: label('title'),
    operator: label('operator'),
    product: label('product'),
    phone: label('phone'),
    received: label('received'),
    price: label('price'),
    orderId: label('order-id'),
    externalOrderId: label('order-number'),
    time: label('time'),
    status: label('status'),
    thanks: label('thanks'),
  };
}

/** "airtime" -> "Airtime": a receipt line starts with a capital. */
function capitalised(text: string, locale: string): string {
  const [first = '', ...rest] = [...text];
  return `${first.toLocaleUpperCase(locale)}${rest.join('')}`;
}

function money(amount: string, currency: string, locale: string): string {
  try {
    return formatMoney(amount, currency, locale);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** The receipt of a found order, or null when the order was never placed (no service order ID). */
async function receiptOf(deps: ReceiptDeps, card: OrderCard, locale: string): Promise<Receipt | null> {
  if (card.orderId === undefined || card.status === 'rejected' || card.status === 'placing') return null;
  const t = deps.staff.translate;
  const stored = card.source === 'store' ? await deps.orders.get(card.externalOrderId) : null;
  const profile = card.resellerId === undefined ? {} : await deps.profiles.get(card.resellerId);
  const retail = await deps.profiles.retailPrice(card.externalOrderId);
  const created = card.createdAt === null ? new Date() : new Date(card.createdAt);
  const { time, timeZone } = receiptTime(created, profile.timeZone);
  return {
    ...(profile.shopName === undefined ? {} : { shopName: profile.shopName }),
    operator: card.operator,
    product: capitalised(htmlToPlain(subtypeText(t, locale, card.subtype).html), locale),
    // Our own copy's full number masked here; an order only the service knows comes masked by the service.
    maskedPhone: stored === null ? card.maskedAccount : maskPhone(stored.request.account),
    received: money(card.localAmount, card.localCurrency, locale),
    ...(retail === null ? {} : { price: money(retail.amount, retail.currency, locale) }),
    orderId: card.orderId,
    externalOrderId: card.externalOrderId,
    time,
    timeZone,
    statusEmoji: displayEmoji(card.status),
    status: htmlToPlain(statusText(t, locale, card.status)),
  };
}

/**
 * `/receipt <O-… or merchant order number>` and the 🧾 Receipt button: a customer receipt as a message made for
 * forwarding and as a PNG of the same receipt. Resellers get their own orders only (the same lookup as /status).
 */
export function createReceiptFeature(deps: ReceiptDeps) {
  const composer = new Composer<BotContext>();
  const { staff } = deps;

  /**
   * Sends the receipt of `query`; with `price` (`/receipt <order> <amount> [currency]` or `off`), first sets or
   * removes the price the customer paid, printed on this order's receipt from then on. Only the order's reseller
   * (a reseller finds only their own, a distributor their network's too) or an admin sets it; bad input changes
   * nothing.
   */
  async function sendReceipt(ctx: BotContext, query: string, price: readonly string[] = []): Promise<void> {
    const viewer = await viewerOf(ctx, staff);
    const { result, answered } =
      viewer === null
        ? { result: { kind: 'not-found' } as const, answered: false }
        : await readInLine(ctx, staff.line, (place) => staff.desk.find(query, viewer, place));
    if (result.kind !== 'found') {
      await lookupProblem(ctx, result, query, answered);
      return;
    }
    if (price.length > 0) {
      // A distributor finds their network's orders too: the price on a receipt is the seller's to set.
      const seller = result.card.resellerId;
      if (ctx.role === 'agent' || (ctx.role !== 'admin' && seller !== ctx.from?.id)) {
        await ctx.reply(ctx.t('receipt-price-not-yours'), { parse_mode: 'HTML' });
        return;
      }
      const off = price.length === 1 && price[0]!.toLowerCase() === 'off';
      const retail = off ? null : parseRetailPrice(price, result.card.localCurrency);
      if (!off && retail === null) {
        await ctx.reply(ctx.t('receipt-price-invalid', { price: price.join(' ') }), { parse_mode: 'HTML' });
        return;
      }
      await deps.profiles.setRetailPrice(result.card.externalOrderId, retail);
    }
    const locale = await ctx.i18n.getLocale();
    const receipt = await receiptOf(deps, result.card, locale);
    if (receipt === null) {
      // A toast is plain text; a message is HTML.
      if (ctx.callbackQuery && !answered) {
        await ctx.answerCallbackQuery({ text: ctx.t('receipt-not-placed', { query }), show_alert: true });
      } else await ctx.reply(ctx.t('receipt-not-placed', { query }), { parse_mode: 'HTML' });
      return;
    }
    if (ctx.callbackQuery && !answered) await ctx.answerCallbackQuery();
    const labels = receiptLabels(staff.translate, locale);
    await ctx.reply(receiptHtml(receipt, labels), { parse_mode: 'HTML' });
    const png = await renderPng(receiptSvg(receipt, labels));
    await ctx.replyWithPhoto(new InputFile(png, `receipt-${receipt.orderId}.png`), {
      caption: ctx.t('receipt-caption', { orderId: code(receipt.orderId) }),
      parse_mode: 'HTML',
    });
  }

  composer.command('receipt', requireRole('receipt'), async (ctx) => {
    const [query = '', ...price] = ctx.match.trim().split(/\s+/).filter(Boolean);
    if (query === '') {
      await ctx.reply(ctx.t('receipt-usage'), { parse_mode: 'HTML' });
      return;
    }
    await sendReceipt(ctx, query, price);
  });

  composer.callbackQuery(RECEIPT_DATA, requireRole('receipt'), async (ctx) => {
    const query = parseReceiptData(ctx.callbackQuery.data);
    if (query === null) {
      await ctx.answerCallbackQuery({ text: ctx.t('agents-order-not-found-short') });
      return;
    }
    await sendReceipt(ctx, query);
  });

  return composer;
}
