import { InlineKeyboard } from 'grammy';
import { maskPhone, parsePhone } from '../../../domain/phone.ts';
import { likelyFreeAt } from '../../../orders/texts.ts';
import type { BaseContext } from '../../context.ts';
import { CHOICE, choiceAction, choiceIndex } from '../../callback-data/top-up.ts';
import { payerRole } from '../../../orders/top-up.ts';
import type { PhoneChoice } from '../top-up-model.ts';
import { contactNumber, phoneChoice } from './phone.ts';
import type { StepContext, StepResult } from './step-context.ts';

/** A number held by an unfinished order: which one for its own reseller and admins, else only until when. */
type BusyNumber =
  { shown: true; orderId: string; externalOrderId: string } | { shown: false; likelyFreeAt: string };

/** The unfinished order holding this number, as this user may see it. */
async function unfinishedOrderTo(run: StepContext, digits: string): Promise<BusyNumber | null> {
  const { conversation, deps, userId } = run;
  return conversation.external(async () => {
    const order = await deps.orders.unfinishedForAccount(digits);
    if (order === null) return null;
    // Another reseller's order is not this reseller's business: they learn only until about when.
    const own = order.resellerId === userId;
    const shown = own || (await payerRole(deps.shown, userId)) === 'admin';
    return shown
      ? { shown, orderId: order.orderId ?? '—', externalOrderId: order.externalOrderId }
      : { shown, likelyFreeAt: likelyFreeAt(order, Date.now()).toISOString() };
  });
}

/** Tells that the number is busy, and as much about the order as this user may see. */
function busyText(run: StepContext, busy: BusyNumber): string {
  const { t } = run;
  return busy.shown
    ? t('top-up-number-busy', { orderId: busy.orderId, number: busy.externalOrderId })
    : t('top-up-number-busy-until', { time: busy.likelyFreeAt.slice(11, 16) });
}

/** The phone step: a number already given is kept unless an unfinished order holds it, else asked. */
export async function askPhone(run: StepContext): Promise<StepResult> {
  if (run.state.phone) {
    if (!run.checkBusyNumber) return 'next';
    const busy = await unfinishedOrderTo(run, run.state.phone.digits);
    if (busy === null) return 'next';
    await run.ctx.reply(busyText(run, busy));
    delete run.state.phone;
  }
  return promptPhone(run);
}

/** Asks for the phone number: a recent one of this country, a typed one, or a shared contact. */
async function promptPhone(run: StepContext): Promise<StepResult> {
  const { conversation, ctx, t, cb, input, navRow, closePrompt } = run;
  const country = run.state.country!;
  const s = run.nextPrompt();
  const recent = await conversation.external((outer: BaseContext) =>
    (outer.session?.recentNumbers ?? []).filter((n) => n.country === country.code),
  );
  const kb = new InlineKeyboard();
  recent.forEach((n, i) =>
    kb.text(`📱 ${maskPhone(n.digits)}`, cb(s, choiceAction(CHOICE.recentNumber, i))).row(),
  );
  const message = await ctx.reply(t('top-up-enter-phone', { country: country.name }), {
    reply_markup: navRow(kb, s, true),
  });
  for (;;) {
    const a = await input(s, message);
    if (a === 'back' || a === 'cancel') return a;
    let candidate: PhoneChoice | undefined;
    if (a.kind === 'button') {
      const n = recent[choiceIndex(a.action, CHOICE.recentNumber) ?? -1];
      if (!n) continue;
      candidate = phoneChoice(n.digits, n.country);
      if (!candidate) continue;
    } else {
      const input = a.kind === 'contact' ? contactNumber(a.phone, country.code) : a.text;
      const parsed = parsePhone(input, country.code);
      if (!parsed.ok) {
        await ctx.reply(t(`phone-error-${parsed.reason}`, { country: country.name }));
        continue;
      }
      candidate = {
        digits: parsed.phone.e164Digits,
        international: parsed.phone.international,
        masked: maskPhone(parsed.phone.e164Digits),
      };
    }
    const busy = run.checkBusyNumber ? await unfinishedOrderTo(run, candidate.digits) : null;
    if (busy !== null) {
      await ctx.reply(busyText(run, busy));
      continue;
    }
    run.state.phone = candidate;
    await closePrompt(message, t('top-up-phone-chosen', { phone: candidate.international }));
    return 'next';
  }
}
