import { Composer, InlineKeyboard } from 'grammy';
import { formatMoney } from '../../domain/money.ts';
import { KNOWN_STATUSES } from '../../domain/status.ts';
import { displayEmoji, shortTime, statusText } from '../../orders/texts.ts';
import { ORDER_LIST_DATA, orderListData, parseOrderListPage } from '../callback-data/order-list.ts';
import type { BotContext } from '../context.ts';
import { appendPager } from '../keyboards/paged-list.ts';
import { cardStatusLine } from '../order-card.ts';
import type { ListPage, ListQuery, Viewer } from '../../orders/desk.ts';
import { readInLine } from '../read-in-line.ts';
import type { StaffServices } from '../staff.ts';
import { requireRole } from './access.ts';
import { viewerOf } from './order-buttons.ts';
import { escapeHtml, html } from '../../lib/html.ts';
import { inNetwork } from '../../accounts/reach.ts';

/**
 * A status name (`manual_review`, `manual-review`) or, failing that, a search text. Resellers' own
 * orders also have our states `placing` and `rejected` (the service's list knows only its statuses).
 */
function parseArgument(arg: string, ownOnly: boolean): Pick<ListQuery, 'status' | 'search'> {
  const word = arg.trim();
  if (word === '') return {};
  const asStatus = word.toLowerCase().replace(/-/g, '_');
  const statuses: readonly string[] = ownOnly ? [...KNOWN_STATUSES, 'placing', 'rejected'] : KNOWN_STATUSES;
  if (statuses.includes(asStatus)) return { status: asStatus };
  return { search: word.slice(0, 100) };
}

/** A page of the list: a row and an opening button per order, then the list's own buttons. */
async function render(
  staff: Pick<StaffServices, 'translate' | 'names' | 'desk' | 'searches' | 'callbacks'>,
  ctx: BotContext,
  query: ListQuery,
  page: ListPage,
  how: { edit: boolean; answered: boolean; viewer: Viewer },
): Promise<void> {
  const { edit, answered, viewer } = how;
  const locale = await ctx.i18n.getLocale();
  const filter = html(
    query.status === undefined
      ? ctx.t('agents-orders-filter-all')
      : `${displayEmoji(query.status)} ${statusText(staff.translate, locale, query.status)}`,
  );
  const lines: string[] = [];
  if (page.cards.length === 0) lines.push(ctx.t('agents-orders-empty', { filter }));
  else
    lines.push(
      ctx.t('agents-orders-header', {
        filter,
        from: page.offset + 1,
        to: page.offset + page.cards.length,
        total: page.total,
      }),
    );
  if (query.search) lines.push(ctx.t('agents-orders-search-line', { search: query.search }));
  lines.push('');
  const keyboard = new InlineKeyboard();
  // A distributor's list names the seller of each order of their network.
  const sellers = page.cards.flatMap((card) =>
    card.resellerId !== undefined && inNetwork(viewer.reach, card.resellerId) ? [card.resellerId] : [],
  );
  const people = sellers.length === 0 ? null : await staff.names.people(sellers);
  for (const card of page.cards) {
    let amount: string;
    try {
      amount = formatMoney(card.localAmount, card.localCurrency, locale);
    } catch {
      amount = `${card.localAmount} ${card.localCurrency}`;
    }
    lines.push(
      ctx.t('agents-orders-row', {
        line: html(cardStatusLine(staff.translate, locale, card)),
        operator: card.operator,
        amount,
        created: shortTime(card.createdAt ?? undefined),
      }),
    );
    if (people !== null && card.resellerId !== undefined && sellers.includes(card.resellerId))
      lines.push(ctx.t('network-views-orders-seller', { seller: people(card.resellerId) }));
    keyboard
      .text(
        `${displayEmoji(card.status)} ${escapeHtml(card.orderId ?? card.externalOrderId)}`,
        await staff.callbacks.dataFor(card.externalOrderId),
      )
      .row();
  }
  await appendListButtons(staff, ctx, keyboard, query, page, locale);
  const text = lines.join('\n').trim();
  if (edit && ctx.callbackQuery) {
    if (!answered) await ctx.answerCallbackQuery();
    try {
      await ctx.editMessageText(text, { reply_markup: keyboard });
    } catch (error) {
      if (!String((error as Error).message).includes('message is not modified')) throw error;
    }
  } else {
    await ctx.reply(text, { reply_markup: keyboard });
  }
}

