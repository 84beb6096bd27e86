import { describe, expect, it } from 'vitest';
import {
  fromTransportError,
  headerValue,
  isMerchantError,
  parseRetryAfter,
  toMerchantError,
} from '../../src/merchant/errors.ts';

describe('toMerchantError (pure)', () => {
  it('checks the status first, then the first JSON key', () => {
    expect(toMerchantError(400, {}, '{"balance":["Insufficient."],"detail":"x"}')).toMatchObject({
      kind: 'validation',
      key: 'balance',
      fields: { balance: ['Insufficient.'], detail: ['x'] },
    });
    // A quote_token anywhere in a 400 is a quote problem; `code` is not a field key.
    expect(toMerchantError(400, {}, '{"code":"quote_expired","quote_token":"Expired."}')).toMatchObject({
      kind: 'quote-token',
      key: 'quote_token',
      code: 'quote_expired',
    });
    expect(toMerchantError(400, {}, '<html>bad</html>')).toMatchObject({
      kind: 'validation',
      key: undefined,
    });
  });

  it('keeps items that are plain messages as a field, and aligned objects as items', () => {
    expect(toMerchantError(400, {}, '{"items":["This list may not be empty."]}')).toMatchObject({
      fields: { items: ['This list may not be empty.'] },
      items: [],
    });
    expect(toMerchantError(400, {}, '{"items":[{},{"quantity":["Too small."]}]}')).toMatchObject({
      key: 'items',
      items: [{}, { quantity: ['Too small.'] }],
    });
  });

  it('tells the service 403 (JSON detail) from the network edge 403 (anything else)', () => {
    expect(toMerchantError(403, {}, '{"detail":"Signature missing."}')).toMatchObject({
      kind: 'forbidden',
      mayHaveReached: true,
    });
    for (const body of ['Access denied', '', '<html>denied</html>', '["x"]']) {
      expect(toMerchantError(403, {}, body)).toMatchObject({ kind: 'edge-forbidden', mayHaveReached: false });
    }
  });

  it('never puts the service text into the message (it could echo a phone number)', () => {
    const error = toMerchantError(400, {}, '{"detail":"Number 2348031234567 is not MTN."}');
    expect(error.detail).toContain('2348031234567');
    expect(error.message).not.toContain('2348031234567');
  });

  it('reads Retry-After as seconds or an HTTP date, from any header bag', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('17', now)).toBe(17);
    expect(parseRetryAfter('1.2', now)).toBe(2);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(
      toMerchantError(429, new Headers({ 'Retry-After': '5' }), '{"detail":"t"}').retryAfterSeconds,
    ).toBe(5);
    expect(toMerchantError(429, { 'retry-after': ['9'] }, '').retryAfterSeconds).toBe(9);
    expect(headerValue({ 'Retry-After': '3' }, 'retry-after')).toBe('3');
  });

  it('maps every other status to its kind', () => {
    expect(toMerchantError(404, {}, '<html/>').kind).toBe('not-found');
    expect(toMerchantError(405, {}, '{"detail":"x"}').kind).toBe('method-not-allowed');
    expect(toMerchantError(500, {}, '').kind).toBe('server');
    expect(toMerchantError(599, {}, '').kind).toBe('server');
    for (const status of [301, 401, 409, 422])
      expect(toMerchantError(status, {}, '').kind).toBe('unexpected');
  });
});

describe('fromTransportError', () => {
  const withCode = (code: string): Error => Object.assign(new Error(`boom ${code}`), { code });

  it('sorts time-outs, network failures and aborts, knowing when nothing was sent', () => {
    expect(fromTransportError(withCode('UND_ERR_HEADERS_TIMEOUT'))).toMatchObject({
      kind: 'timeout',
      mayHaveReached: true,
    });
    expect(fromTransportError(withCode('UND_ERR_CONNECT_TIMEOUT'))).toMatchObject({
      kind: 'timeout',
      mayHaveReached: false,
    });
    expect(fromTransportError(withCode('ECONNREFUSED'))).toMatchObject({
      kind: 'network',
      mayHaveReached: false,
    });
    expect(fromTransportError(withCode('ECONNRESET'))).toMatchObject({
      kind: 'network',
      mayHaveReached: true,
    });
    expect(fromTransportError(new Error('wrapped', { cause: withCode('UND_ERR_SOCKET') }))).toMatchObject({
      kind: 'network',
      causeCode: 'UND_ERR_SOCKET',
    });
    expect(fromTransportError(withCode('UND_ERR_ABORTED')).kind).toBe('aborted');
    expect(fromTransportError(new Error('x'), true).kind).toBe('aborted');
  });

  it('keeps the library error out: no cause, no message text copied', () => {
    const leaky = withCode('ECONNRESET');
    leaky.message = 'socket hang up x-api-key: sk_live_secret';
    const error = fromTransportError(leaky);
    expect(isMerchantError(error)).toBe(true);
    expect(error.cause).toBeUndefined();
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain('sk_live_secret');
  });
});
