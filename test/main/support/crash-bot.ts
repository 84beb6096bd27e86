/**
 * A whole bot replica for the real-process kill tests: main.ts's wiring (loadConfig, createApp) plus a crash
 * point. It stops still at the point named by CRASH_AT (printing `AT <point> <merchant order number>`), so
 * the test can SIGKILL it exactly there; ORDER_TIMINGS (JSON) shrinks the order timings.
 */
import pino from 'pino';
import { createApp, type AppOverrides } from '../../../src/app.ts';
import { loadConfig } from '../../../src/config.ts';

const crashAt = process.env.CRASH_AT ?? '';
const timings = process.env.ORDER_TIMINGS;
let stopped = false;

const overrides: AppOverrides = {
  ...(timings ? { orderTimings: JSON.parse(timings) as AppOverrides['orderTimings'] } : {}),
  hooks: {
    at(point, detail) {
      if (point !== crashAt || stopped) return;
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
