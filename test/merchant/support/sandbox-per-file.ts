import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import type { MerchantClient } from '../../../src/merchant/client.ts';
import { createMerchantSandbox, type SandboxAddress } from '../../../src/sandbox/merchant/index.ts';
import { controlClient, type SandboxControl } from '../../support/bot-world.ts';
import { startRedisServer, type RedisServerHandle } from '../../support/redis.ts';
import { testBudget, testClient } from './setup.ts';

/** What a test file gets: a private Redis, the Merchant API sandbox, its control API and a client of it. */
export interface SandboxWorld {
  redis: Redis;
  sandbox: ReturnType<typeof createMerchantSandbox>;
  address: SandboxAddress;
  control: SandboxControl;
  client: MerchantClient;
  /** Quotes the sandbox has answered so far (its request log). */
  quotesSent(): Promise<number>;
}

/**
 * A private redis-server, the sandbox (time scale 0.01) and a client on a request budget of its own, for the
 * whole file; filled in before the first test, closed after the last.
 */
export function sandboxPerFile(): SandboxWorld {
  const world = {} as SandboxWorld;
  let server: RedisServerHandle;
  beforeAll(async () => {
    server = await startRedisServer();
    world.redis = new Redis(server.url, { maxRetriesPerRequest: 1 });
    world.sandbox = createMerchantSandbox({ timeScale: 0.01 });
    world.address = await world.sandbox.listen();
    world.control = controlClient(world.address.controlUrl);
    const { baseUrl } = world.address;
    world.client = testClient(
      { baseUrl, merchantId: world.sandbox.merchantId, apiKey: world.sandbox.apiKey },
      testBudget(world.redis),
    );
    world.quotesSent = async () =>
      (await world.control.get<{ count: number }>('requests?path=%2Fapi%2Fv1%2Frecharge%2Fquote')).count;
  });
  afterAll(async () => {
    await world.client?.close();
    world.redis?.disconnect();
    await world.sandbox?.close();
    await server?.dispose();
  });
  return world;
}
