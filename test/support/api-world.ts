import { Api } from 'grammy';
import { Redis } from 'ioredis';
import { createTelegramStandIn, type TelegramStandIn } from '../../src/sandbox/telegram/index.ts';
import { startRedisServer, type RedisServerHandle } from './redis.ts';

/** What a part that talks to Redis and the Bot API needs: a private redis-server, a client, the stand-in and an Api. */
export interface ApiWorld {
  server: RedisServerHandle;
  redis: Redis;
  standIn: TelegramStandIn;
  api: Api;
  close(): Promise<void>;
}

export async function startApiWorld(): Promise<ApiWorld> {
  const server = await startRedisServer();
  const redis = new Redis(server.url);
  const standIn = createTelegramStandIn({});
  const { apiRoot } = await standIn.listen();
  return {
    server,
    redis,
    standIn,
    api: new Api(standIn.token, { apiRoot }),
    async close() {
      redis.disconnect();
      await standIn.close();
      await server.dispose();
    },
  };
}
