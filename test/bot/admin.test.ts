import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { formatMoney } from '../../src/domain/money.ts';
import { isFinished } from '../../src/domain/status.ts';
import type { StoredOrder } from '../../src/orders/types.ts';
import type { ChatMessage } from '../../src/sandbox/telegram/types.ts';
import { ADMIN, startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { ask, eventually, ngNumber, placeOrder } from './agents-support.ts';
import { htmlToPlain } from '../../src/lib/html.ts';

const SECOND_ADMIN = 710_000_070;
const BUYER = 710_000_071;
const FAR = 600_000;

describe('admins: /stats, /health and alert bursts', () => {
  let world: BotWorld;
  let app: App;
  const succeeded: StoredOrder[] = [];
  const failing: StoredOrder[] = [];
  let unfinished: StoredOrder;

  beforeAll(async () => {
    world = await startBotWorld({
      overrides: {
        orderTimings: { followUp: { firstDelayMs: () => FAR, backoffMs: [FAR], everyMs: FAR } },
      },
    });
    app = world.apps[0]!;
    world.standIn.driver.user({ id: BUYER, firstName: 'Bola', languageCode: 'en', started: true });
    await app.roles.change(ADMIN, BUYER, 'reseller');
  }, 30_000);

  afterAll(async () => {
    await world?.close();
  });

  it('/health before any order: Redis, the Merchant API, the budget, no webhook yet, nothing unfinished', async () => {
    const admin = world.standIn.driver.user({ id: ADMIN });
    const health = await ask(admin, '/health');
    const policy = ((await app.redis.config('GET', 'maxmemory-policy')) as string[])[1];
    const account = await app.merchant.getAccount();
    const lines = health.text.split('\n');
    expect(lines[0]).toBe('🩺 Health');
    expect(lines[1]).toMatch(new RegExp(`^Redis: reachable · maxmemory-policy ${policy}`));
    expect(lines[2]).toBe(
      `Merchant API: reachable · api_access_enabled ${account.apiAccessEnabled} · wallet currency ${account.defaultCurrency}`,
    );
    expect(lines[3]).toMatch(
      new RegExp(
        `^Request budget: \\d+ of ${new Intl.NumberFormat('en').format(app.budget.limit)} used this minute$`,
      ),
    );
    expect(lines[4]).toBe('No pause after a 429.');
    expect(lines[5]).toBe('Last webhook received: none yet');
    expect(lines[6]).toBe('Unfinished orders: 0');
  });

  it('a burst of ten failures arrives as one alert per admin, in each admin language, with buttons that open the orders', async () => {
    // A second admin who reads Spanish.
    const admin = world.standIn.driver.user({ id: ADMIN });
    const ana = world.standIn.driver.user({
      id: SECOND_ADMIN,
      firstName: 'Ana',
      languageCode: 'es',
      started: true,
    });
    expect((await ask(admin, `/grant ${SECOND_ADMIN} admin`)).text).toBe(`${SECOND_ADMIN} is now admin.`);
    const choose = await ask(ana, '/language');
    ana.press(choose, 'Español');
    await ana.waitFor((chat) => chat.find((m) => m.id === choose.id && m.text.startsWith('Idioma')));
    const adminBefore = admin.lastBotMessage()!.id;
    const anaBefore = ana.lastBotMessage()!.id;

    // Ten orders that fail (and are then refunded) within seconds, plus three that succeed and one that stays open.
    for (let i = 0; i < 10; i++)
      failing.push(await placeOrder(app, { resellerId: BUYER, account: ngNumber(100 + i, '1111') }));
    for (let i = 0; i < 3; i++)
      succeeded.push(await placeOrder(app, { resellerId: BUYER, account: ngNumber(200 + i) }));
    succeeded.push(
      await placeOrder(app, {
        resellerId: BUYER,
        account: ngNumber(203),
        operatorKey: 'NG-AIRTEL',
        amount: '250',
      }),
    );
    unfinished = await placeOrder(app, { resellerId: BUYER, account: ngNumber(204, '4444') });

    const alertsIn = (chat: ChatMessage[], after: number) =>
      chat.filter((m) => m.from === 'bot' && m.id > after && m.text.startsWith('🚨'));
    const [english, spanish] = await Promise.all([
      admin.waitFor((chat) => alertsIn(chat, adminBefore)[0], { timeoutMs: 60_000 }),
      ana.waitFor((chat) => alertsIn(chat, anaBefore)[0], { timeoutMs: 60_000 }),
    ]);
    const ids = await Promise.all(
      failing.map(async (o) => (await app.orders.service.get(o.externalOrderId))!),
    );
    for (const order of ids) {
      const vars = { orderId: order.orderId!, externalOrderId: order.externalOrderId };
      expect(english.text).toContain(htmlToPlain(app.bot.translate('en', 'alert-order-failed', vars)));
      expect(spanish.text).toContain(htmlToPlain(app.bot.translate('es', 'alert-order-failed', vars)));
    }
    expect(spanish.text.split('\n')[0]).toMatch(/^🚨 \d+ alertas$/);
    // One button per order, naming it.
    expect(
      spanish.buttons
        .flat()
        .map((b) => b.text)
        .sort(),
    ).toEqual(ids.map((o) => `Abrir ${o.orderId}`).sort());
    // Nothing else about these failures was sent: one message each, not ten.
    const failureMessages = (chat: ChatMessage[], after: number) =>
      chat.filter((m) => m.from === 'bot' && m.id > after && ids.some((o) => m.text.includes(o.orderId!)));
    expect(failureMessages(admin.chat(), adminBefore)).toHaveLength(1);
    expect(failureMessages(ana.chat(), anaBefore)).toHaveLength(1);

    // The button opens the order for the admin, in her language.
    const target = ids[3]!;
    const pressed = ana.press(spanish, `Abrir ${target.orderId}`);
    await ana.waitForCallbackAnswer(pressed.queryId);
    const card = await ana.waitForBotMessage(
      (m) => m.text.includes('Operador:') && m.text.includes(target.orderId!),
    );
    expect(card.text.split('\n')[0]).toContain(`${target.orderId} · ${target.externalOrderId}`);
    expect(card.buttons.flat().map((b) => b.text)).toEqual(['🔄 Actualizar']);
  }, 90_000);

  it('/stats counts today and the last 7 days from our orders, with exact wallet spend', async () => {
    // Every order but the long one has reached its final status.
    const finals = await eventually(async () => {
      const all = await Promise.all(
        [...failing, ...succeeded].map((o) => app.orders.service.get(o.externalOrderId)),
      );
      return all.every((o) => o?.status !== undefined && isFinished(o.status))
        ? (all as StoredOrder[])
        : null;
    }, 40_000);
    const admin = world.standIn.driver.user({ id: ADMIN });
    const stats = await ask(admin, '/stats', (m) => m.text.startsWith('📊'));
    const [today, week] = stats.text.split('\n\n');

    const ledger = await world.control.get<{
      results: Array<{ kind: string; external_order_id: string; amount: string }>;
    }>('ledger');
    const succeededIds = new Set(
      finals.filter((o) => o.status === 'succeeded').map((o) => o.externalOrderId),
    );
    const spend = ledger.results
      .filter((e) => e.kind === 'debit' && succeededIds.has(e.external_order_id))
      .reduce((sum, e) => sum.plus(e.amount), new Decimal(0));
    const currency = succeeded[0]!.quote.merchantCurrency;
    const refunded = finals.filter((o) => o.status === 'refunded').length;
    const durations = finals
      .map((o) => Date.parse(o.history.find((h) => isFinished(h.status))!.at) - Date.parse(o.createdAt))
      .sort((a, b) => a - b);
    const mid = durations.length / 2;
    const medianMs =
      durations.length % 2
        ? durations[Math.floor(mid)]!
        : Math.round((durations[mid - 1]! + durations[mid]!) / 2);
    const medianS = Math.round(medianMs / 1000);
    const total = failing.length + succeeded.length + 1;

    for (const part of [today!, week!]) {
      expect(part).toContain(`Orders: ${total}`);
      expect(part).toContain(`✅ Succeeded: ${succeededIds.size}`);
      expect(part).toContain(`↩️ Refunded: ${refunded}`);
      expect(part).toContain(
        `Success rate: ${new Decimal(succeededIds.size)
          .times(100)
          .div(succeededIds.size + refunded)
          .toFixed(1)} %`,
      );
      expect(part).toContain(`Wallet spend on succeeded orders: ${formatMoney(spend, currency)}`);
      expect(part).toContain('Top operators: MTN Nigeria (14), Airtel Nigeria (1)');
      expect(part).toContain(
        `Median time to a final status: ${Math.floor(medianS / 60)} min ${medianS % 60} s`,
      );
    }
    expect(today).toMatch(/^📊 Today \(since \d{4}-\d\d-\d\d 00:00 UTC\)/);
    expect(week).toMatch(/^📊 Last 7 days/);
  }, 60_000);

  it('/health after orders: the last webhook, the unfinished orders and the oldest, and a 429 pause', async () => {
    const admin = world.standIn.driver.user({ id: ADMIN });
    await app.budget.pause(30);
    const before = await world.control.get<{ results: Array<{ seq: number }> }>('requests');
    const since = before.results.at(-1)?.seq ?? 0;
    const health = await ask(admin, '/health', (m) => m.text.startsWith('🩺'));
    const lines = health.text.split('\n');
    // The service is not asked while every replica waits out the 429: the last answers seen still stand.
    expect(lines[2]).toMatch(/^Merchant API: reachable · api_access_enabled true · wallet currency \w{3}$/);
    expect(
      (await world.control.get<{ count: number }>(`requests?since=${since}&path=%2Fapi%2Fv1%2Faccount`))
        .count,
    ).toBe(0);
    expect(lines[4]).toMatch(/^⏸ Paused after a 429 until \d\d:\d\d:\d\d UTC$/);
    expect(lines[5]).toMatch(/^Last webhook received: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
    const at = Date.parse(
      lines[5]!.slice('Last webhook received: '.length).replace(' UTC', 'Z').replace(' ', 'T'),
    );
    expect(Date.now() - at).toBeLessThan(10 * 60_000);
    expect(lines[6]).toBe('Unfinished orders: 1');
    const open = (await app.orders.service.get(unfinished.externalOrderId))!;
    expect(lines[7]).toMatch(
      new RegExp(`^Oldest: ⏳ \\S+ · ${open.orderId} · ${open.externalOrderId} \\(since `),
    );
  });
});
