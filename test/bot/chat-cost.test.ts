import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { ADMIN, RESELLER, startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { startRoundRobin, type RoundRobin } from '../support/round-robin.ts';
import { eventually } from './agents-support.ts';
import { FAST_USER, PROMPT, say, tap, typeToPhone } from './flow/helpers.ts';

// Redis commands one chat update costs, counted on a MONITOR connection of the world's private redis-server.
// Commands run inside scripts count too (redis-server counts them in total_commands_processed, as the bench
// reads it). The order loops, the outbox (its BullMQ queue under rb:jobs:), the alerts, the bulk worker and the
// look for waits of dead replicas run beside the bot: their commands (keys under rb:orders:, rb:outbox:, rb:jobs:,
// rb:alerts:, rb:bulk:, rb:line:resume, and the TIME they read) are not the chat's and are left out, as are the
// idle flows' sweeps (a look at the deadlines; a chat's own deadline writes count).
const BACKGROUND = /^rb:((orders|outbox|jobs|alerts|bulk):|line:resume$)/;
const isSweep = (args: string[]) =>
  args[0]?.toLowerCase() === 'zrangebyscore' && args[1] === 'rb:bot:idle-flows';

/** Budgets per update (the code before the lean path: 14 for /start, 14 for a flow step; 7 and 10 before the rate
 * limit was counted in memory, 5 and 9 before the chat's lock stood for the update's claim). */
const START_BUDGET = 4;
const STEP_BUDGET = 8;

describe('what one chat update costs in Redis', () => {
  let proxy: RoundRobin;
  let world: BotWorld;
  let monitor: Socket;
  const seen: string[][] = [];

  beforeAll(async () => {
    // Two replicas behind a round-robin balancer: consecutive updates of a chat land on alternating replicas.
    proxy = await startRoundRobin();
    world = await startBotWorld({
      mode: 'webhook',
      replicas: 2,
      env: { PUBLIC_URL: proxy.url, ...FAST_USER },
    });
    proxy.setTargets(world.apps.map((app) => `http://127.0.0.1:${app.address!.port}`));
    // A plain socket speaking MONITOR: ioredis' monitor mode sometimes fails with "Command queue state error"
    // when its connection is torn down under a busy server, which made this test fail at random.
    monitor = await startMonitor(world.redis.url, (args) => {
      if (args[0]?.toLowerCase() === 'time' || isSweep(args) || args.some((arg) => BACKGROUND.test(arg)))
        return;
      seen.push(args);
    });
  });
  afterAll(async () => {
    monitor?.destroy();
    await world?.close();
    await proxy?.close();
  });

  /** Runs `act` (one update) and returns the chat's commands from its claim to its end. */
  async function commandsOf(act: () => Promise<unknown>): Promise<string[]> {
    seen.length = 0;
    await act();
    // The update starts with its chat's lock, which names it, and ends after its answer: its update_id is marked
    // done, then the lock is released.
    const window = await eventually(async () => {
      const start = seen.findIndex((args) => args[0] === 'set' && args[1]?.startsWith('rb:lock:chat:'));
      if (start < 0) return undefined;
      const [, lockKey, holder] = seen[start]!;
      const end = seen.findIndex((args, i) => i > start && args[0] === 'del' && args[1] === lockKey);
      if (end < 0) return undefined;
      expect(seen[end - 1]).toEqual(['set', `rb:upd:${holder!.split(':')[0]}`, 'd', 'EX', '86400']);
      return seen.slice(start, end + 1);
    });
    return window.map((args) => args.join(' ').slice(0, 80));
  }

  it(`a known reseller's /start costs at most ${START_BUDGET} commands`, async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    for (let i = 0; i < 2; i++) await commandsOf(() => say(user, '/start', /Pick what to do below/));
    // The third /start is the typical one: each replica has seen the user once, and nothing changed since.
    const commands = await commandsOf(() => say(user, '/start', /Pick what to do below/));
    expect(commands.length, commands.join('\n')).toBeLessThanOrEqual(START_BUDGET);
  });

  it(`a step of the top-up flow (operator to subtype, subtype to amount) costs at most ${STEP_BUDGET}`, async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    const country = await say(user, '/topup', PROMPT.country);
    const operator = await tap(user, country, /Nigeria/, PROMPT.operator);
    let subtype = operator;
    const toSubtype = await commandsOf(async () => {
      subtype = await tap(user, operator, /^MTN Nigeria/, PROMPT.subtype);
    });
    const toAmount = await commandsOf(() => tap(user, subtype, 'Airtime', PROMPT.amount));
    expect(toSubtype.length, toSubtype.join('\n')).toBeLessThanOrEqual(STEP_BUDGET);
    expect(toAmount.length, toAmount.join('\n')).toBeLessThanOrEqual(STEP_BUDGET);
    await say(user, '/cancel', /cancelled/);
  });

  it("the quote and its ✅ read each figure once: the payer's standing, the placements' queue, the PIN's setting, the account", async () => {
    const user = world.standIn.driver.user({ id: RESELLER });
    await typeToPhone(user);
    // A slot asked for in the last half second of the budget's minute (its window in this world) is granted in
    // the next minute, after a second look at the line: the quote and its ✅ start well away from a minute's end.
    const toMinuteEnd = 60_000 - (Date.now() % 60_000);
    if (toMinuteEnd < 20_000) await sleep(toMinuteEnd + 50);
    let quote: Awaited<ReturnType<typeof say>> | undefined;
    const toQuote = await commandsOf(async () => {
      quote = await say(user, '+2348031234561', PROMPT.quote);
    });
    const toPlaced = await commandsOf(async () => {
      user.press(quote!, /✅/);
      // The quote's message becomes the order's status message.
      await user.waitForBotMessage((m) => /Accepted|Succeeded/.test(m.text), { after: quote!.id - 1 });
    });
    // The standing script (role and chain in one read) names the parents' hash first. The quote's price comes from
    // the standing as this replica read it at the update's roles' version (not at all when an earlier update of the
    // user read it at that version); the ✅'s charge reads it again.
    const standings = (commands: string[]) => commands.filter((c) => /^evalsha \S+ 2 rb:net:parent /.test(c));
    expect(standings(toQuote).length, toQuote.join('\n')).toBeLessThanOrEqual(1);
    expect(standings(toPlaced), toPlaced.join('\n')).toHaveLength(1);
    // The role is read once, inside the charge's standing: whether the PIN is asked (never of an admin) comes from
    // the role the update read first.
    expect(toPlaced.filter((c) => c.startsWith(`hget rb:roles ${RESELLER}`))).toHaveLength(1);
    // The placement's wait is estimated, and its slot taken, from the placements' own queue: the queues of
    // lower priorities are not counted (one look each).
    const looks = toPlaced.filter((c) => /^zcard rb:\{budget\}:line:/.test(c));
    expect(looks).toEqual(['zcard rb:{budget}:line:placement', 'zcard rb:{budget}:line:placement']);
    // With nobody in line, the slot is taken without tidying the line's tombstones.
    expect(toPlaced.filter((c) => c.startsWith('zremrangebyscore rb:{budget}'))).toEqual([]);
    // No PIN is asked below PIN_REQUIRED_ABOVE: whether one is set and the threshold, no look at its lock.
    expect(toPlaced.filter((c) => / rb:pin:/.test(c))).toEqual([`hmget rb:pin:{${RESELLER}} hash above`]);
    // The hold reads the account's balance, holds and limits at once.
    const accountReads = toPlaced.filter((c) => /^h(get|mget) rb:acct:/.test(c));
    expect(accountReads).toContain(`hmget rb:acct:{${RESELLER}}:a bal hold om dl`);
    expect(accountReads.filter((c) => c.startsWith('hget'))).toEqual([]);
  });

  it('a role change on one replica is obeyed by the other on its next update', async () => {
    const [first, second] = world.apps as [App, App];
    const someone = 710_000_077;
    const user = world.standIn.driver.user({ id: someone, firstName: 'Noor', languageCode: 'en' });
    // Each replica takes every other update; each sees this stranger as one, whichever takes the update.
    for (let i = 0; i < 4; i++) await say(user, '/orders', /Your Telegram ID is 710000077/);
    await second.roles.change(ADMIN, someone, 'reseller');
    for (let i = 0; i < 4; i++) await say(user, '/orders', /no orders|newest first/);
    await first.roles.change(ADMIN, someone, null);
    for (let i = 0; i < 4; i++) await say(user, '/orders', /Your Telegram ID is 710000077/);
    await second.roles.change(ADMIN, someone, 'agent');
    for (let i = 0; i < 4; i++) await say(user, '/topup', /not available for your role/);
  });
});

