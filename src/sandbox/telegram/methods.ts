// The Bot API methods, answered the way api.telegram.org answers them for a bot talking to users in
// private chats. Each handler returns the `result`, or throws a BotApiError.

import { BotApiError, badRequest, conflict, forbidden, notFound, tooManyRequests } from './errors.ts';
import { characterCount, formatText, type FormattedText } from './formatting.ts';
import { KNOWN_METHODS } from './known-methods.ts';
import { readReplyMarkup, type Markup } from './markup.ts';
import { isUpload, type Params } from './params.ts';
import type {
  RecordedCall,
  TgBotCommand,
  TgFile,
  TgInlineKeyboardMarkup,
  TgMessage,
  TgUpdate,
  WebhookInfo,
} from './types.ts';
import type { ActiveFault, ChatRecord, StoredMessage, UserRecord, World } from './world.ts';

interface MethodContext {
  readonly world: World;
  readonly params: Params;
  /** Aborted when the caller's connection closes (ends a long poll). */
  readonly signal: AbortSignal;
}

/** A result with the `description` some methods add (setWebhook: "Webhook was set"). */
interface Described {
  readonly described: true;
  readonly result: unknown;
  readonly description: string;
}

const described = (result: unknown, description: string): Described => ({
  described: true,
  result,
  description,
});

type Handler = (ctx: MethodContext) => unknown;

const MAX_TEXT = 4096;
const MAX_CAPTION = 1024;
const LONG_POLL_MAX_TIMEOUT = 50;
const DELETE_WINDOW_SECONDS = 48 * 60 * 60;
const CHAT_ACTION_MS = 5000;
const NOT_MODIFIED =
  'message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message';
const CHAT_ACTIONS = new Set([
  'typing',
  'upload_photo',
  'record_video',
  'upload_video',
  'record_voice',
  'upload_voice',
  'upload_document',
  'choose_sticker',
  'find_location',
  'record_video_note',
  'upload_video_note',
]);

// ---- helpers ----

const clone = <T>(value: T): T => structuredClone(value);

function chatIdOf(params: Params, name = 'chat_id'): number {
  const raw = params.str(name);
  if (raw === undefined) throw badRequest(`${name} is empty`);
  const id = params.int(name);
  if (id === undefined || !Number.isSafeInteger(id)) throw badRequest('chat not found');
  return id;
}

function knownChat(ctx: MethodContext, name = 'chat_id'): { user: UserRecord; chat: ChatRecord } {
  const id = chatIdOf(ctx.params, name);
  const group = ctx.world.findGroup(id);
  if (group !== undefined) {
    // The bot is a member of every group the driver made: it may always write there.
    const title = group.type === 'private' ? group.first_name : group.title;
    const member: UserRecord = {
      user: { id, is_bot: false, first_name: title },
      phone: undefined,
      role: undefined,
      started: true,
      blocked: false,
    };
    return { user: member, chat: ctx.world.chat(id) };
  }
  const user = ctx.world.findUser(id);
  if (user === undefined) throw badRequest('chat not found');
  return { user, chat: ctx.world.chat(id) };
}

/** A chat the bot may write to now: the user started the bot and has not blocked it. */
function writableChat(ctx: MethodContext): { user: UserRecord; chat: ChatRecord } {
  const target = knownChat(ctx);
  if (target.user.blocked) throw forbidden('bot was blocked by the user');
  if (!target.user.started) throw forbidden("bot can't initiate conversation with a user");
  return target;
}

function liveMessage(chat: ChatRecord, id: number | undefined, notFoundText: string): StoredMessage {
  const stored = id === undefined || Number.isNaN(id) ? undefined : chat.messages.get(id);
  if (stored === undefined || stored.deleted) throw badRequest(notFoundText);
  return stored;
}

function messageText(ctx: MethodContext, field: 'text' | 'caption', allowEmpty: boolean): FormattedText {
  const p = ctx.params;
  return formatText(
    {
      text: p.str(field),
      parseMode: p.str('parse_mode'),
      entities: p.json(field === 'text' ? 'entities' : 'caption_entities', 'entities'),
      resolveUser: ctx.world.resolveUser,
    },
    allowEmpty,
  );
}

const replyMarkup = (ctx: MethodContext, inlineOnly: boolean): Markup | undefined =>
  readReplyMarkup(ctx.params.json('reply_markup', 'reply keyboard markup'), inlineOnly);

