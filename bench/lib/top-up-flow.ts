import type { StandInUser } from '../../src/sandbox/telegram/index.ts';
import type { BotCall, CallTap } from './call-tap.ts';
import { sleep } from './stats.ts';

export interface Exchange {
  /** From the user's update to the first bot call that touched this chat. */
  latencyMs: number;
  /** The call that satisfied the predicate. */
  call: BotCall;
}

export class FlowTimeout extends Error {
  readonly kind = 'flow-timeout' as const;
}

/**
 * One user action and the bot's reaction: times the first answer in the chat, then waits for the answer
 * the flow needs (several calls may come: a removed keyboard, then the next prompt).
 */
export function exchange(
  tap: CallTap,
  chatId: number,
  act: () => void,
  until: (call: BotCall) => boolean,
  timeoutMs = 60_000,
): Promise<Exchange> {
  return new Promise<Exchange>((resolve, reject) => {
    let first: number | undefined;
    const started = performance.now();
    const timer = setTimeout(() => {
      off();
      reject(new FlowTimeout(`chat ${chatId}: no matching answer within ${timeoutMs} ms`));
    }, timeoutMs);
    const off = tap.on(chatId, (call) => {
      first ??= call.at - started;
      if (!until(call)) return;
      clearTimeout(timer);
      off();
      resolve({ latencyMs: first, call });
    });
    try {
      act();
    } catch (error) {
      clearTimeout(timer);
      off();
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

/** A valid Nigerian MTN mobile number (0803 …) whose last four digits are never a sandbox magic ending. */
export function phoneFor(n: number, magic?: string): string {
  if (magic !== undefined) return `0803${String(n % 1000).padStart(3, '0')}${magic}`;
  const base = String(2_000_000 + (n % 1_000_000));
  const last4 = base.slice(3);
  // A magic ending (1111…8888) moves to the otherwise unused 9xx block, keeping every number distinct.
  if (/^(\d)\1{3}$/.test(last4))
    return `08039${base.slice(1, 3)}${last4.slice(0, 3)}${(Number(last4[3]) + 1) % 10}`;
  return `0803${base.slice(0, 3)}${last4}`;
}

export type PlacementOutcome = 'placed' | 'not-placed';

export interface TopUpResult {
  latencies: number[];
  updates: number;
  outcome: PlacementOutcome;
  /** The service's order ID (O-…) when placed. */
  orderId: string | undefined;
  /** The bot's last answer (why a top-up was not placed). */
  lastText: string;
}

export interface TopUpOptions {
  /** Pause before each action, like a person reading the prompt. */
  thinkMs?: () => number;
  timeoutMs?: number;
  /** What to buy (Nigerian airtime; default MTN, 500 NGN typed): the operator's name as typed, and the amount. */
  product?: { operator: string; amount: string };
}

const ORDER_ID = /\b(O-[A-Za-z0-9-]+)/;
const NOT_PLACED = /not placed|was refused|went wrong|has not confirmed|busy|not available|expired/i;

/** The guided top-up of the smoke test, typed answer by typed answer, then ✅ on the quote. */
export async function guidedTopUp(
  tap: CallTap,
  user: StandInUser,
  phone: string,
  options: TopUpOptions = {},
): Promise<TopUpResult> {
  const latencies: number[] = [];
  const think = async () => {
    const ms = options.thinkMs?.() ?? 0;
    if (ms > 0) await sleep(ms);
  };
  const step = async (act: () => void, expect: RegExp | ((text: string) => boolean)): Promise<BotCall> => {
    await think();
    const test = typeof expect === 'function' ? expect : (text: string) => expect.test(text);
    const done = await exchange(tap, user.id, act, (c) => test(c.text), options.timeoutMs);
    latencies.push(done.latencyMs);
    return done.call;
  };
  await step(() => user.sendCommand('/topup'), /Which country/);
  const product = options.product ?? { operator: 'MTN', amount: '500' };
  await step(() => user.sendText('Nigeria'), /Which operator/);
  // An operator that sells airtime only asks no kind.
  const kind = await step(() => user.sendText(product.operator), /What do you want to buy|How much/);
  if (/What do you want to buy/.test(kind.text)) await step(() => user.sendText('Airtime'), /How much/);
  await step(() => user.sendText(product.amount), /Send the phone number/);
  const quote = await step(() => user.sendText(phone), /Please check this top-up|busy|not available/);
  if (!/Please check this top-up/.test(quote.text)) {
    return {
      latencies,
      updates: latencies.length,
      outcome: 'not-placed',
      orderId: undefined,
      lastText: quote.text,
    };
  }
  const placed = await step(
    () => user.press(quote.messageId, /✅/),
    (text) => ORDER_ID.test(text) || NOT_PLACED.test(text),
  );
  const orderId = ORDER_ID.exec(placed.text)?.[1];
  return {
    latencies,
    updates: latencies.length,
    outcome: orderId === undefined ? 'not-placed' : 'placed',
    orderId,
    lastText: placed.text,
  };
}
