import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Transformer } from 'grammy';
import { KNOWN_STATUSES } from '../domain/status.ts';
import type { RequestBudget } from '../merchant/budget.ts';
import type { AttemptEvent } from '../merchant/sender.ts';

/** Index statuses of stored orders: the service's status once placed, else the placement state. */
const ORDER_INDEX_STATUSES: readonly string[] = ['placing', 'rejected', ...KNOWN_STATUSES];

/** Every Prometheus metric of one process; created once in createApp and passed where needed. */
export function createMetrics() {
  const registry = new Registry();
  /** Orders stored (shared by every replica) in one index status; read at each scrape once the store exists. */
  let countOrders: ((status: string) => Promise<number>) | undefined;
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    /** Where the `recharge_orders` gauge reads its figures (the order store, built after the metrics). */
    countOrdersBy(count: (status: string) => Promise<number>): void {
      countOrders = count;
    },
    ordersByStatus: new Gauge({
      name: 'recharge_orders',
      help: 'Stored orders by status (placing and rejected before the service has one); the same on every replica',
      labelNames: ['status'] as const,
      registers: [registry],
      async collect() {
        const count = countOrders;
        if (!count) return;
        this.reset();
        try {
          const totals = await Promise.all(
            ORDER_INDEX_STATUSES.map(async (s) => [s, await count(s)] as const),
          );
          for (const [status, total] of totals) this.set({ status }, total);
        } catch {
          // Redis away: the rest of /metrics still answers; /readyz says why.
        }
      },
    }),
    merchantCalls: new Counter({
      name: 'recharge_merchant_api_calls_total',
      help: 'Merchant API calls by endpoint and HTTP status (or error kind)',
      labelNames: ['endpoint', 'status'] as const,
      registers: [registry],
    }),
    budgetWait: new Histogram({
      name: 'recharge_merchant_budget_wait_seconds',
      help: 'Time spent waiting for the shared request budget',
      labelNames: ['priority'] as const,
      buckets: [0.001, 0.01, 0.1, 0.5, 1, 5, 15, 30, 60],
      registers: [registry],
    }),
    webhookFailures: new Counter({
      name: 'recharge_merchant_webhook_verification_failures_total',
      help: 'Merchant webhooks refused, by reason',
      labelNames: ['reason'] as const,
      registers: [registry],
    }),
    webhookToChat: new Histogram({
      name: 'recharge_webhook_to_chat_seconds',
      help: 'Time from an accepted merchant webhook to the chat message showing its change (observed by the replica that sent it)',
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    telegramErrors: new Counter({
      name: 'recharge_telegram_errors_total',
      help: 'Bot API calls that failed, by method and error code',
      labelNames: ['method', 'code'] as const,
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** The budget as the Merchant client sees it, timing every wait for a slot. */
export function timeBudgetWaits(budget: RequestBudget, metrics: Metrics): RequestBudget {
  return {
    async acquire(priority, signal, place) {
      const done = metrics.budgetWait.startTimer({ priority });
      try {
        return await budget.acquire(priority, signal, place);
      } finally {
        done();
      }
    },
    // Never waits, so there is nothing to time.
    tryAcquire: (priority) => budget.tryAcquire(priority),
    leave: (id) => budget.leave(id),
    estimate: (priority) => budget.estimate(priority),
    pause: (retryAfterSeconds) => budget.pause(retryAfterSeconds),
    snapshot: () => budget.snapshot(),
    get limit() {
      return budget.limit;
    },
  };
}

/** The Merchant client's onAttempt: every attempt counted by endpoint and outcome. */
export function countMerchantCalls(metrics: Metrics): (event: AttemptEvent) => void {
  return (event) =>
    metrics.merchantCalls.inc({
      endpoint: `${event.method} ${event.route}`,
      // A success carries neither an HTTP status nor an error kind.
      status: String(event.httpStatus ?? event.kind ?? 'ok'),
    });
}

/** A grammY API transformer counting failed Bot API calls by method and error code. */
export function countTelegramErrors(metrics: Metrics): Transformer {
  return async (prev, method, payload, signal) => {
    try {
      const result = await prev(method, payload, signal);
      if (!result.ok) metrics.telegramErrors.inc({ method, code: String(result.error_code) });
      return result;
    } catch (error) {
      metrics.telegramErrors.inc({ method, code: 'network' });
      throw error;
    }
  };
}
