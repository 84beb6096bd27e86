// Message text as Telegram stores it: parse_mode markup turned into plain text plus entities, the
// entities Telegram finds by itself (links, @mentions, #hashtags, /commands), and the trimming it
// applies. The rules and error texts follow the Bot API server (tdlib's MessageEntity.cpp), so a
// bot that would be refused by Telegram is refused here too.

import { badRequest, type BotApiError } from './errors.ts';
import type { TgEntityType, TgMessageEntity, TgUser } from './types.ts';

export interface FormattedText {
  text: string;
  entities: TgMessageEntity[];
}

type UserResolver = (id: number) => TgUser | undefined;

const parseError = (what: string): BotApiError => badRequest(`can't parse entities: ${what}`);

const PRIORITY: Record<TgEntityType, number> = {
  mention: 50,
  hashtag: 50,
  bot_command: 50,
  url: 50,
  email: 50,
  bold: 90,
  italic: 91,
  code: 20,
  pre: 11,
  text_link: 49,
  text_mention: 49,
  cashtag: 50,
  phone_number: 50,
  underline: 92,
  strikethrough: 93,
  blockquote: 0,
  spoiler: 94,
  custom_emoji: 99,
  expandable_blockquote: 0,
};

function sortEntities(entities: TgMessageEntity[]): TgMessageEntity[] {
  return entities.sort(
    (a, b) => a.offset - b.offset || b.length - a.length || PRIORITY[a.type] - PRIORITY[b.type],
  );
}

const bytesBefore = (text: string, index: number): number => Buffer.byteLength(text.slice(0, index), 'utf8');

// tdlib's is_space; '' stands for the end of the string (a NUL in the C original).
const isSpace = (c: string): boolean =>
  c === ' ' || c === '\t' || c === '\r' || c === '\n' || c === '' || c === '\v';

/** tg://user?id=N links become text mentions; other links are checked and normalised, or dropped. */
function linkEntity(
  url: string,
  offset: number,
  length: number,
  resolveUser: UserResolver | undefined,
): TgMessageEntity | undefined {
  const mention = /^tg:(?:\/\/)?user\?id=(\d{1,15})$/i.exec(url.trim());
  if (mention?.[1] !== undefined) {
    const id = Number(mention[1]);
    const user = resolveUser?.(id) ?? { id, is_bot: false, first_name: '' };
    return { type: 'text_mention', offset, length, user };
  }
  const checked = checkedLink(url);
  return checked === undefined ? undefined : { type: 'text_link', offset, length, url: checked };
}

/** Telegram accepts http(s), tg and ton links and adds http:// when the scheme is missing. */
export function checkedLink(link: string): string | undefined {
  const trimmed = link.trim();
  if (trimmed === '') return undefined;
  if (/^(tg|ton):/i.test(trimmed))
    return trimmed.replace(/^(tg|ton):(\/\/)?/i, (_m, s: string) => `${s.toLowerCase()}://`);
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `http://${trimmed}`;
  try {
    const parsed = new URL(withScheme);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    if (parsed.hostname === '') return undefined;
    return parsed.href;
  } catch {
    return undefined;
  }
}

function decodeHtmlEntity(text: string, pos: number): { code: number; end: number } | undefined {
  let end = pos + 1;
  let code = 0;
  if (text[pos + 1] === '#') {
    end++;
    if (text[pos + 2] === 'x') {
      end++;
      while (end < text.length && /[0-9a-fA-F]/.test(text[end] ?? ''))
        code = code * 16 + parseInt(text[end++] ?? '0', 16);
    } else {
      while (end < text.length && /[0-9]/.test(text[end] ?? '')) code = code * 10 + Number(text[end++]);
    }
    if (code === 0 || code >= 0x10ffff || end - pos >= 10) return undefined;
  } else {
    while (end < text.length && /[A-Za-z]/.test(text[end] ?? '')) end++;
    const name = text.slice(pos + 1, end);
    const named: Record<string, number> = { lt: 0x3c, gt: 0x3e, amp: 0x26, quot: 0x22 };
    const value = named[name];
    if (value === undefined) return undefined;
    code = value;
  }
  return { code, end: text[end] === ';' ? end + 1 : end };
}

const HTML_TAGS = new Set([
  'a',
  'b',
  'strong',
  'i',
  'em',
  's',
  'strike',
  'del',
  'u',
  'ins',
  'tg-spoiler',
  'tg-emoji',
  'tg-time',
  'span',
  'pre',
  'code',
  'blockquote',
]);

