// The Bot API wire format over real HTTP: status codes, error descriptions, parameter encodings,
// update offsets, long polling and faults, checked with a bare HTTP client.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTelegramStandIn, type TelegramStandIn } from '../../../src/sandbox/telegram/index.ts';
import type { TgMessage, TgUpdate } from '../../../src/sandbox/telegram/types.ts';
import { callBotApi, type ApiReply, type Encoding } from './bot-api-client.ts';

const TOKEN = '777001:TEST-token_1';
const START = Date.UTC(2030, 0, 15, 12, 0, 0);

let standIn: TelegramStandIn;
let apiRoot: string;
let now: number;

const api = (method: string, params?: Record<string, unknown>, encoding?: Encoding): Promise<ApiReply> =>
  callBotApi(apiRoot, TOKEN, method, params, encoding === undefined ? {} : { encoding });
const ok = async (method: string, params?: Record<string, unknown>): Promise<unknown> => {
  const reply = await api(method, params);
  expect(reply.body, `${method} ${reply.body.description ?? ''}`).toMatchObject({ ok: true });
  return reply.body.result;
};
const refused = async (method: string, params: Record<string, unknown>): Promise<string> => {
  const reply = await api(method, params);
  expect(reply.body.ok).toBe(false);
  expect(reply.status).toBe(reply.body.error_code);
  return `${reply.status} ${reply.body.description}`;
};

beforeEach(async () => {
  now = START;
  standIn = createTelegramStandIn({
    token: TOKEN,
    botUsername: 'test_recharge_bot',
    users: [],
    clock: () => now,
  });
  ({ apiRoot } = await standIn.listen());
});
afterEach(async () => {
  await standIn.close();
});

/** A user who has written to the bot, so the bot may answer. */
const startedUser = (id: number, firstName = 'Rita') => {
  const user = standIn.driver.user({ id, firstName, username: `u${id}`, languageCode: 'en' });
  user.sendCommand('/start');
  return user;
};

