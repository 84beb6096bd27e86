import { Redis } from 'ioredis';
import { afterEach, describe, expect } from 'vitest';
import { createHash } from 'node:crypto';
import { derivedMerchantOrderNumber, isValidMerchantOrderNumber } from '../../src/domain/order-number.ts';
import { createOrderNumbers } from '../../src/orders/numbers.ts';
import type { OrderIntent } from '../../src/orders/types.ts';
import { botMessage } from './support/checks.ts';
import { phone } from './support/fixtures.ts';
import { it } from './support/order-test.ts';
import { ADMIN_ID, type World } from './support/world.ts';

interface RequestView {
  method: string;
  external_order_id: string | null;
}

async function orderPosts(w: World, ext: string): Promise<number> {
  const body = await w.control<{ results: RequestView[] }>('GET', '/requests?path=/api/v1/recharge/orders');
  return body.results.filter((r) => r.method === 'POST' && r.external_order_id === ext).length;
}

describe('merchant order numbers of confirmations and the intents stored under them', () => {
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

  it("a confirmation's number is derived from it (user, flow and quote), at the quote's expiry minute, and finds the order stored under it", async ({
    openWorld,
    redis,
  }) => {
    const w = await openWorld({ prefix: 'nb2:' });
    client = new Redis(redis.url);
    const numbers = createOrderNumbers({ redis: client, prefix: 'nb2:' });
    const scope = { userId: 77, flow: 'f1:3', quoteToken: 'qt', expiresAt: '2026-11-29T06:30:10Z' };
    const first = await numbers.of(scope);
    expect(first).toEqual({ externalOrderId: expect.stringMatching(/^rb-/), stored: null });
    expect(isValidMerchantOrderNumber(first.externalOrderId)).toBe(true);
    // The minute is the quote's (the same with a later ✅); every other part of the scope names another order.
    expect(first.externalOrderId.slice(0, 8)).toBe(
      derivedMerchantOrderNumber('x', Date.parse(scope.expiresAt)).slice(0, 8),
    );
    expect((await numbers.of(scope)).externalOrderId).toBe(first.externalOrderId);
    const others = await Promise.all(
      [{ userId: 78 }, { flow: 'f1:4' }, { flow: 'f2:3' }, { quoteToken: 'qu' }].map(
        async (change) => (await numbers.of({ ...scope, ...change })).externalOrderId,
      ),
    );
    expect(new Set([first.externalOrderId, ...others]).size).toBe(5);

    const model = await w.newIntent({ account: phone('4403') });
    const ext = first.externalOrderId;
    const intent: OrderIntent = {
      ...model,
      externalOrderId: ext,
      request: { ...model.request, externalOrderId: ext },
    };
    expect((await w.replicas[0]!.system.service.submit(intent)).outcome).toBe('placed');
    expect(await numbers.of(scope)).toEqual({ externalOrderId: ext, stored: { placement: 'placed' } });
  });

  it('a number the release before fixed at random for the same confirmation names it instead, with its order', async ({
    openWorld,
    redis,
  }) => {
    const w = await openWorld({ prefix: 'nb3:' });
    client = new Redis(redis.url);
    const numbers = createOrderNumbers({ redis: client, prefix: 'nb3:' });
    const scope = { userId: 79, flow: 'f2:3', quoteToken: 'qt', expiresAt: '2026-11-29T06:30:10Z' };
    const model = await w.newIntent({ account: phone('4404') });
    const hash = createHash('sha256').update(`79\nf2:3\nqt`).digest('hex').slice(0, 40);
    await client.set(`nb3:orders:number:${hash}`, model.externalOrderId, 'EX', 172_800);
    expect(await numbers.of(scope)).toEqual({ externalOrderId: model.externalOrderId, stored: null });
    expect((await w.replicas[0]!.system.service.submit(model)).outcome).toBe('placed');
    expect(await numbers.of(scope)).toEqual({
      externalOrderId: model.externalOrderId,
      stored: { placement: 'placed' },
    });
  });

  it('what the chat shows once the intent is stored runs after the store and before the send, its message recorded; a refused intent shows nothing', async ({
    openWorld,
  }) => {
    const w = await openWorld({ prefix: 'nb4:' });
    const service = w.replicas[0]!.system.service;
    const model = await w.newIntent({ account: phone('4405'), statusMessage: false });
    const seen: { stored: boolean; posts: number }[] = [];
    const result = await service.submit(model, {
      async onStored() {
        const stored = (await service.get(model.externalOrderId)) !== null;
        seen.push({ stored, posts: await orderPosts(w, model.externalOrderId) });
        return 4242;
      },
    });
    expect(result.outcome).toBe('placed');
    expect(seen).toEqual([{ stored: true, posts: 0 }]);
    expect((await service.get(model.externalOrderId))?.statusMessageId).toBe(4242);

    // Another request under the same number: refused when storing, nothing shown.
    const other = await w.newIntent({ account: phone('4406'), statusMessage: false });
    const ext = model.externalOrderId;
    const clash: OrderIntent = {
      ...other,
      externalOrderId: ext,
      request: { ...other.request, externalOrderId: ext },
    };
    const again = await service.submit(clash, {
      async onStored() {
        seen.push({ stored: true, posts: -1 });
        return 1;
      },
    });
    expect(again.outcome).toBe('conflict');
    expect(seen).toHaveLength(1);
  });
});
