import { reachOf, type Reach } from '../accounts/reach.ts';
import type { Network } from '../accounts/network.ts';
import type { BotContext } from './context.ts';

/** What this update's user may reach (accounts/reach.ts); null for a stranger. */
export function reachOfUpdate(ctx: BotContext, network: Pick<Network, 'below'>): Promise<Reach | null> {
  if (ctx.from === undefined) return Promise.resolve(null);
  return reachOf(network, ctx.from.id, ctx.distributor ? 'distributor' : ctx.role);
}