describe('requests and errors', () => {
  it('answers getMe with the bot; a wrong token is 401, an unknown method 404, names are case-insensitive', async () => {
    expect(await ok('getMe')).toEqual({
      id: 777001,
      is_bot: true,
      first_name: 'Recharge Bot',
      username: 'test_recharge_bot',
      can_join_groups: true,
      can_read_all_group_messages: false,
      supports_inline_queries: false,
      can_connect_to_business: false,
      has_main_web_app: false,
    });
    const wrong = await callBotApi(apiRoot, '777001:WRONG', 'getMe');
    expect(wrong).toEqual({ status: 401, body: { ok: false, error_code: 401, description: 'Unauthorized' } });
    expect(await api('getMeNow')).toEqual({
      status: 404,
      body: { ok: false, error_code: 404, description: 'Not Found' },
    });
    expect((await api('GETME')).body.ok).toBe(true);
    expect(standIn.driver.callCount('getMe')).toBe(2);
    expect(standIn.driver.calls('getme').map((c) => c.method)).toEqual(['getMe', 'getMe']);
  });

  it('reads parameters from JSON, urlencoded and multipart bodies and from the query string alike', async () => {
    startedUser(5001);
    const markup = { inline_keyboard: [[{ text: 'Go', callback_data: 'go' }]] };
    for (const encoding of ['json', 'form', 'multipart', 'query'] as const) {
      const reply = await api(
        'sendMessage',
        { chat_id: '5001', text: `via ${encoding}`, reply_markup: markup },
        encoding,
      );
      expect(reply.body.ok, reply.body.description).toBe(true);
      const message = reply.body.result as TgMessage;
      expect(message.text).toBe(`via ${encoding}`);
      expect(message.reply_markup).toEqual(markup);
    }
    const document = await api(
      'sendDocument',
      { chat_id: 5001, document: new Blob([new Uint8Array([1, 2, 3])]), caption: 'the receipt' },
      'multipart',
    );
    expect(document.body.result).toMatchObject({
      caption: 'the receipt',
      document: { file_name: 'upload.bin', file_size: 3 },
    });
    expect(standIn.driver.user({ id: 5001 }).lastBotMessage()).toMatchObject({
      kind: 'document',
      text: 'the receipt',
    });
  });

  it('numbers messages per chat, shared by the user and the bot, with the bot as sender', async () => {
    startedUser(5001, 'Rita');
    startedUser(5002, 'Alex');
    const first = (await ok('sendMessage', { chat_id: 5001, text: 'one' })) as TgMessage;
    const second = (await ok('sendMessage', { chat_id: 5001, text: 'two' })) as TgMessage;
    const other = (await ok('sendMessage', { chat_id: 5002, text: 'hi' })) as TgMessage;
    expect([first.message_id, second.message_id, other.message_id]).toEqual([2, 3, 2]);
    expect(first).toMatchObject({
      from: { id: 777001, is_bot: true, first_name: 'Recharge Bot', username: 'test_recharge_bot' },
      chat: { id: 5001, type: 'private', first_name: 'Rita', username: 'u5001' },
      date: START / 1000,
    });
    expect(first.entities).toBeUndefined();
  });

  it('refuses what Telegram refuses, with the same words', async () => {
    startedUser(5001);
    standIn.driver.user({ id: 5003, firstName: 'Never started' });
    expect(await refused('sendMessage', { chat_id: 5001, text: '' })).toBe(
      '400 Bad Request: message text is empty',
    );
    expect(await refused('sendMessage', { chat_id: 5001, text: 'x'.repeat(4097) })).toBe(
      '400 Bad Request: message is too long',
    );
    expect((await api('sendMessage', { chat_id: 5001, text: '€'.repeat(4096) })).body.ok).toBe(true);
    expect(
      await refused('sendMessage', {
        chat_id: 5001,
        text: 'x',
        reply_markup: { inline_keyboard: [[{ text: 'Too long', callback_data: 'd'.repeat(65) }]] },
      }),
    ).toBe('400 Bad Request: BUTTON_DATA_INVALID');
    expect(
      (
        await api('sendMessage', {
          chat_id: 5001,
          text: 'x',
          reply_markup: { inline_keyboard: [[{ text: 'Exactly', callback_data: 'é'.repeat(32) }]] },
        })
      ).body.ok,
    ).toBe(true);
    expect(
      await refused('sendMessage', {
        chat_id: 5001,
        text: 'x',
        reply_markup: { inline_keyboard: [[{ text: 'Plain' }]] },
      }),
    ).toBe(
      "400 Bad Request: can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard",
    );
    expect(await refused('sendMessage', { chat_id: 5001, text: 'x', reply_markup: '{oops' })).toBe(
      "400 Bad Request: can't parse reply keyboard markup JSON object",
    );
    expect(await refused('sendMessage', { text: 'x' })).toBe('400 Bad Request: chat_id is empty');
    expect(await refused('sendMessage', { chat_id: 999, text: 'x' })).toBe('400 Bad Request: chat not found');
    expect(await refused('sendMessage', { chat_id: 5003, text: 'x' })).toBe(
      "403 Forbidden: bot can't initiate conversation with a user",
    );
    expect(
      await refused('sendMessage', { chat_id: 5001, text: 'x', reply_parameters: { message_id: 99 } }),
    ).toBe('400 Bad Request: message to be replied not found');
    expect(await refused('sendMessage', { chat_id: 5001, text: '<b>x', parse_mode: 'HTML' })).toBe(
      '400 Bad Request: can\'t parse entities: Can\'t find end tag corresponding to start tag "b"',
    );
  });

  it('answers 403 to a user who blocked the bot, and tells the bot with a my_chat_member update', async () => {
    const user = startedUser(5001);
    user.block();
    expect(await refused('sendMessage', { chat_id: 5001, text: 'x' })).toBe(
      '403 Forbidden: bot was blocked by the user',
    );
    expect(await refused('sendChatAction', { chat_id: 5001, action: 'typing' })).toBe(
      '403 Forbidden: bot was blocked by the user',
    );
    const updates = (await ok('getUpdates')) as TgUpdate[];
    expect(updates.at(-1)?.my_chat_member).toMatchObject({
      chat: { id: 5001 },
      old_chat_member: { status: 'member', user: { id: 777001 } },
      new_chat_member: { status: 'kicked', user: { id: 777001 } },
    });
    user.sendCommand('/start'); // restarting the bot unblocks it
    expect((await api('sendMessage', { chat_id: 5001, text: 'welcome back' })).body.ok).toBe(true);
  });
});

