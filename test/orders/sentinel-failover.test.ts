import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, afterEach, describe, expect, it, onTestFailed } from 'vitest';
import type { StandInUser } from '../../src/sandbox/telegram/driver.ts';
import { ADMIN, startBotWorld, type BotWorld } from '../support/bot-world.ts';
import { startSentinelGroup, type SentinelGroup } from '../support/sentinel.ts';
import { allOrders, confirmToRefusal, FAST_USER, typeToQuote } from '../bot/flow/helpers.ts';

// Redis through Sentinel (REDIS_SENTINELS, REDIS_SENTINEL_NAME): a master, a replica and three Sentinels on
// loopback. An order intent is held until the replica has it (WAIT 1) before anything is sent.

const RESELLERS = [710_000_101, 710_000_102, 710_000_103, 710_000_104];
const PER_RESELLER = 3;

let group: SentinelGroup | undefined;
let world: BotWorld | undefined;
// The bot's warnings and errors, and each top-up attempt's end: printed when a test fails, so a rare failure says
// what the bot and the resellers saw.
const LOG_FILE = join(tmpdir(), `rb-sentinel-failover-${process.pid}.log`);
const progress: string[] = [];

// The Sentinels' logs: their view of the failover (+sdown, +switch-master, +convert-to-slave…).
const SENTINEL_LOGS = join(tmpdir(), `rb-sentinel-failover-${process.pid}`);

