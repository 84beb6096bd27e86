/**
 * The account's shared quotes over a real client, a private Redis and the Merchant API sandbox, whose request log
 * counts the quotes really asked and whose orders show which token placed what.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { isMerchantError } from '../../src/merchant/errors.ts';
import {
  CHAT_QUOTE_LEFT_MS,
  UNATTENDED_QUOTE_LEFT_MS,
  createSharedQuotes,
  type QuoteSharing,
} from '../../src/merchant/shared-quotes.ts';
import type { QuoteRequest } from '../../src/merchant/types.ts';
import { sandboxPerFile } from './support/sandbox-per-file.ts';

const world = sandboxPerFile();
let prefixes = 0;
afterEach(async () => {
  await world.control.post('account', { single_use_quotes: false });
});

/** Shared quotes of one replica under a prefix of their own (`prefix` again: another replica of the same service). */
function sharedQuotes(sharing: QuoteSharing, options: { prefix?: string; shiftMs?: number } = {}) {
  const alerts: string[] = [];
  const quotes = createSharedQuotes({
    api: world.client,
    redis: world.redis,
    prefix: options.prefix ?? `sq${++prefixes}:`,
    sharing,
    alerts: { raise: async (alert) => void alerts.push(alert.kind) },
    clock: () => Date.now() + (options.shiftMs ?? 0),
  });
  return { quotes, alerts };
}

const MTN = (amount: string): Required<QuoteRequest> => ({
  country: 'NG',
  operatorKey: 'NG-MTN',
  amount,
  localCurrency: 'NGN',
  subtype: 'airtime',
});

let numbers = 0;
/** Places an order with `token` under a new merchant order number; the refusal's quote_token code, or 'placed'. */
async function placeWith(request: Required<QuoteRequest>, token: string): Promise<string> {
  try {
    await world.client.createOrder(
      {
        ...request,
        externalOrderId: `SQ-${process.pid}-${++numbers}`,
        account: `23480312${String(30_000 + numbers)}`,
        quoteToken: token,
      },
      { priority: 'placement' },
    );
    return 'placed';
  } catch (error) {
    if (isMerchantError(error) && error.key === 'quote_token') return error.code ?? 'quote_token';
    throw error;
  }
}

