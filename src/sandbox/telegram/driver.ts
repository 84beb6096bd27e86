// The in-process test driver: act as any number of users, read each chat as the user sees it, wait
// for the bot, inspect recorded calls, and inject faults.

import {
  press,
  pressData,
  pressKeyboard,
  sendCommand,
  sendContact,
  sendDocument,
  sendText,
  setBlocked,
  type ButtonMatcher,
  type PressedButton,
  type SendContactOptions,
  type SendDocumentOptions,
  type SendTextOptions,
  type SentMessage,
} from './actions.ts';
import { openDeepLink } from './deep-link.ts';
import { commandsForChat, webhookInfo } from './methods.ts';
import type {
  CallbackAnswerView,
  ChatMessage,
  RecordedCall,
  ReplyKeyboardView,
  TgBotCommand,
  TgBotUser,
  TgUpdate,
  TgUser,
  WebhookInfo,
} from './types.ts';
import { StandInUsageError } from './errors.ts';
import { validateFault } from './faults.ts';
import type { FaultSpec, GroupInit, StandInUserInit, UserRecord, World } from './world.ts';

type Truthy<T> = Exclude<T, false | null | undefined | 0 | ''>;

interface WaitOptions {
  /** Default 15 000 ms: generous, for slow machines. */
  timeoutMs?: number;
}

const DEFAULT_WAIT_MS = 15_000;

export interface StandInUser {
  readonly id: number;
  /** The Telegram user as the bot sees it. */
  readonly info: TgUser;
  sendText(text: string, options?: SendTextOptions): SentMessage;
  sendCommand(command: string): SentMessage;
  sendContact(phone: string, options?: SendContactOptions): SentMessage;
  /** Sends a file as a document (a string is sent as UTF-8). */
  sendDocument(
    fileName: string,
    content: Buffer | string,
    options?: SendDocumentOptions,
  ): SentMessage & { fileId: string };
  /** Presses the inline button (exact text, a unique substring, a RegExp or a predicate) of a bot message. */
  press(message: ChatMessage | number, button: ButtonMatcher): PressedButton;
  /** A callback query with any data on a bot message, whether or not it shows that button now. */
  pressData(messageId: number, data: string): PressedButton;
  /** Taps a reply-keyboard button: sends its text, or the own contact for a request_contact button. */
  pressKeyboard(text: string): SentMessage;
  block(): void;
  unblock(): void;
  /** The chat as the user sees it now: deleted messages gone, edits applied. */
  chat(): ChatMessage[];
  lastBotMessage(): ChatMessage | undefined;
  /** The reply keyboard shown now, if any. */
  replyKeyboard(): ReplyKeyboardView | undefined;
  /** The chat action the bot shows now ("typing"…), if any. */
  chatAction(): string | undefined;
  /** Resolves with the probe's first truthy result, re-checked on every change. */
  waitFor<T>(probe: (chat: ChatMessage[]) => T, options?: WaitOptions): Promise<Truthy<T>>;
  /**
   * The first bot message after `options.after` (a message id; default: the last bot message at the
   * time of the call) that satisfies the predicate. Pass `after: sent.messageId` to be immune to a
   * reply that came before the call.
   */
  waitForBotMessage(
    predicate?: (message: ChatMessage) => boolean,
    options?: WaitOptions & { after?: number },
  ): Promise<ChatMessage>;
  callbackAnswers(): CallbackAnswerView[];
  /** Resolves when the bot has answered this callback query. */
  waitForCallbackAnswer(queryId: string, options?: WaitOptions): Promise<CallbackAnswerView>;
  /** The command menu this chat sees (the user's language when none is given). */
  commands(languageCode?: string): TgBotCommand[];
}

type OpenedLink = { user: StandInUser; payload: string; sent: SentMessage };

/** A group with the bot in it: any user (made with driver.user) writes or presses there. */
export interface StandInGroup {
  readonly id: number;
  sendText(userId: number, text: string): SentMessage;
  sendCommand(userId: number, command: string): SentMessage;
  press(userId: number, message: ChatMessage | number, button: ButtonMatcher): PressedButton;
  pressData(userId: number, messageId: number, data: string): PressedButton;
  /** The group's messages as its members see them. */
  chat(): ChatMessage[];
  waitFor: ChatWaits['waitFor'];
  waitForBotMessage: ChatWaits['waitForBotMessage'];
  callbackAnswers(): CallbackAnswerView[];
  waitForCallbackAnswer: ChatWaits['waitForCallbackAnswer'];
}

export interface UserSummary {
  id: number;
  firstName: string;
  lastName?: string;
  username?: string;
  languageCode?: string;
  role?: string;
  phone?: string;
  started: boolean;
  blocked: boolean;
}

