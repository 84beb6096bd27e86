import type { InlineKeyboardMarkup } from 'grammy/types';
import type { Outbox } from './outbox.ts';
import { requoteData } from '../bot/callback-data/order.ts';
import { receiptData } from '../bot/callback-data/receipt.ts';
import { repeatData } from '../bot/callback-data/repeat.ts';
import type { LoggerLike } from '../domain/log.ts';
import type { HeldAck } from '../lib/redis/stream-consumer.ts';
import type { ChangeEntry, ChangeHandler } from '../orders/changes.ts';
import type { OrderStore } from '../orders/store.ts';
import {
  needsNewQuote,
  orderVariables,
  paidKey,
  rejectionReasonKey,
  shortTime,
  statusMessage,
  type DisplayStatus,
  type Translate,
} from '../orders/texts.ts';
import type { StoredOrder } from '../orders/types.ts';
import { html } from '../lib/html.ts';

/**
 * Tells the reseller: on each status change the status message is edited in place (first line: emoji,
 * status, O-…, merchant order number); a final status (succeeded, failed, refunded) and a refusal found by
 * the background re-sends also send a new message so the phone buzzes (a refusal returned by submit() is
 * told by the chat, which has it at once); an order refused and then found at the service after all ("revived")
 * gets a correction before its status. Gets each order change from the relay (at-least-once) and queues through the
 * durable outbox with one idempotency key per order and status, so each status gives one message, never two.
 */

export interface NoticesDeps {
  store: Pick<OrderStore, 'get'>;
  outbox: Pick<Outbox, 'enqueue'>;
  t: Translate;
  logger?: LoggerLike;
}

/** The statuses that also get a new message of their own (the phone buzzes), with its locale key. */
const FINAL_MESSAGE_KEYS: ReadonlyMap<DisplayStatus, string> = new Map([
  ['succeeded', 'order-receipt'],
  ['failed', 'order-failed-notice'],
  ['refunded', 'order-refunded-notice'],
]);

/** The new message sent for a final status, or null when the status only edits the status message. */
export function finalMessage(t: Translate, order: StoredOrder, status: DisplayStatus): string | null {
  const key = FINAL_MESSAGE_KEYS.get(status);
  if (key === undefined) return null;
  const vars = orderVariables(order);
  if (status !== 'succeeded') return t(order.locale, paidKey(order, key), vars);
  const at = shortTime(order.history.find((h) => h.status === status)?.at ?? order.updatedAt);
  return t(order.locale, paidKey(order, key), { ...vars, time: at });
}

/** The message telling the reseller why an order was not placed (nothing charged). */
export function rejectionMessage(t: Translate, order: StoredOrder): string {
  const rejection = order.rejection ?? { key: 'other', message: '' };
  const reason = html(t(order.locale, rejectionReasonKey(rejection)));
  if (rejection.key === 'quote_token' && rejection.code === 'quote_expired') {
    return t(order.locale, 'order-quote-expired-notice', { externalOrderId: order.externalOrderId });
  }
  return t(order.locale, 'order-rejected-notice', { externalOrderId: order.externalOrderId, reason });
}

/** "Top up again" under a chat order's status message, through every status it shows (an edit keeps no buttons). */
function repeatButtons(t: Translate, order: StoredOrder): InlineKeyboardMarkup {
  return {
    inline_keyboard: (['same', 'amount'] as const).map((kind) => [
      {
        text: t(order.locale, `button-repeat-${kind}`),
        callback_data: repeatData(kind, order.externalOrderId),
      },
    ]),
  };
}

/** The new-quote button under a refusal that a new quote can fix (none for the others). */
function newQuoteButton(t: Translate, order: StoredOrder): InlineKeyboardMarkup | undefined {
  return order.rejection !== undefined && needsNewQuote(order.rejection)
    ? {
        inline_keyboard: [
          [
            {
              text: t(order.locale, 'order-new-quote-button'),
              callback_data: requoteData(order.externalOrderId),
            },
          ],
        ],
      }
    : undefined;
}

