import type { ChatMessage } from '../../../src/sandbox/telegram/types.ts';
import type { StandInUser } from '../../../src/sandbox/telegram/driver.ts';
import { startBotWorld, type BotWorld } from '../../support/bot-world.ts';

// Shared steps of the top-up flow tests: every wait is on a condition, never on a fixed delay.

export const WAIT = { timeoutMs: 20_000 };

/** Tests type far faster than people: a per-user limit (USER_UPDATE_LIMIT) that a scripted user never reaches. */
export const FAST_USER = { USER_UPDATE_LIMIT: '10000' };

/**
 * Tests type far faster than people, in one chat: the bot's own pace of one message a second per chat (Telegram's
 * limit, which the stand-in does not enforce) lifted, where a test's chats are not about the pace. Calls to one chat
 * stay one at a time and in order.
 */
export const FAST_CHATS = { telegramChatMinTimeMs: 0 };

/**
 * A bot and a sandbox that share a small request budget (`limit` a window of `windowMs`, shortened from a minute
 * for both), with the catalogue read once (cached for hours in production) so the line holds only what a test
 * puts there.
 */
export async function startLineWorld(limit: number, windowMs: number): Promise<BotWorld> {
  const world = await startBotWorld({
    env: { ...FAST_USER, MERCHANT_RATE_LIMIT_PER_MINUTE: String(limit) },
    overrides: { budgetWindowMs: windowMs },
    sandbox: { rateLimitPerMinute: limit, rateLimitWindowMs: windowMs },
  });
  const app = world.apps[0]!;
  await app.catalogue.countries();
  await app.catalogue.operators('NG');
  return world;
}

export const PROMPT = {
  country: 'Which country',
  operator: 'Which operator',
  subtype: 'What do you want to buy',
  currency: 'more than one currency',
  amount: 'How much',
  phone: 'Send the phone number',
  quote: 'Please check this top-up',
} as const;

export interface SandboxOrder {
  order_id: string;
  external_order_id: string;
  status: string;
  account: string;
  country: string;
  subtype: string;
  local_amount: string;
  local_currency: string;
  merchant_price: string;
  operator: { operator_key: string };
  quote_token: string;
}

export interface SandboxRequest {
  seq: number;
  method: string;
  path: string;
  status: number;
  external_order_id?: string | null;
}

/** Every order the sandbox holds for `account` (digits with country code). */
export async function ordersTo(world: BotWorld, account: string): Promise<SandboxOrder[]> {
  const list = await world.control.get<{ results: SandboxOrder[] }>(
    `orders?search=${encodeURIComponent(account)}`,
  );
  return list.results;
}

export async function allOrders(world: BotWorld): Promise<SandboxOrder[]> {
  return (await world.control.get<{ results: SandboxOrder[] }>('orders')).results;
}

export async function requestLog(world: BotWorld): Promise<SandboxRequest[]> {
  return (await world.control.get<{ results: SandboxRequest[] }>('requests')).results;
}

/** Number of quote requests the sandbox has seen. */
export async function quoteRequestCount(world: BotWorld): Promise<number> {
  return (await requestLog(world)).filter((r) => r.path.endsWith('/recharge/quote')).length;
}

/**
 * Distinct merchant order numbers ever sent in order placements (POST /recharge/orders). A placement may be
 * resent after a timeout with the same number (a replay, never a second order), so numbers are counted.
 */
export async function orderPostCount(world: BotWorld): Promise<number> {
  const posts = (await requestLog(world)).filter(
    (r) => r.method === 'POST' && r.path.endsWith('/recharge/orders'),
  );
  return new Set(posts.map((r) => r.external_order_id ?? `#${r.seq}`)).size;
}

/** Sends text and waits for the next bot message that contains `expect`. */
export async function say(user: StandInUser, text: string, expect: string | RegExp): Promise<ChatMessage> {
  const sent = text.startsWith('/') ? user.sendCommand(text) : user.sendText(text);
  return user.waitForBotMessage((m) => matches(m.text, expect), { ...WAIT, after: sent.messageId });
}

