// What a person can do in a private chat with the bot: write, send a command or a contact, press an
// inline button or a reply-keyboard button, block and unblock the bot. Each action makes the update
// Telegram would make. Writing and pressing also work in a group made with driver.group() (`chat`).

import { StandInUsageError } from './errors.ts';
import { characterCount, detectEntities, trimText } from './formatting.ts';
import type { InlineButtonView, TgContact, TgFile, TgMessage, TgMessageEntity } from './types.ts';
import type { UserRecord, World } from './world.ts';

export interface SentMessage {
  /** The update the bot will receive; undefined when allowed_updates filters messages out. */
  updateId: number | undefined;
  messageId: number;
}

export interface PressedButton {
  updateId: number | undefined;
  /** The callback query id the bot must answer with answerCallbackQuery. */
  queryId: string;
}

export type ButtonMatcher = string | RegExp | ((button: InlineButtonView) => boolean);

function activeUser(world: World, userId: number): UserRecord {
  const record = world.findUser(userId);
  if (record === undefined)
    throw new StandInUsageError(`no user ${userId}: create it with driver.user({ id })`);
  return record;
}

/** The chat an action happens in: the user's private chat, or a group the driver made. */
function chatFor(world: World, userId: number, chatId: number | undefined): number {
  if (chatId === undefined || chatId === userId) return userId;
  if (world.findGroup(chatId) === undefined)
    throw new StandInUsageError(`no group ${chatId}: create it with driver.group({ id })`);
  return chatId;
}

/** Writing to a bot starts it, and un-blocks it when it was blocked (Telegram's "Restart"). */
function engage(world: World, record: UserRecord): void {
  if (record.blocked) setBlocked(world, record.user.id, false);
  record.started = true;
}

function post(
  world: World,
  record: UserRecord,
  content: Omit<TgMessage, 'message_id' | 'from' | 'chat' | 'date'>,
  chatId: number = record.user.id,
): SentMessage {
  // Writing in a group does not start the bot's private chat.
  if (chatId === record.user.id) engage(world, record);
  const stored = world.addMessage(chatId, 'user', content, { from: record.user.id });
  const update = world.queue.push({ kind: 'message', message: structuredClone(stored.message) }, chatId);
  return { updateId: update?.update_id, messageId: stored.message.message_id };
}

function replyTo(
  world: World,
  userId: number,
  replyToId: number | undefined,
): Pick<TgMessage, 'reply_to_message'> {
  if (replyToId === undefined) return {};
  const stored = world.findChat(userId)?.messages.get(replyToId);
  if (stored === undefined || stored.deleted)
    throw new StandInUsageError(`no message ${replyToId} to reply to`);
  const target = structuredClone(stored.message);
  delete target.reply_to_message;
  return { reply_to_message: target };
}

export interface SendTextOptions {
  /** Reply to this message of the chat. */
  replyTo?: number;
  /** Explicit entities (Telegram detects links, @mentions and /commands by itself). */
  entities?: TgMessageEntity[];
  /** Write in this group (driver.group) instead of the private chat. */
  chat?: number;
}

export function sendText(
  world: World,
  userId: number,
  text: string,
  options: SendTextOptions = {},
): SentMessage {
  const record = activeUser(world, userId);
  const chatId = chatFor(world, userId, options.chat);
  const trimmed = trimText({ text, entities: options.entities ?? [] });
  if (trimmed.text === '') throw new StandInUsageError('Telegram does not send an empty message');
  if (characterCount(trimmed.text) > 4096)
    throw new StandInUsageError('a message over 4096 characters is split by the app');
  const entities = detectEntities(trimmed.text, trimmed.entities);
  return post(
    world,
    record,
    {
      text: trimmed.text,
      ...(entities.length > 0 ? { entities } : {}),
      ...replyTo(world, chatId, options.replyTo),
    },
    chatId,
  );
}

/** `/command args`: the text with a bot_command entity over the command, as the apps send it. */
export function sendCommand(world: World, userId: number, command: string, chat?: number): SentMessage {
  const text = command.trim().startsWith('/') ? command.trim() : `/${command.trim()}`;
  const token = /^\/[A-Za-z0-9_]{1,64}(?:@[A-Za-z0-9_]{3,32})?/.exec(text)?.[0];
  if (token === undefined) throw new StandInUsageError(`not a bot command: ${command}`);
  return sendText(world, userId, text, {
    entities: [{ type: 'bot_command', offset: 0, length: token.length }],
    ...(chat === undefined ? {} : { chat }),
  });
}

export interface SendContactOptions {
  /** The user's own number (shared with a request_contact button): carries user_id. */
  own?: boolean;
  firstName?: string;
  lastName?: string;
}

export function sendContact(
  world: World,
  userId: number,
  phone: string,
  options: SendContactOptions = {},
): SentMessage {
  const record = activeUser(world, userId);
  if (phone.trim() === '') throw new StandInUsageError('a contact needs a phone number');
  const contact: TgContact = {
    phone_number: phone.trim(),
    first_name: options.firstName ?? (options.own === true ? record.user.first_name : 'Contact'),
  };
  const lastName = options.lastName ?? (options.own === true ? record.user.last_name : undefined);
  if (lastName !== undefined) contact.last_name = lastName;
  if (options.own === true) contact.user_id = userId;
  return post(world, record, { contact });
}

export interface SendDocumentOptions {
  /** Default: text/csv for a .csv name, else application/octet-stream. */
  mimeType?: string;
  caption?: string;
}

