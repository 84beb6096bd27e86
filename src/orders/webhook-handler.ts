import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Redis } from 'ioredis';
import type { AlertSink } from './alerts.ts';
import { hookAt, type LifecycleHooks } from '../lib/hooks.ts';
import { silentLogger, type LoggerLike } from '../domain/log.ts';
import { orderKeys, type OrderKeys } from './keys.ts';
import { defineScript } from '../lib/redis/redis-script.ts';
import {
  parseMerchantEvent,
  verifyMerchantWebhook,
  type MerchantEvent,
  type WebhookRejection,
} from './webhook-signature.ts';

/**
 * `POST /webhooks/merchant`: reads the raw bytes (size-limited), verifies them as the spec says before
 * parsing, stores the event durably (deduplicated by order ID + event) and answers 2xx at once; the event
 * processor applies it after the answer. Anything bad gets a 4xx and changes nothing; refusals are counted
 * and repeated ones alert admins.
 */

export interface WebhookHandlerDeps {
  redis: Redis;
  /** REDIS_PREFIX. */
  prefix: string;
  /** MERCHANT_WEBHOOK_SECRETS: any one may match. */
  secrets: readonly string[];
  /** Wall clock in ms (the 300-second window is checked against it). */
  clock?: () => number;
  /** Largest body accepted (default 64 KiB). */
  maxBodyBytes?: number;
  alerts?: AlertSink;
  /** Refusals within ten minutes that raise an admin alert (default 5). */
  failureAlertThreshold?: number;
  /** Longest wait for Redis before answering 503 (the sender retries). */
  storeTimeoutMs?: number;
  /** Called for every refused webhook (metrics). */
  onRefused?: (reason: WebhookRefusal) => void;
  logger?: LoggerLike;
  hooks?: LifecycleHooks;
}

/** Why a webhook was refused, as counted and logged. */
export type WebhookRefusal = WebhookRejection | 'not-json' | 'too-large' | 'bad-method';

const storeScript = defineScript(`
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'EX', tonumber(ARGV[2])) then
  redis.call('XADD', KEYS[2], 'MAXLEN', '~', '100000', '*', 'body', ARGV[3], 'received', ARGV[4], 'delivery', ARGV[5])
  return 1
end
return 0
`);

class BodyTooLarge extends Error {
  readonly kind = 'too-large' as const;
}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLarge('body too large');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > limit) throw new BodyTooLarge('body too large');
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