describe('shared quotes', () => {
  it('one quote serves every payer of a product, in every replica, while enough of it is left', async () => {
    const prefix = 'sq-share:';
    const a = sharedQuotes('auto', { prefix }).quotes;
    const b = sharedQuotes('auto', { prefix }).quotes;
    const before = await world.quotesSent();
    const first = await a.createQuote(MTN('500'));
    // Another replica, an amount written differently, callers arriving at once: the same token, no request.
    const same = await Promise.all([b.createQuote(MTN('500.00')), a.createQuote(MTN('500'))]);
    expect(same.map((q) => q.quoteToken)).toEqual([first.quoteToken, first.quoteToken]);
    expect((await world.quotesSent()) - before).toBe(1);
    // Another amount is another product.
    const other = await a.createQuote(MTN('1000'));
    expect(other.quoteToken).not.toBe(first.quoteToken);
    expect((await world.quotesSent()) - before).toBe(2);
    // Two payers place two orders on the one token (the spec ties it to the product, not to the number).
    expect(await placeWith(MTN('500'), first.quoteToken)).toBe('placed');
    expect(await placeWith(MTN('500'), first.quoteToken)).toBe('placed');
  });

  it('a chat needs more of the validity than an unattended top-up; too little left asks a fresh quote', async () => {
    const prefix = 'sq-left:';
    const now = sharedQuotes('auto', { prefix }).quotes;
    const first = await now.createQuote(MTN('700'));
    // 160 s later: 140 s are left, too little for a person to read and confirm, enough for a bulk line.
    const later = sharedQuotes('auto', { prefix, shiftMs: 160_000 }).quotes;
    const before = await world.quotesSent();
    const bulk = await later.createQuote(MTN('700'), { leftMs: UNATTENDED_QUOTE_LEFT_MS });
    expect(bulk.quoteToken).toBe(first.quoteToken);
    expect(await world.quotesSent()).toBe(before);
    const chat = await later.createQuote(MTN('700'), { leftMs: CHAT_QUOTE_LEFT_MS });
    expect(chat.quoteToken).not.toBe(first.quoteToken);
    expect(await world.quotesSent()).toBe(before + 1);
    // The fresh quote is the shared one now.
    expect((await now.createQuote(MTN('700'))).quoteToken).toBe(chat.quoteToken);
  });

  it('a refused token is not served again', async () => {
    const { quotes } = sharedQuotes('auto');
    const first = await quotes.createQuote(MTN('800'));
    await quotes.refused(MTN('800'), first.quoteToken, first.expiresAt.toISOString(), 'price_changed');
    const next = await quotes.createQuote(MTN('800'));
    expect(next.quoteToken).not.toBe(first.quoteToken);
    expect(await quotes.sharing()).toBe(true);
  });

  it('single-use tokens are detected after one refusal: admins told once, every top-up gets a token of its own', async () => {
    await world.control.post('account', { single_use_quotes: true });
    const { quotes, alerts } = sharedQuotes('auto', { prefix: 'sq-single:' });
    const { quotes: replica, alerts: replicaAlerts } = sharedQuotes('auto', { prefix: 'sq-single:' });
    const q = await quotes.createQuote(MTN('900'));
    const expires = q.expiresAt.toISOString();
    expect(await placeWith(MTN('900'), q.quoteToken)).toBe('placed');
    await quotes.placed(q.quoteToken, expires);
    const again = await replica.createQuote(MTN('900'));
    expect(again.quoteToken).toBe(q.quoteToken);
    expect(await placeWith(MTN('900'), again.quoteToken)).toBe('quote_invalid');
    await replica.refused(MTN('900'), again.quoteToken, expires, 'quote_invalid');
    await replica.refused(MTN('900'), again.quoteToken, expires, 'quote_invalid');
    expect(replicaAlerts).toEqual(['quote-single-use']);
    expect(alerts).toEqual([]);
    expect(await quotes.sharing()).toBe(false);
    expect(await replica.sharing()).toBe(false);
    // From now on every call asks the service, and every token places its order.
    const before = await world.quotesSent();
    const [x, y] = [await quotes.createQuote(MTN('900')), await replica.createQuote(MTN('900'))];
    expect(x.quoteToken).not.toBe(y.quoteToken);
    expect((await world.quotesSent()) - before).toBe(2);
    expect(await placeWith(MTN('900'), x.quoteToken)).toBe('placed');
    expect(await placeWith(MTN('900'), y.quoteToken)).toBe('placed');
    // A quote asked only for a price (an amount button) is kept unused: it serves exactly one top-up.
    const price = await quotes.createQuote(MTN('950'), { forPrice: true });
    const again950 = await quotes.createQuote(MTN('950'), { forPrice: true });
    expect(again950.quoteToken).toBe(price.quoteToken);
    const sent = await world.quotesSent();
    const first = await replica.createQuote(MTN('950'));
    expect(first.quoteToken).toBe(price.quoteToken);
    const second = await replica.createQuote(MTN('950'));
    expect(second.quoteToken).not.toBe(price.quoteToken);
    expect((await world.quotesSent()) - sent).toBe(1);
    expect(await placeWith(MTN('950'), first.quoteToken)).toBe('placed');
    expect(await placeWith(MTN('950'), second.quoteToken)).toBe('placed');
  });

  it('a token refused as invalid that had placed nothing says nothing of the account', async () => {
    const { quotes, alerts } = sharedQuotes('auto');
    const q = await quotes.createQuote(MTN('600'));
    await quotes.refused(MTN('600'), q.quoteToken, q.expiresAt.toISOString(), 'quote_invalid');
    expect(await quotes.sharing()).toBe(true);
    expect(alerts).toEqual([]);
  });

  it('QUOTE_SHARING=off asks every time; on never stops sharing', async () => {
    const off = sharedQuotes('off').quotes;
    const before = await world.quotesSent();
    const [a, b] = [await off.createQuote(MTN('500')), await off.createQuote(MTN('500'))];
    expect(a.quoteToken).not.toBe(b.quoteToken);
    expect((await world.quotesSent()) - before).toBe(2);

    const { quotes: on, alerts } = sharedQuotes('on');
    const q = await on.createQuote(MTN('500'));
    await on.placed(q.quoteToken, q.expiresAt.toISOString());
    await on.refused(MTN('500'), q.quoteToken, q.expiresAt.toISOString(), 'quote_invalid');
    expect(await on.sharing()).toBe(true);
    expect(alerts).toEqual([]);
  });
});
