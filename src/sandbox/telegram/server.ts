// createTelegramStandIn: a local stand-in of the Telegram Bot API on node:http. The bot talks to
// /bot<token>/<method> (point grammY's `client.apiRoot` at it); tests use the in-process driver or
// the control API under /_standin/; people use the chat page at /.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createControlApi } from './control.ts';
import { createDriver, type StandInDriver } from './driver.ts';
import { BotApiError, notFound, unauthorized } from './errors.ts';
import { callMethod } from './methods.ts';
import { renderChatPage } from './page.ts';
import { createParams, readRequestParams } from './params.ts';
import { createWebhookDeliverer } from './webhook.ts';
import { createWorld, type StandInUserInit } from './world.ts';

export const DEFAULT_TOKEN = '123456:DEMO-TOKEN';

/** The people offered on the chat page when none are given: one of each role, and a stranger. */
export const DEFAULT_PAGE_USERS: readonly StandInUserInit[] = [
  {
    id: 710000001,
    firstName: 'Rita',
    lastName: 'Reseller',
    username: 'rita_reseller',
    languageCode: 'en',
    role: 'reseller',
    phone: '2348031234567',
  },
  {
    id: 710000002,
    firstName: 'Alex',
    lastName: 'Agent',
    username: 'alex_agent',
    languageCode: 'en',
    role: 'agent',
    phone: '2348031234568',
  },
  {
    id: 710000003,
    firstName: 'Ada',
    lastName: 'Admin',
    username: 'ada_admin',
    languageCode: 'en',
    role: 'admin',
    phone: '2348031234569',
  },
  { id: 710000004, firstName: 'Sam', lastName: 'Stranger', languageCode: 'en', role: 'stranger (no role)' },
];

export interface TelegramStandInOptions {
  /** The bot token the stand-in accepts; its number before the colon is the bot's user id. */
  token?: string;
  botUsername?: string;
  botFirstName?: string;
  /** Preset people for the chat page (created as users, not yet started). */
  users?: readonly StandInUserInit[];
  /** Trusted HTML for the chat page's side panel. */
  pageNotes?: string;
  /** Milliseconds since the epoch; message dates, callback-query expiry and fault windows follow it. */
  clock?: () => number;
  /** The first update_id (default: random, so two stand-ins never repeat ids into one Redis). */
  firstUpdateId?: number;
  /** How long a callback query may be answered (default 15 000 ms; Telegram's own limit is of that order). */
  callbackQueryTimeoutMs?: number;
  /** Back-off base between webhook retries (default 1000 ms, as Telegram: at once, then 2 s, 4 s, …). */
  webhookRetryBaseMs?: number;
  /** Longest wait between webhook retries (default 60 000 ms). */
  webhookRetryMaxMs?: number;
  /** How long a webhook request may take (default 60 000 ms). */
  webhookTimeoutMs?: number;
}

interface ListeningAddress {
  /** Give this to grammY: `new Bot(token, { client: { apiRoot } })`. */
  apiRoot: string;
  pageUrl: string;
  port: number;
}

export interface TelegramStandIn {
  readonly server: Server;
  readonly driver: StandInDriver;
  readonly token: string;
  listen(port?: number, host?: string): Promise<ListeningAddress>;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 50 * 1024 * 1024;

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new BotApiError(413, 'Request Entity Too Large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

function send(res: ServerResponse, status: number, contentType: string, body: string): void {
  if (res.writableEnded || res.destroyed) return;
  res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

const sendError = (res: ServerResponse, error: BotApiError): void =>
  send(res, error.errorCode, 'application/json', JSON.stringify(error.toJSON()));

export function createTelegramStandIn(options: TelegramStandInOptions = {}): TelegramStandIn {
  const token = options.token ?? DEFAULT_TOKEN;
  if (!/^\d+:[A-Za-z0-9_-]+$/.test(token)) throw new Error('a bot token looks like 123456:ABC-def_1');
  const world = createWorld({
    token,
    botUsername: options.botUsername ?? 'recharge_demo_bot',
    botFirstName: options.botFirstName ?? 'Recharge Bot',
    clock: options.clock ?? Date.now,
    firstUpdateId: options.firstUpdateId ?? 100_000_000 + Math.floor(Math.random() * 800_000_000),
    callbackQueryTimeoutMs: options.callbackQueryTimeoutMs ?? 15_000,
  });
  for (const user of options.users ?? DEFAULT_PAGE_USERS) world.ensureUser(user);
  const driver = createDriver(world);
  const control = createControlApi(world, driver);
  const neverAborted = new AbortController().signal;
  const webhook = createWebhookDeliverer({
    world,
    execute: async (method, params) => {
      await callMethod(world, method, createParams(params), neverAborted);
    },
    retryBaseMs: options.webhookRetryBaseMs ?? 1000,
    retryMaxMs: options.webhookRetryMaxMs ?? 60_000,
    requestTimeoutMs: options.webhookTimeoutMs ?? 60_000,
  });
  const page = renderChatPage({
    botFirstName: world.bot.first_name,
    botUsername: world.bot.username ?? '',
    pageNotes: options.pageNotes,
  });

  const botApi = async (
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    calledToken: string,
    method: string,
  ) => {
    if (calledToken !== token) {
      req.resume();
      return sendError(res, unauthorized());
    }
    if (method === '') {
      req.resume();
      return sendError(res, notFound());
    }
    const closed = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) closed.abort();
    });
    let raw: Record<string, unknown>;
    try {
      raw = await readRequestParams(url.searchParams, req.headers['content-type'], await readBody(req));
    } catch (error) {
      if (error instanceof BotApiError) return sendError(res, error);
      throw error;
    }
    const answer = await callMethod(world, method, createParams(raw), closed.signal);
    if (closed.signal.aborted) return;
    if (answer.drop === true) {
      req.socket.destroy();
      return;
    }
    send(res, answer.status, answer.contentType, answer.body);
  };

