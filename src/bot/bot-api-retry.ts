import type { ApiClientOptions } from 'grammy';
import { delayBefore } from '../lib/retry-schedule.ts';

type Fetch = NonNullable<ApiClientOptions['fetch']>;

/** How one attempt at a Bot API call failed. */
type BotApiFailure = { kind: 'network' } | { kind: 'status'; status: number; retryAfterSeconds?: number };

export interface BotApiRetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A 429 asking for a longer wait is handed back (the caller's own 429 handling waits it out). */
  maxRetryAfterSeconds: number;
}

/** Six attempts over about eight seconds: Telegram's bad seconds pass, a real outage is handed back. */
export const DEFAULT_BOT_API_RETRY: BotApiRetryPolicy = {
  attempts: 6,
  baseDelayMs: 250,
  maxDelayMs: 4_000,
  maxRetryAfterSeconds: 30,
};

/** Milliseconds to wait after failed attempt number `attempt` (from 1) before the next, or null to give up. */
export function botApiRetryDelay(
  failure: BotApiFailure,
  attempt: number,
  policy: BotApiRetryPolicy = DEFAULT_BOT_API_RETRY,
): number | null {
  if (attempt >= policy.attempts) return null;
  const backoff = delayBefore(
    { kind: 'doubling', firstMs: policy.baseDelayMs, maxMs: policy.maxDelayMs },
    attempt,
  );
  switch (failure.kind) {
    case 'network':
      return backoff;
    case 'status':
      if (failure.status === 429) {
        const after = failure.retryAfterSeconds;
        return after !== undefined && after <= policy.maxRetryAfterSeconds ? after * 1000 : null;
      }
      return failure.status >= 500 ? backoff : null;
    default: {
      const never: never = failure;
      throw new Error(`unhandled failure ${String(never)}`);
    }
  }
}

function pause(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error('Bot API call aborted while waiting to retry'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

async function retryAfterOf(response: Response): Promise<number | undefined> {
  try {
    const body = (await response.json()) as { parameters?: { retry_after?: unknown } };
    const after = body.parameters?.retry_after;
    return typeof after === 'number' ? after : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Wraps the fetch of grammY's API client so a Bot API call that lost its connection or got a 5xx (or a short
 * 429) is sent again with back-off. At this level the retries also cover the API objects the conversations
 * plugin builds for each flow (they copy the client options but not the bot's transformers), and a flow's
 * replay log records one call, not each attempt. Only JSON bodies are sent again (uploads are streams).
 */
export function retryingFetch(base: Fetch, policy: BotApiRetryPolicy = DEFAULT_BOT_API_RETRY): Fetch {
  const wrapped = async (url: Parameters<Fetch>[0], init?: Parameters<Fetch>[1]) => {
    const resendable = init?.body === undefined || init.body === null || typeof init.body === 'string';
    const signal = init?.signal as AbortSignal | null | undefined;
    for (let attempt = 1; ; attempt++) {
      let response: Response;
      try {
        response = (await base(url, init)) as unknown as Response;
      } catch (error) {
        const delay =
          resendable && !signal?.aborted ? botApiRetryDelay({ kind: 'network' }, attempt, policy) : null;
        if (delay === null) throw error;
        await pause(delay, signal);
        continue;
      }
      if (response.ok || !resendable || (response.status !== 429 && response.status < 500)) return response;
      const retryAfterSeconds = response.status === 429 ? await retryAfterOf(response.clone()) : undefined;
      const delay = botApiRetryDelay(
        {
          kind: 'status',
          status: response.status,
          ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
        },
        attempt,
        policy,
      );
      if (delay === null) return response;
      await response.text().catch(() => undefined);
      await pause(delay, signal);
    }
  };
  return wrapped as unknown as Fetch;
}
