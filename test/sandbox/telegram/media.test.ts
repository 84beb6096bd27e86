// Photos and documents uploaded by the bot (multipart, as grammY's InputFile sends them): kept with their bytes,
// measured, shown in the chat view and served to the chat page; captions are held to Telegram's limit.

import { PNG } from 'pngjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTelegramStandIn, type TelegramStandIn } from '../../../src/sandbox/telegram/index.ts';
import type { TgMessage } from '../../../src/sandbox/telegram/types.ts';
import { callBotApi } from './bot-api-client.ts';

const TOKEN = '777002:TEST-media';

let standIn: TelegramStandIn;
let apiRoot: string;

beforeEach(async () => {
  standIn = createTelegramStandIn({ token: TOKEN, users: [] });
  ({ apiRoot } = await standIn.listen());
  standIn.driver.user({ id: 5001, firstName: 'Rita', started: true });
});
afterEach(async () => {
  await standIn.close();
});

/** A real PNG of the given size. */
function png(width: number, height: number): Uint8Array {
  const image = new PNG({ width, height });
  image.data.fill(255);
  return new Uint8Array(PNG.sync.write(image));
}

const upload = (method: string, field: string, bytes: Uint8Array, extra: Record<string, unknown> = {}) =>
  callBotApi(
    apiRoot,
    TOKEN,
    method,
    { chat_id: 5001, [field]: new Blob([new Uint8Array(bytes)]), ...extra },
    { encoding: 'multipart' },
  );

describe('media uploads in the Telegram stand-in', () => {
  it('keeps an uploaded photo: its real size, its bytes, and the chat page can load it', async () => {
    const bytes = png(123, 45);
    const reply = await upload('sendPhoto', 'photo', bytes, {
      caption: '<b>Receipt</b> O-1',
      parse_mode: 'HTML',
    });
    expect(reply.body.ok).toBe(true);
    const sent = reply.body.result as TgMessage;
    expect(sent.photo?.at(-1)).toMatchObject({ width: 123, height: 45, file_size: bytes.length });
    expect(sent.caption).toBe('Receipt O-1');

    const view = standIn.driver.user({ id: 5001 }).lastBotMessage()!;
    expect(view).toMatchObject({ kind: 'photo', text: 'Receipt O-1', file: { width: 123, height: 45 } });
    expect(view.entities).toEqual([{ type: 'bold', offset: 0, length: 7 }]);
    expect(standIn.driver.fileBytes(view.file!.fileId)).toEqual(bytes);

    const served = await fetch(`${apiRoot}/_standin/files/${encodeURIComponent(view.file!.fileId)}`);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    expect((await fetch(`${apiRoot}/_standin/files/nope`)).status).toBe(404);

    // Recorded calls name the upload without carrying its bytes.
    const call = standIn.driver.calls('sendPhoto').at(-1)!;
    expect(call.params['photo']).toEqual({
      kind: 'upload',
      name: 'upload.bin',
      size: bytes.length,
      type: expect.any(String),
    });
  });

  it('keeps a document with its name; the page gets a link to it', async () => {
    const csv = new TextEncoder().encode('a,b\n1,2\n');
    const reply = await upload('sendDocument', 'document', csv);
    expect(reply.body.result).toMatchObject({ document: { file_name: 'upload.bin', file_size: csv.length } });
    const view = standIn.driver.user({ id: 5001 }).lastBotMessage()!;
    expect(view).toMatchObject({ kind: 'document', file: { name: 'upload.bin', size: csv.length } });
    expect(standIn.driver.fileBytes(view.file!.fileId)).toEqual(csv);
    const page = await (await fetch(`${apiRoot}/`)).text();
    expect(page).toContain("'message-photo'");
    expect(page).toContain("'message-document'");
  });

  it('refuses a caption longer than 1024 characters, as Telegram does', async () => {
    const before = standIn.driver.user({ id: 5001 }).chat().length;
    const reply = await upload('sendPhoto', 'photo', png(2, 2), { caption: 'x'.repeat(1025) });
    expect(reply.status).toBe(400);
    expect(reply.body.description).toBe('Bad Request: message caption is too long');
    expect(standIn.driver.user({ id: 5001 }).chat()).toHaveLength(before);
    expect((await upload('sendPhoto', 'photo', png(2, 2), { caption: 'x'.repeat(1024) })).body.ok).toBe(true);
  });
});
