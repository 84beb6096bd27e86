import { describe, expect, it } from 'vitest';
import { createI18n } from '../../src/bot/i18n.ts';
import { problemText, toServiceProblem } from '../../src/bot/service-problem.ts';
import {
  MerchantAbortedError,
  MerchantBudgetUnavailableError,
  fromTransportError,
  toMerchantError,
} from '../../src/merchant/errors.ts';

// The one table from a Merchant API failure to what the chat says, fed with errors as the client builds them.
const i18n = createI18n('en');
const say = (error: unknown): string => {
  const [key, vars] = problemText(toServiceProblem(error));
  return i18n.t('en', key, vars);
};
const json = (body: unknown) => JSON.stringify(body);

describe('service problems: one table from the Merchant error kinds to texts', () => {
  it('only a Merchant client error is read; anything else that merely has a kind is unexpected', () => {
    expect(toServiceProblem({ kind: 'forbidden', httpStatus: 403 })).toEqual({ kind: 'unexpected' });
    expect(toServiceProblem(new Error('boom'))).toEqual({ kind: 'unexpected' });
    expect(say({ kind: 'rate-limited', retryAfterSeconds: 5 })).toBe(say(new Error('boom')));
    expect(say('not even an error')).toMatch(/did not answer/);
  });

  it('keeps only the parts the chat needs', () => {
    const error = toMerchantError(400, undefined, json({ quote_token: [{ code: 'quote_expired' }] }));
    expect(toServiceProblem(error)).toEqual({
      kind: 'quote-token',
      key: 'quote_token',
      code: 'quote_expired',
      httpStatus: 400,
    });
  });

  it('refused, unavailable: by kind; no text sends anyone away for being busy (a busy step waits in line)', () => {
    // The top-up never shows these for a 429 (it goes back in line); should one reach the table, it is no "busy".
    for (const error of [
      toMerchantError(429, { 'retry-after': '7' }, ''),
      toMerchantError(429, undefined, ''),
      new MerchantAbortedError('gave up waiting'),
    ]) {
      expect(say(error), error.kind).not.toMatch(/busy/);
      expect(say(error), error.kind).toMatch(/did not answer/);
    }
    expect(say(toMerchantError(403, undefined, json({ detail: 'bad signature' })))).toMatch(/refusing/);
    expect(say(toMerchantError(403, undefined, '<html>blocked</html>'))).toMatch(/refusing/);
    for (const error of [
      toMerchantError(502, undefined, '<html>bad gateway</html>'),
      fromTransportError(Object.assign(new Error('t'), { code: 'UND_ERR_HEADERS_TIMEOUT' })),
      fromTransportError(Object.assign(new Error('n'), { code: 'ECONNRESET' })),
      new MerchantBudgetUnavailableError('no redis'),
    ]) {
      expect(say(error), error.kind).toMatch(/did not answer/);
    }
  });

  it('refusals: by the body key the service named', () => {
    const refusal = (key: string) => say(toMerchantError(400, undefined, json({ [key]: ['no'] })));
    expect(refusal('balance')).toMatch(/enough money/);
    expect(refusal('risk')).toMatch(/limit/);
    expect(refusal('wallet')).toMatch(/not active/);
    expect(refusal('amount')).toMatch(/amount is not accepted/);
    expect(say(toMerchantError(400, undefined, json({ detail: 'gone' })))).toMatch(/no longer available/);
    // A 404 carries no body key: the chat only knows the service did not serve it.
    expect(say(toMerchantError(404, undefined, json({ detail: 'gone' })))).toMatch(/did not answer/);
    // A key the table does not know, or one that only looks like an object's own property.
    expect(refusal('phone')).toMatch(/did not answer/);
    expect(refusal('toString')).toMatch(/did not answer/);
  });
});