describe('editing, deleting and callback queries', () => {
  const keyboard = {
    inline_keyboard: [
      [
        { text: '✅ Confirm', callback_data: 'ok:1' },
        { text: '❌', callback_data: 'no:1' },
      ],
    ],
  };

  it('removes the inline keyboard on an edit without reply_markup, as Telegram does', async () => {
    const user = startedUser(5001);
    const sent = (await ok('sendMessage', {
      chat_id: 5001,
      text: 'Quote',
      reply_markup: keyboard,
    })) as TgMessage;
    expect(user.lastBotMessage()?.buttons).toEqual([
      [
        { text: '✅ Confirm', data: 'ok:1' },
        { text: '❌', data: 'no:1' },
      ],
    ]);
    now += 5000;
    const edited = (await ok('editMessageText', {
      chat_id: 5001,
      message_id: sent.message_id,
      text: '<b>Placed</b>',
      parse_mode: 'HTML',
    })) as TgMessage;
    expect(edited.reply_markup).toBeUndefined();
    expect(edited).toMatchObject({ text: 'Placed', edit_date: (START + 5000) / 1000, date: START / 1000 });
    expect(user.lastBotMessage()).toMatchObject({
      id: sent.message_id,
      text: 'Placed',
      buttons: [],
      edited: true,
    });
  });

  it('refuses an edit that changes nothing, and edits of unknown or user messages', async () => {
    const user = startedUser(5001);
    const sent = (await ok('sendMessage', {
      chat_id: 5001,
      text: 'Quote',
      reply_markup: keyboard,
    })) as TgMessage;
    const same = { chat_id: 5001, message_id: sent.message_id, text: 'Quote', reply_markup: keyboard };
    expect(await refused('editMessageText', same)).toBe(
      '400 Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
    );
    expect(
      await refused('editMessageReplyMarkup', {
        chat_id: 5001,
        message_id: sent.message_id,
        reply_markup: keyboard,
      }),
    ).toMatch(/^400 Bad Request: message is not modified/);
    expect(await refused('editMessageText', { ...same, message_id: 77 })).toBe(
      '400 Bad Request: message to edit not found',
    );
    const mine = user.chat().find((m) => m.from === 'user');
    expect(await refused('editMessageText', { ...same, message_id: mine?.id })).toBe(
      "400 Bad Request: message can't be edited",
    );
    expect(
      await refused('editMessageText', { ...same, text: 'Other', reply_markup: { keyboard: [['a']] } }),
    ).toBe('400 Bad Request: inline keyboard expected');
    // Only the markup changes: allowed, and an empty markup removes it.
    const replaced = (await ok('editMessageReplyMarkup', {
      chat_id: 5001,
      message_id: sent.message_id,
    })) as TgMessage;
    expect(replaced.reply_markup).toBeUndefined();
    expect(replaced.text).toBe('Quote');
  });

  it('deletes messages from the chat the user sees, within 48 hours', async () => {
    const user = startedUser(5001);
    const sent = (await ok('sendMessage', { chat_id: 5001, text: 'temporary' })) as TgMessage;
    expect(await ok('deleteMessage', { chat_id: 5001, message_id: sent.message_id })).toBe(true);
    expect(user.chat().map((m) => m.text)).toEqual(['/start']);
    expect(await refused('deleteMessage', { chat_id: 5001, message_id: sent.message_id })).toBe(
      '400 Bad Request: message to delete not found',
    );
    const old = (await ok('sendMessage', { chat_id: 5001, text: 'old' })) as TgMessage;
    now += 49 * 3600 * 1000;
    expect(await refused('deleteMessage', { chat_id: 5001, message_id: old.message_id })).toBe(
      "400 Bad Request: message can't be deleted for everyone",
    );
  });

  it('records callback answers and refuses a second, an unknown or a too old answer', async () => {
    const user = startedUser(5001);
    const sent = (await ok('sendMessage', {
      chat_id: 5001,
      text: 'Quote',
      reply_markup: keyboard,
    })) as TgMessage;
    const pressed = user.press(sent.message_id, 'Confirm');
    const updates = (await ok('getUpdates')) as TgUpdate[];
    const query = updates.find((u) => u.callback_query !== undefined)?.callback_query;
    expect(query).toMatchObject({
      id: pressed.queryId,
      data: 'ok:1',
      from: { id: 5001, is_bot: false, first_name: 'Rita' },
      message: { message_id: sent.message_id, text: 'Quote', reply_markup: keyboard },
    });
    expect(typeof query?.chat_instance).toBe('string');
    expect(
      await ok('answerCallbackQuery', {
        callback_query_id: pressed.queryId,
        text: 'Placing…',
        show_alert: true,
      }),
    ).toBe(true);
    expect(user.callbackAnswers()).toEqual([
      expect.objectContaining({
        queryId: pressed.queryId,
        answered: true,
        text: 'Placing…',
        showAlert: true,
        data: 'ok:1',
      }),
    ]);
    const tooOld = '400 Bad Request: query is too old and response timeout expired or query ID is invalid';
    expect(await refused('answerCallbackQuery', { callback_query_id: pressed.queryId })).toBe(tooOld);
    expect(await refused('answerCallbackQuery', { callback_query_id: '12345' })).toBe(tooOld);
    const late = user.pressData(sent.message_id, 'no:1');
    now += 16_000;
    expect(await refused('answerCallbackQuery', { callback_query_id: late.queryId })).toBe(tooOld);
  });
});