/** How long a status with no message of its own must hold before the status message shows it. */
const PASSING_STATUS_MS = 1_000;

/**
 * The passing statuses this process holds back, by status message: each is edited in PASSING_STATUS_MS later
 * unless a newer text of its message was queued meanwhile. A top-up that succeeds within the second goes from
 * "Placing…" to its final status with no call and no Redis write spent on "Accepted". The change that brought a
 * held status stays pending until it is shown or replaced (HeldAck), so a process that dies holding it leaves the
 * change to be handled again, and a newer text recorded by then makes that edit stale.
 */
function createPassingHold() {
  const held = new Map<string, { version: number; drop(): void }>();
  return {
    /** Holds `show` (the edit of `message` at `version`); the answer settles once it is shown or replaced. */
    hold(message: string, version: number, show: () => Promise<unknown>): HeldAck {
      held.get(message)?.drop();
      const entry = { version, drop: () => {} };
      const ackAfter = new Promise<unknown>((resolve, reject) => {
        const timer = setTimeout(() => {
          if (held.get(message) === entry) held.delete(message);
          show().then(resolve, reject);
        }, PASSING_STATUS_MS);
        entry.drop = () => {
          clearTimeout(timer);
          resolve(undefined);
        };
      });
      held.set(message, entry);
      return { ackAfter };
    },
    /** A newer text of `message` (at `version`) is queued: the status held for it is not shown. */
    replaced(message: string, version: number): void {
      const entry = held.get(message);
      if (entry === undefined || entry.version >= version) return;
      held.delete(message);
      entry.drop();
    },
  };
}

type PassingHold = ReturnType<typeof createPassingHold>;

/**
 * Queues an order's status line: an edit of its status message, or its own message when it has none (unless a
 * final message or the refusal tells it). `version`: grows with each newer text of the status message (see the
 * callers). Returns whether a message was queued (that one carries the webhook's receive time, if the change came
 * from a webhook), or the hold of a passing status.
 */
async function statusUpdate(
  deps: Pick<NoticesDeps, 't' | 'outbox'> & { passing: PassingHold },
  order: StoredOrder,
  status: DisplayStatus,
  version: number,
  timing: { webhookReceivedAt?: number } = {},
): Promise<boolean | HeldAck> {
  const { t, outbox } = deps;
  const externalOrderId = order.externalOrderId;
  const text = statusMessage(t, order, status);
  // No message of its own: only the status message shows it.
  const passing = !FINAL_MESSAGE_KEYS.has(status) && status !== 'rejected';
  if (order.statusMessageId !== undefined) {
    const replyMarkup = status === 'rejected' ? undefined : repeatButtons(t, order);
    const message = `${order.chatId}:${order.statusMessageId}`;
    // Sent at once when nothing holds the message: it reaches the chat without a job's turn.
    const show = () =>
      outbox.enqueue(
        {
          kind: 'edit',
          chatId: order.chatId,
          messageId: order.statusMessageId!,
          text,
          replyMarkup,
        },
        { key: `status:${externalOrderId}:${status}`, version, now: true, ...timing },
      );
    // A status the order usually passes through in a moment (accepted, processing) shows only if it still holds a
    // second later: the chat shows "Placing…" until then.
    if (passing) return deps.passing.hold(message, version, show);
    await show();
    deps.passing.replaced(message, version);
    return true;
  }
  if (passing) {
    // No message to edit: the status line goes out as its own message (once per status).
    await outbox.enqueue(
      { kind: 'send', chatId: order.chatId, text },
      { key: `status:${externalOrderId}:${status}`, ...timing },
    );
    return true;
  }
  return false;
}