/** parse_mode HTML, as the Bot API parses it. */
export function parseHtml(src: string, resolveUser?: UserResolver): FormattedText {
  let out = '';
  const entities: TgMessageEntity[] = [];
  const stack: { tag: string; arg: string; offset: number }[] = [];
  const at = (i: number): string => src[i] ?? '';
  for (let i = 0; i < src.length; i++) {
    const c = at(i);
    if (c === '&') {
      const decoded = decodeHtmlEntity(src, i);
      if (decoded !== undefined) {
        out += String.fromCodePoint(decoded.code);
        i = decoded.end - 1;
        continue;
      }
    }
    if (c !== '<') {
      out += c;
      continue;
    }
    const begin = i++;
    if (at(i) !== '/') {
      while (!isSpace(at(i)) && at(i) !== '>') i++;
      if (at(i) === '') throw parseError(`Unclosed start tag at byte offset ${bytesBefore(src, begin)}`);
      const tag = src.slice(begin + 1, i).toLowerCase();
      if (!HTML_TAGS.has(tag)) {
        throw parseError(`Unsupported start tag "${tag}" at byte offset ${bytesBefore(src, begin)}`);
      }
      let arg = '';
      while (at(i) !== '>') {
        while (at(i) !== '' && isSpace(at(i))) i++;
        if (at(i) === '>') break;
        const attributeBegin = i;
        while (!isSpace(at(i)) && !'=>/"\''.includes(at(i))) i++;
        const attribute = src.slice(attributeBegin, i);
        if (attribute === '') {
          throw parseError(
            `Empty attribute name in the tag "${tag}" at byte offset ${bytesBefore(src, begin)}`,
          );
        }
        while (at(i) !== '' && isSpace(at(i))) i++;
        if (at(i) !== '=') {
          if (at(i) === '')
            throw parseError(`Unclosed start tag "${tag}" at byte offset ${bytesBefore(src, begin)}`);
          if (tag === 'blockquote' && attribute === 'expandable') arg = '1';
          continue;
        }
        i++;
        while (at(i) !== '' && isSpace(at(i))) i++;
        if (at(i) === '')
          throw parseError(`Unclosed start tag "${tag}" at byte offset ${bytesBefore(src, begin)}`);
        let value = '';
        if (at(i) !== "'" && at(i) !== '"') {
          const tokenBegin = i;
          while (/^[A-Za-z0-9.-]$/.test(at(i))) i++;
          value = src.slice(tokenBegin, i).toLowerCase();
          if (!isSpace(at(i)) && at(i) !== '>') {
            throw parseError(`Unexpected end of name token at byte offset ${bytesBefore(src, tokenBegin)}`);
          }
        } else {
          const quote = at(i++);
          while (at(i) !== quote && at(i) !== '') {
            if (at(i) === '&') {
              const decoded = decodeHtmlEntity(src, i);
              if (decoded !== undefined) {
                value += String.fromCodePoint(decoded.code);
                i = decoded.end;
                continue;
              }
            }
            value += at(i++);
          }
          if (at(i) === quote) i++;
        }
        if (at(i) === '') throw parseError(`Unclosed start tag at byte offset ${bytesBefore(src, begin)}`);
        if (tag === 'a' && attribute === 'href') arg = value;
        else if (tag === 'code' && attribute === 'class' && value.startsWith('language-'))
          arg = value.slice(9);
        else if (tag === 'span' && attribute === 'class' && value.startsWith('tg-')) arg = value.slice(3);
        else if (tag === 'tg-emoji' && attribute === 'emoji-id') arg = value;
        else if (tag === 'blockquote' && attribute === 'expandable') arg = '1';
      }
      if (tag === 'span' && arg !== 'spoiler') {
        throw parseError(`Tag "span" must have class "tg-spoiler" at byte offset ${bytesBefore(src, begin)}`);
      }
      stack.push({ tag, arg, offset: out.length });
      continue;
    }
    // an end tag
    const top = stack.at(-1);
    if (top === undefined) throw parseError(`Unexpected end tag at byte offset ${bytesBefore(src, begin)}`);
    while (!isSpace(at(i)) && at(i) !== '>') i++;
    const endTag = src.slice(begin + 2, i).toLowerCase();
    while (at(i) !== '' && isSpace(at(i))) i++;
    if (at(i) !== '>') throw parseError(`Unclosed end tag at byte offset ${bytesBefore(src, begin)}`);
    if (endTag !== '' && endTag !== top.tag) {
      throw parseError(
        `Unmatched end tag at byte offset ${bytesBefore(src, begin)}, expected "</${top.tag}>", found "</${endTag}>"`,
      );
    }
    const offset = top.offset;
    const length = out.length - offset;
    if (length > 0) {
      const last = entities.at(-1);
      switch (top.tag) {
        case 'i':
        case 'em':
          entities.push({ type: 'italic', offset, length });
          break;
        case 'b':
        case 'strong':
          entities.push({ type: 'bold', offset, length });
          break;
        case 's':
        case 'strike':
        case 'del':
          entities.push({ type: 'strikethrough', offset, length });
          break;
        case 'u':
        case 'ins':
          entities.push({ type: 'underline', offset, length });
          break;
        case 'tg-spoiler':
        case 'span':
          entities.push({ type: 'spoiler', offset, length });
          break;
        case 'tg-emoji':
          if (!/^\d{1,19}$/.test(top.arg) || /^0+$/.test(top.arg)) {
            throw badRequest("can't parse entities: Invalid custom emoji identifier specified");
          }
          entities.push({ type: 'custom_emoji', offset, length, custom_emoji_id: top.arg });
          break;
        case 'tg-time':
          break; // a formatted date: kept as plain text here
        case 'a': {
          const entity = linkEntity(
            top.arg === '' ? out.slice(offset) : top.arg,
            offset,
            length,
            resolveUser,
          );
          if (entity !== undefined) entities.push(entity);
          break;
        }
        case 'pre':
          if (last?.type === 'code' && last.offset === offset && last.length === length && last.language) {
            last.type = 'pre';
          } else {
            entities.push({ type: 'pre', offset, length });
          }
          break;
        case 'code':
          if (last?.type === 'pre' && last.offset === offset && last.length === length && top.arg !== '') {
            last.language = top.arg;
          } else {
            entities.push({ type: 'code', offset, length, ...(top.arg === '' ? {} : { language: top.arg }) });
          }
          break;
        case 'blockquote':
          entities.push({ type: top.arg === '' ? 'blockquote' : 'expandable_blockquote', offset, length });
          break;
        default:
          break;
      }
    }
    stack.pop();
  }
  const open = stack.at(-1);
  if (open !== undefined) throw parseError(`Can't find end tag corresponding to start tag "${open.tag}"`);
  for (const entity of entities) if (entity.type === 'code') delete entity.language;
  return { text: out, entities: sortEntities(entities) };
}