describe('groups', () => {
  it("carries the group as the chat and the member as the sender, and answers a member's press there", async () => {
    const rita = startedUser(7101);
    const olu = standIn.driver.user({ id: 7102, firstName: 'Olu' });
    const group = standIn.driver.group({ id: -100_777, title: 'Shop floor' });
    group.sendCommand(olu.id, '/help');
    const posted = (await ok('sendMessage', {
      chat_id: group.id,
      text: 'Pick one',
      reply_markup: { inline_keyboard: [[{ text: 'A', callback_data: 'a' }]] },
    })) as TgMessage;
    expect(posted.chat).toEqual({ id: -100_777, type: 'supergroup', title: 'Shop floor' });
    const pressed = group.press(rita.id, posted.message_id, 'A');
    const updates = (await ok('getUpdates', { offset: 0 })) as TgUpdate[];
    const help = updates.find((u) => u.message?.text === '/help')!;
    expect(help.message!.chat.id).toBe(-100_777);
    expect(help.message!.from!.id).toBe(7102);
    const press = updates.find((u) => u.callback_query?.id === pressed.queryId)!;
    expect(press.callback_query!.from.id).toBe(7101);
    expect(press.callback_query!.message!.chat.id).toBe(-100_777);
    await ok('answerCallbackQuery', { callback_query_id: pressed.queryId, text: 'ok' });
    expect(group.callbackAnswers().map((a) => a.text)).toEqual(['ok']);
    expect(rita.callbackAnswers()).toEqual([]);
    // Writing in a group does not open the member's private chat.
    expect(olu.chat()).toEqual([]);
    expect(await refused('sendMessage', { chat_id: olu.id, text: 'hi' })).toBe(
      "403 Forbidden: bot can't initiate conversation with a user",
    );
  });
});

