import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it } from 'vitest';
import { createMerchantSandbox } from '../../src/sandbox/merchant/index.ts';
import { createTelegramStandIn, type TelegramStandIn } from '../../src/sandbox/telegram/index.ts';
import { controlClient } from '../support/bot-world.ts';
import { killChild, type Child } from '../support/child.ts';
import { freePort } from '../support/ports.ts';
import { startRedisServer, type RedisServerHandle } from '../support/redis.ts';
import { outputLine, startCrashBot } from '../main/support/crash-bot-process.ts';

// A bulk run whose bot process is SIGKILLed in the middle (right after a line's order was handed to the order
// service, before the run recorded it) is taken up by a new process once its job's lock runs out: every line is
// placed exactly once, none is forgotten, and the report names them all. Real processes, as production runs.

const ADMIN = 710_000_003;
const LINES = 6;
const POINT = 'bulk-after-submit';

const startBot = startCrashBot;
const line = outputLine;

interface SandboxOrder {
  order_id: string;
  external_order_id: string;
}

describe('SIGKILL in the middle of a bulk run', () => {
  let cleanup: {
    redis: RedisServerHandle;
    standIn: TelegramStandIn;
    sandbox: ReturnType<typeof createMerchantSandbox>;
    children: Child[];
  } | null = null;

  afterEach(async () => {
    if (cleanup === null) return;
    await Promise.all(cleanup.children.map(killChild));
    await cleanup.standIn.close();
    await cleanup.sandbox.close();
    await cleanup.redis.dispose();
    cleanup = null;
  });

  it('is resumed by a new process with no line placed twice and none forgotten', async () => {
    const redis = await startRedisServer();
    const standIn = createTelegramStandIn({
      users: [{ id: ADMIN, firstName: 'Ada', languageCode: 'en', started: true }],
    });
    const { apiRoot } = await standIn.listen();
    const sandbox = createMerchantSandbox({ timeScale: 0.01, initialBalance: '1000' });
    const urls = await sandbox.listen();
    const control = controlClient(urls.controlUrl);
    const children: Child[] = [];
    cleanup = { redis, standIn, sandbox, children };
    const env: Record<string, string> = {
      BOT_TOKEN: standIn.token,
      TELEGRAM_API_ROOT: apiRoot,
      BOT_MODE: 'polling',
      MERCHANT_API_BASE_URL: urls.baseUrl,
      MERCHANT_ID: sandbox.merchantId,
      MERCHANT_API_KEY: sandbox.apiKey,
      MERCHANT_WEBHOOK_SECRETS: sandbox.webhookSecrets.join(',') || 'unused-secret',
      MERCHANT_RATE_LIMIT_PER_MINUTE: '1000',
      REDIS_URL: redis.url,
      HTTP_HOST: '127.0.0.1',
      ADMIN_IDS: String(ADMIN),
      LOG_LEVEL: 'silent',
      // A short job lock, so the new process takes the line over within seconds.
      BULK_TIMINGS: JSON.stringify({ leaseMs: 2_000, progressEveryMs: 200 }),
    };
    const port = String(await freePort());
    // Stops still after the third line's order was handed over, before the run recorded it.
    const first = startBot({ ...env, HTTP_PORT: port, CRASH_AT: POINT, CRASH_AT_COUNT: '3' });
    children.push(first);
    await line(first, 'READY');

    const ada = standIn.driver.user({ id: ADMIN });
    const file = Array.from({ length: LINES }, (_, i) => `+23480312${50_000 + i},500,MTN,line ${i + 1}`).join(
      '\n',
    );
    const sent = ada.sendDocument('run.csv', file);
    const summary = await ada.waitForBotMessage((m) => m.text.includes(`${LINES} valid lines`), {
      after: sent.messageId,
      timeoutMs: 30_000,
    });
    ada.press(summary, '✅');
    const at = await line(first, `AT ${POINT}`);
    const crashedOn = at.split(' ')[2]!;
    await killChild(first);
    const atKill = (await control.get<{ results: SandboxOrder[] }>('orders')).results;
    expect(atKill.map((o) => o.external_order_id)).toContain(crashedOn);
    expect(atKill.length).toBe(3);

    const second = startBot({ ...env, HTTP_PORT: port });
    children.push(second);
    await line(second, 'READY');
    const reportMessage = await ada.waitFor(
      (chat) => chat.find((m) => m.from === 'bot' && m.file?.name?.startsWith('bulk-report')),
      { timeoutMs: 90_000 },
    );
    const rows = parse(
      Buffer.from(standIn.driver.fileBytes(reportMessage.file?.fileId ?? '')!).toString('utf8'),
      {
        columns: true,
      },
    ) as Array<Record<string, string>>;
    expect(rows.map((r) => r.note)).toEqual(Array.from({ length: LINES }, (_, i) => `line ${i + 1}`));

    const orders = (await control.get<{ results: SandboxOrder[] }>('orders')).results;
    const numbers = orders.map((o) => o.external_order_id);
    // One order per line, each under the number the report names: the crashed line was not placed twice.
    expect(orders).toHaveLength(LINES);
    expect(new Set(numbers).size).toBe(LINES);
    expect(rows.map((r) => r.merchant_order_number).sort()).toEqual([...numbers].sort());
    for (const row of rows) {
      expect(row.order_id).toBe(
        orders.find((o) => o.external_order_id === row.merchant_order_number)!.order_id,
      );
    }
    expect(ada.chat().find((m) => m.id === summary.id)!.text).toContain('Placed 6 · failed 0 · left 0');
    expect(
      standIn.driver
        .calls('sendDocument')
        .filter((c) => String(c.params['caption'] ?? '').startsWith('Bulk report')),
    ).toHaveLength(1);
  }, 240_000);
});
