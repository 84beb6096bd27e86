import { Decimal } from 'decimal.js';
import { formatMoney } from '../../../domain/money.ts';
import type { TranslationVars } from '../../../lib/html.ts';
import type { Update } from 'grammy/types';
import { ACTION } from '../../callback-data/top-up.ts';
import { parseKeypadAction, redactKeypadData } from '../../callback-data/pin-keypad.ts';
import type { BaseContext } from '../../context.ts';
import { pinKeypad } from '../../keyboards/pin-keypad.ts';
import { UNKNOWN_COST } from '../../../orders/top-up.ts';
import type { QuoteView } from './quote.ts';
import type { Input, StepContext } from './step-context.ts';

// The PIN before a large top-up: after ✅, before the order is placed (and before any credit is held).
// The PIN reaches this code only as a keypad's data or a typed text, and leaves it at once for
// conversation.external, which answers with a verdict; the stored replay keeps both redacted (compact-replay.ts).

/** The price last verified in each run of the flow: a renewed quote at no higher price is not asked again. */
const verified = new WeakMap<StepContext, string>();

/**
 * Hides the PIN in the update that carried it, in place: the pressed keypad button's data, the keypad's buttons
 * (each holds the entry) and a typed text become `*`s. Handled again (its replica died while it waited in line),
 * the update's hidden PIN passes because the PIN it carried did (accounts/pin-pass.ts).
 */
function hidePin(update: Update): void {
  const query = update.callback_query;
  if (query?.data !== undefined) query.data = redactKeypadData(query.data);
  const markup = query?.message && 'reply_markup' in query.message ? query.message.reply_markup : undefined;
  for (const row of markup?.inline_keyboard ?? []) {
    for (const button of row) {
      if ('callback_data' in button) button.callback_data = redactKeypadData(button.callback_data);
    }
  }
  if (update.message?.text !== undefined) update.message.text = '*';
}

/** Minutes left of a lock, rounded up. */
export function lockMinutes(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}

/** What a reseller is told of a lock (a PinCheck's or PinNeed's `locked`): minutes left, or until an admin lifts it. */
export function pinLockedText(
  t: (key: string, vars?: TranslationVars) => string,
  lock: { ms: number; untilUnlock?: boolean },
): string {
  return lock.untilUnlock === true ? t('pin-held') : t('pin-locked', { minutes: lockMinutes(lock.ms) });
}

/** Whether the PIN was given in this run of the flow (a schedule saved with it runs above the threshold). */
export function pinGivenIn(run: StepContext): boolean {
  return verified.has(run);
}

/**
 * Asks for the reseller's PIN when the price they pay is above their threshold (`quote` null: a price not known
 * now, taken as above it). 'ok': go on; 'cancel': ❌ or /cancel; 'done': refused (no PIN set, or locked) and told
 * why; nothing is placed. `refuseWhileLocked`: a lock refuses whatever the price (saving a schedule).
 * `beforeAsking`: runs before the keypad is shown (only when the PIN is asked).
 */
export async function confirmPin(
  run: StepContext,
  quote: QuoteView | null,
  options: { refuseWhileLocked?: boolean; beforeAsking?: () => Promise<void> } = {},
): Promise<'ok' | 'cancel' | 'done'> {
  const { t, locale } = run;
  const price = quote === null ? UNKNOWN_COST : (quote.resellerPrice ?? quote.merchantPrice);
  const gate = await pinGate(run, price, options.refuseWhileLocked === true);
  if (gate !== 'ask') return gate;
  await options.beforeAsking?.();
  const head =
    quote === null
      ? t('schedule-pin-unknown')
      : t('pin-ask', { price: formatMoney(price, quote.merchantCurrency, locale) });
  return askPin(run, head, price);
}

/** Whether the PIN is asked at `price`: 'ask', 'ok' (not needed) or 'done' (refused, and told why). */
async function pinGate(
  run: StepContext,
  price: string,
  refuseWhileLocked: boolean,
): Promise<'ok' | 'done' | 'ask'> {
  const { conversation, ctx, deps, t, userId } = run;
  if (refuseWhileLocked) {
    const lock = await conversation.external(() => deps.pins.need(userId, UNKNOWN_COST));
    if (lock.kind === 'locked') {
      await ctx.reply(pinLockedText(t, lock));
      return 'done';
    }
  }
  const already = verified.get(run);
  if (already !== undefined && !new Decimal(price).gt(already)) return 'ok';
  const need = await conversation.external(() => deps.pins.need(userId, price));
  if (need.kind === 'none') return 'ok';
  if (need.kind === 'no-pin') {
    await ctx.reply(t('pin-not-set'));
    return 'done';
  }
  if (need.kind === 'locked') {
    await ctx.reply(pinLockedText(t, need));
    return 'done';
  }
  return 'ask';
}

