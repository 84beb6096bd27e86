import { createHash, timingSafeEqual } from 'node:crypto';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { LoggerLike } from '../domain/log.ts';
import { withinTime } from '../lib/within-time.ts';

export type RouteHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

interface ReadinessCheck {
  name: string;
  check(): Promise<boolean>;
}

export interface ServerDeps {
  merchantWebhook: RouteHandler;
  /** Present in webhook mode only. */
  telegramWebhook?: RouteHandler;
  readiness: ReadinessCheck[];
  /** More facts for /readyz's body (the process's ROLE, the Redis topology); they never decide readiness. */
  readinessDetails?: () => Promise<Record<string, unknown>>;
  /** `token` (METRICS_TOKEN): when set, /metrics answers only `Authorization: Bearer <token>`. */
  metrics: { contentType: string; metrics(): Promise<string>; token?: string };
  logger: Pick<LoggerLike, 'error'>;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const BEARER = /^Bearer +(\S+) *$/i;

const sha256 = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/**
 * Whether an Authorization header is `Bearer <token>` (the scheme in any case). The digests of what was sent and
 * of the token are compared in constant time: both are 32 bytes whatever was sent, so neither the comparison nor
 * a length check tells anything about the token.
 */
function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = BEARER.exec(header ?? '')?.[1];
  const same = timingSafeEqual(sha256(presented ?? ''), sha256(token));
  return presented !== undefined && same;
}

/** The one HTTP server of the service: webhooks, health, readiness and metrics. */
export function createServer(deps: ServerDeps): Server {
  // A readiness check slower than this counts as failed (a Redis command may wait for a reconnect).
  const checkTimeoutMs = 3_000;
  // A check that fails or is late counts as `fallback`.
  const checked = <T>(check: Promise<T>, fallback: T) =>
    withinTime(
      check.catch(() => fallback),
      checkTimeoutMs,
      fallback,
    );
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '/').split('?')[0];
    try {
      if (path === '/webhooks/merchant') {
        if (req.method !== 'POST') return json(res, 405, { error: 'method not allowed' });
        return await deps.merchantWebhook(req, res);
      }
      if (path === '/webhooks/telegram') {
        if (!deps.telegramWebhook) return json(res, 404, { error: 'not found' });
        if (req.method !== 'POST') return json(res, 405, { error: 'method not allowed' });
        return await deps.telegramWebhook(req, res);
      }
      if (req.method !== 'GET' && req.method !== 'HEAD')
        return json(res, 405, { error: 'method not allowed' });
      if (path === '/healthz') return json(res, 200, { status: 'ok' });
      if (path === '/readyz') {
        const results = await Promise.all(
          deps.readiness.map(async (r) => [r.name, await checked(r.check(), false)] as const),
        );
        const ready = results.every(([, ok]) => ok);
        const details = deps.readinessDetails ? await checked(deps.readinessDetails(), {}) : {};
        return json(res, ready ? 200 : 503, { ready, checks: Object.fromEntries(results), ...details });
      }
      if (path === '/metrics') {
        // Nothing of the request is logged here: the header carries the token.
        const token = deps.metrics.token;
        if (token !== undefined && !bearerMatches(req.headers.authorization, token)) {
          res.setHeader('www-authenticate', 'Bearer realm="metrics"');
          return json(res, 401, { error: 'unauthorized' });
        }
        const body = await deps.metrics.metrics();
        res.writeHead(200, { 'content-type': deps.metrics.contentType });
        res.end(body);
        return;
      }
      json(res, 404, { error: 'not found' });
    } catch (error) {
      deps.logger.error({ err: error, path }, 'request failed');
      if (!res.headersSent) json(res, 500, { error: 'internal error' });
      else res.destroy();
    }
  };
  // node:http never awaits its listener. handle() answers its own errors; this catch is for a failure while
  // doing so (a throwing logger or socket), which would otherwise be an unhandled rejection that ends the process.
  return createHttpServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
}
