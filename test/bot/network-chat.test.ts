import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { networkPageData } from '../../src/bot/callback-data/network.ts';
import { RedisInviteStore } from '../../src/accounts/invites.ts';
import { revokeInviteData } from '../../src/bot/callback-data/invite.ts';
import { formatMoney } from '../../src/domain/money.ts';
import type { StandInUser } from '../../src/sandbox/telegram/driver.ts';
import type { ChatMessage } from '../../src/sandbox/telegram/types.ts';
import { ADMIN, AGENT, startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { shownAs } from '../support/names.ts';
import { ask, eventually } from './agents-support.ts';
import { FAST_CHATS, FAST_USER, WAIT, buttonTexts, orderPostCount, typeToQuote } from './flow/helpers.ts';

const START_CREDIT = '7';
const LINK = /https:\/\/t\.me\/recharge_demo_bot\?start=([A-Za-z0-9_-]+)/;

// Distributors' chat commands over the real app, the sandbox, the stand-in and Redis (NETWORK_MAX_DEPTH 3):
// admin (merchant) → Dana (distributor) → Sol (sub-distributor) → Cora (shop), and Dana's shop Cleo beside Sol;
// Xavi is another distributor with his shop Xena, outside Dana's network.
describe('networks in chat: /grant distributor, /transfer, /network, /move, /revoke, /invite, /pricing', () => {
  let world: BotWorld;
  let app: App;
  let currency: string;
  let admin: StandInUser;
  let dana: StandInUser;
  let sol: StandInUser;
  let cleo: StandInUser;
  let cora: StandInUser;
  let xavi: StandInUser;
  let xena: StandInUser;
  let nextUser = 710_100_100;

  beforeAll(async () => {
    world = await startBotWorld({
      env: { NETWORK_MAX_DEPTH: '3', RESELLER_START_CREDIT: START_CREDIT, ...FAST_USER },
      overrides: FAST_CHATS,
    });
    app = world.apps[0]!;
    currency = await app.accounts.currency();
    admin = world.standIn.driver.user({ id: ADMIN });
    dana = person('Dana');
    sol = person('Sol');
    cleo = person('Cleo');
    cora = person('Cora');
    xavi = person('Xavi');
    xena = person('Xena');
  }, 30_000);

  afterAll(async () => {
    await world?.close();
  });

  function person(firstName: string): StandInUser {
    return world.standIn.driver.user({ id: nextUser++, firstName, languageCode: 'en', started: true });
  }

  const m = (amount: string) => formatMoney(amount, currency);

  /** A reseller who joined `parent`'s network as an invite of theirs would make them, and their name recorded. */
  async function reseller(user: StandInUser, parent: number): Promise<void> {
    expect((await app.network.join(user.id, parent)).ok).toBe(true);
    await app.roles.change(parent, user.id, 'reseller');
    await ask(user, '/help');
  }

  /** A bot message in the user's chat, whenever it came (a notice may come before or after the answer). */
  function seen(user: StandInUser, predicate: (text: string) => boolean): Promise<ChatMessage> {
    return user.waitFor((chat) => chat.find((msg) => msg.from === 'bot' && predicate(msg.text)), WAIT);
  }

  async function balance(user: StandInUser): Promise<string> {
    return (await app.accounts.view(user.id)).balance;
  }

  it('/grant <id> distributor: a user with no role or a reseller, never deeper than NETWORK_MAX_DEPTH allows children', async () => {
    const granted = await ask(admin, `/grant ${dana.id} distributor`);
    expect(granted.text).toBe(`${dana.id} is now distributor.`);
    expect(await app.roles.roleOf(dana.id)).toBe('distributor');
    const help = await ask(dana, '/help');
    expect(help.text).toContain('🕸 Network: /network /transfer');

    expect((await ask(admin, `/grant ${AGENT} distributor`)).text).toMatch(
      /^🚫 .*is support agent: only a reseller, or someone with no role yet, can become a distributor\. Nothing changed\.$/,
    );
    expect(await app.roles.roleOf(AGENT)).toBe('agent');

    // Sol, a reseller at level 2 under Dana, may have a network of his own (level 3); Cora below him may not.
    await reseller(sol, dana.id);
    expect((await ask(admin, `/grant ${sol.id} distributor`)).text).toBe(
      `${shownAs('Sol', sol.id)} is now distributor.`,
    );
    await reseller(cora, sol.id);
    expect((await ask(admin, `/grant ${cora.id} distributor`)).text).toBe(
      `🚫 ${shownAs('Cora', cora.id)} is at level 3 of the 3 that NETWORK_MAX_DEPTH allows: resellers below them would be too deep. Nothing changed.`,
    );
    expect(await app.roles.roleOf(cora.id)).toBe('reseller');

    await reseller(cleo, dana.id);
    await app.roles.change(ADMIN, xavi.id, 'distributor');
    await ask(xavi, '/help');
    await reseller(xena, xavi.id);
    const users = await ask(admin, '/users');
    expect(users.text).toContain(`${shownAs('Dana', dana.id)} — distributor`);
    expect(users.text).toContain(`${shownAs('Cleo', cleo.id)} — reseller`);
  });

  it('/transfer moves credit to a direct child and back; over what is available, or to anyone else, nothing moves', async () => {
    expect((await app.accounts.credit(dana.id, new Decimal(100), { adminId: ADMIN, note: 'float' })).ok).toBe(
      true,
    );
    // Joined under Dana, Cleo got no start credit: her distributor funds her.
    expect(await balance(cleo)).toBe('0');
    const danaStart = new Decimal(await balance(dana));
    expect(danaStart.toFixed()).toBe(new Decimal(100).plus(START_CREDIT).toFixed());

    const given = await ask(dana, `/transfer ${cleo.id} 30,5 first stock`);
    const afterGive = danaStart.minus('30.5').toFixed();
    expect(given.text).toBe(
      `💸 ${m('30.5')} moved to ${shownAs('Cleo', cleo.id)}. Your balance: ${m(afterGive)}. Their balance: ${m('30.5')}.`,
    );
    const told = await seen(cleo, (text) => text.startsWith('💰'));
    expect(told.text).toBe(
      `💰 ${shownAs('Dana', dana.id)} moved ${m('30.5')} to your credit (first stock). Your balance: ${m('30.5')}.`,
    );

    const taken = await ask(dana, `/transfer ${cleo.id} -10.25`);
    const afterTake = new Decimal(afterGive).plus('10.25').toFixed();
    expect(taken.text).toBe(
      `💸 ${m('10.25')} taken back from ${shownAs('Cleo', cleo.id)}. Your balance: ${m(afterTake)}. Their balance: ${m('20.25')}.`,
    );
    await seen(cleo, (text) =>
      text.startsWith(`💰 ${shownAs('Dana', dana.id)} took ${m('10.25')} back from your credit (-).`),
    );

    const refusals: Array<[string, string]> = [
      [
        `/transfer ${cleo.id} 1000`,
        `🚫 Not enough credit: you have ${m(afterTake)} available (balance minus holds), and the transfer is ${m('1000')}. Nothing moved.`,
      ],
      [
        `/transfer ${cleo.id} -500`,
        `🚫 Cannot take back ${m('500')} from ${shownAs('Cleo', cleo.id)}: their available credit (balance minus holds) is ${m('20.25')}. Nothing moved.`,
      ],
      [
        `/transfer ${cora.id} 5`,
        `🚫 ${shownAs('Cora', cora.id)} is not directly below you: transfers go to your own resellers only, and theirs are funded by their distributor. Nothing moved.`,
      ],
      [`/transfer ${xena.id} 5`, `🚫 ${xena.id} is not in your network. Nothing changed.`],
      [`/transfer ${ADMIN} 5`, `🚫 ${ADMIN} is not in your network. Nothing changed.`],
      [`/transfer ${cleo.id} 1.234`, `🚫 Too many decimals: ${currency} has 2 after the point.`],
      [`/transfer ${cleo.id} lots`, '🚫 That is not an amount: write digits, e.g. 25 or 25.50.'],
    ];
    for (const [command, answer] of refusals) expect((await ask(dana, command)).text, command).toBe(answer);
    expect((await ask(dana, '/transfer')).text).toMatch(/^Send \/transfer <user id> <amount> \[note\]/);
    expect(await balance(dana)).toBe(afterTake);
    expect(await balance(cleo)).toBe('20.25');
    expect(await balance(xena)).toBe('0');

    const lines = (await app.accounts.allEntries(dana.id)).filter((e) => e.kind === 'transfer');
    expect(lines.map((e) => [e.amount, e.ref])).toEqual([
      ['-30.50', `transfer:${dana.id}:${cleo.id}`],
      ['10.25', `transfer:${dana.id}:${cleo.id}`],
    ]);
    // Not a distributor: no /transfer at all.
    expect((await ask(cleo, `/transfer ${dana.id} 1`)).text).toBe(
      'This command is not available for your role.',
    );
  });

  it("a distributor's /pricing sets their own rules for a direct child (the child's price follows), never another's", async () => {
    await ask(admin, '/pricing set country NG 3%');
    const set = await ask(dana, `/pricing set reseller ${cleo.id} 10%`);
    expect(set.text).toBe(
      `✅ Rule set. Reseller ${shownAs('Cleo', cleo.id)}: 10 % + 0. It applies to the next quote.`,
    );
    const target = { country: 'NG', operatorKey: 'NG-MTN', resellerId: cleo.id };
    const chain = await app.pricing.priceChain(target, '1.00', 'USD');
    expect(chain).toEqual({ price: '1.14', above: [{ userId: dana.id, price: '1.03' }] });

    for (const scope of [`reseller ${xena.id}`, `reseller ${cora.id}`]) {
      const other = scope.split(' ')[1];
      expect((await ask(dana, `/pricing set ${scope} 5%`)).text).toBe(
        `🚫 ${other} is not in your network. Nothing changed.`,
      );
      expect((await ask(dana, `/pricing del ${scope}`)).text).toBe(
        `🚫 ${other} is not in your network. Nothing changed.`,
      );
    }
    expect(await app.pricing.list({ kind: 'distributor', userId: dana.id })).toHaveLength(1);
    // Below a distributor, the merchant's rules never apply: an admin's rule for Cleo is refused.
    expect((await ask(admin, `/pricing set reseller ${cleo.id} 1%`)).text).toBe(
      `🚫 ${shownAs('Cleo', cleo.id)} is in the network of ${shownAs('Dana', dana.id)}: their price is the distributor's price plus the distributor's rule, so a merchant rule for them would never apply. Nothing changed.`,
    );

    const list = await ask(dana, '/pricing');
    expect(list.text).toContain(
      '💹 Your rules: what the resellers of your network pay on top of the price you pay',
    );
    expect(list.text).toContain('Default: no rule set: your resellers pay the price you pay.');
    expect(list.text).toContain(`Reseller ${shownAs('Cleo', cleo.id)}: 10 % + 0`);
    expect(list.text).not.toContain('Country NG');
    expect(list.text).not.toContain('PRICE_MARGIN_PERCENT');
    // The admin's list is the merchant's, without Dana's rule.
    const merchant = await ask(admin, '/pricing');
    expect(merchant.text).toContain('Country NG: 3 % + 0');
    expect(merchant.text).not.toContain(`Reseller ${shownAs('Cleo', cleo.id)}`);
  });

  it("/network: each child's balance, today's volume and the commission they brought, sub-networks folded, paged", async () => {
    // Cleo tops up; when it succeeds Dana's commission line names her.
    const quote = await typeToQuote(cleo, '+2348031000001');
    cleo.press(quote, /✅/);
    const commission = await eventually(async () =>
      (await app.accounts.allEntries(dana.id)).find((e) => e.kind === 'commission'),
    );
    expect(commission.note).toBe(`from:${cleo.id}`);
    const debit = (await app.accounts.allEntries(cleo.id)).find((e) => e.kind === 'debit')!;
    const volume = new Decimal(debit.amount).abs().toFixed();

    // Nine more shops under Dana: eleven children, two pages.
    const shops: StandInUser[] = [];
    for (let i = 0; i < 9; i++) {
      const shop = person(`Shop${i}`);
      await reseller(shop, dana.id);
      shops.push(shop);
    }
    const first = await ask(dana, '/network');
    expect(first.text).toContain(
      "🕸 Your network — directly below you: 11 · in all: 12 (today's figures, UTC day)",
    );
    expect(first.text).toContain(
      `• ${shownAs('Cleo', cleo.id)}: balance ${m(await balance(cleo))} · today ${m(volume)} · your commission ${m(commission.amount)}`,
    );
    expect(first.text).toContain(
      `• ${shownAs('Sol', sol.id)}: balance ${m('0')} · today ${m('0')} · your commission ${m('0')} · +1 below`,
    );
    expect(first.text).toContain(`Your commission today: ${m(commission.amount)}`);
    expect(first.text).not.toContain('Cora');
    expect(first.text.match(/^• /gm)).toHaveLength(8);
    expect(buttonTexts(first)).toEqual(['1/2', 'Next ▶️']);

    dana.press(first, 'Next ▶️');
    const second = await dana.waitFor((chat) =>
      chat.find((msg) => msg.id === first.id && msg.text.includes(shownAs('Shop8', shops[8]!.id))),
    );
    expect(second.text.match(/^• /gm)).toHaveLength(3);
    expect(buttonTexts(second)).toEqual(['◀️ Previous', '2/2']);

    // Xavi's press for a page of Dana's network (forged data) is refused; his own list is his.
    const own = await ask(xavi, '/network');
    expect(own.text).toContain(shownAs('Xena', xena.id));
    expect(own.text).not.toContain('Cleo');
    const forged = xavi.pressData(own.id, networkPageData(dana.id, 1));
    expect((await xavi.waitForCallbackAnswer(forged.queryId)).text).toBe('🚫 This list is not yours.');
    expect(xavi.chat().find((msg) => msg.id === own.id)!.text).not.toContain('Shop');
    // Someone who is no distributor has no /network and no page.
    const cleoSays = await ask(cleo, '/network');
    expect(cleoSays.text).toBe('This command is not available for your role.');
    const foreign = cleo.pressData(cleoSays.id, networkPageData(dana.id, 0));
    expect((await cleo.waitForCallbackAnswer(foreign.queryId)).text).toBe('Sorry, you may not use this.');
  });

  it('/move: under another distributor or the merchant, with the moved user told; cycles, too deep and non-distributors refused', async () => {
    const moved = await ask(admin, `/move ${cleo.id} ${xavi.id}`);
    expect(moved.text).toBe(
      `✅ ${shownAs('Cleo', cleo.id)} moved from ${shownAs('Dana', dana.id)} to ${shownAs('Xavi', xavi.id)}, with everyone below them.`,
    );
    expect(await app.network.parentOf(cleo.id)).toBe(xavi.id);
    await seen(
      cleo,
      (text) =>
        text ===
        `🕸 You are now in the network of ${shownAs('Xavi', xavi.id)}: they fund your credit and set your prices.`,
    );
    const toMerchant = await ask(admin, `/move ${cleo.id} merchant`);
    expect(toMerchant.text).toBe(
      `✅ ${shownAs('Cleo', cleo.id)} moved from ${shownAs('Xavi', xavi.id)} to the merchant, with everyone below them.`,
    );
    expect(await app.network.parentOf(cleo.id)).toBeNull();
    await seen(cleo, (text) => text.startsWith('🕸 You now buy directly from the merchant'));
    await ask(admin, `/move ${cleo.id} ${dana.id}`);

    // Xena becomes a distributor at level 2: Sol (with Cora below) under her would reach level 4.
    await ask(admin, `/grant ${xena.id} distributor`);
    const refusals: Array<[string, string]> = [
      [
        `/move ${dana.id} ${sol.id}`,
        `🚫 ${shownAs('Dana', dana.id)} cannot go under ${shownAs('Sol', sol.id)}: ${shownAs('Sol', sol.id)} is ${shownAs('Dana', dana.id)} or below them. Nothing changed.`,
      ],
      [
        `/move ${sol.id} ${xena.id}`,
        `🚫 ${shownAs('Sol', sol.id)} cannot go under ${shownAs('Xena', xena.id)}: their network would go deeper than NETWORK_MAX_DEPTH allows (at most 3). Nothing changed.`,
      ],
      [
        `/move ${cleo.id} ${cora.id}`,
        `🚫 ${shownAs('Cora', cora.id)} is not a distributor: make them one with /grant first. Nothing changed.`,
      ],
      [
        `/move ${AGENT} ${dana.id}`,
        `🚫 ${AGENT} is not a reseller: only resellers and distributors can be moved. Nothing changed.`,
      ],
    ];
    for (const [command, answer] of refusals) expect((await ask(admin, command)).text, command).toBe(answer);
    expect((await ask(admin, `/move ${cleo.id}`)).text).toMatch(
      /^Send \/move <user id> <parent user id\|merchant>/,
    );
    expect(await app.network.parentOf(sol.id)).toBe(dana.id);
    // Admins see the tree in /users.
    const role = await app.roles.roleOf(sol.id);
    expect((await ask(admin, '/users')).text).toContain(
      `${shownAs('Sol', sol.id)} — ${role}, in the network of ${shownAs('Dana', dana.id)}`,
    );
    expect(await app.network.parentOf(dana.id)).toBeNull();
    expect((await ask(dana, `/move ${cleo.id} merchant`)).text).toBe(
      'This command is not available for your role.',
    );
  });

  it('a distributor revokes in their own network only; revoking a distributor suspends everyone below, who is told, and places nothing of theirs', async () => {
    const outside = [xena.id, AGENT, ADMIN, 710_199_999];
    for (const id of outside) {
      expect((await ask(dana, `/revoke ${id}`)).text).toBe(
        `🚫 ${id} is not in your network. Nothing changed.`,
      );
    }
    expect(await app.roles.roleOf(xena.id)).toBe('distributor');
    expect(await app.roles.roleOf(AGENT)).toBe('agent');

    const shop = (await app.network.children(dana.id)).find((id) => id !== cleo.id && id !== sol.id)!;
    expect((await ask(dana, `/revoke ${shop}`)).text).toMatch(/no longer has access\.$/);
    expect(await app.roles.roleOf(shop)).toBeNull();

    const before = await orderPostCount(world);
    const below = await app.network.below(dana.id);
    const revoked = await ask(admin, `/revoke ${dana.id}`, (msg) => msg.text.startsWith('⛔'));
    expect(revoked.text).toBe(
      `⛔ ${shownAs('Dana', dana.id)} no longer runs a network. Resellers suspended below them: ${below.length}. They keep their credit, and nothing of theirs is placed until you move them with /move.`,
    );
    const told = `⛔ Your network is suspended: ${shownAs('Dana', dana.id)} is no longer a distributor. Your credit is kept, but no top-up of yours is placed until an admin moves you to another distributor.`;
    for (const user of [cleo, cora]) await seen(user, (text) => text === told);
    expect(await balance(cleo)).not.toBe('0');

    // A suspended reseller is stopped at /topup, before any quote.
    expect((await ask(cleo, '/topup')).text).toMatch(/^🚫 Your network is suspended/);
    expect(await orderPostCount(world)).toBe(before);

    // Moved under Xavi, Cleo may buy again.
    await ask(admin, `/move ${cleo.id} ${xavi.id}`);
    const again = await typeToQuote(cleo, '+2348031000003');
    cleo.press(again, /✅/);
    await eventually(async () => (await orderPostCount(world)) > before);
  });

  it("a distributor's invite brings resellers into their network; their /invites and revoke buttons are their own", async () => {
    expect((await ask(xavi, '/invite agent')).text).toMatch(
      /^🚫 Send \/invite reseller \[uses\] \[days\]: a distributor invites resellers into their own network/,
    );
    const invites = new RedisInviteStore({ redis: app.redis, prefix: world.env.REDIS_PREFIX! });
    const adminInvite = await ask(admin, '/invite reseller', (msg) => LINK.test(msg.text));
    const adminId = /Invite ([A-Z2-9]{6})/.exec(adminInvite.text)![1]!;

    const made = await ask(xavi, '/invite reseller 2', (msg) => LINK.test(msg.text));
    expect(made.text).toContain('whoever opens this link becomes reseller at once');
    expect(made.text).toContain('🕸 Whoever joins through it joins your network');
    const id = /Invite ([A-Z2-9]{6})/.exec(made.text)![1]!;
    const payload = LINK.exec(made.text)![1]!;

    const newcomer = person('Nico');
    const joined = await ask(newcomer, `/start ${payload}`, (msg) => msg.text.startsWith('🕸'));
    expect(joined.text).toBe(
      `🕸 You are in the network of ${shownAs('Xavi', xavi.id)}: they fund your credit and set your prices.`,
    );
    expect(await app.roles.roleOf(newcomer.id)).toBe('reseller');
    expect(await app.network.parentOf(newcomer.id)).toBe(xavi.id);
    // Funded by Xavi, not by RESELLER_START_CREDIT.
    expect(await balance(newcomer)).toBe('0');
    await seen(
      xavi,
      (text) =>
        text ===
        `🕸 ${shownAs('Nico', newcomer.id)} joined your network through invite ${id}. Fund them with /transfer.`,
    );

    const list = await ask(xavi, '/invites', (msg) => msg.text.includes(id));
    expect(list.text).not.toContain(adminId);
    expect(buttonTexts(list)).toEqual([`❌ Revoke ${id}`]);
    const forged = xavi.pressData(list.id, revokeInviteData(adminId));
    expect((await xavi.waitForCallbackAnswer(forged.queryId)).text).toBe(
      'This invite is no longer live: nothing changed.',
    );
    expect((await invites.list()).map((invite) => invite.id)).toContain(adminId);
    expect((await ask(admin, '/invites', (msg) => msg.text.includes(adminId))).text).toContain(id);

    // Its maker no longer a distributor, the invite takes nobody, and its use stays.
    await app.roles.change(ADMIN, xavi.id, 'reseller');
    const late = person('Lale');
    const refused = await ask(late, `/start ${payload}`);
    expect(refused.text).toBe(
      '🚫 This invite no longer works: whoever made it no longer runs a network. Nothing changed; ask for a new link.',
    );
    expect(await app.roles.roleOf(late.id)).toBeNull();
    expect(await app.network.parentOf(late.id)).toBeNull();
    expect((await invites.list()).find((invite) => invite.id === id)?.left).toBe(1);
  });
});