/** Presses a button on `message` and waits for a bot message (new or edited) that contains `expect`. */
export async function tap(
  user: StandInUser,
  message: ChatMessage,
  button: string | RegExp,
  expect: string | RegExp,
): Promise<ChatMessage> {
  const before = lastBotId(user);
  user.press(message, button);
  return user.waitForBotMessage((m) => matches(m.text, expect), { ...WAIT, after: before });
}

export function lastBotId(user: StandInUser): number {
  return user.chat().reduce((max, m) => Math.max(max, m.id), 0);
}

/**
 * Bot messages after `id` that belong to the flow: order status lines and receipts (they name an `O-…`
 * order and may arrive late from an earlier order) are left out.
 */
export function flowMessagesSince(user: StandInUser, id: number): ChatMessage[] {
  return user.chat().filter((m) => m.id > id && m.from === 'bot' && !/O-\d/.test(m.text));
}

export function matches(text: string, expect: string | RegExp): boolean {
  return typeof expect === 'string' ? text.includes(expect) : expect.test(text);
}

export function buttonTexts(message: ChatMessage): string[] {
  return message.buttons.flat().map((b) => b.text);
}

/** The current version of a message as the user sees it. */
export function current(user: StandInUser, id: number): ChatMessage | undefined {
  return user.chat().find((m) => m.id === id);
}

/** Waits until the chat shows the final status of an order (✅/⚠️/↩️ line naming O-…). */
export async function waitForOrderLine(user: StandInUser, timeoutMs = 30_000): Promise<ChatMessage> {
  return user.waitFor(
    (chat) =>
      chat.find((m) => m.from === 'bot' && /^(⏳|🔎|✅|⚠️|↩️)/u.test(m.text) && m.text.includes('O-')),
    { timeoutMs },
  );
}

/**
 * Waits until the quote's message, which became its order's status message, shows the 🔁 buttons: the order was
 * placed and its first status told.
 */
export async function waitForRepeatButtons(
  user: StandInUser,
  quote: ChatMessage,
  timeoutMs = 30_000,
): Promise<ChatMessage> {
  return user.waitFor(
    (chat) =>
      chat.find((m) => m.id === quote.id && m.buttons.flat().some((b) => b.text.includes('Same number'))),
    { timeoutMs },
  );
}

/** Waits until the sandbox has `count` orders to `account` and returns them. */
export async function waitForOrders(
  world: BotWorld,
  account: string,
  count: number,
  timeoutMs = 20_000,
): Promise<SandboxOrder[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const orders = await ordersTo(world, account);
    if (orders.length >= count || Date.now() > deadline) return orders;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Goes through the guided flow for NG-MTN airtime by typing; stops at the phone number's prompt. */
export async function typeToPhone(user: StandInUser, amount = '500'): Promise<ChatMessage> {
  await say(user, '/topup', PROMPT.country);
  await say(user, 'Nigeria', PROMPT.operator);
  await say(user, 'MTN', PROMPT.subtype);
  await say(user, 'Airtime', PROMPT.amount);
  return say(user, amount, PROMPT.phone);
}

/** Goes through the guided flow for NG-MTN airtime by typing; stops at the quote message. */
export async function typeToQuote(user: StandInUser, phone: string, amount = '500'): Promise<ChatMessage> {
  await typeToPhone(user, amount);
  return say(user, phone, PROMPT.quote);
}

/** Types a top-up to `phone`, confirms it and waits for "… was refused": the refused order's merchant number. */
export async function confirmToRefusal(user: StandInUser, phone: string): Promise<string> {
  const quote = await typeToQuote(user, phone);
  user.press(quote, /✅/);
  // The quote's message becomes the order's status message: it says so itself.
  const refused = await user.waitForBotMessage((m) => m.text.includes('was refused'), {
    ...WAIT,
    after: quote.id - 1,
  });
  const ext = /(\S+) was refused/.exec(refused.text)?.[1];
  if (ext === undefined) throw new Error(`no merchant order number in: ${refused.text}`);
  return ext;
}
