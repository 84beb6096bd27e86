import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { StorageAdapter } from 'grammy';
import { redactKeypadData } from '../callback-data/pin-keypad.ts';

// The conversations plugin records every update a conversation waited for and every Bot API answer it got,
// whole: a message with its keyboard, the button's message inside a callback query, names, entities. A replay
// reads only the few fields below, so only those are stored (at most 2 KB per chat in Redis).

type Json = Record<string, unknown>;

/**
 * The collation key of a wait whose typed answer is a secret (a PIN): its text is stored as `*`, a command
 * keeping only its name. The flow hands such a text to `conversation.external` at once and reads only the
 * recorded verdict afterwards, so a replay never needs it. PIN keypad presses are redacted wherever they are.
 */
export const SECRET_WAIT = 'secret';

function redactSecretText(text: unknown): unknown {
  if (typeof text !== 'string') return text;
  return text.startsWith('/') ? (text.split(/\s/)[0] ?? '/') : '*';
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

function slimUser(user: unknown): unknown {
  if (!isObject(user)) return user;
  const out: Json = { id: user.id };
  if (user.language_code !== undefined) out.language_code = user.language_code;
  return out;
}

function slimChat(chat: unknown): unknown {
  return isObject(chat) ? { id: chat.id } : chat;
}

/** A message as a replay reads it: where it is, who sent it, and what a user typed or shared. */
function slimMessage(message: unknown, incoming: boolean): unknown {
  if (!isObject(message)) return message;
  // The flow addresses a message it sent by the chat it is in, so a sent message keeps only its ID.
  if (!incoming) return { message_id: message.message_id };
  const out: Json = { message_id: message.message_id, chat: slimChat(message.chat) };
  if (message.from !== undefined) out.from = slimUser(message.from);
  if (message.text !== undefined) out.text = message.text;
  if (isObject(message.contact)) out.contact = { phone_number: message.contact.phone_number };
  return out;
}

function slimUpdate(update: unknown, secret: boolean): unknown {
  if (!isObject(update)) return update;
  if (isObject(update.message)) {
    const message = slimMessage(update.message, true) as Json;
    if (secret && message.text !== undefined) message.text = redactSecretText(message.text);
    return { message };
  }
  const query = update.callback_query;
  if (isObject(query)) {
    const data = typeof query.data === 'string' ? redactKeypadData(query.data) : query.data;
    const slim: Json = { id: query.id, from: slimUser(query.from), data };
    // The button's message: where it is (the chat of a flow entered by a button), not what it said.
    if (isObject(query.message)) {
      slim.message = { message_id: query.message.message_id, chat: slimChat(query.message.chat) };
    }
    return { callback_query: slim };
  }
  return update;
}

/**
 * A Bot API answer: a sent message keeps its address (the flow edits it later); what any other call answered
 * is never read, so it is kept as `true`. Errors stay as they are.
 */
function slimApiAnswer(method: string, answer: unknown): unknown {
  if (!isObject(answer) || answer.ok !== true || !isObject(answer.res)) return answer;
  const res = answer.res;
  if (res.ok !== true) return answer;
  const result = method === 'sendMessage' ? slimMessage(res.result, false) : true;
  return { ok: true, res: { ok: true, result } };
}

interface Replay {
  send: Array<{ payload: string }>;
  receive: Array<{ send: number; returnValue: unknown }>;
}

function slimReplay(replay: Replay): void {
  for (const entry of replay.receive) {
    const kind = replay.send[entry.send]?.payload;
    if (kind === undefined || kind === 'external') continue;
    entry.returnValue =
      kind === 'wait' || kind === SECRET_WAIT
        ? slimUpdate(entry.returnValue, kind === SECRET_WAIT)
        : slimApiAnswer(kind, entry.returnValue);
  }
}

/** Compacts the plugin's stored conversations (`{ version, state: { [id]: [{ replay, … }] } }`) on write. */
export function compactReplay(value: unknown): unknown {
  if (!isObject(value) || !isObject(value.state)) return value;
  for (const list of Object.values(value.state)) {
    if (!Array.isArray(list)) continue;
    for (const conversation of list as unknown[]) {
      if (isObject(conversation) && isObject(conversation.replay)) {
        const replay = conversation.replay as unknown as Replay;
        if (Array.isArray(replay.send) && Array.isArray(replay.receive)) slimReplay(replay);
      }
    }
  }
  return value;
}

/** How a conversation was stored as text: its compacted JSON, deflated, in base64 (a third more than the bytes). */
interface Packed {
  z: string;
}

/**
 * A replay log's skeleton: the plugin's fields, an update a flow waited for, the Bot API answers a flow gets, a
 * quote's fields. Deflate takes it as a preset dictionary, the history before a stored conversation's first byte,
 * so what every conversation repeats costs a few bytes even in a short one: a flow's first steps are stored in a
 * quarter to a third of the bytes, its quote step in three quarters.
 */
const DICTIONARY = Buffer.from(
  [
    '{"version":[0,7],"state":{"topUp":[{"args":"[{}]","interrupts":[',
    '],"replay":{"send":[{"payload":"wait"},{"payload":"external"},{"payload":"sendMessage"},',
    '{"payload":"answerCallbackQuery"},{"payload":"editMessageText"}],"receive":[',
    '{"send":0,"returnValue":{"message":{"message_id":1,"chat":{"id":7},"from":{"id":7,"language_code":"en"},"text":"/topup"}}},',
    '{"send":1,"returnValue":{"ok":true,"ret":"en"}},',
    '{"send":2,"returnValue":{"ok":true,"ret":{"ok":true,"price":"","currency":"","expiresAt":"","token":"","resellerPrice":""}}},',
    '{"send":3,"returnValue":{"ok":true,"ret":null}},{"send":4,"returnValue":{"ok":true,"ret":[]}},',
    '{"send":5,"returnValue":{"callback_query":{"id":"5","from":{"id":7,"language_code":"en"},"data":"t:","message":{"message_id":2,"chat":{"id":7}}}}},',
    '{"send":6,"returnValue":{"ok":true,"res":{"ok":true,"result":true}}},',
    '{"send":8,"returnValue":{"ok":true,"res":{"ok":true,"result":{"message_id":3}}}}]}}]}}',
  ].join(''),
);

/**
 * The first byte of a conversation stored as bytes (never the first of a text one, which is JSON): which dictionary
 * deflated it. The dictionary above is never changed; another would take the next byte, the old one kept to read.
 */
const PACKED = 0;

/**
 * A small window and little internal memory: a stored conversation is a few KB, and zlib's defaults (a 32 KB
 * window, memLevel 8, 16 KB output chunks, allocated natively on every call) raised the bot's RSS with 1,000
 * conversations from 143 MB to 192 MB after GC (bench 5); with these, 151 MB.
 */
const DEFLATE_OPTIONS = { windowBits: 11, memLevel: 1, chunkSize: 2048, dictionary: DICTIONARY } as const;
const INFLATE_OPTIONS = { windowBits: 11, chunkSize: 4096 } as const;
const INFLATE_PACKED = { ...INFLATE_OPTIONS, dictionary: DICTIONARY } as const;

/** Inflates a value stored as text with the small window, or with zlib's default for one deflated before it was chosen. */
function inflateText(bytes: Buffer): Buffer {
  try {
    return inflateRawSync(bytes, INFLATE_OPTIONS);
  } catch {
    return inflateRawSync(bytes);
  }
}

const isPacked = (value: unknown): value is Packed => isObject(value) && typeof value.z === 'string';

/** The JSON of a conversation as Redis holds it (see compactingAdapter), whichever way it was stored. */
export function storedJson(stored: Buffer): string {
  if (stored[0] === PACKED) return inflateRawSync(stored.subarray(1), INFLATE_PACKED).toString('utf8');
  const text = stored.toString('utf8');
  const value: unknown = JSON.parse(text);
  return isPacked(value) ? inflateText(Buffer.from(value.z, 'base64')).toString('utf8') : text;
}

/**
 * The conversations' storage adapter with every write compacted and deflated, stored as bytes: PACKED, then the
 * JSON deflated with the dictionary. A value stored before as text is read too: deflated (no dictionary) in base64,
 * or plain JSON handed back as it is (its older TOP_UP_VERSION makes the plugin drop it).
 */
export function compactingAdapter<T>(inner: StorageAdapter<Buffer>): StorageAdapter<T> {
  return {
    async read(key) {
      const stored = await inner.read(key);
      return stored === undefined ? undefined : (JSON.parse(storedJson(stored)) as T);
    },
    write: (key, value) =>
      inner.write(
        key,
        Buffer.concat([
          Buffer.of(PACKED),
          deflateRawSync(JSON.stringify(compactReplay(value)), DEFLATE_OPTIONS),
        ]),
      ),
    delete: (key) => inner.delete(key),
  };
}