export interface StandInDriver {
  readonly bot: TgBotUser;
  /** Creates the user, or updates and returns the existing one. */
  user(init: StandInUserInit): StandInUser;
  /** Creates a group (negative id) the bot is a member of; its members are the driver's users. */
  group(init: GroupInit): StandInGroup;
  users(): UserSummary[];
  /** Opens a link `https://t.me/<bot>?start=<payload>` as the apps do: as `who`, or as someone new (deep-link.ts). */
  openDeepLink(link: string, who?: Partial<StandInUserInit>): OpenedLink;
  /** Recorded Bot API calls, oldest first; only those of one method when given (any case). */
  calls(method?: string): RecordedCall[];
  callCount(method: string): number;
  /** The bytes of a file the bot uploaded (a photo's or a document's `file.fileId`), or undefined. */
  fileBytes(fileId: string): Uint8Array | undefined;
  /** Every update produced so far, confirmed or not. */
  updates(): TgUpdate[];
  pendingUpdateCount(): number;
  /**
   * Sends an already confirmed update again with the same update_id (what Telegram does when a
   * webhook answer is lost); a polling bot gets it if it polls from an older offset.
   */
  redeliver(updateId: number): void;
  /** Whether a getUpdates long poll is waiting now (the bot is polling and idle). */
  isLongPolling(): boolean;
  webhookInfo(): WebhookInfo;
  /** Whether the webhook's secret_token equals this value (the token itself is never exposed). */
  webhookSecretMatches(candidate: string): boolean;
  /** Answers 429 (with retry_after) or 5xx, or drops the connection, for a number of calls and/or a time; see FaultSpec. */
  injectFault(spec: FaultSpec): void;
  clearFaults(): void;
  waitFor<T>(probe: () => T, options?: WaitOptions): Promise<Truthy<T>>;
  waitForCall(
    method: string,
    predicate?: (call: RecordedCall) => boolean,
    options?: WaitOptions,
  ): Promise<RecordedCall>;
}

