import { Redis } from 'ioredis';
import { killChild, type Child } from '../../support/child.ts';
import { startLocalParts, type LocalParts } from '../../support/local-parts.ts';
import { freePort } from '../../support/ports.ts';
import { startRoundRobin, type RoundRobin } from '../../support/round-robin.ts';
import { outputLine, startCrashBot } from './crash-bot-process.ts';

/** Two whole replicas (ROLE=all, webhook mode behind a round-robin balancer) on one Redis, sandbox and stand-in. */
export interface TwoReplicas {
  parts: LocalParts;
  proxy: RoundRobin;
  redis: Redis;
  /** Replica A, which gets every update until `failOver`. */
  a: Child;
  /** A dies (SIGKILL) and every update goes to B from then on. */
  failOver(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts two replicas sharing a request budget of `limit` a `windowMs` window (the sandbox's rate limit alike),
 * the admin `admin` and the users `resellers` (named `<namePrefix>1`…); every update goes to A.
 */
export async function startTwoReplicas(options: {
  admin: number;
  resellers: readonly number[];
  namePrefix: string;
  limit: number;
  windowMs: number;
  env?: Record<string, string>;
}): Promise<TwoReplicas> {
  const parts = await startLocalParts({
    users: [
      { id: options.admin, firstName: 'Ada', languageCode: 'en', started: true },
      ...options.resellers.map((id, i) => ({
        id,
        firstName: `${options.namePrefix}${i + 1}`,
        languageCode: 'en',
        started: true,
      })),
    ],
    sandbox: {
      rateLimitPerMinute: options.limit,
      rateLimitWindowMs: options.windowMs,
      initialBalance: '1000',
    },
  });
  const proxy = await startRoundRobin();
  const redis = new Redis(parts.redis.url);
  const children: Child[] = [];
  const close = async () => {
    await Promise.all(children.map(killChild));
    redis.disconnect();
    await proxy.close();
    await parts.close();
  };
  try {
    const env: Record<string, string> = {
      ...parts.env,
      BOT_MODE: 'webhook',
      PUBLIC_URL: proxy.url,
      TELEGRAM_WEBHOOK_SECRET: 'two-replicas-test-secret',
      MERCHANT_RATE_LIMIT_PER_MINUTE: String(options.limit),
      BUDGET_WINDOW_MS: String(options.windowMs),
      ADMIN_IDS: String(options.admin),
      RESELLER_START_CREDIT: '100',
      RECONCILE_AT: 'off',
      USER_UPDATE_LIMIT: '10000',
      LOG_LEVEL: 'silent',
      ...options.env,
    };
    const start = async (port: number) => {
      const child = startCrashBot({ ...env, HTTP_PORT: String(port) });
      children.push(child);
      await outputLine(child, 'READY');
      return child;
    };
    const [portA, portB] = [await freePort(), await freePort()];
    const a = await start(portA);
    await start(portB);
    proxy.setTargets([`http://127.0.0.1:${portA}`]);
    return {
      parts,
      proxy,
      redis,
      a,
      async failOver() {
        await killChild(a);
        proxy.setTargets([`http://127.0.0.1:${portB}`]);
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
