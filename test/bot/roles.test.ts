import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, AGENT, RESELLER, STRANGER, startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { shownAs } from '../support/names.ts';
import { ask } from './agents-support.ts';
import { FAST_CHATS } from './flow/helpers.ts';
import { htmlToPlain } from '../../src/lib/html.ts';

const DISTRIBUTOR = 710_000_271;

/** What each role gets for each command: 'ok' with what the answer contains, or the refusal. */
type Expect = { ok: RegExp } | 'not-for-role' | 'stranger';

const ALLOWED = {
  start: /Pick what to do below/,
  help: /What you can do/,
  topup: /Which country/,
  status: /Send \/status followed by an order ID/,
  orders: /no orders|newest first/,
  users: /People who may use the bot/,
  grant: /Send \/grant <user id>/,
  revoke: /Send \/revoke <user id>/,
  // Admins: every order; resellers: their own (issue 17). A chart image follows the text.
  stats: /Today \(since|Your last 7 days \(since/,
  health: /🩺 Health/,
  // A reseller is asked for a new PIN (the next command leaves that flow); an admin gets the usage.
  pin: /Send your new PIN|\/pin <user id> shows/,
  language: /Choose your language/,
  // /cancel comes right after /topup: it ends that flow (strangers have none to end).
  cancel: /Top-up cancelled|Nothing to cancel/,
} as const;
type Command = keyof typeof ALLOWED;
const COMMANDS = Object.keys(ALLOWED) as Command[];

const WHO: Record<string, readonly Command[]> = {
  reseller: ['start', 'help', 'topup', 'status', 'orders', 'stats', 'pin', 'language', 'cancel'],
  agent: ['start', 'help', 'status', 'orders', 'language', 'cancel'],
  admin: COMMANDS,
};

function expectation(role: string | null, command: Command): Expect {
  if (role === null) {
    if (command === 'start' || command === 'help') return { ok: /You do not have access yet.*710000004/s };
    if (command === 'language' || command === 'cancel') return { ok: ALLOWED[command] };
    return 'stranger';
  }
  return WHO[role]!.includes(command) ? { ok: ALLOWED[command] } : 'not-for-role';
}

describe('roles by command (the table of CONTRACT.md)', () => {
  let world: BotWorld;
  beforeAll(async () => {
    world = await startBotWorld({ overrides: FAST_CHATS });
  });
  afterAll(async () => {
    await world?.close();
  });

  const people: Array<[string | null, number]> = [
    [null, STRANGER],
    ['reseller', RESELLER],
    ['agent', AGENT],
    ['admin', ADMIN],
  ];

  it('every role gets each command or a refusal', async () => {
    const table: string[] = [];
    // Telegram lets a bot send one message a second per chat (the bot throttles itself): chats side by side.
    const runAll = async (role: string | null, id: number) => {
      const user = world.standIn.driver.user({ id });
      // /topup last: it opens a flow that /cancel then closes.
      for (const command of [
        ...COMMANDS.filter((c) => c !== 'topup' && c !== 'cancel'),
        'topup',
        'cancel',
      ] as Command[]) {
        // The answer is the text (an image may follow /stats' text; it is no answer to the next command).
        const reply = await ask(user, `/${command}`, (m) => m.kind === 'text');
        const want = expectation(role, command);
        if (want === 'stranger')
          expect(reply.text, `${role}/${command}`).toContain('Your Telegram ID is 710000004');
        else if (want === 'not-for-role')
          expect(reply.text, `${role}/${command}`).toBe('This command is not available for your role.');
        else expect(reply.text, `${role}/${command}`).toMatch(want.ok);
        table.push(
          `${role ?? 'none'} ${command}: ${want === 'stranger' || want === 'not-for-role' ? want : 'ok'}`,
        );
      }
    };
    await Promise.all(people.map(([role, id]) => runAll(role, id)));
    // 4 roles x 13 commands, each answered.
    expect(table).toHaveLength(52);
    expect(table.filter((row) => row.endsWith('stranger'))).toHaveLength(9);
    expect(table.filter((row) => row.endsWith('not-for-role'))).toHaveLength(4 + 7);
  });

  it('a stranger costs no Merchant API call, whatever they send', async () => {
    const stranger = world.standIn.driver.user({ id: STRANGER });
    const before = await world.merchantRequestCount();
    for (const command of ['/status O-10000001', '/orders', '/topup +2348031234567 500', '/health']) {
      expect((await ask(stranger, command)).text).toContain('Your Telegram ID is 710000004');
    }
    expect((await ask(stranger, '/start')).text).toContain('You do not have access yet');
    expect(await world.merchantRequestCount()).toBe(before);
  });

  it('a stranger pressing an order button is refused without seeing the order', async () => {
    const stranger = world.standIn.driver.user({ id: STRANGER });
    const msg = await ask(stranger, '/start');
    const { queryId } = stranger.pressData(msg.id, 'ord:open:rb-someone-elses');
    const answer = await stranger.waitForCallbackAnswer(queryId);
    expect(answer.text).toBe('Sorry, you may not use this.');
  });
});

describe('role changes and the command menus they update', () => {
  let world: BotWorld;
  beforeAll(async () => {
    world = await startBotWorld({ overrides: FAST_CHATS });
  });
  afterAll(async () => {
    await world?.close();
  });

  const names = (list: Array<{ command: string }>) => list.map((c) => c.command);

  it('/start sets exactly the commands of the role, in the user language', async () => {
    const expected: Array<[number, string[]]> = [
      [STRANGER, ['start', 'help', 'language']],
      [
        RESELLER,
        [
          'start',
          'help',
          'topup',
          'bulk',
          'schedule',
          'status',
          'orders',
          'stats',
          'pin',
          'balance',
          'statement',
          'receipt',
          'shop',
          'timezone',
          'export',
          'settings',
          'cancel',
          'language',
        ],
      ],
      [AGENT, ['start', 'help', 'status', 'orders', 'receipt', 'export', 'settings', 'cancel', 'language']],
      // A distributor: every reseller command, and their network's.
      [
        DISTRIBUTOR,
        [
          'start',
          'help',
          'topup',
          'bulk',
          'schedule',
          'status',
          'orders',
          'revoke',
          'invite',
          'invites',
          'transfer',
          'network',
          'stats',
          'pricing',
          'pin',
          'balance',
          'statement',
          'receipt',
          'shop',
          'timezone',
          'limit',
          'export',
          'settings',
          'cancel',
          'language',
        ],
      ],
      [
        ADMIN,
        [
          'start',
          'help',
          'topup',
          'bulk',
          'schedule',
          'status',
          'orders',
          'users',
          'grant',
          'revoke',
          'invite',
          'invites',
          'move',
          'stats',
          'pricing',
          'health',
          'pin',
          'balance',
          'statement',
          'receipt',
          'credit',
          'limit',
          'export',
          'reconcile',
          'settings',
          'cancel',
          'language',
        ],
      ],
    ];
    await world.apps[0]!.roles.change(ADMIN, DISTRIBUTOR, 'distributor');
    for (const [id, commands] of expected) {
      const user = world.standIn.driver.user({ id });
      await ask(user, '/start');
      await user.waitFor(() => user.commands().length > 0);
      expect(names(user.commands())).toEqual(commands);
      expect(names(user.commands('en'))).toEqual(commands);
    }
    const admin = world.standIn.driver.user({ id: ADMIN });
    expect(admin.commands().find((c) => c.command === 'stats')?.description).toBe(
      'figures for today and the last 7 days',
    );
  });

  it('grant and revoke update the changed user menu at once, in their language; /users shows who did what', async () => {
    const frenchId = 710_000_050;
    const pierre = world.standIn.driver.user({
      id: frenchId,
      firstName: 'Pierre',
      languageCode: 'fr',
      started: true,
    });
    const hello = await ask(pierre, '/start');
    expect(hello.text).toContain(String(frenchId));
    await pierre.waitFor(() => pierre.commands().length > 0);
    expect(names(pierre.commands())).toEqual(['start', 'help', 'language']);
    expect(pierre.commands('fr').find((c) => c.command === 'language')?.description).not.toBe(
      'choose the language',
    );

    const admin = world.standIn.driver.user({ id: ADMIN });
    const granted = await ask(admin, `/grant ${frenchId} reseller`);
    expect(granted.text).toBe(`${frenchId} is now reseller.`);
    // Pierre sent nothing: his menu changed when his role did.
    await pierre.waitFor(() => names(pierre.commands()).includes('topup'));
    expect(names(pierre.commands('fr'))).toEqual([
      'start',
      'help',
      'topup',
      'bulk',
      'schedule',
      'status',
      'orders',
      'stats',
      'pin',
      'balance',
      'statement',
      'receipt',
      'shop',
      'timezone',
      'export',
      'settings',
      'cancel',
      'language',
    ]);
    const topupFr = pierre.commands('fr').find((c) => c.command === 'topup')?.description;
    expect(topupFr).toBeTruthy();
    expect(topupFr).not.toContain('top up a phone');

    const promoted = await ask(admin, `/grant ${frenchId} agent`);
    expect(promoted.text).toBe(`${frenchId} is now support agent.`);
    await pierre.waitFor(() => !names(pierre.commands()).includes('topup'));
    expect(names(pierre.commands())).toEqual([
      'start',
      'help',
      'status',
      'orders',
      'receipt',
      'export',
      'settings',
      'cancel',
      'language',
    ]);

    const revoked = await ask(admin, `/revoke ${frenchId}`);
    expect(revoked.text).toBe(`${frenchId} no longer has access.`);
    await pierre.waitFor(() => names(pierre.commands()).length === 3);
    expect(names(pierre.commands())).toEqual(['start', 'help', 'language']);
    const refused = await ask(pierre, '/status O-1');
    expect(refused.text).toContain(`Telegram est ${frenchId}`);

    const users = await ask(admin, '/users');
    expect(users.text).toContain(`${ADMIN} — admin (ADMIN_IDS)`);
    expect(users.text).toContain(`${RESELLER} — reseller`);
    expect(users.text).toContain(`${AGENT} — support agent`);
    expect(users.text).not.toContain(`${frenchId} —`);
    // Newest change first: who, whom, when. Ada by her name; Pierre, who wrote only as a stranger, by his ID.
    const audit = users.text.split('Recent changes:')[1]!.trim().split('\n');
    const ada = shownAs('Ada', ADMIN);
    expect(audit[0]).toMatch(
      new RegExp(`^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC: ${ada} removed ${frenchId}$`),
    );
    expect(audit[1]).toMatch(new RegExp(`UTC: ${ada} made ${frenchId} support agent$`));
    expect(audit[2]).toMatch(new RegExp(`UTC: ${ada} made ${frenchId} reseller$`));
  });

  it('choosing another language re-describes the menu in it', async () => {
    const reseller = world.standIn.driver.user({ id: RESELLER });
    const choose = await ask(reseller, '/language');
    reseller.press(choose, 'Español');
    // Menus are plain text: the translation's visible text (it is HTML, like every translation).
    const bot = world.apps[0]!.bot;
    const translate = (locale: string, key: string) => htmlToPlain(bot.translate(locale, key));
    await reseller.waitFor(
      () =>
        reseller.commands().find((c) => c.command === 'topup')?.description ===
        translate('es', 'command-topup'),
    );
    expect(reseller.commands().map((c) => c.description)).toEqual(
      [
        'start',
        'help',
        'topup',
        'bulk',
        'schedule',
        'status',
        'orders',
        'stats',
        'pin',
        'balance',
        'statement',
        'receipt',
        'shop',
        'timezone',
        'export',
        'settings',
        'cancel',
        'language',
      ].map((c) => translate('es', `command-${c}`)),
    );
    expect(translate('es', 'command-topup')).not.toBe(translate('en', 'command-topup'));
  });

  it('ADMIN_IDS admins cannot be demoted; bad arguments get the usage', async () => {
    const admin = world.standIn.driver.user({ id: ADMIN });
    expect((await ask(admin, `/revoke ${ADMIN}`)).text).toContain('ADMIN_IDS');
    expect((await ask(admin, `/grant ${ADMIN} agent`)).text).toContain('ADMIN_IDS');
    expect((await ask(admin, '/grant 12 overlord')).text).toContain('Send /grant <user id>');
    expect((await ask(admin, '/revoke someone')).text).toContain('Send /revoke <user id>');
    expect((await ask(admin, '/revoke 99')).text).toBe('99 had no role.');
    expect(await world.apps[0]!.roles.roleOf(ADMIN)).toBe('admin');
  });
});

describe('the last admin', () => {
  let world: BotWorld;
  beforeAll(async () => {
    world = await startBotWorld({ env: { ADMIN_IDS: '' } });
    await world.apps[0]!.roles.change(0, ADMIN, 'admin');
  });
  afterAll(async () => {
    await world?.close();
  });

  it('cannot be removed or demoted, and a second admin can then leave', async () => {
    const admin = world.standIn.driver.user({ id: ADMIN });
    expect((await ask(admin, `/revoke ${ADMIN}`)).text).toContain('last admin');
    expect((await ask(admin, `/grant ${ADMIN} agent`)).text).toContain('last admin');
    expect((await ask(admin, `/grant ${AGENT} admin`)).text).toBe(`${AGENT} is now admin.`);
    const agent = world.standIn.driver.user({ id: AGENT });
    await agent.waitFor(() => agent.commands().some((c) => c.command === 'health'));
    const aziz = shownAs('Aziz', AGENT);
    expect((await ask(agent, `/revoke ${AGENT}`)).text).toBe(`${aziz} no longer has access.`);
    expect(await world.apps[0]!.roles.roleOf(ADMIN)).toBe('admin');
    expect(await world.apps[0]!.roles.roleOf(AGENT)).toBeNull();
    const users = await ask(admin, '/users');
    expect(users.text).toContain(`UTC: ${aziz} removed ${aziz}`);
  });
});
