import { readFileSync, readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { I18n, type Warning } from '@grammyjs/i18n';
import { describe, expect, it } from 'vitest';

/**
 * Every locale must carry the same messages with the same variables. Keys are discovered from the
 * .ftl files themselves (never a hard-coded list), so a new file or message is checked automatically.
 */

const LOCALES_DIR = fileURLToPath(new URL('../locales', import.meta.url));
const DEFAULT_LOCALE = 'en';
/** Locales the bot offers; any other directory under locales/ is checked too. */
const REQUIRED_LOCALES = ['en', 'es', 'fr', 'ru', 'pt', 'id', 'sw', 'hi', 'ar'];

const MESSAGE_START = /^([a-z][a-z0-9-]*)\s*=/;

interface FtlMessage {
  id: string;
  /** `<locale>/<file>:<line>`, for failure messages. */
  where: string;
  /** The value: the rest of the first line plus its indented continuation lines. */
  source: string;
}

interface LocaleFiles {
  locale: string;
  files: string[];
}

/** Finds the .ftl files per locale the way @grammyjs/i18n does: the first path segment names the locale. */
function discoverLocales(): LocaleFiles[] {
  const byLocale = new Map<string, string[]>();
  const entries = readdirSync(LOCALES_DIR, { recursive: true, encoding: 'utf8' });
  for (const entry of entries.sort()) {
    if (!entry.endsWith('.ftl')) continue;
    const locale = entry.split(sep)[0]!.split('.')[0]!;
    const files = byLocale.get(locale) ?? [];
    files.push(entry);
    byLocale.set(locale, files);
  }
  return [...byLocale]
    .map(([locale, files]) => ({ locale, files }))
    .sort((a, b) => a.locale.localeCompare(b.locale));
}

/** Simple line-based parse: a message starts at `id =` in column 0 and continues on indented or blank lines. */
function parseFtl(relativePath: string): FtlMessage[] {
  const lines = readFileSync(join(LOCALES_DIR, relativePath), 'utf8').split(/\r?\n/);
  const messages: FtlMessage[] = [];
  let current: FtlMessage | undefined;
  lines.forEach((line, index) => {
    const start = MESSAGE_START.exec(line);
    if (start) {
      current = {
        id: start[1]!,
        where: `${relativePath}:${index + 1}`,
        source: line.slice(start[0].length),
      };
      messages.push(current);
    } else if (current && (line.trim() === '' || /^\s/.test(line))) {
      current.source += `\n${line}`;
    } else {
      current = undefined;
    }
  });
  return messages;
}

/** Names of the `$variables` used inside placeables (`{ ... }`), string literals skipped. */
function variablesOf(source: string): Set<string> {
  const names = new Set<string>();
  let depth = 0;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (ch === '{') depth++;
    else if (ch === '}') depth = Math.max(0, depth - 1);
    else if (depth > 0 && ch === '"') {
      i++;
      while (i < source.length && source[i] !== '"') i += source[i] === '\\' ? 2 : 1;
    } else if (depth > 0 && ch === '$') {
      const name = /^[a-zA-Z][\w-]*/.exec(source.slice(i + 1));
      if (name) names.add(name[0]);
    }
  }
  return names;
}

const locales = discoverLocales();
const localeNames = locales.map((l) => l.locale);
const messagesByLocale = new Map(locales.map(({ locale, files }) => [locale, files.flatMap(parseFtl)]));

/** locale -> key -> variables, first definition wins (duplicates are reported by their own test). */
const variablesByLocale = new Map<string, Map<string, Set<string>>>();
for (const [locale, messages] of messagesByLocale) {
  const keys = new Map<string, Set<string>>();
  for (const message of messages)
    if (!keys.has(message.id)) keys.set(message.id, variablesOf(message.source));
  variablesByLocale.set(locale, keys);
}

const allKeys = [...new Set([...variablesByLocale.values()].flatMap((keys) => [...keys.keys()]))].sort();

const describeSet = (set: Set<string>): string => (set.size === 0 ? '(none)' : [...set].sort().join(', '));