function replyTarget(ctx: MethodContext, chat: ChatRecord): TgMessage | undefined {
  const p = ctx.params;
  const parameters = p.json('reply_parameters', 'reply parameters') as
    { message_id?: unknown; allow_sending_without_reply?: unknown } | undefined;
  const id =
    parameters?.message_id !== undefined ? Number(parameters.message_id) : p.int('reply_to_message_id');
  if (id === undefined || id === 0 || Number.isNaN(id)) return undefined;
  const allowWithout =
    parameters?.allow_sending_without_reply === true || p.bool('allow_sending_without_reply');
  const stored = chat.messages.get(id);
  if (stored === undefined || stored.deleted) {
    if (allowWithout) return undefined;
    throw badRequest('message to be replied not found');
  }
  const target = clone(stored.message);
  delete target.reply_to_message;
  return target;
}

/** Adds the bot's message to the chat, with its keyboard, and returns it as the Bot API does. */
function postBotMessage(
  ctx: MethodContext,
  chat: ChatRecord,
  content: Omit<TgMessage, 'message_id' | 'from' | 'chat' | 'date'>,
  markup: Markup | undefined,
): TgMessage {
  const replyTo = replyTarget(ctx, chat);
  const message = { ...content } as Omit<TgMessage, 'message_id' | 'from' | 'chat' | 'date'>;
  if (replyTo !== undefined) message.reply_to_message = replyTo;
  if (markup?.kind === 'inline') message.reply_markup = markup.markup;
  const stored = ctx.world.addMessage(chat.id, 'bot', message, {
    ...(markup?.kind === 'keyboard' ? { replyKeyboard: markup.markup } : {}),
    removesKeyboard: markup?.kind === 'remove',
  });
  return clone(stored.message);
}

const withText = (formatted: FormattedText): Pick<TgMessage, 'text' | 'entities'> =>
  formatted.entities.length > 0
    ? { text: formatted.text, entities: formatted.entities }
    : { text: formatted.text };

const withCaption = (formatted: FormattedText): Pick<TgMessage, 'caption' | 'caption_entities'> =>
  formatted.text === ''
    ? {}
    : formatted.entities.length > 0
      ? { caption: formatted.text, caption_entities: formatted.entities }
      : { caption: formatted.text };

const sameMarkup = (a: TgInlineKeyboardMarkup | undefined, b: TgInlineKeyboardMarkup | undefined): boolean =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function editableBotMessage(ctx: MethodContext): { chat: ChatRecord; stored: StoredMessage } {
  const p = ctx.params;
  if (!p.has('chat_id') && p.has('inline_message_id')) throw badRequest('MESSAGE_ID_INVALID');
  const { chat } = knownChat(ctx);
  const stored = liveMessage(chat, p.int('message_id'), 'message to edit not found');
  if (stored.sender !== 'bot') throw badRequest("message can't be edited");
  return { chat, stored };
}

function applyEdit(
  ctx: MethodContext,
  chat: ChatRecord,
  stored: StoredMessage,
  change: Partial<TgMessage>,
  markup: TgInlineKeyboardMarkup | undefined,
): TgMessage {
  const message = stored.message;
  Object.assign(message, change);
  for (const key of ['entities', 'caption_entities', 'caption'] as const) {
    if (key in change && change[key] === undefined) delete message[key];
  }
  if (markup === undefined) delete message.reply_markup;
  else message.reply_markup = markup;
  message.edit_date = ctx.world.nowSeconds();
  ctx.world.changed(chat.id);
  return clone(message);
}

// ---- commands ----

const SCOPE_TYPES_WITHOUT_CHAT = new Set([
  'default',
  'all_private_chats',
  'all_group_chats',
  'all_chat_administrators',
]);

function scopeKey(ctx: MethodContext): string {
  const raw = ctx.params.json('scope', 'BotCommandScope');
  if (raw === undefined || raw === null) return 'default';
  const fail = (why: string): BotApiError => badRequest(`can't parse BotCommandScope: ${why}`);
  if (typeof raw !== 'object' || Array.isArray(raw)) throw fail('BotCommandScope must be an Object');
  const scope = raw as Record<string, unknown>;
  const type = scope['type'];
  if (typeof type !== 'string') throw fail('Can\'t find field "type"');
  if (SCOPE_TYPES_WITHOUT_CHAT.has(type)) return type;
  if (type !== 'chat' && type !== 'chat_administrators' && type !== 'chat_member')
    throw fail('Unsupported type specified');
  const chatRaw = scope['chat_id'];
  if (chatRaw === undefined || chatRaw === null || chatRaw === '') throw fail('Can\'t find field "chat_id"');
  const chatId = Number(chatRaw);
  if (!Number.isSafeInteger(chatId) || ctx.world.findUser(chatId) === undefined)
    throw badRequest('chat not found');
  if (type !== 'chat_member') return `${type}:${chatId}`;
  const userId = Number(scope['user_id']);
  if (!Number.isSafeInteger(userId) || userId <= 0) throw fail('Invalid user_id specified');
  return `chat_member:${chatId}:${userId}`;
}