function explainFailure(): void {
  progress.length = 0;
  rmSync(LOG_FILE, { force: true });
  rmSync(SENTINEL_LOGS, { recursive: true, force: true });
  onTestFailed(() => {
    const logged = existsSync(LOG_FILE) ? readFileSync(LOG_FILE, 'utf8').trim().split('\n') : [];
    const sentinels = readdirSync(SENTINEL_LOGS).flatMap((file) =>
      readFileSync(join(SENTINEL_LOGS, file), 'utf8')
        .split('\n')
        .filter((line) => / [#*] [+-]/.test(line))
        .map((line) => `${file}: ${line}`),
    );
    console.error(
      `sentinel failover: the last of ${progress.length} attempt notes:\n${progress.slice(-40).join('\n')}\n` +
        `the last of ${logged.length} bot warnings and errors:\n${logged.slice(-60).join('\n')}\n` +
        `the Sentinels' events:\n${sentinels.join('\n')}`,
    );
  });
}

afterAll(() => {
  rmSync(LOG_FILE, { force: true });
  rmSync(SENTINEL_LOGS, { recursive: true, force: true });
});

afterEach(async () => {
  await world?.close();
  await group?.close();
  world = undefined;
  group = undefined;
});

async function start(): Promise<BotWorld> {
  mkdirSync(SENTINEL_LOGS, { recursive: true });
  group = await startSentinelGroup({ logDir: SENTINEL_LOGS });
  world = await startBotWorld({
    env: { REDIS_SENTINELS: group.sentinels, REDIS_SENTINEL_NAME: group.name, ...FAST_USER },
    logger: pino({ level: 'warn' }, pino.destination({ dest: LOG_FILE, sync: true })),
  });
  const app = world.apps[0]!;
  for (const id of RESELLERS) {
    world.standIn.driver.user({ id, firstName: `R${id}`, languageCode: 'en', started: true });
    await app.roles.change(ADMIN, id, 'reseller');
  }
  return world;
}

async function readyz(w: BotWorld): Promise<{ redis: { topology: string; role: string; replicas: number } }> {
  const res = await fetch(`http://127.0.0.1:${w.apps[0]!.address!.port}/readyz`);
  return (await res.json()) as { redis: { topology: string; role: string; replicas: number } };
}

/**
 * One top-up to the final status in the chat, tried again from the start while Redis is failing over (an
 * update the bot could not store is not answered; the person types /cancel and starts over). Returns the
 * service order ID its chat was told about.
 */
async function topUpUntilDone(user: StandInUser, phone: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      const quote = await typeToQuote(user, phone);
      user.press(quote, /✅/);
      // The quote's message becomes the order's status line ("Placing…" once the intent is stored), or says it
      // was refused (no replica acknowledged the intent).
      const final = await user.waitFor(
        (chat) =>
          chat.find(
            (m) =>
              m.id === quote.id &&
              ((/^✅/u.test(m.text) && /O-\d+/.test(m.text)) || m.text.includes('was refused')),
          ),
        { timeoutMs: 60_000 },
      );
      if (final.text.includes('was refused')) throw new Error(`refused: ${final.text}`);
      progress.push(
        `${new Date().toISOString()} ${user.id} attempt ${attempt} told ${final.text.slice(0, 80).replaceAll('\n', ' ')}`,
      );
      return /O-\d+/.exec(final.text)![0];
    } catch (error) {
      progress.push(
        `${new Date().toISOString()} ${user.id} attempt ${attempt}: ${String(error).slice(0, 200).replaceAll('\n', ' ')}`,
      );
      if (attempt >= 20) throw error;
      user.sendCommand('/cancel');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

describe('Redis through Sentinel', () => {
  it('a master killed in the middle of a run of top-ups: the bot carries on with the promoted replica; no order charged twice, none lost, every chat told', async () => {
    explainFailure();
    const w = await start();
    const before = await readyz(w);
    expect(before.redis).toMatchObject({ topology: 'sentinel', role: 'master', replicas: 1 });
    const oldPort = (await group!.masterPort())!;

    let done = 0;
    const told = new Map<number, string[]>();
    const runs = RESELLERS.map(async (id, r) => {
      const user = w.standIn.driver.user({ id });
      for (let i = 0; i < PER_RESELLER; i++) {
        const orderId = await topUpUntilDone(user, `0803${String(2_000_000 + r * 10 + i)}`);
        told.set(id, [...(told.get(id) ?? []), orderId]);
        done++;
      }
    });
    // The master dies (SIGKILL) once a few orders are through and the rest are under way.
    const deadline = Date.now() + 120_000;
    while (done < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(done).toBeGreaterThanOrEqual(3);
    progress.push(`${new Date().toISOString()} master killed`);
    await group!.master.stop(true);
    const newPort = await group!.waitForFailover(oldPort);
    expect(newPort).toBe(group!.replica.port);
    // Until a replica is back, order intents cannot be acknowledged: top-ups are refused (and tried again
    // above). The dead server comes back empty and the Sentinels make it the new master's replica.
    progress.push(`${new Date().toISOString()} failed over to ${newPort}`);
    await group!.master.start();
    await group!.waitForReplica(group!.master.port);
    progress.push(`${new Date().toISOString()} ${group!.master.port} is a replica again`);
    await Promise.all(runs);

    // The bot carried on: every reseller finished every top-up, each told in its chat.
    expect([...told.values()].flat()).toHaveLength(RESELLERS.length * PER_RESELLER);
    const orders = await allOrders(w);
    // No order charged twice: one service order per merchant order number, and one per top-up told.
    const numbers = orders.map((o) => o.external_order_id);
    expect(new Set(numbers).size).toBe(numbers.length);
    // None lost: every order the service took is in the bot's store with its final status (the ones whose
    // flow was retried during the failover included), and was told in its chat.
    const app = w.apps[0]!;
    for (const order of orders) {
      const stored = await app.orders.service.get(order.external_order_id);
      expect(stored?.orderId, order.external_order_id).toBe(order.order_id);
      await expect
        .poll(async () => (await app.orders.service.get(order.external_order_id))?.status, {
          timeout: 60_000,
        })
        .toBe('succeeded');
      const chat = w.standIn.driver.user({ id: stored!.chatId }).chat();
      await expect
        .poll(
          () =>
            w.standIn.driver
              .user({ id: stored!.chatId })
              .chat()
              .some((m) => m.from === 'bot' && /^✅/u.test(m.text) && m.text.includes(order.order_id)),
          { timeout: 60_000 },
        )
        .toBe(true);
      expect(chat.length).toBeGreaterThan(0);
    }
    const after = await readyz(w);
    expect(after.redis).toMatchObject({ topology: 'sentinel', role: 'master' });
  }, 300_000);

  it('with no replica to acknowledge the order intent, the top-up is refused and nothing reaches the service', async () => {
    const w = await start();
    await group!.replica.stop(true);
    const user = w.standIn.driver.user({ id: RESELLERS[0]! });
    const ext = await confirmToRefusal(user, '08032000900');
    const stored = await w.apps[0]!.orders.service.get(ext);
    expect(stored).toMatchObject({ placement: 'rejected', rejection: { key: 'not-durable' } });
    expect(await allOrders(w)).toEqual([]);
    // Refused before it could be sent: the chat never showed it as being placed.
    const texts = w.standIn.driver.calls('editMessageText').map((c) => String(c.params['text']));
    expect(texts.filter((t) => t.includes('Placing'))).toEqual([]);
    const ready = await readyz(w);
    expect(ready.redis).toMatchObject({ topology: 'sentinel', replicas: 0 });
  }, 120_000);
});
