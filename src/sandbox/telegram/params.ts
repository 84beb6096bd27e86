// Method parameters arrive as a query string, a JSON body, an urlencoded body or multipart form data.
// The Bot API treats them all alike: every value may be a string (objects JSON-serialized) or, in a
// JSON body, the value itself. The accessors below accept both forms.

import { badRequest } from './errors.ts';

export interface Upload {
  readonly kind: 'upload';
  readonly name: string;
  readonly size: number;
  readonly type: string;
  /** The file's bytes (not enumerable: recorded calls and clones leave them out). */
  readonly bytes?: Buffer;
}

/** An upload with its bytes kept out of JSON and structured clones. */
function uploadOf(name: string, type: string, bytes: Buffer): Upload {
  const upload: Upload = { kind: 'upload', name, size: bytes.length, type };
  Object.defineProperty(upload, 'bytes', { value: bytes, enumerable: false });
  return upload;
}

export interface Params {
  readonly raw: Readonly<Record<string, unknown>>;
  has(name: string): boolean;
  /** The value as a string (numbers and booleans converted); undefined when absent, empty or a file. */
  str(name: string): string | undefined;
  /** An integer; undefined when absent or empty, NaN when not an integer. */
  int(name: string): number | undefined;
  /** The Bot API's to_bool: true, "true", "yes" and "1" are true. */
  bool(name: string): boolean;
  /** A structured value, parsed from JSON when sent as a string. */
  json(name: string, whatOnError: string): unknown;
  /** An uploaded file, directly or through `attach://name`. */
  upload(name: string): Upload | undefined;
}

/** Whether a parameter's value is an uploaded file. */
export const isUpload = (value: unknown): value is Upload =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'upload';

export function createParams(raw: Record<string, unknown>): Params {
  const get = (name: string): unknown => (Object.hasOwn(raw, name) ? raw[name] : undefined);
  const str = (name: string): string | undefined => {
    const value = get(name);
    if (value === undefined || value === null || isUpload(value)) return undefined;
    const text =
      typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
    return text === '' ? undefined : text;
  };
  return {
    raw,
    has: (name) => get(name) !== undefined && get(name) !== null && get(name) !== '',
    str,
    int(name) {
      const value = get(name);
      if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : Number.NaN;
      const text = str(name)?.trim();
      if (text === undefined || text === '') return undefined;
      return /^[+-]?\d{1,16}$/.test(text) ? Number(text) : Number.NaN;
    },
    bool(name) {
      const value = get(name);
      if (typeof value === 'boolean') return value;
      if (typeof value === 'number') return value === 1;
      const text = str(name)?.trim().toLowerCase();
      return text === 'true' || text === 'yes' || text === '1';
    },
    json(name, whatOnError) {
      const value = get(name);
      if (typeof value !== 'string') return value ?? undefined;
      if (value.trim() === '') return undefined;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        throw badRequest(`can't parse ${whatOnError} JSON object`);
      }
    },
    upload(name) {
      const value = get(name);
      if (isUpload(value)) return value;
      if (typeof value === 'string' && value.startsWith('attach://')) {
        const attached = get(value.slice('attach://'.length));
        return isUpload(attached) ? attached : undefined;
      }
      return undefined;
    },
  };
}

/** Reads every parameter of one Bot API request: query string first, then the body over it. */
export async function readRequestParams(
  query: URLSearchParams,
  contentType: string | undefined,
  body: Buffer,
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of query) out[key] = value;
  if (body.length === 0) return out;
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      throw badRequest("can't parse JSON encoded request");
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw badRequest('JSON object expected as request body');
    }
    Object.assign(out, parsed);
    return out;
  }
  if (type === 'application/x-www-form-urlencoded') {
    for (const [key, value] of new URLSearchParams(body.toString('utf8'))) out[key] = value;
    return out;
  }
  if (type === 'multipart/form-data') {
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(body), {
        headers: { 'content-type': contentType ?? '' },
      }).formData();
    } catch {
      throw badRequest("can't parse multipart/form-data request");
    }
    for (const [key, value] of form) {
      out[key] =
        typeof value === 'string'
          ? value
          : uploadOf(value.name, value.type, Buffer.from(await value.arrayBuffer()));
    }
    return out;
  }
  return out;
}