function languageCode(ctx: MethodContext): string {
  const code = ctx.params.str('language_code') ?? '';
  if (code !== '' && !/^[a-z]{2}$/.test(code)) throw badRequest('invalid language code specified');
  return code;
}

function readCommands(ctx: MethodContext): TgBotCommand[] {
  const raw = ctx.params.json('commands', 'commands');
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw badRequest('expected an Array of BotCommand');
  if (raw.length > 100) throw badRequest('too many commands specified');
  return raw.map((item: unknown) => {
    if (typeof item !== 'object' || item === null)
      throw badRequest("can't parse BotCommand: expected an Object");
    const entry = item as Record<string, unknown>;
    if (entry['command'] === undefined)
      throw badRequest('can\'t parse BotCommand: Can\'t find field "command"');
    if (entry['description'] === undefined)
      throw badRequest('can\'t parse BotCommand: Can\'t find field "description"');
    let command = String(entry['command']).trim();
    if (command.startsWith('/')) command = command.slice(1);
    const description = String(entry['description']).trim();
    if (command === '') throw badRequest('command must be non-empty');
    if (characterCount(command) > 32) throw badRequest('command length must not exceed 32');
    if (description === '') throw badRequest('command description must be non-empty');
    if (characterCount(description) > 256) throw badRequest('command description length must not exceed 256');
    if (!/^[a-z0-9_]+$/.test(command)) throw badRequest('BOT_COMMAND_INVALID');
    return { command, description };
  });
}

/**
 * The menu a private chat sees, resolved as Telegram does: chat scope, then all private chats, then
 * default; within each, the user's language before the unlocalised list.
 */
export function commandsForChat(
  world: World,
  chatId: number,
  languageCode: string | undefined,
): TgBotCommand[] {
  const lang = languageCode ?? '';
  const keys = [`chat:${chatId}`, 'all_private_chats', 'default'].flatMap((scope) =>
    lang === '' ? [`${scope}|`] : [`${scope}|${lang}`, `${scope}|`],
  );
  for (const key of keys) {
    const list = world.commands.get(key);
    if (list !== undefined && list.length > 0) return clone(list);
  }
  return [];
}

// ---- media ----

type MediaField = 'photo' | 'document' | 'video' | 'animation' | 'audio' | 'voice' | 'sticker';

function mediaFile(ctx: MethodContext, field: MediaField): TgFile {
  const p = ctx.params;
  const upload = p.upload(field);
  const reference = upload === undefined ? p.str(field) : undefined;
  if (upload === undefined && reference === undefined)
    throw badRequest(`there is no ${field} in the request`);
  if (reference !== undefined) {
    const known = ctx.world.files.get(reference);
    if (known !== undefined) {
      const { file_path: _path, bytes: _bytes, ...file } = known;
      return clone(file);
    }
    if (!/^https?:\/\//i.test(reference)) throw badRequest('wrong file identifier/HTTP URL specified');
  }
  const ids = ctx.world.newFileId(field);
  const name = upload?.name ?? reference?.split('/').pop() ?? field;
  const file: TgFile = { ...ids, file_size: upload?.size ?? 1024 };
  if (field === 'document' || field === 'audio') file.file_name = name;
  if (upload?.type) file.mime_type = upload.type;
  if (field === 'photo' || field === 'video' || field === 'animation' || field === 'sticker') {
    // A PNG upload keeps its own size (Telegram scales only photos larger than 1280 px, which ours are not).
    const size = upload?.bytes === undefined ? undefined : pngSize(upload.bytes);
    file.width = size?.width ?? 512;
    file.height = size?.height ?? 512;
  }
  ctx.world.files.set(file.file_id, {
    ...file,
    file_path: `${field}s/file_${ctx.world.files.size}`,
    ...(upload?.bytes === undefined ? {} : { bytes: upload.bytes }),
  });
  return file;
}

/** Width and height from a PNG's IHDR chunk, or undefined when the bytes are not a PNG. */
function pngSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 24 || signature.some((b, i) => bytes[i] !== b)) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function sendMedia(field: MediaField): Handler {
  return (ctx) => {
    const caption = field === 'sticker' ? { text: '', entities: [] } : messageText(ctx, 'caption', true);
    if (characterCount(caption.text) > MAX_CAPTION) throw badRequest('message caption is too long');
    const markup = replyMarkup(ctx, false);
    const { chat } = writableChat(ctx);
    const file = mediaFile(ctx, field);
    const content: Partial<TgMessage> =
      field === 'photo'
        ? { photo: [{ ...file, width: 90, height: 90 }, file] }
        : field === 'sticker'
          ? { sticker: { ...file, type: 'regular', is_animated: false, is_video: false } }
          : { [field]: file };
    return postBotMessage(ctx, chat, { ...content, ...withCaption(caption) }, markup);
  };
}

