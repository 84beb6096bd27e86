import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { ADMIN, RESELLER, startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { ask } from './agents-support.ts';
import { FAST_USER } from './flow/helpers.ts';

// `1,000` is a thousand in one language and one in another: every command that takes money refuses it with both
// readings and changes nothing (it used to credit 1.00).
describe('a comma before three digits in a money command', () => {
  let world: BotWorld;
  let app: App;
  let currency: string;

  beforeAll(async () => {
    world = await startBotWorld({ env: { ...FAST_USER, RESELLER_START_CREDIT: '10' } });
    app = world.apps[0]!;
    currency = await app.accounts.currency();
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  it('/credit 1,000 shows both readings and credits nothing', async () => {
    const admin = world.standIn.driver.user({ id: ADMIN });
    const before = await app.accounts.allEntries(RESELLER);
    expect((await ask(admin, `/credit ${RESELLER} 1,000 float`)).text).toBe(
      `🚫 1,000 could be 1000.00 ${currency} or 1.00 ${currency}: write 1000 or 1.000.`,
    );
    expect((await ask(admin, `/credit ${RESELLER} -2,500`)).text).toBe(
      `🚫 -2,500 could be -2500.00 ${currency} or -2.50 ${currency}: write -2500 or -2.500.`,
    );
    expect(await app.accounts.allEntries(RESELLER)).toEqual(before);
  });

  it('/limit and /balance alert with 1,000 set nothing', async () => {
    const admin = world.standIn.driver.user({ id: ADMIN });
    const rita = world.standIn.driver.user({ id: RESELLER });
    const refusal = `🚫 1,000 could be 1000.00 ${currency} or 1.00 ${currency}: write 1000 or 1.000.`;
    expect((await ask(admin, `/limit ${RESELLER} 1,000`)).text).toBe(refusal);
    expect((await ask(admin, `/limit ${RESELLER} order 1,000`)).text).toBe(refusal);
    expect((await ask(admin, `/balance alert ${RESELLER} 1,000`)).text).toBe(refusal);
    expect((await ask(rita, '/balance alert 1,000')).text).toBe(refusal);
    const view = await app.accounts.view(RESELLER);
    expect([view.dailyLimit, view.orderMax, view.lowAlert]).toEqual([null, null, null]);
  });

  it('/pricing with 1,000 in a rule sets no rule', async () => {
    const admin = world.standIn.driver.user({ id: ADMIN });
    const rules = app.pricing;
    expect((await ask(admin, '/pricing set default 2% +1,000')).text).toMatch(
      /^🚫 "\+1,000" could be \+1000 or \+1\.000: write one of them, without the comma\./,
    );
    expect((await ask(admin, '/pricing set country NG 2,500%')).text).toMatch(
      /^🚫 "2,500%" could be 2500% or 2\.500%/,
    );
    expect(await rules.list()).toEqual([]);
  });
});
