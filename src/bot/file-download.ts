import type { Api } from 'grammy';

/**
 * Downloads a file a user sent (getFile, then `<root>/file/bot<token>/<path>`), reading at most a cap: a size
 * given by getFile or the response's Content-Length above it refuses the file before its body is read, and a body
 * that runs past it (no size given, or a wrong one) is dropped as soon as it does, its connection closed. A
 * self-hosted Bot API server serves files of any size, so no size told is trusted.
 */

export interface FileDownloadDeps {
  api: Pick<Api, 'getFile'>;
  /** TELEGRAM_API_ROOT. */
  apiRoot: string;
  /** BOT_TOKEN: part of the file's URL, as the Bot API wants; it never reaches a log or a message. */
  token: string;
}

export type Downloaded = { kind: 'file'; bytes: Uint8Array } | { kind: 'too-large' };

const TOO_LARGE: Downloaded = { kind: 'too-large' };

/** Creates the download of users' files through the bot's own Bot API. */
export function createFileDownload(deps: FileDownloadDeps) {
  // The whole download, body included.
  const timeoutMs = 30_000;
  /** The file's bytes, or `too-large` past `maxBytes`; throws when it cannot be had. */
  return async function download(fileId: string, maxBytes: number): Promise<Downloaded> {
    const file = await deps.api.getFile(fileId);
    if ((file.file_size ?? 0) > maxBytes) return TOO_LARGE;
    if (file.file_path === undefined) throw new Error('the Bot API gave no file path');
    const stop = new AbortController();
    const response = await fetch(`${deps.apiRoot}/file/bot${deps.token}/${file.file_path}`, {
      signal: AbortSignal.any([stop.signal, AbortSignal.timeout(timeoutMs)]),
    });
    try {
      if (!response.ok) throw new Error(`file download answered ${response.status}`);
      if (Number(response.headers.get('content-length') ?? 0) > maxBytes) return TOO_LARGE;
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of response.body ?? []) {
        size += chunk.byteLength;
        if (size > maxBytes) return TOO_LARGE;
        chunks.push(chunk);
      }
      return { kind: 'file', bytes: Buffer.concat(chunks) };
    } finally {
      // A body not read to its end (refused, or too large) is not read further: its connection is closed.
      stop.abort();
    }
  };
}

export type FileDownload = ReturnType<typeof createFileDownload>;
