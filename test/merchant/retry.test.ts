import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MerchantErrorKind } from '../../src/merchant/errors.ts';
import { backoffDelay, decideRetry, retryPolicy } from '../../src/merchant/retry.ts';

const policy = retryPolicy({
  attempts: 4,
  baseDelayMs: 100,
  maxDelayMs: 1_000,
  rateLimitRetries: 2,
  maxRetryAfterMs: 30_000,
});

const final: MerchantErrorKind[] = [
  'validation',
  'quote-token',
  'forbidden',
  'edge-forbidden',
  'not-found',
  'method-not-allowed',
  'aborted',
  'budget-unavailable',
  'invalid-request',
  'unexpected',
];

describe('retry policy', () => {
  it('never retries 400, 403, 404, 405 and the other final answers', () => {
    for (const kind of final) {
      expect(decideRetry(kind, undefined, { failures: 0, rateLimited: 0 }, policy)).toEqual({
        action: 'stop',
        reason: 'not-retryable',
      });
    }
  });

  it('retries 5xx, time-outs and network errors until the attempts are used up', () => {
    for (const kind of ['server', 'timeout', 'network'] as const) {
      for (let failures = 1; failures < policy.attempts; failures++) {
        const decision = decideRetry(kind, undefined, { failures, rateLimited: 0 }, policy, () => 0.5);
        expect(decision.action).toBe('retry');
      }
      expect(decideRetry(kind, undefined, { failures: policy.attempts, rateLimited: 0 }, policy)).toEqual({
        action: 'stop',
        reason: 'attempts-exhausted',
      });
    }
  });

  it('waits exactly Retry-After on a 429, gives up when it is too long or repeated too often', () => {
    expect(decideRetry('rate-limited', 7, { failures: 0, rateLimited: 1 }, policy)).toEqual({
      action: 'retry',
      delayMs: 7_000,
      reason: 'rate-limited',
    });
    expect(decideRetry('rate-limited', undefined, { failures: 0, rateLimited: 1 }, policy)).toEqual({
      action: 'retry',
      delayMs: 0,
      reason: 'rate-limited',
    });
    expect(decideRetry('rate-limited', 31, { failures: 0, rateLimited: 1 }, policy)).toEqual({
      action: 'stop',
      reason: 'retry-after-too-long',
    });
    expect(decideRetry('rate-limited', 1, { failures: 0, rateLimited: 3 }, policy)).toEqual({
      action: 'stop',
      reason: 'rate-limit-exhausted',
    });
  });

  it('keeps the jittered back-off between half and all of an exponentially growing, capped step', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (retryNo, r) => {
          const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retryNo - 1));
          const delay = backoffDelay(retryNo, policy, () => r);
          expect(delay).toBeGreaterThanOrEqual(Math.floor(step / 2));
          expect(delay).toBeLessThanOrEqual(step);
        },
      ),
    );
    expect(backoffDelay(1, policy, () => 0)).toBe(50);
    expect(backoffDelay(3, policy, () => 1)).toBe(400);
    expect(backoffDelay(10, policy, () => 1)).toBe(1_000);
  });

  it('clamps nonsense settings', () => {
    expect(retryPolicy({ attempts: 0, baseDelayMs: -5 })).toMatchObject({ attempts: 1, baseDelayMs: 0 });
  });
});
