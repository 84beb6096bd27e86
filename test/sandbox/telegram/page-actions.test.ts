// What the chat page does beyond writing and pressing, through the control API it uses: a file sent as raw bytes
// (📎), a deep link opened by someone new, and a person's language changed between two messages.

import { Api } from 'grammy';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileDownload } from '../../../src/bot/file-download.ts';
import { deepLinkPayload } from '../../../src/sandbox/telegram/deep-link.ts';
import {
  createTelegramStandIn,
  type TelegramStandIn,
  type TgUpdate,
  type UserSummary,
} from '../../../src/sandbox/telegram/index.ts';

const TOKEN = '777003:TEST-page';
const BOT = 'page_test_bot';

let standIn: TelegramStandIn;
let base: string;

beforeEach(async () => {
  standIn = createTelegramStandIn({ token: TOKEN, botUsername: BOT, users: [] });
  ({ apiRoot: base } = await standIn.listen());
  standIn.driver.user({ id: 5001, firstName: 'Rita', languageCode: 'en' });
});
afterEach(async () => {
  await standIn.close();
});

async function control<T>(path: string, init: RequestInit): Promise<{ status: number; json: T }> {
  const response = await fetch(`${base}/_standin${path}`, { method: 'POST', ...init });
  return { status: response.status, json: (await response.json()) as T };
}
const postJson = <T>(path: string, body: unknown) =>
  control<T>(path, { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const lastUpdate = (): TgUpdate => standIn.driver.updates().at(-1)!;

describe('a file sent from the chat page', () => {
  it('arrives as message.document, and the bot downloads its bytes with getFile', async () => {
    const csv = 'phone,amount,operator,note\r\n+2348031234567,500,,Ünïcode\r\n';
    const sent = await control<{ fileId: string; messageId: number }>(
      '/users/5001/document?fileName=orders.csv&mimeType=text%2Fcsv&caption=March',
      { headers: { 'content-type': 'application/octet-stream' }, body: csv },
    );
    expect(sent.status).toBe(200);
    const message = lastUpdate().message!;
    expect(message.from?.id).toBe(5001);
    expect(message.caption).toBe('March');
    expect(message.document).toEqual({
      file_id: sent.json.fileId,
      file_unique_id: expect.any(String),
      file_name: 'orders.csv',
      mime_type: 'text/csv',
      file_size: Buffer.byteLength(csv),
    });

    const download = createFileDownload({
      api: new Api(TOKEN, { apiRoot: base }),
      apiRoot: base,
      token: TOKEN,
    });
    const got = await download(sent.json.fileId, 1024);
    expect(got.kind === 'file' && Buffer.from(got.bytes).toString('utf8')).toBe(csv);
    expect(await download(sent.json.fileId, 10)).toEqual({ kind: 'too-large' });
  });

  it('needs a file name, and takes the default type for a name it knows', async () => {
    const nameless = await control<{ error: string }>('/users/5001/document', { body: 'x' });
    expect(nameless).toEqual({ status: 400, json: { error: '"fileName" (a query parameter) is required' } });
    await control('/users/5001/document?fileName=list.CSV', { body: 'a' });
    expect(lastUpdate().message?.document).toMatchObject({ file_name: 'list.CSV', mime_type: 'text/csv' });
    expect(lastUpdate().message?.caption).toBeUndefined();
  });
});

describe('a deep link opened from the chat page', () => {
  it('reads the start payload of links to this bot only, as the apps do', () => {
    const cases: [string, string | undefined][] = [
      [`https://t.me/${BOT}?start=inv_AbC-09`, 'inv_AbC-09'],
      [`https://T.ME/Page_Test_Bot?start=x`, 'x'],
      [`t.me/${BOT}?start=x`, 'x'],
      [`https://telegram.me/${BOT}/?start=x`, 'x'],
      [`tg://resolve?domain=${BOT}&start=x`, 'x'],
      [`https://t.me/${BOT}`, ''],
      [`https://t.me/other_bot?start=x`, undefined],
      [`https://example.com/${BOT}?start=x`, undefined],
      [`https://t.me/${BOT}?start=${'a'.repeat(65)}`, undefined],
      [`https://t.me/${BOT}?start=a.b`, undefined],
      ['not a link', undefined],
    ];
    for (const [link, payload] of cases) expect(deepLinkPayload(link, BOT), link).toBe(payload);
  });

  it('makes someone new who sends /start <payload>, and then someone else again', async () => {
    const opened = await postJson<{ user: UserSummary; payload: string; updateId: number }>('/deep-link', {
      url: `https://t.me/${BOT}?start=inv_1`,
      languageCode: 'es',
    });
    expect(opened.status).toBe(200);
    const { user } = opened.json;
    expect(user).toMatchObject({ languageCode: 'es', started: true, role: 'new: opened a link' });
    expect(user.id).toBeGreaterThan(5001);
    expect(user.firstName).not.toBe('');
    const update = lastUpdate();
    expect(update.update_id).toBe(opened.json.updateId);
    expect(update.message).toMatchObject({
      text: '/start inv_1',
      entities: [{ type: 'bot_command', offset: 0, length: 6 }],
      from: { id: user.id, first_name: user.firstName, language_code: 'es', is_bot: false },
      chat: { id: user.id, type: 'private' },
    });

    const again = standIn.driver.openDeepLink(`https://t.me/${BOT}?start=inv_1`);
    expect(again.user.id).not.toBe(user.id);
    expect(again.user.chat().map((m) => m.text)).toEqual(['/start inv_1']);
    // Opened by someone the stand-in knows: their own chat, no new person.
    const rita = standIn.driver.openDeepLink(`https://t.me/${BOT}`, { id: 5001 });
    expect(rita.user.info).toMatchObject({ id: 5001, first_name: 'Rita' });
    expect(lastUpdate().message?.text).toBe('/start');
  });

  it('refuses a link to another bot or with a payload Telegram would drop, and makes nobody', async () => {
    const before = standIn.driver.users().length;
    for (const url of [`https://t.me/other_bot?start=x`, `https://t.me/${BOT}?start=a%20b`]) {
      const refused = await postJson<{ error: string }>('/deep-link', { url });
      expect(refused.status).toBe(400);
      expect(refused.json.error).toContain(`not a link to @${BOT}`);
    }
    expect(standIn.driver.users()).toHaveLength(before);
  });
});

describe('a language chosen on the chat page', () => {
  it('goes with the next update as language_code', async () => {
    const rita = standIn.driver.user({ id: 5001 });
    rita.sendText('hello');
    expect(lastUpdate().message?.from?.language_code).toBe('en');
    const changed = await postJson<UserSummary>('/users', { id: 5001, languageCode: 'ar' });
    expect(changed.json).toMatchObject({ id: 5001, firstName: 'Rita', languageCode: 'ar' });
    rita.sendCommand('/start');
    expect(lastUpdate().message?.from?.language_code).toBe('ar');
  });
});
