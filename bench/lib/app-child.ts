// The bench's diagnostic entry point: runService (as npm start) with the order workers' idle pause taken from
// BENCH_ORDER_IDLE_MS, to show how much of the webhook-to-chat time is the loops' polling.
import { runService } from '../../src/run-service.ts';

const idleMs = Number(process.env.BENCH_ORDER_IDLE_MS);
void runService(Number.isFinite(idleMs) ? { overrides: { orderTimings: { idleMs } } } : {});
