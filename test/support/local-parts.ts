import { localServiceEnv } from '../../src/sandbox/local-env.ts';
import {
  createMerchantSandbox,
  type MerchantSandbox,
  type MerchantSandboxOptions,
  type SandboxAddress,
} from '../../src/sandbox/merchant/index.ts';
import {
  createTelegramStandIn,
  type TelegramStandIn,
  type TelegramStandInOptions,
} from '../../src/sandbox/telegram/index.ts';
import { startRedisServer, type RedisServerHandle } from './redis.ts';

/** A private Redis, the Bot API stand-in and the Merchant API sandbox, for tests that start `src/main.ts`. */
export interface LocalParts {
  redis: RedisServerHandle;
  standIn: TelegramStandIn;
  sandbox: MerchantSandbox;
  urls: SandboxAddress;
  /** The variables that point a bot process at these parts, listening on loopback. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startLocalParts(
  options: { users?: TelegramStandInOptions['users']; sandbox?: MerchantSandboxOptions } = {},
): Promise<LocalParts> {
  const redis = await startRedisServer();
  const standIn = createTelegramStandIn({ users: options.users ?? [] });
  const { apiRoot } = await standIn.listen();
  const sandbox = createMerchantSandbox({ timeScale: 0.01, ...options.sandbox });
  const urls = await sandbox.listen();
  return {
    redis,
    standIn,
    sandbox,
    urls,
    env: {
      ...localServiceEnv({
        botToken: standIn.token,
        apiRoot,
        merchant: sandbox,
        baseUrl: urls.baseUrl,
        redisUrl: redis.url,
      }),
      HTTP_HOST: '127.0.0.1',
    },
    async close() {
      await standIn.close();
      await sandbox.close();
      await redis.dispose();
    },
  };
}