type MdType =
  | 'Bold'
  | 'Italic'
  | 'Underline'
  | 'Strikethrough'
  | 'Spoiler'
  | 'Code'
  | 'Pre'
  | 'PreCode'
  | 'TextUrl'
  | 'CustomEmoji'
  | 'BlockQuote';

const MD_ENTITY: Partial<Record<MdType, TgEntityType>> = {
  Bold: 'bold',
  Italic: 'italic',
  Underline: 'underline',
  Strikethrough: 'strikethrough',
  Spoiler: 'spoiler',
  Code: 'code',
  Pre: 'pre',
  PreCode: 'pre',
};

/** parse_mode MarkdownV2, as the Bot API parses it. */
export function parseMarkdownV2(src: string, resolveUser?: UserResolver): FormattedText {
  let out = '';
  const entities: TgMessageEntity[] = [];
  const stack: { type: MdType; arg: string; offset: number; byteOffset: number; beginOut: number }[] = [];
  const at = (i: number): string => src[i] ?? '';
  const reserved = (c: string): string =>
    `Character '${c}' is reserved and must be escaped with the preceding '\\'`;
  let haveBlockquote = false;
  let canStartBlockquote = true;
  for (let i = 0; i < src.length; i++) {
    const c = at(i);
    const next = at(i + 1);
    if (c === '\\' && next !== '' && next.charCodeAt(0) <= 126) {
      i++;
      out += next;
      if (next !== '\r') canStartBlockquote = next === '\n';
      continue;
    }
    const top = stack.at(-1);
    const reservedCharacters =
      top?.type === 'Code' || top?.type === 'Pre' || top?.type === 'PreCode' ? '`' : '_*[]()~`>#+-=|{}.!\n';
    if (!reservedCharacters.includes(c)) {
      out += c;
      if (c !== '\r') canStartBlockquote = false;
      continue;
    }
    const isEnd = ((): boolean => {
      if (top === undefined) return false;
      if (haveBlockquote && c === '\n' && (i + 1 === src.length || next !== '>')) return true;
      switch (top.type) {
        case 'Bold':
          return c === '*';
        case 'Italic':
          return c === '_' && next !== '_';
        case 'Code':
          return c === '`';
        case 'Pre':
        case 'PreCode':
          return c === '`' && next === '`' && at(i + 2) === '`';
        case 'TextUrl':
        case 'CustomEmoji':
          return c === ']';
        case 'Underline':
          return c === '_' && next === '_';
        case 'Strikethrough':
          return c === '~';
        case 'Spoiler':
          return c === '|' && next === '|';
        case 'BlockQuote':
          return false;
      }
    })();
    if (!isEnd) {
      const byteOffset = bytesBefore(src, i);
      let type: MdType | undefined;
      let arg = '';
      switch (c) {
        case '_':
          if (next === '_') {
            type = 'Underline';
            i++;
          } else {
            type = 'Italic';
          }
          break;
        case '*':
          type = 'Bold';
          break;
        case '~':
          type = 'Strikethrough';
          break;
        case '|':
          if (next !== '|') throw parseError(reserved(c));
          i++;
          type = 'Spoiler';
          break;
        case '[':
          type = 'TextUrl';
          break;
        case '`':
          if (next === '`' && at(i + 2) === '`') {
            i += 3;
            type = 'Pre';
            let languageEnd = i;
            while (!isSpace(at(languageEnd)) && at(languageEnd) !== '`') languageEnd++;
            if (i !== languageEnd && languageEnd < src.length && at(languageEnd) !== '`') {
              type = 'PreCode';
              arg = src.slice(i, languageEnd);
              i = languageEnd;
            }
            if (at(i) === '\n' || at(i) === '\r') {
              if ((at(i + 1) === '\n' || at(i + 1) === '\r') && at(i) !== at(i + 1)) i += 2;
              else i++;
            }
            i--;
          } else {
            type = 'Code';
          }
          break;
        case '!':
          if (next !== '[') throw parseError(reserved(c));
          i++;
          type = 'CustomEmoji';
          break;
        case '\n':
          out += '\n';
          canStartBlockquote = true;
          break;
        case '>':
          if (!canStartBlockquote) throw parseError(reserved(c));
          if (!haveBlockquote) {
            type = 'BlockQuote';
            haveBlockquote = true;
          }
          break;
        default:
          throw parseError(reserved(c));
      }
      if (type !== undefined) stack.push({ type, arg, offset: out.length, byteOffset, beginOut: out.length });
      continue;
    }
    // the end of an entity
    let entry = top;
    if (entry === undefined) continue;
    let type: MdType | 'ExpandableBlockQuote' = entry.type;
    if (c === '\n' && type !== 'BlockQuote') {
      const spoilerJustBefore =
        type === 'Spoiler' &&
        (entry.byteOffset === bytesBefore(src, i) - 2 ||
          (entry.byteOffset === bytesBefore(src, i) - 3 && out.endsWith('\r')));
      if (!spoilerJustBefore)
        throw parseError(`Can't find end of ${type} entity at byte offset ${entry.byteOffset}`);
      stack.pop();
      entry = stack.at(-1);
      if (entry?.type !== 'BlockQuote') {
        const open = entry ?? { type: 'Spoiler', byteOffset: 0 };
        throw parseError(`Can't find end of ${open.type} entity at byte offset ${open.byteOffset}`);
      }
      type = 'ExpandableBlockQuote';
    }
    let skip = out.length === entry.offset;
    let entity: TgMessageEntity | undefined;
    switch (type) {
      case 'Bold':
      case 'Italic':
      case 'Code':
      case 'Strikethrough':
        break;
      case 'Underline':
      case 'Spoiler':
        i++;
        break;
      case 'Pre':
      case 'PreCode':
        i += 2;
        break;
      case 'TextUrl': {
        let url = '';
        if (at(i + 1) !== '(') {
          url = out.slice(entry.beginOut);
        } else {
          i += 2;
          const urlBegin = i;
          while (i < src.length && at(i) !== ')') {
            if (at(i) === '\\' && at(i + 1) !== '' && at(i + 1).charCodeAt(0) <= 126) {
              url += at(i + 1);
              i += 2;
              continue;
            }
            url += at(i++);
          }
          if (at(i) !== ')')
            throw parseError(`Can't find end of a URL at byte offset ${bytesBefore(src, urlBegin)}`);
        }
        entity = linkEntity(url, entry.offset, out.length - entry.offset, resolveUser);
        if (entity === undefined) skip = true;
        break;
      }
      case 'CustomEmoji': {
        if (at(i + 1) !== '(') throw parseError('The entity must contain a tg://emoji or tg://time URL');
        i += 2;
        let url = '';
        const urlBegin = i;
        while (i < src.length && at(i) !== ')') url += at(i++);
        if (at(i) !== ')')
          throw parseError(`Can't find end of a URL at byte offset ${bytesBefore(src, urlBegin)}`);
        const id = /^tg:\/\/emoji\?id=(\d{1,19})$/.exec(url)?.[1];
        if (id === undefined) throw parseError('Invalid tg://emoji or tg://time URL specified');
        entity = {
          type: 'custom_emoji',
          offset: entry.offset,
          length: out.length - entry.offset,
          custom_emoji_id: id,
        };
        break;
      }
      case 'BlockQuote':
      case 'ExpandableBlockQuote':
        haveBlockquote = false;
        out += c;
        canStartBlockquote = true;
        skip = false;
        entity = {
          type: type === 'BlockQuote' ? 'blockquote' : 'expandable_blockquote',
          offset: entry.offset,
          length: out.length - entry.offset,
        };
        break;
    }
    if (!skip) {
      const simple = type === 'ExpandableBlockQuote' ? undefined : MD_ENTITY[type];
      if (entity !== undefined) entities.push(entity);
      else if (simple !== undefined) {
        entities.push({
          type: simple,
          offset: entry.offset,
          length: out.length - entry.offset,
          ...(type === 'PreCode' ? { language: entry.arg } : {}),
        });
      }
    }
    stack.pop();
  }
  if (haveBlockquote) {
    let type: TgEntityType = 'blockquote';
    const top = stack.at(-1);
    if (top?.type === 'Spoiler' && top.byteOffset === Buffer.byteLength(src, 'utf8') - 2) {
      stack.pop();
      type = 'expandable_blockquote';
    }
    const quote = stack.at(-1);
    if (quote?.type === 'BlockQuote') {
      if (out.length > quote.offset)
        entities.push({ type, offset: quote.offset, length: out.length - quote.offset });
      stack.pop();
    }
  }
  const open = stack.at(-1);
  if (open !== undefined)
    throw parseError(`Can't find end of ${open.type} entity at byte offset ${open.byteOffset}`);
  return { text: out, entities: sortEntities(entities) };
}

