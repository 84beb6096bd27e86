// A diagnostic twin of src/main.ts: the same createApp, with the order workers' idle pause taken from
// BENCH_ORDER_IDLE_MS, to show how much of the webhook-to-chat time is the loops' polling.
import { createApp } from '../../src/app.ts';
import { loadConfig, secretsOf } from '../../src/config.ts';
import { createLogger } from '../../src/logger.ts';

const config = loadConfig();
const logger = createLogger({ level: config.logLevel, secrets: secretsOf(config) });
const idleMs = Number(process.env.BENCH_ORDER_IDLE_MS);
const app = createApp(config, logger, Number.isFinite(idleMs) ? { orderTimings: { idleMs } } : {});
process.on('SIGTERM', () => {
  void app.stop(10_000).finally(() => process.exit(0));
});
await app.start();