/** Under a list's order buttons: its pages, the filter by status, and the search. */
async function appendListButtons(
  staff: Pick<StaffServices, 'searches' | 'translate'>,
  ctx: BotContext,
  keyboard: InlineKeyboard,
  query: ListQuery,
  page: ListPage,
  locale: string,
): Promise<void> {
  const ref = await staff.searches.remember(query.search);
  // A list read past its end still offers the way back: the page shown counts as the last one.
  const current = Math.floor(page.offset / page.limit);
  const pager = { page: current, pages: Math.max(Math.ceil(page.total / page.limit), current + 1) };
  appendPager(keyboard, pager, { previous: ctx.t('button-previous'), next: ctx.t('button-next') }, (p) =>
    p === undefined ? ORDER_LIST_DATA.count : orderListData(query.status, p * page.limit, ref),
  );
  if (pager.pages > 1) keyboard.row();
  keyboard.text(ctx.t('agents-orders-all-button'), orderListData(undefined, 0, ''));
  KNOWN_STATUSES.forEach((status, i) => {
    if (i % 3 === 0) keyboard.row();
    keyboard.text(
      `${displayEmoji(status)} ${statusText(staff.translate, locale, status)}`,
      orderListData(status, 0, ref),
    );
  });
  keyboard.row().text(ctx.t('agents-orders-search-button'), ORDER_LIST_DATA.search);
}

/** `/orders [status]` and typed search: pages of orders, newest first, each row opening its order. */
export function createOrdersFeature(staff: StaffServices) {
  const composer = new Composer<BotContext>();
  const { searches } = staff;

  async function show(ctx: BotContext, query: ListQuery, edit: boolean): Promise<void> {
    const viewer = await viewerOf(ctx, staff);
    if (viewer === null) return;
    // Staff pages are read from the service: the read waits its turn in the shared line, showing its place.
    const { result: page, answered } = await readInLine(ctx, staff.line, async (place) => {
      const got = await staff.desk.list(query, viewer, place);
      return 'kind' in got ? got : { kind: 'page' as const, page: got };
    });
    if (page.kind !== 'page') {
      const toast = ctx.callbackQuery !== undefined && !answered;
      if (page.kind === 'left') {
        if (toast) await ctx.answerCallbackQuery();
        return;
      }
      const text = ctx.t('agents-unavailable');
      if (toast) await ctx.answerCallbackQuery({ text, show_alert: true });
      else await ctx.reply(text);
      return;
    }
    return render(staff, ctx, query, page.page, { edit, answered, viewer });
  }

  composer.command('orders', requireRole('orders'), async (ctx) => {
    if (ctx.chatId !== undefined) await searches.stopAwaiting(ctx.chatId);
    await show(ctx, { ...parseArgument(ctx.match, ctx.role === 'reseller'), offset: 0 }, false);
  });

  composer.callbackQuery(ORDER_LIST_DATA.count, requireRole('orders'), (ctx) => ctx.answerCallbackQuery());

  composer.callbackQuery(ORDER_LIST_DATA.search, requireRole('orders'), async (ctx) => {
    await ctx.answerCallbackQuery();
    if (ctx.chatId === undefined) return;
    await searches.awaitTyped(ctx.chatId);
    await ctx.reply(ctx.t('agents-orders-search-prompt'), { reply_markup: { force_reply: true } });
  });

  composer.callbackQuery(ORDER_LIST_DATA.page, requireRole('orders'), async (ctx) => {
    const { status, offset, ref } = parseOrderListPage(ctx.callbackQuery.data)!;
    const search = await searches.recall(ref);
    await show(ctx, { ...(status ? { status } : {}), ...(search ? { search } : {}), offset }, true);
  });

  // The answer to the Search button: the next plain text in this chat.
  composer.on('message:text', async (ctx, next) => {
    const text = ctx.message.text.trim();
    if (text.startsWith('/')) return next();
    if (!(await searches.takeAwaited(ctx.chat.id))) return next();
    await requireRole('orders')(ctx, () => show(ctx, { search: text.slice(0, 100), offset: 0 }, false));
  });

  return composer;
}