/** The legacy parse_mode Markdown. */
export function parseMarkdown(src: string, resolveUser?: UserResolver): FormattedText {
  let out = '';
  const entities: TgMessageEntity[] = [];
  const at = (i: number): string => src[i] ?? '';
  for (let i = 0; i < src.length; i++) {
    const c = at(i);
    if (c === '\\' && '_*`['.includes(at(i + 1)) && at(i + 1) !== '') {
      out += at(++i);
      continue;
    }
    if (!'_*`['.includes(c)) {
      out += c;
      continue;
    }
    const begin = i;
    const endCharacter = c === '[' ? ']' : c;
    let isPre = false;
    i++;
    let language = '';
    if (c === '`' && at(i) === '`' && at(i + 1) === '`') {
      i += 2;
      isPre = true;
      let languageEnd = i;
      while (!isSpace(at(languageEnd)) && at(languageEnd) !== '`') languageEnd++;
      if (i !== languageEnd && languageEnd < src.length && at(languageEnd) !== '`') {
        language = src.slice(i, languageEnd);
        i = languageEnd;
      }
      if (at(i) === '\n' || at(i) === '\r') {
        if ((at(i + 1) === '\n' || at(i + 1) === '\r') && at(i) !== at(i + 1)) i += 2;
        else i++;
      }
    }
    const offset = out.length;
    while (
      i < src.length &&
      (at(i) !== endCharacter || (isPre && !(at(i + 1) === '`' && at(i + 2) === '`')))
    ) {
      out += at(i++);
    }
    if (i >= src.length) {
      throw parseError(`Can't find end of the entity starting at byte offset ${bytesBefore(src, begin)}`);
    }
    const length = out.length - offset;
    if (length > 0) {
      switch (c) {
        case '_':
          entities.push({ type: 'italic', offset, length });
          break;
        case '*':
          entities.push({ type: 'bold', offset, length });
          break;
        case '[': {
          let url = '';
          if (at(i + 1) !== '(') {
            url = src.slice(begin + 1, i);
          } else {
            i += 2;
            while (i < src.length && at(i) !== ')') url += at(i++);
          }
          const entity = linkEntity(url, offset, length, resolveUser);
          if (entity !== undefined) entities.push(entity);
          break;
        }
        default:
          entities.push(
            isPre
              ? { type: 'pre', offset, length, ...(language === '' ? {} : { language }) }
              : { type: 'code', offset, length },
          );
      }
    }
    if (isPre) i += 2;
  }
  return { text: out, entities: sortEntities(entities) };
}

