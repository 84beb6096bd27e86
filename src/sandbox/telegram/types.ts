// Bot API object shapes the stand-in produces (the subset a private-chat bot sees), and the views
// the driver hands to tests. Field names follow core.telegram.org/bots/api exactly.

export interface TgUser {
  id: number;
  is_bot: boolean;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
}

export interface TgBotUser extends TgUser {
  can_join_groups: boolean;
  can_read_all_group_messages: boolean;
  supports_inline_queries: boolean;
  can_connect_to_business: boolean;
  has_main_web_app: boolean;
}

export type TgChat =
  | {
      id: number;
      type: 'private';
      first_name: string;
      last_name?: string;
      username?: string;
    }
  | { id: number; type: 'group' | 'supergroup'; title: string };

export type TgEntityType =
  | 'mention'
  | 'hashtag'
  | 'cashtag'
  | 'bot_command'
  | 'url'
  | 'email'
  | 'phone_number'
  | 'bold'
  | 'italic'
  | 'underline'
  | 'strikethrough'
  | 'spoiler'
  | 'blockquote'
  | 'expandable_blockquote'
  | 'code'
  | 'pre'
  | 'text_link'
  | 'text_mention'
  | 'custom_emoji';

export interface TgMessageEntity {
  type: TgEntityType;
  offset: number;
  length: number;
  url?: string;
  user?: TgUser;
  language?: string;
  custom_emoji_id?: string;
}

export interface TgInlineKeyboardButton {
  text: string;
  callback_data?: string;
  url?: string;
}

export interface TgInlineKeyboardMarkup {
  inline_keyboard: TgInlineKeyboardButton[][];
}

export interface TgKeyboardButton {
  text: string;
  request_contact?: boolean;
  request_location?: boolean;
}

export interface TgReplyKeyboardMarkup {
  keyboard: TgKeyboardButton[][];
  is_persistent?: boolean;
  resize_keyboard?: boolean;
  one_time_keyboard?: boolean;
  input_field_placeholder?: string;
  selective?: boolean;
}

export interface TgContact {
  phone_number: string;
  first_name: string;
  last_name?: string;
  user_id?: number;
}

export interface TgFile {
  file_id: string;
  file_unique_id: string;
  file_size?: number;
  file_name?: string;
  mime_type?: string;
  width?: number;
  height?: number;
  duration?: number;
}

export interface TgMessage {
  message_id: number;
  from: TgUser;
  chat: TgChat;
  date: number;
  edit_date?: number;
  reply_to_message?: TgMessage;
  text?: string;
  entities?: TgMessageEntity[];
  caption?: string;
  caption_entities?: TgMessageEntity[];
  contact?: TgContact;
  photo?: TgFile[];
  document?: TgFile;
  video?: TgFile;
  animation?: TgFile;
  audio?: TgFile;
  voice?: TgFile;
  sticker?: TgFile & { type: 'regular'; is_animated: boolean; is_video: boolean };
  location?: { latitude: number; longitude: number };
  dice?: { emoji: string; value: number };
  reply_markup?: TgInlineKeyboardMarkup;
}

export interface TgCallbackQuery {
  id: string;
  from: TgUser;
  message: TgMessage;
  chat_instance: string;
  data: string;
}

interface TgChatMember {
  status: 'member' | 'kicked';
  user: TgUser;
  until_date?: number;
}

export interface TgChatMemberUpdated {
  chat: TgChat;
  from: TgUser;
  date: number;
  old_chat_member: TgChatMember;
  new_chat_member: TgChatMember;
}

export interface TgBotCommand {
  command: string;
  description: string;
}

/** The update kinds the stand-in produces (a subset of Update's fields). */
export type UpdateKind = 'message' | 'callback_query' | 'my_chat_member';

export interface TgUpdate {
  update_id: number;
  message?: TgMessage;
  callback_query?: TgCallbackQuery;
  my_chat_member?: TgChatMemberUpdated;
}

// ---- views for tests and the chat page ----

export interface InlineButtonView {
  text: string;
  /** callback_data, when the button is a callback button */
  data?: string;
  url?: string;
}

export interface KeyboardButtonView {
  text: string;
  requestContact: boolean;
  requestLocation: boolean;
}

export interface ReplyKeyboardView {
  rows: KeyboardButtonView[][];
  oneTime: boolean;
  persistent: boolean;
  resize: boolean;
  placeholder?: string;
  /** A one-time keyboard hides after use (Telegram keeps a button to show it again). */
  hidden: boolean;
}

export type ChatMessageKind =
  | 'text'
  | 'contact'
  | 'photo'
  | 'document'
  | 'video'
  | 'animation'
  | 'audio'
  | 'voice'
  | 'sticker'
  | 'location'
  | 'dice';

/** One message of a private chat as the user sees it now. */
export interface ChatMessage {
  id: number;
  from: 'bot' | 'user';
  kind: ChatMessageKind;
  date: number;
  /** The text, or the caption of a media message ('' when none). */
  text: string;
  entities: TgMessageEntity[];
  /** Inline keyboard rows ([] when none). */
  buttons: InlineButtonView[][];
  edited: boolean;
  editDate?: number;
  /** The reply keyboard this message brought up, if any. */
  replyKeyboard?: ReplyKeyboardView;
  /** True when this message carried `remove_keyboard`. */
  removesKeyboard?: boolean;
  contact?: { phoneNumber: string; firstName: string; lastName?: string; userId?: number };
  replyToId?: number;
  /** A media message's file (a photo's largest size); its bytes are at `/_standin/files/<fileId>` when uploaded. */
  file?: { fileId: string; name?: string; mimeType?: string; size?: number; width?: number; height?: number };
}

export interface CallbackAnswerView {
  queryId: string;
  messageId: number;
  data: string;
  /** Whether the bot answered at all (a press the bot never answered stays false). */
  answered: boolean;
  text?: string;
  showAlert: boolean;
  url?: string;
  at: number;
}

export interface RecordedCall {
  /** Canonical method name (e.g. `sendMessage`), whatever case the caller used. */
  method: string;
  /** Parameters as received; `secret_token` is redacted. */
  params: Record<string, unknown>;
  /** Clock time in milliseconds. */
  at: number;
  status: number;
  ok: boolean;
  description?: string;
}

export interface WebhookInfo {
  url: string;
  has_custom_certificate: boolean;
  pending_update_count: number;
  max_connections?: number;
  allowed_updates?: string[];
  last_error_date?: number;
  last_error_message?: string;
}
