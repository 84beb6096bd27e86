// A bare Bot API caller for tests that check the wire format itself (grammY hides some of it).

export type Encoding = 'json' | 'form' | 'multipart' | 'query';

export interface ApiReply {
  status: number;
  body: {
    ok: boolean;
    result?: unknown;
    error_code?: number;
    description?: string;
    parameters?: { retry_after?: number };
  };
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));
const asForm = (params: Record<string, unknown>): URLSearchParams =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, asText(v)]));

export async function callBotApi(
  apiRoot: string,
  token: string,
  method: string,
  params: Record<string, unknown> = {},
  options: { encoding?: Encoding; signal?: AbortSignal } = {},
): Promise<ApiReply> {
  const encoding = options.encoding ?? 'json';
  let url = `${apiRoot}/bot${token}/${method}`;
  const init: RequestInit = { method: 'POST' };
  if (options.signal !== undefined) init.signal = options.signal;
  if (encoding === 'json') {
    init.headers = { 'content-type': 'application/json' };
    init.body = JSON.stringify(params);
  } else if (encoding === 'form') {
    init.body = asForm(params);
  } else if (encoding === 'multipart') {
    const form = new FormData();
    for (const [key, value] of Object.entries(params)) {
      if (value instanceof Blob) form.append(key, value, 'upload.bin');
      else form.append(key, asText(value));
    }
    init.body = form;
  } else {
    url += `?${asForm(params).toString()}`;
    init.method = 'GET';
  }
  const response = await fetch(url, init);
  return { status: response.status, body: (await response.json()) as ApiReply['body'] };
}
