import { afterEach, describe, expect, it } from 'vitest';
import { MTN_500, startSandbox, type RunningSandbox } from './raw-http.ts';

/** A wall clock the test moves by hand, so the minute boundaries are exactly where the test puts them. */
function manualClock(start: number) {
  let now = start;
  return {
    now: () => now,
    set: (ms: number) => {
      now = ms;
    },
  };
}

const MINUTE = 60_000;
const base = Math.floor(Date.now() / MINUTE) * MINUTE;

describe('merchant sandbox: rate limit', () => {
  let sb: RunningSandbox | undefined;
  afterEach(async () => {
    await sb?.close();
    sb = undefined;
  });

  it('allows the limit per clock minute, then 429 with Retry-After until the next :00', async () => {
    const clock = manualClock(base + 10_000);
    sb = await startSandbox({ rateLimitPerMinute: 5, clock: clock.now });
    for (let i = 0; i < 5; i++) expect((await sb.client.get('/account')).status).toBe(200);
    const limited = await sb.client.get('/recharge/countries');
    expect(limited.status).toBe(429);
    expect(typeof limited.body.detail).toBe('string');
    expect(limited.headers.get('retry-after')).toBe('50');

    clock.set(base + 59_500);
    const late = await sb.client.get('/account');
    expect(late.status).toBe(429);
    expect(late.headers.get('retry-after')).toBe('1');

    clock.set(base + MINUTE);
    expect((await sb.client.get('/account')).status).toBe(200);
  });

  it('counts rejected requests too (403, 404, 405 and 429 answers)', async () => {
    const clock = manualClock(base + 2 * MINUTE + 1_000);
    sb = await startSandbox({ rateLimitPerMinute: 5, clock: clock.now });
    expect((await sb.client.get('/account', { 'x-api-key': 'wrong' })).status).toBe(403);
    expect((await sb.client.get('/nope')).status).toBe(404);
    expect((await sb.client.send('DELETE', '/account')).status).toBe(405);
    expect((await sb.client.get('/account')).status).toBe(200);
    expect((await sb.client.get('/account')).status).toBe(200);
    expect((await sb.client.get('/account')).status).toBe(429);

    clock.set(base + 3 * MINUTE);
    for (let i = 0; i < 5; i++) expect((await sb.client.get('/account')).status).toBe(200);
    expect((await sb.client.get('/account')).status).toBe(429);
    expect((await sb.client.get('/account')).status).toBe(429);
    // The 429s themselves were counted: 7 requests in this minute.
    const log = await sb.control.get(`/requests?since=0`);
    const inMinute = log.results.filter((e: { at_ms: number }) => e.at_ms >= base + 3 * MINUTE);
    expect(inMinute).toHaveLength(7);
    expect(log.per_minute.map((m: { count: number }) => m.count)).toEqual([6, 7]);
    const last = log.results[log.results.length - 1];
    expect(last.status).toBe(429);
    expect(last.retry_after).toBe(60);
  });

  it('limits signed POSTs the same way and keeps each account on its own budget', async () => {
    const clock = manualClock(Date.now());
    sb = await startSandbox({ rateLimitPerMinute: 2, clock: clock.now });
    expect((await sb.client.post('/recharge/quote', MTN_500)).status).toBe(200);
    expect((await sb.client.post('/recharge/quote', MTN_500)).status).toBe(200);
    const third = await sb.client.post('/recharge/quote', MTN_500);
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const other = await sb.client.get('/account', {
      'x-merchant-id': 'M1000002',
      'x-api-key': 'sbx_demo_other_0d2c4b6a8e1f3a5c7b9d',
    });
    expect(other.status).toBe(200);
  });

  it('defaults to 60 requests per minute', async () => {
    const clock = manualClock(base + 5 * MINUTE);
    sb = await startSandbox({ rateLimitPerMinute: undefined, clock: clock.now });
    const state = await sb.control.get('/state');
    expect(state.account.rate_limit_per_minute).toBe(60);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await sb.client.get('/account')).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses[60]).toBe(429);
  });
});
