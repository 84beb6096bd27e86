/**
 * Telegram's HTML parse mode: every message the bot sends is HTML, so text from users, the catalogue, the
 * Merchant API or a translation argument goes through `escapeHtml`, and only our own templates carry tags.
 */

/** Escapes the three characters Telegram's HTML parser reads as markup (`&`, `<`, `>`). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

/** Text that is already HTML (a translated fragment, a built line): passed to a translation as it is. */
export class Html {
  constructor(readonly html: string) {}
  toString(): string {
    return this.html;
  }
}

/** Marks an already escaped or translated fragment as HTML, so a translation does not escape it again. */
export function html(fragment: string): Html {
  return new Html(fragment);
}

/** A translation variable: strings are escaped, numbers formatted by Fluent, `Html` passed as it is. */
export type TranslationValue = string | number | Html;

/** The arguments of a translation as the bot passes them. */
export type TranslationVars = Record<string, TranslationValue>;

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
