import { Composer } from 'grammy';
import { countryOfInternational, parsePhone } from '../../domain/phone.ts';
import { parseRepeat, REPEAT_DATA } from '../callback-data/repeat.ts';
import type { BotContext } from '../context.ts';
import { TOP_UP, type TopUpArgs } from '../conversations/top-up.ts';
import { requireRole } from './access.ts';
import { TOP_UP_BUTTON } from '../callback-data/top-up.ts';

/**
 * Splits `/topup <phone> <amount> [operator]`. The phone may contain spaces, so the longest run of leading
 * tokens that forms a valid international number (leaving a token for the amount) is taken as the phone.
 */
export function parseOneLine(text: string): TopUpArgs {
  const tokens = text.trim().split(/\s+/).filter(Boolean);
  if (tokens.length === 0) return {};
  const looksLikePhone = (token: string) => /^[+\d(][\d()\-.]*$/.test(token);
  if (!looksLikePhone(tokens[0]!)) return { operator: tokens.join(' ') };
  let phoneTokens = 1;
  for (let k = tokens.length - 1; k >= 1; k--) {
    if (!tokens.slice(0, k).every(looksLikePhone)) continue;
    const candidate = tokens.slice(0, k).join('');
    const found = countryOfInternational(candidate.startsWith('+') ? candidate : `+${candidate}`);
    if (found.ok && parsePhone(candidate.startsWith('+') ? candidate : `+${candidate}`, found.country).ok) {
      phoneTokens = k;
      break;
    }
  }
  const phone = tokens.slice(0, phoneTokens).join('');
  const args: TopUpArgs = { phone: phone.startsWith('+') ? phone : `+${phone}` };
  const amount = tokens[phoneTokens];
  if (amount !== undefined) args.amount = amount;
  const operator = tokens.slice(phoneTokens + 1).join(' ');
  if (operator !== '') args.operator = operator;
  return args;
}

const composer = new Composer<BotContext>();

composer.command('topup', requireRole('topup'), async (ctx) => {
  await ctx.conversation.exitAll();
  const args = ctx.match.trim() === '' ? {} : parseOneLine(ctx.match);
  await ctx.conversation.enter(TOP_UP, args);
});

// Repeat buttons under a placed order: same number again, with or without the same amount.
composer.callbackQuery(REPEAT_DATA, requireRole('topup'), async (ctx) => {
  const repeat = parseRepeat(ctx.callbackQuery.data)!;
  await ctx.answerCallbackQuery();
  await ctx.conversation.exitAll();
  const args: TopUpArgs = { repeatOf: repeat.externalOrderId, keepAmount: repeat.mode === 'same' };
  await ctx.conversation.enter(TOP_UP, args);
});

// A button of a top-up that has ended (finished, cancelled, timed out or replaced).
composer.callbackQuery(TOP_UP_BUTTON, async (ctx) => {
  await ctx.answerCallbackQuery({ text: ctx.t('top-up-stale-button'), show_alert: false });
});

export { composer as topUpFeature };
