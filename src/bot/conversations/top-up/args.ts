import { parseTypedAmount } from '../../../domain/money.ts';
import { countryOfInternational, maskPhone, parsePhone } from '../../../domain/phone.ts';
import { type TopUpState } from '../top-up-model.ts';
import { toOperatorChoice } from '../../../orders/choices.ts';
import { phoneChoice } from './phone.ts';
import type { StepContext } from './step-context.ts';
import { slimCountries } from './texts.ts';

/** Arguments of the conversation: a one-line `/topup` or a repeat of an earlier order. */
export interface TopUpArgs {
  phone?: string;
  amount?: string;
  operator?: string;
  repeatOf?: string;
  keepAmount?: boolean;
}

/**
 * What the arguments settle before the first step: the answers of a repeated order and of a one-line
 * `/topup` number, and the one-line amount and operator for the steps that use them. Each unusable argument
 * is said in the chat and left to its step.
 */
export async function readArgs(
  run: StepContext,
  args: TopUpArgs,
): Promise<Pick<StepContext, 'state' | 'pendingAmount' | 'pendingOperator'>> {
  const { ctx, deps, t } = run;
  let state: TopUpState = {};
  let pendingAmount: string | undefined;

  if (args.repeatOf !== undefined) {
    const repeat = await repeatOf(run, args.repeatOf);
    if (repeat === null) {
      await ctx.reply(t('top-up-repeat-unavailable'));
    } else {
      state = repeat;
      if (!args.keepAmount) delete state.amount;
    }
  }

  if (args.phone !== undefined) {
    const found = countryOfInternational(args.phone);
    const countries = slimCountries(await deps.catalogue.countries());
    const country = found.ok ? countries.find((c) => c.code === found.country) : undefined;
    if (!found.ok || !country) {
      await ctx.reply(t(found.ok ? 'top-up-country-not-sold' : 'top-up-one-line-bad-phone'));
    } else {
      const parsed = parsePhone(args.phone, country.code);
      state.country = country;
      if (parsed.ok) {
        state.phone = {
          digits: parsed.phone.e164Digits,
          international: parsed.phone.international,
          masked: maskPhone(parsed.phone.e164Digits),
        };
      } else {
        await ctx.reply(t(`phone-error-${parsed.reason}`, { country: country.name }));
      }
    }
  }
  if (args.amount !== undefined) {
    const parsed = parseTypedAmount(args.amount);
    if (parsed.ok) pendingAmount = parsed.value.toFixed();
    else await ctx.reply(t(`amount-error-${parsed.reason}`));
  }
  const pendingOperator = args.operator?.trim() ? args.operator : undefined;
  return { state, pendingAmount, pendingOperator };
}

/** The answers of an earlier order of this user, or null when it is not theirs or its operator is gone. */
async function repeatOf(run: StepContext, orderRef: string): Promise<TopUpState | null> {
  const { conversation, deps, userId } = run;
  // Only the order's few fields enter the replay log; the operator is read from the catalogue's cache.
  const earlier = await conversation.external(async () => {
    const order = await deps.orders.get(orderRef);
    if (!order || order.resellerId !== userId) return null;
    const { country, operatorKey, subtype, localCurrency, amount, account } = order.request;
    return {
      country,
      countryName: order.quote.countryName,
      operatorKey,
      subtype,
      localCurrency,
      amount,
      account,
    };
  });
  if (earlier === null) return null;
  const operators = await deps.catalogue.operators(earlier.country);
  const operator = operators.find((o) => o.operatorKey === earlier.operatorKey);
  if (!operator) return null;
  const repeat: TopUpState = {
    country: { code: earlier.country, name: earlier.countryName },
    operator: toOperatorChoice(operator),
    subtype: earlier.subtype,
    currency: earlier.localCurrency,
    amount: earlier.amount,
  };
  const phone = phoneChoice(earlier.account, earlier.country);
  if (phone) repeat.phone = phone;
  return repeat;
}