/**
 * Opens a MONITOR connection on a bare socket and calls `onCommand` with each command's arguments (lower-cased
 * command name first), parsed from the server's `+<time> [<db> <client>] "arg" "arg"…` lines.
 */
async function startMonitor(url: string, onCommand: (args: string[]) => void): Promise<Socket> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let buffered = '';
  let ready: () => void;
  const started = new Promise<void>((resolve) => (ready = resolve));
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    let end: number;
    while ((end = buffered.indexOf('\r\n')) >= 0) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      if (line === '+OK') ready();
      else if (line.startsWith('+')) onCommand(monitorArgs(line));
    }
  });
  socket.write('MONITOR\r\n');
  await started;
  return socket;
}

/** The quoted arguments of one MONITOR line, unescaped (Redis writes \\, \\" and \\xHH escapes). */
function monitorArgs(line: string): string[] {
  const args: string[] = [];
  for (const match of line.matchAll(/"((?:[^"\\]|\\.)*)"/g)) {
    args.push(
      match[1]!.replace(/\\(x[0-9a-fA-F]{2}|.)/g, (_, esc: string) =>
        esc.length === 3
          ? String.fromCharCode(parseInt(esc.slice(1), 16))
          : esc === 'n'
            ? '\n'
            : esc === 'r'
              ? '\r'
              : esc === 't'
                ? '\t'
                : esc,
      ),
    );
  }
  if (args[0] !== undefined) args[0] = args[0].toLowerCase();
  return args;
}
