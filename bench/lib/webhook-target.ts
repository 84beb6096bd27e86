// A child process for benchmark 2: `app` serves the real POST /webhooks/merchant route of src/server
// (verification, storage in Redis, acknowledgement); `bare` is the anchor, a node:http server answering 200.
import { createServer as createHttpServer } from 'node:http';
import { Redis } from 'ioredis';
import { createMerchantWebhookHandler } from '../../src/orders/webhook-handler.ts';
import { createServer } from '../../src/server/server.ts';

const mode = process.argv[2];
const port = Number(process.env.HTTP_PORT);

if (mode === 'bare') {
  const server = createHttpServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 11 });
      res.end('{"ok":true}');
    });
  });
  server.listen(port, '127.0.0.1');
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
} else {
  const redis = new Redis(process.env.REDIS_URL ?? '');
  const server = createServer({
    merchantWebhook: createMerchantWebhookHandler({
      redis,
      prefix: process.env.REDIS_PREFIX ?? 'rb:',
      secrets: (process.env.MERCHANT_WEBHOOK_SECRETS ?? '').split(','),
    }),
    readiness: [{ name: 'redis', check: async () => (await redis.ping()) === 'PONG' }],
    metrics: { contentType: 'text/plain', metrics: async () => '' },
    logger: { error: () => undefined },
  });
  server.listen(port, '127.0.0.1');
  process.on('SIGTERM', () =>
    server.close(() => {
      redis.disconnect();
      process.exit(0);
    }),
  );
}