// ---- webhooks ----

function setWebhook(ctx: MethodContext): Described {
  const { world, params } = ctx;
  const url = params.str('url') ?? '';
  if (url === '') return deleteWebhook(ctx);
  const now = world.now();
  if (now < world.nextSetWebhookAt) throw tooManyRequests(1);
  world.nextSetWebhookAt = now + 1000;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badRequest('invalid webhook URL specified');
  }
  // Telegram wants https on ports 443, 80, 88 or 8443; a local stand-in accepts plain http anywhere.
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw badRequest('bad webhook: An HTTPS URL must be provided for webhook');
  }
  const secret = params.str('secret_token');
  if (secret !== undefined) {
    if (secret.length > 256) throw badRequest('secret token is too long');
    if (!/^[A-Za-z0-9_-]+$/.test(secret)) throw badRequest('secret token contains unallowed characters');
  }
  const maxConnections = Math.min(100, Math.max(1, params.int('max_connections') ?? 40));
  const allowed = readAllowedUpdates(ctx);
  if (params.bool('drop_pending_updates')) world.queue.dropPending();
  if (allowed !== undefined) world.queue.setAllowedUpdates(allowed.length === 0 ? undefined : allowed);
  const current = world.webhook;
  if (current?.url === url && current.secretToken === secret && current.maxConnections === maxConnections) {
    if (allowed !== undefined) current.allowedUpdates = allowed.length === 0 ? undefined : allowed;
    return described(true, 'Webhook is already set');
  }
  world.webhook = {
    url,
    secretToken: secret,
    maxConnections,
    allowedUpdates: allowed === undefined || allowed.length === 0 ? undefined : allowed,
    lastErrorDate: undefined,
    lastErrorMessage: undefined,
  };
  world.queue.interruptLongPoll(conflict('terminated by setWebhook request'));
  world.changed();
  return described(true, 'Webhook was set');
}

function deleteWebhook(ctx: MethodContext): Described {
  const { world } = ctx;
  if (ctx.params.bool('drop_pending_updates')) world.queue.dropPending();
  if (world.webhook === undefined) return described(true, 'Webhook is already deleted');
  world.webhook = undefined;
  world.changed();
  return described(true, 'Webhook was deleted');
}

function readAllowedUpdates(ctx: MethodContext): string[] | undefined {
  const raw = ctx.params.json('allowed_updates', 'allowed updates');
  if (raw === undefined || raw === null) return undefined;
  if (!Array.isArray(raw)) return undefined;
  return raw.filter((item): item is string => typeof item === 'string');
}

export function webhookInfo(world: World): WebhookInfo {
  const info: WebhookInfo = {
    url: world.webhook?.url ?? '',
    has_custom_certificate: false,
    pending_update_count: world.queue.pending().length,
  };
  const hook = world.webhook;
  if (hook !== undefined) {
    info.max_connections = hook.maxConnections;
    if (hook.allowedUpdates !== undefined) info.allowed_updates = [...hook.allowedUpdates];
    if (hook.lastErrorDate !== undefined) info.last_error_date = hook.lastErrorDate;
    if (hook.lastErrorMessage !== undefined) info.last_error_message = hook.lastErrorMessage;
  }
  return info;
}

// ---- the method table ----

