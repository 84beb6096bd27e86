import { describe, expect, it } from 'vitest';
import { BotApiError } from '../../../src/sandbox/telegram/errors.ts';
import {
  checkedLink,
  detectEntities,
  formatText,
  parseHtml,
  parseMarkdown,
  parseMarkdownV2,
  trimText,
} from '../../../src/sandbox/telegram/formatting.ts';

const refusal = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof BotApiError) return `${error.errorCode} ${error.description}`;
    throw error;
  }
  throw new Error('expected a Bot API refusal');
};

describe('parse_mode HTML', () => {
  it('turns <b>, <i>, <code> and <a> into plain text with entities at UTF-16 offsets', () => {
    const out = parseHtml(
      '<b>Top-up</b> to <code>+234 803</code> — <i>ok</i> <a href="https://example.com/x">link</a>',
    );
    expect(out.text).toBe('Top-up to +234 803 — ok link');
    expect(out.entities).toEqual([
      { type: 'bold', offset: 0, length: 6 },
      { type: 'code', offset: 10, length: 8 },
      { type: 'italic', offset: 21, length: 2 },
      { type: 'text_link', offset: 24, length: 4, url: 'https://example.com/x' },
    ]);
  });

  it('counts emoji as two UTF-16 units and decodes the four named and numeric entities', () => {
    const out = parseHtml('✅ <b>💰 5&lt;6 &amp; &#x41;&#66;</b> &nbsp;');
    expect(out.text).toBe('✅ 💰 5<6 & AB &nbsp;');
    expect(out.entities).toEqual([{ type: 'bold', offset: 2, length: 11 }]);
  });

  it('nests tags, merges <pre><code class="language-x"> into one pre entity and drops empty tags', () => {
    const out = parseHtml('<b>a<i>b</i></b><i></i>\n<pre><code class="language-ts">let x</code></pre>');
    expect(out.text).toBe('ab\nlet x');
    expect(out.entities).toEqual([
      { type: 'bold', offset: 0, length: 2 },
      { type: 'italic', offset: 1, length: 1 },
      { type: 'pre', offset: 3, length: 5, language: 'ts' },
    ]);
  });

  it('refuses what Telegram refuses, with its words and byte offsets', () => {
    expect(
      refusal(() => formatText({ text: 'x <div>y</div>', parseMode: 'HTML', entities: undefined }, false)),
    ).toBe('400 Bad Request: can\'t parse entities: Unsupported start tag "div" at byte offset 2');
    expect(refusal(() => parseHtml('é <b>open'))).toBe(
      '400 Bad Request: can\'t parse entities: Can\'t find end tag corresponding to start tag "b"',
    );
    expect(refusal(() => parseHtml('<b>x</i>'))).toBe(
      '400 Bad Request: can\'t parse entities: Unmatched end tag at byte offset 4, expected "</b>", found "</i>"',
    );
    expect(refusal(() => parseHtml('x</b>'))).toBe(
      "400 Bad Request: can't parse entities: Unexpected end tag at byte offset 1",
    );
  });
});

describe('parse_mode HTML: what a bot must escape, and the nesting rules', () => {
  const html = (text: string) => formatText({ text, parseMode: 'HTML', entities: undefined }, false);

  it('refuses a bare < (an operator "A<T", a note with <b>) and reads escaped text as typed', () => {
    expect(refusal(() => html('Operator A<T here'))).toBe(
      '400 Bad Request: can\'t parse entities: Unsupported start tag "t" at byte offset 10',
    );
    expect(refusal(() => html('note: 5 < 6'))).toBe(
      '400 Bad Request: can\'t parse entities: Unsupported start tag "" at byte offset 8',
    );
    expect(refusal(() => html('a <b>bold'))).toBe(
      '400 Bad Request: can\'t parse entities: Can\'t find end tag corresponding to start tag "b"',
    );
    expect(refusal(() => html('<b>x</code>'))).toMatch(/Unmatched end tag at byte offset 4/);
    expect(html('<b>AT&amp;T</b> &lt;b&gt; 1 &gt; 0').text).toBe('AT&T <b> 1 > 0');
    // A bare & or > is kept as it is, as Telegram keeps it.
    expect(html('AT&T 1 > 0 &nbsp;').text).toBe('AT&T 1 > 0 &nbsp;');
  });

  it('drops what may not nest, as Telegram does: nothing inside code or pre, no quote in a quote, no link in a link', () => {
    expect(html('<code><b>O-1</b></code>').entities).toEqual([{ type: 'code', offset: 0, length: 3 }]);
    expect(html('<pre>a <i>b</i></pre>').entities).toEqual([{ type: 'pre', offset: 0, length: 3 }]);
    expect(html('<blockquote>a<blockquote>b</blockquote></blockquote>').entities).toEqual([
      { type: 'blockquote', offset: 0, length: 2 },
    ]);
    expect(html('<a href="https://a.example">x<a href="https://b.example">y</a></a>').entities).toEqual([
      { type: 'text_link', offset: 0, length: 2, url: 'https://a.example/' },
    ]);
    // Styles nest with each other and sit around code, links and inside quotes.
    expect(html('<b>Order: <code>O-1</code></b> <blockquote><i>q</i></blockquote>').entities).toEqual([
      { type: 'bold', offset: 0, length: 10 },
      { type: 'code', offset: 7, length: 3 },
      { type: 'blockquote', offset: 11, length: 1 },
      { type: 'italic', offset: 11, length: 1 },
    ]);
  });
});