describe('locales', () => {
  it('has a directory with .ftl files for every locale the bot offers', () => {
    expect(localeNames).toEqual(expect.arrayContaining(REQUIRED_LOCALES));
    expect(allKeys.length).toBeGreaterThan(0);
  });

  it('defines the same message keys in every locale', () => {
    const problems: string[] = [];
    for (const locale of localeNames) {
      const keys = variablesByLocale.get(locale)!;
      const missing = allKeys.filter((key) => !keys.has(key));
      if (missing.length === 0) continue;
      const details = missing.map((key) => {
        const definedIn = localeNames.filter((other) => variablesByLocale.get(other)!.has(key));
        return `${key} (defined in ${definedIn.join(', ')})`;
      });
      problems.push(`${locale} is missing ${missing.length} key(s): ${details.join('; ')}`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('uses the same variables for each key in every locale', () => {
    const problems: string[] = [];
    for (const key of allKeys) {
      const variants = localeNames
        .filter((locale) => variablesByLocale.get(locale)!.has(key))
        .map((locale) => ({ locale, vars: describeSet(variablesByLocale.get(locale)!.get(key)!) }));
      const differs = new Set(variants.map(({ vars }) => vars)).size > 1;
      if (differs) {
        problems.push(`${key}: ${variants.map(({ locale, vars }) => `${locale} {${vars}}`).join(' | ')}`);
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('has no duplicate key within a locale (across all of its files)', () => {
    const problems: string[] = [];
    for (const [locale, messages] of messagesByLocale) {
      const seen = new Map<string, string[]>();
      for (const { id, where } of messages) seen.set(id, [...(seen.get(id) ?? []), where]);
      for (const [id, places] of seen) {
        if (places.length > 1)
          problems.push(`${locale}: ${id} defined ${places.length} times (${places.join(', ')})`);
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  describe('counts follow the plural rules of each language', () => {
    const i18n = new I18n({
      defaultLocale: DEFAULT_LOCALE,
      directory: LOCALES_DIR,
      fluentBundleOptions: { useIsolating: false },
    });
    /** English messages whose text depends on a count: each selects on that variable (`{ $count -> … }`). */
    const counted = new Map<string, string[]>();
    for (const message of messagesByLocale.get(DEFAULT_LOCALE)!) {
      const selected = [...message.source.matchAll(/\{\s*\$([a-zA-Z]+)\s*->/g)].map((m) => m[1]!);
      if (selected.length > 0) counted.set(message.id, [...new Set(selected)]);
    }

    it('finds the counted messages', () => {
      expect(counted.size).toBeGreaterThanOrEqual(10);
    });

    it.each(localeNames)(
      '%s: selects on the count wherever its language has more than one form',
      (locale) => {
        const forms = new Intl.PluralRules(locale).resolvedOptions().pluralCategories.length;
        const problems: string[] = [];
        for (const [key, variables] of counted) {
          const source = messagesByLocale.get(locale)!.find((m) => m.id === key)?.source ?? '';
          for (const variable of variables) {
            if (forms > 1 && !new RegExp(`\\{\\s*\\$${variable}\\s*->`).test(source))
              problems.push(`${key}: no plural selector on $${variable}`);
          }
        }
        expect(problems, problems.join('\n')).toEqual([]);
      },
    );

    it.each(localeNames)('%s: renders every counted message with 0, 1, 2, 5 and 21', (locale) => {
      const problems: string[] = [];
      for (const [key, variables] of counted) {
        const others = [...(variablesByLocale.get(locale)!.get(key) ?? [])].filter(
          (v) => !variables.includes(v),
        );
        for (const n of [0, 1, 2, 5, 21]) {
          const vars: Record<string, string | number> = Object.fromEntries(others.map((v) => [v, 'X']));
          for (const v of variables) vars[v] = n;
          const text = i18n.t(locale, key, vars);
          if (/\{\s*\$|\{[a-z-]+\}/.test(text)) problems.push(`${key} (${n}): unresolved: ${text}`);
          if (/\((s|es|e|x)\)/.test(text)) problems.push(`${key} (${n}): "(s)"-style plural: ${text}`);
          // English: no "1 orders", no "2 order".
          if (
            locale === 'en' &&
            (/\b1 [a-z]+s\b/.test(text) ||
              /\b(0|2|5|21) (order|file|entry|line|difference|schedule|minute|alert|lock|try|webhook)\b/.test(
                text,
              ))
          )
            problems.push(`${key} (${n}): wrong English plural: ${text}`);
        }
      }
      expect(problems, problems.join('\n')).toEqual([]);
    });
  });

  describe('renders every message through @grammyjs/i18n', () => {
    const warnings: Warning[] = [];
    const i18n = new I18n({
      defaultLocale: DEFAULT_LOCALE,
      directory: LOCALES_DIR,
      fluentBundleOptions: { useIsolating: false },
      fluentOptions: { warningHandler: (warning) => warnings.push(warning) },
    });

    it.each(localeNames)('%s', (locale) => {
      const problems: string[] = [];
      for (const [key, variables] of variablesByLocale.get(locale)!) {
        // Numbers work both as text and as plural selectors / NUMBER() arguments.
        const vars = Object.fromEntries([...variables].map((name, index) => [name, 101 + index]));
        warnings.length = 0;
        let text: string;
        try {
          text = i18n.t(locale, key, vars);
        } catch (error) {
          problems.push(`${key}: threw ${String(error)}`);
          continue;
        }
        // A warning means the message was not found in this locale's own bundle (fallback to the default).
        if (warnings.length > 0)
          problems.push(
            `${key}: not in the ${locale} bundle (Fluent syntax error, or falls back to ${DEFAULT_LOCALE})`,
          );
        if (text.trim() === '') problems.push(`${key}: empty text`);
        if (/\{\s*\$/.test(text)) problems.push(`${key}: unresolved placeholder in ${JSON.stringify(text)}`);
        if (text === `{${key}}`) problems.push(`${key}: missing translation`);
      }
      expect(problems, problems.join('\n')).toEqual([]);
    });
  });
});
