import { Composer } from 'grammy';
import type { OrderCallbacks } from '../../notify/callback-data.ts';
import { statusMessage, type DisplayStatus } from '../../orders/texts.ts';
import type { OrderService, StoredOrder } from '../../orders/types.ts';
import type { BotContext } from '../context.ts';
import type { Translate } from '../i18n.ts';
import { TOP_UP, type TopUpArgs } from '../conversations/top-up.ts';
import { requireRole } from './access.ts';

/** What the order buttons need; a getter so the order system can be wired after the bot. */
export interface OrderLookup {
  readonly orders: { service: Pick<OrderService, 'get'>; callbacks: Pick<OrderCallbacks, 'resolve'> };
}

/** The status a stored order shows. */
export function displayStatusOf(order: StoredOrder): DisplayStatus {
  if (order.placement === 'rejected') return 'rejected';
  if (order.placement === 'placing' || order.status === undefined) return 'placing';
  return order.status;
}

/** Whether this user may see this order: resellers their own, agents and admins all. */
export function maySee(ctx: BotContext, order: StoredOrder): boolean {
  return ctx.role === 'agent' || ctx.role === 'admin' || order.resellerId === ctx.from?.id;
}

/** Buttons under order messages and alerts: open an order, and ask a new quote for a refused one. */
export function createOrderButtonsFeature(lookup: OrderLookup, translate: Translate) {
  const composer = new Composer<BotContext>();

  composer.callbackQuery(/^ord:open:/, requireRole('status'), async (ctx) => {
    const ext = await lookup.orders.callbacks.resolve(ctx.callbackQuery.data);
    const order = ext === null ? null : await lookup.orders.service.get(ext);
    if (!order || !maySee(ctx, order)) {
      await ctx.answerCallbackQuery({ text: ctx.t('order-not-found-short') });
      return;
    }
    await ctx.answerCallbackQuery();
    const locale = await ctx.i18n.getLocale();
    await ctx.reply(statusMessage(translate, { ...order, locale }, displayStatusOf(order)));
  });

  composer.callbackQuery(/^ord:requote:(.+)$/, requireRole('topup'), async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.conversation.exitAll();
    const args: TopUpArgs = { repeatOf: ctx.match[1]!, keepAmount: true };
    await ctx.conversation.enter(TOP_UP, args);
  });

  return composer;
}
