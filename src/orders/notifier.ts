import type { Redis } from 'ioredis';
import type { InlineKeyboardMarkup } from 'grammy/types';
import type { Outbox } from '../notify/outbox.ts';
import { requoteData } from '../notify/callback-data.ts';
import { silentLogger, type LoggerLike } from '../domain/log.ts';
import type { OrderStore } from './store.ts';
import { createStreamConsumer, type StreamEntry } from '../lib/redis/stream-consumer.ts';
import {
  needsNewQuote,
  orderVariables,
  paidKey,
  rejectionReasonKey,
  shortTime,
  statusMessage,
  type DisplayStatus,
  type Translate,
} from './texts.ts';
import type { StoredOrder } from './types.ts';
import { html } from '../lib/html.ts';

/**
 * Tells the reseller: on each status change the status message is edited in place (first line: emoji,
 * status, O-…, merchant order number); a final status (succeeded, failed, refunded) and a refusal found by
 * the background re-sends also send a new message so the phone buzzes (a refusal returned by submit() is
 * told by the chat, which has it at once); an order refused and then found at the service after all ("revived")
 * gets a correction before its status. Reads the order change stream (at-least-once) and queues through the
 * durable outbox with one idempotency key per order and status, so each status gives one message, never two.
 */

export interface NotifierDeps {
  redis: Redis;
  prefix: string;
  store: OrderStore;
  /** Name of the order change stream (orders/keys.ts `changes`), handed in by the wiring. */
  changeStream: string;
  outbox: Outbox;
  t: Translate;
  logger?: LoggerLike;
  /** Callback data of the "new quote" button under a refusal that needs one (the bot handles it). */
  newQuoteData?: (order: StoredOrder) => string;
  /** Callback data of the 🧾 Receipt button under a succeeded order's message (the bot handles it); none without. */
  receiptData?: (order: StoredOrder) => string | null;
  consumer?: string;
  /** Changes left unacknowledged by a crashed replica are taken over after this long. */
  claimIdleMs?: number;
}

/** The new message sent for a final status, or null when the status only edits the status message. */
export function finalMessage(t: Translate, order: StoredOrder, status: DisplayStatus): string | null {
  const vars = orderVariables(order);
  const at = shortTime(order.history.find((h) => h.status === status)?.at ?? order.updatedAt);
  switch (status) {
    case 'succeeded':
      return t(order.locale, paidKey(order, 'order-receipt'), { ...vars, time: at });
    case 'failed':
      return t(order.locale, paidKey(order, 'order-failed-notice'), vars);
    case 'refunded':
      return t(order.locale, paidKey(order, 'order-refunded-notice'), vars);
    default:
      return null;
  }
}

/** The message telling the reseller why an order was not placed (nothing charged). */
export function rejectionMessage(t: Translate, order: StoredOrder): string {
  const rejection = order.rejection ?? { key: 'other', message: '' };
  const reason = html(t(order.locale, rejectionReasonKey(rejection)));
  if (rejection.key === 'not-placed') {
    return t(order.locale, 'order-not-placed-notice', { externalOrderId: order.externalOrderId });
  }
  if (rejection.key === 'quote_token' && rejection.code === 'quote_expired') {
    return t(order.locale, 'order-quote-expired-notice', { externalOrderId: order.externalOrderId });
  }
  return t(order.locale, 'order-rejected-notice', { externalOrderId: order.externalOrderId, reason });
}

/** `ord:requote:<external_order_id>` (the bot offers a new quote for the same recharge), or `ord:requote` if too long. */
export function defaultNewQuoteData(order: StoredOrder): string {
  return requoteData(order.externalOrderId);
}