/** The reseller notices: what the relay calls with each order change (idempotent: one outbox key per status). */
export function createNotices(deps: NoticesDeps): ChangeHandler {
  const { t, outbox, store } = deps;
  const lines = { ...deps, passing: createPassingHold() };

  /** A placed order's status (the first, or a later one): the status message, and the final status's message. */
  async function onStatus(
    order: StoredOrder,
    change: Extract<ChangeEntry, { kind: 'placed' | 'status' }>,
  ): Promise<void | HeldAck> {
    const externalOrderId = order.externalOrderId;
    const status = change.status;
    if (change.kind === 'placed' && change.revived) {
      // The reseller was told "not placed, nothing charged": correct that before the status follows.
      await outbox.enqueue(
        {
          kind: 'send',
          chatId: order.chatId,
          text: t(order.locale, paidKey(order, 'order-revived-notice'), orderVariables(order)),
        },
        { key: `revived:${externalOrderId}` },
      );
    }
    // A change caused by a webhook: its first chat message is timed (webhook -> chat), once.
    const timing =
      change.webhookReceivedAt === undefined ? {} : { webhookReceivedAt: change.webhookReceivedAt };
    // A bulk line: the run's progress message and report tell it; only a failure or a refund (money
    // coming back) gets its own message.
    if (order.bulkRunId !== undefined && status !== 'failed' && status !== 'refunded') return;
    // seq + 1 (seq >= 1 here) stays above a refusal's version 1: a revived order's status replaces "❌".
    // A scheduled run: its report named the order; the final status follows as its own message.
    const shown =
      order.bulkRunId === undefined && order.scheduleId === undefined
        ? await statusUpdate(lines, order, status, change.seq + 1, timing)
        : false;
    // Held: a passing status, which has no message of its own.
    if (typeof shown === 'object') return shown;
    const final = finalMessage(t, order, status);
    if (final === null) return;
    const receipt = status === 'succeeded' ? receiptData(order) : null;
    const replyMarkup: InlineKeyboardMarkup | undefined =
      receipt === null
        ? undefined
        : { inline_keyboard: [[{ text: t(order.locale, 'receipt-button'), callback_data: receipt }]] };
    await outbox.enqueue(
      { kind: 'send', chatId: order.chatId, text: final, replyMarkup },
      // Sent at once after the status edit, unless a message queued before it (a revival's correction, a status
      // line of its own) may still wait for its job: the chat's messages keep their order.
      {
        key: `final:${externalOrderId}:${status}`,
        now: shown && !(change.kind === 'placed' && change.revived),
        ...(shown ? {} : timing),
      },
    );
  }

  /** An order refused while placing by the background re-sends. */
  async function onRejected(order: StoredOrder, seq: number): Promise<void> {
    const externalOrderId = order.externalOrderId;
    const message = {
      chatId: order.chatId,
      text: rejectionMessage(t, order),
      replyMarkup: newQuoteButton(t, order),
    };
    // Refusals happen only while placing, before any edit of ours: version 1 is above none, and below
    // every status's (seq + 1, seq >= 1), so a revived order's status replaces it.
    await statusUpdate(lines, order, 'rejected', seq + 1);
    await outbox.enqueue({ kind: 'send', ...message }, { key: `final:${externalOrderId}:rejected` });
  }

  // A failure is thrown to the relay, which hands the change over again later; the outbox keys make that harmless.
  return async (change) => {
    // Stored and being sent: the chat shows "Placing…" already; the answer's change tells the rest. A refusal
    // returned by submit() is told by the chat itself (one message, not two).
    if (change.kind === 'intent' || change.kind === 'found') return;
    if (change.kind === 'rejected' && change.quiet) return;
    const order = await store.get(change.externalOrderId);
    // An order found by the reconciliation has no reseller chat to tell (admins got its report).
    if (order === null || order.foundBy !== undefined) return;
    if (change.kind === 'rejected') await onRejected(order, change.seq);
    else return onStatus(order, change);
  };
}
