import type { MerchantErrorKind } from './errors.ts';
import { delayBefore } from '../lib/retry-schedule.ts';

/** How hard the client tries; every attempt also takes a budget slot. */
export interface RetryPolicy {
  /** Attempts in all (first try included) for a call failing with 5xx, time-outs or network errors. */
  attempts: number;
  /** Back-off before the first retry; doubles each time, with jitter. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** How many 429 answers one call waits through before giving up. */
  rateLimitRetries: number;
  /** A `Retry-After` longer than this is not waited for: the call fails as rate-limited. */
  maxRetryAfterMs: number;
}

const DEFAULT_RETRY_POLICY: RetryPolicy = {
  attempts: 4,
  baseDelayMs: 250,
  maxDelayMs: 5_000,
  rateLimitRetries: 3,
  maxRetryAfterMs: 65_000,
};

/** Counts for the call so far, the failure being decided on included. */
export interface RetryState {
  failures: number;
  rateLimited: number;
}

export type RetryDecision =
  | { action: 'retry'; delayMs: number; reason: 'failure' | 'rate-limited' }
  | {
      action: 'stop';
      reason: 'not-retryable' | 'attempts-exhausted' | 'rate-limit-exhausted' | 'retry-after-too-long';
    };

/** Merges caller overrides into the defaults, clamping nonsense (zero attempts, negative delays). */
export function retryPolicy(overrides: Partial<RetryPolicy> = {}): RetryPolicy {
  const merged = { ...DEFAULT_RETRY_POLICY, ...overrides };
  return {
    attempts: Math.max(1, Math.floor(merged.attempts)),
    baseDelayMs: Math.max(0, merged.baseDelayMs),
    maxDelayMs: Math.max(0, merged.maxDelayMs),
    rateLimitRetries: Math.max(0, Math.floor(merged.rateLimitRetries)),
    maxRetryAfterMs: Math.max(0, merged.maxRetryAfterMs),
  };
}

/** Equal-jitter exponential back-off before retry number `retryNo` (1-based): between half and all of the step. */
export function backoffDelay(
  retryNo: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number {
  return delayBefore(
    { kind: 'doubling', firstMs: policy.baseDelayMs, maxMs: policy.maxDelayMs, jitter: 'equal' },
    retryNo,
    random,
  );
}

/**
 * The retry rules of the spec, for reads and signed POSTs alike (the client guarantees a resent POST has the
 * same bytes): 5xx, time-outs and network errors are retried with back-off; 429 waits for `Retry-After`;
 * every other answer (400, 403, 404, 405, unexpected) is final.
 */
export function decideRetry(
  kind: MerchantErrorKind,
  retryAfterSeconds: number | undefined,
  state: RetryState,
  policy: RetryPolicy,
  random: () => number = Math.random,
): RetryDecision {
  switch (kind) {
    case 'server':
    case 'timeout':
    case 'network':
      if (state.failures >= policy.attempts) return { action: 'stop', reason: 'attempts-exhausted' };
      return { action: 'retry', delayMs: backoffDelay(state.failures, policy, random), reason: 'failure' };
    case 'rate-limited': {
      if (state.rateLimited > policy.rateLimitRetries)
        return { action: 'stop', reason: 'rate-limit-exhausted' };
      // Without Retry-After the shared budget pause (to the next minute) does the waiting.
      const delayMs = (retryAfterSeconds ?? 0) * 1000;
      if (delayMs > policy.maxRetryAfterMs) return { action: 'stop', reason: 'retry-after-too-long' };
      return { action: 'retry', delayMs, reason: 'rate-limited' };
    }
    case 'validation':
    case 'quote-token':
    case 'forbidden':
    case 'edge-forbidden':
    case 'not-found':
    case 'method-not-allowed':
    case 'aborted':
    case 'budget-unavailable':
    case 'invalid-request':
    case 'unexpected':
      return { action: 'stop', reason: 'not-retryable' };
    default: {
      const never: never = kind;
      return never;
    }
  }
}
