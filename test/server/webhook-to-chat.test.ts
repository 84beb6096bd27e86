import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/app.ts';
import { parseConfig } from '../../src/config.ts';
import type { ChatMessage } from '../../src/sandbox/telegram/types.ts';
import { eventually, ngNumber, orderIntent } from '../bot/agents-support.ts';
import { RESELLER, startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { freePort } from '../support/ports.ts';

// recharge_webhook_to_chat_seconds: from an accepted merchant webhook to the chat message showing its change,
// observed by whichever replica sends that message. The receive time travels with the event, the order change
// and the outbox job; a change found by reading the order is never timed.

const FAR = 600_000;

/** The webhook-to-chat histogram of the replica on `port`, read from its /metrics as Prometheus would. */
async function histogram(port: number): Promise<{ count: number; sum: number }> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const value = (name: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    return line === undefined ? Number.NaN : Number(line.split(' ')[1]);
  };
  return {
    count: value('recharge_webhook_to_chat_seconds_count'),
    sum: value('recharge_webhook_to_chat_seconds_sum'),
  };
}

/**
 * Places a real order with a "⏳" status message for the notifier to edit (as the top-up flow does), then
 * waits until that message shows ✅ and the receipt has arrived: every chat message of the order was sent.
 */
async function placeAndWaitForReceipt(
  world: BotWorld,
  app: App,
  account: string,
): Promise<{ statusMessage: ChatMessage; orderId: string }> {
  const intent = await orderIntent(app, { resellerId: RESELLER, account });
  const sent = await app.bot.bot.api.sendMessage(RESELLER, `⏳ ${intent.externalOrderId}`);
  const result = await app.orders.service.submit({ ...intent, statusMessageId: sent.message_id });
  expect(result.outcome).toBe('placed');
  const user = world.standIn.driver.user({ id: RESELLER });
  const ext = intent.externalOrderId;
  const statusMessage = await user.waitFor(
    (chat) => {
      const status = chat.find((m) => m.id === sent.message_id && m.text.startsWith('✅'));
      const receipt = chat.find((m) => m.text.startsWith('✅ Top-up delivered') && m.text.includes(ext));
      return status !== undefined && receipt !== undefined ? status : undefined;
    },
    { timeoutMs: 30_000 },
  );
  return { statusMessage, orderId: result.order.orderId ?? '' };
}

/** The sandbox's delivered order.succeeded webhooks of one order (URLs they went to). */
async function succeededWebhooks(world: BotWorld, orderId: string): Promise<string[]> {
  const found = await world.control.get<{ results: Array<{ url: string }> }>(
    `deliveries?order_id=${orderId}&event=order.succeeded&state=delivered`,
  );
  return found.results.map((d) => d.url);
}

/** Waits until no replica has a chat message still queued. */
async function outboxesIdle(apps: readonly App[]): Promise<void> {
  await eventually(
    async () => (await Promise.all(apps.map((a) => a.notify.outbox.pending()))).every((n) => n === 0),
    30_000,
  );
}

describe('webhook -> chat time: a webhook-caused message is timed once; a status found by reading is not', () => {
  let world: BotWorld;
  let app: App;
  let port = 0;
  beforeAll(async () => {
    world = await startBotWorld({
      // Follow-up reads far away: the sandbox's order.succeeded webhook is the only way the order moves on.
      overrides: {
        orderTimings: { followUp: { firstDelayMs: () => FAR, backoffMs: [FAR], everyMs: FAR } },
      },
    });
    app = world.apps[0]!;
    port = app.address!.port;
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  it('a signed order.succeeded webhook, once the status message is edited, adds exactly one observation', async () => {
    const before = await histogram(port);
    const { statusMessage, orderId } = await placeAndWaitForReceipt(world, app, ngNumber(1));
    expect(statusMessage.edited).toBe(true);
    expect(await succeededWebhooks(world, orderId)).toHaveLength(1);
    await eventually(async () => (await histogram(port)).count >= before.count + 1, 30_000);
    await outboxesIdle(world.apps);
    const after = await histogram(port);
    expect(after.count).toBe(before.count + 1);
    expect(after.sum).toBeGreaterThanOrEqual(before.sum);
  }, 60_000);

  it('a status that only a read of the order finds (no webhook is ever sent) adds none', async () => {
    const before = await histogram(port);
    // Ending 5555: the sandbox succeeds the order and sends no webhook.
    const intent = await orderIntent(app, { resellerId: RESELLER, account: ngNumber(2, '5555') });
    const sent = await app.bot.bot.api.sendMessage(RESELLER, `⏳ ${intent.externalOrderId}`);
    const result = await app.orders.service.submit({ ...intent, statusMessageId: sent.message_id });
    expect(result.outcome).toBe('placed');
    // Read it (as a follow-up poll or /status would) until the service says succeeded.
    await eventually(
      async () =>
        (await app.orders.service.refresh(intent.externalOrderId))?.status === 'succeeded' || undefined,
      30_000,
    );
    const user = world.standIn.driver.user({ id: RESELLER });
    await user.waitFor(
      (chat) =>
        chat.some((m) => m.id === sent.message_id && m.text.startsWith('✅')) &&
        chat.some((m) => m.text.startsWith('✅ Top-up delivered') && m.text.includes(intent.externalOrderId)),
      { timeoutMs: 30_000 },
    );
    await outboxesIdle(world.apps);
    expect(await succeededWebhooks(world, result.order.orderId ?? '')).toEqual([]);
    expect((await histogram(port)).count).toBe(before.count);
  }, 60_000);
});

describe('webhook -> chat time across replicas', () => {
  let world: BotWorld;
  let receiver: App | undefined;
  beforeAll(async () => {
    world = await startBotWorld({
      overrides: {
        orderTimings: { followUp: { firstDelayMs: () => FAR, backoffMs: [FAR], everyMs: FAR } },
      },
    });
  }, 60_000);
  afterAll(async () => {
    await receiver?.stop(5_000).catch(() => undefined);
    await world?.close();
  });

  it('a webhook taken by replica 1 and told by replica 2 is observed once, by replica 2', async () => {
    const sender = world.apps[0]!;
    const senderPort = sender.address!.port;
    // Replica 1 only serves HTTP (its loops never start): the event can only be applied, and its message
    // sent, by replica 2.
    const port = await freePort();
    const parsed = parseConfig({ ...world.env, HTTP_PORT: String(port) });
    if (!parsed.ok) throw new Error(parsed.problems.join('; '));
    const httpOnly = createApp(parsed.config, pino({ level: 'silent' }));
    receiver = httpOnly;
    await httpOnly.redis.connect();
    await new Promise<void>((resolve) => httpOnly.server.listen(port, '127.0.0.1', resolve));
    const receiverUrl = `http://127.0.0.1:${port}/webhooks/merchant`;
    await world.control.post('webhooks', {
      targets: [{ url: receiverUrl, secret: world.env.MERCHANT_WEBHOOK_SECRETS!.split(',')[0] }],
    });
    const before = await histogram(senderPort);
    expect((await histogram(port)).count).toBe(0);

    const { orderId } = await placeAndWaitForReceipt(world, sender, ngNumber(3));
    expect(await succeededWebhooks(world, orderId)).toEqual([receiverUrl]);
    await eventually(async () => (await histogram(senderPort)).count >= before.count + 1, 30_000);
    await outboxesIdle([sender]);
    const after = await histogram(senderPort);
    expect(after.count).toBe(before.count + 1);
    expect(after.sum).toBeGreaterThanOrEqual(before.sum);
    expect((await histogram(port)).count).toBe(0);
  }, 60_000);
});
