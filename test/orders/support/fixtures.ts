import { randomBytes } from 'node:crypto';
import type { OrderIntent } from '../../../src/orders/types.ts';

let counter = 0;

/** A distinct merchant order number per call (allowed characters only). */
export function newExt(tag = 't'): string {
  counter++;
  return `rb-${tag}-${counter}-${randomBytes(4).toString('hex')}`;
}

let phoneCounter = 0;

/** A Nigerian mobile number (digits with country code) ending in `ending`, distinct per call (1000 per ending). */
export function phone(ending: string, middle?: number): string {
  const m = middle ?? phoneCounter++ % 1000;
  return `234803${String(m).padStart(3, '0')}${ending}`;
}

/** A confirmed top-up as the conversation hands it over. */
export function intent(overrides: Partial<OrderIntent> & { account?: string } = {}): OrderIntent {
  const externalOrderId = overrides.externalOrderId ?? newExt();
  const account = overrides.account ?? phone(String(1000 + (counter % 8000)));
  return {
    externalOrderId,
    request: {
      externalOrderId,
      country: 'NG',
      operatorKey: 'NG-MTN',
      amount: '500.0000',
      localCurrency: 'NGN',
      subtype: 'airtime',
      account,
      quoteToken: 'qt-test',
      ...overrides.request,
    },
    quote: {
      countryName: 'Nigeria',
      operatorName: 'MTN Nigeria',
      subtype: 'airtime',
      localAmount: '500.0000',
      localCurrency: 'NGN',
      merchantPrice: '0.3400',
      merchantCurrency: 'USD',
      expiresAt: new Date(Date.now() + 300_000).toISOString(),
      ...overrides.quote,
    },
    resellerId: overrides.resellerId ?? 1001,
    chatId: overrides.chatId ?? overrides.resellerId ?? 1001,
    locale: overrides.locale ?? 'en',
    ...(overrides.statusMessageId === undefined ? {} : { statusMessageId: overrides.statusMessageId }),
  };
}
