// The stand-in's state: the bot, its users and their private chats, callback queries, the command
// menus, recorded calls and injected faults. Everything the Bot API methods, the test driver and
// the control API share lives here.

import { EventEmitter } from 'node:events';
import { inlineButtonsView, replyKeyboardView } from './markup.ts';
import { createUpdateQueue, type UpdateQueue } from './updates.ts';
import type {
  CallbackAnswerView,
  ChatMessage,
  ChatMessageKind,
  RecordedCall,
  ReplyKeyboardView,
  TgBotCommand,
  TgBotUser,
  TgChat,
  TgFile,
  TgMessage,
  TgReplyKeyboardMarkup,
  TgUser,
} from './types.ts';

/** A file the stand-in knows: sent by the bot or by a user. */
/** A file as getFile tells it; an uploaded one keeps its bytes (the file URL and the chat page serve them). */
type StoredFile = TgFile & { file_path: string; bytes?: Uint8Array };

export interface StandInUserInit {
  id: number;
  firstName?: string;
  lastName?: string;
  username?: string;
  languageCode?: string;
  /** The user's own phone number, shared by a request_contact button or `sendContact(phone, { own: true })`. */
  phone?: string;
  /** A label for the chat page ('reseller', 'admin', …); the bot never sees it. */
  role?: string;
  /** Whether the user has already started the bot (Telegram lets a bot write only then). Default false. */
  started?: boolean;
}

/** A group the bot is a member of (negative id, as on Telegram); members write and press there. */
export interface GroupInit {
  id: number;
  title?: string;
  type?: 'group' | 'supergroup';
}

export interface UserRecord {
  user: TgUser;
  phone: string | undefined;
  role: string | undefined;
  started: boolean;
  blocked: boolean;
}

export interface StoredMessage {
  /** The message as the Bot API returns it now (inline keyboard included). */
  message: TgMessage;
  sender: 'bot' | 'user';
  replyKeyboard: TgReplyKeyboardMarkup | undefined;
  removesKeyboard: boolean;
  deleted: boolean;
}

export interface ChatRecord {
  readonly id: number;
  nextMessageId: number;
  readonly messages: Map<number, StoredMessage>;
  keyboard: { markup: TgReplyKeyboardMarkup; hidden: boolean } | undefined;
  /** Clock time until which the bot shows a chat action ("typing…"). */
  actionUntil: number;
  action: string | undefined;
  version: number;
}

interface CallbackRecord {
  readonly id: string;
  readonly userId: number;
  /** The chat of the message (the user's private chat, or a group). */
  readonly chatId: number;
  readonly messageId: number;
  readonly data: string;
  readonly createdAt: number;
  answered: boolean;
  answer: { text?: string; showAlert: boolean; url?: string; at: number } | undefined;
}

export type FaultSpec =
  | {
      kind: 'rate-limit';
      retryAfter: number;
      calls?: number;
      forMs?: number;
      methods?: readonly string[] | 'all';
    }
  | {
      kind: 'server-error';
      status?: 500 | 502 | 503 | 504;
      calls?: number;
      forMs?: number;
      methods?: readonly string[] | 'all';
    }
  | {
      /** The connection is dropped before any answer (and before the call takes effect). */
      kind: 'network';
      calls?: number;
      forMs?: number;
      methods?: readonly string[] | 'all';
    };

export interface ActiveFault {
  readonly spec: FaultSpec;
  remainingCalls: number | undefined;
  readonly until: number | undefined;
}

interface WebhookState {
  url: string;
  secretToken: string | undefined;
  maxConnections: number;
  allowedUpdates: string[] | undefined;
  lastErrorDate: number | undefined;
  lastErrorMessage: string | undefined;
}

export interface WorldOptions {
  token: string;
  botUsername: string;
  botFirstName: string;
  clock: () => number;
  firstUpdateId: number;
  callbackQueryTimeoutMs: number;
}

