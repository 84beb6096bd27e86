// The control API under /_standin/: the driver's operations over HTTP, for the chat page and for
// tests in another process. JSON in, JSON out; a refused action answers 400 {"error": "…"}.

import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  press,
  pressData,
  pressKeyboard,
  sendCommand,
  sendContact,
  sendDocument,
  sendText,
  setBlocked,
} from './actions.ts';
import { openDeepLink } from './deep-link.ts';
import { summarise, type StandInDriver } from './driver.ts';
import { StandInUsageError } from './errors.ts';
import { validateFault } from './faults.ts';
import { commandsForChat, webhookInfo } from './methods.ts';
import type { CallbackAnswerView, ChatMessage, ReplyKeyboardView } from './types.ts';
import type { FaultSpec, StandInUserInit, World } from './world.ts';

export interface ChatSnapshot {
  userId: number;
  /** Pass it back as `since` to wait for the next change of this chat. */
  version: number;
  messages: ChatMessage[];
  replyKeyboard: ReplyKeyboardView | null;
  callbackAnswers: CallbackAnswerView[];
  /** The chat action shown now ("typing"…) and for how many more milliseconds. */
  chatAction: string | null;
  chatActionMs: number;
}

export interface ControlApi {
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
  /** Ends every waiting request (on shutdown). */
  close(): void;
}

const MAX_WAIT_MS = 30_000;
const MAX_BODY = 1024 * 1024;
/** A document sent as raw bytes (the chat page's 📎): as large as the stand-in takes uploads at all. */
const MAX_DOCUMENT = 50 * 1024 * 1024;

class HttpFailure extends Error {
  readonly kind = 'http-failure' as const;
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

async function readBytes(req: IncomingMessage, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > max) throw new HttpFailure(413, `request body too large (at most ${max} bytes)`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = (await readBytes(req, MAX_BODY)).toString('utf8').trim();
  if (text === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new HttpFailure(400, 'the body is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new HttpFailure(400, 'a JSON object is expected');
  return parsed as Record<string, unknown>;
}

const text = (body: Record<string, unknown>, name: string): string => {
  const value = body[name];
  if (typeof value !== 'string') throw new HttpFailure(400, `"${name}" (a string) is required`);
  return value;
};
const optionalText = (body: Record<string, unknown>, name: string): string | undefined => {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new HttpFailure(400, `"${name}" must be a string`);
  return value;
};
const integer = (value: unknown, name: string): number => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n))
    throw new HttpFailure(400, `"${name}" (an integer) is required`);
  return n;
};

function readFault(body: Record<string, unknown>): FaultSpec {
  const common = {
    ...(body['calls'] !== undefined ? { calls: integer(body['calls'], 'calls') } : {}),
    ...(body['forMs'] !== undefined ? { forMs: integer(body['forMs'], 'forMs') } : {}),
    ...(body['methods'] === 'all'
      ? { methods: 'all' as const }
      : Array.isArray(body['methods'])
        ? { methods: body['methods'].map(String) }
        : {}),
  };
  if (body['kind'] === 'rate-limit')
    return { kind: 'rate-limit', retryAfter: integer(body['retryAfter'], 'retryAfter'), ...common };
  if (body['kind'] === 'server-error') {
    const status = body['status'] === undefined ? undefined : integer(body['status'], 'status');
    if (status !== undefined && status !== 500 && status !== 502 && status !== 503 && status !== 504) {
      throw new HttpFailure(400, 'status is 500, 502, 503 or 504');
    }
    return { kind: 'server-error', ...(status !== undefined ? { status } : {}), ...common };
  }
  if (body['kind'] === 'network') return { kind: 'network', ...common };
  throw new HttpFailure(400, 'kind is "rate-limit", "server-error" or "network"');
}

const isJson = (req: IncomingMessage): boolean =>
  /^application\/json\b/i.test(req.headers['content-type'] ?? 'application/json');

/**
 * `POST users/:id/document?fileName=…[&mimeType=…][&caption=…]` with the file's bytes as the body: what the chat
 * page's 📎 sends, with no base64 and no JSON size cap.
 */
