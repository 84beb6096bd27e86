import { spawn, type ChildProcess } from 'node:child_process';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.ts';
import { parseConfig } from '../../src/config.ts';
import type { StoredOrder } from '../../src/orders/types.ts';
import { freePort } from '../support/ports.ts';
import { startLocalParts, type LocalParts } from '../support/local-parts.ts';

const RESELLER = 710_000_001;
const ADMIN = 710_000_003;

interface Child {
  proc: ChildProcess;
  output: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `node src/main.ts` as production runs it, configured only through the environment. */
function startBot(env: Record<string, string>): Child {
  const proc = spawn(process.execPath, ['src/main.ts'], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  proc.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  proc.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { proc, output, exited };
}

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(['polling', 'webhook'] as const)(
  'node src/main.ts in %s mode, SIGTERM in the middle of a placement',
  (mode) => {
    let parts: LocalParts;
    let controlUrl = '';
    let env: Record<string, string> = {};
    const children: Child[] = [];

    const control = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${controlUrl}/${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!res.ok) throw new Error(`control ${method} ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };

    /** The stored order, read with the app's own store (as a second replica would). */
    const storedOrder = async (ext: string): Promise<StoredOrder | null> => {
      const parsed = parseConfig({ ...env, HTTP_PORT: String(await freePort()) });
      if (!parsed.ok) throw new Error(parsed.problems.join('; '));
      const reader = createApp(parsed.config, pino({ level: 'silent' }));
      await reader.redis.connect();
      try {
        return await reader.orders.service.get(ext);
      } finally {
        await reader.redis.quit();
      }
    };

    beforeAll(async () => {
      const botPort = await freePort();
      // No webhook target yet: see the restart below.
      parts = await startLocalParts({
        users: [
          { id: RESELLER, firstName: 'Rita', languageCode: 'en', started: true },
          { id: ADMIN, firstName: 'Ada', languageCode: 'en', started: true },
        ],
        sandbox: { initialBalance: '1000' },
      });
      controlUrl = parts.urls.controlUrl;
      env = {
        ...parts.env,
        BOT_MODE: mode,
        ...(mode === 'webhook'
          ? { PUBLIC_URL: `http://127.0.0.1:${botPort}`, TELEGRAM_WEBHOOK_SECRET: 'shutdown-test-secret' }
          : {}),
        MERCHANT_RATE_LIMIT_PER_MINUTE: '1000',
        HTTP_PORT: String(botPort),
        ADMIN_IDS: String(ADMIN),
        LOG_LEVEL: 'info',
        RESELLER_START_CREDIT: '1000',
      };
    });

    afterAll(async () => {
      for (const child of children) if (child.proc.exitCode === null) child.proc.kill('SIGKILL');
      await Promise.all(children.map((c) => c.exited));
      await parts?.close();
    });

    it('finishes the placement before exiting, and after a restart the order is finished, charged once', async () => {
      const first = startBot(env);
      children.push(first);
      await waitFor(
        async () => (await fetch(`http://127.0.0.1:${env.HTTP_PORT}/healthz`)).ok || undefined,
        60_000,
        `the bot to listen: ${first.output.join('')}`,
      );
      // The admin (ADMIN_IDS) makes Rita a reseller through the chat, as in production.
      const ada = parts.standIn.driver.user({ id: ADMIN });
      const granted = ada.sendCommand(`/grant ${RESELLER} reseller`);
      await ada.waitForBotMessage((m) => m.text.includes(String(RESELLER)), { after: granted.messageId });

      const rita = parts.standIn.driver.user({ id: RESELLER });
      rita.sendCommand('/topup');
      await rita.waitForBotMessage((m) => m.text.includes('Which country'));
      rita.sendText('Nigeria');
      await rita.waitForBotMessage((m) => m.text.includes('Which operator'));
      rita.sendText('MTN');
      await rita.waitForBotMessage((m) => m.text.includes('What do you want to buy'));
      rita.sendText('Airtime');
      await rita.waitForBotMessage((m) => m.text.includes('How much'));
      rita.sendText('500');
      await rita.waitForBotMessage((m) => m.text.includes('Send the phone number'));
      rita.sendText('0803 123 4567');
      const quote = await rita.waitForBotMessage((m) => m.text.includes('Please check this top-up'));

      // The service takes the order and charges for it, then answers only 4 s later.
      await control('POST', 'faults', {
        kind: 'latency',
        latency_ms: 4_000,
        after_commit: true,
        method: 'POST',
        path: '/api/v1/recharge/orders',
        next: 1,
      });
      rita.press(quote.id, /✅/);
      const charged = await waitFor(
        async () => {
          const ledger = await control<{ results: Array<{ kind: string; external_order_id: string }> }>(
            'GET',
            'ledger',
          );
          return ledger.results.find((e) => e.kind === 'debit');
        },
        30_000,
        'the sandbox to charge the order',
      );
      const ext = charged.external_order_id;
      // The answer is still on its way: the bot has the order saved but not yet placed.
      expect((await storedOrder(ext))?.placement).toBe('placing');

      first.proc.kill('SIGTERM');
      const exit = await first.exited;
      expect(exit).toEqual({ code: 0, signal: null });
      // The placement in flight was allowed to finish: the answer is stored.
      const afterStop = await storedOrder(ext);
      expect(afterStop?.placement).toBe('placed');
      expect(afterStop?.orderId).toMatch(/^O-/);

      // Webhooks were off until now, so only the placement's own answer could tell the bot the order ID.
      await control('POST', 'webhooks', {
        targets: [
          {
            url: `http://127.0.0.1:${env.HTTP_PORT}/webhooks/merchant`,
            secret: parts.sandbox.webhookSecrets[0],
          },
        ],
      });
      const second = startBot(env);
      children.push(second);
      const told = await rita.waitFor(
        (chat) =>
          chat.find(
            (m) => m.from === 'bot' && m.text.startsWith('✅') && m.text.includes(afterStop!.orderId!),
          ),
        { timeoutMs: 60_000 },
      );
      expect(told.text).toContain(afterStop!.orderId!);
      const finished = await waitFor(
        async () => {
          const order = await storedOrder(ext);
          return order?.status === 'succeeded' ? order : undefined;
        },
        30_000,
        'the stored order to be succeeded',
      );
      expect(finished.orderId).toBe(afterStop!.orderId);

      const ledger = await control<{ results: Array<{ kind: string; external_order_id: string }> }>(
        'GET',
        'ledger',
      );
      expect(ledger.results.filter((e) => e.kind === 'debit' && e.external_order_id === ext)).toHaveLength(1);
      expect(ledger.results.filter((e) => e.kind === 'debit')).toHaveLength(1);

      await waitFor(
        async () => (await fetch(`http://127.0.0.1:${env.HTTP_PORT}/healthz`)).ok || undefined,
        30_000,
        'the restarted bot to listen',
      );
      second.proc.kill('SIGTERM');
      expect(await second.exited).toEqual({ code: 0, signal: null });
    }, 180_000);
  },
);
