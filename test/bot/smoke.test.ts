import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESELLER, startBotWorld, type BotWorld } from '../support/bot-world.ts';

describe('top-up smoke', () => {
  let world: BotWorld;
  beforeAll(async () => {
    world = await startBotWorld();
  });
  afterAll(async () => {
    await world?.close();
  });

  it('a reseller tops up a Nigerian number by typing every answer', async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    user.sendCommand('/topup');
    await user.waitForBotMessage((m) => m.text.includes('Which country'));
    user.sendText('Nigeria');
    await user.waitForBotMessage((m) => m.text.includes('Which operator'));
    user.sendText('MTN');
    await user.waitForBotMessage((m) => m.text.includes('What do you want to buy'));
    user.sendText('Airtime');
    await user.waitForBotMessage((m) => m.text.includes('How much'));
    user.sendText('500');
    await user.waitForBotMessage((m) => m.text.includes('Send the phone number'));
    user.sendText('0803 123 4567');
    const quote = await user.waitForBotMessage((m) => m.text.includes('Please check this top-up'));
    user.press(quote.id, /✅/);
    const done = await user.waitFor((chat) => chat.find((m) => m.from === 'bot' && m.text.startsWith('✅')), {
      timeoutMs: 20_000,
    });
    expect(done.text).toContain('O-');
  });
});