export interface World {
  readonly token: string;
  readonly bot: TgBotUser;
  readonly queue: UpdateQueue;
  readonly callbackQueryTimeoutMs: number;
  now(): number;
  nowSeconds(): number;
  /** Grows on every change; the chat page and waitFor use it. */
  version(): number;
  changed(chatId?: number): void;
  onChange(listener: () => void): () => void;
  ensureUser(init: StandInUserInit): UserRecord;
  findUser(id: number): UserRecord | undefined;
  users(): UserRecord[];
  chat(id: number): ChatRecord;
  findChat(id: number): ChatRecord | undefined;
  resolveUser(id: number): TgUser | undefined;
  privateChat(id: number): TgChat;
  ensureGroup(init: GroupInit): TgChat;
  findGroup(id: number): TgChat | undefined;
  /** The chat as the Bot API shows it: a group, or the user's private chat. */
  chatOf(id: number): TgChat;
  addMessage(
    chatId: number,
    sender: 'bot' | 'user',
    content: Omit<TgMessage, 'message_id' | 'from' | 'chat' | 'date'>,
    extras?: { replyKeyboard?: TgReplyKeyboardMarkup; removesKeyboard?: boolean; from?: number },
  ): StoredMessage;
  chatView(chatId: number): ChatMessage[];
  keyboardView(chatId: number): ReplyKeyboardView | undefined;
  readonly callbacks: Map<string, CallbackRecord>;
  newCallbackId(): string;
  chatInstance(chatId: number): string;
  callbackAnswers(chatId: number): CallbackAnswerView[];
  /** Command menus by `${scopeKey}|${languageCode}`. */
  readonly commands: Map<string, TgBotCommand[]>;
  readonly menuButtons: Map<string, unknown>;
  /** setMyName/Description/ShortDescription by `${field}|${languageCode}`. */
  readonly botTexts: Map<string, string>;
  /** Files by file_id: what getFile tells, and the bytes `<root>/file/bot<token>/<file_path>` serves. */
  readonly files: Map<string, StoredFile>;
  readonly calls: RecordedCall[];
  faults: ActiveFault[];
  webhook: WebhookState | undefined;
  /** setWebhook with a URL is accepted at most once a second (the Bot API server's own rule). */
  nextSetWebhookAt: number;
  newFileId(kind: string): { file_id: string; file_unique_id: string };
}

