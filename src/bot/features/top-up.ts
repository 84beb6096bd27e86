import { Composer } from 'grammy';
import { countryOfInternational, parsePhone } from '../../domain/phone.ts';
import { parseRepeat, REPEAT_DATA } from '../callback-data/repeat.ts';
import type { BotContext } from '../context.ts';
import { TOP_UP, type TopUpArgs } from '../conversations/top-up.ts';
import { requireRole } from './access.ts';
import { TOP_UP_BUTTON } from '../callback-data/top-up.ts';

/**
 * Splits `/topup <phone> <amount> [operator]`. The phone may contain spaces, and in a numbering plan of varying
 * lengths the amount's digits glued on can make a valid number too (`+43 664 123456 0`), so the phone is the
 * longest run of leading tokens that forms a valid international number followed by a token that reads as an
 * amount (a digit of any script, no leading letter); failing that, the longest valid run that leaves a token
 * for the amount.
 */
export function parseOneLine(text: string): TopUpArgs {
  const tokens = text.trim().split(/\s+/).filter(Boolean);
  if (tokens.length === 0) return {};
  const looksLikePhone = (token: string) => /^[+\d(][\d()\-.]*$/.test(token);
  if (!looksLikePhone(tokens[0]!)) return { operator: tokens.join(' ') };
  const international = (k: number) => {
    const joined = tokens.slice(0, k).join('');
    const candidate = joined.startsWith('+') ? joined : `+${joined}`;
    const found = countryOfInternational(candidate);
    return found.ok && parsePhone(candidate, found.country).ok;
  };
  // A digit of any script and no leading letter: signs, marks and exponents are the amount step's to judge.
  const readsAsAmount = (token: string | undefined) =>
    token !== undefined && /\p{Nd}/u.test(token) && !/^\p{L}/u.test(token);
  const firstWord = tokens.findIndex((token) => !looksLikePhone(token));
  const longest = Math.min(firstWord === -1 ? tokens.length : firstWord, tokens.length - 1);
  let phoneTokens = 0;
  for (let k = longest; k >= 1 && phoneTokens === 0; k--) {
    if (readsAsAmount(tokens[k]) && international(k)) phoneTokens = k;
  }
  for (let k = longest; k >= 1 && phoneTokens === 0; k--) {
    if (international(k)) phoneTokens = k;
  }
  phoneTokens = Math.max(phoneTokens, 1);
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
