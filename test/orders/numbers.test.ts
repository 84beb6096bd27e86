import { Redis } from 'ioredis';
import { afterEach, describe, expect } from 'vitest';
import { createOrderNumbers, intentWithNumber, type IntentDraft } from '../../src/orders/numbers.ts';
import type { OrderIntent } from '../../src/orders/types.ts';
import { botMessage } from './support/checks.ts';
import { phone } from './support/fixtures.ts';
import { it } from './support/order-test.ts';
import { ADMIN_ID, waitFor, type World } from './support/world.ts';

interface RequestView {
  method: string;
  external_order_id: string | null;
}

async function orderPosts(w: World, ext: string): Promise<number> {
  const body = await w.control<{ results: RequestView[] }>('GET', '/requests?path=/api/v1/recharge/orders');
  return body.results.filter((r) => r.method === 'POST' && r.external_order_id === ext).length;
}

function draftOf(intent: OrderIntent): IntentDraft {
  const { externalOrderId: _ext, statusMessageId: _msg, request, ...rest } = intent;
  const { externalOrderId: _reqExt, ...requestRest } = request;
  return { ...rest, request: requestRest };
}

describe('merchant order numbers and the intents stored under them', () => {
  let client: Redis | null = null;

  afterEach(() => {
    client?.disconnect();
    client = null;
  });

  it('an intent whose number already names a different request is refused with an alert, and nothing is sent for it', async ({
    openWorld,
  }) => {
    const w = await openWorld({
      prefix: 'nb1:',
      timings: { alertGrouping: { quietMs: 200, maxHoldMs: 2_000 } },
    });
    await w.startWorkers();
    const service = w.replicas[0]!.system.service;
    const first = await w.newIntent({ account: phone('4401') });
    expect((await service.submit(first)).outcome).toBe('placed');

    const other = await w.newIntent({ account: phone('4402') });
    const clash: OrderIntent = {
      ...other,
      externalOrderId: first.externalOrderId,
      request: { ...other.request, externalOrderId: first.externalOrderId },
    };
    const result = await service.submit(clash);
    expect(result.outcome).toBe('conflict');
    if (result.outcome === 'conflict') expect(result.field).toBe('phone');
    expect(await orderPosts(w, first.externalOrderId)).toBe(1);
    expect(await service.unfinishedForAccount(clash.request.account)).toBeNull();

    const admin = w.standIn.driver.user({ id: ADMIN_ID });
    const alert = await botMessage(admin, (m) => m.text.includes('different request'), 20_000);
    expect(alert.text).toContain(first.externalOrderId);

    // The same request again is a repeat of the first order, as before.
    const again = await service.submit(first);
    expect(again.outcome).toBe('placed');
    expect(await orderPosts(w, first.externalOrderId)).toBe(1);
  });

  it('a number fixed but never stored is resolved as not placed after the grace: its message says so, with a new-quote button', async ({
    openWorld,
    redis,
  }) => {
    const w = await openWorld({
      prefix: 'nb2:',
      timings: { placement: { unplacedGraceMs: 300 } },
    });
    client = new Redis(redis.url);
    const numbers = createOrderNumbers({ redis: client, prefix: 'nb2:' });
    const model = await w.newIntent({ account: phone('4403'), statusMessage: false });
    // The confirmation's message is known before the number: it is attached in the same step.
    const sent = await w.telegramApi.sendMessage(model.chatId, '⏳ Placing');
    const fixed = await numbers.fix(
      { userId: model.resellerId, flow: 'f1:3', quoteToken: 'qt' },
      draftOf(model),
      sent.message_id,
    );
    expect(fixed).toMatchObject({ fresh: true, statusMessageId: sent.message_id });
    // Kept to record it as not placed, never to send: the quote's token is left out.
    expect(model.request.quoteToken).not.toBe('');
    const kept = intentWithNumber(draftOf(model), fixed);
    const expected = { ...kept, request: { ...kept.request, quoteToken: '' } };
    expect(await numbers.intentOf(fixed.externalOrderId)).toEqual(expected);
    // in the record's short form: without its number (the key names it), at most 60 % of its JSON
    const key = `nb2:orders:number-intent:${fixed.externalOrderId}`;
    const raw = (await client.hget(key, 'intent'))!;
    expect(raw).not.toContain(fixed.externalOrderId);
    expect(raw.length).toBeLessThanOrEqual(0.6 * JSON.stringify(expected).length);
    // An intent stored before that form (plain JSON) still reads.
    await client.hset(key, 'intent', JSON.stringify(expected));
    expect(await numbers.intentOf(fixed.externalOrderId)).toEqual(expected);
    // The same confirmation again finds the number and its message.
    expect(
      await numbers.fix({ userId: model.resellerId, flow: 'f1:3', quoteToken: 'qt' }, draftOf(model)),
    ).toEqual({
      externalOrderId: fixed.externalOrderId,
      statusMessageId: sent.message_id,
    });

    await w.startWorkers();
    const service = w.replicas[0]!.system.service;
    const order = await waitFor(
      async () => {
        const o = await service.get(fixed.externalOrderId);
        return o?.placement === 'rejected' ? o : null;
      },
      30_000,
      'resolved as not placed',
    );
    expect(order.rejection?.key).toBe('not-placed');
    const edited = await w.reseller.waitFor(
      (chat) =>
        chat.find(
          (m) => m.id === sent.message_id && m.text.includes('was not placed') && m.buttons.length > 0,
        ),
      { timeoutMs: 30_000 },
    );
    expect(edited).toBeDefined();
    // A replica that only now stores the intent loses: it is told "not placed", and nothing is sent.
    const late = await service.submit({
      ...model,
      ...fixed,
      request: { ...model.request, externalOrderId: fixed.externalOrderId },
    });
    expect(late.outcome).toBe('rejected');
    expect(await orderPosts(w, fixed.externalOrderId)).toBe(0);
    expect(await numbers.unresolved(0)).toEqual([]);
  });

  it('a number whose intent is stored in time is never resolved as not placed', async ({
    openWorld,
    redis,
  }) => {
    const w = await openWorld({
      prefix: 'nb3:',
      timings: { placement: { unplacedGraceMs: 0 } },
    });
    client = new Redis(redis.url);
    const numbers = createOrderNumbers({ redis: client, prefix: 'nb3:' });
    const model = await w.newIntent({ account: phone('4404'), statusMessage: false });
    const fixed = await numbers.fix(
      { userId: model.resellerId, flow: 'f2:3', quoteToken: 'qt' },
      draftOf(model),
    );
    const intent = {
      ...model,
      ...fixed,
      request: { ...model.request, externalOrderId: fixed.externalOrderId },
    };
    const service = w.replicas[0]!.system.service;
    expect((await service.submit(intent)).outcome).toBe('placed');
    expect(await numbers.unresolved(0)).toEqual([]);
    expect(await service.resolveUnplaced(0)).toBe(0);
    expect((await service.get(fixed.externalOrderId))?.placement).toBe('placed');
  });

  it("the same confirmation again after its intent is stored finds the number and the order's status message", async ({
    openWorld,
    redis,
  }) => {
    const w = await openWorld({ prefix: 'nb4:' });
    client = new Redis(redis.url);
    const numbers = createOrderNumbers({ redis: client, prefix: 'nb4:' });
    const model = await w.newIntent({ account: phone('4405') });
    const scope = { userId: model.resellerId, flow: 'f3:3', quoteToken: 'qt' };
    const fixed = await numbers.fix(scope, draftOf(model));
    await numbers.attachMessage(fixed.externalOrderId, model.statusMessageId!);
    const intent: OrderIntent = {
      ...model,
      externalOrderId: fixed.externalOrderId,
      request: { ...model.request, externalOrderId: fixed.externalOrderId },
    };
    expect((await w.replicas[0]!.system.service.submit(intent)).outcome).toBe('placed');
    // Its update handled again (the replica that handled it died after storing the intent): the number's own
    // record is gone with the intent stored, and the message is still found, so nothing is written anew in its place.
    expect(await numbers.fix(scope, draftOf(model))).toEqual({
      externalOrderId: fixed.externalOrderId,
      statusMessageId: model.statusMessageId,
    });
  });
});
