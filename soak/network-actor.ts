// A distributor's network in the middle of things (world.ts NETWORK_CAST): the distributor funds their two shops
// with /transfer (now and then taking a little back, or asking for more than a shop has: refused) and changes the
// rules the shops pay with /pricing (the network's default, one shop's own rule, a shop's rule deleted), all in
// chat, while the shops top up as the other resellers do (actors.ts). The books it leaves are checked by
// network-checker.ts.
import type { StandInUser } from '../src/sandbox/telegram/index.ts';
import type { ActorContext } from './actors.ts';
import type { Rng } from './rng.ts';

/** Who plays the network: the distributor and the shops below them. */
export interface NetworkCast {
  distributorId: number;
  shopIds: readonly number[];
}

/** What each shop is given first, before its first top-ups (in the wallet currency). */
export const OPENING_FLOAT = '60';
/** What the distributor gives a shop later, takes back, and the take-back beyond anything a shop holds. */
const TOP_UPS = ['5', '7.5', '10', '20'];
const TAKE_BACKS = ['0.5', '1', '2.25'];
const TOO_MUCH = '100000';
/** Rules the distributor sets for the network or for one shop (pricing-syntax.ts). */
const RULES = ['0%', '1.5%', '3%', '2% +0.02', '+0.05', '4% min 0.03', '2.5% max 0.4'];

/** An answer is awaited this long, and at most this long past the end of the active phase (then walked away from). */
const WAIT_MS = 15_000;
const END_GRACE_MS = 3_000;

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
        timeoutMs: Math.max(1_000, Math.min(WAIT_MS, activeUntil + END_GRACE_MS - Date.now())),
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
  const shop = rng.pick(cast.shopIds);
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

/**
 * The distributor's life: an opening float for each shop and a rule for the network, then a move every few
 * seconds until the active phase ends.
 */
export async function runNetwork(cast: NetworkCast, ctx: ActorContext, activeUntil: number): Promise<void> {
  const rng = ctx.rng.fork('network');
  const say = chatOf(ctx.standIn.driver.user({ id: cast.distributorId }), ctx, activeUntil);
  for (const shop of cast.shopIds) await say('transfer', `/transfer ${shop} ${OPENING_FLOAT} opening float`);
  await say('pricing-default', `/pricing set default ${rng.pick(RULES)}`);
  while (ctx.running()) {
    await sleep(rng.int(1_000, 3_500));
    if (ctx.running()) await move(say, cast, rng);
  }
}
