import type { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { createRequestBudget, type RequestBudget } from '../../../src/merchant/budget.ts';
import {
  createMerchantClient,
  type MerchantClient,
  type MerchantClientDeps,
} from '../../../src/merchant/client.ts';
import type { FakeMerchant } from './fake-merchant.ts';

export interface LogLine {
  level: 'debug' | 'info' | 'warn' | 'error';
  obj: Record<string, unknown>;
  msg: string | undefined;
}

/** A pino-like logger that keeps every line, for assertions on levels and on what never appears. */
export function memoryLogger(): MerchantClientDeps['logger'] & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at =
    (level: LogLine['level']) =>
    (obj: Record<string, unknown>, msg?: string): void => {
      lines.push({ level, obj, msg });
    };
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** A budget with its own key prefix, so tests never share a minute or a pause by accident. */
export function testBudget(redis: Redis, limitPerMinute = 100_000): RequestBudget {
  return createRequestBudget({ redis, prefix: `t${randomBytes(4).toString('hex')}:`, limitPerMinute });
}

/** A client wired to the fake (or the sandbox) with small, test-friendly back-off; anything can be overridden. */
export function testClient(
  fake: Pick<FakeMerchant, 'baseUrl' | 'merchantId' | 'apiKey'>,
  budget: MerchantClientDeps['budget'],
  overrides: Partial<MerchantClientDeps> = {},
): MerchantClient {
  return createMerchantClient({
    baseUrl: fake.baseUrl,
    merchantId: fake.merchantId,
    apiKey: fake.apiKey,
    budget,
    timeouts: { connect: 2_000, headers: 10_000, body: 10_000 },
    retry: { attempts: 3, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 10_000 },
    ...overrides,
  });
}