const HANDLERS: Record<string, Handler> = {
  getMe: ({ world }) => clone(world.bot),
  logOut: () => true,
  close: () => true,

  async getUpdates(ctx): Promise<TgUpdate[]> {
    const { world, params } = ctx;
    if (world.webhook !== undefined) {
      throw conflict(
        "can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      );
    }
    const allowed = readAllowedUpdates(ctx);
    if (allowed !== undefined) world.queue.setAllowedUpdates(allowed.length === 0 ? undefined : allowed);
    const clamp = (value: number | undefined, fallback: number, min: number, max: number): number =>
      Math.min(max, Math.max(min, value === undefined || Number.isNaN(value) ? fallback : value));
    return world.queue.getUpdates(
      {
        offset: clamp(params.int('offset'), 0, -2147483648, 2147483647),
        limit: clamp(params.int('limit'), 100, 1, 100),
        timeoutSeconds: clamp(params.int('timeout'), 0, 0, LONG_POLL_MAX_TIMEOUT),
      },
      ctx.signal,
    );
  },
  setWebhook,
  deleteWebhook,
  getWebhookInfo: ({ world }) => webhookInfo(world),

  sendMessage(ctx) {
    const formatted = messageText(ctx, 'text', false);
    const markup = replyMarkup(ctx, false);
    const { chat } = writableChat(ctx);
    if (characterCount(formatted.text) > MAX_TEXT) throw badRequest('message is too long');
    return postBotMessage(ctx, chat, withText(formatted), markup);
  },
  sendPhoto: sendMedia('photo'),
  sendDocument: sendMedia('document'),
  sendVideo: sendMedia('video'),
  sendAnimation: sendMedia('animation'),
  sendAudio: sendMedia('audio'),
  sendVoice: sendMedia('voice'),
  sendSticker: sendMedia('sticker'),
  sendContact(ctx) {
    const p = ctx.params;
    const phone = p.str('phone_number');
    if (phone === undefined) throw badRequest('parameter "phone_number" is required');
    const firstName = p.str('first_name');
    if (firstName === undefined) throw badRequest('parameter "first_name" is required');
    const markup = replyMarkup(ctx, false);
    const { chat } = writableChat(ctx);
    const lastName = p.str('last_name');
    return postBotMessage(
      ctx,
      chat,
      {
        contact: {
          phone_number: phone,
          first_name: firstName,
          ...(lastName !== undefined ? { last_name: lastName } : {}),
        },
      },
      markup,
    );
  },
  sendLocation(ctx) {
    const p = ctx.params;
    if (p.str('latitude') === undefined) throw badRequest('latitude is empty');
    if (p.str('longitude') === undefined) throw badRequest('longitude is empty');
    const latitude = Number(p.str('latitude'));
    const longitude = Number(p.str('longitude'));
    const markup = replyMarkup(ctx, false);
    const { chat } = writableChat(ctx);
    return postBotMessage(ctx, chat, { location: { latitude, longitude } }, markup);
  },
  sendDice(ctx) {
    const emoji = ctx.params.str('emoji') ?? '🎲';
    const markup = replyMarkup(ctx, false);
    const { chat } = writableChat(ctx);
    const faces = emoji === '🎰' ? 64 : emoji === '🎳' || emoji === '🎲' || emoji === '🎯' ? 6 : 5;
    return postBotMessage(ctx, chat, { dice: { emoji, value: (chat.nextMessageId % faces) + 1 } }, markup);
  },
  copyMessage(ctx) {
    const source = knownChat(ctx, 'from_chat_id');
    const original = liveMessage(source.chat, ctx.params.int('message_id'), 'message to copy not found');
    const markup = replyMarkup(ctx, false);
    const { chat } = writableChat(ctx);
    const {
      message_id: _id,
      from: _from,
      chat: _chat,
      date: _date,
      edit_date: _edit,
      reply_to_message: _reply,
      reply_markup: _markup,
      ...content
    } = clone(original.message);
    if (ctx.params.has('caption')) Object.assign(content, withCaption(messageText(ctx, 'caption', true)));
    const sent = postBotMessage(ctx, chat, content, markup);
    return { message_id: sent.message_id };
  },
  forwardMessage(ctx) {
    const source = knownChat(ctx, 'from_chat_id');
    const original = liveMessage(source.chat, ctx.params.int('message_id'), 'message to forward not found');
    const { chat } = writableChat(ctx);
    const {
      message_id: _id,
      from: _from,
      chat: _chat,
      date: _date,
      edit_date: _edit,
      reply_to_message: _r,
      reply_markup: _m,
      ...content
    } = clone(original.message);
    return postBotMessage(ctx, chat, content, undefined);
  },
  sendChatAction(ctx) {
    const action = ctx.params.str('action');
    if (action === undefined) throw badRequest('parameter "action" is required');
    if (!CHAT_ACTIONS.has(action)) throw badRequest('wrong parameter action in request');
    const { chat } = writableChat(ctx);
    chat.action = action;
    chat.actionUntil = ctx.world.now() + CHAT_ACTION_MS;
    ctx.world.changed(chat.id);
    return true;
  },
  setMessageReaction(ctx) {
    const { chat } = knownChat(ctx);
    liveMessage(chat, ctx.params.int('message_id'), 'message to react not found');
    return true;
  },

  editMessageText(ctx) {
    const formatted = messageText(ctx, 'text', false);
    const markup = replyMarkup(ctx, true);
    const { chat, stored } = editableBotMessage(ctx);
    if (stored.message.text === undefined) throw badRequest('there is no text in the message to edit');
    if (characterCount(formatted.text) > MAX_TEXT) throw badRequest('message is too long');
    const next = markup?.kind === 'inline' ? markup.markup : undefined;
    const m = stored.message;
    if (
      m.text === formatted.text &&
      JSON.stringify(m.entities ?? []) === JSON.stringify(formatted.entities) &&
      sameMarkup(m.reply_markup, next)
    ) {
      throw badRequest(NOT_MODIFIED);
    }
    const entities = formatted.entities.length > 0 ? formatted.entities : undefined;
    return applyEdit(ctx, chat, stored, { text: formatted.text, entities }, next);
  },
  editMessageCaption(ctx) {
    const formatted = messageText(ctx, 'caption', true);
    if (characterCount(formatted.text) > MAX_CAPTION) throw badRequest('message caption is too long');
    const markup = replyMarkup(ctx, true);
    const { chat, stored } = editableBotMessage(ctx);
    if (stored.message.text !== undefined) throw badRequest('there is no caption in the message to edit');
    const next = markup?.kind === 'inline' ? markup.markup : undefined;
    const m = stored.message;
    if (
      (m.caption ?? '') === formatted.text &&
      JSON.stringify(m.caption_entities ?? []) === JSON.stringify(formatted.entities) &&
      sameMarkup(m.reply_markup, next)
    ) {
      throw badRequest(NOT_MODIFIED);
    }
    const caption = formatted.text === '' ? undefined : formatted.text;
    const entities = formatted.entities.length > 0 ? formatted.entities : undefined;
    return applyEdit(ctx, chat, stored, { caption, caption_entities: entities }, next);
  },
  editMessageReplyMarkup(ctx) {
    const markup = replyMarkup(ctx, true);
    const { chat, stored } = editableBotMessage(ctx);
    const next = markup?.kind === 'inline' ? markup.markup : undefined;
    if (sameMarkup(stored.message.reply_markup, next)) throw badRequest(NOT_MODIFIED);
    return applyEdit(ctx, chat, stored, {}, next);
  },
  deleteMessage(ctx) {
    const { chat } = knownChat(ctx);
    const stored = liveMessage(chat, ctx.params.int('message_id'), 'message to delete not found');
    if (ctx.world.nowSeconds() - stored.message.date > DELETE_WINDOW_SECONDS) {
      throw badRequest("message can't be deleted for everyone");
    }
    stored.deleted = true;
    ctx.world.changed(chat.id);
    return true;
  },
  deleteMessages(ctx) {
    const { chat } = knownChat(ctx);
    const ids = ctx.params.json('message_ids', 'message identifiers');
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > 100)
      throw badRequest('message identifiers are not specified');
    for (const id of ids) {
      const stored = chat.messages.get(Number(id));
      if (stored !== undefined && ctx.world.nowSeconds() - stored.message.date <= DELETE_WINDOW_SECONDS) {
        stored.deleted = true;
      }
    }
    ctx.world.changed(chat.id);
    return true;
  },

  answerCallbackQuery(ctx) {
    const { world, params } = ctx;
    const id = params.str('callback_query_id') ?? '';
    const record = world.callbacks.get(id);
    if (
      record === undefined ||
      record.answered ||
      world.now() - record.createdAt > world.callbackQueryTimeoutMs
    ) {
      throw badRequest('query is too old and response timeout expired or query ID is invalid');
    }
    const text = params.str('text');
    if (text !== undefined && characterCount(text) > 200) throw badRequest('MESSAGE_TOO_LONG');
    const url = params.str('url');
    record.answered = true;
    record.answer = {
      showAlert: params.bool('show_alert'),
      at: world.now(),
      ...(text !== undefined ? { text } : {}),
      ...(url !== undefined ? { url } : {}),
    };
    world.changed(record.chatId);
    return true;
  },

  setMyCommands(ctx) {
    const commands = readCommands(ctx);
    const key = `${scopeKey(ctx)}|${languageCode(ctx)}`;
    if (commands.length === 0) ctx.world.commands.delete(key);
    else ctx.world.commands.set(key, commands);
    ctx.world.changed();
    return true;
  },
  getMyCommands(ctx) {
    const key = `${scopeKey(ctx)}|${languageCode(ctx)}`;
    return clone(ctx.world.commands.get(key) ?? []);
  },
  deleteMyCommands(ctx) {
    const key = `${scopeKey(ctx)}|${languageCode(ctx)}`;
    ctx.world.commands.delete(key);
    ctx.world.changed();
    return true;
  },
  setChatMenuButton(ctx) {
    const key = ctx.params.has('chat_id') ? String(knownChat(ctx).chat.id) : 'default';
    const button = ctx.params.json('menu_button', 'menu button') ?? { type: 'default' };
    ctx.world.menuButtons.set(key, button);
    return true;
  },
  getChatMenuButton(ctx) {
    const key = ctx.params.has('chat_id') ? String(knownChat(ctx).chat.id) : 'default';
    return clone(
      ctx.world.menuButtons.get(key) ?? ctx.world.menuButtons.get('default') ?? { type: 'commands' },
    );
  },
  setMyDefaultAdministratorRights: () => true,
  getMyDefaultAdministratorRights: () => ({
    is_anonymous: false,
    can_manage_chat: false,
    can_delete_messages: false,
    can_manage_video_chats: false,
    can_restrict_members: false,
    can_promote_members: false,
    can_change_info: false,
    can_invite_users: false,
    can_post_stories: false,
    can_edit_stories: false,
    can_delete_stories: false,
  }),
  setMyName: botText('name', 64),
  getMyName: (ctx) => ({ name: readBotText(ctx, 'name') ?? ctx.world.bot.first_name }),
  setMyDescription: botText('description', 512),
  getMyDescription: (ctx) => ({ description: readBotText(ctx, 'description') ?? '' }),
  setMyShortDescription: botText('short_description', 120),
  getMyShortDescription: (ctx) => ({ short_description: readBotText(ctx, 'short_description') ?? '' }),

  getChat(ctx) {
    const { chat } = knownChat(ctx);
    return { ...ctx.world.chatOf(chat.id), accent_color_id: 0, max_reaction_count: 11 };
  },
  getChatMember(ctx) {
    const { user } = knownChat(ctx);
    const userId = ctx.params.int('user_id');
    if (userId === user.user.id)
      return {
        status: user.blocked ? 'kicked' : 'member',
        user: clone(user.user),
        ...(user.blocked ? { until_date: 0 } : {}),
      };
    if (userId === ctx.world.bot.id) return { status: 'member', user: clone(ctx.world.bot) };
    throw badRequest('user not found');
  },
  getChatMemberCount(ctx) {
    knownChat(ctx);
    return 2;
  },
  getChatAdministrators(ctx) {
    knownChat(ctx);
    throw badRequest('there are no administrators in the private chat');
  },
  leaveChat(ctx) {
    knownChat(ctx);
    throw badRequest("chat member status can't be changed in private chats");
  },
  pinChatMessage(ctx) {
    const { chat } = knownChat(ctx);
    liveMessage(chat, ctx.params.int('message_id'), 'message to pin not found');
    return true;
  },
  unpinChatMessage(ctx) {
    knownChat(ctx);
    return true;
  },
  unpinAllChatMessages(ctx) {
    knownChat(ctx);
    return true;
  },
  getUserProfilePhotos(ctx) {
    const id = ctx.params.int('user_id');
    if (id === undefined || ctx.world.findUser(id) === undefined) throw badRequest('user not found');
    return { total_count: 0, photos: [] };
  },
  getFile(ctx) {
    const id = ctx.params.str('file_id') ?? '';
    const file = ctx.world.files.get(id);
    if (file === undefined) throw badRequest('invalid file_id');
    // The Bot API serves files up to 20 MB.
    if ((file.file_size ?? 0) > 20 * 1024 * 1024) throw badRequest('file is too big');
    return {
      file_id: file.file_id,
      file_unique_id: file.file_unique_id,
      file_size: file.file_size,
      file_path: file.file_path,
    };
  },
};

