import type { Redis } from 'ioredis';
import { silentLogger, type LoggerLike } from '../domain/log.ts';
import { orderKeys } from './keys.ts';
import type { OrderServiceImpl } from './service.ts';
import { DEFAULT_CLAIM_IDLE_MS, workStream, type StreamEntry } from '../lib/redis/stream-consumer.ts';
import { parseMerchantEvent, type MerchantEventParse } from './webhook-signature.ts';

export interface WebhookEventProcessorDeps {
  redis: Redis;
  prefix: string;
  service: OrderServiceImpl;
  logger?: LoggerLike;
  /** An entry left unacknowledged this long by a crashed replica is processed by another (default 30 s). */
  claimIdleMs?: number;
}

// Each entry's event, parsed once for its key and its handling.
const parsedEvents = new WeakMap<StreamEntry, MerchantEventParse>();
function eventOf(entry: StreamEntry): MerchantEventParse {
  let parsed = parsedEvents.get(entry);
  if (parsed === undefined) {
    parsed = parseMerchantEvent(Buffer.from(entry.fields['body'] ?? '', 'utf8'));
    parsedEvents.set(entry, parsed);
  }
  return parsed;
}

/** The order an event is about (an unreadable one is its own key). */
function orderOf(entry: StreamEntry): string {
  const parsed = eventOf(entry);
  return parsed.ok ? parsed.event.orderId : entry.id;
}

/**
 * Applies stored webhook events after they were acknowledged, until stopped. At-least-once (a consumer group): an
 * event whose processing was interrupted is taken over later, and applying it again changes nothing. Events of one
 * order are applied in order, those of different orders at once.
 */
export function workWebhookEvents(deps: WebhookEventProcessorDeps): { stop(): Promise<void> } {
  const logger = deps.logger ?? silentLogger;
  return workStream({
    name: 'webhook-events',
    redis: deps.redis,
    stream: orderKeys(deps.prefix).webhookEvents,
    group: 'orders',
    claimIdleMs: deps.claimIdleMs ?? DEFAULT_CLAIM_IDLE_MS,
    logger,
    keyOf: orderOf,
    handle: async (entry) => {
      const parsed = eventOf(entry);
      if (!parsed.ok) {
        // Verified before it was stored, so this cannot happen; never block the stream on it.
        logger.error({ id: entry.id, error: parsed.error }, 'stored webhook event unreadable; dropped');
        return;
      }
      // Stored by the handler as wall-clock ms; other replicas' clocks compare with it.
      const received = Number(entry.fields['received']);
      const outcome = await deps.service.applyEvent(
        parsed.event,
        Number.isFinite(received) && received > 0 ? received : undefined,
      );
      logger.info(
        { orderId: parsed.event.orderId, event: parsed.event.event, outcome },
        'webhook event applied',
      );
    },
    // Left pending: retried after claimIdleMs.
    onError: (error, entry) =>
      logger.error({ err: error, orderId: orderOf(entry) }, 'webhook event not applied yet'),
  });
}
