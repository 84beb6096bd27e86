import { Composer } from 'grammy';
import { normaliseMerchantOrderNumber } from '../../domain/order-number.ts';
import type { BotContext } from '../context.ts';
import { readInLine } from '../read-in-line.ts';
import type { StaffServices } from '../staff.ts';
import { requireRole } from './access.ts';
import { cardMessage, lookupProblem, viewerOf } from './order-buttons.ts';

/**
 * `/status <O-… or merchant order number>`: one order, read again from the service when our copy is old; a read
 * waits its turn in the shared line, showing its place.
 */
export function createStatusFeature(staff: StaffServices) {
  const composer = new Composer<BotContext>();
  composer.command('status', requireRole('status'), async (ctx) => {
    const typed = ctx.match.trim();
    // A short merchant order number may be typed back in groups with spaces; anything else is its first word.
    const short = normaliseMerchantOrderNumber(typed);
    const query = short !== typed ? short : (typed.split(/\s+/)[0] ?? '');
    const viewer = await viewerOf(ctx, staff);
    if (query === '' || viewer === null) {
      await ctx.reply(ctx.t('agents-status-usage'));
      return;
    }
    const { result } = await readInLine(ctx, staff.line, (place) => staff.desk.find(query, viewer, place));
    if (result.kind !== 'found') {
      await lookupProblem(ctx, result, query);
      return;
    }
    const { text, keyboard } = await cardMessage(ctx, staff, result, viewer);
    await ctx.reply(text, { reply_markup: keyboard });
  });
  return composer;
}
