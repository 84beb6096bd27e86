import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, RESELLER, startBotWorld, type BotWorld } from '../../support/bot-world.ts';
import { startRoundRobin, type RoundRobin } from '../../support/round-robin.ts';
import {
  FAST_USER,
  PROMPT,
  WAIT,
  orderPostCount,
  say,
  typeToQuote,
  waitForOrderLine,
  waitForOrders,
  waitForRepeatButtons,
} from './helpers.ts';

// Two replicas in webhook mode behind a round-robin balancer, sharing one Redis: consecutive updates of
// one chat land on alternating replicas, so every step of a flow is resumed by the other process.
describe('top-up flow: two replicas in webhook mode', () => {
  let proxy: RoundRobin;
  let world: BotWorld;
  beforeAll(async () => {
    proxy = await startRoundRobin();
    world = await startBotWorld({
      mode: 'webhook',
      replicas: 2,
      env: { PUBLIC_URL: proxy.url, ...FAST_USER },
    });
    proxy.setTargets(world.apps.map((app) => `http://127.0.0.1:${app.address!.port}`));
  });
  afterAll(async () => {
    await world?.close();
    await proxy?.close();
  });

  it('the one webhook is the balancer, with the secret token', () => {
    expect(world.apps).toHaveLength(2);
    expect(world.standIn.driver.webhookInfo().url).toBe(`${proxy.url}/webhooks/telegram`);
    expect(world.standIn.driver.webhookSecretMatches('test-webhook-secret')).toBe(true);
  });

  it('a whole flow over alternating replicas makes exactly one order', async () => {
    const before = proxy.hits();
    const user = world.standIn.driver.user({ id: RESELLER });
    const quote = await typeToQuote(user, '08031235000');
    user.press(quote, /✅/);
    await waitForOrderLine(user);
    const orders = await waitForOrders(world, '2348031235000', 1);
    expect(orders).toHaveLength(1);
    const after = proxy.hits();
    // Seven updates, alternating: both replicas handled steps of this one flow.
    expect(after[0]! - before[0]!).toBeGreaterThanOrEqual(3);
    expect(after[1]! - before[1]!).toBeGreaterThanOrEqual(3);
  });

  it('a repeated update_id is handled once: a re-delivered ✅ and a re-delivered /topup', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    const quote = await typeToQuote(user, '08031235001');
    const posts = await orderPostCount(world);
    const pressed = user.press(quote, /✅/);
    await waitForRepeatButtons(user, quote);
    // Telegram re-sends an update whose webhook answer was lost, i.e. after it was confirmed.
    await world.standIn.driver.waitFor(() => world.standIn.driver.pendingUpdateCount() === 0, WAIT);
    world.standIn.driver.redeliver(pressed.updateId!);
    await world.standIn.driver.waitFor(() => world.standIn.driver.pendingUpdateCount() === 0, WAIT);
    expect(await waitForOrders(world, '2348031235001', 1)).toHaveLength(1);
    expect(await orderPostCount(world)).toBe(posts + 1);

    const start = user.sendCommand('/topup');
    await user.waitForBotMessage((m) => m.text.includes(PROMPT.country), { ...WAIT, after: start.messageId });
    // Only country prompts count: the order's receipt may still arrive in between.
    const botMessagesSince = () =>
      user
        .chat()
        .filter(
          (m) =>
            m.id > start.messageId &&
            m.from === 'bot' &&
            (m.text.includes(PROMPT.country) || m.text.startsWith('Country:')),
        );
    expect(botMessagesSince()).toHaveLength(1);
    await world.standIn.driver.waitFor(() => world.standIn.driver.pendingUpdateCount() === 0, WAIT);
    world.standIn.driver.redeliver(start.updateId!);
    await world.standIn.driver.waitFor(() => world.standIn.driver.pendingUpdateCount() === 0, WAIT);
    // No second prompt, and the flow goes on where it was.
    expect(botMessagesSince()).toHaveLength(1);
    await say(user, 'Nigeria', PROMPT.operator);
    await say(user, '/cancel', /cancelled/);
  });

  it('several resellers at once, each on alternating replicas, each get exactly their own order', async () => {
    const ids = [720_000_001, 720_000_002, 720_000_003, 720_000_004, 720_000_005, 720_000_006];
    for (const id of ids) {
      world.standIn.driver.user({ id, firstName: `R${id}`, languageCode: 'en', started: true });
      // A role granted through one replica counts at once on the other.
      await world.apps[1]!.roles.change(ADMIN, id, 'reseller');
    }
    await Promise.all(
      ids.map(async (id, i) => {
        const user = world.standIn.driver.user({ id });
        const quote = await typeToQuote(user, `0803124${String(i).padStart(4, '0')}`, String(100 + i));
        user.press(quote, /✅/);
        await waitForOrderLine(user);
      }),
    );
    for (const [i] of ids.entries()) {
      const orders = await waitForOrders(world, `234803124${String(i).padStart(4, '0')}`, 1);
      expect(orders.map((o) => o.local_amount.replace(/\.0+$/, ''))).toEqual([String(100 + i)]);
    }
  });
});
