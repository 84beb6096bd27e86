import { formatMoney } from '../../../domain/money.ts';
import { localDateTime, nextOccurrence, type Repeat } from '../../../domain/schedule-time.ts';
import { html } from '../../../lib/html.ts';
import { LEFT_LINE } from '../../../merchant/budget.ts';
import { payerRole } from '../../../orders/top-up.ts';
import type { Schedules } from '../../../schedules/schedules.ts';
import { repeatText } from '../../../schedules/texts.ts';
import { fetchQuote } from '../top-up/confirm.ts';
import { confirmPin, pinGivenIn } from '../top-up/pin.ts';
import { viewerPrice } from '../top-up/quote.ts';
import type { StepContext } from '../top-up/step-context.ts';

/** What the schedule's summary needs beyond the top-up's steps. */
export interface ScheduleSummaryDeps {
  schedules: Pick<Schedules, 'create'>;
}

/**
 * The summary of a new schedule: the number (masked), the product, when it runs in the reseller's zone, the first
 * run and an estimated price (one quote now, in the shared line like a top-up's; each run quotes again). ✅ stores
 * it; Back asks "when" again; ❌ ends the flow with nothing stored.
 */
export async function confirmSchedule(
  run: StepContext,
  deps: ScheduleSummaryDeps,
  zone: string,
  repeat: Repeat,
  now: () => Promise<number>,
): Promise<'done' | 'back' | 'cancel'> {
  const { conversation, ctx, t, locale } = run;
  const state = run.state;
  const got = await fetchQuote(run);
  // Left the line with ❌ or /cancel: its message says so.
  if (!got.ok && got.problem.kind === 'aborted' && got.problem.code === LEFT_LINE) return 'cancel';
  const first = nextOccurrence(repeat, zone, await now());
  if (first === null) {
    await ctx.reply(t('schedule-error-past'));
    return 'back';
  }
  const estimate = got.ok
    ? t('schedule-summary-estimate', {
        price: formatMoney(viewerPrice(got.quote), got.quote.merchantCurrency, locale),
      })
    : t('schedule-summary-no-estimate');
  const text = t('schedule-summary', {
    phone: state.phone!.masked,
    operator: state.operator!.name,
    country: state.country!.name,
    receives: formatMoney(state.amount!, state.currency!, locale),
    subtype: html(run.subtypeLabel(state.subtype!)),
    when: html(repeatText((l, key, vars) => run.deps.translate(l, key, vars), locale, repeat)),
    zone,
    first: localDateTime(first.at, zone),
    estimate: html(estimate),
  });
  const s = run.nextPrompt();
  const { choice } = await run.decide(s, text, {
    confirm: 'schedule-button-save',
    hint: 'top-up-press-a-button',
  });
  if (choice !== 'confirm') return choice;
  // The PIN as before a top-up at the estimated price (none: taken as above the threshold); nothing is saved
  // while it is locked. Each run checks again at its own price.
  const pin = await confirmPin(run, got.ok ? got.quote : null, { refuseWhileLocked: true });
  if (pin !== 'ok') return pin;
  const pinGiven = pinGivenIn(run);
  const chatId = ctx.chat!.id;
  const created = await conversation.external(async () => {
    const role =
      (await payerRole(run.deps.gates, run.userId)) === 'admin' ? ('admin' as const) : ('reseller' as const);
    const result = await deps.schedules.create({
      payer: { role, resellerId: run.userId, chatId, locale },
      product: {
        country: state.country!.code,
        countryName: state.country!.name,
        operatorKey: state.operator!.operatorKey,
        operatorName: state.operator!.name,
        subtype: state.subtype!,
        currency: state.currency!,
        amount: state.amount!,
      },
      account: state.phone!.digits,
      masked: state.phone!.masked,
      repeat,
      zone,
      ...(pinGiven ? { pinGiven } : {}),
    });
    // Plain JSON for the replay log.
    return result.kind === 'created'
      ? { kind: 'created' as const, at: result.schedule.next?.at ?? first.at }
      : result;
  });
  switch (created.kind) {
    case 'created':
      await ctx.reply(t('schedule-created', { first: localDateTime(created.at, zone), zone }));
      return 'done';
    case 'limit':
      await ctx.reply(t('schedule-error-limit', { max: created.max }));
      return 'done';
    case 'past':
      await ctx.reply(t('schedule-error-past'));
      return 'back';
  }
}