export function createWorld(options: WorldOptions): World {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let version = 0;
  const userRecords = new Map<number, UserRecord>();
  const chats = new Map<number, ChatRecord>();
  const groups = new Map<number, TgChat>();
  let callbackCounter = 0n;
  let fileCounter = 0;
  const botId = Number(options.token.split(':')[0]);

  const world: World = {
    token: options.token,
    bot: {
      id: botId,
      is_bot: true,
      first_name: options.botFirstName,
      username: options.botUsername,
      can_join_groups: true,
      can_read_all_group_messages: false,
      supports_inline_queries: false,
      can_connect_to_business: false,
      has_main_web_app: false,
    },
    queue: createUpdateQueue({ firstUpdateId: options.firstUpdateId, onChange: () => world.changed() }),
    callbackQueryTimeoutMs: options.callbackQueryTimeoutMs,
    now: options.clock,
    nowSeconds: () => Math.floor(options.clock() / 1000),
    version: () => version,
    changed(chatId) {
      version++;
      if (chatId !== undefined) {
        const record = chats.get(chatId);
        if (record !== undefined) record.version = version;
      }
      emitter.emit('change');
    },
    onChange(listener) {
      emitter.on('change', listener);
      return () => emitter.off('change', listener);
    },
    ensureUser(init) {
      if (!Number.isSafeInteger(init.id) || init.id <= 0)
        throw new Error(`a user id is a positive integer, not ${init.id}`);
      const existing = userRecords.get(init.id);
      if (existing !== undefined) {
        const u = existing.user;
        if (init.firstName !== undefined) u.first_name = init.firstName;
        if (init.lastName !== undefined) u.last_name = init.lastName;
        if (init.username !== undefined) u.username = init.username;
        if (init.languageCode !== undefined) u.language_code = init.languageCode;
        if (init.phone !== undefined) existing.phone = init.phone;
        if (init.role !== undefined) existing.role = init.role;
        if (init.started === true) existing.started = true;
        return existing;
      }
      const user: TgUser = { id: init.id, is_bot: false, first_name: init.firstName ?? `User ${init.id}` };
      if (init.lastName !== undefined) user.last_name = init.lastName;
      if (init.username !== undefined) user.username = init.username;
      if (init.languageCode !== undefined) user.language_code = init.languageCode;
      const record: UserRecord = {
        user,
        phone: init.phone,
        role: init.role,
        started: init.started === true,
        blocked: false,
      };
      userRecords.set(init.id, record);
      world.changed();
      return record;
    },
    findUser: (id) => userRecords.get(id),
    users: () => [...userRecords.values()],
    chat(id) {
      let record = chats.get(id);
      if (record === undefined) {
        record = {
          id,
          nextMessageId: 1,
          messages: new Map(),
          keyboard: undefined,
          actionUntil: 0,
          action: undefined,
          version,
        };
        chats.set(id, record);
      }
      return record;
    },
    findChat: (id) => chats.get(id),
    resolveUser: (id) => {
      const record = userRecords.get(id);
      return record === undefined ? undefined : { ...record.user };
    },
    privateChat(id) {
      const user = userRecords.get(id)?.user;
      const chat: TgChat = { id, type: 'private', first_name: user?.first_name ?? '' };
      if (user?.last_name !== undefined) chat.last_name = user.last_name;
      if (user?.username !== undefined) chat.username = user.username;
      return chat;
    },
    ensureGroup(init) {
      if (!Number.isSafeInteger(init.id) || init.id >= 0)
        throw new Error(`a group id is a negative integer, not ${init.id}`);
      const group: TgChat = { id: init.id, type: init.type ?? 'supergroup', title: init.title ?? 'Group' };
      groups.set(init.id, group);
      world.changed();
      return { ...group };
    },
    findGroup: (id) => {
      const group = groups.get(id);
      return group === undefined ? undefined : { ...group };
    },
    chatOf: (id) => world.findGroup(id) ?? world.privateChat(id),
    addMessage(chatId, sender, content, extras = {}) {
      const chat = world.chat(chatId);
      const author = extras.from ?? chatId;
      const from =
        sender === 'bot' ? botAsUser() : { ...(userRecords.get(author)?.user ?? fallbackUser(author)) };
      const message: TgMessage = {
        message_id: chat.nextMessageId++,
        from,
        chat: world.chatOf(chatId),
        date: world.nowSeconds(),
        ...content,
      };
      const stored: StoredMessage = {
        message,
        sender,
        replyKeyboard: extras.replyKeyboard,
        removesKeyboard: extras.removesKeyboard === true,
        deleted: false,
      };
      chat.messages.set(message.message_id, stored);
      if (extras.replyKeyboard !== undefined) chat.keyboard = { markup: extras.replyKeyboard, hidden: false };
      if (extras.removesKeyboard === true) chat.keyboard = undefined;
      // A message from the bot ends its "typing…" indicator, as in the apps.
      if (sender === 'bot') chat.actionUntil = 0;
      world.changed(chatId);
      return stored;
    },
    chatView(chatId) {
      const chat = chats.get(chatId);
      if (chat === undefined) return [];
      return [...chat.messages.values()]
        .filter((stored) => !stored.deleted)
        .sort((a, b) => a.message.message_id - b.message.message_id)
        .map(toView);
    },
    keyboardView(chatId) {
      const keyboard = chats.get(chatId)?.keyboard;
      if (keyboard === undefined) return undefined;
      return { ...replyKeyboardView(keyboard.markup), hidden: keyboard.hidden };
    },
    callbacks: new Map(),
    newCallbackId() {
      // Callback query ids are decimal int64 strings on Telegram.
      callbackCounter++;
      return (
        BigInt(botId) * 4294967296n +
        BigInt(options.firstUpdateId) * 1000n +
        callbackCounter
      ).toString();
    },
    chatInstance: (chatId) => (-(BigInt(chatId) * 7919n + BigInt(botId))).toString(),
    callbackAnswers(chatId) {
      return [...world.callbacks.values()]
        .filter((record) => record.chatId === chatId)
        .map((record) => ({
          queryId: record.id,
          messageId: record.messageId,
          data: record.data,
          answered: record.answered,
          showAlert: record.answer?.showAlert ?? false,
          at: record.answer?.at ?? record.createdAt,
          ...(record.answer?.text !== undefined ? { text: record.answer.text } : {}),
          ...(record.answer?.url !== undefined ? { url: record.answer.url } : {}),
        }));
    },
    commands: new Map(),
    menuButtons: new Map(),
    botTexts: new Map(),
    files: new Map(),
    calls: [],
    faults: [],
    webhook: undefined,
    nextSetWebhookAt: 0,
    newFileId(kind) {
      fileCounter++;
      const unique = `${kind}${botId}x${fileCounter}`;
      return {
        file_id: `AgAC${Buffer.from(unique).toString('base64url')}`,
        file_unique_id: `AQAD${fileCounter}`,
      };
    },
  };

  function botAsUser(): TgUser {
    return {
      id: world.bot.id,
      is_bot: true,
      first_name: world.bot.first_name,
      username: world.bot.username ?? '',
    };
  }

  return world;
}

