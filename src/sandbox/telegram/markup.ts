// reply_markup as the Bot API reads it: an inline keyboard, a reply keyboard, a keyboard removal or a
// force-reply, with the same refusals (BUTTON_DATA_INVALID for callback_data over 64 bytes, text
// buttons in an inline keyboard, "inline keyboard expected" for edits).

import { badRequest } from './errors.ts';
import { checkedLink } from './formatting.ts';
import type {
  InlineButtonView,
  KeyboardButtonView,
  ReplyKeyboardView,
  TgInlineKeyboardButton,
  TgInlineKeyboardMarkup,
  TgKeyboardButton,
  TgReplyKeyboardMarkup,
} from './types.ts';

export type Markup =
  | { kind: 'inline'; markup: TgInlineKeyboardMarkup }
  | { kind: 'keyboard'; markup: TgReplyKeyboardMarkup }
  | { kind: 'remove' }
  | { kind: 'force_reply'; placeholder?: string };

const MAX_CALLBACK_DATA_BYTES = 64;
const MAX_BUTTONS = 100;

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

function stringField(object: Record<string, unknown>, name: string, required: boolean): string | undefined {
  const value = object[name];
  if (value === undefined || value === null) {
    if (required) throw new FieldError(`Can't find field "${name}"`);
    return undefined;
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  throw new FieldError(`Field "${name}" must be of type String`);
}

const boolField = (object: Record<string, unknown>, name: string): boolean => {
  const value = object[name];
  return value === true || value === 'true' || value === 1;
};

class FieldError extends Error {
  readonly kind = 'field' as const;
}

function readKeyboardButton(raw: unknown): TgKeyboardButton {
  if (typeof raw === 'string') return { text: raw };
  const object = asRecord(raw);
  if (object === undefined) throw new FieldError('KeyboardButton must be a String or an Object');
  const text = stringField(object, 'text', true) ?? '';
  const button: TgKeyboardButton = { text };
  if (boolField(object, 'request_contact')) button.request_contact = true;
  if (boolField(object, 'request_location')) button.request_location = true;
  return button;
}

function readInlineButton(raw: unknown): TgInlineKeyboardButton {
  const object = asRecord(raw);
  if (object === undefined) throw new FieldError('InlineKeyboardButton must be an Object');
  const text = stringField(object, 'text', true) ?? '';
  const url = stringField(object, 'url', false);
  if (url !== undefined && url !== '') return { text, url };
  const data = stringField(object, 'callback_data', false);
  if (data !== undefined && data !== '') return { text, callback_data: data };
  for (const other of [
    'callback_game',
    'pay',
    'switch_inline_query',
    'switch_inline_query_current_chat',
    'switch_inline_query_chosen_chat',
    'web_app',
    'login_url',
    'copy_text',
  ]) {
    // Accepted by Telegram but of no use in this stand-in's private chats: kept as a plain button.
    if (object[other] !== undefined) return { text };
  }
  throw new FieldError('Text buttons are unallowed in the inline keyboard');
}

function readRows<T>(
  value: unknown,
  field: string,
  read: (raw: unknown) => T,
  what: string,
  arrayError: string,
): T[][] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw badRequest(`field "${field}" must be of type Array`);
  return value.map((row) => {
    if (!Array.isArray(row)) throw badRequest(arrayError);
    return row.map((button) => {
      try {
        return read(button);
      } catch (error) {
        if (error instanceof FieldError) throw badRequest(`can't parse ${what}: ${error.message}`);
        throw error;
      }
    });
  });
}

/** Reads reply_markup; undefined when absent or empty (which, in an edit, removes the keyboard). */
export function readReplyMarkup(value: unknown, inlineOnly: boolean): Markup | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const object = asRecord(value);
  if (object === undefined) throw badRequest('object expected as reply markup');
  const keyboard = readRows(
    object['keyboard'],
    'keyboard',
    readKeyboardButton,
    'keyboard button',
    'Field "keyboard" must be an Array of Arrays',
  );
  const inline = readRows(
    object['inline_keyboard'],
    'inline_keyboard',
    readInlineButton,
    'inline keyboard button',
    'Field "inline_keyboard" of the InlineKeyboardMarkup must be an Array of Arrays',
  );
  let markup: Markup | undefined;
  if (keyboard.length > 0) {
    const result: TgReplyKeyboardMarkup = { keyboard };
    if (boolField(object, 'is_persistent')) result.is_persistent = true;
    if (boolField(object, 'resize_keyboard')) result.resize_keyboard = true;
    if (boolField(object, 'one_time_keyboard')) result.one_time_keyboard = true;
    if (boolField(object, 'selective')) result.selective = true;
    const placeholder = object['input_field_placeholder'];
    if (typeof placeholder === 'string' && placeholder !== '') result.input_field_placeholder = placeholder;
    markup = { kind: 'keyboard', markup: result };
  } else if (inline.length > 0) {
    markup = { kind: 'inline', markup: { inline_keyboard: inline } };
  } else if (boolField(object, 'remove_keyboard') || boolField(object, 'hide_keyboard')) {
    markup = { kind: 'remove' };
  } else if (boolField(object, 'force_reply')) {
    const placeholder = object['input_field_placeholder'];
    markup = { kind: 'force_reply', ...(typeof placeholder === 'string' ? { placeholder } : {}) };
  }
  if (markup === undefined) return undefined;
  if (inlineOnly && markup.kind !== 'inline') throw badRequest('inline keyboard expected');
  validate(markup);
  return markup;
}

function validate(markup: Markup): void {
  if (markup.kind === 'keyboard') {
    if (markup.markup.keyboard.flat().length > MAX_BUTTONS * 3) throw badRequest('reply markup is too long');
    for (const button of markup.markup.keyboard.flat()) {
      if (button.text === '') throw badRequest('keyboard button text must be non-empty');
    }
  }
  if (markup.kind === 'inline') {
    const buttons = markup.markup.inline_keyboard.flat();
    if (buttons.length > MAX_BUTTONS) throw badRequest('reply markup is too long');
    for (const button of buttons) {
      if (button.text === '') throw badRequest('inline keyboard button text must be non-empty');
      if (
        button.callback_data !== undefined &&
        Buffer.byteLength(button.callback_data, 'utf8') > MAX_CALLBACK_DATA_BYTES
      ) {
        throw badRequest('BUTTON_DATA_INVALID');
      }
      if (button.url !== undefined) {
        const checked = checkedLink(button.url);
        if (checked === undefined && !/^tg:\/\//i.test(button.url)) throw badRequest('BUTTON_URL_INVALID');
        if (checked !== undefined) button.url = checked;
      }
    }
  }
}

export const inlineButtonsView = (markup: TgInlineKeyboardMarkup | undefined): InlineButtonView[][] =>
  (markup?.inline_keyboard ?? []).map((row) =>
    row.map((button) => ({
      text: button.text,
      ...(button.callback_data !== undefined ? { data: button.callback_data } : {}),
      ...(button.url !== undefined ? { url: button.url } : {}),
    })),
  );

export const replyKeyboardView = (markup: TgReplyKeyboardMarkup): ReplyKeyboardView => ({
  rows: markup.keyboard.map((row) =>
    row.map((button): KeyboardButtonView => ({
      text: button.text,
      requestContact: button.request_contact === true,
      requestLocation: button.request_location === true,
    })),
  ),
  oneTime: markup.one_time_keyboard === true,
  persistent: markup.is_persistent === true,
  resize: markup.resize_keyboard === true,
  ...(markup.input_field_placeholder !== undefined ? { placeholder: markup.input_field_placeholder } : {}),
  hidden: false,
});
