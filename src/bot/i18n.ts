import { fileURLToPath } from 'node:url';
import { I18n } from '@grammyjs/i18n';
import type { Context } from 'grammy';
import { LOCALES, type Locale } from '../config.ts';
import { escapeVariables } from '../lib/html.ts';

export const LOCALES_DIR = fileURLToPath(new URL('../../locales', import.meta.url));

export function isLocale(value: string | undefined): value is Locale {
  return value !== undefined && (LOCALES as readonly string[]).includes(value);
}

/** Picks our locale for a Telegram language code such as `es-419`, or undefined when we have none. */
export function matchLocale(languageCode: string | undefined): Locale | undefined {
  const base = languageCode?.toLowerCase().split(/[-_]/)[0];
  return isLocale(base) ? base : undefined;
}

export type { Translate } from '../lib/html.ts';

/**
 * Loads every locale from `locales/<lang>/*.ftl`; the session's choice wins, then Telegram's language. Every
 * translation is HTML (literal `&`, `<`, `>` are written as entities in the .ftl files) and every string
 * argument is escaped on its way in, for `i18n.t` and the `ctx.t` the plugin installs alike.
 */
export function createI18n<C extends Context & { session?: { locale?: string } }>(
  defaultLocale: Locale,
): I18n<C> {
  const i18n = new I18n<C>({
    defaultLocale,
    fluentBundleOptions: { useIsolating: false },
    localeNegotiator: (ctx) => ctx.session?.locale ?? matchLocale(ctx.from?.language_code) ?? defaultLocale,
  });
  i18n.loadLocalesDirSync(LOCALES_DIR);
  cacheBundleMatching(i18n);
  escapeArguments(i18n);
  return i18n;
}

/**
 * The plugin negotiates languages (@fluent/langneg over every bundle) on each translation; our bundles are all
 * loaded above and never change, so the match for a list of locales is worked out once. The plugin keeps that
 * method private, hence the guard: without it, translations still work, uncached.
 */
function cacheBundleMatching(i18n: { readonly fluent: unknown }): void {
  const fluent = i18n.fluent as { matchBundles?: (locales: string[]) => unknown };
  const match = fluent.matchBundles;
  if (typeof match !== 'function') return;
  const matched = new Map<string, unknown>();
  fluent.matchBundles = (locales: string[]) => {
    const key = locales.join('\n');
    let bundles = matched.get(key);
    if (bundles === undefined) {
      bundles = match.call(fluent, locales);
      // Locales come from our own list and Telegram's language codes: a few dozen at most.
      if (matched.size < 1_000) matched.set(key, bundles);
    }
    return bundles;
  };
}

/** Locales written right to left. */
const RIGHT_TO_LEFT = new Set(['ar']);

/**
 * In a right-to-left language every text argument (a phone number, an order ID, an amount, a code, a name) is wrapped
 * in Unicode's first-strong isolate (U+2068 … U+2069): it keeps its own direction, so "+234 803 123 4567" and
 * "O-8F2K" read left to right inside an Arabic sentence, and an Arabic name right to left.
 */
function isolated(context: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(context)) {
    // Numbers stay numbers: Fluent chooses plural forms by them (a count is one run of digits anyway); a value
    // with no letter or digit (an emoji that starts a status line) has no direction to keep.
    out[name] = typeof value === 'string' && /[\p{L}\p{N}]/u.test(value) ? `\u2068${value}\u2069` : value;
  }
  return out;
}

/**
 * Both `i18n.t` and the plugin's `ctx.t` (bound per update with `withLocale`) end in `fluent.translate`, so
 * escaping there is the one place that cannot be bypassed.
 */
function escapeArguments(i18n: { readonly fluent: unknown }): void {
  const fluent = i18n.fluent as {
    translate: (locales: string | string[], path: string, context?: Record<string, unknown>) => string;
  };
  const translate = fluent.translate;
  fluent.translate = function (locales, path, context) {
    if (context === undefined) return translate.call(fluent, locales, path, undefined);
    const escaped = escapeVariables(context);
    const first = Array.isArray(locales) ? locales[0] : locales;
    const rtl = first !== undefined && RIGHT_TO_LEFT.has(first.split('-')[0]!);
    return translate.call(fluent, locales, path, rtl ? isolated(escaped) : escaped);
  };
}
