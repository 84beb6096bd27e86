/**
 * A replica's waiter for the kill test of the shared line: waits in line with a stable place id (as an order's
 * placement does) behind the place the test holds at the head of the line, and prints `WAITING <position>`; the
 * test SIGKILLs it there. Configured through the environment: REDIS_URL, PREFIX, PLACE, WINDOW_MS, LEASE_MS.
 */
import { Redis } from 'ioredis';
import { createRequestBudget } from '../../../src/merchant/budget.ts';

const redis = new Redis(process.env.REDIS_URL ?? '', { maxRetriesPerRequest: 1 });
const budget = createRequestBudget({
  redis,
  prefix: process.env.PREFIX ?? 'rb:',
  limitPerMinute: 1,
  windowMs: Number(process.env.WINDOW_MS ?? '60000'),
  leaseMs: Number(process.env.LEASE_MS ?? '15000'),
  pollMs: 200,
});
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