// Entities Telegram finds in any text by itself. A simplified finder: scheme links (bare domains are
// not detected here), e-mail addresses, @mentions, #hashtags, $CASHTAGS and /bot_commands.
const AUTO_PATTERNS: { type: TgEntityType; re: RegExp }[] = [
  { type: 'url', re: /\b(?:https?|ftp|tg):\/\/[^\s<>"]+/giu },
  { type: 'email', re: /\b[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b/gu },
  { type: 'mention', re: /(?<![\p{L}\p{N}_@])@[A-Za-z0-9_]{3,32}(?![\p{L}\p{N}_])/gu },
  { type: 'hashtag', re: /(?<![\p{L}\p{N}_#])#[\p{L}\p{N}_]*[\p{L}_][\p{L}\p{N}_]*/gu },
  { type: 'cashtag', re: /(?<![\p{L}\p{N}_$])\$[A-Z]{3,8}(?![\p{L}\p{N}_])/gu },
  {
    type: 'bot_command',
    re: /(?<![\p{L}\p{N}_/<>])\/[A-Za-z0-9_]{1,64}(?:@[A-Za-z0-9_]{3,32})?(?![\p{L}\p{N}_/<>])/gu,
  },
];

const BLOCKING: ReadonlySet<TgEntityType> = new Set<TgEntityType>([
  'code',
  'pre',
  'text_link',
  'text_mention',
  'custom_emoji',
  'url',
  'email',
  'mention',
  'hashtag',
  'cashtag',
  'bot_command',
]);

/** Adds the entities Telegram detects by itself, where no explicit entity of a blocking type is. */
export function detectEntities(text: string, entities: TgMessageEntity[]): TgMessageEntity[] {
  const found: TgMessageEntity[] = [];
  const taken = (start: number, end: number): boolean =>
    [...entities, ...found].some(
      (e) => BLOCKING.has(e.type) && start < e.offset + e.length && e.offset < end,
    );
  for (const { type, re } of AUTO_PATTERNS) {
    for (const match of text.matchAll(re)) {
      let value = match[0];
      if (type === 'url') value = value.replace(/[.,;:!?'")\]]+$/u, '');
      const start = match.index;
      const end = start + value.length;
      if (value.length > 1 && !taken(start, end)) found.push({ type, offset: start, length: value.length });
    }
  }
  return sortEntities([...entities, ...found]);
}

/** Entities that format text and may sit inside (almost) any other (the Bot API's nesting rules). */
const STYLES = new Set<TgEntityType>(['bold', 'italic', 'underline', 'strikethrough', 'spoiler']);
const QUOTES = new Set<TgEntityType>(['blockquote', 'expandable_blockquote']);

/**
 * The Bot API's nesting rules, applied as Telegram applies them (by dropping, not refusing): nothing inside
 * `code` or `pre`; a blockquote never inside another; other entities (links, mentions, custom emoji) never
 * inside each other. Styles may nest anywhere else, and anything may sit inside a blockquote or a style.
 */
function nestingRules(entities: TgMessageEntity[]): TgMessageEntity[] {
  const kept: TgMessageEntity[] = [];
  for (const entity of sortEntities([...entities])) {
    const inside = kept.filter(
      (outer) =>
        outer.offset <= entity.offset && entity.offset + entity.length <= outer.offset + outer.length,
    );
    const dropped = inside.some((outer) => {
      if (outer.type === 'code' || outer.type === 'pre') return true;
      if (QUOTES.has(outer.type)) return QUOTES.has(entity.type);
      if (STYLES.has(outer.type) || STYLES.has(entity.type) || QUOTES.has(entity.type)) return false;
      return true;
    });
    if (!dropped) kept.push(entity);
  }
  return kept;
}

/**
 * Telegram's trimming: trailing whitespace always, leading spaces and newlines up to the first
 * entity. Entities are clipped to the text that remains.
 */
export function trimText(input: FormattedText): FormattedText {
  let end = input.text.length;
  while (end > 0 && /\s/u.test(input.text[end - 1] ?? '')) end--;
  const clipped = input.entities
    .filter((e) => e.offset < end)
    .map((e) => (e.offset + e.length > end ? { ...e, length: end - e.offset } : e));
  const firstEntity = clipped.length === 0 ? end : Math.min(...clipped.map((e) => e.offset));
  let start = 0;
  while (start < firstEntity && (input.text[start] === ' ' || input.text[start] === '\n')) start++;
  return {
    text: input.text.slice(start, end),
    entities: sortEntities(clipped.map((e) => ({ ...e, offset: e.offset - start }))),
  };
}

const ENTITY_TYPES = new Set<string>(Object.keys(PRIORITY));

/** Explicit `entities` sent instead of a parse_mode. */
function readExplicitEntities(
  value: unknown,
  textLength: number,
  resolveUser?: UserResolver,
): TgMessageEntity[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw badRequest('entities must be an Array');
  const out: TgMessageEntity[] = [];
  for (const raw of value) {
    if (typeof raw !== 'object' || raw === null)
      throw badRequest("can't parse MessageEntity: expected an Object");
    const item = raw as Record<string, unknown>;
    const type = item['type'];
    const offset = Number(item['offset']);
    const length = Number(item['length']);
    if (typeof type !== 'string' || !ENTITY_TYPES.has(type)) {
      throw badRequest("can't parse MessageEntity: Unsupported type specified");
    }
    if (!Number.isInteger(offset) || !Number.isInteger(length) || offset < 0 || length <= 0) continue;
    if (offset + length > textLength) continue;
    const entity: TgMessageEntity = { type: type as TgEntityType, offset, length };
    if (type === 'text_link') {
      const url = checkedLink(String(item['url'] ?? ''));
      if (url === undefined) continue;
      entity.url = url;
    }
    if (type === 'pre' && typeof item['language'] === 'string' && item['language'] !== '') {
      entity.language = item['language'];
    }
    if (type === 'text_mention') {
      const user = item['user'] as { id?: unknown } | undefined;
      const id = Number(user?.id);
      if (!Number.isInteger(id)) continue;
      entity.user = resolveUser?.(id) ?? { id, is_bot: false, first_name: '' };
    }
    if (type === 'custom_emoji') entity.custom_emoji_id = String(item['custom_emoji_id'] ?? '');
    out.push(entity);
  }
  return sortEntities(out);
}

export interface FormatInput {
  text: string | undefined;
  parseMode: string | undefined;
  entities: unknown;
  resolveUser?: UserResolver;
}

/**
 * Text as Telegram stores it, or the Bot API's error. `emptyError` names what was empty
 * ("message text is empty"); captions may be empty.
 */
export function formatText(input: FormatInput, allowEmpty: boolean): FormattedText {
  const raw = input.text ?? '';
  if (raw === '') {
    if (allowEmpty) return { text: '', entities: [] };
    throw badRequest('message text is empty');
  }
  if (raw.length > 1 << 15) throw badRequest('text is too long');
  const mode = (input.parseMode ?? '').toLowerCase();
  let parsed: FormattedText;
  if (mode === '' || mode === 'none') {
    parsed = { text: raw, entities: readExplicitEntities(input.entities, raw.length, input.resolveUser) };
  } else if (mode === 'html') {
    parsed = parseHtml(raw, input.resolveUser);
  } else if (mode === 'markdownv2') {
    parsed = parseMarkdownV2(raw, input.resolveUser);
  } else if (mode === 'markdown') {
    parsed = parseMarkdown(raw, input.resolveUser);
  } else {
    throw badRequest('unsupported parse_mode');
  }
  const trimmed = trimText({ text: parsed.text, entities: nestingRules(parsed.entities) });
  if (trimmed.text === '') {
    if (allowEmpty) return { text: '', entities: [] };
    throw badRequest('message text is empty');
  }
  return { text: trimmed.text, entities: detectEntities(trimmed.text, trimmed.entities) };
}

/** Length as Telegram counts it for the 4096/1024 limits: Unicode characters. */
export const characterCount = (text: string): number => [...text].length;
