import type { Redis } from 'ioredis';
import { silentLogger, type LoggerLike } from '../domain/log.ts';
import { orderKeys } from './keys.ts';
import type { OrderServiceImpl } from './service.ts';
import { createStreamConsumer } from '../lib/redis/stream-consumer.ts';
import { parseMerchantEvent } from './webhook-signature.ts';

export interface WebhookEventProcessorDeps {
  redis: Redis;
  prefix: string;
  service: OrderServiceImpl;
  logger?: LoggerLike;
  /** An entry left unacknowledged this long by a crashed replica is processed by another (default 30 s). */
  claimIdleMs?: number;
  consumer?: string;
}

/**
 * Applies stored webhook events after they were acknowledged. At-least-once (a consumer group): an event
 * whose processing was interrupted is taken over later, and applying it again changes nothing.
 */
export function createWebhookEventProcessor(deps: WebhookEventProcessorDeps) {
  const logger = deps.logger ?? silentLogger;
  const consumer = createStreamConsumer({
    redis: deps.redis,
    stream: orderKeys(deps.prefix).webhookEvents,
    group: 'orders',
    claimIdleMs: deps.claimIdleMs ?? 30_000,
    ...(deps.consumer === undefined ? {} : { consumer: deps.consumer }),
  });
  return {
    /** Leaves the consumer group on a clean stop (see StreamConsumer.close). */
    close: () => consumer.close(),

    /** Processes the waiting events once; returns how many were read. */
    async tick(): Promise<number> {
      const entries = await consumer.read();
      for (const entry of entries) {
        const parsed = parseMerchantEvent(Buffer.from(entry.fields['body'] ?? '', 'utf8'));
        if (!parsed.ok) {
          // Verified before it was stored, so this cannot happen; never block the stream on it.
          logger.error({ id: entry.id, error: parsed.error }, 'stored webhook event unreadable; dropped');
          await consumer.ack(entry.id);
          continue;
        }
        // Stored by the handler as wall-clock ms; other replicas' clocks compare with it.
        const received = Number(entry.fields['received']);
        try {
          const outcome = await deps.service.applyEvent(
            parsed.event,
            Number.isFinite(received) && received > 0 ? received : undefined,
          );
          logger.info(
            { orderId: parsed.event.orderId, event: parsed.event.event, outcome },
            'webhook event applied',
          );
          await consumer.ack(entry.id);
        } catch (error) {
          // Left pending: retried after claimIdleMs.
          logger.error({ err: error, orderId: parsed.event.orderId }, 'webhook event not applied yet');
        }
      }
      return entries.length;
    },
  };
}