async function rawDocument(
  world: World,
  userId: number,
  req: IncomingMessage,
  url: URL,
): Promise<ReturnType<typeof sendDocument>> {
  const fileName = url.searchParams.get('fileName');
  if (fileName === null) throw new HttpFailure(400, '"fileName" (a query parameter) is required');
  const mimeType = url.searchParams.get('mimeType') ?? '';
  const caption = url.searchParams.get('caption') ?? '';
  const bytes = await readBytes(req, MAX_DOCUMENT);
  return sendDocument(world, userId, fileName, bytes, {
    ...(mimeType !== '' ? { mimeType } : {}),
    ...(caption !== '' ? { caption } : {}),
  });
}

/** `POST deep-link {url, id?, firstName?, lastName?, username?, languageCode?}`: opens the link (deep-link.ts). */
function deepLink(world: World, body: Record<string, unknown>) {
  const who: Partial<StandInUserInit> = {};
  if (body['id'] !== undefined) who.id = integer(body['id'], 'id');
  for (const field of ['firstName', 'lastName', 'username', 'languageCode'] as const) {
    const value = optionalText(body, field);
    if (value !== undefined) who[field] = value;
  }
  let opened: ReturnType<typeof openDeepLink>;
  try {
    opened = openDeepLink(world, text(body, 'url'), who);
  } catch (error) {
    if (error instanceof HttpFailure) throw error;
    throw new HttpFailure(400, error instanceof Error ? error.message : String(error));
  }
  return {
    user: summarise(opened.user),
    payload: opened.payload,
    updateId: opened.sent.updateId,
    messageId: opened.sent.messageId,
  };
}