describe('parse_mode MarkdownV2 and Markdown', () => {
  it('parses bold, italic, underline, code, links and escapes', () => {
    const out = parseMarkdownV2(
      '*Quote* _expires_ __soon__ `O\\-1` [site](https://example.com/a\\)b) 5\\.00',
    );
    expect(out.text).toBe('Quote expires soon O-1 site 5.00');
    expect(out.entities).toEqual([
      { type: 'bold', offset: 0, length: 5 },
      { type: 'italic', offset: 6, length: 7 },
      { type: 'underline', offset: 14, length: 4 },
      { type: 'code', offset: 19, length: 3 },
      { type: 'text_link', offset: 23, length: 4, url: 'https://example.com/a)b' },
    ]);
  });

  it('refuses an unescaped reserved character and an unclosed entity', () => {
    expect(refusal(() => parseMarkdownV2('Price: 5.00'))).toBe(
      "400 Bad Request: can't parse entities: Character '.' is reserved and must be escaped with the preceding '\\'",
    );
    expect(refusal(() => parseMarkdownV2('ab *bold'))).toBe(
      "400 Bad Request: can't parse entities: Can't find end of Bold entity at byte offset 3",
    );
  });

  it('reads a > quote at the start of a line as a blockquote', () => {
    const out = parseMarkdownV2('>quoted line\nafter');
    expect(out.text).toBe('quoted line\nafter');
    expect(out.entities).toEqual([{ type: 'blockquote', offset: 0, length: 12 }]);
  });

  it('parses the legacy Markdown, where dots need no escaping', () => {
    const out = parseMarkdown('*Total:* 5.00 _USD_ [pay](example.com)');
    expect(out.text).toBe('Total: 5.00 USD pay');
    expect(out.entities).toEqual([
      { type: 'bold', offset: 0, length: 6 },
      { type: 'italic', offset: 12, length: 3 },
      { type: 'text_link', offset: 16, length: 3, url: 'http://example.com/' },
    ]);
    expect(refusal(() => parseMarkdown('a *b'))).toBe(
      "400 Bad Request: can't parse entities: Can't find end of the entity starting at byte offset 2",
    );
  });
});

describe('the text Telegram stores', () => {
  it('trims trailing whitespace and leading spaces and newlines, moving entities', () => {
    expect(trimText({ text: '\n  hi  \n', entities: [{ type: 'bold', offset: 3, length: 3 }] })).toEqual({
      text: 'hi',
      entities: [{ type: 'bold', offset: 0, length: 2 }],
    });
  });

  it('refuses an empty or blank text and an unknown parse_mode, accepts an empty caption', () => {
    const none = { parseMode: undefined, entities: undefined };
    expect(refusal(() => formatText({ text: '', ...none }, false))).toBe(
      '400 Bad Request: message text is empty',
    );
    expect(refusal(() => formatText({ text: ' \n ', ...none }, false))).toBe(
      '400 Bad Request: message text is empty',
    );
    expect(
      refusal(() => formatText({ text: '<b> </b>', parseMode: 'HTML', entities: undefined }, false)),
    ).toBe('400 Bad Request: message text is empty');
    expect(refusal(() => formatText({ text: 'x', parseMode: 'Textile', entities: undefined }, false))).toBe(
      '400 Bad Request: unsupported parse_mode',
    );
    expect(formatText({ text: '', ...none }, true)).toEqual({ text: '', entities: [] });
  });

  it('detects commands, links, mentions and hashtags, but not inside code', () => {
    const text = '/topup@recharge_bot +2348031234567 see https://t.me/x, @rita_reseller #help `/notacommand`';
    const code = { type: 'code' as const, offset: text.indexOf('`/'), length: 13 };
    const types = detectEntities(text, [code]).map(
      (e) => `${e.type}:${text.slice(e.offset, e.offset + e.length)}`,
    );
    expect(types).toEqual([
      'bot_command:/topup@recharge_bot',
      'url:https://t.me/x',
      'mention:@rita_reseller',
      'hashtag:#help',
      'code:`/notacommand',
    ]);
  });

  it('normalises links as Telegram does and rejects other schemes', () => {
    expect(checkedLink('example.com')).toBe('http://example.com/');
    expect(checkedLink('HTTPS://Example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(checkedLink('tg://resolve?domain=x')).toBe('tg://resolve?domain=x');
    expect(checkedLink('javascript:alert(1)')).toBeUndefined();
  });

  it('makes tg://user?id= links text mentions of the known user', () => {
    const user = { id: 7, is_bot: false, first_name: 'Rita' };
    const out = parseHtml('<a href="tg://user?id=7">Rita</a>', (id) => (id === 7 ? user : undefined));
    expect(out.entities).toEqual([{ type: 'text_mention', offset: 0, length: 4, user }]);
  });
});
