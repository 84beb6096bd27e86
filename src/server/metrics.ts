import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Every Prometheus metric of one process; created once in main and passed where needed. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    ordersByStatus: new Counter({
      name: 'recharge_orders_status_total',
      help: 'Order status changes applied, by status',
      labelNames: ['status'] as const,
      registers: [registry],
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
      help: 'Time from an accepted merchant webhook to the updated chat message',
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
