import { createServer, type ServerResponse } from 'node:http';
import { Api } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileDownload } from '../../src/bot/file-download.ts';
import { BULK_MAX_BYTES } from '../../src/domain/bulk-csv.ts';
import { listenOnLoopback, type RunningServer } from '../support/http.ts';

// Issue 29, item 8: a bulk file is downloaded with no trust in the size it is told. A Bot API on loopback (a small
// node:http server: getFile and the file URL, like a self-hosted Bot API server with no 20 MB limit) serves files
// with no size at all, a size in getFile, or a Content-Length.

const TOKEN = '123456:test-download-token';
const CHUNK = Buffer.alloc(64 * 1024, 'a');
/** Far more than the cap (and than the socket buffers between the two ends). */
const ENDLESS_BYTES = 64 * 1024 * 1024;

/** What the file route did for one file. */
interface Served {
  requests: number;
  written: number;
  finished: boolean;
  closed: Promise<void>;
}

const files: Record<string, { size?: number; body: 'endless' | 'declared' | Buffer }> = {
  endless: { body: 'endless' },
  'told-by-getfile': { size: BULK_MAX_BYTES + 1, body: 'endless' },
  declared: { body: 'declared' },
  small: { body: Buffer.from('phone,amount\n+2348031234567,500\n') },
  'at-cap': { body: Buffer.alloc(BULK_MAX_BYTES, 'b') },
};
const served = new Map<string, Served>();
let server: RunningServer;

/** Writes `total` bytes chunk by chunk, as fast as the reader takes them, with no Content-Length (chunked). */
function writeEndless(res: ServerResponse, record: Served, total: number): void {
  const more = () => {
    while (record.written < total) {
      record.written += CHUNK.length;
      if (!res.write(CHUNK)) {
        res.once('drain', more);
        return;
      }
    }
    res.end(() => (record.finished = true));
  };
  more();
}

beforeAll(async () => {
  server = await listenOnLoopback(
    createServer((req, res) => {
      const url = req.url ?? '';
      if (url === `/bot${TOKEN}/getFile`) {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        req.on('end', () => {
          const fileId = String((JSON.parse(body) as { file_id: string }).file_id);
          const file = files[fileId]!;
          res.setHeader('content-type', 'application/json');
          res.end(
            JSON.stringify({
              ok: true,
              result: {
                file_id: fileId,
                file_unique_id: `u-${fileId}`,
                file_path: `documents/${fileId}.csv`,
                ...(file.size === undefined ? {} : { file_size: file.size }),
              },
            }),
          );
        });
        return;
      }
      const match = new RegExp(`^/file/bot${TOKEN}/documents/(.+)\\.csv$`).exec(url);
      const file = match === null ? undefined : files[match[1]!];
      if (file === undefined) {
        res.statusCode = 404;
        res.end();
        return;
      }
      const record = served.get(match![1]!)!;
      record.requests++;
      res.on('close', () => recordClosed.get(match![1]!)?.());
      if (file.body === 'endless') return writeEndless(res, record, ENDLESS_BYTES);
      if (file.body === 'declared') {
        res.setHeader('content-length', String(ENDLESS_BYTES));
        return writeEndless(res, record, ENDLESS_BYTES);
      }
      // Chunked: no Content-Length for the small ones either.
      res.write(file.body);
      record.written += file.body.length;
      res.end(() => (record.finished = true));
    }),
  );
});

afterAll(async () => {
  await server?.close();
});

const recordClosed = new Map<string, () => void>();
beforeAll(() => {
  for (const name of Object.keys(files)) {
    let closed!: () => void;
    const record: Served = {
      requests: 0,
      written: 0,
      finished: false,
      closed: new Promise<void>((resolve) => (closed = resolve)),
    };
    served.set(name, record);
    recordClosed.set(name, closed);
  }
});

const download = () =>
  createFileDownload({ api: new Api(TOKEN, { apiRoot: server.url }), apiRoot: server.url, token: TOKEN });

describe('a bulk file download', () => {
  it('with no size told anywhere, stops reading once the body passes the cap, and closes the connection', async () => {
    const got = await download()('endless', BULK_MAX_BYTES);
    expect(got.kind).toBe('too-large');
    const record = served.get('endless')!;
    await record.closed;
    expect(record.finished).toBe(false);
    // Only what the socket buffers held beyond the cap was sent, not the 64 MB the server would have served.
    expect(record.written).toBeLessThan(16 * 1024 * 1024);
  });

  it('refuses a file getFile says is above the cap without requesting its body', async () => {
    const got = await download()('told-by-getfile', BULK_MAX_BYTES);
    expect(got.kind).toBe('too-large');
    expect(served.get('told-by-getfile')!.requests).toBe(0);
  });

  it('refuses a body whose Content-Length is above the cap without reading it', async () => {
    const got = await download()('declared', BULK_MAX_BYTES);
    expect(got.kind).toBe('too-large');
    const record = served.get('declared')!;
    await record.closed;
    expect(record.finished).toBe(false);
    expect(record.written).toBeLessThan(16 * 1024 * 1024);
  });

  it('reads a file at or below the cap whole, with no size told', async () => {
    const small = await download()('small', BULK_MAX_BYTES);
    expect(small.kind === 'file' && Buffer.from(small.bytes).toString('utf8')).toBe(
      'phone,amount\n+2348031234567,500\n',
    );
    const atCap = await download()('at-cap', BULK_MAX_BYTES);
    expect(atCap.kind === 'file' && atCap.bytes.length).toBe(BULK_MAX_BYTES);
  });
});
