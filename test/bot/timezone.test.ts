import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESELLER, startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { ask } from './agents-support.ts';
import { FAST_USER } from './flow/helpers.ts';

// The zone in every /timezone answer is a <code> entity, never markup shown as text.
describe('/timezone answers', () => {
  let world: BotWorld;

  beforeAll(async () => {
    world = await startBotWorld({ env: FAST_USER });
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  it('/timezone - answers with UTC as code, not "<code>UTC</code>" as text', async () => {
    const rita = world.standIn.driver.user({ id: RESELLER });
    await ask(rita, '/timezone Africa/Lagos');
    const answer = await ask(rita, '/timezone -');
    expect(answer.text).toBe('Saved: times on your receipts are now in UTC.');
    expect(answer.entities).toEqual([expect.objectContaining({ type: 'code', offset: 41, length: 3 })]);
    expect((await ask(rita, '/timezone')).text).toMatch(/^Times on your receipts are in UTC\./);
  });
});
