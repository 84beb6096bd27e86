import { describe, expect, it } from 'vitest';
import { code, escapeHtml, escapeVariables, html, htmlToPlain } from '../../src/lib/html.ts';

describe('escapeHtml and friends', () => {
  it('escapes exactly &, < and > (what Telegram reads as markup)', () => {
    expect(escapeHtml(`AT&T <b>bold</b> 1 > 0 "q" 's`)).toBe(
      `AT&amp;T &lt;b&gt;bold&lt;/b&gt; 1 &gt; 0 "q" 's`,
    );
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
    expect(escapeHtml('')).toBe('');
  });

  it('escapes string arguments of a translation, passes Html as it is and numbers as numbers', () => {
    expect(escapeVariables({ name: '<i>Rita</i>', count: 3, line: html('<b>ok</b>') })).toEqual({
      name: '&lt;i&gt;Rita&lt;/i&gt;',
      count: 3,
      line: '<b>ok</b>',
    });
    expect(code('a<b').html).toBe('<code>a&lt;b</code>');
  });

  it('gives the visible text of our HTML for plain-text places', () => {
    expect(htmlToPlain('<b>Open</b> <code>O-1</code> &amp; AT&amp;T &lt;3 &#65;&#x42;')).toBe(
      'Open O-1 & AT&T <3 AB',
    );
    expect(htmlToPlain(escapeHtml('a & <b> c'))).toBe('a & <b> c');
  });
});
