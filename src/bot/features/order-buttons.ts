import { Composer, InlineKeyboard } from 'grammy';
import {
  ORDER_DATA,
  parseRefreshData,
  refreshDataForOrderId,
  refreshDataFromOpen,
} from '../callback-data/order.ts';
import type { BotContext } from '../context.ts';
import { TOP_UP, type TopUpArgs } from '../conversations/top-up.ts';
import type { OrderCard } from '../../orders/card.ts';
import { renderCard } from '../order-card.ts';
import type { LookupResult, Viewer } from '../../orders/desk.ts';
import { readInLine } from '../read-in-line.ts';
import type { StaffServices } from '../staff.ts';
import { requireRole } from './access.ts';
import { reachOfUpdate } from '../reach.ts';
import { inNetwork } from '../../accounts/reach.ts';

/** The viewer of this update and what they may reach (read on every question), or null for strangers. */
export async function viewerOf(
  ctx: BotContext,
  staff: Pick<StaffServices, 'network'>,
): Promise<Viewer | null> {
  const reach = await reachOfUpdate(ctx, staff.network);
  return reach === null || ctx.from === undefined ? null : { id: ctx.from.id, reach };
}

/** Data of the Refresh button: the order by merchant order number (ours) or by O-… (read from the service). */
async function refreshData(callbacks: StaffServices['callbacks'], card: OrderCard): Promise<string> {
  if (card.source === 'service' && card.orderId !== undefined) {
    const plain = refreshDataForOrderId(card.orderId);
    if (plain !== null) return plain;
  }
  return refreshDataFromOpen(await callbacks.dataFor(card.externalOrderId));
}

async function resolveRefresh(callbacks: StaffServices['callbacks'], data: string): Promise<string | null> {
  const named = parseRefreshData(data);
  if (named === null) return null;
  return 'open' in named ? callbacks.resolve(named.open) : named.query;
}

/**
 * Text and Refresh button of a found order, in the reader's language; an order of a distributor's network names
 * its seller.
 */
export async function cardMessage(
  ctx: BotContext,
  staff: StaffServices,
  found: Extract<LookupResult, { kind: 'found' }>,
  viewer: Viewer,
): Promise<{ text: string; keyboard: InlineKeyboard }> {
  const locale = await ctx.i18n.getLocale();
  const note = found.note === 'stale' ? ctx.t('agents-card-stale') : undefined;
  const seller = found.card.resellerId;
  const network =
    seller !== undefined && inNetwork(viewer.reach, seller)
      ? { userId: viewer.id, seller: (await staff.names.people([seller]))(seller) }
      : undefined;
  const text = renderCard(staff.translate, locale, found.card, note, {
    staff: viewer.reach.kind === 'all',
    ...(network === undefined ? {} : { network }),
  });
  const keyboard = new InlineKeyboard().text(
    ctx.t('agents-refresh-button'),
    await refreshData(staff.callbacks, found.card),
  );
  return { text, keyboard };
}

/**
 * Tells why an order could not be shown (a reply, or a toast under a button; a message when the button's
 * query was `answered` already, as the wait in line began). Leaving the line needs no words: its message says so.
 */
export async function lookupProblem(
  ctx: BotContext,
  result: Exclude<LookupResult, { kind: 'found' }>,
  query: string,
  answered = false,
) {
  const toast = ctx.callbackQuery !== undefined && !answered;
  if (result.kind === 'left') {
    if (toast) await ctx.answerCallbackQuery();
    return;
  }
  const text =
    result.kind === 'unavailable'
      ? ctx.t('agents-unavailable')
      : ctx.callbackQuery
        ? ctx.t('agents-order-not-found-short')
        : ctx.t('agents-status-not-found', { query });
  if (toast) await ctx.answerCallbackQuery({ text, show_alert: result.kind !== 'not-found' });
  else await ctx.reply(text);
}

/**
 * The order behind a button as this viewer may see it, read in their place in the shared line, as a card message
 * (`answered`: the button's query was answered as the wait began); null once the problem was told.
 */
async function buttonCard(
  ctx: BotContext,
  staff: StaffServices,
  query: string | null,
  read: 'find' | 'refresh',
): Promise<{ text: string; keyboard: InlineKeyboard; answered: boolean } | null> {
  const viewer = await viewerOf(ctx, staff);
  if (query === null || viewer === null) {
    await lookupProblem(ctx, { kind: 'not-found' }, query ?? '');
    return null;
  }
  const { result, answered } = await readInLine(ctx, staff.line, (place) =>
    staff.desk[read](query, viewer, place),
  );
  if (result.kind !== 'found') {
    await lookupProblem(ctx, result, query, answered);
    return null;
  }
  return { ...(await cardMessage(ctx, staff, result, viewer)), answered };
}

/** Buttons under order messages and alerts: open an order, refresh it, and ask a new quote for a refused one. */
export function createOrderButtonsFeature(staff: StaffServices) {
  const composer = new Composer<BotContext>();

  composer.callbackQuery(ORDER_DATA.open, requireRole('status'), async (ctx) => {
    const query = await staff.callbacks.resolve(ctx.callbackQuery.data);
    const shown = await buttonCard(ctx, staff, query, 'find');
    if (shown === null) return;
    if (!shown.answered) await ctx.answerCallbackQuery();
    await ctx.reply(shown.text, { reply_markup: shown.keyboard });
  });

  // Reads the order from the service now (priority 'interactive'), waiting its turn in the shared line.
  composer.callbackQuery(ORDER_DATA.refresh, requireRole('status'), async (ctx) => {
    const query = await resolveRefresh(staff.callbacks, ctx.callbackQuery.data);
    const shown = await buttonCard(ctx, staff, query, 'refresh');
    if (shown === null) return;
    if (!shown.answered) await ctx.answerCallbackQuery({ text: ctx.t('agents-refreshed') });
    try {
      await ctx.editMessageText(shown.text, { reply_markup: shown.keyboard });
    } catch (error) {
      // Nothing changed since the last read: the message already shows it.
      if (!String((error as Error).message).includes('message is not modified')) throw error;
    }
  });

  composer.callbackQuery(ORDER_DATA.requote, requireRole('topup'), async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.conversation.exitAll();
    const args: TopUpArgs = { repeatOf: ctx.match[1]!, keepAmount: true };
    await ctx.conversation.enter(TOP_UP, args);
  });

  return composer;
}
