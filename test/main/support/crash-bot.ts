/**
 * A whole bot replica for the real-process kill tests: main.ts's wiring (loadConfig, createApp) plus a crash
 * point. It stops still at the point named by CRASH_AT (printing `AT <point> <merchant order number>`), so
 * the test can SIGKILL it exactly there (CRASH_AT_COUNT: at its n-th visit, default the first); ORDER_TIMINGS and
 * BULK_TIMINGS (JSON) shrink the order and bulk worker timings; BUDGET_WINDOW_MS shortens the request budget's
 * minute (AppOverrides.budgetWindowMs).
 */
import pino from 'pino';
import { createApp, type AppOverrides } from '../../../src/app.ts';
import { loadConfig } from '../../../src/config.ts';

const crashAt = process.env.CRASH_AT ?? '';
const crashAtCount = Number(process.env.CRASH_AT_COUNT ?? '1');
const timings = process.env.ORDER_TIMINGS;
const bulkTimings = process.env.BULK_TIMINGS;
const budgetWindowMs = process.env.BUDGET_WINDOW_MS;
let stopped = false;
let visits = 0;

const overrides: AppOverrides = {
  ...(timings ? { orderTimings: JSON.parse(timings) as AppOverrides['orderTimings'] } : {}),
  ...(bulkTimings ? { bulkTimings: JSON.parse(bulkTimings) as AppOverrides['bulkTimings'] } : {}),
  ...(budgetWindowMs ? { budgetWindowMs: Number(budgetWindowMs) } : {}),
  hooks: {
    at(point, detail) {
      if (point !== crashAt || stopped) return;
      if (++visits < crashAtCount) return;
      stopped = true;
      process.stdout.write(`AT ${point} ${detail.externalOrderId ?? ''}\n`);
      // Hold still here until the test kills the process.
      return new Promise<void>(() => {});
    },
  },
};
const app = createApp(loadConfig(), pino({ level: process.env.CRASH_BOT_LOG ?? 'silent' }), overrides);
await app.start();
process.stdout.write('READY\n');
