import { startBenchWorld, type BenchWorld } from './world.ts';
import { guidedTopUp } from './top-up-flow.ts';
import { waitFor } from './stats.ts';

export interface RequestRecord {
  seq: number;
  at_ms: number;
  method: string;
  path: string;
  status: number;
}

/** Every /api/v1 request the sandbox logged after `since` (a seq). */
export async function requestsSince(world: BenchWorld, since: number): Promise<RequestRecord[]> {
  const log = await world.control.get<{ results: RequestRecord[] }>(`requests?since=${since}`);
  return log.results;
}

export async function lastSeq(world: BenchWorld): Promise<number> {
  const log = await world.control.get<{ results: RequestRecord[] }>('requests');
  return log.results.at(-1)?.seq ?? 0;
}

export type RequestKind = 'quote' | 'order' | 'read' | 'catalogue' | 'other';

/** What a Merchant API request was for (paths of merchant-api.md). */
export function kindOf(r: RequestRecord): RequestKind {
  if (r.method === 'POST' && /quote/.test(r.path)) return 'quote';
  if (r.method === 'POST' && /\/recharge\/orders$/.test(r.path)) return 'order';
  // One order (GET /recharge/orders/{id}) or a page of them (GET /recharge/orders: batched reads, look-ups).
  if (r.method === 'GET' && /\/orders(\/|$)/.test(r.path)) return 'read';
  if (r.method === 'GET' && /countr|operator|product|catalog/.test(r.path)) return 'catalogue';
  return 'other';
}

export function countKinds(records: readonly RequestRecord[]): Record<RequestKind, number> {
  const counts: Record<RequestKind, number> = { quote: 0, order: 0, read: 0, catalogue: 0, other: 0 };
  for (const r of records) counts[kindOf(r)]++;
  return counts;
}

/** Waits until the reseller's chat shows a final status (✅/❌/↩️ line naming the order) for every order. */
export async function waitFinalTold(
  world: BenchWorld,
  orderIds: readonly string[],
  timeoutMs: number,
  /** Wait for each order's final message itself, not only its status message showing the final status. */
  options: { message?: boolean } = {},
): Promise<number> {
  const finalOf = (id: string) =>
    world.tap.calls.some(
      (c) =>
        (options.message !== true || c.method === 'sendMessage') &&
        c.text.includes(id) &&
        /^(✅|❌|↩|💸)/u.test(c.text),
    );
  await waitFor(() => orderIds.every(finalOf), timeoutMs, 'every order to be told final').catch(() => false);
  return orderIds.filter(finalOf).length;
}

/**
 * Resellers pushing under the real 60 requests a minute (sandbox and bot alike): the world with its bot up, the
 * resellers granted, and the catalogue cache warmed by one top-up (3 h in production), so the measured window
 * sees the budget, not the first load. `since`: the sandbox request log position after the warm-up.
 */
export async function startPushingWorld(
  firstUser: number,
  resellers: number,
  warmPhone: string,
): Promise<{ world: BenchWorld; ids: number[]; since: number }> {
  const world = await startBenchWorld({ timeScale: 0.01, rateLimitPerMinute: 60 });
  try {
    const ids = Array.from({ length: resellers }, (_, i) => firstUser + i);
    await world.addResellers(ids);
    await world.startBot();
    await guidedTopUp(world.tap, world.standIn.driver.user({ id: ids[0] ?? firstUser }), warmPhone);
    return { world, ids, since: await lastSeq(world) };
  } catch (error) {
    await world.close();
    throw error;
  }
}
