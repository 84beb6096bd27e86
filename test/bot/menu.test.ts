/**
 * The /start keyboard per role, /help grouped by task, /settings on one screen, and the language wiring that
 * goes with them (names of languages and countries in the reader's language, Arabic isolates and digits), through
 * the Bot API stand-in, the sandbox and a private Redis.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, AGENT, RESELLER, STRANGER, startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { FAST_CHATS, FAST_USER, PROMPT, WAIT, say } from './flow/helpers.ts';

let world: BotWorld;
beforeAll(async () => {
  world = await startBotWorld({ env: FAST_USER, overrides: FAST_CHATS });
});
afterAll(async () => {
  await world?.close();
});

const labels = (rows: Array<Array<{ text: string }>> | undefined) => (rows ?? []).flat().map((b) => b.text);

describe('the menu', () => {
  it('gives each role the keyboard of what it does most; a tap is the command', async () => {
    const reseller = world.standIn.driver.user({ id: RESELLER });
    const start = await say(reseller, '/start', /Pick what to do below/);
    expect(labels(start.replyKeyboard?.rows)).toEqual([
      '📱 Top up',
      '📋 Orders',
      '💰 Balance',
      '📦 Bulk file',
      '🗓 Schedules',
      '⚙️ Settings',
      '❓ Help',
    ]);
    await say(reseller, '📱 Top up', PROMPT.country);
    await say(reseller, '/cancel', /cancelled/);

    const agent = world.standIn.driver.user({ id: AGENT });
    const agentStart = await say(agent, '/start', /Pick what to do below/);
    expect(labels(agentStart.replyKeyboard?.rows)).not.toContain('📱 Top up');
    expect(labels(agentStart.replyKeyboard?.rows)).toContain('📋 Orders');

    const admin = world.standIn.driver.user({ id: ADMIN });
    const adminStart = await say(admin, '/start', /Pick what to do below/);
    expect(labels(adminStart.replyKeyboard?.rows)).toEqual(
      expect.arrayContaining(['📊 Figures', '👥 People']),
    );
    await say(admin, '👥 People', /People who may use the bot/);
  });

  it('/help groups the role’s commands by task, and nothing the role may not use', async () => {
    const reseller = world.standIn.driver.user({ id: RESELLER });
    const help = await say(reseller, '/help', /What you can do/);
    expect(help.text).toMatch(/Sell: \/topup \/bulk \/schedule/);
    expect(help.text).toMatch(/Settings: \/settings \/language \/timezone \/shop \/pin/);
    expect(help.text).not.toContain('/grant');
    const lines = help.text.split('\n').filter((l) => l.trim() !== '');
    expect(lines.length).toBeLessThanOrEqual(8);
    const admin = world.standIn.driver.user({ id: ADMIN });
    expect((await say(admin, '/help', /What you can do/)).text).toMatch(/People: \/users .*\/grant \/revoke/);
  });

  it('a stranger’s /start and a tapped label are still only the refusal', async () => {
    const stranger = world.standIn.driver.user({ id: STRANGER });
    const start = await say(stranger, '/start', /do not have access/);
    expect(start.replyKeyboard).toBeUndefined();
    await say(stranger, '📱 Top up', /may not use this bot/);
  });
});

describe('/settings', () => {
  it('shows a reseller’s language, time zone, shop name and PIN, and each button opens its setting', async () => {
    const reseller = world.standIn.driver.user({ id: RESELLER });
    await say(reseller, '/shop Rita <Shop>', /saved/i);
    const screen = await say(reseller, '/settings', /Your settings/);
    expect(screen.text).toContain('Language: English');
    expect(screen.text).toContain('Time zone: UTC');
    expect(screen.text).toContain('Shop name on receipts: Rita <Shop>');
    expect(screen.text).toContain('PIN: not set');
    const open = async (button: RegExp, expect: RegExp) => {
      const pressed = reseller.press(screen, button);
      await reseller.waitForCallbackAnswer(pressed.queryId, WAIT);
      return reseller.waitForBotMessage((m) => expect.test(m.text), { ...WAIT, after: screen.id });
    };
    await open(/Time zone/, /Send \/timezone/);
    await open(/Shop name/, /Send \/shop/);
    await open(/PIN/, /Send your new PIN/);
    await say(reseller, '/cancel', /PIN not changed/);
    const picker = await open(/Language/, /Choose your language/);
    expect(labels(picker.buttons)).toEqual(
      expect.arrayContaining([
        'English',
        'Español',
        'Português',
        'Bahasa Indonesia',
        'Kiswahili',
        'हिन्दी',
        'العربية',
      ]),
    );
  });

  it('gives an agent the language only; a forged button of another setting changes nothing', async () => {
    const agent = world.standIn.driver.user({ id: AGENT });
    const screen = await say(agent, '/settings', /Your settings/);
    expect(labels(screen.buttons)).toEqual(['🌐 Language']);
    const forged = agent.pressData(screen.id, 'set:pin');
    expect((await agent.waitForCallbackAnswer(forged.queryId, WAIT)).text).toMatch(/not available|not for/i);
  });
});

describe('languages', () => {
  it('Arabic: countries named in Arabic, arguments in isolates, Arabic-Indic digits read as digits', async () => {
    const id = 710_000_090;
    await world.apps[0]!.roles.change(ADMIN, id, 'reseller');
    const user = world.standIn.driver.user({ id, firstName: 'Amal', languageCode: 'ar', started: true });
    await say(user, '/topup', /./);
    const country = user
      .chat()
      .filter((m) => m.from === 'bot')
      .at(-1)!;
    expect(labels(country.buttons).join(' ')).toContain('نيجيريا');
    await say(user, 'نيجيريا', /📶/);
    await say(user, '/cancel', /./);
    // A typed amount in Arabic-Indic digits in a one-line top-up: read as 500.
    const quote = await say(user, '/topup +٢٣٤٨٠٣١٢٣٤٩٥٠ ٥٠٠ MTN', /\u2068\+234/);
    expect(quote.text).toMatch(/\u2068\+234 803 123 4950\u2069/);
    expect(quote.text).toMatch(/\u2068500[.,]00 NGN\u2069|\u2068NGN/);
  });
});
