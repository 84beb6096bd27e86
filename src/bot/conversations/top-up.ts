// Raw `conversation.wait()`, not the plugin's menu or form: answer() refuses stale buttons by prompt number, keeps
// the `t:` data and takes typed answers at every prompt. Rewinding to a checkpoint would reuse old prompt numbers.
import { type Context } from 'grammy';
import { clearFrom, previousStep, STEPS, type Step } from './top-up-model.ts';
import { readArgs, type TopUpArgs } from './top-up/args.ts';
import { askAmount } from './top-up/amount.ts';
import { askPhone } from './top-up/ask-phone.ts';
import { quoteAndConfirm } from './top-up/confirm.ts';
import { askCountry } from './top-up/country.ts';
import { askOperator } from './top-up/operator.ts';
import { askCurrency, askSubtype } from './top-up/product.ts';
import {
  createStepContext,
  type Conv,
  type StepContext,
  type StepResult,
  type TopUpDeps,
} from './top-up/step-context.ts';

export type { TopUpArgs, TopUpDeps };

export const TOP_UP = 'topUp';
/**
 * Raise when the conversation's code changes in a way that breaks stored replays (a replayed result of another
 * shape, an external call added or removed, prompts numbered otherwise): a conversation stored under another
 * version is dropped.
 */
export const TOP_UP_VERSION = 7;

/** Each step, in the order of STEPS: it skips itself when its answer is already settled. */
const RUN: Record<Step, (run: StepContext) => Promise<StepResult>> = {
  country: askCountry,
  operator: askOperator,
  subtype: askSubtype,
  currency: askCurrency,
  amount: askAmount,
  phone: askPhone,
  quote: quoteAndConfirm,
};

/**
 * Runs the steps from the country on, `last` in the quote's place (the top-up's quote and placement, or a
 * schedule's time and summary): Back returns to the last step that offered a choice and forgets its answer and
 * what followed from it; Cancel, or Back at the first step, ends with `cancelledKey`.
 */
export async function runTopUpSteps(
  run: StepContext,
  last: (run: StepContext) => Promise<StepResult>,
  cancelledKey = 'top-up-cancelled',
): Promise<void> {
  let step = 'country' as Step;
  for (;;) {
    const result: StepResult = await (step === 'quote' ? last : RUN[step])(run);
    if (result === 'done') return;
    if (result === 'next') {
      const following: Step | undefined = STEPS[STEPS.indexOf(step) + 1];
      if (following === undefined) return;
      step = following;
      continue;
    }
    const back: Step | undefined = result === 'back' ? previousStep(step, run.state) : undefined;
    if (back === undefined) {
      await run.ctx.reply(run.t(cancelledKey));
      return;
    }
    run.state = clearFrom(back, run.state);
    step = back;
  }
}

/** Builds the top-up conversation for the given dependencies. */
export function createTopUpConversation(deps: TopUpDeps) {
  return async function topUp(conversation: Conv, ctx: Context, args: TopUpArgs = {}): Promise<void> {
    const run = await createStepContext(conversation, ctx, deps);
    Object.assign(run, await readArgs(run, args));
    await runTopUpSteps(run, quoteAndConfirm);
  };
}