function botText(field: 'name' | 'description' | 'short_description', max: number): Handler {
  return (ctx) => {
    const value = ctx.params.str(field) ?? '';
    if (characterCount(value) > max) throw badRequest(`bot ${field.replace('_', ' ')} is too long`);
    const key = `${field}|${languageCode(ctx)}`;
    if (value === '') ctx.world.botTexts.delete(key);
    else ctx.world.botTexts.set(key, value);
    return true;
  };
}

function readBotText(ctx: MethodContext, field: string): string | undefined {
  const lang = languageCode(ctx);
  return (
    ctx.world.botTexts.get(`${field}|${lang}`) ??
    (lang === '' ? undefined : ctx.world.botTexts.get(`${field}|`))
  );
}

const CANONICAL = new Map(Object.keys(HANDLERS).map((name) => [name.toLowerCase(), name]));

/** The canonical name of a method the stand-in answers, whatever the case it was called in. */
const canonicalMethod = (name: string): string | undefined => CANONICAL.get(name.toLowerCase());

// ---- faults and dispatch ----

function activeFault(world: World, method: string): ActiveFault | undefined {
  const now = world.now();
  world.faults = world.faults.filter(
    (f) =>
      (f.remainingCalls === undefined || f.remainingCalls > 0) && (f.until === undefined || now < f.until),
  );
  return world.faults.find((f) => {
    const methods = f.spec.methods;
    if (methods === 'all') return true;
    if (methods === undefined) return method !== 'getUpdates';
    return methods.some((m) => m.toLowerCase() === method.toLowerCase());
  });
}

