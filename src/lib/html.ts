/**
 * Telegram's HTML parse mode: every message the bot sends is HTML, so text from users, the catalogue, the
 * Merchant API or a translation argument goes through `escapeHtml`, and only our own templates carry tags.
 */

/** Escapes the three characters Telegram's HTML parser reads as markup (`&`, `<`, `>`). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

/**
 * Text that is already HTML (a translated fragment, a built line): passed to a translation as it is. Shaped
 * like Fluent's `FluentType` so the i18n plugin's `ctx.t` accepts it too; the escaping wrapper unwraps it.
 */
export class Html {
  readonly html: string;
  constructor(html: string) {
    this.html = html;
  }
  get value(): string {
    return this.html;
  }
  valueOf(): string {
    return this.html;
  }
  toString(): string {
    return this.html;
  }
}

/** Marks an already escaped or translated fragment as HTML, so a translation does not escape it again. */
export function html(fragment: string): Html {
  return new Html(fragment);
}

/** A translation variable: strings are escaped, numbers formatted by Fluent, `Html` passed as it is. */
type TranslationValue = string | number | Html;

/** The arguments of a translation as the bot passes them. */
export type TranslationVars = Record<string, TranslationValue>;

/** Translates to HTML (`i18n.t` of @grammyjs/i18n as the bot sets it up): string arguments are escaped. */
export type Translate = (locale: string, key: string, variables?: TranslationVars) => string;

/** Escapes each string of a translation's arguments and unwraps `Html` (numbers stay numbers). */
export function escapeVariables(vars: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const escaped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(vars)) {
    escaped[name] =
      typeof value === 'string' ? escapeHtml(value) : value instanceof Html ? value.html : value;
  }
  return escaped;
}

/** `<code>…</code>` around text (one tap copies it in Telegram), escaped. */
export function code(text: string): Html {
  return new Html(`<code>${escapeHtml(text)}</code>`);
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"' };

/**
 * The visible text of one of our HTML strings, for the places Telegram shows plain text (button labels,
 * callback answers, command menus): tags dropped, the entities Telegram knows decoded.
 */
export function htmlToPlain(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&(lt|gt|amp|quot|#\d+|#x[0-9a-f]+);/gi, (whole, name: string) => {
      const lower = name.toLowerCase();
      if (lower.startsWith('#x')) return safeCodePoint(parseInt(lower.slice(2), 16), whole);
      if (lower.startsWith('#')) return safeCodePoint(parseInt(lower.slice(1), 10), whole);
      return ENTITIES[lower] ?? whole;
    });
}

function safeCodePoint(point: number, fallback: string): string {
  return Number.isInteger(point) && point >= 0 && point <= 0x10ffff ? String.fromCodePoint(point) : fallback;
}
