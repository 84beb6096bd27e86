import type { IncomingMessage, ServerResponse } from 'node:http';

export type Reply =
  | { kind: 'json'; status: number; body: unknown; headers?: Record<string, string> }
  | { kind: 'html'; status: number; html: string; headers?: Record<string, string> }
  | { kind: 'raw'; status: number; contentType: string; text: string; headers?: Record<string, string> };

export const json = (status: number, body: unknown, headers?: Record<string, string>): Reply => ({
  kind: 'json',
  status,
  body,
  ...(headers ? { headers } : {}),
});

export const detail = (status: number, message: string, headers?: Record<string, string>): Reply =>
  json(status, { detail: message }, headers);

const NOT_FOUND_HTML =
  '<!doctype html>\n<html lang="en"><head><title>Not Found</title></head><body><h1>Not Found</h1>' +
  '<p>The requested resource was not found on this server.</p></body></html>\n';

/** Unknown paths answer HTML, like the service's web server does. */
export const notFoundHtml = (): Reply => ({ kind: 'html', status: 404, html: NOT_FOUND_HTML });

export const proxyErrorHtml = (status: number): Reply => ({
  kind: 'html',
  status,
  html: `<html><head><title>${status} Bad Gateway</title></head><body><center><h1>${status} Bad Gateway</h1></center><hr><center>edge</center></body></html>\n`,
});

export function send(res: ServerResponse, reply: Reply): void {
  if (res.headersSent || res.destroyed) return;
  const headers: Record<string, string> = { ...(reply.headers ?? {}) };
  let payload: string;
  switch (reply.kind) {
    case 'json':
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(reply.body);
      break;
    case 'html':
      headers['content-type'] = 'text/html; charset=utf-8';
      payload = reply.html;
      break;
    case 'raw':
      headers['content-type'] = reply.contentType;
      payload = reply.text;
      break;
  }
  headers['content-length'] = String(Buffer.byteLength(payload));
  res.writeHead(reply.status, headers);
  res.end(payload);
}

export class BodyTooLargeError extends Error {
  readonly kind = 'body_too_large' as const;
}

/** The exact request bytes (signatures are checked over them), up to `limit`. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw new BodyTooLargeError('request body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

export type JsonParse = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

/** A JSON object body, or why not. */
export function parseJsonObject(body: Buffer): JsonParse {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch (error) {
    return { ok: false, message: `JSON parse error - ${(error as Error).message}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, message: 'Invalid data. Expected a JSON object.' };
  return { ok: true, value: value as Record<string, unknown> };
}

/** `http://host:port` as the caller addressed us, for hosted logo URLs. */
export function originOf(req: IncomingMessage): string {
  const host = req.headers.host ?? 'localhost';
  return `http://${host}`;
}