const fallbackUser = (id: number): TgUser => ({ id, is_bot: false, first_name: `User ${id}` });

const MEDIA_KINDS: readonly ChatMessageKind[] = [
  'photo',
  'document',
  'video',
  'animation',
  'audio',
  'voice',
  'sticker',
];

function kindOf(message: TgMessage): ChatMessageKind {
  if (message.contact !== undefined) return 'contact';
  if (message.location !== undefined) return 'location';
  if (message.dice !== undefined) return 'dice';
  for (const kind of MEDIA_KINDS)
    if ((message as unknown as Record<string, unknown>)[kind] !== undefined) return kind;
  return 'text';
}

function toView(stored: StoredMessage): ChatMessage {
  const m = stored.message;
  const view: ChatMessage = {
    id: m.message_id,
    from: stored.sender,
    kind: kindOf(m),
    date: m.date,
    text: m.text ?? m.caption ?? '',
    entities: structuredClone(m.entities ?? m.caption_entities ?? []),
    buttons: inlineButtonsView(m.reply_markup),
    edited: m.edit_date !== undefined,
  };
  if (m.edit_date !== undefined) view.editDate = m.edit_date;
  if (stored.replyKeyboard !== undefined) view.replyKeyboard = replyKeyboardView(stored.replyKeyboard);
  if (stored.removesKeyboard) view.removesKeyboard = true;
  if (m.contact !== undefined) {
    view.contact = { phoneNumber: m.contact.phone_number, firstName: m.contact.first_name };
    if (m.contact.last_name !== undefined) view.contact.lastName = m.contact.last_name;
    if (m.contact.user_id !== undefined) view.contact.userId = m.contact.user_id;
  }
  if (m.reply_to_message !== undefined) view.replyToId = m.reply_to_message.message_id;
  if (m.dice !== undefined && view.text === '') view.text = `${m.dice.emoji} ${m.dice.value}`;
  // The largest size of a photo (the last), or the file of any other media message.
  const file = m.photo?.at(-1) ?? m.document ?? m.video ?? m.animation ?? m.audio ?? m.voice ?? m.sticker;
  if (file !== undefined) {
    view.file = { fileId: file.file_id };
    if (file.file_name !== undefined) view.file.name = file.file_name;
    if (file.mime_type !== undefined) view.file.mimeType = file.mime_type;
    if (file.file_size !== undefined) view.file.size = file.file_size;
    if (file.width !== undefined) view.file.width = file.width;
    if (file.height !== undefined) view.file.height = file.height;
  }
  return view;
}
