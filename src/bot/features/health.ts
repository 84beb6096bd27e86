import { Composer } from 'grammy';
import { shortTime } from '../../orders/texts.ts';
import type { BotContext } from '../context.ts';
import { cardOfStored } from '../../orders/card.ts';
import { cardStatusLine } from '../order-card.ts';
import type { StaffServices } from '../staff.ts';
import { requireRole } from './access.ts';
import { html } from '../../lib/html.ts';

/** `/health`: Redis, the Merchant API, the request budget, webhooks and unfinished orders. */
export function createHealthFeature(staff: StaffServices) {
  const composer = new Composer<BotContext>();

  composer.command('health', requireRole('health'), async (ctx) => {
    const facts = await staff.health.check();
    const locale = await ctx.i18n.getLocale();
    const lines = [ctx.t('admin-health-title')];
    if (!facts.redis.reachable) lines.push(ctx.t('admin-health-redis-down'));
    else {
      const policy = facts.redis.policy ?? '?';
      lines.push(
        ctx.t(policy === 'noeviction' ? 'admin-health-redis-ok' : 'admin-health-redis-warn', { policy }),
      );
    }
    const merchant = facts.merchant;
    const pausedNow =
      facts.budget !== null &&
      facts.budget.pausedUntil !== null &&
      facts.budget.pausedUntil.getTime() > facts.budget.serverTime.getTime();
    switch (merchant.state) {
      case 'answering':
        lines.push(
          merchant.account === null
            ? ctx.t('admin-health-merchant-answering', {
                at: merchant.at.toISOString().slice(11, 19) + ' UTC',
              })
            : ctx.t('admin-health-merchant-ok', {
                enabled: String(merchant.account.apiAccessEnabled),
                currency: merchant.account.defaultCurrency,
              }),
        );
        break;
      case 'failing':
        lines.push(ctx.t('admin-health-merchant-down', { reason: merchant.reason }));
        break;
      case 'unknown':
        lines.push(ctx.t(pausedNow ? 'admin-health-merchant-paused' : 'admin-health-merchant-busy'));
        break;
      default: {
        const never: never = merchant;
        return never;
      }
    }
    if (facts.budget) {
      lines.push(
        ctx.t('admin-health-budget', { used: facts.budget.usedThisMinute, limit: facts.budget.limit }),
      );
      const paused = facts.budget.pausedUntil;
      lines.push(
        paused !== null && paused.getTime() > facts.budget.serverTime.getTime()
          ? ctx.t('admin-health-paused', { until: paused.toISOString().slice(11, 19) + ' UTC' })
          : ctx.t('admin-health-not-paused'),
      );
    }
    lines.push(
      facts.lastWebhookAt === null
        ? ctx.t('admin-health-webhook-none')
        : ctx.t('admin-health-webhook', {
            at: facts.lastWebhookAt.toISOString().replace('T', ' ').slice(0, 19) + ' UTC',
          }),
    );
    lines.push(ctx.t('admin-health-unfinished', { count: facts.unfinished.count }));
    const oldest = facts.unfinished.oldest;
    if (oldest !== null) {
      lines.push(
        ctx.t('admin-health-oldest', {
          line: html(cardStatusLine(staff.translate, locale, cardOfStored(oldest))),
          since: shortTime(oldest.createdAt),
        }),
      );
    }
    await ctx.reply(lines.join('\n'));
  });

  return composer;
}
