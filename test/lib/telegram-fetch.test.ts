import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Api, GrammyError, HttpError, InputFile } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retryingFetch } from '../../src/bot/bot-api-retry.ts';
import { botApiFetch } from '../../src/lib/telegram/fetch.ts';

const TOKEN = '123:secret';

interface Seen {
  method: string;
  path: string;
  type: string;
  body: Buffer;
}

// A Bot API server of our own over loopback: it answers each method as the test sets, and records what it got.
describe("grammY's API client on undici (botApiFetch)", () => {
  let server: Server;
  let apiRoot: string;
  const seen: Seen[] = [];
  const answers = new Map<string, (req: IncomingMessage) => [number, string] | 'hang'>();

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const path = req.url ?? '';
        seen.push({
          method: req.method ?? '',
          path,
          type: req.headers['content-type'] ?? '',
          body: Buffer.concat(chunks),
        });
        const answer = answers.get(path.split('/').at(-1)!)?.(req) ?? [
          404,
          '{"ok":false,"error_code":404,"description":"Not Found"}',
        ];
        if (answer === 'hang') return;
        res.writeHead(answer[0], { 'content-type': 'application/json' }).end(answer[1]);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiRoot = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const api = (fetch = botApiFetch) => new Api(TOKEN, { apiRoot, fetch, timeoutSeconds: 2 });

  it('sends a call as JSON and reads its answer', async () => {
    answers.set('sendMessage', () => [
      200,
      '{"ok":true,"result":{"message_id":7,"date":1,"chat":{"id":5,"type":"private"},"text":"hé ✅"}}',
    ]);
    const message = await api().sendMessage(5, 'hé ✅', { parse_mode: 'HTML' });
    expect(message).toMatchObject({ message_id: 7, text: 'hé ✅' });
    const call = seen.at(-1)!;
    expect(call).toMatchObject({
      method: 'POST',
      path: `/bot${TOKEN}/sendMessage`,
      type: 'application/json',
    });
    expect(JSON.parse(call.body.toString())).toEqual({ chat_id: 5, text: 'hé ✅', parse_mode: 'HTML' });
  });

  it('uploads a file as multipart, named by attach:// as the Bot API reads it', async () => {
    answers.set('sendDocument', () => [
      200,
      '{"ok":true,"result":{"message_id":8,"date":1,"chat":{"id":5,"type":"private"}}}',
    ]);
    const csv = Buffer.from('phone,amount\n+2348030000001,500\n');
    await api().sendDocument(5, new InputFile(csv, 'lines.csv'), { caption: 'report' });
    const call = seen.at(-1)!;
    expect(call.type).toMatch(/^multipart\/form-data; boundary=/);
    const body = call.body.toString();
    const attached = /name="document"\r\n\r\nattach:\/\/(\w+)/.exec(body)?.[1];
    expect(attached).toBeDefined();
    expect(body).toContain(`name="${attached}";filename=lines.csv`);
    expect(body).toContain(csv.toString());
    expect(body).toContain('name="caption"\r\n\r\nreport');
  });

  it("hands back the Bot API's refusal as grammY's error, and a 5xx retried to success", async () => {
    answers.set('editMessageText', () => [
      400,
      '{"ok":false,"error_code":400,"description":"Bad Request: message is not modified"}',
    ]);
    await expect(api().editMessageText(5, 7, 'same')).rejects.toBeInstanceOf(GrammyError);
    let calls = 0;
    answers.set('getMe', () =>
      ++calls < 2
        ? [502, '<html>bad gateway</html>']
        : [200, '{"ok":true,"result":{"id":1,"is_bot":true,"first_name":"b","username":"b"}}'],
    );
    const policy = { attempts: 3, baseDelayMs: 10, maxDelayMs: 10, maxRetryAfterSeconds: 1 };
    expect(await api(retryingFetch(botApiFetch, policy)).getMe()).toMatchObject({ id: 1 });
    expect(calls).toBe(2);
  });

  it("gives up a call that outlives grammY's timeout, and one whose server is gone", async () => {
    answers.set('getChat', () => 'hang');
    await expect(api().getChat(5)).rejects.toBeInstanceOf(HttpError);
    const gone = new Api(TOKEN, { apiRoot: 'http://127.0.0.1:9', fetch: botApiFetch, timeoutSeconds: 2 });
    await expect(gone.getChat(5)).rejects.toBeInstanceOf(HttpError);
  });
});
