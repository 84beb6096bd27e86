import { afterEach, describe, expect, it } from 'vitest';
import type { StandInUser } from '../../src/sandbox/telegram/driver.ts';
import type { ChatMessage } from '../../src/sandbox/telegram/types.ts';
import { say, typeToQuote, waitForRepeatButtons } from '../bot/flow/helpers.ts';
import { controlClient } from '../support/bot-world.ts';
import { killChild, type Child } from '../support/child.ts';
import { freePort } from '../support/ports.ts';
import { startRoundRobin, type RoundRobin } from '../support/round-robin.ts';
import { startLocalParts, type LocalParts } from '../support/local-parts.ts';
import { outputLine, startCrashBot, waitForValue } from './support/crash-bot-process.ts';

// A confirmed quote whose process is SIGKILLed just before storing the order intent (the chat still shows the
// quote: "⏳ Placing the order…" comes only once it is stored), or right after storing it, on real processes as
// production runs them. The merchant order number is derived from the confirmation, so the ✅ handled again names
// the same order.

const ADMIN = 710_000_003;
const RESELLER = 710_000_004;
const POINT = 'before-save';

const startBot = startCrashBot;
const waitFor = waitForValue;
const line = outputLine;

interface World extends LocalParts {
  control: ReturnType<typeof controlClient>;
  env: Record<string, string>;
  children: Child[];
  proxy?: RoundRobin;
}

async function startWorld(mode: 'polling' | 'webhook'): Promise<World> {
  const parts = await startLocalParts({
    users: [
      { id: ADMIN, firstName: 'Ada', languageCode: 'en', started: true },
      { id: RESELLER, firstName: 'Rita', languageCode: 'en', started: true },
    ],
    sandbox: { initialBalance: '1000' },
  });
  const env: Record<string, string> = {
    ...parts.env,
    BOT_MODE: mode,
    MERCHANT_RATE_LIMIT_PER_MINUTE: '1000',
    ADMIN_IDS: String(ADMIN),
    LOG_LEVEL: 'silent',
  };
  return { ...parts, control: controlClient(parts.urls.controlUrl), env, children: [] };
}

interface SandboxOrderView {
  order_id: string;
  external_order_id: string;
}

async function ordersAtSandbox(w: World): Promise<SandboxOrderView[]> {
  return (await w.control.get<{ results: SandboxOrderView[] }>('orders')).results;
}

/** Replicas A (held still at `point`) and B behind one webhook balancer that sends every update to A for now. */
async function startPair(w: World, point: string, extra: Record<string, string> = {}) {
  const proxy = (w.proxy = await startRoundRobin());
  const [portA, portB] = [await freePort(), await freePort()];
  const env = { ...w.env, PUBLIC_URL: proxy.url, TELEGRAM_WEBHOOK_SECRET: 'crash-test-secret', ...extra };
  const a = startBot({ ...env, HTTP_PORT: String(portA), CRASH_AT: point });
  const b = startBot({ ...env, HTTP_PORT: String(portB) });
  w.children.push(a, b);
  await line(a, 'READY');
  await line(b, 'READY');
  proxy.setTargets([`http://127.0.0.1:${portA}`]);
  return { a, toB: () => proxy.setTargets([`http://127.0.0.1:${portB}`]) };
}

/** ✅ on `quote`, handled by `a` up to `point`: the order's number and its "Placing" message. */
async function confirmUntil(user: StandInUser, quote: ChatMessage, a: Child, point: string) {
  user.press(quote, /✅/);
  const ext = (await line(a, `AT ${point}`)).split(' ')[2]!;
  const placing = await user.waitForBotMessage(
    (m) => m.text.includes('Placing the order') && m.text.includes(ext),
    { after: quote.id - 1, timeoutMs: 30_000 },
  );
  return { ext, placing };
}

/** The sandbox's orders, once one of them is `ext`. */
function sandboxOrdersWith(w: World, ext: string, user: StandInUser): Promise<SandboxOrderView[]> {
  return waitFor(
    async () => {
      const all = await ordersAtSandbox(w);
      return all.some((o) => o.external_order_id === ext) ? all : undefined;
    },
    120_000,
    () =>
      `an order ${ext} at the sandbox; chat: ${user
        .chat()
        .map((m) => m.text.slice(0, 300))
        .join(' | ')}`,
  );
}

let world: World | null = null;

afterEach(async () => {
  if (world === null) return;
  await Promise.all(world.children.map(killChild));
  await world.proxy?.close();
  await world.close();
  world = null;
});

/** The texts the bot wrote (sent or edited) that say "Placing". */
function placingTexts(w: World): string[] {
  return [...w.standIn.driver.calls('sendMessage'), ...w.standIn.driver.calls('editMessageText')]
    .map((c) => String(c.params['text']))
    .filter((text) => text.includes('Placing the order'));
}

