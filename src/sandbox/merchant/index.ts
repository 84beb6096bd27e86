import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_PREFIX, createApiHandler } from './api.ts';
import { OPERATORS } from './catalogue.ts';
import { CONTROL_PREFIX, createControlHandler } from './control.ts';
import { DEMO_WEBHOOK_SECRET, createCore, type MerchantSandboxOptions } from './core.ts';
import { detail, notFoundHtml, send } from './http.ts';

export { DEMO_OTHER_API_KEY, DEMO_OTHER_MERCHANT_ID, type MerchantSandboxOptions } from './core.ts';
export { MAGIC_ENDINGS, renderMagicTable } from './magic.ts';
export { COUNTRIES, OPERATORS, FX_PER_USD } from './catalogue.ts';

export interface SandboxAddress {
  /** Up to and including /api/v1. */
  baseUrl: string;
  /** The control API root, /_sandbox. */
  controlUrl: string;
  port: number;
}

export interface MerchantSandbox {
  readonly server: Server;
  listen(port?: number, host?: string): Promise<SandboxAddress>;
  close(): Promise<void>;
  readonly merchantId: string;
  readonly apiKey: string;
  /** Current webhook targets of the primary merchant, each with its signing secret. */
  readonly webhooks: readonly { url: string; secret: string }[];
  /** The secrets a receiver should accept: the targets' secrets, or the demo secret when there is none. */
  readonly webhookSecrets: readonly string[];
}

function logoSvg(key: string, name: string): string {
  const hue = createHash('sha256').update(key).digest()[0] ?? 0;
  const initials = name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 3)
    .replace(/[<>&"]/g, '');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<rect width="96" height="96" rx="18" fill="hsl(${Math.round((hue / 255) * 360)},60%,42%)"/>` +
    `<text x="48" y="58" font-family="sans-serif" font-size="30" font-weight="bold" fill="#fff" text-anchor="middle">${initials}</text></svg>`
  );
}

const formatHost = (host: string): string => {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return reachable.includes(':') ? `[${reachable}]` : reachable;
};

/** A faithful, in-memory Merchant API sandbox with its control API; nothing is shared between instances. */
export function createMerchantSandbox(options: MerchantSandboxOptions = {}): MerchantSandbox {
  const core = createCore(options);
  const api = createApiHandler(core);
  const control = createControlHandler(core);

  const serveLogo = (req: IncomingMessage, res: ServerResponse): boolean => {
    const match = /^\/static\/logos\/([a-z0-9-]+)\.svg$/.exec(new URL(req.url ?? '/', 'http://x').pathname);
    const operator = match && OPERATORS.find((o) => o.hasLogo && o.key.toLowerCase() === match[1]);
    if (!operator || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    send(res, {
      kind: 'raw',
      status: 200,
      contentType: 'image/svg+xml',
      text: logoSvg(operator.key, operator.name),
      headers: { 'cache-control': 'public, max-age=86400' },
    });
    return true;
  };

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const work = async (): Promise<void> => {
      if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) return api.handle(req, res);
      if (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)) return control(req, res);
      if (serveLogo(req, res)) return;
      req.resume();
      send(res, notFoundHtml());
    };
    work().catch((error: unknown) => {
      console.error('merchant sandbox: request failed', error);
      send(res, detail(500, 'Internal server error.'));
    });
  });

  const primary = () => core.primary();

  return {
    server,
    async listen(port = 0, host = '127.0.0.1') {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      const address = server.address() as AddressInfo;
      const root = `http://${formatHost(host)}:${address.port}`;
      return { baseUrl: `${root}${API_PREFIX}`, controlUrl: `${root}${CONTROL_PREFIX}`, port: address.port };
    },
    async close() {
      api.cancelDelays();
      await core.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    get merchantId() {
      return primary().merchantId;
    },
    get apiKey() {
      return primary().apiKey;
    },
    get webhooks() {
      return primary().webhooks.map((t) => ({ url: t.url, secret: t.secret }));
    },
    get webhookSecrets() {
      const targets = primary().webhooks;
      return targets.length > 0 ? targets.map((t) => t.secret) : [DEMO_WEBHOOK_SECRET];
    },
  };
}