/** Creates the reseller notifier; `tick` handles waiting order changes once. */
export function createNotifier(deps: NotifierDeps) {
  const logger = deps.logger ?? silentLogger;
  const { t, outbox, store } = deps;
  const consumer = createStreamConsumer({
    redis: deps.redis,
    stream: deps.changeStream,
    group: 'notifier',
    ...(deps.claimIdleMs === undefined ? {} : { claimIdleMs: deps.claimIdleMs }),
    ...(deps.consumer === undefined ? {} : { consumer: deps.consumer }),
  });
  const newQuoteData = deps.newQuoteData ?? defaultNewQuoteData;

  /**
   * `version`: grows with each newer text of the status message (see the callers). Returns whether a message
   * was queued; that one carries the webhook's receive time, if the change came from a webhook.
   */
  async function statusUpdate(
    order: StoredOrder,
    status: DisplayStatus,
    version: number,
    timing: { webhookReceivedAt?: number } = {},
  ): Promise<boolean> {
    const ext = order.externalOrderId;
    const text = statusMessage(t, order, status);
    if (order.statusMessageId !== undefined) {
      await outbox.enqueue(
        { kind: 'edit', chatId: order.chatId, messageId: order.statusMessageId, text },
        // Sent at once when nothing holds the message: the status reaches the chat without a job's turn.
        { key: `status:${ext}:${status}`, version, now: true, ...timing },
      );
      return true;
    }
    if (finalMessage(t, order, status) === null && status !== 'rejected') {
      // No message to edit: the status line goes out as its own message (once per status).
      await outbox.enqueue(
        { kind: 'send', chatId: order.chatId, text },
        { key: `status:${ext}:${status}`, ...timing },
      );
      return true;
    }
    return false;
  }

  async function handle(entry: StreamEntry): Promise<void> {
    const f = entry.fields;
    const ext = f['ext'] ?? '';
    // Stored and being sent: the chat shows "Placing…" already; the answer's change tells the rest.
    if (f['kind'] === 'intent') return;
    const order = await store.get(ext);
    // An order found by the reconciliation has no reseller chat to tell (admins got its report).
    if (order === null || order.foundBy !== undefined) return;
    const seq = Number(f['seq'] ?? 0);
    switch (f['kind']) {
      case 'placed':
      case 'status': {
        const status = f['to'] ?? order.status ?? 'placing';
        if (f['revived'] === '1') {
          // The reseller was told "not placed, nothing charged": correct that before the status follows.
          await outbox.enqueue(
            {
              kind: 'send',
              chatId: order.chatId,
              text: t(order.locale, paidKey(order, 'order-revived-notice'), orderVariables(order)),
            },
            { key: `revived:${ext}` },
          );
        }
        // A change caused by a webhook: its first chat message is timed (webhook -> chat), once.
        const received = Number(f['wh']);
        const timing = received > 0 ? { webhookReceivedAt: received } : {};
        // A bulk line: the run's progress message and report tell it; only a failure or a refund (money
        // coming back) gets its own message.
        if (order.bulkRunId !== undefined && status !== 'failed' && status !== 'refunded') return;
        // seq + 1 (seq >= 1 here) stays above a refusal's version 1: a revived order's status replaces "❌".
        // A scheduled run: its report named the order; the final status follows as its own message.
        const shown =
          order.bulkRunId === undefined && order.scheduleId === undefined
            ? await statusUpdate(order, status, seq + 1, timing)
            : false;
        const final = finalMessage(t, order, status);
        if (final !== null) {
          const receipt = status === 'succeeded' ? (deps.receiptData?.(order) ?? null) : null;
          const replyMarkup: InlineKeyboardMarkup | undefined =
            receipt === null
              ? undefined
              : { inline_keyboard: [[{ text: t(order.locale, 'receipt-button'), callback_data: receipt }]] };
          await outbox.enqueue(
            { kind: 'send', chatId: order.chatId, text: final, ...(replyMarkup ? { replyMarkup } : {}) },
            { key: `final:${ext}:${status}`, ...(shown ? {} : timing) },
          );
        }
        return;
      }
      case 'rejected': {
        // A refusal returned by submit() is told by the chat itself (one message, not two).
        if (f['quiet'] === '1') return;
        const markup: InlineKeyboardMarkup | undefined =
          order.rejection !== undefined && needsNewQuote(order.rejection)
            ? {
                inline_keyboard: [
                  [{ text: t(order.locale, 'order-new-quote-button'), callback_data: newQuoteData(order) }],
                ],
              }
            : undefined;
        if (order.rejection?.key === 'not-placed' && order.statusMessageId !== undefined) {
          // Never stored after a crash: the "⏳ Placing…" message itself says so, with the new-quote button.
          await outbox.enqueue(
            {
              kind: 'edit',
              chatId: order.chatId,
              messageId: order.statusMessageId,
              text: rejectionMessage(t, order),
              ...(markup === undefined ? {} : { replyMarkup: markup }),
            },
            { key: `status:${ext}:rejected`, version: seq + 1 },
          );
          return;
        }
        // Refusals happen only while placing, before any edit of ours: version 1 is above none, and below
        // every status's (seq + 1, seq >= 1), so a revived order's status replaces it.
        await statusUpdate(order, 'rejected', seq + 1);
        await outbox.enqueue(
          {
            kind: 'send',
            chatId: order.chatId,
            text: rejectionMessage(t, order),
            ...(markup === undefined ? {} : { replyMarkup: markup }),
          },
          { key: `final:${ext}:rejected` },
        );
        return;
      }
      default:
        logger.warn({ kind: f['kind'], externalOrderId: ext }, 'unknown order change ignored');
    }
  }

  return {
    /** Leaves the consumer group on a clean stop (see StreamConsumer.close). */
    close: () => consumer.close(),
    /** Handles waiting order changes once (one order's in order, different orders at once); returns how many were read. */
    tick(): Promise<number> {
      return consumer.consume({
        keyOf: (entry) => entry.fields['ext'] ?? entry.id,
        handle,
        // Left pending: retried later; the idempotency keys make the retry harmless.
        onError: (error, entry) =>
          logger.error({ err: error, externalOrderId: entry.fields['ext'] }, 'order change not notified yet'),
      });
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
