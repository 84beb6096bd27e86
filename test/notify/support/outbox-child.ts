/**
 * A process of the Telegram outbox for the kill tests: it works the outbox's queue, or with NOW enqueues that
 * message (an edit or a new one) to be sent at once (`now`) and works nothing, and stops still right after Telegram took a message, before
 * it is recorded as done (printing `AT <point>`), so the test can SIGKILL it exactly there.
 *
 * Env: REDIS_URL, PREFIX, TG_API_ROOT, TG_TOKEN, LEASE_MS; NOW (JSON: the message, its key and an edit's version).
 */
import { Api } from 'grammy';
import { Redis } from 'ioredis';
import { createJobSystem } from '../../../src/jobs/jobs.ts';
import { createOutbox } from '../../../src/notify/outbox.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is required`);
  return value;
};

const redis = new Redis(env('REDIS_URL'), { maxRetriesPerRequest: 3 });
redis.on('error', () => {});
const prefix = env('PREFIX');
const outbox = createOutbox({
  jobs: createJobSystem({ connect: (options) => new Redis(env('REDIS_URL'), options), prefix }),
  redis,
  prefix,
  telegram: new Api(env('TG_TOKEN'), { apiRoot: env('TG_API_ROOT') }),
  timings: { leaseMs: Number(env('LEASE_MS')), retryDelaysMs: [50] },
  hooks: {
    at(point) {
      if (point !== 'outbox-after-send-before-record') return;
      process.stdout.write(`AT ${point}\n`);
      // Hold still here until the test kills the process.
      return new Promise<void>(() => {});
    },
  },
});
const now = process.env['NOW'];
if (now === undefined) {
  outbox.work();
  process.stdout.write('READY\n');
} else {
  const { message, key, version } = JSON.parse(now) as {
    message: Parameters<typeof outbox.enqueue>[0];
    key: string;
    version?: number;
  };
  await outbox.enqueue(message, { key, version, now: true });
}
