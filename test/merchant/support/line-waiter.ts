/**
 * A replica's waiter for the kill test of the shared line: takes the current window's two slots, then waits in
 * line with a stable place id (as an order's placement does) and prints `WAITING <position>`; the test SIGKILLs
 * it there. Configured through the environment: REDIS_URL, PREFIX, PLACE, WINDOW_MS, LEASE_MS.
 */
import { Redis } from 'ioredis';
import { createRequestBudget } from '../../../src/merchant/budget.ts';

const redis = new Redis(process.env.REDIS_URL ?? '', { maxRetriesPerRequest: 1 });
const budget = createRequestBudget({
  redis,
  prefix: process.env.PREFIX ?? 'rb:',
  limitPerMinute: 2,
  windowMs: Number(process.env.WINDOW_MS ?? '60000'),
  leaseMs: Number(process.env.LEASE_MS ?? '15000'),
  pollMs: 200,
});
// The window's two slots first, so the place below waits whatever the time within the window.
await budget.acquire('placement');
await budget.acquire('placement');
let told = false;
await budget.acquire('placement', undefined, {
  id: process.env.PLACE ?? 'order:x',
  owner: 'replica-a',
  onWait: (view) => {
    if (told) return;
    told = true;
    process.stdout.write(`WAITING ${view.position}\n`);
  },
});
process.stdout.write('SERVED\n');
redis.disconnect();
