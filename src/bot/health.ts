import type { Redis } from 'ioredis';
import type { BudgetSnapshot, RequestBudget } from '../merchant/budget.ts';
import type { MerchantReadiness, MerchantState } from '../merchant/readiness.ts';
import type { OrderKeys } from '../orders/keys.ts';
import { decodeOrder } from '../orders/record.ts';
import type { StoredOrder } from '../orders/types.ts';

/** What /health shows; every part is read independently, so one failure never hides the others. */
export interface HealthFacts {
  redis: { reachable: true; policy: string | null } | { reachable: false };
  /** From the replica's own recent calls or its shared, cached probe: /health never piles up calls. */
  merchant: MerchantState;
  budget: BudgetSnapshot | null;
  /** When the last merchant webhook was accepted (any replica). */
  lastWebhookAt: Date | null;
  unfinished: { count: number; oldest: StoredOrder | null };
}

export interface HealthDeps {
  redis: Redis;
  keys: Pick<OrderKeys, 'webhookEvents' | 'unfinished' | 'order'>;
  merchant: Pick<MerchantReadiness, 'check'>;
  budget: Pick<RequestBudget, 'snapshot'>;
}

/** Gathers the health facts from Redis, the Merchant API and the shared budget. */
export function createHealthCheck(deps: HealthDeps) {
  async function redisFacts(): Promise<HealthFacts['redis']> {
    try {
      if ((await deps.redis.ping()) !== 'PONG') return { reachable: false };
    } catch {
      return { reachable: false };
    }
    try {
      const reply = (await deps.redis.config('GET', 'maxmemory-policy')) as string[];
      return { reachable: true, policy: reply[1] ?? null };
    } catch {
      // Managed Redis often forbids CONFIG.
      return { reachable: true, policy: null };
    }
  }

  async function lastWebhook(): Promise<Date | null> {
    // The accepted-event stream is kept (capped) after processing, so its newest entry is the last webhook.
    const rows = (await deps.redis.xrevrange(deps.keys.webhookEvents, '+', '-', 'COUNT', 1)) as Array<
      [string, string[]]
    >;
    const row = rows[0];
    if (row === undefined) return null;
    const fields = row[1];
    const received = fields[fields.indexOf('received') + 1];
    const ms =
      fields.includes('received') && received !== undefined ? Number(received) : Number(row[0].split('-')[0]);
    return Number.isFinite(ms) ? new Date(ms) : null;
  }

  async function unfinished(): Promise<HealthFacts['unfinished']> {
    const [count, first] = await Promise.all([
      deps.redis.zcard(deps.keys.unfinished),
      deps.redis.zrange(deps.keys.unfinished, '0', '0'),
    ]);
    const ext = first[0];
    const data = ext === undefined ? null : await deps.redis.hget(deps.keys.order(ext), 'data');
    return { count, oldest: data === null || ext === undefined ? null : decodeOrder(data, ext) };
  }

  return {
    async check(): Promise<HealthFacts> {
      const [budget, redis, merchant, webhook, open] = await Promise.all([
        deps.budget.snapshot().catch(() => null),
        redisFacts(),
        deps.merchant.check().catch((): MerchantState => ({ state: 'unknown' })),
        lastWebhook().catch(() => null),
        unfinished().catch(() => ({ count: 0, oldest: null })),
      ]);
      return { redis, merchant, budget, lastWebhookAt: webhook, unfinished: open };
    },
  };
}

export type HealthCheck = ReturnType<typeof createHealthCheck>;