export function createControlApi(world: World, driver: StandInDriver): ControlApi {
  const waiting = new Set<() => void>();

  const snapshot = (userId: number): ChatSnapshot => {
    const chat = world.findChat(userId);
    const actionMs = chat === undefined ? 0 : Math.max(0, chat.actionUntil - world.now());
    return {
      userId,
      version: chat?.version ?? 0,
      messages: world.chatView(userId),
      replyKeyboard: world.keyboardView(userId) ?? null,
      callbackAnswers: world.callbackAnswers(userId),
      chatAction: actionMs > 0 ? (chat?.action ?? null) : null,
      chatActionMs: actionMs,
    };
  };

  const chatVersion = (userId: number): number => world.findChat(userId)?.version ?? 0;

  const waitForChange = (userId: number, since: number, waitMs: number): Promise<void> =>
    new Promise((resolve) => {
      if (chatVersion(userId) !== since || waitMs <= 0) {
        resolve();
        return;
      }
      const done = (): void => {
        unsubscribe();
        clearTimeout(timer);
        waiting.delete(done);
        resolve();
      };
      const unsubscribe = world.onChange(() => {
        if (chatVersion(userId) !== since) done();
      });
      const timer = setTimeout(done, waitMs);
      waiting.add(done);
    });

  const userOf = (raw: string): number => {
    const id = integer(raw, 'user id');
    if (world.findUser(id) === undefined) throw new HttpFailure(404, `no user ${id}`);
    return id;
  };

  const route = async (req: IncomingMessage, url: URL): Promise<[number, unknown]> => {
    const method = req.method ?? 'GET';
    const parts = url.pathname
      .replace(/^\/_standin\/?/, '')
      .split('/')
      .filter((p) => p !== '');
    const [head, idPart, action] = parts;
    if (method === 'GET' && head === 'info' && parts.length === 1) {
      return [
        200,
        {
          bot: { id: world.bot.id, username: world.bot.username, firstName: world.bot.first_name },
          users: driver.users(),
          longPolling: driver.isLongPolling(),
          pendingUpdates: driver.pendingUpdateCount(),
          webhookUrl: webhookInfo(world).url,
        },
      ];
    }
    if (head === 'users' && parts.length === 1) {
      if (method === 'GET') return [200, driver.users()];
      if (method === 'POST') {
        const body = await readJson(req);
        const init: StandInUserInit = { id: integer(body['id'], 'id') };
        for (const field of ['firstName', 'lastName', 'username', 'languageCode', 'phone', 'role'] as const) {
          const value = optionalText(body, field);
          if (value !== undefined) init[field] = value;
        }
        if (body['started'] === true) init.started = true;
        try {
          driver.user(init);
        } catch (error) {
          throw new HttpFailure(400, error instanceof Error ? error.message : String(error));
        }
        return [200, driver.users().find((u) => u.id === init.id)];
      }
    }
    if (head === 'users' && idPart !== undefined && parts.length === 3) {
      const userId = userOf(idPart);
      if (method === 'GET' && action === 'chat') {
        const since = url.searchParams.get('since');
        const waitMs = Math.min(MAX_WAIT_MS, Math.max(0, Number(url.searchParams.get('waitMs') ?? '0') || 0));
        if (since !== null) await waitForChange(userId, integer(since, 'since'), waitMs);
        return [200, snapshot(userId)];
      }
      if (method === 'GET' && action === 'commands') {
        const lang = url.searchParams.get('language_code') ?? world.findUser(userId)?.user.language_code;
        return [200, commandsForChat(world, userId, lang ?? undefined)];
      }
      if (method === 'POST' && action === 'document' && !isJson(req)) {
        return [200, await rawDocument(world, userId, req, url)];
      }
      if (method === 'POST') {
        const body = await readJson(req);
        switch (action) {
          case 'text': {
            const replyTo = body['replyTo'] === undefined ? undefined : integer(body['replyTo'], 'replyTo');
            return [
              200,
              sendText(world, userId, text(body, 'text'), replyTo === undefined ? {} : { replyTo }),
            ];
          }
          case 'command':
            return [200, sendCommand(world, userId, text(body, 'command'))];
          case 'contact': {
            const firstName = optionalText(body, 'firstName');
            const lastName = optionalText(body, 'lastName');
            return [
              200,
              sendContact(world, userId, text(body, 'phone'), {
                own: body['own'] === true,
                ...(firstName !== undefined ? { firstName } : {}),
                ...(lastName !== undefined ? { lastName } : {}),
              }),
            ];
          }
          case 'press': {
            const messageId = integer(body['messageId'], 'messageId');
            const data = optionalText(body, 'data');
            if (data !== undefined) return [200, pressData(world, userId, messageId, data)];
            return [200, press(world, userId, messageId, text(body, 'button'))];
          }
          case 'keyboard':
            return [200, pressKeyboard(world, userId, text(body, 'text'))];
          case 'document': {
            const base64 = optionalText(body, 'contentBase64');
            const content = base64 !== undefined ? Buffer.from(base64, 'base64') : text(body, 'content');
            const mimeType = optionalText(body, 'mimeType');
            const caption = optionalText(body, 'caption');
            return [
              200,
              sendDocument(world, userId, text(body, 'fileName'), content, {
                ...(mimeType !== undefined ? { mimeType } : {}),
                ...(caption !== undefined ? { caption } : {}),
              }),
            ];
          }
          case 'block':
            return [200, { updateId: setBlocked(world, userId, true) }];
          case 'unblock':
            return [200, { updateId: setBlocked(world, userId, false) }];
          default:
            break;
        }
      }
    }
    if (method === 'POST' && head === 'deep-link' && parts.length === 1) {
      return [200, deepLink(world, await readJson(req))];
    }
    if (method === 'GET' && head === 'calls' && parts.length === 1) {
      return [200, driver.calls(url.searchParams.get('method') ?? undefined)];
    }
    if (method === 'GET' && head === 'updates' && parts.length === 1) return [200, driver.updates()];
    if (method === 'GET' && head === 'webhook' && parts.length === 1) return [200, webhookInfo(world)];
    if (head === 'faults' && parts.length === 1) {
      if (method === 'POST') {
        const spec = readFault(await readJson(req));
        validateFault(spec);
        driver.injectFault(spec);
        return [200, { ok: true, faults: world.faults.length }];
      }
      if (method === 'DELETE') {
        driver.clearFaults();
        return [200, { ok: true, faults: 0 }];
      }
    }
    throw new HttpFailure(404, `no control route ${method} ${url.pathname}`);
  };

  return {
    async handle(req, res, url) {
      let status: number;
      let body: unknown;
      try {
        [status, body] = await route(req, url);
      } catch (error) {
        if (error instanceof HttpFailure) [status, body] = [error.status, { error: error.message }];
        else if (error instanceof StandInUsageError) [status, body] = [400, { error: error.message }];
        else {
          console.error('telegram stand-in control API:', error instanceof Error ? error.message : error);
          [status, body] = [500, { error: 'internal error' }];
        }
      }
      if (res.writableEnded || res.destroyed) return;
      const payload = JSON.stringify(body);
      res.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(payload),
        'cache-control': 'no-store',
      });
      res.end(payload);
    },
    close() {
      for (const done of [...waiting]) done();
    },
  };
}
