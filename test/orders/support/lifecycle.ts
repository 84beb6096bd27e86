import { createNotify, type NotifyDeps, type NotifyTimings } from '../../../src/notify/notify.ts';
import { createOrderSystem, type OrderSystemDeps, type OrderTimings } from '../../../src/orders/system.ts';
import { RedisUserDirectory } from '../../../src/accounts/names.ts';

/**
 * The order lifecycle of one replica as the composition root wires it (src/app.ts), without the bot: the order
 * system raising its alerts into notify, and notify reading its changes. `startWorkers` runs both parts' workers.
 * Users' names are read from the same Redis unless a test gives its own directory.
 */
export function createLifecycle(
  deps: Omit<OrderSystemDeps, 'alerts' | 'timings'> &
    Omit<NotifyDeps, 'timings' | 'names'> & {
      timings?: OrderTimings & NotifyTimings;
      names?: NotifyDeps['names'];
      webhookSecrets: readonly string[];
      alertChatId?: number;
    },
) {
  const notify = createNotify(
    { alertChatId: deps.alertChatId ?? null, defaultLocale: 'en', outboxMessagesPerSecond: 25 },
    { ...deps, names: deps.names ?? new RedisUserDirectory({ redis: deps.redis, prefix: deps.prefix }) },
  );
  const system = createOrderSystem(
    { merchant: { webhookSecrets: deps.webhookSecrets }, orderStaleAlertSeconds: 3_600 },
    { ...deps, alerts: notify.alerts },
  );
  notify.follow(system);
  return {
    ...system,
    outbox: notify.outbox,
    alerts: notify.alerts,
    callbacks: notify.callbacks,
    async startWorkers() {
      const notifying = await notify.start();
      const ordering = await system.startWorkers();
      return {
        async stop() {
          await ordering.stop();
          await notifying.stop();
        },
      };
    },
  };
}

export type Lifecycle = ReturnType<typeof createLifecycle>;