  /** `<root>/file/bot<token>/<file_path>`: the bytes of a file getFile named, as the Bot API serves them. */
  const serveFile = (res: ServerResponse, calledToken: string, filePath: string): void => {
    if (calledToken !== token) return sendError(res, unauthorized());
    const file = [...world.files.values()].find((f) => f.file_path === filePath);
    if (file?.bytes === undefined) return sendError(res, notFound());
    res.writeHead(200, {
      'content-type': file.mime_type ?? 'application/octet-stream',
      'content-length': file.bytes.byteLength,
    });
    res.end(file.bytes);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://stand-in.local');
    const path = url.pathname;
    const bot = /^\/bot([^/]*)\/([^/]*)$/.exec(path);
    if (bot !== null) return botApi(req, res, url, decodeURIComponent(bot[1] ?? ''), bot[2] ?? '');
    const file = /^\/_standin\/files\/([^/]+)$/.exec(path);
    if (file !== null && req.method === 'GET') {
      // An uploaded file's bytes, for the chat page (Telegram serves them under /file/bot<token>/ instead).
      req.resume();
      const stored = world.files.get(decodeURIComponent(file[1] ?? ''));
      if (stored?.bytes === undefined) return sendError(res, notFound());
      res.writeHead(200, {
        'content-type': stored.mime_type ?? 'application/octet-stream',
        'content-length': stored.bytes.byteLength,
        'cache-control': 'no-store',
      });
      res.end(stored.bytes);
      return;
    }
    const download = /^\/file\/bot([^/]*)\/(.+)$/.exec(path);
    if (download !== null && (req.method === 'GET' || req.method === 'HEAD')) {
      req.resume();
      return serveFile(res, decodeURIComponent(download[1] ?? ''), decodeURIComponent(download[2] ?? ''));
    }
    if (path === '/_standin' || path.startsWith('/_standin/')) return control.handle(req, res, url);
    req.resume();
    if ((path === '/' || path === '/index.html') && (req.method === 'GET' || req.method === 'HEAD')) {
      return send(res, 200, 'text/html; charset=utf-8', page);
    }
    if (path === '/favicon.ico') return send(res, 204, 'text/plain', '');
    return sendError(res, notFound());
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('telegram stand-in:', error instanceof Error ? error.message : error);
      if (!res.headersSent) sendError(res, new BotApiError(500, 'Internal Server Error'));
      else res.destroy();
    });
  });
  // Long polls last up to 50 s; keep Node from cutting them.
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;
  server.keepAliveTimeout = 65_000;

  let closing: Promise<void> | undefined;

  return {
    server,
    driver,
    token,
    listen(port = 0, host = '127.0.0.1') {
      return new Promise<ListeningAddress>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          const address = server.address() as AddressInfo;
          const shownHost =
            host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
          const base = `http://${shownHost}:${address.port}`;
          resolve({ apiRoot: base, pageUrl: `${base}/`, port: address.port });
        });
      });
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        webhook.stop();
        world.queue.interruptLongPoll('end');
        control.close();
        if (!server.listening) {
          resolve();
          return;
        }
        server.close(() => resolve());
        server.closeIdleConnections();
        setImmediate(() => server.closeAllConnections());
      });
      return closing;
    },
  };
}
