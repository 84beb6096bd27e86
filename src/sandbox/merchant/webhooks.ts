import { createHmac } from 'node:crypto';
import { Agent, fetch } from 'undici';
import type { AccountState, WebhookTarget } from './accounts.ts';
import type { SandboxClock } from './clock.ts';
import type { FaultBook } from './faults.ts';
import { timestamp } from './format.ts';
import type { Rng } from './rng.ts';
import type { Scheduler } from './scheduler.ts';

export type EventKind = 'order.succeeded' | 'order.failed' | 'order.refunded';

export interface WebhookEvent {
  event: EventKind;
  orderId: string;
  externalOrderId: string;
  status: string;
  currency: string;
  totalAmount: string;
}

type DeliveryState = 'pending' | 'delivered' | 'failed' | 'lost' | 'cancelled';

interface DeliveryAttempt {
  attemptNo: number;
  /** Service-clock times: `scheduledAt - previous.completedAt` is the retry delay times the time scale. */
  scheduledAt: number;
  startedAt: number;
  completedAt: number | null;
  /** HTTP status received, or null when there was none (timeout, connection error). */
  status: number | null;
  ok: boolean;
  error: string;
  /** First 1,000 characters of the receiver's answer. */
  response: string;
  /** The `t` that was signed. */
  signedAt: number;
}

export interface Delivery {
  id: string;
  merchantId: string;
  targetId: string;
  url: string;
  event: EventKind;
  orderId: string;
  externalOrderId: string;
  /** Exact bytes sent on every attempt. */
  body: string;
  state: DeliveryState;
  attempts: DeliveryAttempt[];
  nextAttemptAt: number | null;
  resendOf: string | null;
  createdAt: number;
  task: number | null;
}

/** Minutes to wait after failed attempt n (1-based) before attempt n+1; six attempts in all. */
const RETRY_MINUTES: readonly number[] = [1, 5, 15, 30, 60];
const STORED_RESPONSE_CHARS = 1000;
const WEBHOOK_USER_AGENT = 'MerchantSandbox-Webhooks/1.0';

/** The spec's one-line JSON body (recharge orders carry an empty `items`). */
function webhookBody(event: WebhookEvent): string {
  return JSON.stringify({
    event: event.event,
    order: {
      id: event.orderId,
      order_id: event.orderId,
      external_order_id: event.externalOrderId,
      status: event.status,
      currency: event.currency,
      total_amount: event.totalAmount,
      items: [],
    },
  });
}

/** `t=<unix>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`. */
export function signWebhook(secret: string, unixSeconds: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

export interface WebhookDeps {
  clock: SandboxClock;
  scheduler: Scheduler;
  faults: FaultBook;
  rng: Rng;
  timeScale: number;
  findAccount(merchantId: string): AccountState | undefined;
}

export interface WebhookDispatcher {
  /**
   * Sends messages to every target of the account. With `chain`, each message's first attempt waits for
   * the previous one's, so the receiver sees them in exactly this order.
   */
  dispatch(account: AccountState, events: readonly WebhookEvent[], chain: boolean): void;
  resend(id: string): Delivery | undefined;
  get(id: string): Delivery | undefined;
  list(): Delivery[];
  clear(): void;
  close(): Promise<void>;
}

async function readLimited(body: ReadableStream<Uint8Array> | null): Promise<string> {
  if (!body) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  // 1,000 characters are at most 4,000 bytes of UTF-8.
  while (size < STORED_RESPONSE_CHARS * 4) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => {});
  const text = new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
  return Array.from(text).slice(0, STORED_RESPONSE_CHARS).join('');
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    const code = cause?.code ?? (error as Error & { code?: string }).code;
    return `connection error${code ? `: ${code}` : ''}`;
  }
  return 'connection error';
}

