import { describe, expect, it } from 'vitest';
import { answerVerdict, createAnswerRecord } from '../../src/merchant/answers.ts';

describe('what an answer says about the Merchant API (readiness evidence)', () => {
  it('a success or a 400/404/405 shows the service up with our credentials accepted', () => {
    expect(answerVerdict(undefined, 200)).toBe(true);
    expect(answerVerdict('validation', 400)).toBe(true);
    expect(answerVerdict('quote-token', 400)).toBe(true);
    expect(answerVerdict('not-found', 404)).toBe(true);
    expect(answerVerdict('method-not-allowed', 405)).toBe(true);
    expect(answerVerdict('unexpected', 200)).toBe(true);
  });

  it('a 403 of either kind, a 5xx, a timeout, a network failure or an odd status is a failure', () => {
    expect(answerVerdict('forbidden', 403)).toBe(false);
    expect(answerVerdict('edge-forbidden', 403)).toBe(false);
    expect(answerVerdict('server', 503)).toBe(false);
    expect(answerVerdict('timeout')).toBe(false);
    expect(answerVerdict('network')).toBe(false);
    expect(answerVerdict('unexpected', 401)).toBe(false);
  });

  it('a 429, a call given up or never sent says nothing', () => {
    expect(answerVerdict('rate-limited', 429)).toBeUndefined();
    expect(answerVerdict('aborted')).toBeUndefined();
    expect(answerVerdict('budget-unavailable')).toBeUndefined();
    expect(answerVerdict('invalid-request')).toBeUndefined();
  });

  it('the record keeps the newest evidence and ignores answers that say nothing', () => {
    const record = createAnswerRecord();
    expect(record.last()).toBeUndefined();
    record.note('/account', 1_000);
    record.note('/recharge/orders', 2_000, 'server', 502);
    expect(record.last()).toEqual({
      at: 2_000,
      ok: false,
      route: '/recharge/orders',
      reason: 'HTTP 502 (server)',
    });
    record.note('/recharge/quote', 3_000, 'rate-limited', 429);
    record.note('/recharge/countries', 1_500);
    expect(record.last()?.at).toBe(2_000);
    record.note('/recharge/quote', 4_000, 'validation', 400);
    expect(record.last()).toEqual({ at: 4_000, ok: true, route: '/recharge/quote' });
  });
});