/** Sends a file as a document, as the apps do: the bot gets its file_id and may getFile and download it. */
export function sendDocument(
  world: World,
  userId: number,
  fileName: string,
  content: Buffer | string,
  options: SendDocumentOptions = {},
): SentMessage & { fileId: string } {
  const record = activeUser(world, userId);
  if (fileName.trim() === '') throw new StandInUsageError('a document needs a file name');
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const ids = world.newFileId('document');
  const mime = options.mimeType ?? (/\.csv$/i.test(fileName) ? 'text/csv' : 'application/octet-stream');
  const document: TgFile = { ...ids, file_name: fileName, mime_type: mime, file_size: bytes.length };
  world.files.set(ids.file_id, {
    ...document,
    file_path: `documents/file_${world.files.size}`,
    bytes,
  });
  const caption = options.caption?.trim();
  const sent = post(world, record, {
    document: { ...document },
    ...(caption ? { caption } : {}),
  });
  return { ...sent, fileId: ids.file_id };
}

function findButton(buttons: InlineButtonView[], matcher: ButtonMatcher): InlineButtonView | undefined {
  if (typeof matcher === 'function') return buttons.find(matcher);
  if (matcher instanceof RegExp) return buttons.find((b) => matcher.test(b.text));
  const exact = buttons.find((b) => b.text === matcher);
  if (exact !== undefined) return exact;
  const partial = buttons.filter((b) => b.text.includes(matcher));
  if (partial.length > 1) {
    throw new StandInUsageError(
      `"${matcher}" matches several buttons: ${partial.map((b) => b.text).join(' | ')}`,
    );
  }
  return partial[0];
}

/** Presses an inline button of a bot message, as shown now. */
export function press(
  world: World,
  userId: number,
  messageId: number,
  matcher: ButtonMatcher,
  chat?: number,
): PressedButton {
  activeUser(world, userId);
  const chatId = chatFor(world, userId, chat);
  const view = world.chatView(chatId).find((m) => m.id === messageId);
  if (view === undefined) throw new StandInUsageError(`message ${messageId} is not in chat ${chatId}`);
  const buttons = view.buttons.flat();
  const button = findButton(buttons, matcher);
  if (button === undefined) {
    throw new StandInUsageError(
      `message ${messageId} has no button matching ${String(matcher)}; it has: ${buttons.map((b) => b.text).join(' | ') || 'none'}`,
    );
  }
  if (button.data === undefined)
    throw new StandInUsageError(`"${button.text}" is a URL button, not a callback button`);
  return pressData(world, userId, messageId, button.data, chatId);
}

/**
 * A callback query with any data on a bot message still in the chat, even when the message no
 * longer shows such a button: what an old app or a double tap delivers, for stale-button tests.
 */
export function pressData(
  world: World,
  userId: number,
  messageId: number,
  data: string,
  chat?: number,
): PressedButton {
  const record = activeUser(world, userId);
  const chatId = chatFor(world, userId, chat);
  const stored = world.findChat(chatId)?.messages.get(messageId);
  if (stored === undefined) throw new StandInUsageError(`message ${messageId} is not in chat ${chatId}`);
  if (stored.deleted) throw new StandInUsageError(`message ${messageId} was deleted; its buttons are gone`);
  if (stored.sender !== 'bot') throw new StandInUsageError(`message ${messageId} was written by the user`);
  const id = world.newCallbackId();
  world.callbacks.set(id, {
    id,
    userId,
    chatId,
    messageId,
    data,
    createdAt: world.now(),
    answered: false,
    answer: undefined,
  });
  const update = world.queue.push(
    {
      kind: 'callback_query',
      callback_query: {
        id,
        from: { ...record.user },
        message: structuredClone(stored.message),
        chat_instance: world.chatInstance(chatId),
        data,
      },
    },
    chatId,
  );
  world.changed(chatId);
  return { updateId: update?.update_id, queryId: id };
}

/** Taps a button of the reply keyboard shown now: its text, or the user's contact for request_contact. */
export function pressKeyboard(world: World, userId: number, text: string): SentMessage {
  const record = activeUser(world, userId);
  const chat = world.findChat(userId);
  const keyboard = chat?.keyboard;
  if (chat === undefined || keyboard === undefined)
    throw new StandInUsageError(`user ${userId} has no reply keyboard`);
  const button = keyboard.markup.keyboard.flat().find((b) => b.text === text);
  if (button === undefined) {
    const texts = keyboard.markup.keyboard.flat().map((b) => b.text);
    throw new StandInUsageError(`the reply keyboard has no button "${text}"; it has: ${texts.join(' | ')}`);
  }
  if (keyboard.markup.one_time_keyboard === true) keyboard.hidden = true;
  if (button.request_contact === true) {
    if (record.phone === undefined)
      throw new StandInUsageError(`user ${userId} has no phone: pass phone to driver.user()`);
    return sendContact(world, userId, record.phone, { own: true });
  }
  return sendText(world, userId, button.text);
}

/** Blocking the bot (or restarting it) makes a my_chat_member update, as on Telegram. */
export function setBlocked(world: World, userId: number, blocked: boolean): number | undefined {
  const record = activeUser(world, userId);
  if (record.blocked === blocked) return undefined;
  record.blocked = blocked;
  const bot = {
    id: world.bot.id,
    is_bot: true,
    first_name: world.bot.first_name,
    username: world.bot.username ?? '',
  };
  const member = { status: 'member' as const, user: bot };
  const kicked = { status: 'kicked' as const, user: bot, until_date: 0 };
  const update = world.queue.push(
    {
      kind: 'my_chat_member',
      my_chat_member: {
        chat: world.privateChat(userId),
        from: { ...record.user },
        date: world.nowSeconds(),
        old_chat_member: blocked ? member : kicked,
        new_chat_member: blocked ? kicked : member,
      },
    },
    userId,
  );
  world.changed(userId);
  return update?.update_id;
}