export function createWebhookDispatcher(deps: WebhookDeps): WebhookDispatcher {
  const { clock, scheduler, faults, rng, timeScale } = deps;
  const deliveries = new Map<string, Delivery>();
  const inFlight = new Set<AbortController>();
  const agent = new Agent({ keepAliveTimeout: 1_000, connections: 64 });
  let seq = 0;
  let generation = 0;
  const timeoutMs = Math.max(1_000, 15_000 * timeScale);

  const targetOf = (delivery: Delivery): WebhookTarget | undefined =>
    deps.findAccount(delivery.merchantId)?.webhooks.find((t) => t.id === delivery.targetId);

  const create = (
    account: AccountState,
    target: WebhookTarget,
    event: WebhookEvent,
    body: string,
  ): Delivery => {
    seq += 1;
    const delivery: Delivery = {
      id: `WD-${String(seq).padStart(6, '0')}`,
      merchantId: account.merchantId,
      targetId: target.id,
      url: target.url,
      event: event.event,
      orderId: event.orderId,
      externalOrderId: event.externalOrderId,
      body,
      state: 'pending',
      attempts: [],
      nextAttemptAt: clock.now(),
      resendOf: null,
      createdAt: clock.now(),
      task: null,
    };
    deliveries.set(delivery.id, delivery);
    return delivery;
  };

  const attempt = async (delivery: Delivery, scheduledAt: number): Promise<void> => {
    delivery.task = null;
    if (delivery.state !== 'pending') return;
    const target = targetOf(delivery);
    if (!target) {
      // The target was removed or replaced: nothing left to deliver to.
      delivery.state = 'cancelled';
      delivery.nextAttemptAt = null;
      return;
    }
    const myGeneration = generation;
    const signedAt = Math.floor(clock.wallNow() / 1000);
    const record: DeliveryAttempt = {
      attemptNo: delivery.attempts.length + 1,
      scheduledAt,
      startedAt: clock.now(),
      completedAt: null,
      status: null,
      ok: false,
      error: '',
      response: '',
      signedAt,
    };
    delivery.attempts.push(record);
    delivery.nextAttemptAt = null;
    const controller = new AbortController();
    inFlight.add(controller);
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        body: delivery.body,
        redirect: 'manual',
        signal: controller.signal,
        dispatcher: agent,
        headers: {
          'content-type': 'application/json',
          'user-agent': WEBHOOK_USER_AGENT,
          'x-svc-event': delivery.event,
          'x-svc-delivery': delivery.id,
          'x-svc-timestamp': String(signedAt),
          'x-svc-signature': signWebhook(target.secret, signedAt, delivery.body),
        },
      });
      record.status = response.status;
      record.response = await readLimited(response.body);
      record.ok = response.status >= 200 && response.status < 300;
      if (!record.ok) {
        record.error =
          response.status >= 300 && response.status < 400
            ? `redirect not followed (HTTP ${response.status})`
            : `HTTP ${response.status}`;
      }
    } catch (error) {
      record.error = controller.signal.aborted ? `timeout after ${timeoutMs} ms` : describeError(error);
    } finally {
      clearTimeout(timer);
      inFlight.delete(controller);
    }
    if (myGeneration !== generation) return;
    record.completedAt = clock.now();
    if (record.ok) {
      delivery.state = 'delivered';
      return;
    }
    const waitMinutes = RETRY_MINUTES[record.attemptNo - 1];
    if (waitMinutes === undefined) {
      delivery.state = 'failed';
      return;
    }
    const nextAt = record.completedAt + Math.round(waitMinutes * 60_000 * timeScale);
    delivery.nextAttemptAt = nextAt;
    delivery.task = scheduler.scheduleAt(nextAt, () => void attempt(delivery, nextAt));
  };

  const start = (delivery: Delivery, delayMs: number): void => {
    const at = clock.now() + delayMs;
    delivery.nextAttemptAt = at;
    delivery.task = scheduler.scheduleAt(at, () => void attempt(delivery, at));
  };

  return {
    dispatch(account, events, chain) {
      for (const target of account.webhooks) {
        const queue: Delivery[] = [];
        for (const event of events) {
          const body = webhookBody(event);
          const lost = faults.take(['webhook_lose'], 'POST', target.url);
          const first = create(account, target, event, body);
          if (lost) {
            first.state = 'lost';
            first.nextAttemptAt = null;
            continue;
          }
          const copies = faults.take(['webhook_duplicate'], 'POST', target.url)?.copies ?? 1;
          const all = [first];
          for (let i = 1; i < copies; i++) all.push(create(account, target, event, body));
          for (const delivery of all) {
            const delay = faults.take(['webhook_delay'], 'POST', target.url);
            const delayMs = delay
              ? delay.jitter
                ? Math.floor(rng.next() * delay.latencyMs)
                : delay.latencyMs
              : 0;
            if (chain && delayMs === 0) queue.push(delivery);
            else start(delivery, delayMs);
          }
        }
        if (queue.length > 0) {
          void (async () => {
            for (const delivery of queue) await attempt(delivery, clock.now());
          })();
        }
      }
    },
    resend(id) {
      const original = deliveries.get(id);
      if (!original) return undefined;
      const account = deps.findAccount(original.merchantId);
      const target = account?.webhooks.find((t) => t.id === original.targetId);
      if (!account || !target) return undefined;
      const event: WebhookEvent = {
        event: original.event,
        orderId: original.orderId,
        externalOrderId: original.externalOrderId,
        status: '',
        currency: '',
        totalAmount: '',
      };
      const copy = create(account, target, event, original.body);
      copy.resendOf = original.id;
      start(copy, 0);
      return copy;
    },
    get: (id) => deliveries.get(id),
    list: () => [...deliveries.values()],
    clear() {
      generation += 1;
      for (const d of deliveries.values()) if (d.task !== null) scheduler.cancel(d.task);
      deliveries.clear();
      for (const c of inFlight) c.abort();
    },
    async close() {
      generation += 1;
      for (const d of deliveries.values()) if (d.task !== null) scheduler.cancel(d.task);
      for (const c of inFlight) c.abort();
      await agent.destroy().catch(() => {});
    },
  };
}

/** The control API's view of a delivery. */
export function deliveryView(delivery: Delivery): Record<string, unknown> {
  return {
    id: delivery.id,
    merchant_id: delivery.merchantId,
    target_id: delivery.targetId,
    url: delivery.url,
    event: delivery.event,
    order_id: delivery.orderId,
    external_order_id: delivery.externalOrderId,
    state: delivery.state,
    resend_of: delivery.resendOf,
    created_at: timestamp(delivery.createdAt),
    next_attempt_at: delivery.nextAttemptAt === null ? null : timestamp(delivery.nextAttemptAt),
    body: delivery.body,
    attempts: delivery.attempts.map((a) => ({
      attempt_no: a.attemptNo,
      scheduled_at: timestamp(a.scheduledAt),
      scheduled_at_ms: a.scheduledAt,
      started_at: timestamp(a.startedAt),
      completed_at: a.completedAt === null ? null : timestamp(a.completedAt),
      completed_at_ms: a.completedAt,
      status: a.status,
      ok: a.ok,
      error: a.error,
      response: a.response,
      signed_at: a.signedAt,
    })),
  };
}
