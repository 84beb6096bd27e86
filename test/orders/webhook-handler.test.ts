import { createServer, request } from 'node:http';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderKeys } from '../../src/orders/keys.ts';
import { createMerchantWebhookHandler } from '../../src/orders/webhook-handler.ts';
import { signMerchantWebhook } from '../../src/orders/webhook-signature.ts';
import { listenOnLoopback, type RunningServer } from '../support/http.ts';
import { freePort } from '../support/ports.ts';
import { startRedisServer, type RedisServerHandle } from '../support/redis.ts';

const SECRETS = ['whsec_old_one', 'whsec_new_one'];

/** Sends a body in several chunks (no Content-Length), as a streaming client would. */
async function postChunked(url: string, chunks: string[], headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', (error) => {
      // the server may close the connection after refusing an oversized body
      if (
        (error as NodeJS.ErrnoException).code === 'ECONNRESET' ||
        (error as NodeJS.ErrnoException).code === 'EPIPE'
      ) {
        resolve(-1);
      } else reject(error);
    });
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

function body(orderId: string): string {
  return JSON.stringify({
    event: 'order.succeeded',
    order: {
      id: orderId,
      order_id: orderId,
      external_order_id: `ext-${orderId}`,
      status: 'succeeded',
      currency: 'USD',
      total_amount: '1.0000',
      items: [],
    },
  });
}

describe('merchant webhook handler', () => {
  let redisServer: RedisServerHandle;
  let redis: Redis;
  let running: RunningServer;

  beforeAll(async () => {
    redisServer = await startRedisServer();
    redis = new Redis(redisServer.url);
    const handler = createMerchantWebhookHandler({
      redis,
      prefix: 'wh:',
      secrets: SECRETS,
      maxBodyBytes: 4096,
    });
    running = await listenOnLoopback(createServer((req, res) => void handler(req, res)));
  });
  afterAll(async () => {
    await running.close();
    redis.disconnect();
    await redisServer.dispose();
  });

  it('accepts a message signed with any of the secrets (old and new during a reset)', async () => {
    const now = Math.floor(Date.now() / 1000);
    for (const [i, secret] of SECRETS.entries()) {
      const b = body(`O-${i}`);
      const status = await postChunked(`${running.url}/webhooks/merchant`, [b], {
        'x-svc-signature': signMerchantWebhook(secret, now, b),
      });
      expect(status).toBe(200);
    }
    expect(await redis.xlen(orderKeys('wh:').webhookEvents)).toBe(2);
  });

  it('refuses a body over the limit even when it streams in without Content-Length', async () => {
    const before = await redis.xlen(orderKeys('wh:').webhookEvents);
    const now = Math.floor(Date.now() / 1000);
    const pad = 'x'.repeat(1024);
    const chunks = ['{"pad":"', pad, pad, pad, pad, pad, '"}'];
    const status = await postChunked(`${running.url}/webhooks/merchant`, chunks, {
      'x-svc-signature': signMerchantWebhook(SECRETS[0]!, now, chunks.join('')),
    });
    expect([413, -1]).toContain(status);
    expect(await redis.xlen(orderKeys('wh:').webhookEvents)).toBe(before);
  });

  it('answers 503 when the event cannot be stored, so the service delivers it again', async () => {
    const deadPort = await freePort();
    const unreachable = new Redis({
      port: deadPort,
      host: '127.0.0.1',
      maxRetriesPerRequest: 1,
      lazyConnect: true,
    });
    unreachable.on('error', () => {});
    const handler = createMerchantWebhookHandler({
      redis: unreachable,
      prefix: 'wh:',
      secrets: SECRETS,
      storeTimeoutMs: 500,
    });
    const server = await listenOnLoopback(createServer((req, res) => void handler(req, res)));
    try {
      const b = body('O-503');
      const status = await postChunked(`${server.url}/webhooks/merchant`, [b], {
        'x-svc-signature': signMerchantWebhook(SECRETS[1]!, Math.floor(Date.now() / 1000), b),
      });
      expect(status).toBe(503);
    } finally {
      await server.close();
      unreachable.disconnect();
    }
  });
});
