import type { IncomingHttpHeaders } from 'node:http';
import { Pool, type Dispatcher } from 'undici';
import { MerchantUnexpectedError, fromTransportError, toMerchantError } from './errors.ts';
import { parseJsonBody } from './records.ts';
import { fullPath, newNonce, sign } from './signer.ts';
import type { CallOptions } from './types.ts';

/**
 * One HTTP exchange with the Merchant API (sender.ts retries it in budget slots, client.ts builds the endpoints
 * on both): over a keep-alive pool, a POST's body signed (signer.ts), the answer read up to a limit and turned
 * into the parsed 2xx answer or a typed error.
 */

interface MerchantTimeouts {
  /** Establishing the TCP/TLS connection. */
  connect: number;
  /** From sending the request to the complete response headers. */
  headers: number;
  /** Longest silence while the body arrives. */
  body: number;
}

export const DEFAULT_TIMEOUTS: MerchantTimeouts = { connect: 5_000, headers: 15_000, body: 15_000 };
const USER_AGENT = 'recharge-bot/0.1';
/** Pool size of the client's own keep-alive pool. */
const POOL_CONNECTIONS = 8;
/** Bigger success bodies are refused as unexpected; error bodies are cut. */
const MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

/** What an exchange needs of the client's deps (client.ts). */
export interface ExchangeDeps {
  /** MERCHANT_API_BASE_URL: up to and including `/api/v1` (a path prefix before it is kept). */
  baseUrl: string;
  merchantId: string;
  apiKey: string;
  /** Milliseconds since the epoch; for `X-Timestamp`. */
  clock?: () => number;
  timeouts?: Partial<MerchantTimeouts>;
  /** An undici dispatcher the caller owns; by default the client opens its own keep-alive pool. */
  dispatcher?: Dispatcher;
}

type Operation = 'read' | 'quote' | 'placement';

export interface CallSpec {
  method: 'GET' | 'POST';
  /** Endpoint path relative to the base URL, already encoded. */
  path: string;
  route: string;
  query?: URLSearchParams;
  /** Serialised once; every attempt sends these bytes. */
  body?: Buffer;
  operation: Operation;
  options: CallOptions | undefined;
}

export interface Answer {
  status: number;
  json: unknown;
}

async function readText(
  body: Dispatcher.ResponseData['body'],
  limit: number,
): Promise<{ text: string; cut: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    const remaining = limit - size;
    if (chunk.length > remaining) {
      chunks.push(chunk.subarray(0, Math.max(0, remaining)));
      body.destroy();
      return { text: Buffer.concat(chunks).toString('utf8'), cut: true };
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return { text: Buffer.concat(chunks).toString('utf8'), cut: false };
}

/** Who sends the requests, as the headers say it, and what signs a POST. */
interface Caller {
  merchantId: string;
  apiKey: string;
  clock: () => number;
}

/** The headers of one attempt: a POST with a body gets a fresh timestamp, nonce and signature of `requestPath`. */
function headersFor(caller: Caller, spec: CallSpec, requestPath: string): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'user-agent': USER_AGENT,
    'x-merchant-id': caller.merchantId,
    'x-api-key': caller.apiKey,
  };
  if (spec.method === 'POST' && spec.body !== undefined) {
    const timestamp = Math.floor(caller.clock() / 1000);
    const nonce = newNonce();
    headers['content-type'] = 'application/json';
    headers['x-timestamp'] = String(timestamp);
    headers['x-nonce'] = nonce;
    headers['x-signature'] = sign({
      method: 'POST',
      path: requestPath,
      body: spec.body,
      timestamp,
      nonce,
      apiKey: caller.apiKey,
    });
  }
  return headers;
}

/** Creates the exchange of one client: its own pool unless a dispatcher is given, and `attemptOnce`. */
export function createExchange(deps: ExchangeDeps) {
  const base = new URL(deps.baseUrl);
  const timeouts: MerchantTimeouts = { ...DEFAULT_TIMEOUTS, ...deps.timeouts };
  const clock = deps.clock ?? Date.now;
  const caller: Caller = {
    merchantId: deps.merchantId,
    apiKey: deps.apiKey,
    clock,
  };
  const ownPool =
    deps.dispatcher === undefined
      ? new Pool(base.origin, {
          connections: POOL_CONNECTIONS,
          connectTimeout: timeouts.connect,
          headersTimeout: timeouts.headers,
          bodyTimeout: timeouts.body,
          keepAliveTimeout: 10_000,
        })
      : undefined;
  const dispatcher: Dispatcher = deps.dispatcher ?? (ownPool as Pool);

  /** One HTTP exchange: resolves with the parsed 2xx answer or rejects with a typed error. */
  const attemptOnce = async <T>(spec: CallSpec, parse: (answer: Answer) => T): Promise<T> => {
    const signedPath = fullPath(base, spec.path);
    const query = spec.query?.toString();
    const signal = spec.options?.signal;
    let response: Dispatcher.ResponseData;
    try {
      response = await dispatcher.request({
        origin: base.origin,
        path: query ? `${signedPath}?${query}` : signedPath,
        method: spec.method,
        headers: headersFor(caller, spec, signedPath),
        body: spec.body ?? null,
        signal: signal ?? null,
        headersTimeout: timeouts.headers,
        bodyTimeout: timeouts.body,
      });
    } catch (error) {
      throw fromTransportError(error, signal?.aborted === true);
    }
    let text: string;
    let cut: boolean;
    try {
      ({ text, cut } = await readText(response.body, MAX_RESPONSE_BYTES));
    } catch (error) {
      throw fromTransportError(error, signal?.aborted === true);
    }
    const status = response.statusCode;
    if (status < 200 || status > 299) {
      throw toMerchantError(status, response.headers as IncomingHttpHeaders, text, { nowMs: clock() });
    }
    if (cut) {
      throw new MerchantUnexpectedError(`Merchant API sent a success body over ${MAX_RESPONSE_BYTES} bytes`, {
        httpStatus: status,
      });
    }
    try {
      return parse({ status, json: parseJsonBody(text) });
    } catch (error) {
      // Keep the 2xx status: on a placement it means the order may well exist.
      if (error instanceof MerchantUnexpectedError) {
        throw new MerchantUnexpectedError(error.message, { httpStatus: status });
      }
      throw error;
    }
  };

  return {
    attemptOnce,
    /** Closes the exchange's own pool (not a dispatcher passed in). */
    async close(): Promise<void> {
      await ownPool?.close();
    },
  };
}

export type MerchantExchange = ReturnType<typeof createExchange>;