const NGINX_PAGES: Record<number, string> = {
  502: 'Bad Gateway',
  503: 'Service Temporarily Unavailable',
  504: 'Gateway Time-out',
};

export interface MethodResponse {
  status: number;
  contentType: string;
  body: string;
  /** Drop the connection instead of answering (a network fault). */
  drop?: boolean;
}

const redact = (params: Readonly<Record<string, unknown>>): Record<string, unknown> => {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (key === 'secret_token') copy[key] = '[redacted]';
    else if (isUpload(value)) {
      // A recorded call names the file; its bytes stay with the file (driver.fileBytes).
      const { bytes: _bytes, ...described } = value;
      copy[key] = described;
    } else copy[key] = value;
  }
  return copy;
};

/** Answers one Bot API call, records it, and applies any injected fault first. */
export async function callMethod(
  world: World,
  calledName: string,
  params: Params,
  signal: AbortSignal,
): Promise<MethodResponse> {
  const startedAt = world.now();
  const method = canonicalMethod(calledName) ?? calledName;
  const record = (status: number, description?: string): void => {
    const call: RecordedCall = {
      method,
      params: redact(params.raw),
      at: startedAt,
      status,
      ok: status === 200,
    };
    if (description !== undefined) call.description = description;
    world.calls.push(call);
    world.changed();
  };
  const json = (status: number, body: unknown): MethodResponse => ({
    status,
    contentType: 'application/json',
    body: JSON.stringify(body),
  });
  const fail = (error: BotApiError): MethodResponse => {
    record(error.errorCode, error.description);
    return json(error.errorCode, error.toJSON());
  };

  const fault = activeFault(world, method);
  if (fault !== undefined) {
    if (fault.remainingCalls !== undefined) fault.remainingCalls--;
    if (fault.spec.kind === 'rate-limit') return fail(tooManyRequests(fault.spec.retryAfter));
    if (fault.spec.kind === 'network') {
      record(0, 'connection dropped');
      return { status: 0, contentType: '', body: '', drop: true };
    }
    const status = fault.spec.status ?? 500;
    const page = NGINX_PAGES[status];
    if (page === undefined) return fail(new BotApiError(500, 'Internal Server Error'));
    record(status, page);
    const html = `<html>\r\n<head><title>${status} ${page}</title></head>\r\n<body>\r\n<center><h1>${status} ${page}</h1></center>\r\n<hr><center>nginx/1.18.0</center>\r\n</body>\r\n</html>\r\n`;
    return { status, contentType: 'text/html', body: html };
  }

  const handler = HANDLERS[method];
  if (handler === undefined) {
    if (KNOWN_METHODS.has(calledName.toLowerCase())) {
      return fail(badRequest(`method ${calledName} is not supported by this Bot API stand-in`));
    }
    return fail(notFound());
  }
  try {
    // Synchronous handlers are recorded in the same tick as their effect, so a test that saw the
    // effect also sees the call.
    let outcome = handler({ world, params, signal });
    if (outcome instanceof Promise) outcome = (await outcome) as unknown;
    record(200);
    if (typeof outcome === 'object' && outcome !== null && (outcome as Described).described === true) {
      const d = outcome as Described;
      return json(200, { ok: true, result: d.result, description: d.description });
    }
    return json(200, { ok: true, result: outcome });
  } catch (error) {
    if (error instanceof BotApiError) return fail(error);
    if (signal.aborted)
      return json(499, { ok: false, error_code: 499, description: 'Client closed request' });
    console.error(
      'telegram stand-in: unexpected error in',
      method,
      error instanceof Error ? error.message : error,
    );
    return fail(new BotApiError(500, 'Internal Server Error'));
  }
}
