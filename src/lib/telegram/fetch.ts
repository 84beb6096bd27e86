import type { ApiClientOptions } from 'grammy';
import type { Readable } from 'node:stream';
import { request } from 'undici';

type Fetch = NonNullable<ApiClientOptions['fetch']>;

/** A Bot API answer read whole: what grammY and our retries read of a Response (the Bot API answers small JSON). */
class BotApiResponse {
  readonly status: number;
  readonly #body: string;

  constructor(status: number, body: string) {
    this.status = status;
    this.#body = body;
  }

  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }

  async json(): Promise<unknown> {
    return JSON.parse(this.#body);
  }

  async text(): Promise<string> {
    return this.#body;
  }

  clone(): BotApiResponse {
    return this;
  }
}

/**
 * The `fetch` of grammY's API clients: undici's `request` (the Merchant API's client) instead of grammY's default,
 * node-fetch, which spends about three times the CPU on a call; a chat update makes two. Uploads are the
 * multipart streams grammY builds; the connection headers and the abort signal are grammY's.
 */
export const botApiFetch = (async (url: string | URL, init?: Parameters<Fetch>[1]) => {
  const answer = await request(String(url), {
    method: (init?.method ?? 'GET') as 'GET',
    headers: init?.headers as Record<string, string> | undefined,
    body: init?.body as string | Readable | null | undefined,
    signal: init?.signal as AbortSignal | null | undefined,
  });
  return new BotApiResponse(answer.statusCode, await answer.body.text());
}) as unknown as Fetch;
