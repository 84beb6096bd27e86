// Webhook delivery as the Bot API server does it: each update POSTed as JSON with the
// X-Telegram-Bot-Api-Secret-Token header, up to max_connections at once but one at a time per chat,
// confirmed by any 2xx answer and retried otherwise (at once, then after 2 s, 4 s, … up to a minute,
// or after Retry-After). A 2xx answer that carries a method call in its body is executed.

import type { QueuedUpdate } from './updates.ts';
import type { World } from './world.ts';

export interface WebhookDeliverer {
  kick(): void;
  stop(): void;
}

export interface WebhookDelivererOptions {
  world: World;
  /** Runs a method a webhook answered with ("webhook reply"). */
  execute: (method: string, params: Record<string, unknown>) => Promise<void>;
  /** Base of the exponential back-off between retries (ms). Telegram: 1000. */
  retryBaseMs: number;
  retryMaxMs: number;
  requestTimeoutMs: number;
}

interface RetryState {
  failures: number;
  wakeAt: number;
}

const REFUSED_REPLY_METHODS = new Set(['deletewebhook', 'setwebhook', 'close', 'logout']);

function networkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause;
  const code = cause?.code ?? (error as { code?: string } | undefined)?.code;
  if (code === 'ECONNREFUSED') return 'Connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return 'Failed to resolve host: Name or service not known';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'Connection reset by peer';
  if ((error as { name?: string } | undefined)?.name === 'AbortError') return 'Read timeout expired';
  return 'Connection error';
}

export function createWebhookDeliverer(options: WebhookDelivererOptions): WebhookDeliverer {
  const { world } = options;
  const inFlight = new Map<number, AbortController>();
  const retries = new Map<number, RetryState>();
  let stopped = false;
  let scheduled = false;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Number.POSITIVE_INFINITY;

  const wakeAt = (at: number): void => {
    if (stopped || at >= timerAt) return;
    if (timer !== undefined) clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(
      () => {
        timer = undefined;
        timerAt = Number.POSITIVE_INFINITY;
        kick();
      },
      Math.max(0, at - Date.now()),
    );
  };

  const kick = (): void => {
    if (stopped || scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      pump();
    });
  };

  const pump = (): void => {
    const hook = world.webhook;
    if (stopped || hook === undefined) return;
    const seenChats = new Set<number>();
    for (const queued of world.queue.pending()) {
      if (seenChats.has(queued.chatId)) continue;
      seenChats.add(queued.chatId); // only the oldest update of a chat may go out
      const id = queued.update.update_id;
      if (inFlight.has(id)) continue;
      if (inFlight.size >= hook.maxConnections) break;
      const retry = retries.get(id);
      if (retry !== undefined && retry.wakeAt > Date.now()) {
        wakeAt(retry.wakeAt);
        continue;
      }
      void deliver(queued, hook.url, hook.secretToken);
    }
  };

  const failed = (id: number, message: string, retryAfterSeconds: number | undefined): void => {
    const hook = world.webhook;
    if (hook !== undefined) {
      hook.lastErrorDate = world.nowSeconds();
      hook.lastErrorMessage = message;
    }
    const previous = retries.get(id);
    const failures = (previous?.failures ?? 0) + 1;
    const backoff =
      failures === 1 ? 0 : Math.min(options.retryMaxMs, options.retryBaseMs * 2 ** (failures - 1));
    const delay =
      retryAfterSeconds !== undefined && retryAfterSeconds > 0
        ? Math.min(retryAfterSeconds, 3600) * 1000
        : backoff;
    retries.set(id, { failures, wakeAt: Date.now() + delay });
    world.changed();
  };

  const deliver = async (queued: QueuedUpdate, url: string, secret: string | undefined): Promise<void> => {
    const id = queued.update.update_id;
    const controller = new AbortController();
    inFlight.set(id, controller);
    const timeout = setTimeout(() => controller.abort(), options.requestTimeoutMs);
    try {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (secret !== undefined) headers['X-Telegram-Bot-Api-Secret-Token'] = secret;
      const response = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify(queued.update),
        signal: controller.signal,
        redirect: 'manual',
      });
      const body = await response.text();
      if (response.status >= 200 && response.status <= 299) {
        retries.delete(id);
        world.queue.confirm(id);
        await replyMethod(response.headers.get('content-type'), body);
      } else {
        const retryAfter = Number(response.headers.get('retry-after') ?? '');
        failed(
          id,
          `Wrong response from the webhook: ${response.status} ${response.statusText}`,
          Number.isFinite(retryAfter) ? retryAfter : undefined,
        );
      }
    } catch (error) {
      if (!stopped) failed(id, networkError(error), undefined);
    } finally {
      clearTimeout(timeout);
      inFlight.delete(id);
      kick();
    }
  };

  const replyMethod = async (contentType: string | null, body: string): Promise<void> => {
    if (!(contentType ?? '').includes('application/json') || body.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return;
    }
    if (typeof parsed !== 'object' || parsed === null) return;
    const { method, ...params } = parsed as Record<string, unknown>;
    if (typeof method !== 'string' || method === '') return;
    const lower = method.toLowerCase();
    if (REFUSED_REPLY_METHODS.has(lower) || lower.startsWith('get')) return;
    await options.execute(method, params);
  };

  const unsubscribe = world.onChange(kick);

  return {
    kick,
    stop() {
      stopped = true;
      unsubscribe();
      if (timer !== undefined) clearTimeout(timer);
      for (const controller of inFlight.values()) controller.abort();
    },
  };
}
