import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import type { CrashPoint, HookDetail } from '../../src/lib/hooks.ts';
import { ADMIN, RESELLER, startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { eventually, ngNumber } from '../bot/agents-support.ts';
import { FAST_USER, typeToQuote } from '../bot/flow/helpers.ts';

/**
 * A placement interrupted at a named crash point (the hook throws there, as a dying process stops there): the
 * hold is taken only with the stored intent, and whatever follows settles or releases it exactly once.
 */
describe('credit across interrupted placements', () => {
  let world: BotWorld;
  let app: App;
  /** The crash point to stop at, once, for the next placement that reaches it. */
  let stopAt: CrashPoint | null = null;
  const stopped: string[] = [];

  beforeAll(async () => {
    world = await startBotWorld({
      env: { ...FAST_USER, RESELLER_START_CREDIT: '0' },
      overrides: {
        orderTimings: { placement: { leaseMs: 400 } },
        hooks: {
          at(point: CrashPoint, detail: HookDetail) {
            if (point !== stopAt) return;
            stopAt = null;
            stopped.push(detail.externalOrderId ?? '');
            throw new Error(`stopped at ${point}`);
          },
        },
      },
    });
    app = world.apps[0]!;
    await app.accounts.credit(RESELLER, new Decimal(10), { adminId: ADMIN, note: 'float' });
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  it('stopped before the intent is stored: nothing stored, nothing held, and the quote never said "Placing"', async () => {
    const rita = world.standIn.driver.user({ id: RESELLER });
    const quote = await typeToQuote(rita, `+${ngNumber(501)}`);
    stopAt = 'before-save';
    rita.press(quote, /✅/);
    const ext = await eventually(async () => stopped.at(-1));
    // The failure is told on the quote's own message, which never showed "Placing" (nothing was stored).
    await rita.waitForBotMessage((m) => m.id === quote.id && m.text.includes('Something went wrong'), {
      after: quote.id - 1,
      timeoutMs: 20_000,
    });
    const texts = world.standIn.driver
      .calls('editMessageText')
      .filter((c) => c.params['message_id'] === quote.id)
      .map((c) => String(c.params['text']));
    expect(texts.some((t) => t.includes('Placing'))).toBe(false);
    expect(await app.orders.service.get(ext)).toBeNull();
    expect((await app.accounts.allEntries(RESELLER)).filter((e) => e.ref === ext)).toEqual([]);
    expect(await app.accounts.view(RESELLER)).toMatchObject({ balance: '10', holds: '0' });
  });

  it('stopped after the intent (and its hold) is stored, before the send: the worker places it and the hold settles once', async () => {
    const rita = world.standIn.driver.user({ id: RESELLER });
    const quote = await typeToQuote(rita, `+${ngNumber(502)}`);
    stopAt = 'after-save-before-send';
    rita.press(quote, /✅/);
    const ext = await eventually(async () => (stopped.length === 2 ? stopped[1] : undefined));
    const held = await eventually(async () => app.orders.service.get(ext));
    expect(held.credit?.amount).toBeDefined();
    const settled = await eventually(async () => {
      const stored = await app.orders.service.get(ext);
      return stored?.credit?.state === 'settled' ? stored : null;
    }, 30_000);
    expect(settled.status).toBe('succeeded');
    const kinds = (await app.accounts.allEntries(RESELLER)).filter((e) => e.ref === ext).map((e) => e.kind);
    expect(kinds).toEqual(['hold', 'debit']);
    expect(await app.accounts.view(RESELLER)).toMatchObject({
      balance: new Decimal(10).minus(settled.credit!.amount).toFixed(),
      holds: '0',
    });
  });
});
