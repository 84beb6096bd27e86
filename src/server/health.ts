import type { Redis } from 'ioredis';
import type { BudgetSnapshot, RequestBudget } from '../merchant/budget.ts';
import type { MerchantReadiness, MerchantState } from '../merchant/readiness.ts';
import type { OrderReads } from '../orders/reads.ts';
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
  store: Pick<OrderReads, 'lastWebhookAt' | 'unfinishedSummary'>;
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

  return {
    async check(): Promise<HealthFacts> {
      const [budget, redis, merchant, webhook, open] = await Promise.all([
        deps.budget.snapshot().catch(() => null),
        redisFacts(),
        deps.merchant.check().catch((): MerchantState => ({ state: 'unknown' })),
        deps.store.lastWebhookAt().catch(() => null),
        deps.store.unfinishedSummary().catch(() => ({ count: 0, oldest: null })),
      ]);
      return { redis, merchant, budget, lastWebhookAt: webhook, unfinished: open };
    },
  };
}

export type HealthCheck = ReturnType<typeof createHealthCheck>;
