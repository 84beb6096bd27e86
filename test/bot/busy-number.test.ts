import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import type { StoredOrder } from '../../src/orders/types.ts';
import type { ChatMessage } from '../../src/sandbox/telegram/types.ts';
import { ADMIN, AGENT, RESELLER, startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { ask, orderIntent, placeOrder } from './agents-support.ts';
import { FAST_USER, say } from './flow/helpers.ts';

const OTHER_RESELLER = 710_000_070;
// Ending 4444: the sandbox keeps the order processing for an (accelerated) hour, so the number stays busy.
const BUSY = '2348031234444';

const isCard = (m: ChatMessage) => m.buttons.flat().some((b) => b.text === '🔄 Refresh');

describe("another reseller's unfinished order to the same number", () => {
  let world: BotWorld;
  let app: App;
  let theirs: StoredOrder;

  beforeAll(async () => {
    world = await startBotWorld({ env: FAST_USER });
    app = world.apps[0]!;
    world.standIn.driver.user({ id: OTHER_RESELLER, firstName: 'Olu', languageCode: 'en', started: true });
    await app.roles.change(ADMIN, OTHER_RESELLER, 'reseller');
    theirs = await placeOrder(app, { resellerId: OTHER_RESELLER, account: BUSY });
    expect(theirs.orderId).toMatch(/^O-/);
  }, 60_000);
  afterAll(async () => {
    await world.close();
  });

  it('is not named to a reseller: only that the number is busy and until about when', async () => {
    const rita = world.standIn.driver.user({ id: RESELLER });
    const refused = await say(rita, `/topup +${BUSY} 500 MTN`, /not finished yet/);
    expect(refused.text).not.toContain(theirs.orderId!);
    expect(refused.text).not.toContain(theirs.externalOrderId);
    expect(refused.text).toMatch(/\d\d:\d\d UTC/);
    await say(rita, '/cancel', /cancelled/);
  });

  it('is named to an admin starting a top-up to that number', async () => {
    const ada = world.standIn.driver.user({ id: ADMIN });
    const refused = await say(ada, `/topup +${BUSY} 500 MTN`, /not finished yet/);
    expect(refused.text).toContain(theirs.orderId!);
    expect(refused.text).toContain(theirs.externalOrderId);
    await say(ada, '/cancel', /cancelled/);
  });

  it("a rejected record's /status does not repeat the other order to its reseller, but agents see it", async () => {
    // The service's own guard (a race the flow's check cannot see): the intent is kept as a refusal.
    const result = await app.orders.service.submit(
      await orderIntent(app, { resellerId: RESELLER, account: BUSY }),
    );
    expect(result.outcome).toBe('rejected');
    expect(result.order.rejection?.key).toBe('account-busy');
    const mine = result.order.externalOrderId;

    const rita = world.standIn.driver.user({ id: RESELLER });
    const card = await ask(rita, `/status ${mine}`, isCard);
    expect(card.text).toContain(mine);
    expect(card.text).toContain('not finished yet');
    expect(card.text).not.toContain(theirs.orderId!);
    expect(card.text).not.toContain(theirs.externalOrderId);

    const aziz = world.standIn.driver.user({ id: AGENT });
    const staffCard = await ask(aziz, `/status ${mine}`, isCard);
    expect(staffCard.text).toContain(mine);
    expect(staffCard.text).toContain(theirs.externalOrderId);
  });
});
