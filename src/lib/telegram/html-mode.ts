import type { Transformer } from 'grammy';
import { htmlToPlain } from '../html.ts';

/**
 * Every text the bot writes is HTML (src/lib/html.ts): messages and captions go out with `parse_mode: 'HTML'`,
 * and the fields Telegram shows as plain text (button labels, callback answers, command menus) are turned
 * into their visible text here, so no caller has to remember either.
 */

const TEXT_METHODS = new Set(['sendMessage', 'editMessageText']);
const CAPTION_METHODS = new Set([
  'sendPhoto',
  'sendDocument',
  'sendVideo',
  'sendAnimation',
  'sendAudio',
  'sendVoice',
  'editMessageCaption',
  'copyMessage',
]);

type Payload = Record<string, unknown>;

/** The payload of a Bot API call as it goes out in HTML mode (a new object; the caller's is left alone). */
export function toHtmlPayload(method: string, payload: Payload): Payload {
  const out: Payload = { ...payload };
  const unformatted = out['parse_mode'] === undefined;
  if (TEXT_METHODS.has(method) && unformatted && out['entities'] === undefined) out['parse_mode'] = 'HTML';
  if (
    CAPTION_METHODS.has(method) &&
    unformatted &&
    typeof out['caption'] === 'string' &&
    out['caption_entities'] === undefined
  ) {
    out['parse_mode'] = 'HTML';
  }
  if (method === 'sendMediaGroup' && Array.isArray(out['media'])) {
    out['media'] = (out['media'] as Payload[]).map((m) =>
      typeof m['caption'] === 'string' && m['parse_mode'] === undefined && m['caption_entities'] === undefined
        ? { ...m, parse_mode: 'HTML' }
        : m,
    );
  }
  if (method === 'answerCallbackQuery' && typeof out['text'] === 'string')
    out['text'] = htmlToPlain(out['text']);
  if (method === 'setMyCommands' && Array.isArray(out['commands'])) {
    out['commands'] = (out['commands'] as Payload[]).map((c) =>
      typeof c['description'] === 'string' ? { ...c, description: htmlToPlain(c['description']) } : c,
    );
  }
  if (out['reply_markup'] !== undefined) out['reply_markup'] = plainMarkup(out['reply_markup'] as Payload);
  return out;
}

/** Button labels are plain text in Telegram. */
function plainMarkup(markup: Payload): Payload {
  const rows = (key: string): Payload => {
    const keyboard = markup[key];
    if (!Array.isArray(keyboard)) return {};
    return {
      [key]: (keyboard as unknown[][]).map((row) =>
        row.map((button) =>
          typeof button === 'string'
            ? htmlToPlain(button)
            : typeof (button as Payload)['text'] === 'string'
              ? { ...(button as Payload), text: htmlToPlain((button as Payload)['text'] as string) }
              : button,
        ),
      ),
    };
  };
  return { ...markup, ...rows('inline_keyboard'), ...rows('keyboard') };
}

/** grammY transformer putting every call in HTML mode (install on each `Api` the bot sends with). */
export const htmlParseMode: Transformer = (prev, method, payload, signal) =>
  prev(method, toHtmlPayload(method, payload as Payload) as typeof payload, signal);