/** Resolves with the probe's first truthy result, checking on every change and every 20 ms. */
function waitUntil<T>(
  world: World,
  probe: () => T,
  timeoutMs: number,
  describe: () => string,
): Promise<Truthy<T>> {
  return new Promise<Truthy<T>>((resolve, reject) => {
    let settled = false;
    const finish = (): void => {
      settled = true;
      unsubscribe();
      clearInterval(interval);
      clearTimeout(timer);
    };
    const check = (): void => {
      if (settled) return;
      let value: T;
      try {
        value = probe();
      } catch (error) {
        finish();
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      if (value) {
        finish();
        resolve(value as Truthy<T>);
      }
    };
    const unsubscribe = world.onChange(check);
    const interval = setInterval(check, 20);
    const timer = setTimeout(() => {
      if (settled) return;
      finish();
      reject(new Error(`timed out after ${timeoutMs} ms waiting; ${describe()}`));
    }, timeoutMs);
    check();
  });
}

/** Waiting on one chat: used by the private chat of a user and by a group alike. */
interface ChatWaits {
  /** Resolves with the probe's first truthy result, re-checked on every change. */
  waitFor<T>(probe: (chat: ChatMessage[]) => T, options?: WaitOptions): Promise<Truthy<T>>;
  /**
   * The first bot message after `options.after` (a message id; default: the last bot message at the
   * time of the call) that satisfies the predicate.
   */
  waitForBotMessage(
    predicate?: (message: ChatMessage) => boolean,
    options?: WaitOptions & { after?: number },
  ): Promise<ChatMessage>;
  /** Resolves when the bot has answered this callback query. */
  waitForCallbackAnswer(queryId: string, options?: WaitOptions): Promise<CallbackAnswerView>;
}

function chatWaits(world: World, id: number, chat: () => ChatMessage[], where: string): ChatWaits {
  return {
    waitFor: (probe, options) =>
      waitUntil(
        world,
        () => probe(chat()),
        options?.timeoutMs ?? DEFAULT_WAIT_MS,
        () => transcript(chat()),
      ),
    waitForBotMessage(predicate = () => true, options) {
      const after = options?.after ?? chat().reduce((max, m) => (m.from === 'bot' ? m.id : max), 0);
      return waitUntil(
        world,
        () => chat().find((m) => m.from === 'bot' && m.id > after && predicate(m)),
        options?.timeoutMs ?? DEFAULT_WAIT_MS,
        () => `for a new bot message${where} after #${after}; ${transcript(chat())}`,
      );
    },
    waitForCallbackAnswer: (queryId, options) =>
      waitUntil(
        world,
        () => world.callbackAnswers(id).find((a) => a.queryId === queryId && a.answered),
        options?.timeoutMs ?? DEFAULT_WAIT_MS,
        () => `for an answer to callback query ${queryId}`,
      ),
  };
}

function transcript(chat: readonly ChatMessage[]): string {
  if (chat.length === 0) return 'the chat is empty';
  const lines = chat.slice(-12).map((m) => {
    const buttons = m.buttons
      .flat()
      .map((b) => `[${b.text}]`)
      .join(' ');
    return `#${m.id} ${m.from}${m.edited ? ' (edited)' : ''}: ${m.text.replace(/\n/g, ' ⏎ ')}${buttons ? ` ${buttons}` : ''}`;
  });
  return `the chat ends with:\n${lines.join('\n')}`;
}

export function createDriver(world: World): StandInDriver {
  const handles = new Map<number, StandInUser>();

  const handleFor = (id: number): StandInUser => {
    const existing = handles.get(id);
    if (existing !== undefined) return existing;
    const chat = (): ChatMessage[] => world.chatView(id);
    const handle: StandInUser = {
      id,
      get info() {
        return { ...(world.findUser(id)?.user ?? { id, is_bot: false, first_name: '' }) };
      },
      sendText: (text, options) => sendText(world, id, text, options),
      sendCommand: (command) => sendCommand(world, id, command),
      sendContact: (phone, options) => sendContact(world, id, phone, options),
      sendDocument: (fileName, content, options) => sendDocument(world, id, fileName, content, options),
      press: (message, button) =>
        press(world, id, typeof message === 'number' ? message : message.id, button),
      pressData: (messageId, data) => pressData(world, id, messageId, data),
      pressKeyboard: (text) => pressKeyboard(world, id, text),
      block: () => void setBlocked(world, id, true),
      unblock: () => void setBlocked(world, id, false),
      chat,
      lastBotMessage: () =>
        chat()
          .filter((m) => m.from === 'bot')
          .at(-1),
      replyKeyboard: () => world.keyboardView(id),
      chatAction() {
        const record = world.findChat(id);
        return record !== undefined && world.now() < record.actionUntil ? record.action : undefined;
      },
      ...chatWaits(world, id, chat, ''),
      callbackAnswers: () => world.callbackAnswers(id),
      commands: (languageCode) =>
        commandsForChat(world, id, languageCode ?? world.findUser(id)?.user.language_code),
    };
    handles.set(id, handle);
    return handle;
  };

  return {
    get bot() {
      return structuredClone(world.bot);
    },
    fileBytes: (fileId) => {
      // A copy, as a plain Uint8Array: what a test reads cannot change what the chat holds.
      const bytes = world.files.get(fileId)?.bytes;
      return bytes === undefined ? undefined : new Uint8Array(bytes);
    },
    user(init) {
      world.ensureUser(init);
      return handleFor(init.id);
    },
    group(init) {
      const id = world.ensureGroup(init).id;
      const chat = (): ChatMessage[] => world.chatView(id);
      const answers = () => world.callbackAnswers(id);
      return {
        id,
        sendText: (userId, text) => sendText(world, userId, text, { chat: id }),
        sendCommand: (userId, command) => sendCommand(world, userId, command, id),
        press: (userId, message, button) =>
          press(world, userId, typeof message === 'number' ? message : message.id, button, id),
        pressData: (userId, messageId, data) => pressData(world, userId, messageId, data, id),
        chat,
        ...chatWaits(world, id, chat, ` in group ${id}`),
        callbackAnswers: answers,
      };
    },
    users: () => world.users().map(summarise),
    openDeepLink(link, who) {
      const opened = openDeepLink(world, link, who);
      return { user: handleFor(opened.user.user.id), payload: opened.payload, sent: opened.sent };
    },
    calls: (method) =>
      structuredClone(
        method === undefined
          ? world.calls
          : world.calls.filter((c) => c.method.toLowerCase() === method.toLowerCase()),
      ),
    callCount: (method) => world.calls.filter((c) => c.method.toLowerCase() === method.toLowerCase()).length,
    updates: () => structuredClone([...world.queue.history()]),
    pendingUpdateCount: () => world.queue.pending().length,
    isLongPolling: () => world.queue.isLongPolling(),
    redeliver(updateId) {
      if (!world.queue.redeliver(updateId)) {
        throw new StandInUsageError(`update ${updateId} is unknown or not yet confirmed`);
      }
    },
    webhookInfo: () => webhookInfo(world),
    webhookSecretMatches: (candidate) => world.webhook?.secretToken === candidate,
    injectFault(spec) {
      validateFault(spec);
      const now = world.now();
      world.faults.push({
        spec,
        remainingCalls: spec.calls,
        until: spec.forMs === undefined ? undefined : now + spec.forMs,
      });
    },
    clearFaults() {
      world.faults = [];
    },
    waitFor: (probe, options) =>
      waitUntil(world, probe, options?.timeoutMs ?? DEFAULT_WAIT_MS, () => 'for the condition to hold'),
    waitForCall: (method, predicate = () => true, options) =>
      waitUntil(
        world,
        () => world.calls.find((c) => c.method.toLowerCase() === method.toLowerCase() && predicate(c)),
        options?.timeoutMs ?? DEFAULT_WAIT_MS,
        () => `for a ${method} call (${world.calls.length} calls so far)`,
      ).then((call) => structuredClone(call)),
  };
}

export function summarise(record: UserRecord): UserSummary {
  const u = record.user;
  const summary: UserSummary = {
    id: u.id,
    firstName: u.first_name,
    started: record.started,
    blocked: record.blocked,
  };
  if (u.last_name !== undefined) summary.lastName = u.last_name;
  if (u.username !== undefined) summary.username = u.username;
  if (u.language_code !== undefined) summary.languageCode = u.language_code;
  if (record.role !== undefined) summary.role = record.role;
  if (record.phone !== undefined) summary.phone = record.phone;
  return summary;
}
