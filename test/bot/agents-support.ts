import type { App } from '../../src/app.ts';
import { toApiAmount } from '../../src/domain/money.ts';
import { newMerchantOrderNumber } from '../../src/domain/order-number.ts';
import { orderKeys } from '../../src/orders/keys.ts';
import type { OrderIntent, StoredOrder } from '../../src/orders/types.ts';
import type { StandInUser } from '../../src/sandbox/telegram/driver.ts';
import type { ChatMessage } from '../../src/sandbox/telegram/types.ts';

/** A Nigerian MTN number; `n` picks a distinct one, `ending` the sandbox's magic last four digits. */
export function ngNumber(n: number, ending = '0000'): string {
  return `234803${String(n).padStart(3, '0')}${ending}`;
}

export interface OrderOptions {
  resellerId: number;
  account: string;
  amount?: string;
  operatorKey?: string;
  locale?: string;
}

/**
 * Places a real order the way the top-up conversation does (a real quote, then the order service), so the
 * sandbox and our store both hold it.
 */
export async function placeOrder(app: App, options: OrderOptions): Promise<StoredOrder> {
  const result = await app.orders.service.submit(await orderIntent(app, options));
  if (result.outcome !== 'placed') throw new Error(`order not placed: ${result.outcome}`);
  return result.order;
}

/** The intent the top-up conversation would record after a real quote. */
/**
 * An order placed at the service directly, without this bot (as from the Portal or another system): a Glo
 * airtime top-up of 500 NGN to `account`. Only the service knows it.
 */
export async function placeAtService(
  app: App,
  account: string,
  externalOrderId = newMerchantOrderNumber(),
): Promise<{ orderId: string; externalOrderId: string }> {
  const quote = await app.merchant.createQuote({
    country: 'NG',
    operatorKey: 'NG-GLO',
    amount: '500',
    localCurrency: 'NGN',
    subtype: 'airtime',
  });
  const created = await app.merchant.createOrder({
    externalOrderId,
    country: 'NG',
    operatorKey: 'NG-GLO',
    amount: '500.0000',
    localCurrency: 'NGN',
    subtype: 'airtime',
    account,
    quoteToken: quote.quoteToken,
  });
  return { orderId: created.order.orderId, externalOrderId };
}

export async function orderIntent(app: App, options: OrderOptions): Promise<OrderIntent> {
  const quote = await app.merchant.createQuote({
    country: 'NG',
    operatorKey: options.operatorKey ?? 'NG-MTN',
    amount: options.amount ?? '500',
    localCurrency: 'NGN',
    subtype: 'airtime',
  });
  const externalOrderId = newMerchantOrderNumber();
  const intent: OrderIntent = {
    externalOrderId,
    request: {
      externalOrderId,
      country: quote.country,
      operatorKey: quote.operator.operatorKey,
      amount: toApiAmount(quote.localAmount),
      localCurrency: quote.localCurrency,
      subtype: quote.subtype,
      account: options.account,
      quoteToken: quote.quoteToken,
    },
    quote: {
      countryName: quote.countryName,
      operatorName: quote.operator.name,
      subtype: quote.subtype,
      localAmount: toApiAmount(quote.localAmount),
      localCurrency: quote.localCurrency,
      merchantPrice: quote.merchantPrice.toString(),
      merchantCurrency: quote.merchantCurrency,
      expiresAt: quote.expiresAt.toISOString(),
    },
    resellerId: options.resellerId,
    chatId: options.resellerId,
    locale: options.locale ?? 'en',
  };
  return intent;
}

/** Sends a command and resolves with the bot's first message after it. */
export async function ask(
  user: StandInUser,
  command: string,
  predicate: (m: ChatMessage) => boolean = () => true,
): Promise<ChatMessage> {
  const sent = user.sendCommand(command);
  return user.waitForBotMessage(predicate, { after: sent.messageId, timeoutMs: 20_000 });
}

/** Waits until a condition holds (generous timeout, no fixed sleeps). */
export async function eventually<T>(
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every callback_data of a message's buttons, row by row. */
export function buttonData(message: ChatMessage): string[] {
  return message.buttons.flat().map((b) => b.data ?? '');
}

// Compare-and-set on the record's `rev`, as the store's own commit does, so a writer racing the test (the
// notifier recording its status message) retries on the aged copy instead of overwriting it.
const AGE_COPY = `if redis.call('HGET', KEYS[1], 'rev') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'data', ARGV[2], 'rev', tostring(tonumber(ARGV[1]) + 1))
return 1`;

/** Makes our stored copy of an order look last read from the service `ageMs` ago. */
export async function ageStoredCopy(app: App, externalOrderId: string, ageMs: number): Promise<void> {
  const key = orderKeys(app.config.redis.prefix).order(externalOrderId);
  for (;;) {
    const [rev, data] = await app.redis.hmget(key, 'rev', 'data');
    if (rev === null || rev === undefined || data === null || data === undefined)
      throw new Error(`no stored order ${externalOrderId}`);
    const order = JSON.parse(data) as StoredOrder;
    order.syncedAt = new Date(Date.now() - ageMs).toISOString();
    if ((await app.redis.eval(AGE_COPY, 1, key, rev, JSON.stringify(order))) === 1) return;
  }
}