describe('getUpdates', () => {
  it('returns updates from the offset, confirms earlier ones, honours limit and negative offsets', async () => {
    const user = startedUser(5001);
    user.sendText('two');
    user.sendText('three');
    const all = (await ok('getUpdates')) as TgUpdate[];
    expect(all.map((u) => u.message?.text)).toEqual(['/start', 'two', 'three']);
    const ids = all.map((u) => u.update_id);
    expect(ids[1]).toBe((ids[0] ?? 0) + 1);
    expect(((await ok('getUpdates', { limit: 1 })) as TgUpdate[]).map((u) => u.message?.text)).toEqual([
      '/start',
    ]);
    const afterFirst = (await ok('getUpdates', { offset: (ids[0] ?? 0) + 1 })) as TgUpdate[];
    expect(afterFirst.map((u) => u.message?.text)).toEqual(['two', 'three']);
    // The first is confirmed now: even offset 0 no longer returns it.
    expect(((await ok('getUpdates')) as TgUpdate[]).map((u) => u.message?.text)).toEqual(['two', 'three']);
    expect(((await ok('getUpdates', { offset: -1 })) as TgUpdate[]).map((u) => u.message?.text)).toEqual([
      'three',
    ]);
    expect(standIn.driver.pendingUpdateCount()).toBe(1);
  });

  it('long-polls until an update arrives, and a newer long poll ends the older with 409', async () => {
    const user = startedUser(5001);
    const first = (await ok('getUpdates')) as TgUpdate[];
    const offset = (first.at(-1)?.update_id ?? 0) + 1;
    const older = api('getUpdates', { offset, timeout: 40 });
    await standIn.driver.waitFor(() => standIn.driver.isLongPolling());
    const newer = api('getUpdates', { offset, timeout: 40 });
    expect(await older).toEqual({
      status: 409,
      body: {
        ok: false,
        error_code: 409,
        description:
          'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
      },
    });
    user.sendText('hello');
    const reply = await newer;
    expect((reply.body.result as TgUpdate[]).map((u) => u.message?.text)).toEqual(['hello']);
  });

  it('redelivers a confirmed update with its update_id, and refuses an unknown or pending one', async () => {
    const user = startedUser(5001);
    const [first] = (await ok('getUpdates')) as TgUpdate[];
    const id = first?.update_id ?? 0;
    expect(() => standIn.driver.redeliver(id)).toThrow(/not yet confirmed/);
    user.sendText('next');
    const confirmed = (await ok('getUpdates', { offset: id + 1 })) as TgUpdate[];
    expect(confirmed.map((u) => u.message?.text)).toEqual(['next']);
    standIn.driver.redeliver(id);
    const again = (await ok('getUpdates')) as TgUpdate[];
    expect(again.map((u) => [u.update_id, u.message?.text])).toEqual([
      [id, '/start'],
      [id + 1, 'next'],
    ]);
    expect(() => standIn.driver.redeliver(id + 99)).toThrow(/unknown/);
  });

  it('drops update types left out of allowed_updates from then on', async () => {
    const user = startedUser(5001);
    await ok('getUpdates', { allowed_updates: ['callback_query'] });
    user.sendText('not delivered');
    const sent = (await ok('sendMessage', {
      chat_id: 5001,
      text: 'q',
      reply_markup: { inline_keyboard: [[{ text: 'b', callback_data: 'b' }]] },
    })) as TgMessage;
    const pressed = user.press(sent.message_id, 'b');
    const updates = (await ok('getUpdates', { allowed_updates: [] })) as TgUpdate[];
    expect(updates.map((u) => u.message?.text ?? u.callback_query?.data)).toEqual(['/start', 'b']);
    expect(pressed.updateId).toBe(updates.at(-1)?.update_id);
    user.sendText('delivered again');
    expect(((await ok('getUpdates')) as TgUpdate[]).at(-1)?.message?.text).toBe('delivered again');
  });
});

describe('webhooks (settings)', () => {
  it('refuses getUpdates while a webhook is set and ends a pending long poll on setWebhook', async () => {
    const pending = api('getUpdates', { timeout: 40 });
    await standIn.driver.waitFor(() => standIn.driver.isLongPolling());
    const set = await api('setWebhook', { url: 'http://127.0.0.1:9/hook', secret_token: 'abc_DEF-123' });
    expect(set.body).toEqual({ ok: true, result: true, description: 'Webhook was set' });
    expect(await pending).toMatchObject({
      status: 409,
      body: { description: 'Conflict: terminated by setWebhook request' },
    });
    expect(await refused('getUpdates', {})).toBe(
      "409 Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
    );
    expect(await ok('getWebhookInfo')).toEqual({
      url: 'http://127.0.0.1:9/hook',
      has_custom_certificate: false,
      pending_update_count: 0,
      max_connections: 40,
    });
    expect(standIn.driver.webhookSecretMatches('abc_DEF-123')).toBe(true);
    expect(JSON.stringify(standIn.driver.calls('setWebhook'))).not.toContain('abc_DEF-123');
    expect((await api('deleteWebhook')).body.description).toBe('Webhook was deleted');
    expect((await api('deleteWebhook')).body.description).toBe('Webhook is already deleted');
  });

  it('validates the secret token and accepts setWebhook at most once a second', async () => {
    // Like the Bot API server, every setWebhook with a URL takes the one-second slot, even a refused one.
    expect(await refused('setWebhook', { url: 'http://127.0.0.1:9/h', secret_token: 'has space' })).toBe(
      '400 Bad Request: secret token contains unallowed characters',
    );
    now += 1000;
    expect(await refused('setWebhook', { url: 'http://127.0.0.1:9/h', secret_token: 'a'.repeat(257) })).toBe(
      '400 Bad Request: secret token is too long',
    );
    now += 1000;
    expect(await refused('setWebhook', { url: 'not a url' })).toBe(
      '400 Bad Request: invalid webhook URL specified',
    );
    now += 1000;
    expect((await api('setWebhook', { url: 'http://127.0.0.1:9/h' })).body.ok).toBe(true);
    const again = await api('setWebhook', { url: 'http://127.0.0.1:9/h2' });
    expect(again).toEqual({
      status: 429,
      body: {
        ok: false,
        error_code: 429,
        description: 'Too Many Requests: retry after 1',
        parameters: { retry_after: 1 },
      },
    });
    now += 1000;
    expect((await api('setWebhook', { url: 'http://127.0.0.1:9/h2' })).body.description).toBe(
      'Webhook was set',
    );
  });
});

