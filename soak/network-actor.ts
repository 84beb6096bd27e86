// A distributor's network in the middle of things (world.ts NETWORK_CAST): the distributor funds their two shops
// with /transfer (now and then taking a little back, or asking for more than a shop has: refused) and changes the
// rules the shops pay with /pricing (the network's default, one shop's own rule, a shop's rule deleted), all in
// chat, while the shops top up as the other resellers do (actors.ts). The steady shop has a rule of its own that
// never changes and places plain top-ups to numbers that succeed, so every run has commission to check. The books
// it leaves are checked by network-checker.ts.
import type { StandInUser } from '../src/sandbox/telegram/index.ts';
import type { ActorContext } from './actors.ts';
import type { Rng } from './rng.ts';

/** Who plays the network: the distributor and the shops below them. */
export interface NetworkCast {
  distributorId: number;
  shopIds: readonly number[];
  /** One of `shopIds`: plain top-ups only, on its own rule (STEADY_RULE). */
  steadyShopId: number;
}

/** What each shop is given first, before its first top-ups (in the wallet currency). */
export const OPENING_FLOAT = '60';
/** What the distributor gives a shop later, takes back, and the take-back beyond anything a shop holds. */
const TOP_UPS = ['5', '7.5', '10', '20'];
const TAKE_BACKS = ['0.5', '1', '2.25'];
const TOO_MUCH = '100000';
/** Rules the distributor sets for the network or for one shop (pricing-syntax.ts). */
const RULES = ['0%', '1.5%', '3%', '2% +0.02', '+0.05', '4% min 0.03', '2.5% max 0.4'];
/** The steady shop's rule: a margin on every order, so each one that succeeds pays the distributor commission. */
const STEADY_RULE = '3%';
/** The steady shop's top-up: MTN Nigeria airtime, one line with its operator, to a number with no magic ending (it succeeds). */
const STEADY_TOPUP = '500 MTN';
const steadyNumber = (rng: Rng) => `+2348031${String(rng.int(0, 99_999)).padStart(5, '0')}0`;

/** An answer is awaited this long, and at most this long past the end of the active phase (then walked away from). */
const WAIT_MS = 15_000;
const END_GRACE_MS = 3_000;

/** How long to wait for the bot's answer now: WAIT_MS, cut short near the end of the active phase. */
const answerTimeoutMs = (activeUntil: number) =>
  Math.max(1_000, Math.min(WAIT_MS, activeUntil + END_GRACE_MS - Date.now()));

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The distributor's chat: one command at a time, each waiting for the bot's first answer after it (whatever it
 * says: the checker judges the books, not the words).
 */
function chatOf(user: StandInUser, ctx: ActorContext, activeUntil: number) {
  return async (what: string, command: string): Promise<void> => {
    ctx.log({ user: user.id, what, command });
    try {
      const sent = user.sendCommand(command);
      const answer = await user.waitForBotMessage(() => true, {
        after: sent.messageId,
        timeoutMs: answerTimeoutMs(activeUntil),
      });
      ctx.log({ user: user.id, what: `${what}-answer`, answer: answer.text.split('\n')[0]?.slice(0, 120) });
    } catch (error) {
      ctx.log({
        user: user.id,
        what: 'actor-error',
        step: what,
        error: (error as Error).message.slice(0, 200),
      });
    }
  };
}

/** One move of the distributor's, chosen by `rng`. */
async function move(say: ReturnType<typeof chatOf>, cast: NetworkCast, rng: Rng): Promise<void> {
  const shop = rng.pick(cast.shopIds.filter((id) => id !== cast.steadyShopId));
  const roll = rng.next();
  if (roll < 0.3) return say('transfer', `/transfer ${shop} ${rng.pick(TOP_UPS)} top-up`);
  if (roll < 0.45) {
    const amount = rng.chance(0.15) ? TOO_MUCH : rng.pick(TAKE_BACKS);
    return say('transfer-back', `/transfer ${shop} -${amount}`);
  }
  if (roll < 0.65) return say('pricing-default', `/pricing set default ${rng.pick(RULES)}`);
  if (roll < 0.85) return say('pricing-shop', `/pricing set reseller ${shop} ${rng.pick(RULES)}`);
  if (roll < 0.92) return say('pricing-shop-del', `/pricing del reseller ${shop}`);
  return say('network', '/network');
}

/** The steady shop's life: a one-line top-up every few seconds, confirmed as soon as its quote shows. */
async function runSteadyShop(cast: NetworkCast, ctx: ActorContext, activeUntil: number): Promise<void> {
  const rng = ctx.rng.fork('steady-shop');
  const user = ctx.standIn.driver.user({ id: cast.steadyShopId });
  while (ctx.running()) {
    const phone = steadyNumber(rng);
    ctx.log({ user: user.id, what: 'steady-topup', phone });
    try {
      const sent = user.sendCommand(`/topup ${phone} ${STEADY_TOPUP}`);
      const quote = await user.waitForBotMessage((m) => m.buttons.flat().some((b) => b.text.includes('✅')), {
        after: sent.messageId,
        timeoutMs: answerTimeoutMs(activeUntil),
      });
      ctx.log({ user: user.id, what: 'confirm', message: quote.id });
      user.press(quote, /✅/);
    } catch (error) {
      ctx.log({
        user: user.id,
        what: 'actor-error',
        step: 'steady',
        error: (error as Error).message.slice(0, 200),
      });
    }
    await sleep(rng.int(3_000, 6_000));
  }
}

/**
 * The distributor's life: an opening float for each shop, a rule for the network and the steady shop's own rule,
 * then a move every few seconds until the active phase ends (the steady shop tops up meanwhile).
 */
export async function runNetwork(cast: NetworkCast, ctx: ActorContext, activeUntil: number): Promise<void> {
  const rng = ctx.rng.fork('network');
  const say = chatOf(ctx.standIn.driver.user({ id: cast.distributorId }), ctx, activeUntil);
  for (const shop of cast.shopIds) await say('transfer', `/transfer ${shop} ${OPENING_FLOAT} opening float`);
  await say('pricing-default', `/pricing set default ${rng.pick(RULES)}`);
  await say('pricing-shop', `/pricing set reseller ${cast.steadyShopId} ${STEADY_RULE}`);
  const steady = runSteadyShop(cast, ctx, activeUntil);
  while (ctx.running()) {
    await sleep(rng.int(1_000, 3_500));
    if (ctx.running()) await move(say, cast, rng);
  }
  await steady;
}