function answer(res: ServerResponse, status: number, body: Record<string, unknown>, close = false): void {
  if (res.headersSent) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...(close ? { connection: 'close' } : {}),
  });
  res.end(text);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('redis timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Answers a refused webhook and counts it; the refusal that reaches `threshold` within one window alerts admins.
 * Counting is best effort: a Redis problem is logged, never thrown.
 */
function createRefusals(deps: {
  redis: Redis;
  keys: OrderKeys;
  clock: () => number;
  storeTimeoutMs: number;
  threshold: number;
  windowMs: number;
  alerts: AlertSink | undefined;
  onRefused: ((reason: WebhookRefusal) => void) | undefined;
  logger: LoggerLike;
}) {
  const { keys, clock, storeTimeoutMs, threshold, windowMs, logger } = deps;
  return async function refuse(
    res: ServerResponse,
    status: number,
    reason: WebhookRefusal,
    close = false,
  ): Promise<void> {
    answer(res, status, { ok: false, error: reason }, close);
    logger.warn({ reason }, 'merchant webhook refused');
    deps.onRefused?.(reason);
    try {
      const window = Math.floor(clock() / windowMs);
      const key = keys.webhookFailures(window);
      const count = await withTimeout(
        deps.redis
          .multi()
          .incr(key)
          .pexpire(key, windowMs * 2)
          .exec(),
        storeTimeoutMs,
      );
      const failures = Number(count?.[0]?.[1] ?? 0);
      if (failures === threshold && deps.alerts) {
        await deps.alerts.raise({ kind: 'webhook-signature', failures, reason });
      }
    } catch (error) {
      logger.error({ err: error }, 'could not count a refused webhook');
    }
  };
}

/**
 * Reads the raw body (size-limited), verifies it, then parses it. Every refusal is answered here, and null
 * returned; the caller stores what comes back.
 */
async function receiveEvent(
  req: IncomingMessage,
  res: ServerResponse,
  deps: {
    limit: number;
    secrets: readonly string[];
    clock: () => number;
    logger: LoggerLike;
    refuse: ReturnType<typeof createRefusals>;
  },
): Promise<{ raw: Buffer; event: MerchantEvent } | null> {
  const { logger, refuse } = deps;
  if (req.method !== 'POST') {
    res.setHeader('allow', 'POST');
    await refuse(res, 405, 'bad-method');
    return null;
  }
  let raw: Buffer;
  try {
    raw = await readBody(req, deps.limit);
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      await refuse(res, 413, 'too-large', true);
      req.resume();
      return null;
    }
    // The sender went away mid-body; nothing to answer.
    logger.warn({ err: error }, 'merchant webhook body could not be read');
    if (!res.headersSent) answer(res, 400, { ok: false, error: 'unreadable' });
    return null;
  }
  const verified = verifyMerchantWebhook({
    rawBody: raw,
    signatureHeader: req.headers['x-svc-signature'],
    secrets: deps.secrets,
    nowSeconds: Math.floor(deps.clock() / 1000),
  });
  if (!verified.ok) {
    if (verified.reason === 'no-secrets') {
      logger.error({}, 'no merchant webhook secret configured');
      answer(res, 503, { ok: false, error: 'not configured' });
      return null;
    }
    await refuse(
      res,
      verified.reason === 'missing-header' || verified.reason === 'malformed-header' ? 400 : 401,
      verified.reason,
    );
    return null;
  }
  const parsed = parseMerchantEvent(raw);
  if (!parsed.ok) {
    await refuse(res, 400, 'not-json');
    return null;
  }
  return { raw, event: parsed.event };
}

/** Creates the `POST /webhooks/merchant` handler (the server routes the path to it). */
export function createMerchantWebhookHandler(
  deps: WebhookHandlerDeps,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const keys = orderKeys(deps.prefix);
  const clock = deps.clock ?? Date.now;
  const limit = deps.maxBodyBytes ?? 64 * 1024;
  const storeTimeoutMs = deps.storeTimeoutMs ?? 5_000;
  // How long an accepted (order ID, event) pair is remembered for deduplication.
  const dedupeTtl = 30 * 24 * 3600;
  const logger = deps.logger ?? silentLogger;
  const refuse = createRefusals({
    redis: deps.redis,
    keys,
    clock,
    storeTimeoutMs,
    threshold: deps.failureAlertThreshold ?? 5,
    windowMs: 600_000,
    alerts: deps.alerts,
    onRefused: deps.onRefused,
    logger,
  });

  return async (req, res) => {
    const received = await receiveEvent(req, res, { limit, secrets: deps.secrets, clock, logger, refuse });
    if (received === null) return;
    const { raw, event } = received;
    const delivery = req.headers['x-svc-delivery'];
    try {
      await hookAt(deps.hooks, 'webhook-received-before-store', { orderId: event.orderId });
      const stored = await withTimeout(
        storeScript.run(
          deps.redis,
          [keys.webhookSeen(event.orderId, event.event), keys.webhookEvents],
          [
            String(clock()),
            dedupeTtl,
            raw.toString('utf8'),
            String(clock()),
            typeof delivery === 'string' ? delivery.slice(0, 200) : '',
          ],
        ),
        storeTimeoutMs,
      );
      await hookAt(deps.hooks, 'webhook-stored-before-ack', { orderId: event.orderId });
      answer(res, 200, { ok: true, duplicate: stored !== 1 });
      logger.info(
        { orderId: event.orderId, event: event.event, duplicate: stored !== 1 },
        'merchant webhook accepted',
      );
    } catch (error) {
      // Not stored (or not known to be): a 5xx makes the service deliver it again; dedupe absorbs a repeat.
      logger.error({ err: error, orderId: event.orderId }, 'merchant webhook could not be stored');
      answer(res, 503, { ok: false, error: 'try again' });
    }
  };
}