describe('faults and recorded calls', () => {
  it('answers 429 with retry_after for a number of calls, then normally', async () => {
    startedUser(5001);
    standIn.driver.injectFault({ kind: 'rate-limit', retryAfter: 3, calls: 2 });
    for (let i = 0; i < 2; i++) {
      expect(await api('sendMessage', { chat_id: 5001, text: 'x' })).toEqual({
        status: 429,
        body: {
          ok: false,
          error_code: 429,
          description: 'Too Many Requests: retry after 3',
          parameters: { retry_after: 3 },
        },
      });
    }
    expect((await api('sendMessage', { chat_id: 5001, text: 'x' })).body.ok).toBe(true);
    expect(standIn.driver.calls('sendMessage').map((c) => c.status)).toEqual([429, 429, 200]);
  });

  it('answers 5xx for a while, leaving getUpdates alone unless asked', async () => {
    startedUser(5001);
    standIn.driver.injectFault({ kind: 'server-error', forMs: 10_000 });
    expect(await refused('sendMessage', { chat_id: 5001, text: 'x' })).toBe('500 Internal Server Error');
    expect((await api('getUpdates')).body.ok).toBe(true);
    now += 10_000;
    expect((await api('sendMessage', { chat_id: 5001, text: 'x' })).body.ok).toBe(true);
    standIn.driver.injectFault({ kind: 'server-error', status: 502, calls: 1, methods: 'all' });
    const response = await fetch(`${apiRoot}/bot${TOKEN}/getUpdates`);
    expect(response.status).toBe(502);
    expect(await response.text()).toContain('502 Bad Gateway');
    expect((await api('getUpdates')).body.ok).toBe(true);
  });
});

describe('commands', () => {
  it('keeps menus per scope and language and resolves the menu a chat sees as Telegram does', async () => {
    const rita = startedUser(5001);
    const alex = standIn.driver.user({ id: 5002, firstName: 'Alex', languageCode: 'es' });
    await ok('setMyCommands', { commands: [{ command: 'start', description: 'Start' }] });
    await ok('setMyCommands', {
      commands: [{ command: 'start', description: 'Empezar' }],
      language_code: 'es',
    });
    await ok('setMyCommands', {
      commands: [
        { command: '/topup', description: 'Top up' },
        { command: 'users', description: 'Users' },
      ],
      scope: { type: 'chat', chat_id: 5001 },
    });
    expect(rita.commands().map((c) => c.command)).toEqual(['topup', 'users']);
    expect(rita.commands('es').map((c) => c.command)).toEqual(['topup', 'users']);
    expect(alex.commands()).toEqual([{ command: 'start', description: 'Empezar' }]);
    expect(alex.commands('fr')).toEqual([{ command: 'start', description: 'Start' }]);
    expect(
      await ok('getMyCommands', { scope: { type: 'chat', chat_id: 5001 }, language_code: 'es' }),
    ).toEqual([]);
    expect(await ok('deleteMyCommands', { scope: JSON.stringify({ type: 'chat', chat_id: 5001 }) })).toBe(
      true,
    );
    expect(rita.commands()).toEqual([{ command: 'start', description: 'Start' }]);
    expect(await refused('setMyCommands', { commands: [{ command: 'TopUp', description: 'x' }] })).toBe(
      '400 Bad Request: BOT_COMMAND_INVALID',
    );
    expect(await refused('setMyCommands', { commands: [{ command: 'x', description: ' ' }] })).toBe(
      '400 Bad Request: command description must be non-empty',
    );
    expect(await refused('setMyCommands', { commands: [], language_code: 'english' })).toBe(
      '400 Bad Request: invalid language code specified',
    );
    expect(await refused('getMyCommands', { scope: { type: 'chat', chat_id: 42 } })).toBe(
      '400 Bad Request: chat not found',
    );
  });
});