describe('SIGKILL just before the intent is stored', () => {
  it('polling: after the restart the quote is still there to confirm, nothing reached the service, and ✅ again places the same number once', async () => {
    const w = (world = await startWorld('polling'));
    const port = String(await freePort());
    const first = startBot({ ...w.env, HTTP_PORT: port, CRASH_AT: POINT });
    w.children.push(first);
    await line(first, 'READY');

    const ada = w.standIn.driver.user({ id: ADMIN });
    const quote = await typeToQuote(ada, '08031234890');
    ada.press(quote, /✅/);
    const ext = (await line(first, `AT ${POINT}`)).split(' ')[2]!;
    await killChild(first);
    expect(placingTexts(w)).toEqual([]);
    expect(await ordersAtSandbox(w)).toEqual([]);

    const second = startBot({ ...w.env, HTTP_PORT: port });
    w.children.push(second);
    await line(second, 'READY');
    // The update the first process died on is not fetched again (polling confirmed it): the quote still offers ✅.
    const still = ada.chat().find((m) => m.id === quote.id)!;
    expect(still.buttons.flat().some((b) => b.text.includes('✅'))).toBe(true);
    ada.press(still, /✅/);
    const orders = await sandboxOrdersWith(w, ext, ada);
    expect(orders.map((o) => o.external_order_id)).toEqual([ext]);
    await waitForRepeatButtons(ada, still, 60_000);
    expect(placingTexts(w)).toEqual([expect.stringContaining(ext)]);
  }, 240_000);

  it('webhook, two replicas: the update whose first handler was killed is delivered again and handled by the other replica', async () => {
    const w = (world = await startWorld('webhook'));
    const { a, toB } = await startPair(w, POINT);
    const ada = w.standIn.driver.user({ id: ADMIN });
    const quote = await typeToQuote(ada, '08031234891');
    ada.press(quote, /✅/);
    const ext = (await line(a, `AT ${POINT}`)).split(' ')[2]!;
    // The load balancer sends everything to B from now on; A dies holding the ✅ update.
    toB();
    await killChild(a);

    const orders = await sandboxOrdersWith(w, ext, ada);
    expect(orders.map((o) => o.external_order_id)).toEqual([ext]);
    const orderId = orders[0]!.order_id;
    // The chat is told, and "Placing" was written once, by B, on the quote's own message. Counted in the calls,
    // not in the chat as it looks now: once placed, the order service edits that message into the order's status
    // line, so whether it still reads "Placing" at any given moment is a race.
    await waitForRepeatButtons(ada, quote, 60_000);
    expect(placingTexts(w)).toEqual([expect.stringContaining(ext)]);
    // That one message is the order's status message: it ends up showing the order the sandbox took.
    await ada.waitFor(
      (chat) => chat.find((m) => m.id === quote.id && m.text.includes(`${orderId} · ${ext}`)),
      { timeoutMs: 60_000 },
    );
  }, 240_000);
});

describe('SIGKILL after the intent is stored, the price changed before the ✅ is handled again', () => {
  it('webhook, two replicas: the stored order stands; its message is not put back to the quote, no new quote is offered', async () => {
    const w = (world = await startWorld('webhook'));
    const point = 'after-save-before-send';
    // The stored intent's re-send comes soon after its sender died.
    const { a, toB } = await startPair(w, point, {
      ORDER_TIMINGS: JSON.stringify({ placement: { leaseMs: 2_000 } }),
    });
    const ada = w.standIn.driver.user({ id: ADMIN });
    const rita = w.standIn.driver.user({ id: RESELLER });
    await say(ada, `/grant ${RESELLER} reseller`, 'is now reseller');
    await say(ada, `/credit ${RESELLER} 100`, 'New balance');
    const { ext, placing } = await confirmUntil(rita, await typeToQuote(rita, '08031234892'), a, point);
    // A dies holding the ✅ with the order stored; Rita's price goes up before B handles the ✅ again.
    toB();
    await say(ada, `/pricing set reseller ${RESELLER} 300%`, 'Rule set');
    await killChild(a);

    const orders = await sandboxOrdersWith(w, ext, rita);
    expect(orders.map((o) => o.external_order_id)).toEqual([ext]);
    const orderId = orders[0]!.order_id;
    await waitForRepeatButtons(rita, placing, 60_000);
    await rita.waitFor(
      (chat) => chat.find((m) => m.id === placing.id && m.text.includes(`${orderId} · ${ext}`)),
      { timeoutMs: 60_000 },
    );
    // B has handled the ✅ again (Telegram delivers it until a replica answers 200).
    await waitFor(
      async () => (w.standIn.driver.pendingUpdateCount() === 0 ? true : undefined),
      120_000,
      () => `${w.standIn.driver.pendingUpdateCount()} updates still pending`,
    );
    // Everything Rita's chat was sent or had edited: the quote once (its send), never again as the close of a
    // confirmation that is now the order's status message, and no quote at the new price.
    const texts = [...w.standIn.driver.calls('sendMessage'), ...w.standIn.driver.calls('editMessageText')]
      .filter((c) => c.params['chat_id'] === RESELLER)
      .map((c) => String(c.params['text']));
    expect(texts.filter((t) => t.includes('Please check this top-up'))).toHaveLength(1);
    expect(texts.filter((t) => t.includes('The price changed'))).toEqual([]);
  }, 240_000);
});