/** The keypad under `head` until the PIN passes, the reseller cancels, or a verdict refuses it. */
async function askPin(run: StepContext, head: string, price: string): Promise<'ok' | 'cancel' | 'done'> {
  const { conversation, ctx, deps, t, userId } = run;
  const s = run.nextPrompt();
  const keypad = await showKeypad(run, s, head);
  for (;;) {
    const a = await run.answer(s, { secret: true });
    if (a.kind === 'cancel' || (a.kind === 'button' && a.action === ACTION.cancel)) {
      await keypad.remove();
      return 'cancel';
    }
    const typed = await pinOf(run, keypad, a);
    if (typed === undefined) continue;
    // The only place the PIN is read: what comes back (and is recorded) is the verdict. The update is hidden
    // first: if a step of it waits in line, it is kept in Redis until served (waiting-line.ts).
    const verdict = await conversation.external((outer: BaseContext) => {
      hidePin(outer.update);
      return deps.pins.check(userId, typed, outer.update.update_id);
    });
    switch (verdict.kind) {
      case 'ok':
        await keypad.remove();
        verified.set(run, price);
        return 'ok';
      case 'invalid':
        keypad.view.note = t('pin-format');
        break;
      case 'wrong':
        keypad.view.note = t('pin-wrong', { tries: verdict.triesLeft });
        break;
      case 'locked':
      case 'no-pin':
        await keypad.remove();
        await ctx.reply(verdict.kind === 'locked' ? pinLockedText(t, verdict) : t('pin-not-set'));
        return 'done';
      default: {
        const never: never = verdict;
        throw new Error(`unhandled PIN verdict ${String(never)}`);
      }
    }
    keypad.view.entry = '';
    await keypad.show();
  }
}

type Keypad = Awaited<ReturnType<typeof showKeypad>>;

/** Sends the keypad of prompt `s`: `head`, the entry so far as dots, and a note under them. */
async function showKeypad(run: StepContext, s: number, head: string) {
  const { ctx, t } = run;
  const chatId = ctx.chat!.id;
  const view: { entry: string; note?: string | undefined } = { entry: '' };
  const text = () =>
    [head, view.entry === '' ? '—' : '•'.repeat(view.entry.length), view.note].filter(Boolean).join('\n\n');
  const keyboard = () =>
    pinKeypad(view.entry, (action) => run.cb(s, action), {
      ok: t('button-pin-ok'),
      cancel: t('button-pin-cancel'),
      cancelAction: ACTION.cancel,
    });
  const keypad = await ctx.reply(text(), { reply_markup: keyboard() });
  return {
    view,
    // An unchanged keypad cannot be edited (Telegram answers 400 "not modified"): nothing to show then.
    show: () =>
      ctx.api
        .editMessageText(chatId, keypad.message_id, text(), { reply_markup: keyboard() })
        .catch(() => undefined),
    remove: () => ctx.api.deleteMessage(chatId, keypad.message_id).catch(() => run.closePrompt(keypad, head)),
  };
}

/** The PIN an answer gives (a typed one is deleted from the chat), or undefined while it is still being keyed in. */
async function pinOf(run: StepContext, keypad: Keypad, a: Input): Promise<string | undefined> {
  const { ctx, t } = run;
  if (a.kind === 'text') {
    await ctx.api.deleteMessage(ctx.chat!.id, a.messageId).catch(() => undefined);
    return a.text;
  }
  if (a.kind !== 'button') {
    await ctx.reply(t('pin-keypad-or-type'));
    return undefined;
  }
  const press = parseKeypadAction(a.action);
  if (press === undefined) return undefined;
  if (press.kind === 'submit') return press.entry;
  // Shown even when unchanged: the stored replay has the digits redacted, so whether an API call is made
  // must never depend on them (a replay making other calls than the run it replays fails).
  keypad.view.entry = press.entry;
  keypad.view.note = undefined;
  await keypad.show();
  return undefined;
}
